"""Scorekeeper pages: a private link opens one table's card, and nothing else.

Views stay thin: find the card, parse the form, call `actions`, render. Every
form posts normally (the pages work without JavaScript); htmx adds the live
preview and the polling of the clock and the hands.
"""

from __future__ import annotations

import math
import re
import time
import uuid
from urllib.parse import urlencode

import segno
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from clubscore.errors import BadInput
from clubscore.events.models import ScoreEntry
from clubscore.games import GAMES, ScoreError, score
from clubscore.games.exact_bid import cards_in_round
from clubscore.numbers import parse_int
from clubscore.translation import translate

from . import actions, offline, presence
from .card import Card, finished_event_name, load_card
from .charts import score_chart
from .errors import Conflict, Invalid, Refused, SentBefore
from .forms import FORMS, DisputeForm, EntryForm, raw_values
from .live import live_version

ACTIONS = {
    "entered": gettext_lazy("entered"),
    "changed": gettext_lazy("changed"),
    "confirmed": gettext_lazy("confirmed"),
    "disputed": gettext_lazy("disputed"),
    "settled": gettext_lazy("settled"),
}
KEY_PATTERN = re.compile(r"^[0-9a-f]{32,48}$")


class EveningOver(Http404):
    """The link was a table's of an evening that is final now: it opens nothing more."""

    def __init__(self, event_name: str) -> None:
        super().__init__(event_name)
        self.event_name = event_name


def _card(request: HttpRequest, token: str, *, history: bool = True) -> Card:
    """The card behind `token`, or 404 with no hint of what exists (`EveningOver` when
    the link was good until its evening was finished)."""
    card = load_card(token, user=request.user, history=history)
    if card is None:
        name = finished_event_name(token)
        if name is not None:
            raise EveningOver(name)
        raise Http404
    return card


def _int(value: str | None, default: int) -> int:
    """A number of the request (ASCII digits only), or `default` when there is none."""
    number = parse_int(value)
    return default if number is None else number


def _number(request: HttpRequest, card: Card) -> int:
    """The posted hand or round number: 1 up to the most this game has (400 otherwise)."""
    last = GAMES[card.game_key].max_rounds(card.options)
    number = parse_int(request.POST.get("number"))
    if number is None or not 1 <= number <= last:
        if card.parts_per_team:
            text = _("Hand number: enter a whole number from 1 to %(last)s.")
        else:
            text = _("Round number: enter a whole number from 1 to %(last)s.")
        raise BadInput(text % {"last": last})
    return number


def _key(request: HttpRequest) -> str | None:
    key = request.POST.get("idem", "")
    return key if KEY_PATTERN.match(key) else None


def _form(card: Card, number: int, data=None, initial=None) -> EntryForm:
    form_class = FORMS[card.game_key]
    return form_class(
        data, initial=initial, players=card.player_names, number=number, options=card.options
    )


def _version(card: Card, number: int) -> int:
    return actions.side_version(card, card.entries.get(number))


def _initial(card: Card, number: int, form_class: type[EntryForm]) -> dict:
    """What the form shows: the draft typed so far, else what was entered, else zeros."""
    entry = card.entries.get(number)
    if entry is not None:
        if entry.drafts.get(card.side):
            return entry.drafts[card.side]
        if card.parts_per_team and card.side in entry.parts:
            return form_class.initial_from_payload(entry.parts[card.side]["data"], [])
        if not card.parts_per_team and card.is_in(entry):
            return form_class.initial_from_payload(entry.payload, card.player_names)
    return {}


def _round_facts(card: Card, number: int) -> dict:
    """What the table needs to know about hand `number`: who deals, meld minimum, trump."""
    facts: dict = {
        "number": number,
        "dealer": card.dealer(number),
        "first_seat_label": GAMES[card.game_key].first_seat_label,
    }
    if card.parts_per_team:
        facts["meld_minimum"] = GAMES["hand_and_foot"].meld_minimum(number, card.options)
    if card.game_key == "exact_bid":
        facts["cards"] = cards_in_round(number - 1, card.options["start_cards"])
        trumps = (card.table.draw_details or {}).get("trumps") or []
        if 0 < number <= len(trumps):
            facts["trump"] = trumps[number - 1]
    return facts


