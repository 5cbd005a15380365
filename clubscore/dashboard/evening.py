"""The evening on the organizer's terms: each round's clock, "Next round", "Finish the
evening" and "Reopen" (the services are in `clubscore.events`)."""

from __future__ import annotations

import re

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from clubscore.accounts.decorators import organizer_required
from clubscore.club.models import Player
from clubscore.draw import DrawError
from clubscore.events import clock, drawn, finish, services
from clubscore.events.models import CheckIn, ClockAction, Event, Round
from clubscore.events.resends import answered_once
from clubscore.numbers import parse_int
from clubscore.redirects import redirect_back
from clubscore.standings.standings import INDIVIDUAL, event_standings
from clubscore.translation import translate

from .forms import NextRoundForm
from .states import TableState

HISTORY = 30  # clock actions listed on the dashboard


def _dashboard(event: Event) -> HttpResponse:
    return redirect("dashboard:event", event.pk)


def late_arrivals(event: Event, states: list[TableState]) -> int:
    """How many checked in after the newest round was drawn and have no seat in it (one
    query; none once the evening is final or while a play-off is the newest round). The
    draw page says what the organizer can do: draw again, or seat them next round."""
    if event.status == Event.Status.FINAL or not states:
        return 0
    newest = max((s.table.round for s in states), key=lambda round_: round_.number)
    if newest.is_playoff or newest.drawn_at is None:
        return 0
    seated = {
        seat.player_id
        for state in states
        if state.table.round_id == newest.pk
        for seat in state.table.seats.all()
    }
    return (
        CheckIn.objects.filter(event=event, checked_in_at__gt=newest.drawn_at)
        .exclude(player_id__in=seated)
        .count()
    )


def evening_context(
    event: Event, next_form: NextRoundForm | None = None, *, open_rounds: set[int] | None = None
) -> dict:
    """What the dashboard's round, clock and finishing panels show (three queries).
    `open_rounds`: the ids of the rounds with a card still out (None: every round); the
    others' cards are all in, so their clocks offer no Extend or Call time and count
    nothing down (nor does any clock of a final evening)."""
    every_round = list(event.rounds.order_by("number"))
    # A tie decided by lot is a round without tables: it has no clock to show.
    rounds = [round_ for round_ in every_round if not round_.decided_by_lot]
    final = event.status == Event.Status.FINAL
    for round_ in rounds:
        round_.event = event
        round_.clock = clock.clock_state(round_)
        round_.clock_mark = clock.clock_mark(round_)
        round_.all_in = final or (open_rounds is not None and round_.pk not in open_rounds)
    last = every_round[-1].number if every_round else 0
    # A game played in rounds offers the next one, unfolded, once the last round's cards
    # are all in; while it is played the panel is folded, below its clock.
    latest = rounds[-1] if rounds else None
    round_done = latest is not None and latest.all_in and latest.kind == Round.Kind.REGULAR
    history = list(
        ClockAction.objects.filter(event=event).select_related("round", "user")[:HISTORY]
    )
    # Just reopened: the organizer came to correct a card and finish again, not to draw.
    reopened = bool(history) and history[0].action == ClockAction.Action.REOPEN
    return {
        "round_clocks": rounds,
        "clock_history": history,
        "next_form": next_form or NextRoundForm(initial={"after": last}),
        "offer_next_round": (
            event.game_rules.played_in_rounds and round_done and not final and not reopened
        ),
        "reopened": reopened,
        "is_final": event.status == Event.Status.FINAL,
    }


# --- Each round's clock ---------------------------------------------------------------


