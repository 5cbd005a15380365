"""One table's card as the tablet reads it: seats, entries, clock and what they mean.

Storage follows `clubscore.events.results` exactly (one `ScoreEntry` per hand or
round). Hand and Foot keeps each team's part in a `TeamPart` row until both are
in; then `payload` is the whole hand and `result` its score. The card is read in a
fixed number of queries (`load_card`); the actions (`actions`) change it.
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.db.models import F
from django.utils.translation import gettext as _

from clubscore.events.calls import open_call
from clubscore.events.clock import ClockState, clock_state, in_progress_at_limit
from clubscore.events.models import (
    Draft,
    Event,
    OrganizerCall,
    Round,
    ScoreChange,
    ScoreEntry,
    ScorekeeperLink,
    Seat,
    Table,
)
from clubscore.events.results import TableScore, table_score
from clubscore.games import GAMES, Game
from clubscore.translation import translate

from .errors import Refused
from .modes import WholeTableEntry, mode_of

LIVE_STATUSES = Event.LIVE_STATUSES
# How many cards a process keeps as it read them (`load_card`), one a link, the one read
# longest ago going first: every link of a big evening (256 tables, two links each) and
# more. A card with a hand in takes about 80 KB in memory.
KEPT_CARDS = 1024


@dataclass
class KeptCard:
    """What a process read of a card under one fingerprint, shared by the requests that
    find the card unchanged (read only: each request builds its own `ScoreCard`)."""

    link: ScorekeeperLink
    seats: list[Seat]
    entries: dict[int, ScoreEntry]
    options: dict
    # What a page reads only when it shows it (the changes, the open call), once.
    shown: dict[str, Any] = field(default_factory=dict)
    version: str | None = None  # the card's live fingerprint when it was read

    def once(self, name: str, read: Callable[[], Any]) -> Any:
        if name not in self.shown:
            self.shown[name] = read()
        return self.shown[name]


@dataclass
class ScoreCard:
    """One table's card as one scorekeeper (or the organizer) sees it."""

    event: Event
    table: Table
    seats: list[Seat]
    entries: dict[int, ScoreEntry]
    clock: ClockState
    link: ScorekeeperLink | None = None
    organizer: bool = False
    user: Any = None  # the organizer's user when the organizer is acting
    # What the live part shows (`live_version`), when read with the card for a page.
    live_version: str | None = None
    # What the process kept of the card under that fingerprint (`load_card`), if anything.
    kept: KeptCard | None = None

    def _once(self, name: str, read: Callable[[], Any]) -> Any:
        """`read()`, kept with the card until it changes when the card was kept."""
        return read() if self.kept is None else self.kept.once(name, read)

    @cached_property
    def organizer_call(self) -> OrganizerCall | None:
        """The table's open call to the organizer (issue 25): one query when a page shows
        it, kept under the card's fingerprint, which covers it (issue 28)."""
        return self._once("call", lambda: open_call(self.table))

    @cached_property
    def changes(self) -> list[ScoreChange]:
        """The card's latest changes, newest first, each with its entry's `entry_number`
        (one query, when a page shows them, kept under the card's fingerprint: every change
        is an entry's, whose version it moves; a post that is stored and redirected never
        reads them; none on a card with no hand yet). The number, not the whole entry: a
        page shows no more of it, and an entry's payload and result are JSON to decode
        (a quarter of the query)."""
        if not self.entries:
            return []
        return self._once(
            "changes",
            lambda: list(
                ScoreChange.objects.filter(entry__table=self.table)
                .select_related("changed_by_user", "changed_by_player")
                .annotate(entry_number=F("entry__number"))
                .order_by("-changed_at", "-id")[:50]
            ),
        )

    @cached_property
    def drafts(self) -> dict[int, dict]:
        """What this side typed and has not sent, by hand or round (one query, when a
        page shows a form): read afresh, never kept with the card (`load_card`)."""
        return dict(
            Draft.objects.filter(entry__table=self.table, side=int(self.side)).values_list(
                "entry__number", "data"
            )
        )

    @property
    def game_key(self) -> str:
        return self.event.game

    @property
    def game(self) -> Game:
        return GAMES[self.game_key]

    @property
    def mode(self) -> WholeTableEntry:
        """How this card's hands or rounds are entered and checked (the game's entry mode)."""
        return mode_of(self.game)

    @cached_property
    def options(self) -> dict:
        return self.event.game_options

    @property
    def side(self) -> str:
        """Whose part this link enters: the team number ("1"/"2"), or "0" for the table."""
        return self.mode.side(self)

    @property
    def other_side(self) -> str:
        return "2" if self.side == "1" else "1"

    @property
    def player_names(self) -> list[str]:
        return [seat.player.name for seat in self.seats]

    def team_names(self, number: int) -> str:
        return self.table.team_names(number, self.seats)

    @property
    def fillers_note(self) -> str:
        """Who fills an empty seat of this play-off table, whose score counts for nothing
        ("" at any other table): the table knows before it plays."""
        return self.table.round.fillers_note(self.seats)

    @property
    def target(self) -> int | None:
        """How many hands or rounds make a full game (None: played to a threshold); at a
        play-off table, the game's play-off length: once they are confirmed the card can
        be turned in, without anyone calling time (issue 27)."""
        if self.table.round.kind == Round.Kind.PLAYOFF:
            return self.game.playoff_entries(self.options)
        return self.game.entries_per_game(self.options)

    def is_in(self, entry: ScoreEntry | None) -> bool:
        """Is this hand or round completely entered (both teams' parts in Hand and Foot)?"""
        return entry is not None and entry.status != ScoreEntry.Status.DRAFT

    def score_with(self, number: int, payload: Any) -> dict:
        """Score `payload` as hand or round `number` of this card, as the game does: on its
        own, or, in a game scored as a whole, with the card's other entries (raises
        `ScoreError`)."""
        entries = {n: e.payload for n, e in self.entries.items() if self.is_in(e)}
        entries[number] = payload
        return self.game.score_with(self.player_names, entries, number, self.options)

    def side_is_in(self, number: int) -> bool:
        return self.mode.side_is_in(self, number)

    @staticmethod
    def is_confirmed(entry: ScoreEntry | None) -> bool:
        return entry is not None and entry.status == ScoreEntry.Status.CONFIRMED

    @property
    def entry_closed(self) -> bool:
        """Entry has closed for this tablet (the organizer's never does), by the clock or
        the card in: no form, no edit and no turn-in is offered that the server refuses."""
        card_in = self.table.turned_in_at is not None  # scored as it lies, then reopened
        return not self.organizer and (card_in or self.clock.phase == "closed")

    def can_edit(self, number: int) -> bool:
        """May this side open its hand or round `number` again to change it? Until it is
        confirmed, the card turned in or entry closed; the organizer always."""
        entry = self.entries.get(number)
        if entry is None or not self.side_is_in(number):
            return False
        if self.organizer:
            return True
        return entry.status != ScoreEntry.Status.CONFIRMED and not self.entry_closed

    @property
    def has_hand_to_finish(self) -> bool:
        """Is the table still finishing the hand in progress, time being up (here, or at the
        other team's tablet)? Not once the card is in, or every hand is."""
        return self.table.turned_in_at is None and not self.complete

    @cached_property
    def in_progress(self) -> int:
        """The hand that was being played when time was up: the first one not entered by then."""
        return in_progress_at_limit(self.entries.values(), self.clock)

    def finishes_as_it_lies(self, number: int) -> bool:
        """Is `number` the hand the table finishes as it lies (not the organizer's word)?"""
        return self.clock.time_is_up and number == self.in_progress and not self.organizer

    @cached_property
    def score(self) -> TableScore:
        counted = [e for e in self.entries.values() if self.is_in(e)]
        return table_score(
            self.game_key,
            self.options,
            self.seats,
            counted,
            has_bonus=self.table.has_bonus,
        )

    @property
    def first_table_points(self) -> int:
        """The bonus the first table to turn in its card gets (0: the game has none, or
        this is a play-off, whose scores only order a tie and earn no bonus)."""
        if self.table.round.is_playoff:
            return 0
        return self.game.first_table_points(self.options)

    @cached_property
    def ended_early(self) -> tuple[int, list[Seat]] | None:
        """The entry after which the game ended early (Laus to a threshold: the round in
        which someone passed it) and whose totals ended it, as the game says (else None)."""
        progress = self.score.progress
        number = self.game.ended_at(progress, self.options)
        if number is None:
            return None
        ended_by = set(self.game.ended_by(progress, number, self.options))
        return number, [s for s in self.seats if s.player_id in ended_by]

    @cached_property
    def limit(self) -> int | None:
        """The last hand or round this table plays (None: not known yet)."""
        limit = self.target
        if self.clock.time_is_up:
            limit = self.in_progress if limit is None else min(limit, self.in_progress)
        if self.ended_early is not None:
            # The game ends with the round in which someone passes the threshold.
            number = self.ended_early[0]
            limit = number if limit is None else min(limit, number)
        return limit

    @property
    def game_over(self) -> str | None:
        """Why no more rounds are played, when the game ended early (else None)."""
        if self.ended_early is None or self.limit != self.ended_early[0]:
            return None
        number, seats = self.ended_early
        names = [seat.player.name for seat in seats]
        return translate(self.game.game_over(names, number, self.options))

    @property
    def next_number(self) -> int | None:
        """The hand or round this scorekeeper enters next, or None when there is none."""
        number = 1
        while self.side_is_in(number):
            number += 1
        if self.limit is not None and number > self.limit:
            return None
        return number

    @property
    def numbers(self) -> list[int]:
        last = self.limit if self.limit is not None else max(self.entries, default=0)
        return list(range(1, max(last, max(self.entries, default=0)) + 1))

    @property
    def complete(self) -> bool:
        return self.limit is not None and all(
            self.is_in(self.entries.get(n)) for n in range(1, self.limit + 1)
        )

    @property
    def all_confirmed(self) -> bool:
        return self.complete and all(
            self.entries[n].status == ScoreEntry.Status.CONFIRMED for n in range(1, self.limit + 1)
        )

    @property
    def ready_to_turn_in(self) -> bool:
        return self.all_confirmed and self.table.turned_in_at is None

    def dealer(self, number: int) -> Seat | None:
        """Who deals (or bids first) in hand `number`: the deal passes left from first play."""
        if not self.seats:
            return None
        first = next(
            (i for i, s in enumerate(self.seats) if s.player_id == self.table.first_player_id), 0
        )
        return self.seats[self.game.dealer(first, number, len(self.seats))]

    @property
    def actor_player_id(self) -> int | None:
        return None if self.organizer or self.link is None else self.link.player_id

    def lock_table(self) -> datetime.datetime | None:
        """Lock the table's row until the transaction ends; when its card was turned in.

        Every transaction that may create a hand's entry takes this lock before it
        (`actions._lock_entry`): a new entry's foreign key waits for this lock, holding the
        new row's unique key meanwhile, so one that inserted first would deadlock with an
        action holding this lock and creating the same hand (PostgreSQL).
        """
        return (
            Table.objects.select_for_update()
            .filter(pk=self.table.pk)
            .values_list("turned_in_at", flat=True)
            .get()
        )

    def check_open(self, number: int, *, new: bool = False, locked: bool = False) -> None:
        """Refuse entry when the clock or the card says no (the organizer may always).

        `locked`, in an action's transaction: lock the table's row first (`lock_table`)
        and take the turn-in from it, not from the card read before the transaction. The
        turn-in locks the same row, so a save, a confirmation or a dispute racing it lands
        wholly before it (and the turn-in sees it) or is refused after it.
        """
        turned_in_at = self.lock_table() if locked else self.table.turned_in_at
        if self.organizer:
            return
        if turned_in_at is not None:
            raise Refused(_("This card has been turned in."))
        phase = self.clock.phase
        if phase == "not_started":
            raise Refused(_("The clock has not started yet; wait for the organizer."))
        if phase == "closed":
            raise Refused(_("Entry has closed. Ask the organizer to change the card."))
        if phase == "grace" and number > self.in_progress:
            raise Refused(translate(self.game.words.no_new))
        if new and self.limit is not None and number > self.limit and self.game_over:
            raise Refused(self.game_over)
        if new and self.next_number != number:
            raise Refused(translate(self.game.words.in_order))


