"""The one loader of counted tables: an evening's tables with their seats and confirmed
entries, as plain rows, in a fixed number of queries.

`load_events(events)` loads every table of the events' rounds (regular and play-off,
with who filled a play-off's empty seats or the order a lot drew), their seats and
confirmed entries, and the events' check-ins: four queries for any number of events,
tables and players. The standings, the play-off results, the printed standings and the
ratings all read it (`EventRows.counted` is what the ratings rate), so what counts at a
table is decided here once. Plain rows (values_list), not model instances: a 1,000-player
evening loads in a fraction of the time, and nothing here is saved back.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Q

from clubscore.club.models import Couple, Player
from clubscore.events.models import CheckIn, Event, Round, ScoreEntry, Seat


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
    """A confirmed entry: what `table_score` reads."""

    number: int
    result: dict | None
    payload: dict | None = None  # read only for a game that scores a table from its payloads


@dataclass(slots=True)
class TableRow:
    pk: int
    event_id: int
    has_bonus: bool
    round_number: int = 1
    number: int = 0  # the table's number in its round
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
class PlayoffRound:
    """A play-off round as the standings read it (`playoff_results.settle`)."""

    number: int
    tables: list[TableRow] = field(default_factory=list)  # none when decided by lot
    fillers: list[int] = field(default_factory=list)  # filled the empty seats: not scored
    lot: list[int] = field(default_factory=list)  # decided by lot: the order drawn


@dataclass
class EventRows:
    """One evening as the standings read it."""

    regular: list[TableRow] = field(default_factory=list)  # every regular round's tables
    # Play-off rounds in the order they were played.
    playoffs: list[PlayoffRound] = field(default_factory=list)
    checkins: list[SeatRow] = field(default_factory=list)  # who came (no team)

    @property
    def counted(self) -> list[TableRow]:
        """The tables that count for the ratings: the regular rounds' (a play-off only
        orders players already tied, see docs/decisions.md), not marked "not played"."""
        return [table for table in self.regular if not table.not_played]

    @property
    def player_ids(self) -> set[int]:
        seated = {seat.player_id for table in self.regular for seat in table.seats}
        return seated | {checkin.player_id for checkin in self.checkins}


def load_events(events: Iterable[Event], *, checkins: bool = True) -> dict[int, EventRows]:
    """Every round's tables of `events` with seats, teams and confirmed entries, and
    the events' check-ins: four queries, whatever the number of events and tables
    (three without the check-ins, which only the standings read)."""
    events = list(events)
    tables: dict[int, TableRow] = {}
    playoffs: dict[tuple[int, int], PlayoffRound] = {}
    # From the rounds, joined to their tables: a play-off decided by lot has none.
    for pk, event_id, bonus, round_number, number, kind, turned_in_at, not_played, fillers, lot in (
        Round.objects.filter(event__in=events)
        .order_by("number", "tables__number")
        .values_list(
            "tables__pk",
            "event_id",
            "tables__has_bonus",
            "number",
            "tables__number",
            "kind",
            "tables__turned_in_at",
            "tables__not_played",
            "playoff_fillers",
            "playoff_lot",
        )
    ):
        if kind == Round.Kind.PLAYOFF and (event_id, round_number) not in playoffs:
            playoffs[(event_id, round_number)] = PlayoffRound(
                round_number, [], fillers or [], lot or []
            )
        if pk is None:
            continue
        tables[pk] = TableRow(
            pk,
            event_id,
            bonus,
            round_number=round_number,
            number=number,
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
    for table in tables.values():
        if table.playoff:
            playoffs[(table.event_id, table.round_number)].tables.append(table)
        else:
            by_event[table.event_id].regular.append(table)
    for (event_id, _number), playoff in playoffs.items():  # in round order already
        by_event[event_id].playoffs.append(playoff)
    if not checkins:
        return by_event
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
