"""Score cards at the table: entering, confirming, disputing, settling and turning in.

Storage follows `clubscore.events.results` exactly (one `ScoreEntry` per hand or
round). Hand and Foot keeps each team's part in `ScoreEntry.parts` until both are
in; then `payload` is the whole hand and `result` its score.

Two sets of eyes: in Hand and Foot each team confirms the other team's part; in the
other games the scorekeeper enters and another player at the table confirms on the
same tablet ("Confirm as <player>"), since those tables have one scorekeeper link.

Every action runs in one transaction that locks the entry row; a resent form (same
idempotency key) returns the first outcome; a form built on an older version of
the entry raises `Conflict` instead of overwriting.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models.functions import Now
from django.utils.translation import gettext as _

from clubscore.events.clock import ClockState, clock_state
from clubscore.events.models import (
    Event,
    IdempotencyKey,
    Round,
    ScoreChange,
    ScoreEntry,
    ScorekeeperLink,
    Seat,
    Table,
)
from clubscore.events.results import TableScore, exact_bid_payload, table_score
from clubscore.games import GAMES, ScoreError, score
from clubscore.translation import translate

from .forms import empty_team

HF = "hand_and_foot"
LIVE_STATUSES = (Event.Status.DRAWN, Event.Status.RUNNING, Event.Status.TIME_CALLED)


class Refused(Exception):
    """The action is not allowed now; the message says why, in plain words."""


class SentBefore(Refused):
    """The form's key was used already by a request with other numbers (not a resend)."""


class Invalid(ScoreError):
    """The game refused the numbers (or a rule of the clock did): `errors` by payload path."""


class Conflict(Exception):
    """Someone else changed this entry since the form was shown."""

    def __init__(self, theirs: dict | None, version: int):
        super().__init__(version)
        self.theirs = theirs
        self.version = version