def _shown_value(value: object) -> object:
    """A value as a scorekeeper reads it: yes/no in words, not True/False."""
    if isinstance(value, bool):
        return _("Yes") if value else _("No")
    return value


def _columns(card: Card) -> list[tuple[str, int]]:
    """The card's columns: (label, player id whose running total it shows)."""
    if card.parts_per_team:
        columns = []
        for number in (1, 2):
            seat = next((s for s in card.seats if s.team and s.team.number == number), None)
            if seat is not None:
                label = _("Team %(number)s: %(names)s") % {
                    "number": number,
                    "names": card.team_names(number),
                }
                columns.append((label, seat.player_id))
        return columns
    return [(seat.player.name, seat.player_id) for seat in card.seats]


def _headings(card: Card) -> list[dict[str, str]]:
    """The hands table's column headings: in full, and short for a phone's width."""
    if card.parts_per_team:
        return [
            {
                "full": _("Team %(number)s: %(names)s")
                % {"number": number, "names": card.team_names(number)},
                "short": _("Team %(number)s") % {"number": number},
            }
            for number in (1, 2)
            if any(s.team and s.team.number == number for s in card.seats)
        ]
    return [{"full": s.player.name, "short": s.player.first_name} for s in card.seats]


def _upcoming(card: Card, number: int | None, count: int = 8) -> list[dict]:
    """The facts of the next hands (but `number`, shown already), for the tablet to show
    when it keeps hands offline, one after the other (static/js/offline.js)."""
    first = card.next_number
    if first is None:
        return []
    last = first + count if card.limit is None else min(card.limit, first + count)
    return [_round_facts(card, n) for n in range(first, last + 1) if n != number]


def _rows(card: Card, columns: list[tuple[str, int]]) -> list[dict]:
    """Hand by hand: status, and each column's points of the hand with its running total
    (hands not entered: blank). A team's own part shows at once where the game can score
    a part alone; the hand then waits for the other team."""
    progress = card.score.progress
    counted = [n for n in sorted(card.entries) if card.is_in(card.entries[n])]
    rows = []
    for number in card.numbers:
        entry = card.entries.get(number)
        index = counted.index(number) if number in counted else None
        cells = []
        for _label, pid in columns:
            running = progress[pid]
            if index is not None and index < len(running):
                before = running[index - 1] if index else 0
                cells.append({"hand": running[index] - before, "running": running[index]})
            else:
                cells.append(None)
        waiting = None
        if index is None and entry is not None and card.parts_per_team and card.side in entry.parts:
            own = _own_part(card, number, entry.parts[card.side]["data"])
            if own is not None:
                cells[int(card.side) - 1] = {"hand": own, "running": None}
            waiting = _("waiting for Team %(number)s") % {"number": card.other_side}
        rows.append({"number": number, "entry": entry, "cells": cells, "waiting": waiting})
    return rows


def _multipliers(card: Card) -> list[int] | None:
    """Each column's final multiplier, when the game's total multiplies the points."""
    players = (card.score.result or {}).get("players") or []
    factors = [player.get("multiplier", 1) for player in players]
    return factors if any(factor != 1 for factor in factors) else None


def _own_part(card: Card, number: int, part: dict) -> int | None:
    """This team's points of a hand the other team has not entered, if the game can say."""
    game = GAMES[card.game_key]
    score_team = getattr(game, "score_team", None)
    if score_team is None:
        return None
    try:
        return score_team(part, number, int(card.side) - 1, card.options)["total"]
    except ScoreError:
        return None


def _shown_result(card: Card, entry: ScoreEntry) -> dict:
    """The entry's result as the page shows it: scored again from its payload.

    The stored result keeps only the English of its line labels (JSON has no room for
    their templates); scoring the same payload again gives the same lines as messages
    that read in the page's language. Should that fail, the stored result is shown.
    """
    try:
        return score(card.game_key, entry.payload, card.options)
    except ScoreError:
        return entry.result or {}


