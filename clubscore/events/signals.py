"""Signals of an evening's life that other apps may act on, and hooks they answer:
imports run one way (the ratings app builds on this one, so this one never reaches it)."""

from collections.abc import Callable

from django.dispatch import Signal

# Sent with sender=Event, event=<Event>, after the evening is made final (committed).
event_finished = Signal()
# Sent with sender=Event, event=<Event>, after a final evening is reopened (committed).
event_reopened = Signal()


# -- hooks: what a higher app answers for this one ---------------------------------------

RatingSource = Callable[[str, list[int]], dict[str, float]]
_rating_sources: list[RatingSource] = []


def provide_ratings(source: RatingSource) -> None:
    """Register where the draw reads players' ratings (the ratings app does, when ready):
    `source(game, player_ids)` answers each rated player's mean, keyed by id as text."""
    if source not in _rating_sources:
        _rating_sources.append(source)


def player_ratings(game: str, player_ids: list[int]) -> dict[str, float]:
    """Each rated player's mean rating in `game` from the registered source (none: nobody
    is rated, and the draw counts everyone as average)."""
    found: dict[str, float] = {}
    for source in _rating_sources:
        found.update(source(game, player_ids))
    return found