@dataclass
class Card:
    """One table's card as one scorekeeper (or the organizer) sees it."""

    event: Event
    table: Table
    seats: list[Seat]
    entries: dict[int, ScoreEntry]
    clock: ClockState
    link: ScorekeeperLink | None = None
    organizer: bool = False
    user: Any = None  # the organizer's user when the organizer is acting
    changes: list[ScoreChange] = field(default_factory=list)
    # What the live part shows (`live_version`), when read with the card for a page.
    live_version: str | None = None

    @property
    def game_key(self) -> str:
        return self.event.game

    @property
    def is_hf(self) -> bool:
        return self.game_key == HF

    @cached_property
    def options(self) -> dict:
        return self.event.game_options

    @property
    def side(self) -> str:
        """Whose part this link enters: the team number ("1"/"2"), or "0" for the table."""
        if self.is_hf and self.link is not None and self.link.team is not None:
            return str(self.link.team.number)
        return "1" if self.is_hf else "0"

    @property
    def other_side(self) -> str:
        return "2" if self.side == "1" else "1"

    @property
    def player_names(self) -> list[str]:
        return [seat.player.name for seat in self.seats]

    def team_names(self, number: int) -> str:
        return " & ".join(s.player.name for s in self.seats if s.team and s.team.number == number)

    @property
    def target(self) -> int | None:
        """How many hands or rounds make a full game (None: Laus played to a threshold)."""
        options = self.options
        if self.game_key == HF:
            return options["hands"]
        if self.game_key == "exact_bid":
            return options["start_cards"]
        return options["rounds"]

    def is_in(self, entry: ScoreEntry | None) -> bool:
        """Is this hand or round completely entered (both teams' parts in Hand and Foot)?"""
        return entry is not None and entry.status != ScoreEntry.Status.DRAFT

    def side_is_in(self, number: int) -> bool:
        entry = self.entries.get(number)
        if self.is_hf:
            return entry is not None and self.side in entry.parts
        return self.is_in(entry)

    @cached_property
    def in_progress(self) -> int:
        """The hand that was being played when time was up: the first one not entered by then."""
        ends = self.clock.ends_at
        done = [
            n
            for n, e in self.entries.items()
            if e.entered_at is not None and (ends is None or e.entered_at <= ends)
        ]
        return max(done, default=0) + 1

    @cached_property
    def score(self) -> TableScore:
        counted = [e for e in self.entries.values() if self.is_in(e)]
        return table_score(
            self.game_key,
            self.options,
            self.seats,
            counted,
            has_bonus=self.table.has_first_table_bonus,
        )

    @cached_property
    def threshold_passed(self) -> tuple[int, list[Seat]] | None:
        """Laus to a threshold: the round in which someone passed it, and who (else None)."""
        threshold = self.options.get("threshold")
        if threshold is None:
            return None
        progress = self.score.progress
        for index in range(len(next(iter(progress.values()), []))):
            passed = [s for s in self.seats if progress[s.player_id][index] > threshold]
            if passed:
                return index + 1, passed
        return None

    @cached_property
    def limit(self) -> int | None:
        """The last hand or round this table plays (None: not known yet)."""
        limit = self.target
        if self.clock.time_is_up:
            limit = self.in_progress if limit is None else min(limit, self.in_progress)
        if self.threshold_passed is not None:
            # Laus: the game ends with the round in which someone passes the threshold.
            number = self.threshold_passed[0]
            limit = number if limit is None else min(limit, number)
        return limit

    @property
    def game_over(self) -> str | None:
        """Why no more rounds are played, when the threshold ended the game (else None)."""
        if self.threshold_passed is None or self.limit != self.threshold_passed[0]:
            return None
        number, seats = self.threshold_passed
        return _("Game over: %(names)s passed %(threshold)s points in round %(number)s.") % {
            "names": ", ".join(seat.player.name for seat in seats),
            "threshold": self.options["threshold"],
            "number": number,
        }

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
        return self.seats[GAMES[self.game_key].dealer(first, number, len(self.seats))]

    @property
    def actor_player_id(self) -> int | None:
        return None if self.organizer or self.link is None else self.link.player_id

    def check_open(self, number: int, *, new: bool = False) -> None:
        """Refuse entry when the clock or the card says no (the organizer may always)."""
        if self.organizer:
            return
        if self.table.turned_in_at is not None:
            raise Refused(_("This card has been turned in."))
        phase = self.clock.phase
        if phase == "not_started":
            raise Refused(_("The clock has not started yet; wait for the organizer."))
        if phase == "closed":
            raise Refused(_("Entry has closed. Ask the organizer to change the card."))
        if phase == "grace" and number > self.in_progress:
            raise Refused(_("Time was called: no new hand or round may start."))
        if new and self.limit is not None and number > self.limit and self.game_over:
            raise Refused(self.game_over)
        if new and self.next_number != number:
            raise Refused(translate(GAMES[self.game_key].in_order_phrase))


def load_card(
    token: str, *, user: Any = None, now: datetime.datetime | None = None, history: bool = True
) -> Card | None:
    """The card a private link opens, in a fixed number of queries; None when it opens nothing."""
    # The token is unique: a slice, not .first(), so there is no ORDER BY to build or sort.
    found = ScorekeeperLink.objects.select_related("table__round__event", "team").filter(
        token=token, revoked_at__isnull=True, table__round__event__status__in=LIVE_STATUSES
    )[:1]
    link = next(iter(found), None)
    if link is None:
        return None
    card = build_card(link.table, link=link, now=now, history=history)
    keeper = next((s.player for s in card.seats if s.player_id == link.player_id), None)
    if keeper is not None:
        link.player = keeper
    card.organizer = bool(user is not None and user.is_authenticated and user.is_staff)
    card.user = user if card.organizer else None
    return card