def _pending(card: Card) -> list[dict]:
    """Entries this card's scorekeeper should confirm or dispute."""
    pending = []
    for _number, entry in sorted(card.entries.items()):
        if entry.status != ScoreEntry.Status.ENTERED:
            continue
        if card.parts_per_team:
            other = entry.parts.get(card.other_side)
            if not other or other["state"] != "entered":
                continue
            team = _shown_result(card, entry)["teams"][int(card.other_side) - 1]
            pending.append(
                {
                    "entry": entry,
                    "version": other["version"],
                    "who": _("Team %(number)s") % {"number": card.other_side},
                    "results": [(card.team_names(int(card.other_side)), team)],
                    "confirmers": [],
                }
            )
        else:
            if card.game_key == "exact_bid":
                results = [
                    (seat.player.name, {"lines": [], "total": bid_tricks})
                    for seat, bid_tricks in zip(card.seats, _bid_lines(entry.payload), strict=False)
                ]
            else:
                players = _shown_result(card, entry).get("players", [])
                results = [
                    (seat.player.name, player)
                    for seat, player in zip(card.seats, players, strict=False)
                ]
            pending.append(
                {
                    "entry": entry,
                    "version": entry.version,
                    "who": None,
                    "results": results,
                    "confirmers": [s for s in card.seats if s.player_id != entry.entered_by_id],
                }
            )
    return pending


def _bid_lines(payload: dict) -> list[str]:
    return [
        _("bid %(bid)s, took %(tricks)s") % {"bid": b, "tricks": t}
        for b, t in zip(payload.get("bids", []), payload.get("tricks", []), strict=False)
    ]


def _page(
    request: HttpRequest,
    card: Card,
    *,
    form: EntryForm | None = None,
    number: int | None = None,
    conflict: Conflict | None = None,
    dispute_form: DisputeForm | None = None,
    dispute_number: int | None = None,
    proposal_form: EntryForm | None = None,
    status: int = 200,
) -> HttpResponse:
    if number is None:
        edit = _int(request.GET.get("edit"), 0)
        number = edit if edit in card.entries and card.side_is_in(edit) else card.next_number
    if form is None and number is not None:
        form_class = FORMS[card.game_key]
        form = _form(card, number, initial=_initial(card, number, form_class))
    if dispute_number is None:
        dispute_number = _int(request.GET.get("dispute"), 0) or None
    if dispute_form is None and dispute_number:
        dispute_form = DisputeForm()
    columns = _columns(card)
    theirs = None
    if conflict is not None and conflict.theirs is not None and form is not None:
        values = type(form).initial_from_payload(conflict.theirs, card.player_names)
        theirs = [(form.fields[name].label, _shown_value(value)) for name, value in values.items()]
    series = [(label, card.score.progress[pid]) for label, pid in columns]
    for change in card.changes:
        change.label = ACTIONS.get(change.action, change.action)
    context = {
        "card": card,
        "event": card.event,
        "table": card.table,
        "token": card.link.token,
        "clock": card.clock,
        "form": form,
        "facts": _round_facts(card, number) if number else None,
        "version": conflict.version if conflict else (_version(card, number) if number else 0),
        # Each form has its own key: a key stands for one request (idempotency.claim).
        "idem": {form: uuid.uuid4().hex for form in ("entry", "confirm", "dispute", "turn_in")},
        "columns": columns,
        "headings": _headings(card),
        "rows": _rows(card, columns),
        "totals": [card.score.totals.get(pid, 0) for _label, pid in columns],
        "multipliers": _multipliers(card),
        "chart": score_chart(series, _("Score over the evening")),
        "pending": _pending(card),
        "conflict": conflict,
        "theirs": theirs,
        "dispute_form": dispute_form,
        "dispute_entry": card.entries.get(dispute_number) if dispute_number else None,
        "my_team": card.team_names(int(card.side)) if card.parts_per_team else None,
        "other_team": card.team_names(int(card.other_side)) if card.parts_per_team else None,
        "as_it_lies": card.clock.time_is_up and number == card.in_progress,
        "live_query": _live_query(card),
        # Offline (static/js/offline.js): the next hands' facts, for hands queued in a row.
        "upcoming": _upcoming(card, number),
        "offline_strings": offline.strings(),
    }
    if context["dispute_entry"] is not None:
        entry = context["dispute_entry"]
        context["dispute_version"] = (
            entry.parts.get(card.other_side, {}).get("version", 0)
            if card.parts_per_team
            else entry.version
        )
        if card.parts_per_team:
            # The disputing team may give its own count of the other team's hand, so the
            # organizer sees both versions side by side; it starts from what was entered.
            context["proposal_form"] = proposal_form or _proposal_form(card, entry)
    template = "scorekeeping/card.html"
    if request.htmx and request.GET.get("live"):
        template += "#live"
    return render(request, template, context, status=status)


