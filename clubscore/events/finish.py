"""Finishing the evening: settle every card that is not in, then make the event final.

What is still open: each card not turned in (and not marked "not played"), and each
disputed hand or round. The organizer settles a card in one of two ways:

- score it as it lies: every hand or round entered is confirmed as entered (recorded,
  by the organizer) and the card is turned in, without the first-table bonus; a hand
  only one team entered does not count. A disputed hand is settled first, on the
  dashboard (the organizer decides which version counts).
- mark the table "not played": its card does not count (`Table.not_played`).

Once nothing is open the event is final: the scorekeeper links open nothing any more
(their card page says the evening is over), the ladder counts it and the final
standings print. A final evening can be reopened (status back to "time called").
Both are recorded (`ClockAction`) and announced (`clubscore.events.signals`) once the
transaction commits.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Count, Prefetch, Q
from django.db.models.functions import Now
from django.utils.translation import gettext as _

from clubscore.errors import Refused

from .models import ClockAction, Event, Round, ScoreChange, ScoreEntry, Seat, Table, TeamPart
from .signals import event_finished, event_reopened


class FinishRefused(Refused):
    """The evening cannot be finished (or reopened, or the card settled) now: the message
    says why, in plain words."""


def open_cards(event: Event) -> list[Table]:
    """Every card of the evening not turned in and not marked not played: its tables,
    each with what was entered on it (`entered`: hands or rounds entered, waiting,
    confirmed or disputed; `confirmed`; `disputed`, the disputed entries) and its seats:
    three queries, whatever the size of the evening."""
    statuses = ScoreEntry.Status
    tables = (
        Table.objects.filter(round__event=event)
        .open()
        .select_related("round")
        .annotate(
            entered=Count("entries", filter=~Q(entries__status=statuses.DRAFT)),
            confirmed=Count("entries", filter=Q(entries__status=statuses.CONFIRMED)),
        )
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position")),
            Prefetch(
                "entries",
                queryset=ScoreEntry.objects.disputed().only("id", "table_id", "number", "status"),
                to_attr="disputed",
            ),
        )
        .order_by("round__number", "number")
    )
    return list(tables)


def _user(user: Any) -> Any:
    return user if user is not None and getattr(user, "is_authenticated", False) else None


def _open_table(event: Event, table_id: int) -> Table:
    """The table of `event` to settle, locked; refused when the evening is final or the
    card is settled already."""
    if event.status == Event.Status.FINAL:
        raise FinishRefused(_("The evening is final: reopen it to change a card."))
    table = (
        Table.objects.select_for_update(of=("self",))
        .select_related("round")
        .filter(pk=table_id, round__event=event)
        .first()
    )
    if table is None:
        raise FinishRefused(_("That table is not part of this evening."))
    if table.turned_in_at is not None:
        raise FinishRefused(_("%(table)s has turned in its card already.") % {"table": table})
    if table.not_played:
        raise FinishRefused(_("%(table)s is marked not played already.") % {"table": table})
    return table


def score_as_it_lies(event: Event, table_id: int, *, user: Any = None) -> Table:
    """Confirm what the table entered, as entered, and turn its card in (no bonus)."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        table = _open_table(event, table_id)
        entries = list(
            ScoreEntry.objects.select_for_update().filter(table=table).order_by("number")
        )
        if any(entry.status == ScoreEntry.Status.DISPUTED for entry in entries):
            raise FinishRefused(
                _("%(table)s has a disputed entry: settle it on the dashboard first.")
                % {"table": table}
            )
        for entry in entries:
            if entry.status != ScoreEntry.Status.ENTERED:
                continue  # confirmed already, or only one team's part (it does not count)
            entry.status = ScoreEntry.Status.CONFIRMED
            entry.parts.update(state=TeamPart.State.CONFIRMED, updated_at=Now())
            entry.version += 1
            entry.save(update_fields=["status", "version", "updated_at"])
            ScoreChange.objects.create(
                entry=entry, action="confirmed", changed_by_user=_user(user), after=entry.payload
            )
        Table.objects.filter(pk=table.pk).update(turned_in_at=Now())
        table.refresh_from_db(fields=["turned_in_at"])
    return table


def mark_not_played(event: Event, table_id: int, *, user: Any = None) -> Table:
    """The table did not play: its card does not count, its players "did not play"."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        table = _open_table(event, table_id)
        table.not_played = True
        table.save(update_fields=["not_played"])
    return table


def finish_event(event: Event, *, user: Any = None) -> Event:
    """Make the evening final once every card is settled and no dispute is open."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status == Event.Status.FINAL:
            raise FinishRefused(_("The evening is final already."))
        if not Round.objects.filter(event=event).exists():
            raise FinishRefused(_("No tables were drawn: there is nothing to finish."))
        left = Table.objects.filter(round__event=event).open()
        count = left.count()
        if count:
            raise FinishRefused(
                _(
                    "%(count)s card(s) are not in yet: score each as it lies or mark its "
                    "table not played."
                )
                % {"count": count}
            )
        event.status = Event.Status.FINAL
        event.save(update_fields=["status"])
        ClockAction.objects.create(event=event, action=ClockAction.Action.FINISH, user=_user(user))
        transaction.on_commit(lambda: event_finished.send(sender=Event, event=event))
    return event


def reopen_event(event: Event, *, user: Any = None) -> Event:
    """A final evening is open again (time called): cards can be changed, then finished
    again. Recorded."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != Event.Status.FINAL:
            raise FinishRefused(_("Only a final evening can be reopened."))
        event.status = Event.Status.TIME_CALLED
        event.save(update_fields=["status"])
        ClockAction.objects.create(event=event, action=ClockAction.Action.REOPEN, user=_user(user))
        transaction.on_commit(lambda: event_reopened.send(sender=Event, event=event))
    return event