@cache
def _live_sql() -> str:
    link, table, round_, event, entry = (
        model._meta.db_table for model in (ScorekeeperLink, Table, Round, Event, ScoreEntry)
    )
    entries = f"FROM {entry} s WHERE s.table_id = t.id"
    return (
        "SELECT t.id, e.id, t.turned_in_at, t.has_first_table_bonus, e.status, e.clock_started_at,"
        f" e.time_called_at, e.extra_minutes, CAST(e.options AS TEXT),"
        # One pass over the table's entries (PostgreSQL and SQLite both concatenate).
        " (SELECT COUNT(*) || ':' || SUM(s.version) || ':' || MAX(s.id) || ':'"
        f" || MAX(s.updated_at) {entries})"
        f" FROM {link} l JOIN {table} t ON t.id = l.table_id"
        f" JOIN {round_} r ON r.id = t.round_id JOIN {event} e ON e.id = r.event_id"
        " WHERE l.token = %s AND l.revoked_at IS NULL AND e.status IN (%s, %s, %s)"
    )


def live_version(token: str) -> str | None:
    """What the live part of a card shows, as a short fingerprint; None when the link opens
    nothing.

    It changes with every change the live part shows: each entry's `version` grows with
    every change of the entry (count and highest id catch new and deleted ones; the
    latest `updated_at` a change made elsewhere, in the admin, say; a draft leaves it
    alone), and the table's turn-in and bonus and the event's status and clock are
    read as they are. The clock's own ticking is not in it: the page counts down by
    itself, and the poll carries when the phase ends (`ClockState.phase_ends_at`).
    One raw query, a single row reached through indexes (the link's unique token,
    primary keys, the entries' table): tablets poll it all evening, and the ORM's
    query building would cost more than the query.
    """
    with connection.cursor() as cursor:
        cursor.execute(_live_sql(), [token, *LIVE_STATUSES])
        row = cursor.fetchone()
    if row is None:
        return None
    return hashlib.blake2b(repr(row).encode(), digest_size=8).hexdigest()


def build_card(
    table: Table,
    *,
    link: ScorekeeperLink | None = None,
    now: datetime.datetime | None = None,
    history: bool = False,
) -> Card:
    event = table.round.event
    # Through the table's related managers, so each seat and entry knows its table.
    seats = list(table.seats.select_related("player", "team").order_by("position"))
    entries = {e.number: e for e in table.entries.order_by("number")}
    changes = []
    if history:
        changes = list(
            ScoreChange.objects.filter(entry__table=table)
            .select_related("entry", "changed_by_user", "changed_by_player")
            .order_by("-changed_at", "-id")[:50]
        )
    return Card(
        event=event,
        table=table,
        seats=seats,
        entries=entries,
        clock=clock_state(event, now),
        link=link,
        changes=changes,
    )


# -- helpers ---------------------------------------------------------------------------


def _fingerprint(card: Card, action: str, **sent: Any) -> str:
    """A hash of one request: which card and side, which action, and what was sent."""
    what = {"action": action, "table": card.table.pk, "side": card.side, **sent}
    return hashlib.sha256(json.dumps(what, sort_keys=True, default=str).encode()).hexdigest()


def _claim(key: str | None, fingerprint: str) -> dict | None:
    """Claim an idempotency key in the current transaction; a known key returns its outcome.

    A key stands for one request: sent again with other numbers (a typo fixed on a page
    whose first answer was lost), it raises `SentBefore` rather than dropping them.
    """
    if not key:
        return None
    try:
        with transaction.atomic():
            IdempotencyKey.objects.create(key=key, fingerprint=fingerprint)
    except IntegrityError:
        known = IdempotencyKey.objects.get(key=key)
        # A key kept from before fingerprints were stored has none: a resend as before.
        if known.fingerprint and known.fingerprint != fingerprint:
            raise SentBefore(
                _(
                    "This was already sent with other numbers. Check them and send "
                    "again to change what was saved."
                )
            ) from None
        return known.response or {"message": ""}
    return None


def _done(key: str | None, outcome: dict) -> dict:
    if key:
        IdempotencyKey.objects.filter(key=key).update(response=outcome)
    return outcome


def _lock_entry(table: Table, number: int) -> ScoreEntry:
    """The entry row, locked until the transaction ends (created when it is new: a row
    this transaction inserts is its own until it commits). One query when it exists."""
    entry, _created = ScoreEntry.objects.select_for_update().get_or_create(
        table=table, number=number
    )
    return entry


