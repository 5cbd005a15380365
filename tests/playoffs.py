"""Evenings that end in a tie, and play-offs played to the end, for the standings'
tests (dashboard, printing, ladder). Built through the ORM and the real services:
scores by `clubscore.games`, play-off rounds by `start_playoff` (the real draw)."""

from __future__ import annotations

from django.utils import timezone

from clubscore.events.models import Event, Round, ScoreEntry, Seat, Table
from clubscore.standings.playoffs import start_playoff
from tests.payloads import hf_hand, laus_round, stored_result


def confirm(table: Table, number: int, payload: dict) -> ScoreEntry:
    """A confirmed entry, with the result the tablet stores."""
    return ScoreEntry.objects.create(
        table=table,
        number=number,
        payload=payload,
        result=stored_result(table, number, payload),
        status=ScoreEntry.Status.CONFIRMED,
    )


def sent_by_first_seat(
    table: Table, number: int, payload: dict, status: str = ScoreEntry.Status.ENTERED, **fields
) -> ScoreEntry:
    """An entry the table's first seat has sent, waiting for the others (or `status`,
    e.g. disputed), with the result the tablet stores."""
    return ScoreEntry.objects.create(
        table=table,
        number=number,
        payload=payload,
        result=stored_result(table, number, payload),
        status=status,
        entered_by=Seat.objects.filter(table=table).order_by("position")[0].player,
        **fields,
    )


def turn_in(tables) -> None:
    Table.objects.filter(pk__in=[table.pk for table in tables]).update(turned_in_at=timezone.now())


def seat_names(table: Table) -> list[str]:
    seats = Seat.objects.filter(table=table).select_related("player").order_by("position")
    return [seat.player.name for seat in seats]


def regular_tables(event) -> list[Table]:
    return list(
        Table.objects.filter(round__event=event, round__kind=Round.Kind.REGULAR)
        .select_related("round__event")
        .order_by("round__number", "number")
    )


def hand_and_foot_tie(event) -> None:
    """Hand 1 confirmed at the first two tables: team 1 goes out at the first, team 2 at
    the second, so the two winning teams tie."""
    for table, winners in zip(regular_tables(event), (0, 1), strict=False):
        confirm(table, 1, hf_hand(1, went_out_team=winners))


def laus_tie(drawn_event, tables: int = 4, **fields):
    """A Laus evening where every table plays the same round: the fourth seat of each
    table takes the ten of diamonds (0 points), so `tables` players tie for first."""
    event = drawn_event("laus", tables=tables, **fields)
    for table in regular_tables(event):
        confirm(table, 1, laus_round(seat_names(table), 0))
    turn_in(regular_tables(event))
    return event


def play_off(event, ten_of_spades_to: int = 1, *, basis=None, seed: int = 7, done=True) -> Round:
    """Draw the play-off among the tied (the real draw) and play one Laus round at each
    of its tables: the seat `(ten_of_spades_to + 3) % 4` takes the ten of diamonds and
    scores 0, the lowest. `done`: the cards are turned in."""
    # A final evening is reopened to play off (start_playoff refuses a final one), then
    # made final again as it was.
    status = Event.objects.get(pk=event.pk).status
    Event.objects.filter(pk=event.pk, status=Event.Status.FINAL).update(
        status=Event.Status.TIME_CALLED
    )
    # Read again: the event as the organizer's page would find it, reopened.
    round_ = start_playoff(Event.objects.get(pk=event.pk), basis=basis, seed=seed)
    tables = list(round_.tables.select_related("round__event").order_by("number"))
    for table in tables:
        confirm(table, 1, laus_round(seat_names(table), ten_of_spades_to))
    if done:
        turn_in(tables)
    Event.objects.filter(pk=event.pk).update(status=status)
    return round_
