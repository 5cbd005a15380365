"""The scorekeeper's actions on a card: save, preview and drafts, confirm, dispute,
turn in. (The organizer settles a dispute on the dashboard: `dashboard.disputes`.)

Two sets of eyes: in Hand and Foot each team confirms the other team's part; in the
other games the scorekeeper enters and another player at the table confirms on the
same tablet ("Confirm as <player>"), since those tables have one scorekeeper link.

Every action runs in one transaction that locks the entry row; a resent form (same
idempotency key) returns the first outcome (`idempotency`); a form built on an older
version of the entry raises `Conflict` instead of overwriting.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models.functions import Now
from django.utils.translation import gettext as _

from clubscore.events.models import Round, ScoreChange, ScoreEntry, Table, TeamPart
from clubscore.games import ScoreError

from .card import ScoreCard, build_card
from .errors import Conflict, Invalid, Refused
from .idempotency import claim, done, fingerprint


def _lock_entry(table: Table, number: int) -> ScoreEntry:
    """The entry row, locked until the transaction ends (created when it is new: a row
    this transaction inserts is its own until it commits). One query when it exists."""
    entry, _created = ScoreEntry.objects.select_for_update().get_or_create(
        table=table, number=number
    )
    return entry


def _parts_status(card: ScoreCard, parts: dict[str, TeamPart]) -> str:
    """The entry's status from its teams' parts: in when every team's part is."""
    if len(parts) < card.game.teams:
        return ScoreEntry.Status.DRAFT
    states = {part.state for part in parts.values()}
    if TeamPart.State.DISPUTED in states:
        return ScoreEntry.Status.DISPUTED
    if states == {TeamPart.State.CONFIRMED}:
        return ScoreEntry.Status.CONFIRMED
    return ScoreEntry.Status.ENTERED


def _score_parts(card: ScoreCard, number: int, parts: dict[str, TeamPart]) -> dict:
    """Score a hand from the parts in so far: all teams together, or a team alone
    (its points stand; the checks between the teams wait for the other part)."""
    if len(parts) == card.game.teams:
        return _score(card, number, _whole_entry(card, number, parts))
    teams: list[dict | None] = [None] * card.game.teams
    for side, part in parts.items():
        try:
            teams[int(side) - 1] = card.game.score_team(
                part.data, number, int(side) - 1, card.options
            )
        except ScoreError as error:
            raise Invalid(error.errors) from None
    return {"hand": number, "teams": teams}


def _whole_entry(card: ScoreCard, number: int, parts: dict[str, TeamPart]) -> dict:
    sides = range(1, card.game.teams + 1)
    return card.game.whole_entry(number, [getattr(parts.get(str(n)), "data", None) for n in sides])


def _score(card: ScoreCard, number: int, payload: dict) -> dict:
    try:
        return card.score_with(number, payload)
    except ScoreError as error:
        raise Invalid(error.errors) from None


def _record(
    entry: ScoreEntry, action: str, before: Any, after: Any, card: ScoreCard, player_id: int | None
) -> None:
    ScoreChange.objects.create(
        entry=entry,
        action=action,
        before=before,
        after=after,
        changed_by_user=card.user if card.organizer else None,
        changed_by_player_id=None if card.organizer else player_id,
    )


def preview_result(card: ScoreCard, number: int, payload: dict) -> dict:
    """Score what is being typed, as the game would (raises `Invalid`)."""
    if card.parts_per_team:
        entry = card.entries.get(number)
        parts = entry.parts_by_team() if entry else {}
        parts[card.side] = TeamPart(team=int(card.side), data=payload)
        return _score_parts(card, number, parts)
    return _score(card, number, payload)


def side_version(card: ScoreCard, entry: ScoreEntry | None) -> int:
    """The version of this side's part of `entry` that a form is built on (0: none yet)."""
    if entry is None:
        return 0
    if card.parts_per_team:
        return entry.part_version(card.side)
    return entry.version if card.is_in(entry) else 0