def _hf_status(parts: dict) -> str:
    if len(parts) < 2:
        return ScoreEntry.Status.DRAFT
    states = {part["state"] for part in parts.values()}
    if "disputed" in states:
        return ScoreEntry.Status.DISPUTED
    if states == {"confirmed"}:
        return ScoreEntry.Status.CONFIRMED
    return ScoreEntry.Status.ENTERED


def _score_hf_parts(card: Card, number: int, parts: dict) -> dict:
    """Score a hand from the parts in so far: both teams together, or one team alone
    (its points stand; the checks between the teams wait for the other part)."""
    if len(parts) == 2:
        return _score(HF, _hf_payload(number, parts), card.options)
    game = GAMES[HF]
    teams: list[dict | None] = [None, None]
    for side, part in parts.items():
        try:
            teams[int(side) - 1] = game.score_team(
                part["data"], number, int(side) - 1, card.options
            )
        except ScoreError as error:
            raise Invalid(error.errors) from None
    return {"hand": number, "teams": teams}


def _hf_payload(number: int, parts: dict) -> dict:
    teams = [parts.get(str(n), {}).get("data") or empty_team() for n in (1, 2)]
    return {"hand": number, "teams": teams}


def _score(game_key: str, payload: dict, options: dict) -> dict:
    try:
        return score(game_key, payload, options)
    except ScoreError as error:
        raise Invalid(error.errors) from None


def _exact_bid_result(
    card: Card, number: int, round_payload: dict, entries: dict[int, ScoreEntry]
) -> dict:
    """Validate an exact-bid round by scoring the whole game so far with it."""
    rounds = {n: e.payload for n, e in entries.items() if card.is_in(e)}
    rounds[number] = round_payload
    ordered = [rounds[n] for n in sorted(rounds)]
    payload = exact_bid_payload(card.player_names, card.options["start_cards"], ordered)
    return _score("exact_bid", payload, card.options)


def _record(
    entry: ScoreEntry, action: str, before: Any, after: Any, card: Card, player_id: int | None
) -> None:
    ScoreChange.objects.create(
        entry=entry,
        action=action,
        before=before,
        after=after,
        changed_by_user=card.user if card.organizer else None,
        changed_by_player_id=None if card.organizer else player_id,
    )


def preview_result(card: Card, number: int, payload: dict) -> dict:
    """Score what is being typed, as the game would (raises `Invalid`)."""
    if card.is_hf:
        entry = card.entries.get(number)
        parts = dict(entry.parts) if entry else {}
        parts[card.side] = {"data": payload}
        return _score_hf_parts(card, number, parts)
    if card.game_key == "exact_bid":
        return _exact_bid_result(card, number, payload, card.entries)
    return _score(card.game_key, payload, card.options)


def side_version(card: Card, entry: ScoreEntry | None) -> int:
    """The version of this side's part of `entry` that a form is built on (0: none yet)."""
    if entry is None:
        return 0
    if card.is_hf:
        return entry.parts.get(card.side, {}).get("version", 0)
    return entry.version if card.is_in(entry) else 0


def save_draft(card: Card, number: int, raw: dict, *, version: int = 0) -> None:
    """Keep what was typed (not yet sent) so a reload loses nothing.

    `version` is the one the form was built on: a preview that arrives after its hand
    was saved (a late one, still on its way) is for a version gone and keeps nothing.
    """
    kept = card.entries.get(number)
    if side_version(card, kept) != version:
        return
    if kept is not None and kept.drafts.get(card.side) == raw:
        return  # already kept: no lock, no write
    if kept is not None:
        # The scorekeeper types on, one preview per count: one UPDATE, kept only where
        # the row is still as this card read it (the other tablet keeps its own draft
        # in the same row; a save in between changes the version). Else lock and merge.
        drafts = {**kept.drafts, card.side: raw}
        unchanged = ScoreEntry.objects.filter(pk=kept.pk, version=kept.version, drafts=kept.drafts)
        if unchanged.update(drafts=drafts):
            return
    with transaction.atomic():
        entry = _lock_entry(card.table, number)
        if side_version(card, entry) != version:
            return  # saved since the form was shown
        drafts = dict(entry.drafts)
        if drafts.get(card.side) == raw:
            return
        drafts[card.side] = raw
        entry.drafts = drafts
        # Not `updated_at`: a draft changes nothing the other tablet shows (`live_version`).
        entry.save(update_fields=["drafts"])