@require_GET
def card(request: HttpRequest, token: str) -> HttpResponse:
    live = bool(request.htmx and request.GET.get("live"))
    # Read before the card, so a change in between shows at the next poll, not never.
    version = live_version(token)
    if live and version is not None and _unchanged(request, version):
        # Nothing new since the tablet's last poll: htmx keeps what it shows (and polls on).
        presence.heard_from(token)
        return HttpResponse(status=204)
    try:
        card = _card(request, token, history=not live)
    except EveningOver as over:
        if live:
            # The tablet reloads and shows the page below instead of a stale card.
            return HttpResponse(headers={"HX-Refresh": "true"})
        # 200, not 410: a tablet that reloads must show this page without a console error.
        return render(request, "scorekeeping/over.html", {"event_name": over.event_name})
    presence.heard_from(token)
    card.live_version = version
    return _page(request, card)


def _unchanged(request: HttpRequest, version: str) -> bool:
    """Does the polling tablet already show `version`, with no clock phase change since?"""
    if request.GET.get("v") != version:
        return False
    until = request.GET.get("until")
    if not until:
        return True
    ends = parse_int(until)
    # Not a time this page wrote ("²", a word): read the card afresh.
    return ends is not None and time.time() < ends


def _live_query(card: Card) -> str:
    """The live poll's query: what the tablet shows now, and when its clock phase ends."""
    version = card.live_version
    if version is None:
        return "live=1"
    query = {"live": 1, "v": version}
    if card.clock.phase_ends_at is not None:
        query["until"] = math.ceil(card.clock.phase_ends_at.timestamp())
    return urlencode(query)


@require_POST
def entry(request: HttpRequest, token: str) -> HttpResponse:
    card = _card(request, token)
    number = _number(request, card)
    form = _form(card, number, data=request.POST)
    version = _int(request.POST.get("version"), 0)
    if form.is_valid():
        form.fill()
        try:
            outcome = actions.submit(
                card, number, form.payload(), version=version, key=_key(request)
            )
        except Invalid as error:
            form.add_score_errors(error.errors)
        except Refused as refusal:
            form.add_error(None, str(refusal))
        except Conflict as conflict:
            return _page(request, card, form=form, number=number, conflict=conflict, status=409)
        else:
            messages.success(request, outcome.get("message", ""))
            return redirect(reverse("scorekeeping:card", args=[token]) + "#next")
    return _page(request, card, form=form, number=number)


@require_POST
def preview(request: HttpRequest, token: str) -> HttpResponse:
    """The running total as typed, scored by the game (no arithmetic in JavaScript)."""
    card = _card(request, token, history=False)
    number = _number(request, card)
    form = _form(card, number, data=request.POST)
    result = None
    if form.is_valid():
        form.fill()
        try:
            result = actions.preview_result(card, number, form.payload())
        except Invalid as error:
            form.add_score_errors(error.errors)
    # Keep what was typed for the hand being entered, so a reload loses nothing.
    if number == card.next_number and not card.side_is_in(number):
        try:
            card.check_open(number)
        except Refused:
            pass
        else:
            version = _int(request.POST.get("version"), 0)
            actions.save_draft(card, number, raw_values(form, request.POST), version=version)
    context = {"card": card, "form": form, "result": result, "number": number}
    return render(request, "scorekeeping/card.html#preview", context)


