"""Fixtures for the scorekeeper tablets: a running Hand and Foot table and helpers."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubscore.events.clock import start_clock
from clubscore.events.models import ScorekeeperLink


@pytest.fixture
def running(drawn_event):
    """A drawn event whose clock is running."""

    def make(game: str = "hand_and_foot", **kwargs):
        event = drawn_event(game=game, **kwargs)
        return start_clock(event)

    return make


def links(event, table_number: int = 1) -> list[ScorekeeperLink]:
    return list(
        ScorekeeperLink.objects.filter(
            table__round__event=event, table__number=table_number
        ).order_by("team__number", "id")
    )


def url(link: ScorekeeperLink, name: str = "card") -> str:
    return reverse(f"scorekeeping:{name}", args=[link.token])


def hf_team(**overrides) -> dict:
    """Form data of one team's part of a hand (blank counts are 0)."""
    data = {"red_books": 0, "black_books": 0, "exact_deals": 0}
    data.update(overrides)
    return {k: v for k, v in data.items() if v is not None}


GOOD_TEAM = {
    "red_books": 2,
    "black_books": 2,
    "went_out": "on",
    "exact_deals": 1,
    "melded_jokers": 1,
    "melded_twos": 2,
    "melded_aces": 4,
    "melded_high": 12,
    "melded_low": 10,
}
# 2 red + 2 black books, went out, one exact deal: the contract's worked example, 2140.
SMALL_TEAM = {"red_books": 0, "black_books": 0, "melded_aces": 3, "in_hand_low": 2}
# Three aces melded (60), two low cards in hand (-10): 50.
