"""What each table of an event is doing: the one place the dashboard's states come from.

A table's state, first match wins (what the organizer must act on comes first):

1. turned_in: the card is turned in (`Table.turned_in_at`); not_played: the organizer
   marked the table "Did not play" when finishing the evening (`Table.not_played`).
2. disputed: a hand or round is disputed: the organizer settles it.
3. waiting: a hand or round is entered and waits for the other side's confirmation.
4. over_time: the time limit has passed (grace or closed) and the card is not in.
5. playing: entries exist; "hand 2 of 3" = the first hand not confirmed yet.
6. not_started: nothing entered yet.

The number of hands or rounds a table plays is the event's option for it (Hand and
Foot `hands`, Luxury Family and Laus `rounds`, exact-bid one round per card of the
first round, `start_cards`); Laus played to a threshold plays until the round in
which a player passes it (unknown until then).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubscore.events.clock import ClockState, clock_state
from clubscore.events.models import Event, Round, ScoreEntry, ScorekeeperLink, Seat, Table
from clubscore.games import GAMES
from clubscore.translation import translate

TURNED_IN = "turned_in"
DISPUTED = "disputed"
WAITING = "waiting"
OVER_TIME = "over_time"
PLAYING = "playing"
NOT_STARTED = "not_started"
NOT_PLAYED = "not_played"

# In the order of the legend: (state, label).
STATES = [
    (NOT_STARTED, gettext_lazy("Not started")),
    (PLAYING, gettext_lazy("Playing")),
    (WAITING, gettext_lazy("Waiting for confirmation")),
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
    options = event.game_options
    for key in ("hands", "rounds", "start_cards"):
        if key in options:
            return options[key]
    return None


def threshold_round(entries: list[ScoreEntry], threshold: int) -> int | None:
    """Laus to a threshold: the round in which a player passed it (None: not yet).

    As on the tablet's card: the running totals of the rounds entered, in order.
    """
    totals: list[int] = []
    for entry in sorted(entries, key=lambda e: e.number):
        if entry.status == ScoreEntry.Status.DRAFT or not entry.result:
            break
        points = [player["total"] for player in entry.result["players"]]
        totals = [a + b for a, b in zip(totals, points, strict=True)] if totals else points
        if any(total > threshold for total in totals):
            return entry.number
    return None


def table_state(
    table: Table,
    entries: list[ScoreEntry],
    *,
    planned: int | None,
    clock: ClockState,
    threshold: int | None = None,
) -> TableState:
    """The state of one table from its entries (all statuses) and the event's clock.

    `threshold` (Laus): the table plays until the round in which someone passes it;
    the entries then need their `result`.
    """
    if threshold is not None:
        last = threshold_round(entries, threshold)
        if last is not None:
            planned = last if planned is None else min(planned, last)
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
    totals (`clubscore.dashboard.tiles`), and a game to a threshold ends in the round
    in which someone passes it.
    """
    planned = planned_entries(event)
    # A play-off table plays the game's play-off length (one hand or round by default).
    playoff_planned = event.game_rules.playoff_entries(event.game_options)
    threshold = event.game_options.get("threshold")
    fields = ["id", "table_id", "number", "status", "result", "payload"]
    unit = translate(GAMES[event.game].entry_word)
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
        states.append(
            table_state(
                table,
                table.all_entries,
                planned=playoff_planned if round_.kind == Round.Kind.PLAYOFF else planned,
                clock=round_.clock,
                threshold=threshold,
            )
        )
    clock = states[-1].table.round.clock if states else clock_state(None)
    return clock, states
