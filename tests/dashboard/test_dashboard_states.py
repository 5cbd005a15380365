"""Each table's state comes from one place: its entries, its card and the clock."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from clubscore.dashboard import states
from clubscore.dashboard.states import event_table_states
from clubscore.events.models import Round, ScoreEntry

from .conftest import hf_hand, laus_round, tables_of

pytestmark = pytest.mark.django_db

NOW = timezone.now()


def state_of(event, number, now=NOW):
    _clock, table_states = event_table_states(event, now=now)
    return next(s for s in table_states if s.table.number == number)


def test_a_table_moves_from_not_started_to_turned_in(drawn_event, add_entry):
    event = drawn_event("hand_and_foot", tables=1)
    Round.objects.filter(event=event).update(clock_started_at=NOW)
    (table,) = tables_of(event)
    assert state_of(event, 1).state == states.NOT_STARTED
    assert state_of(event, 1).detail == ""

    entry = add_entry(table, 1, hf_hand(1), status=ScoreEntry.Status.DRAFT)
    assert state_of(event, 1).state == states.PLAYING
    assert state_of(event, 1).detail == "Hand 1 of 3"

    entry.status = ScoreEntry.Status.ENTERED
    entry.save()
    assert state_of(event, 1).state == states.WAITING

    entry.status = ScoreEntry.Status.DISPUTED
    entry.save()
    assert state_of(event, 1).state == states.DISPUTED
    assert state_of(event, 1).disputes == [entry]

    entry.status = ScoreEntry.Status.CONFIRMED
    entry.save()
    now_playing = state_of(event, 1)
    assert now_playing.state == states.PLAYING
    assert now_playing.detail == "Hand 2 of 3"

    table.turned_in_at = NOW
    table.save()
    assert state_of(event, 1).state == states.TURNED_IN


def test_a_table_not_turned_in_after_the_limit_is_over_time(drawn_event, add_entry):
    limit = datetime.timedelta(minutes=90)
    event = drawn_event("hand_and_foot", tables=2)
    Round.objects.filter(event=event).update(clock_started_at=NOW - limit)
    first, second = tables_of(event)
    add_entry(first, 1, hf_hand(1))
    second.turned_in_at = NOW - datetime.timedelta(minutes=5)
    second.save()
    assert state_of(event, 1).state == states.OVER_TIME
    assert state_of(event, 2).state == states.TURNED_IN
    # Ten minutes earlier the same table was still playing.
    assert state_of(event, 1, now=NOW - datetime.timedelta(minutes=10)).state == states.PLAYING


def test_states_take_the_same_queries_for_2_and_20_tables(
    drawn_event, add_entry, django_assert_num_queries
):
    for tables in (2, 20):
        event = drawn_event("laus", tables=tables)
        with django_assert_num_queries(4):
            _clock, table_states = event_table_states(event)
        assert len(table_states) == tables


def test_a_laus_table_to_a_threshold_plays_until_someone_passes_it(drawn_event, add_entry):
    event = drawn_event("laus", tables=1, options={"rounds": None, "threshold": 500})
    (table,) = tables_of(event)
    names = [seat.player.name for seat in table.seats.order_by("position")]
    # The ten of spades goes to the first player: 340 a round for them.
    add_entry(table, 1, laus_round(names))
    assert state_of(event, 1).detail == "Round 2"  # open-ended while nobody passed 500
    add_entry(table, 2, laus_round(names))
    done = state_of(event, 1)
    # The game is over: the card waits to be turned in.
    assert done.state == states.READY and done.detail == "Round 2 of 2"

    # With a number of rounds too, whichever comes first ends the game.
    event.options = {"rounds": 5, "threshold": 500}
    event.save()
    assert state_of(event, 1).detail == "Round 2 of 2"
    event.options = {"rounds": 5, "threshold": 1000}
    event.save()
    assert state_of(event, 1).detail == "Round 3 of 5"


def test_a_threshold_game_takes_no_more_queries(drawn_event, add_entry, django_assert_num_queries):
    event = drawn_event("laus", tables=3, options={"rounds": None, "threshold": 500})
    for table in tables_of(event):
        names = [seat.player.name for seat in table.seats.order_by("position")]
        add_entry(table, 1, laus_round(names))
    with django_assert_num_queries(4):
        _clock, table_states = event_table_states(event)
    assert [s.detail for s in table_states] == ["Round 2"] * 3