def load_card(
    token: str,
    *,
    user: Any = None,
    now: datetime.datetime | None = None,
    version: str | None = None,
) -> ScoreCard | None:
    """The card a private link opens, in a fixed number of queries; None when it opens nothing.

    With `version`, the card's live fingerprint read just before (`live.live_version`),
    the process keeps what it read under that fingerprint, in memory (one copy a link,
    up to `KEPT_CARDS`): the previews as each count is typed and the post after the page it
    came from read nothing more until the card changes (issue 28). The fingerprint
    changes with everything kept here (the entries, their parts, the table, the clock's
    settings, the event, the changes, the open call); drafts are not kept, as a draft
    leaves it alone (`ScoreCard.drafts` reads them afresh). When only what is on the card
    moved (its entries, the open call; the fingerprint's second half), the entries alone
    are read again: the link and the seats, half of a fresh read, stay as they were read
    until the table, its clock or the event changes. The clock is worked out at each request.
    """
    kept = _read(token) if version is None else _kept(token, version)
    if kept is None:
        return None
    link = kept.link
    card = ScoreCard(
        event=link.table.round.event,
        table=link.table,
        # The card's own list and dict: the rows in them are shared, and read only.
        seats=list(kept.seats),
        entries=dict(kept.entries),
        clock=clock_state(link.table.round, now),
        link=link,
        live_version=version,
        kept=kept if version is not None else None,
    )
    card.options = kept.options  # the event's options as the game cleaned them, kept too
    keeper = next((s.player for s in card.seats if s.player_id == link.player_id), None)
    if keeper is not None:
        link.player = keeper
    card.organizer = bool(user is not None and user.is_authenticated and user.is_staff)
    card.user = user if card.organizer else None
    return card