@organizer_required
@require_POST
@answered_once
def clock_action(request: HttpRequest, event_id: int) -> HttpResponse:
    """The organizer's clock buttons for one round (`round`: its number; default the
    latest): start, call time, or give more minutes."""
    event = get_object_or_404(Event, pk=event_id)
    rounds = event.rounds.filter(playoff_lot=[]).order_by("-number")  # a lot has no clock
    number = request.POST.get("round", "")
    # ASCII digits, short; none sent means the latest round.
    named = re.fullmatch(r"[0-9]{1,9}", number)
    round_ = rounds.filter(number=int(number)).first() if named else None
    if not number:
        round_ = rounds.first()
    action = request.POST.get("action")
    try:
        if round_ is None and number:
            raise clock.ClockRefused(_("This evening has no such round: nothing was changed."))
        if round_ is None:
            raise clock.ClockRefused(_("Draw the tables first: the clock belongs to a round."))
        if action == "start":
            round_ = clock.start_clock(round_, user=request.user)
            if not clock.clock_state(round_).time_is_up:
                messages.success(
                    request, _("%(round)s: the clock is running.") % {"round": round_.label}
                )
            else:  # a page from before: started, and time is up since
                messages.info(
                    request,
                    _("%(round)s: the clock was started already, and time is up.")
                    % {"round": round_.label},
                )
        elif action == "call":
            clock.call_time(round_, user=request.user)
            messages.success(request, _("%(round)s: time is called.") % {"round": round_.label})
        elif action == "extend":
            minutes = request.POST.get("minutes", "")
            minutes = int(minutes) if re.fullmatch(r"[0-9]{1,3}", minutes) else 0
            if not 1 <= minutes <= 120:
                raise clock.ClockRefused(_("Give between 1 and 120 more minutes."))
            # `seen`: the clock as the page showed it, so a double tap adds once.
            seen = request.POST.get("seen")
            round_ = clock.extend_clock(round_, minutes, user=request.user, seen=seen)
            ends_at = timezone.localtime(clock.clock_state(round_).ends_at)
            messages.success(
                request,
                _("%(round)s: %(minutes)s more minutes; the time limit is now %(time)s.")
                % {
                    "round": round_.label,
                    "minutes": minutes,
                    "time": date_format(ends_at, "H:i"),
                },
            )
        else:
            messages.error(request, _("Choose start, call or extend."))
    except clock.ClockRefused as refusal:
        messages.error(request, refusal.message)
    return redirect_back(request, reverse("events:detail", args=[event.pk]))


# --- Next round -------------------------------------------------------------------------


def _ranking(event: Event) -> list[str]:
    """Tonight's standings, best first, as player ids of those checked in now."""
    here = {
        str(pk) for pk in CheckIn.objects.filter(event=event).values_list("player_id", flat=True)
    }
    rows = event_standings(event, basis=INDIVIDUAL).rows
    return [str(pk) for row in rows for pk in row.player_ids if str(pk) in here]


def _named_warnings(outcome: services.DrawOutcome) -> list[str]:
    """The soft rules a draw broke, with the players' names, in the page's language."""
    if not outcome.warnings:
        return []
    ids = outcome.record.arguments.get("players", [])
    names = {str(p.pk): p.name for p in Player.objects.filter(pk__in=ids)}
    return [translate(w) for w in drawn.named_warnings(outcome.record, names)]


@organizer_required
@require_POST
@answered_once
def next_round(request: HttpRequest, event_id: int) -> HttpResponse:
    """Add a round to the evening: its own draw (by lot, or by tonight's standings), its
    own clock (started by the organizer) and its own cards."""
    event = get_object_or_404(Event, pk=event_id)
    form = NextRoundForm(request.POST)
    if form.is_valid():
        by_standings = form.cleaned_data["seating"] == NextRoundForm.STANDINGS
        try:
            outcome = services.draw_round(
                event,
                round_number=None,
                after=form.cleaned_data["after"],
                allow_sit_out=form.cleaned_data["allow_sit_out"],
                ranking=_ranking(event) if by_standings else None,
                user=request.user,
            )
        except DrawError as error:
            form.add_error(None, translate(error.message))
        else:
            messages.success(
                request,
                ngettext(
                    "%(round)s is drawn: %(tables)s table. Start its clock when they sit down.",
                    "%(round)s is drawn: %(tables)s tables. Start its clock when they sit down.",
                    len(outcome.tables),
                )
                % {"round": outcome.round.label, "tables": len(outcome.tables)},
            )
            # The soft rules the draw broke, as the Draw page names them.
            for warning in _named_warnings(outcome):
                messages.warning(request, warning)
            return _dashboard(event)
    problems = form.non_field_errors() or [
        # `after` is hidden: a page out of date (or a hand-made request) is told so.
        _("This page was out of date: the rounds are shown as they are now. Try again.")
        if form.has_error("after")
        else _("Choose how the next round is seated.")
    ]
    for error in problems:
        messages.error(request, error)
    return _dashboard(event)


