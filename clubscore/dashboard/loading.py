"""What the standings read of an evening, as plain rows, in a fixed number of queries.

`load_events(events)` loads every table of the events' rounds (regular and play-off),
their seats and confirmed entries, and the events' check-ins: four queries for any
number of events, tables and players. Plain rows (values_list), not model instances:
a 1,000-player evening loads in a fraction of the time, and nothing here is saved back.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Q

from clubscore.club.models import Couple, Player
from clubscore.events.models import CheckIn, Event, Round, ScoreEntry, Seat, Table


@dataclass(slots=True)
class TeamRef:
    number: int


@dataclass(slots=True)
class SeatRow:
    """What scoring needs of a seat (`clubscore.events.results.table_score` reads
    `player_id` and `team.number`), and the player's name."""

    player_id: int
    first_name: str
    last_name: str
    team: TeamRef | None = None

    @property
    def name(self) -> str:
        return Player.name.fget(self)  # the one way a player's name is written


@dataclass(slots=True)
class EntryRow:
    number: int
    result: dict | None
    payload: dict | None = None


@dataclass(slots=True)
class TableRow:
    pk: int
    event_id: int
    has_bonus: bool
    round_number: int = 1
    playoff: bool = False  # a table of a play-off round
    turned_in: bool = False
    not_played: bool = False  # the organizer marked its card "not played"
    seats: list[SeatRow] = field(default_factory=list)
    counted: list[EntryRow] = field(default_factory=list)  # confirmed entries

    @property
    def done(self) -> bool:
        """Nothing more will be entered at this table."""
        return self.turned_in or self.not_played


@dataclass
class EventRows:
    """One evening as the standings read it."""

    regular: list[TableRow] = field(default_factory=list)  # every regular round's tables
    # Play-off rounds in the order they were played: (round number, its tables).
    playoffs: list[tuple[int, list[TableRow]]] = field(default_factory=list)
    checkins: list[SeatRow] = field(default_factory=list)  # who came (no team)

    @property
    def player_ids(self) -> set[int]:
        seated = {seat.player_id for table in self.regular for seat in table.seats}
        return seated | {checkin.player_id for checkin in self.checkins}


def load_events(events: Iterable[Event]) -> dict[int, EventRows]:
    """Every round's tables of `events` with seats, teams and confirmed entries, and
    the events' check-ins: four queries, whatever the number of events and tables."""
    events = list(events)
    tables: dict[int, TableRow] = {}
    for pk, event_id, bonus, number, kind, turned_in_at, not_played in (
        Table.objects.filter(round__event__in=events)
        .order_by("round__number", "number")
        .values_list(
            "pk",
            "round__event_id",
            "has_bonus",
            "round__number",
            "round__kind",
            "turned_in_at",
            "not_played",
        )
    ):
        tables[pk] = TableRow(
            pk,
            event_id,
            bonus,
            round_number=number,
            playoff=kind == Round.Kind.PLAYOFF,
            turned_in=turned_in_at is not None,
            not_played=not_played,
        )
    on_tables = {"table__round__event__in": events}
    for table_id, player_id, first, last, team in (
        Seat.objects.filter(**on_tables)
        .order_by("table_id", "position")
        .values_list(
            "table_id", "player_id", "player__first_name", "player__last_name", "team__number"
        )
    ):
        tables[table_id].seats.append(
            SeatRow(player_id, first, last, TeamRef(team) if team is not None else None)
        )
    # The payloads too: a game scored as a whole scores its table from them
    # (`Game.table_points`); the others read the stored results.
    fields = ["table_id", "number", "result", "payload"]
    for values in (
        ScoreEntry.objects.confirmed().filter(**on_tables).order_by("number").values_list(*fields)
    ):
        tables[values[0]].counted.append(EntryRow(*values[1:]))
    by_event = {event.pk: EventRows() for event in events}
    playoffs: dict[tuple[int, int], list[TableRow]] = {}
    for table in tables.values():
        if table.playoff:
            playoffs.setdefault((table.event_id, table.round_number), []).append(table)
        else:
            by_event[table.event_id].regular.append(table)
    for (event_id, number), round_tables in playoffs.items():  # in round order already
        by_event[event_id].playoffs.append((number, round_tables))
    for event_id, player_id, first, last in (
        CheckIn.objects.filter(event__in=events)
        .order_by("pk")
        .values_list("event_id", "player_id", "player__first_name", "player__last_name")
    ):
        by_event[event_id].checkins.append(SeatRow(player_id, first, last))
    return by_event


def couples_of(player_ids: Iterable[int]) -> list[Couple]:
    """Couples with at least one of `player_ids` (one query)."""
    ids = list(player_ids)
    return list(
        Couple.objects.filter(Q(player_a__in=ids) | Q(player_b__in=ids)).select_related(
            "player_a", "player_b"
        )
    )
