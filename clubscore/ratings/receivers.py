"""What the ratings do when an evening is finished or reopened."""

from __future__ import annotations

from typing import Any

from clubscore.events.models import Event

from .models import Rating, RatingHistory
from .services import recompute_from


def evening_changed(sender: type, event: Event, **kwargs: Any) -> None:
    """Finished: the evening counts; reopened: it no longer does. Either way the game's
    ratings are recomputed from this evening on (usually it is the latest: one evening)."""
    # An evening whose game was changed in the admin also leaves the old game's ratings.
    rated = RatingHistory.objects.filter(event=event).values_list("game", flat=True)
    for game in sorted({event.game, *rated}):
        recompute_from(game, event)


def player_means(game: str, player_ids: list[int]) -> dict[str, float]:
    """Each rated player's mean rating in `game`, keyed by id as text (for the draw)."""
    found = Rating.objects.filter(game=game, player_id__in=player_ids)
    return {str(pid): mu for pid, mu in found.values_list("player_id", "mu")}
