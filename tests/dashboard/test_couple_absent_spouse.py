"""Issue 26.17: the couple standings name only the spouses who came."""

from __future__ import annotations

import pytest

from clubscore.club.models import Couple
from clubscore.events.models import Table
from clubscore.standings.standings import event_standings
from tests.payloads import hf_hand

pytestmark = pytest.mark.django_db


def test_a_spouse_who_stayed_home_is_not_listed(drawn_event, add_entry, make_player):
    event = drawn_event("hand_and_foot", tables=1)
    table = Table.objects.get(round__event=event)
    add_entry(table, 1, hf_hand(1))
    came = table.seats.get(position=1).player
    home = make_player("Zoë", "Hartmann")  # never checked in, never seated
    Couple.objects.create(player_a=came, player_b=home, scorekeeper=came)
    rows = event_standings(event, basis="couple").rows
    names = [row.name for row in rows]
    assert came.name in names
    assert not any(home.name in name for name in names)
    (row,) = [row for row in rows if row.name == came.name]
    alone = {r.name: r.total for r in event_standings(event).rows}
    assert not row.single and row.total == alone[came.name]