def save_draft(card: ScoreCard, number: int, raw: dict, *, version: int = 0) -> None:
    """Keep what was typed (not yet sent) so a reload loses nothing.

    `version` is the one the form was built on: a preview that arrives after its hand
    was saved (a late one, still on its way) is for a version gone and keeps nothing.
    """
    kept = card.entries.get(number)
    if side_version(card, kept) != version:
        return
    if kept is not None and kept.draft(card.side) == raw:
        return  # already kept: no lock, no write
    if kept is not None and kept.draft(card.side) is not None:
        # The scorekeeper types on, one preview per count: one UPDATE of this side's
        # draft, kept only while the entry is as this card read it (a save in between
        # changes its version). Else (or no draft yet) lock the entry and keep it there.
        mine = kept.drafts.filter(side=int(card.side), entry__version=kept.version)
        if mine.update(data=raw, updated_at=Now()):
            return
    with transaction.atomic():
        entry = _lock_entry(card.table, number)
        if side_version(card, entry) != version:
            return  # saved since the form was shown
        # Not the entry itself: a draft changes nothing the other tablet shows (`live_version`).
        entry.keep_draft(card.side, raw)


# -- actions ---------------------------------------------------------------------------


def submit(card: ScoreCard, number: int, payload: dict, *, version: int, key: str | None) -> dict:
    """Enter (or change) this side's part of hand `number`; the game validates it."""
    hand_as_it_lies = card.clock.time_is_up and number == card.in_progress and not card.organizer
    with transaction.atomic():
        # A resent form (its answer was lost on the way) gets its first outcome, even
        # when the card moved on since (the other team confirmed, the card was turned
        # in). A refusal below rolls the claim back, so the key stays free.
        sent = fingerprint(card, "entry", number=number, version=version, payload=payload)
        duplicate = claim(key, sent)
        if duplicate is not None:
            return duplicate
        _check_submit(card, number)
        entry = _lock_entry(card.table, number)
        if card.parts_per_team:
            outcome = _submit_part(card, entry, number, payload, version, hand_as_it_lies)
        else:
            outcome = _submit_round(card, entry, number, payload, version)
        ScoreEntry.objects.filter(
            pk=entry.pk, entered_at__isnull=True, status__in=_in_statuses()
        ).update(entered_at=Now())
        return done(key, outcome)


def _check_submit(card: ScoreCard, number: int) -> None:
    existing = card.entries.get(number)
    card.check_open(number, new=not card.side_is_in(number))
    if existing is not None and not card.organizer:
        if card.parts_per_team:
            part = existing.part(card.side)
            if part and part.is_confirmed:
                raise Refused(_("This hand is confirmed; ask the organizer to change it."))
        elif existing.status == ScoreEntry.Status.CONFIRMED:
            raise Refused(_("This round is confirmed; ask the organizer to change it."))


def _in_statuses() -> list[str]:
    return [
        ScoreEntry.Status.ENTERED,
        ScoreEntry.Status.CONFIRMED,
        ScoreEntry.Status.DISPUTED,
    ]


def _entered_state(card: ScoreCard, before: TeamPart | None) -> str:
    """The state of a part just saved. The organizer's correction of a confirmed part
    stays confirmed: it is the organizer's word, recorded in the change log, so a hand
    changed after Reopen (or after the card was turned in) keeps counting. Anything else
    waits for the other team's eyes."""
    if card.organizer and before is not None and before.is_confirmed:
        return TeamPart.State.CONFIRMED
    return TeamPart.State.ENTERED


def _submit_part(
    card: ScoreCard, entry: ScoreEntry, number: int, part: dict, version: int, as_it_lies: bool
) -> dict:
    parts = entry.parts_by_team()
    mine = parts.get(card.side)
    current = mine.version if mine else 0
    if version != current:
        raise Conflict(mine.data if mine else None, current)
    if as_it_lies and part["went_out"]:
        raise Invalid(
            {
                f"teams.{int(card.side) - 1}.went_out": [
                    _("Time was called: this hand is scored as it lies and nobody went out.")
                ]
            }
        )
    before = mine.data if mine else None
    new = parts[card.side] = mine or TeamPart(entry=entry, team=int(card.side))
    new.data, new.state, new.entered_by_id = part, _entered_state(card, mine), card.actor_player_id
    result = _score_parts(card, number, parts)
    new.version = current + 1
    new.save()
    entry.status = _parts_status(card, parts)
    if len(parts) == card.game.teams:
        entry.payload = _whole_entry(card, number, parts)
        entry.result = result
    entry.drop_drafts(card.side)
    entry.version += 1
    if entry.entered_by_id is None:
        entry.entered_by_id = card.actor_player_id
    entry.save()
    _record(entry, "changed" if mine else "entered", before, part, card, card.actor_player_id)
    return {"message": _("Hand %(number)s saved.") % {"number": number}, "number": number}


