"""A player's evening as their phone shows it (issue 25): where they sit, with whom and
against whom, who plays first and who keeps score, the table's hands and totals, and a
live fingerprint for the phone's poll.

Asked of the game, never of which game it is: the teams come from the seats the draw
stored (`Seat.team`), the first seat's word from `Game.first_seat_label`, the points
from `results.table_score`. A fixed number of queries whatever the evening's size.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django.db import connection
from django.utils.translation import gettext as _

from clubscore.club.models import column_names
from clubscore.games import Game

from . import calls, drawn
from .clock import ClockState, clock_state, in_progress_at_limit
from .models import (
    CheckIn,
    DrawRecord,
    Event,
    EventPhones,
    OrganizerCall,
    PlayerLink,
    Round,
    ScoreEntry,
    Seat,
    Table,
)
from .results import table_score


@dataclass
class Side:
    """One side of the table: a team (its number and players) or one player."""

    number: int | None
    seats: list[Seat]
    short: str  # the first player's name as a narrow column heads it (`column_names`)
    total: int  # the hands' points added up (the Total row under them)
    mine: bool
    # Once the card is turned in, where the game's total is more than the hands' sum
    # (the first-table bonus, a final multiplier): that total; else None.
    final: int | None = None
    multiplier: int | None = None  # the game's final multiplier that made `final`, if any

    @property
    def names(self) -> str:
        return " & ".join(seat.player.name for seat in self.seats)


@dataclass
class MyTable:
    """The player's evening: `table` None until the draw (or when sitting out)."""

    link: PlayerLink
    event: Event
    game: Game
    checked_in: bool
    pages_on: bool
    phones: EventPhones | None = None  # the evening's switches (None: never set, both on)
    round: Round | None = None
    table: Table | None = None
    seat: Seat | None = None
    seats: list[Seat] = field(default_factory=list)
    sides: list[Side] = field(default_factory=list)
    # Each confirmed hand: its label ("Round 3"), its number and each side's points.
    rows: list[tuple[Any, int, list[int]]] = field(default_factory=list)
    # The numbers of the hands disputed and waiting for the organizer: played, with no
    # points on the phone until settled.
    disputed: list[int] = field(default_factory=list)
    bonus: int = 0  # the first-table bonus each side was given (shown once turned in)
    # The hand being played when time was up (`clock.in_progress_at_limit`): 0 before.
    in_progress_at_limit: int = 0
    clock: ClockState | None = None
    call: OrganizerCall | None = None
    sitting_out: Any = None  # the draw's reason (a Message) when the player sits out
    late: bool = False  # checked in after the round was drawn, and not seated in it
    # The play-off being played without this player (their own table is shown with it).
    playoff: Round | None = None
    version: str | None = None

    @property
    def player(self):
        return self.link.player

    @property
    def has_final(self) -> bool:
        """The turned-in card's totals are more than its hands' sum (`Side.final`)."""
        return any(side.final is not None for side in self.sides)

    @property
    def has_multipliers(self) -> bool:
        """A final multiplier made the final totals (its row, "×", stands between Total and
        Final total, as the card shows it under each total)."""
        return any(side.multiplier not in (None, 1) for side in self.sides)

    @property
    def partners(self) -> list[Seat]:
        if self.seat is None or self.seat.team_id is None:
            return []
        return [s for s in self.seats if s.team_id == self.seat.team_id and s != self.seat]

    @property
    def opponents(self) -> list[Seat]:
        if self.seat is None:
            return []
        if self.seat.team_id is None:
            return [s for s in self.seats if s != self.seat]
        return [s for s in self.seats if s.team_id != self.seat.team_id]

    @property
    def card_in(self) -> bool:
        """The table's card is turned in: its clock has nothing left to time."""
        return self.table is not None and self.table.turned_in_at is not None

    @property
    def hand_in_play(self) -> int | None:
        """The number of the hand (or round) being played: the one after the confirmed
        ones, until the table has played its game or turned its card in."""
        if self.table is None or self.table.turned_in_at is not None:
            return None
        options = self.event.game_options
        planned = (
            self.game.playoff_entries(options)
            if self.round is not None and self.round.is_playoff
            else self.game.entries_per_game(options)
        )
        # After the last confirmed or disputed one (a disputed hand was played: the card
        # has moved on, and so does who deals).
        number = max([row[1] for row in self.rows] + self.disputed, default=0) + 1
        if planned is not None and number > planned:
            return None
        # Once time is up, the table finishes the hand it was playing and starts no other
        # (as its card says); once entry has closed, nothing is played.
        clock = self.clock
        if clock is None or not clock.time_is_up:
            return number
        return None if clock.phase == "closed" or number > self.in_progress_at_limit else number

    @property
    def hand_in_play_label(self) -> Any:
        return self.game.words.label(self.hand_in_play) if self.hand_in_play else None

    @property
    def disputed_labels(self) -> list[Any]:
        return [self.game.words.label(number) for number in self.disputed]

    @property
    def first(self) -> Seat | None:
        """Who deals (or plays or bids first) in the hand in play: the deal passes on as
        on the card (`Game.dealer`)."""
        if self.hand_in_play is None:
            return None
        drawn = next(
            (i for i, s in enumerate(self.seats) if s.player_id == self.table.first_player_id),
            None,
        )
        if drawn is None:
            return None
        return self.seats[self.game.dealer(drawn, self.hand_in_play, len(self.seats))]

    @property
    def fillers_note(self) -> str:
        """Who at the player's play-off table fills an empty seat (as the card says):
        "you" on the filler's own phone."""
        if self.round is None:
            return ""
        if self.seat is not None and self.seat.player_id in self.round.playoff_fillers:
            return _("You fill an empty seat: the play-off counts nothing you score.")
        return self.round.fillers_note(self.seats)

    @property
    def keepers(self) -> list[Seat]:
        return [s for s in self.seats if s.is_scorekeeper]

    @property
    def is_over(self) -> bool:
        return self.event.status == Event.Status.FINAL


