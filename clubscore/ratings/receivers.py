"""What the ratings do when an evening is finished or reopened."""

from __future__ import annotations

from typing import Any

from clubscore.events.models import Event

from .models import RatingHistory
from .services import recompute_from


def evening_changed(sender: type, event: Event, **kwargs: Any) -> None:
    """Finished: the evening counts; reopened: it no longer does. Either way the game's
    ratings are recomputed from this evening on (usually it is the latest: one evening)."""
    # An evening whose game was changed in the admin also leaves the old game's ratings.
    rated = RatingHistory.objects.filter(event=event).values_list("game", flat=True)
    for game in sorted({event.game, *rated}):
        recompute_from(game, event)