# --- Finishing the evening --------------------------------------------------------------


@organizer_required
def finish_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """Every card not in and every open dispute, each with a way to settle it."""
    event = get_object_or_404(Event, pk=event_id)
    cards = finish.open_cards(event)
    # Once every card is in: a tie for first that no play-off has decided yet is said
    # before the evening is made final (finishing leaves it shared).
    tie = tied_names = None
    if not cards and event.status != Event.Status.FINAL:
        standings = event_standings(event)
        if standings.playoff_pending:
            tie, tied_names = standings.playoff_rows, standings.playoff_names
    context = {
        "event": event,
        "tied": tie,
        "tied_names": tied_names,
        "cards": cards,
        "ready": len(finish.ready_to_score(cards)),
        "disputes": sum(len(card.disputed) for card in cards),
        "unconfirmed": finish.unconfirmed_turned_in(event),
        "not_played": finish.not_played_cards(event) if event.status != Event.Status.FINAL else [],
        "is_final": event.status == Event.Status.FINAL,
        # What the game's entry mode says of an entry half-entered (team parts).
        "finish_note": translate(event.game_rules.entry.finish_note),
    }
    return render(request, "dashboard/finish.html", context)


@organizer_required
@require_POST
@answered_once
def settle_card(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    """Score a card as it lies, or mark its table not played (or played after all)."""
    event = get_object_or_404(Event, pk=event_id)
    action = request.POST.get("action")
    try:
        if action == "as_it_lies":
            table = finish.score_as_it_lies(event, table_id, user=request.user)
            messages.success(request, _("%(table)s: scored as it lies.") % {"table": table})
        elif action == "not_played":
            seen = parse_int(request.POST.get("entered"))
            table = finish.mark_not_played(event, table_id, seen_entries=seen, user=request.user)
            messages.success(request, _("%(table)s: not played.") % {"table": table})
        elif action == "played":
            table = finish.mark_played(event, table_id, user=request.user)
            messages.success(
                request,
                _("%(table)s played after all: its card is open again.") % {"table": table},
            )
        else:
            messages.error(request, _("Choose how to settle the card."))
    except finish.FinishRefused as refusal:
        messages.error(request, refusal.message)
    return redirect("dashboard:finish", event.pk)


@organizer_required
@require_POST
@answered_once
def settle_all(request: HttpRequest, event_id: int) -> HttpResponse:
    """Score every card with something entered and no dispute as it lies."""
    event = get_object_or_404(Event, pk=event_id)
    try:
        scored, refusals = finish.score_all_as_they_lie(event, user=request.user)
    except finish.FinishRefused as refusal:
        messages.error(request, refusal.message)
    else:
        if scored:
            messages.success(
                request,
                ngettext(
                    "%(count)s card scored as it lies.",
                    "%(count)s cards scored as they lie.",
                    scored,
                )
                % {"count": scored},
            )
        elif not refusals:
            messages.info(request, _("No card with something entered was left to score."))
        for refusal_message in refusals:
            messages.error(request, refusal_message)
    return redirect("dashboard:finish", event.pk)


@organizer_required
@require_POST
@answered_once
def finish_evening(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    try:
        finish.finish_event(event, user=request.user)
    except finish.FinishRefused as refusal:
        messages.error(request, refusal.message)
        return redirect("dashboard:finish", event.pk)
    # The page's own panel says what "final" means; the message says what to do next.
    messages.success(request, _("Finished: the final standings are ready to print."))
    return _dashboard(event)


@organizer_required
@require_POST
@answered_once
def reopen(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    try:
        finish.reopen_event(event, user=request.user)
    except finish.FinishRefused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(
            request, _("The evening is open again: change what is needed, then finish it again.")
        )
    return _dashboard(event)