def find_link(token: str) -> PlayerLink | None:
    """The link behind `token` with its event and player (one query), or None."""
    return PlayerLink.objects.select_related("event", "player").filter(token=token).first()


def my_table(link: PlayerLink) -> MyTable:
    """Everything the player's page shows, in at most eight queries."""
    event = link.event
    phones = EventPhones.objects.filter(event=event).first()
    evening = MyTable(
        link=link,
        event=event,
        game=event.game_rules,
        checked_in=True,
        pages_on=phones is None or phones.pages_on,
        phones=phones,
    )
    round_ = drawn.latest_round(event)
    seat = None
    if round_ is not None:
        evening.round = round_
        evening.clock = clock_state(round_)
        seat = (
            Seat.objects.filter(round=round_, player_id=link.player_id)
            .select_related("table")
            .first()
        )
    if seat is None and round_ is not None and round_.is_playoff:
        # A play-off for the top without this player: their own table of the evening
        # stays on the phone (its hands and totals), with a word on the play-off while
        # it is played (not once its cards are in, nor for a tie decided by lot).
        open_cards = round_.tables.filter(turned_in_at__isnull=True, not_played=False)
        evening.playoff = round_ if open_cards.exists() else None
        seat = (
            Seat.objects.filter(round__event=event, player_id=link.player_id)
            .select_related("table", "round__event")
            .order_by("-round__number")
            .first()
        )
        if seat is not None:
            evening.round = seat.round
            evening.clock = clock_state(seat.round)
    if seat is None:
        # Not seated: checked in and waiting for the draw, sitting out, or not here.
        checked_in_at = (
            CheckIn.objects.filter(event=event, player_id=link.player_id)
            .values_list("checked_in_at", flat=True)
            .first()
        )
        evening.checked_in = checked_in_at is not None
        if round_ is not None and evening.checked_in:
            record = DrawRecord.objects.filter(round=round_).order_by("-drawn_at", "-pk").first()
            for entry in drawn.named_sit_outs(record):
                if entry["player"] is not None and entry["player"].pk == link.player_id:
                    evening.sitting_out = entry["reason"]
            drawn_at = round_.drawn_at
            evening.late = drawn_at is not None and checked_in_at > drawn_at
        return evening
    table = seat.table
    seats = list(
        Seat.objects.filter(table=table).select_related("player", "team").order_by("position")
    )
    evening.table, evening.seats = table, seats
    evening.seat = next(s for s in seats if s.player_id == link.player_id)
    status = ScoreEntry.Status
    played = list(
        table.entries.filter(status__in=[status.CONFIRMED, status.DISPUTED]).order_by("number")
    )
    confirmed = [entry for entry in played if entry.status == status.CONFIRMED]
    evening.disputed = [entry.number for entry in played if entry.status == status.DISPUTED]
    if evening.clock is not None and evening.clock.time_is_up:
        # The hands played say it for the hand after them (the one a phone shows): it is
        # being finished when the last of them was entered by the limit.
        evening.in_progress_at_limit = in_progress_at_limit(played, evening.clock)
    _score(evening, confirmed)
    evening.call = calls.open_call(table)
    return evening