# -- actions ---------------------------------------------------------------------------


def submit(card: Card, number: int, payload: dict, *, version: int, key: str | None) -> dict:
    """Enter (or change) this side's part of hand `number`; the game validates it."""
    hand_as_it_lies = card.clock.time_is_up and number == card.in_progress and not card.organizer
    with transaction.atomic():
        # A resent form (its answer was lost on the way) gets its first outcome, even
        # when the card moved on since (the other team confirmed, the card was turned
        # in). A refusal below rolls the claim back, so the key stays free.
        sent = _fingerprint(card, "entry", number=number, version=version, payload=payload)
        duplicate = _claim(key, sent)
        if duplicate is not None:
            return duplicate
        _check_submit(card, number)
        entry = _lock_entry(card.table, number)
        if card.is_hf:
            outcome = _submit_hf(card, entry, number, payload, version, hand_as_it_lies)
        else:
            outcome = _submit_round(card, entry, number, payload, version)
        ScoreEntry.objects.filter(
            pk=entry.pk, entered_at__isnull=True, status__in=_in_statuses()
        ).update(entered_at=Now())
        return _done(key, outcome)


def _check_submit(card: Card, number: int) -> None:
    existing = card.entries.get(number)
    card.check_open(number, new=not card.side_is_in(number))
    if existing is not None and not card.organizer:
        if card.is_hf:
            part = existing.parts.get(card.side)
            if part and part["state"] == "confirmed":
                raise Refused(_("This hand is confirmed; ask the organizer to change it."))
        elif existing.status == ScoreEntry.Status.CONFIRMED:
            raise Refused(_("This round is confirmed; ask the organizer to change it."))


def _in_statuses() -> list[str]:
    return [
        ScoreEntry.Status.ENTERED,
        ScoreEntry.Status.CONFIRMED,
        ScoreEntry.Status.DISPUTED,
    ]


def _submit_hf(
    card: Card, entry: ScoreEntry, number: int, part: dict, version: int, as_it_lies: bool
) -> dict:
    parts = {k: dict(v) for k, v in entry.parts.items()}
    mine = parts.get(card.side)
    current = mine["version"] if mine else 0
    if version != current:
        raise Conflict(mine["data"] if mine else None, current)
    if as_it_lies and part["went_out"]:
        raise Invalid(
            {
                f"teams.{int(card.side) - 1}.went_out": [
                    _("Time was called: this hand is scored as it lies and nobody went out.")
                ]
            }
        )
    parts[card.side] = {"data": part, "state": "entered", "by": card.actor_player_id}
    result = _score_hf_parts(card, number, parts)
    parts[card.side]["version"] = current + 1
    before = mine["data"] if mine else None
    entry.parts = parts
    entry.status = _hf_status(parts)
    if len(parts) == 2:
        entry.payload = _hf_payload(number, parts)
        entry.result = result
    entry.drafts = {k: v for k, v in entry.drafts.items() if k != card.side}
    entry.version += 1
    if entry.entered_by_id is None:
        entry.entered_by_id = card.actor_player_id
    entry.save()
    _record(entry, "changed" if mine else "entered", before, part, card, card.actor_player_id)
    return {"message": _("Hand %(number)s saved.") % {"number": number}, "number": number}