def _kept(token: str, version: str) -> KeptCard | None:
    """The card under its fingerprint, read once by this process and kept as it was read
    (in memory, not pickled in and out of a cache: that was a tenth of a preview). One
    copy a link: a card read under a newer fingerprint replaces its old one."""
    kept = _KEPT.get(token)
    if kept is not None and kept.version == version:
        return kept
    if kept is not None and _table_half(kept.version) == _table_half(version):
        # Only what is on the card moved (a hand entered, a call made): the link, its
        # table and event and the seats are as they were read; the entries are read anew.
        kept = KeptCard(kept.link, kept.seats, _entries(kept.link.table), kept.options)
    else:
        kept = _read(token)
    if kept is not None:
        kept.version = version
        with _KEEPING:
            _KEPT.pop(token, None)
            if len(_KEPT) >= KEPT_CARDS:
                del _KEPT[next(iter(_KEPT))]  # the one read longest ago
            _KEPT[token] = kept
    return kept


# The kept cards by link, in the order they were read (`_kept`); threads of one process
# (the development server's) share it, so it changes under a lock.
_KEPT: dict[str, KeptCard] = {}
_KEEPING = threading.Lock()


def forget_kept_cards() -> None:
    """Forget every card this process kept (tests that count a fresh read's queries)."""
    with _KEEPING:
        _KEPT.clear()


