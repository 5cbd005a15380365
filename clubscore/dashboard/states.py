"""What each table of an event is doing: the one place the dashboard's states come from.

A table's state, first match wins (what the organizer must act on comes first):

1. turned_in: the card is turned in (`Table.turned_in_at`); not_played: the organizer
   marked the table "Did not play" when finishing the evening (`Table.not_played`).
2. disputed: a hand or round is disputed: the organizer settles it.
3. waiting: a hand or round is entered and waits for the other side's confirmation.
4. ready: every hand or round the table plays is confirmed; the card waits to be
   turned in (not late: the table has played its game, whatever the clock says).
5. over_time: the time limit has passed (grace or closed) and the card is not in.
6. playing: entries exist; "hand 2 of 3" = the first hand not confirmed yet.
7. not_started: nothing entered yet.

The number of hands or rounds a table plays is the game's answer for the event's
options (`Game.entries_per_game`); a game may end earlier (`Game.ended_at`: Laus played
to a threshold ends with the round in which a player passes it, unknown until then).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubscore.events.clock import ClockState, clock_state
from clubscore.events.models import Event, Round, ScoreEntry, ScorekeeperLink, Seat, Table
from clubscore.events.results import seat_teams
from clubscore.games import Game
from clubscore.translation import translate

TURNED_IN = "turned_in"
DISPUTED = "disputed"
WAITING = "waiting"
READY = "ready"
OVER_TIME = "over_time"
PLAYING = "playing"
NOT_STARTED = "not_started"
NOT_PLAYED = "not_played"

# In the order of the legend: (state, label).
STATES = [
    (NOT_STARTED, gettext_lazy("Not started")),
    (PLAYING, gettext_lazy("Playing")),
    (WAITING, gettext_lazy("Waiting for confirmation")),
    (READY, gettext_lazy("Ready to turn in")),
    (DISPUTED, gettext_lazy("Disputed")),
    (OVER_TIME, gettext_lazy("Over time")),
    (TURNED_IN, gettext_lazy("Turned in")),
    (NOT_PLAYED, gettext_lazy("Did not play")),
]
STATE_LABELS = dict(STATES)


@dataclass
class TableState:
    table: Table
    state: str
    current: int | None  # the hand or round being played (1-based), None when none
    planned: int | None  # how many the table plays, None when open-ended
    confirmed: int
    disputes: list[ScoreEntry] = field(default_factory=list)

    @property
    def label(self) -> str:
        return str(STATE_LABELS[self.state])

    @property
    def detail(self) -> str:
        """'Hand 2 of 3' (or round), for a table at play."""
        if self.current is None:
            return ""
        word = self.table.unit
        if self.planned:
            return _("%(unit)s %(current)s of %(planned)s") % {
                "unit": word,
                "current": self.current,
                "planned": self.planned,
            }
        return f"{word} {self.current}"


def planned_entries(event: Event) -> int | None:
    """How many hands or rounds a table of `event` plays (None: open-ended)."""
    return event.game_rules.entries_per_game(event.game_options)


def ended_round(game: Game, options: dict, table: Table, entries: list[ScoreEntry]) -> int | None:
    """The entry after which the table's game ended early, as the game says (None: not
    yet, or the game never does). As on the tablet's card: each seat's running totals of
    the entries in, in order."""
    teams = seat_teams(game, list(table.seats.all()))
    running: dict[int, list[int]] = {seat: [] for seat in range(len(teams))}
    for entry in sorted(entries, key=lambda e: e.number):
        if entry.status == ScoreEntry.Status.DRAFT or not entry.result:
            break
        for seat, team in enumerate(teams):
            before = running[seat][-1] if running[seat] else 0
            running[seat].append(before + game.seat_points(entry.result, seat, team))
    return game.ended_at(running, options)


def table_state(
    table: Table,
    entries: list[ScoreEntry],
    *,
    planned: int | None,
    clock: ClockState,
    ended: int | None = None,
) -> TableState:
    """The state of one table from its entries (all statuses) and the event's clock.

    `ended`: the entry after which the game ended early (`ended_round`), if it did.
    """
    if ended is not None:
        planned = ended if planned is None else min(planned, ended)
    by_status: dict[str, list[ScoreEntry]] = {}
    for entry in entries:
        by_status.setdefault(entry.status, []).append(entry)
    confirmed = len(by_status.get(ScoreEntry.Status.CONFIRMED, []))
    disputes = by_status.get(ScoreEntry.Status.DISPUTED, [])
    current = None
    if entries and not table.done:
        confirmed_numbers = {e.number for e in by_status.get(ScoreEntry.Status.CONFIRMED, [])}
        current = 1
        while current in confirmed_numbers:
            current += 1
        if planned:
            current = min(current, planned)
    if table.turned_in_at:
        state = TURNED_IN
    elif table.not_played:
        state = NOT_PLAYED
    elif disputes:
        state = DISPUTED
    elif by_status.get(ScoreEntry.Status.ENTERED):
        state = WAITING
    elif planned and confirmed >= planned:
        state = READY
    elif clock.time_is_up:
        state = OVER_TIME
    elif entries:
        state = PLAYING
    else:
        state = NOT_STARTED
    return TableState(
        table=table,
        state=state,
        current=current,
        planned=planned,
        confirmed=confirmed,
        disputes=disputes,
    )


def event_table_states(
    event: Event, *, now: datetime.datetime | None = None
) -> tuple[ClockState, list[TableState]]:
    """The current round's clock and every table of every round of `event` (each judged
    by its own round's clock, `TableState.table.round.clock`), with the tables' live
    scorekeeper links: four queries in all.

    The entries come with their results and payloads: the tiles show each table's
    totals (`clubscore.dashboard.tiles`), and a game may end early (`ended_round`).
    """
    planned = planned_entries(event)
    game, options = event.game_rules, event.game_options
    # A play-off table plays the game's play-off length (one hand or round by default).
    playoff_planned = game.playoff_entries(options)
    fields = ["id", "table_id", "number", "status", "result", "payload"]
    unit = translate(game.words.one)
    tables = (
        Table.objects.filter(round__event=event)
        .select_related("round")
        .prefetch_related(
            Prefetch(
                "seats",
                queryset=Seat.objects.select_related("player", "team").order_by("position"),
            ),
            Prefetch(
                "entries",
                queryset=ScoreEntry.objects.only(*fields).order_by("number"),
                to_attr="all_entries",
            ),
            Prefetch(
                "links",
                queryset=ScorekeeperLink.objects.filter(revoked_at__isnull=True)
                .select_related("player", "team")
                .order_by("team__number", "pk"),
                to_attr="live_links",
            ),
        )
        .order_by("round__number", "number")
    )
    states = []
    clocks: dict[int, ClockState] = {}
    for table in tables:
        table.unit = unit
        round_ = table.round
        if round_.pk not in clocks:
            round_.event = event  # the round reads its event from here, no query
            clocks[round_.pk] = clock_state(round_, now)
        round_.clock = clocks[round_.pk]
        ended = ended_round(game, options, table, table.all_entries)
        states.append(
            table_state(
                table,
                table.all_entries,
                planned=playoff_planned if round_.kind == Round.Kind.PLAYOFF else planned,
                clock=round_.clock,
                ended=ended,
            )
        )
    clock = states[-1].table.round.clock if states else clock_state(None)
    return clock, states