def _submit_round(
    card: ScoreCard, entry: ScoreEntry, number: int, payload: dict, version: int
) -> dict:
    was_in = card.is_in(entry)
    if was_in and version != entry.version:
        raise Conflict(entry.payload, entry.version)
    result = _score(card, number, payload)
    before = entry.payload if was_in else None
    entry.payload = payload
    entry.result = result
    # The organizer's correction of a confirmed round stays confirmed (as `_entered_state`).
    kept = card.organizer and entry.status == ScoreEntry.Status.CONFIRMED
    entry.status = ScoreEntry.Status.CONFIRMED if kept else ScoreEntry.Status.ENTERED
    entry.entered_by_id = card.actor_player_id
    entry.confirmed_by = None
    entry.drop_drafts()
    entry.version += 1
    entry.save()
    _record(entry, "changed" if was_in else "entered", before, payload, card, card.actor_player_id)
    return {"message": _("Round %(number)s saved.") % {"number": number}, "number": number}


def _entry_to_answer(card: ScoreCard, number: int, nothing_yet: str) -> ScoreEntry:
    """The entered hand or round that the other side confirms or disputes, locked."""
    card.check_open(number)
    entry = _lock_entry(card.table, number)
    if not card.is_in(entry):
        raise Refused(nothing_yet)
    return entry


def confirm(
    card: ScoreCard, number: int, *, version: int, key: str | None, player_id: int | None = None
) -> dict:
    """The other side's eyes: confirm what was entered (the version they saw)."""
    with transaction.atomic():
        sent = fingerprint(card, "confirm", number=number, version=version, player=player_id)
        duplicate = claim(key, sent)
        if duplicate is not None:
            return duplicate
        entry = _entry_to_answer(card, number, _("There is nothing to confirm yet."))
        if card.parts_per_team:
            parts = entry.parts_by_team()
            other = parts[card.other_side]
            if other.version != version:
                raise Conflict(other.data, other.version)
            other.state = TeamPart.State.CONFIRMED
            other.save(update_fields=["state", "updated_at"])
            entry.status = _parts_status(card, parts)
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
        return done(key, {"message": _("Confirmed."), "number": number})


def dispute(
    card: ScoreCard,
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
        sent = fingerprint(
            card, "dispute", number=number, version=version, note=note, proposed=proposed
        )
        duplicate = claim(key, sent)
        if duplicate is not None:
            return duplicate
        entry = _entry_to_answer(card, number, _("There is nothing to dispute yet."))
        proposed_payload = None
        if card.parts_per_team:
            parts = entry.parts_by_team()
            other = parts[card.other_side]
            if other.version != version:
                raise Conflict(other.data, other.version)
            other.state = TeamPart.State.DISPUTED
            other.save(update_fields=["state", "updated_at"])
            if proposed is not None:
                theirs = {**parts, card.other_side: TeamPart(team=other.team, data=proposed)}
                proposed_payload = _whole_entry(card, number, theirs)
                _score(card, number, proposed_payload)
        elif entry.version != version:
            raise Conflict(entry.payload, entry.version)
        entry.status = ScoreEntry.Status.DISPUTED
        entry.dispute_note = note
        entry.proposed_payload = proposed_payload
        entry.version += 1
        entry.save()
        who = card.actor_player_id if card.parts_per_team else player_id
        _record(entry, "disputed", entry.payload, proposed_payload, card, who)
        return done(key, {"message": _("Sent to the organizer."), "number": number})


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


def turn_in_card(card: ScoreCard, *, key: str | None) -> dict:
    """A scorekeeper turns the card in; a resent form gets its first outcome, no error."""
    with transaction.atomic():
        duplicate = claim(key, fingerprint(card, "turn_in"))
        if duplicate is not None:
            return duplicate
        table = turn_in(card.table, organizer=card.organizer)
        if table.has_first_table_bonus:
            message = _("Card turned in: first table! The bonus is yours.")
        else:
            message = _("Card turned in. Thank you!")
        return done(key, {"message": message})