def _read(token: str) -> KeptCard | None:
    """The link (with its table, round, event and team), the seats, the entries and the
    event's options, cleaned by the game."""
    # The token is unique: a slice, not .first(), so there is no ORDER BY to build or sort.
    found = ScorekeeperLink.objects.select_related("table__round__event", "team").filter(
        token=token, revoked_at__isnull=True, table__round__event__status__in=LIVE_STATUSES
    )[:1]
    link = next(iter(found), None)
    if link is None:
        return None
    event = link.table.round.event
    # Cleaned once, kept with the card, in the event itself: whatever asks the game about
    # the options (the clock each request, the scoring) gets them back as they are.
    event.options = event.game_options
    seats, entries = _seats_and_entries(link.table)
    return KeptCard(link, seats, entries, event.options)


def _table_half(version: str | None) -> str | None:
    """The first half of a live fingerprint: the table, its round's clock and the event
    (`live.live_version`)."""
    return None if version is None else version.partition(".")[0]


def _seats_and_entries(table: Table) -> tuple[list[Seat], dict[int, ScoreEntry]]:
    # Through the table's related managers, so each seat and entry knows its table.
    seats = list(table.seats.select_related("player", "team").order_by("position"))
    return seats, _entries(table)


def _entries(table: Table) -> dict[int, ScoreEntry]:
    return {e.number: e for e in table.entries.with_parts().order_by("number")}


def finished_event_name(token: str) -> str | None:
    """The name of the final evening whose card `token` opened (None: any other link)."""
    return (
        ScorekeeperLink.objects.filter(
            token=token, revoked_at__isnull=True, table__round__event__status=Event.Status.FINAL
        )
        .values_list("table__round__event__name", flat=True)
        .first()
    )


def build_card(
    table: Table,
    *,
    link: ScorekeeperLink | None = None,
    now: datetime.datetime | None = None,
) -> ScoreCard:
    seats, entries = _seats_and_entries(table)
    return ScoreCard(
        event=table.round.event,
        table=table,
        seats=seats,
        entries=entries,
        clock=clock_state(table.round, now),
        link=link,
    )