def _submit_round(card: Card, entry: ScoreEntry, number: int, payload: dict, version: int) -> dict:
    was_in = card.is_in(entry)
    if was_in and version != entry.version:
        raise Conflict(entry.payload, entry.version)
    if card.game_key == "exact_bid":
        others = {n: e for n, e in card.entries.items() if n != number}
        result = _exact_bid_result(card, number, payload, others)
    else:
        result = _score(card.game_key, payload, card.options)
    before = entry.payload if was_in else None
    entry.payload = payload
    entry.result = result
    entry.status = ScoreEntry.Status.ENTERED
    entry.entered_by_id = card.actor_player_id
    entry.confirmed_by = None
    entry.drafts = {}
    entry.version += 1
    entry.save()
    _record(entry, "changed" if was_in else "entered", before, payload, card, card.actor_player_id)
    return {"message": _("Round %(number)s saved.") % {"number": number}, "number": number}


def _entry_to_answer(card: Card, number: int, nothing_yet: str) -> ScoreEntry:
    """The entered hand or round that the other side confirms or disputes, locked."""
    card.check_open(number)
    entry = _lock_entry(card.table, number)
    if not card.is_in(entry):
        raise Refused(nothing_yet)
    return entry


def confirm(
    card: Card, number: int, *, version: int, key: str | None, player_id: int | None = None
) -> dict:
    """The other side's eyes: confirm what was entered (the version they saw)."""
    with transaction.atomic():
        sent = _fingerprint(card, "confirm", number=number, version=version, player=player_id)
        duplicate = _claim(key, sent)
        if duplicate is not None:
            return duplicate
        entry = _entry_to_answer(card, number, _("There is nothing to confirm yet."))
        if card.is_hf:
            parts = {k: dict(v) for k, v in entry.parts.items()}
            other = parts[card.other_side]
            if other["version"] != version:
                raise Conflict(other["data"], other["version"])
            other["state"] = "confirmed"
            entry.parts = parts
            entry.status = _hf_status(parts)
            confirmer = card.actor_player_id
        else:
            if entry.version != version:
                raise Conflict(entry.payload, entry.version)
            seated = {s.player_id for s in card.seats}
            if player_id not in seated or player_id == entry.entered_by_id:
                raise Refused(_("Another player at the table confirms."))
            entry.status = ScoreEntry.Status.CONFIRMED
            confirmer = player_id
        if entry.status == ScoreEntry.Status.CONFIRMED:
            entry.confirmed_by_id = confirmer
        entry.version += 1
        entry.save()
        _record(entry, "confirmed", None, None, card, confirmer)
        return _done(key, {"message": _("Confirmed."), "number": number})


def dispute(
    card: Card,
    number: int,
    *,
    version: int,
    key: str | None,
    note: str,
    proposed: dict | None = None,
    player_id: int | None = None,
) -> dict:
    """Send a hand to the organizer with a note (and, optionally, this side's version)."""
    with transaction.atomic():
        sent = _fingerprint(
            card, "dispute", number=number, version=version, note=note, proposed=proposed
        )
        duplicate = _claim(key, sent)
        if duplicate is not None:
            return duplicate
        entry = _entry_to_answer(card, number, _("There is nothing to dispute yet."))
        proposed_payload = None
        if card.is_hf:
            parts = {k: dict(v) for k, v in entry.parts.items()}
            other = parts[card.other_side]
            if other["version"] != version:
                raise Conflict(other["data"], other["version"])
            other["state"] = "disputed"
            entry.parts = parts
            if proposed is not None:
                theirs = {**parts, card.other_side: {**other, "data": proposed}}
                proposed_payload = _hf_payload(number, theirs)
                _score(HF, proposed_payload, card.options)
        elif entry.version != version:
            raise Conflict(entry.payload, entry.version)
        entry.status = ScoreEntry.Status.DISPUTED
        entry.dispute_note = note
        entry.proposed_payload = proposed_payload
        entry.version += 1
        entry.save()
        who = card.actor_player_id if card.is_hf else player_id
        _record(entry, "disputed", entry.payload, proposed_payload, card, who)
        return _done(key, {"message": _("Sent to the organizer."), "number": number})


