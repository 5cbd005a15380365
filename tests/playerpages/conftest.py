"""Shared helpers of the players' phone tests (issue 25)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubscore.events import phones
from clubscore.events.models import Event, PlayerLink


def door_url(event: Event, name: str = "door") -> str:
    return reverse(f"playerpages:{name}", args=[phones.phones_of(event).checkin_token])


def page_url(link: PlayerLink, name: str = "player") -> str:
    return reverse(f"playerpages:{name}", args=[link.token])


@pytest.fixture
def door_event(make_event, make_player, make_couple):
    """An evening at the door: check-in open, a few members, a couple, an umlaut."""
    event = make_event(status=Event.Status.CHECK_IN)
    make_player("Jürgen", "Müller")
    make_player("Ann", "Lee")
    couple = make_couple("Rosa", "Karl", "Weiß")
    return event, couple
