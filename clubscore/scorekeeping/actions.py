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

from django.db import IntegrityError, transaction
from django.db.models.functions import Now
from django.utils import timezone
from django.utils.translation import gettext as _

from clubscore.events.models import Draft, Round, ScoreEntry, Table
from clubscore.translation import translate

from .card import ScoreCard, build_card
from .errors import Refused, TurnedInAlready
from .idempotency import claim, done, fingerprint
from .modes import record


def _lock_entry(table: Table, number: int) -> ScoreEntry:
    """The entry row, locked until the transaction ends (created when it is new: a row
    this transaction inserts is its own until it commits). One query when it exists.

    The caller holds the table's lock already (`ScoreCard.lock_table`, which says why)."""
    entry, _created = ScoreEntry.objects.select_for_update().get_or_create(
        table=table, number=number
    )
    return entry


def preview_result(card: ScoreCard, number: int, payload: dict) -> dict:
    """Score what is being typed, as the game would (raises `Invalid`)."""
    return card.mode.preview_result(card, number, payload)


def side_version(card: ScoreCard, entry: ScoreEntry | None) -> int:
    """The version of this side's part of `entry` that a form is built on (0: none yet)."""
    return card.mode.version(card, entry)


def save_draft(card: ScoreCard, number: int, raw: dict, *, version: int = 0) -> bool:
    """Keep what was typed (not yet sent) so a reload or another tablet loses nothing;
    whether it was kept.

    `version` is the one the form was built on: a draft that arrives after its hand
    was saved (a late one, still on its way) is for a version gone and keeps nothing.
    """
    kept = card.entries.get(number)
    if side_version(card, kept) != version:
        return False
    if kept is not None:
        # The scorekeeper types on: one UPDATE of this side's draft. A draft is only of
        # a hand this side has not sent, and sending it drops the draft, so a late draft
        # finds none and goes on below, where the locked entry's version refuses it. Else
        # (no draft yet) lock the entry and keep it there.
        mine = Draft.objects.filter(entry_id=kept.pk, side=int(card.side))
        if mine.update(data=raw, updated_at=timezone.now()):
            return True
    with transaction.atomic():
        card.lock_table()
        entry = _lock_entry(card.table, number)
        if side_version(card, entry) != version:
            return False  # saved since the form was shown
        # Not the entry itself: a draft changes nothing the other tablet shows (`live_version`).
        entry.keep_draft(card.side, raw)
        return True


# -- actions ---------------------------------------------------------------------------


def submit(card: ScoreCard, number: int, payload: dict, *, version: int, key: str | None) -> dict:
    """Enter (or change) this side's part of hand `number`; the game validates it."""
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
        outcome = card.mode.submit(card, entry, number, payload, version)
        ScoreEntry.objects.filter(
            pk=entry.pk, entered_at__isnull=True, status__in=_in_statuses()
        ).update(entered_at=Now())
        return done(key, outcome)


def _check_submit(card: ScoreCard, number: int) -> None:
    existing = card.entries.get(number)
    card.check_open(number, new=not card.side_is_in(number), locked=True)
    if existing is not None and not card.organizer:
        card.mode.check_change(card, existing)


def _in_statuses() -> list[str]:
    return [
        ScoreEntry.Status.ENTERED,
        ScoreEntry.Status.CONFIRMED,
        ScoreEntry.Status.DISPUTED,
    ]


def _entry_to_answer(card: ScoreCard, number: int, nothing_yet: str) -> ScoreEntry:
    """The entered hand or round that the other side confirms or disputes, locked."""
    card.check_open(number, locked=True)
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
        confirmer = card.mode.confirm(card, entry, version, player_id)
        if entry.status == ScoreEntry.Status.CONFIRMED:
            entry.confirmed_by_id = confirmer
        entry.version += 1
        entry.save()
        record(entry, "confirmed", None, None, card, confirmer)
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
    again: bool = False,
) -> dict:
    """Send a hand to the organizer with a note (and, optionally, this side's version).
    `again`: the page showed the hand disputed by this side already, so this dispute
    replaces that one; else a dispute sent meanwhile (another tablet) is refused, never
    overwritten unseen."""
    with transaction.atomic():
        sent = fingerprint(
            card, "dispute", number=number, version=version, note=note, proposed=proposed
        )
        duplicate = claim(key, sent)
        if duplicate is not None:
            return duplicate
        entry = _entry_to_answer(card, number, _("There is nothing to dispute yet."))
        if not again and card.mode.is_disputed(card, entry):
            raise Refused(
                _(
                    "This was disputed already, with the note “%(note)s”."
                    " Send again to replace that dispute with this one."
                )
                % {"note": entry.dispute_note}
            )
        who = card.mode.disputer(card, entry, player_id)
        proposed_payload = card.mode.dispute(card, entry, number, version, proposed)
        entry.status = ScoreEntry.Status.DISPUTED
        entry.dispute_note = note
        entry.proposed_payload = proposed_payload
        entry.version += 1
        entry.save()
        record(entry, "disputed", entry.payload, proposed_payload, card, who)
        return done(key, {"message": _("Sent to the organizer."), "number": number})


def turn_in(
    table: Table, *, now: datetime.datetime | None = None, organizer: bool = False
) -> Table:
    """Turn the card in; the first table of the round within the time limit gets the bonus.

    The table row is locked while its card is checked; then the round row is locked for
    the few statements that decide the bonus, so the tables of a round turn in one after
    another in the order of their `turned_in_at` (the database's time, taken under that
    lock). The partial unique constraint on `has_bonus` is the last word:
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
            raise TurnedInAlready(_("This card has been turned in."))
        card = build_card(table, now=now)
        if not card.ready_to_turn_in:
            raise Refused(translate(card.game.words.every_confirmed_first))
        if card.clock.phase == "closed" and not organizer:
            raise Refused(_("Entry has closed. Ask the organizer to change the card."))
        # Held until the commit: keep what follows short (other tables wait for it).
        Round.objects.select_for_update().filter(pk=round_.pk).values_list("pk").get()
        # A card turned in counts: a "not played" marked before is undone (the tile said
        # "Turned in" over its totals while the standings said "Did not play").
        Table.objects.filter(pk=table.pk).update(turned_in_at=Now(), not_played=False)
        table.refresh_from_db(fields=["turned_in_at", "not_played"])
        bonus = card.first_table_points
        ends_at = card.clock.ends_at
        within = ends_at is None or table.turned_in_at <= ends_at
        if bonus and within and not Table.objects.filter(round=round_, has_bonus=True).exists():
            try:
                with transaction.atomic():
                    Table.objects.filter(pk=table.pk).update(has_bonus=True)
                table.has_bonus = True
            except IntegrityError:
                pass  # another table won the race; the constraint decided
    return table


def turn_in_card(card: ScoreCard, *, key: str | None) -> dict:
    """A scorekeeper turns the card in; a resent form gets its first outcome, no error."""
    with transaction.atomic():
        duplicate = claim(key, fingerprint(card, "turn_in"))
        if duplicate is not None:
            return duplicate
        try:
            table = turn_in(card.table, organizer=card.organizer)
        except TurnedInAlready:
            # The other team's tablet (or the organizer) was first: what was asked is done.
            return done(key, {"message": _("The card was turned in already.")})
        if table.has_bonus:
            message = _("Card turned in: first table! The bonus is yours.")
        else:
            message = _("Card turned in. Thank you!")
        return done(key, {"message": message})
