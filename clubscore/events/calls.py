"""Calling the organizer to a table (issue 25): from a scorekeeper's card or a player's
page; the dashboard answers "On my way", then "Done".

One open call per table is the database's rule (`one_open_call_per_table`): two phones
calling at once make one call, the second hears that the organizer is called already.
A call resent with its key (the offline queue) is stored once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubscore.club.models import Player

from .models import Event, OrganizerCall, Table

NOTE_LENGTH = 200


class CallRefused(Exception):
    """The call cannot be made or answered; the message says why, to show as it is."""


@dataclass
class Called:
    call: OrganizerCall
    new: bool  # False: the table had called already, or this call was sent before
    # Another's call was open: this one's reason and note went nowhere (said so).
    not_added: bool = False
    # That note, said back in the answer: what was typed is not lost from sight.
    unsent_note: str = ""

    @property
    def message(self) -> str:
        if self.new:
            return _("The organizer has been called.")
        if self.not_added and self.unsent_note:
            return _(
                "The organizer has been called already (%(reason)s); your call was not "
                "added: tell the organizer when they come. Your note: “%(note)s”"
            ) % {"reason": self.call.get_reason_display(), "note": self.unsent_note}
        if self.not_added:
            return _(
                "The organizer has been called already (%(reason)s); your call was not "
                "added: tell the organizer why when they come."
            ) % {"reason": self.call.get_reason_display()}
        return _("The organizer has been called already.")


def call_organizer(
    table: Table,
    *,
    reason: str,
    note: str = "",
    player: Player | None = None,
    source: str = OrganizerCall.Source.PHONE,
    key: str | None = None,
) -> Called:
    """Call the organizer to `table` (its evening under way); the open call if one is."""
    if reason not in OrganizerCall.Reason.values:
        raise CallRefused(_("Choose why you call the organizer."))
    note = (note or "").strip()
    if len(note) > NOTE_LENGTH:
        raise CallRefused(
            _("The note is too long: at most %(count)d characters.") % {"count": NOTE_LENGTH}
        )
    if key:
        sent = OrganizerCall.objects.filter(key=key).first()
        if sent is not None and sent.table_id != table.pk:
            key = None  # another table's key: not this table's answer, nor its words
        elif sent is not None:
            # Sent again as it was: the same call. With other words: they were not added.
            return _not_added(sent, reason, note)
    event_id = table.round.event_id
    try:
        with transaction.atomic():
            call = OrganizerCall.objects.create(
                event_id=event_id,
                table=table,
                reason=reason,
                note=note,
                player=player,
                source=source,
                key=key or None,
            )
    except IntegrityError:
        # The table's open call (the constraint), or this key sent at the same instant.
        known = open_call(table) or OrganizerCall.objects.filter(key=key, table=table).first()
        if known is None:
            raise CallRefused(_("The call could not be made; try again.")) from None
        return _not_added(known, reason, note)
    return Called(call, new=True)


def _not_added(call: OrganizerCall, reason: str, note: str) -> Called:
    """The call that stands, and whether this one's other words went nowhere."""
    other = (call.reason, call.note) != (reason, note)
    return Called(call, new=False, not_added=other, unsent_note=note if other else "")


def open_call(table: Table | int) -> OrganizerCall | None:
    """The table's open call, or None (one query)."""
    table_id = table if isinstance(table, int) else table.pk
    # At most one (a constraint): a slice, not .first(), so there is no ORDER BY to build.
    found = OrganizerCall.objects.filter(table_id=table_id, closed_at__isnull=True)[:1]
    return next(iter(found), None)


def open_calls(event: Event) -> list[OrganizerCall]:
    """The evening's open calls, the longest waiting first (one query)."""
    return list(
        OrganizerCall.objects.filter(event=event, closed_at__isnull=True)
        .select_related("table__round", "player")
        .order_by("called_at", "pk")
    )


def _locked(event: Event, call_id: int) -> OrganizerCall:
    call = OrganizerCall.objects.select_for_update().filter(pk=call_id, event=event).first()
    if call is None:
        raise CallRefused(_("That call is not one of this evening's."))
    return call


@transaction.atomic
def on_my_way(event: Event, call_id: int, user: Any = None) -> OrganizerCall:
    """The organizer answers: the caller's screen reads "The organizer is on the way"."""
    call = _locked(event, call_id)
    if call.closed_at is not None:
        raise CallRefused(_("That call is done already."))
    if call.answered_at is None:
        call.answered_at = timezone.now()
        call.answered_by = user if user is not None and user.is_authenticated else None
        call.save(update_fields=["answered_at", "answered_by"])
    return call


@transaction.atomic
def done(event: Event, call_id: int, user: Any = None) -> OrganizerCall:
    """The call is dealt with: it leaves the lists and the caller's screen clears."""
    call = _locked(event, call_id)
    if call.closed_at is not None:
        return call  # a resent "Done": nothing changes
    now = timezone.now()
    call.closed_at = now
    call.closed_by = user if user is not None and user.is_authenticated else None
    fields = ["closed_at", "closed_by"]
    if call.answered_at is None:
        call.answered_at, call.answered_by = now, call.closed_by
        fields += ["answered_at", "answered_by"]
    call.save(update_fields=fields)
    return call


def close_open_calls(event: Event, user: Any = None) -> int:
    """The evening is finished: its calls still open are closed (no table is left to go
    to; the dashboard and the cards stop showing them). Returns how many."""
    closer = user if user is not None and user.is_authenticated else None
    return OrganizerCall.objects.filter(event=event, closed_at__isnull=True).update(
        closed_at=timezone.now(), closed_by=closer
    )