def _act(
    request: HttpRequest, card: Card, action, on_invalid=None, on_sent_before=None
) -> HttpResponse:
    """Run a card action; say how it went on the card (or let `on_invalid` answer, or
    `on_sent_before` when the form's key came before with other numbers)."""
    try:
        outcome = action()
    except SentBefore as refusal:
        if on_sent_before is not None:
            return on_sent_before(refusal)
        messages.error(request, str(refusal))
    except Refused as refusal:
        messages.error(request, str(refusal))
    except Conflict:
        messages.error(request, _("The hand changed in the meantime; check it again."))
    except Invalid as error:
        if on_invalid is not None:
            return on_invalid(error)
        for errors in error.errors.values():
            for message in errors:
                messages.error(request, translate(message))
    else:
        messages.success(request, outcome.get("message", ""))
    return redirect(reverse("scorekeeping:card", args=[card.link.token]) + "#next")


@require_POST
def confirm(request: HttpRequest, token: str) -> HttpResponse:
    card = _card(request, token, history=False)
    number = _number(request, card)
    version = _int(request.POST.get("version"), 0)
    player = _int(request.POST.get("player"), 0) or None
    return _act(
        request,
        card,
        lambda: actions.confirm(card, number, version=version, key=_key(request), player_id=player),
    )


@require_POST
def dispute(request: HttpRequest, token: str) -> HttpResponse:
    card = _card(request, token)
    number = _number(request, card)
    version = _int(request.POST.get("version"), 0)
    dispute_form = DisputeForm(request.POST)
    proposal = None
    entry = card.entries.get(number)
    if (
        card.parts_per_team
        and entry is not None
        and any(key.startswith("p-") for key in request.POST)
    ):
        proposal = _proposal_form(card, entry, request.POST)
        # Sent when asked for, or when a number was changed (a forgotten tick loses nothing).
        if not (request.POST.get("propose") or proposal.has_changed()):
            proposal = None

    def dispute_again() -> HttpResponse:
        # The dispute form open again, with what was typed and the errors on their fields.
        return _page(
            request,
            card,
            dispute_form=dispute_form,
            dispute_number=number,
            proposal_form=proposal,
            status=422,
        )

    if not dispute_form.is_valid() or (proposal is not None and not proposal.is_valid()):
        return dispute_again()
    proposed = proposal.payload() if proposal is not None else None

    def refused_proposal(error: Invalid) -> HttpResponse:
        # The game refuses the proposed count: say why on its fields, keep what was typed.
        proposal.add_score_errors(error.errors)
        return dispute_again()

    def sent_before(refusal: SentBefore) -> HttpResponse:
        # The note or the count changed since this form was first sent: say so, keep it.
        dispute_form.add_error(None, str(refusal))
        return dispute_again()

    return _act(
        request,
        card,
        lambda: actions.dispute(
            card,
            number,
            version=version,
            key=_key(request),
            note=dispute_form.cleaned_data["note"],
            proposed=proposed,
            player_id=card.link.player_id,
        ),
        on_invalid=refused_proposal if proposal is not None else None,
        on_sent_before=sent_before,
    )


def _proposal_form(card: Card, entry: ScoreEntry, data=None) -> EntryForm:
    """The other team's part of a disputed hand, as this team counts it (prefix "p")."""
    form_class = FORMS["hand_and_foot"]
    entered = entry.parts.get(card.other_side, {}).get("data")
    initial = form_class.initial_from_payload(entered, []) if entered else None
    return form_class(
        data, prefix="p", initial=initial, players=[], number=entry.number, options=card.options
    )


@require_POST
def turn_in(request: HttpRequest, token: str) -> HttpResponse:
    card = _card(request, token, history=False)
    return _act(request, card, lambda: actions.turn_in_card(card, key=_key(request)))


@require_GET
def qr(request: HttpRequest, token: str) -> HttpResponse:
    card = _card(request, token, history=False)
    url = request.build_absolute_uri(card.link.get_absolute_url())
    # A standalone SVG document: with its xmlns (svg_inline leaves it out, and a browser
    # then shows the markup as text) and a white ground, so it scans on a dark screen.
    response = HttpResponse(content_type="image/svg+xml")
    segno.make(url, error="m").save(
        response, kind="svg", scale=8, border=4, light="#fff", xmldecl=False
    )
    response["Cache-Control"] = "private, no-store"
    return response
