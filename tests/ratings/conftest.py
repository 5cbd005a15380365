"""Evenings with chosen players and results, finished the way the app finishes them."""

from __future__ import annotations

import datetime

import pytest

from clubscore.events.models import Event, Seat
from clubscore.events.signals import event_finished
from tests.dashboard.conftest import add_entry, tables_of  # noqa: F401  (fixture)
from tests.payloads import hf_hand, laus_round


def finish(event: Event) -> Event:
    """Make the evening final and say so, as "Finish the evening" does."""
    event.status = Event.Status.FINAL
    event.save(update_fields=["status"])
    event_finished.send(sender=Event, event=event)
    return event


@pytest.fixture
def evening(drawn_event, add_entry):  # noqa: F811  (the imported fixture)
    """An evening of `game` with `players` seated in order (4 a table; Hand and Foot seats
    1 & 3 against 2 & 4), each table won by `winners[i]` (Hand and Foot: team 0 or 1;
    Laus: the seat that takes the ten of diamonds, i.e. the lowest score)."""

    def make(players, winners, *, game="hand_and_foot", date=(2026, 3, 1), final=True):
        tables = len(players) // 4
        event = drawn_event(
            game,
            tables=tables,
            status=Event.Status.RUNNING,
            date=datetime.date(*date),
            public_standings=True,  # on the ladder a visitor reads
        )
        seats = list(Seat.objects.filter(round__event=event).order_by("table__number", "position"))
        for seat, player in zip(seats, players, strict=True):
            seat.player = player
            seat.save(update_fields=["player"])
        for table, winner in zip(tables_of(event), winners, strict=True):
            if game == "hand_and_foot":
                add_entry(table, 1, hf_hand(1, winner))
            else:
                names = [f"p{i}" for i in range(4)]
                # The ten of diamonds (a round of 0, the lowest) goes to seat `winner`.
                add_entry(table, 1, laus_round(names, ten_of_spades_to=(winner + 1) % 4))
        return finish(event) if final else event

    return make


@pytest.fixture
def members(make_player):
    def make(count: int):
        return [make_player(f"M{i:03d}", "Member") for i in range(count)]

    return make
