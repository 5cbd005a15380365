"""Finishing the evening: settle every card that is not in, then make the event final.

What is still open: each card not turned in (and not marked "not played"), and each
disputed hand or round. The organizer settles a card in one of two ways:

- score it as it lies: every hand or round entered is confirmed as entered (recorded,
  by the organizer) and the card is turned in, without the first-table bonus. A hand
  only one team entered counts too: that team's part as entered, the team that entered
  nothing 0 (the game says how: `Game.score_as_entered`); what was only typed and never
  saved (a draft) does not count. A disputed hand is settled first, on the dashboard
  (the organizer decides which version counts).
- mark the table "not played": its card does not count (`Table.not_played`).

Every card with something entered and no dispute can be scored as it lies at once
(`score_all_as_they_lie`): a busy evening's organizer need not settle twenty cards one
by one. A card with nothing entered stays for the organizer to settle: it did not
play, or its scores are entered on it (there is nothing to score as it lies).

A card turned in counts only its confirmed hands, so finishing refuses, naming the card,
while one of its hands is not confirmed (changed after the card was in and not
confirmed since): it is confirmed or corrected on the card first. (The organizer's
correction of a confirmed hand stays confirmed: `scorekeeping.actions`.)

Once nothing is open the event is final: the scorekeeper links open nothing any more
(their card page says the evening is over), the ladder counts it and the final
standings print; a round whose clock still runs has time called then (recorded), so
the clocks of a final evening stand still. A final evening can be reopened (status back
to "time called", its clocks as they were left).
Both are recorded (`ClockAction`) and announced (`clubscore.events.signals`) once the
transaction commits.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Count, Exists, OuterRef, Prefetch, Q
from django.db.models.functions import Now
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubscore.errors import Refused
from clubscore.games import ScoreError
from clubscore.translation import translate

from .calls import close_open_calls
from .clock import clock_state
from .models import ClockAction, Event, Round, ScoreChange, ScoreEntry, Seat, Table, TeamPart
from .models.tables import ScorekeeperLink  # the links' teams, for the finish page
from .signals import event_finished, event_reopened


class FinishRefused(Refused):
    """The evening cannot be finished (or reopened, or the card settled) now: the message
    says why, in plain words."""


def open_cards(event: Event) -> list[Table]:
    """Every card of the evening not turned in and not marked not played: its tables,
    each with what was entered on it (`entered`: hands or rounds entered, waiting,
    confirmed or disputed; `confirmed`; `has_hands`: anything that scoring it as it lies
    counts, one team's part of a hand too; `disputed`, the disputed entries) and its
    seats: three queries, whatever the size of the evening."""
    statuses = ScoreEntry.Status
    saved = ScoreEntry.objects.filter(table=OuterRef("pk")).exclude(
        status=statuses.DRAFT, parts__isnull=True
    )
    tables = (
        Table.objects.filter(round__event=event)
        .open()
        .select_related("round")
        .annotate(
            # A hand one team saved its part of is entered too ("0 entered" read as a
            # card to mark not played, and its saved hand lost): distinct, as its parts
            # are joined.
            entered=Count(
                "entries",
                filter=~Q(entries__status=statuses.DRAFT) | Q(entries__parts__isnull=False),
                distinct=True,
            ),
            confirmed=Count("entries", filter=Q(entries__status=statuses.CONFIRMED), distinct=True),
            has_hands=Exists(saved),
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


def unconfirmed_turned_in(event: Event) -> list[tuple[Table, list[str]]]:
    """Each turned-in card of the evening with a hand or round not confirmed (changed
    after it was turned in), and those as the game names them ("Hand 1"): two queries
    (the second reads the cards' links)."""
    rules = event.game_rules
    found: dict[int, tuple[Table, list[str]]] = {}
    for entry in (
        ScoreEntry.objects.filter(
            table__round__event=event, table__turned_in_at__isnull=False, table__not_played=False
        )
        .exclude(status=ScoreEntry.Status.CONFIRMED)
        .exclude(status=ScoreEntry.Status.DRAFT, parts__isnull=True)
        .select_related("table__round")
        .prefetch_related(
            Prefetch("table__links", queryset=ScorekeeperLink.objects.select_related("team"))
        )
        .order_by("table__round__number", "table__number", "number")
        .distinct()
    ):
        label = translate(rules.words.label(entry.number))
        found.setdefault(entry.table_id, (entry.table, []))[1].append(label)
    return list(found.values())


def _user(user: Any) -> Any:
    return user if user is not None and getattr(user, "is_authenticated", False) else None


def named(table: Table) -> str:
    """ "Round 1 · Table 3", as the finish page names it: an evening of several rounds
    has several tables 3."""
    return f"{table.round.label} · {table}"


def _locked_table(event: Event, table_id: int) -> Table:
    """The table of `event`, locked, with its round; refused when the evening is final."""
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
    return table


def _open_table(event: Event, table_id: int) -> Table:
    """The table of `event` to settle, locked; refused when the evening is final or the
    card is settled already."""
    table = _locked_table(event, table_id)
    if table.turned_in_at is not None:
        raise FinishRefused(
            _("%(table)s has turned in its card already.") % {"table": named(table)}
        )
    if table.not_played:
        raise FinishRefused(_("%(table)s is marked not played already.") % {"table": named(table)})
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
                % {"table": named(table)}
            )
        rules = event.game_rules
        counted = 0
        for entry in entries:
            fields = ["status", "version", "updated_at"]
            if entry.status == ScoreEntry.Status.DRAFT:
                parts = entry.parts_by_team()
                if not parts:
                    continue  # only typed, never saved: nothing was entered
                # Half entered: the part(s) in count as entered, a missing team's as 0.
                sides = range(1, rules.teams + 1)
                try:
                    entry.payload, entry.result = rules.score_as_entered(
                        entry.number,
                        [getattr(parts.get(str(n)), "data", None) for n in sides],
                        event.game_options,
                    )
                except ScoreError:
                    raise FinishRefused(
                        _("%(table)s: %(entry)s cannot be scored as entered; correct it first.")
                        % {
                            "table": named(table),
                            "entry": translate(rules.words.label(entry.number)),
                        }
                    ) from None
                fields += ["payload", "result"]
            elif entry.status != ScoreEntry.Status.ENTERED:
                counted += 1
                continue  # confirmed already
            counted += 1
            entry.status = ScoreEntry.Status.CONFIRMED
            entry.parts.update(state=TeamPart.State.CONFIRMED, updated_at=Now())
            entry.version += 1
            entry.save(update_fields=fields)
            ScoreChange.objects.create(
                entry=entry, action="confirmed", changed_by_user=_user(user), after=entry.payload
            )
        if not counted:
            # A card turned in with nothing on it would read "Turned in" over players
            # who "did not play", its tablet still asking for the first hand.
            raise FinishRefused(
                _("%(table)s has nothing entered: mark it not played, or enter its scores.")
                % {"table": named(table)}
            )
        Table.objects.filter(pk=table.pk).update(turned_in_at=Now())
        table.refresh_from_db(fields=["turned_in_at"])
    return table


def ready_to_score(cards: list[Table]) -> list[Table]:
    """The open cards (`open_cards`) that scoring every card as it lies settles: those
    with something entered and no dispute. A card with nothing on it is the organizer's
    to settle (did its table play?), a disputed one is settled on the dashboard."""
    return [card for card in cards if card.has_hands and not card.disputed]


def score_all_as_they_lie(event: Event, *, user: Any = None) -> tuple[int, list[str]]:
    """Every card `ready_to_score` scored as it lies, each on its own (`score_as_it_lies`):
    one that cannot be scored says why and stays open while the others go on. Returns how
    many were scored and the refusals."""
    if event.status == Event.Status.FINAL:
        raise FinishRefused(_("The evening is final: reopen it to change a card."))
    scored, refusals = 0, []
    for card in ready_to_score(open_cards(event)):
        try:
            score_as_it_lies(event, card.pk, user=user)
        except FinishRefused as refusal:
            refusals.append(refusal.message)
        else:
            scored += 1
    return scored, refusals


def mark_not_played(
    event: Event, table_id: int, *, seen_entries: int | None = None, user: Any = None
) -> Table:
    """The table did not play: its card does not count, its players "did not play".
    `seen_entries`: how many entries the organizer's page showed on the card; refused
    when more are on it now (a page opened before the table entered a hand would void
    that hand without the warning a card with entries gets)."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        table = _open_table(event, table_id)
        saved = ~Q(status=ScoreEntry.Status.DRAFT) | Q(parts__isnull=False)
        entered = table.entries.filter(saved).distinct().count()
        if seen_entries is not None and entered > seen_entries:
            raise FinishRefused(
                ngettext(
                    "%(table)s has %(count)s entry now; this page showed %(seen)s. Nothing "
                    "was marked: look at the card again.",
                    "%(table)s has %(count)s entries now; this page showed %(seen)s. Nothing "
                    "was marked: look at the card again.",
                    entered,
                )
                % {"table": named(table), "count": entered, "seen": seen_entries}
            )
        table.not_played = True
        table.save(update_fields=["not_played"])
    return table


def not_played_cards(event: Event) -> list[Table]:
    """The evening's tables marked "not played", each with its seats and how many hands or
    rounds were entered on it (they count for nothing while it is marked): two queries."""
    saved = ~Q(entries__status=ScoreEntry.Status.DRAFT) | Q(entries__parts__isnull=False)
    return list(
        Table.objects.filter(round__event=event, not_played=True)
        .select_related("round")
        .annotate(entered=Count("entries", filter=saved, distinct=True))
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
        )
        .order_by("round__number", "number")
    )


def mark_played(event: Event, table_id: int, *, user: Any = None) -> Table:
    """The table played after all (marked "not played" by mistake): its card is open again,
    to be scored or turned in, and what was entered on it counts once it is."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        table = _locked_table(event, table_id)
        if not table.not_played:
            raise FinishRefused(_("%(table)s is not marked not played.") % {"table": named(table)})
        table.not_played = False
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
                ngettext(
                    "%(count)s card is not in yet: score it as it lies or mark its table "
                    "not played.",
                    "%(count)s cards are not in yet: score each as it lies or mark its "
                    "table not played.",
                    count,
                )
                % {"count": count}
            )
        unconfirmed = unconfirmed_turned_in(event)
        if unconfirmed:
            table, labels = unconfirmed[0]
            raise FinishRefused(
                _(
                    "%(table)s (%(round)s) has turned in its card, but not everything on it "
                    "is confirmed: %(entries)s. Open the card and confirm or correct it first."
                )
                % {
                    "table": table,
                    "round": table.round.label,
                    "entries": ", ".join(labels),
                }
            )
        _stop_clocks(event, user)
        close_open_calls(event, user)
        event.status = Event.Status.FINAL
        event.save(update_fields=["status"])
        ClockAction.objects.create(event=event, action=ClockAction.Action.FINISH, user=_user(user))
        transaction.on_commit(lambda: event_finished.send(sender=Event, event=event))
    return event


def _stop_clocks(event: Event, user: Any) -> None:
    """Call time on every round whose clock still runs (recorded): a final evening's
    clocks stand still, and Reopen finds it at "time called", as its page says."""
    now = timezone.now()
    for round_ in Round.objects.filter(event=event, clock_started_at__isnull=False):
        round_.event = event
        if clock_state(round_, now).is_running:
            round_.time_called_at = now
            round_.save(update_fields=["time_called_at"])
            ClockAction.objects.create(
                event=event, round=round_, action=ClockAction.Action.CALL, user=_user(user), at=now
            )


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