def settle_dispute(entry: ScoreEntry, *, payload: dict, user: Any) -> ScoreEntry:
    """The organizer's decision on a disputed entry: validated by the game, then confirmed.

    `payload` is the entry's payload as `clubscore.events.results` stores it (the
    whole hand; for the exact-bid game the round's bids and tricks). Bad numbers raise
    `ScoreError` (its `.errors` as in the scoring contract) and change nothing.
    """
    with transaction.atomic():
        entry = (
            ScoreEntry.objects.select_for_update()
            .select_related("table__round__event")
            .get(pk=entry.pk)
        )
        table = entry.table
        event = table.round.event
        options = event.game_options
        if event.game == "exact_bid":
            card = build_card(table)
            result = _exact_bid_result(card, entry.number, payload, card.entries)
        else:
            result = score(event.game, payload, options)
        before = entry.payload
        entry.payload = payload
        entry.result = result
        entry.status = ScoreEntry.Status.CONFIRMED
        if event.game == HF:
            entry.parts = {
                str(n): {
                    **entry.parts.get(str(n), {}),
                    "data": payload["teams"][n - 1],
                    "state": "confirmed",
                    "version": entry.parts.get(str(n), {}).get("version", 0) + 1,
                }
                for n in (1, 2)
            }
        entry.version += 1
        entry.save()
        ScoreEntry.objects.filter(pk=entry.pk, entered_at__isnull=True).update(entered_at=Now())
        ScoreChange.objects.create(
            entry=entry, action="settled", before=before, after=payload, changed_by_user=user
        )
    return entry


def turn_in(
    table: Table, *, now: datetime.datetime | None = None, organizer: bool = False
) -> Table:
    """Turn the card in; the first table of the round within the time limit gets the bonus.

    The table row is locked while its card is checked; then the round row is locked for
    the few statements that decide the bonus, so the tables of a round turn in one after
    another in the order of their `turned_in_at` (the database's time, taken under that
    lock). The partial unique constraint on `has_first_table_bonus` is the last word:
    exactly one table wins.
    """
    with transaction.atomic():
        table = (
            Table.objects.select_for_update(of=("self",))
            .select_related("round__event")
            .get(pk=table.pk)
        )
        round_ = table.round
        if table.turned_in_at is not None:
            raise Refused(_("This card has been turned in."))
        card = build_card(table, now=now)
        if not card.ready_to_turn_in:
            raise Refused(
                _("Every hand must be entered and confirmed before the card is turned in.")
            )
        if card.clock.phase == "closed" and not organizer:
            raise Refused(_("Entry has closed. Ask the organizer to change the card."))
        # Held until the commit: keep what follows short (other tables wait for it).
        Round.objects.select_for_update().filter(pk=round_.pk).values_list("pk").get()
        Table.objects.filter(pk=table.pk).update(turned_in_at=Now())
        table.refresh_from_db(fields=["turned_in_at"])
        bonus = card.options.get("first_table_bonus", 0)
        ends_at = card.clock.ends_at
        within = ends_at is None or table.turned_in_at <= ends_at
        if (
            bonus
            and within
            and not Table.objects.filter(round=round_, has_first_table_bonus=True).exists()
        ):
            try:
                with transaction.atomic():
                    Table.objects.filter(pk=table.pk).update(has_first_table_bonus=True)
                table.has_first_table_bonus = True
            except IntegrityError:
                pass  # another table won the race; the constraint decided
    return table


def turn_in_card(card: Card, *, key: str | None) -> dict:
    """A scorekeeper turns the card in; a resent form gets its first outcome, no error."""
    with transaction.atomic():
        duplicate = _claim(key, _fingerprint(card, "turn_in"))
        if duplicate is not None:
            return duplicate
        table = turn_in(card.table, organizer=card.organizer)
        if table.has_first_table_bonus:
            message = _("Card turned in: first table! The bonus is yours.")
        else:
            message = _("Card turned in. Thank you!")
        return _done(key, {"message": message})