def _score(evening: MyTable, confirmed: list[ScoreEntry]) -> None:
    """The sides with their totals so far, and each confirmed hand's running totals."""
    event, table, seats = evening.event, evening.table, evening.seats
    outcome = table_score(
        event.game, event.game_options, seats, confirmed, has_bonus=table.has_bonus
    )
    groups: dict[Any, list[Seat]] = {}
    for seat in seats:
        groups.setdefault(seat.team.number if seat.team else ("seat", seat.position), []).append(
            seat
        )
    # A side of one player is headed by its player's name, as narrow as tells the table's
    # players apart (`column_names`: "Anna", or "Anna M." beside an Anna S.).
    shorts = dict(zip(seats, column_names([seat.player for seat in seats]), strict=True))
    # What the totals add once the card is in, said as the card says it: the first-table
    # bonus, and a game's final multiplier (each player's, in its whole game's result).
    if table.turned_in_at:
        evening.bonus = outcome.bonus
    multipliers = [player.get("multiplier") for player in (outcome.result or {}).get("players", [])]
    for key, group in groups.items():
        first = group[0].player_id
        # The points so far, and what the card shows once it is in (as the card and the
        # dashboard do: `TableScore.shown`).
        total = outcome.so_far(first)
        final = outcome.shown(first, card_in=table.turned_in_at is not None)
        evening.sides.append(
            Side(
                number=key if isinstance(key, int) else None,
                seats=group,
                short=shorts[group[0]],
                total=total,
                mine=evening.seat in group,
                final=None if final == total else final,
                multiplier=(
                    multipliers[seats.index(group[0])]
                    if outcome.is_final(card_in=table.turned_in_at is not None)
                    and len(multipliers) == len(seats)
                    else None
                ),
            )
        )
    # Each hand's own points, as the card shows them (the running total is the Total row).
    running = [outcome.progress[side.seats[0].player_id] for side in evening.sides]
    for index, entry in enumerate(confirmed):
        evening.rows.append(
            (
                evening.game.words.label(entry.number),
                entry.number,
                [_points_of(progress, index) for progress in running],
            )
        )


def _points_of(running: list[int], index: int) -> int:
    """Hand `index`'s points from the running totals after each hand."""
    if index >= len(running):
        return 0
    return running[index] - (running[index - 1] if index else 0)


# --- The phone's poll --------------------------------------------------------------------


@cache
def _live_sql() -> str:
    link, event, phones, round_, seat, table, entry, call, checkin = (
        model._meta.db_table
        for model in (
            PlayerLink,
            Event,
            EventPhones,
            Round,
            Seat,
            Table,
            ScoreEntry,
            OrganizerCall,
            CheckIn,
        )
    )
    return (
        # The times as text: only compared, never read (a driver's datetime costs more).
        "SELECT e.status, e.public_standings, ph.pages_on, r.id, CAST(r.drawn_at AS TEXT),"
        " CAST(r.clock_started_at AS TEXT), CAST(r.time_called_at AS TEXT), r.extra_minutes,"
        " t.id, CAST(t.turned_in_at AS TEXT), t.not_played, t.has_bonus,"
        # The confirmed and disputed hands only, as the page shows them: a draft, a team's
        # part or an entry waiting to be checked changes nothing a phone shows (issue 28's
        # rush).
        f" (SELECT COUNT(*) || ':' || SUM(s.version) || ':' || MAX(s.updated_at) FROM {entry} s"
        "  WHERE s.table_id = t.id AND s.status IN (%s, %s)),"
        f" (SELECT c.id FROM {call} c WHERE c.table_id = t.id AND c.closed_at IS NULL),"
        f" (SELECT CAST(c.answered_at AS TEXT) FROM {call} c"
        "  WHERE c.table_id = t.id AND c.closed_at IS NULL),"
        f" (SELECT COUNT(*) FROM {checkin} ci WHERE ci.event_id = e.id"
        "  AND ci.player_id = l.player_id),"
        # The round's cards still out: a play-off ends for those not in it too.
        f" (SELECT COUNT(*) FROM {table} t2 WHERE t2.round_id = r.id"
        "  AND t2.turned_in_at IS NULL AND NOT t2.not_played)"
        f" FROM {link} l JOIN {event} e ON e.id = l.event_id"
        f" LEFT JOIN {phones} ph ON ph.event_id = e.id"
        f" LEFT JOIN {round_} r ON r.id = (SELECT r2.id FROM {round_} r2"
        "  WHERE r2.event_id = e.id ORDER BY r2.number DESC LIMIT 1)"
        f" LEFT JOIN {seat} st ON st.round_id = r.id AND st.player_id = l.player_id"
        f" LEFT JOIN {table} t ON t.id = st.table_id"
        " WHERE l.token = %s"
    )


def live_version(token: str) -> str | None:
    """What the player's page shows, as a short fingerprint; None when the link is none.

    One raw query through indexes, like the tablets' `scorekeeping.live`: phones poll it
    all evening, four to a table. It changes with the event's status, the phone switch,
    a (re)draw or the next round, the clock of the round, the player's table and its
    confirmed and disputed hands, its open call and whether it is answered, the player's
    check-in, and how many of the round's cards are out (a play-off ends for those not in it).
    """
    with connection.cursor() as cursor:
        status = ScoreEntry.Status
        cursor.execute(_live_sql(), [status.CONFIRMED.value, status.DISPUTED.value, token])
        row = cursor.fetchone()
    if row is None:
        return None
    return hashlib.blake2b(repr(row).encode(), digest_size=8).hexdigest()
