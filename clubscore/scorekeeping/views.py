"""Scorekeeper pages: a private link opens one table's card, and nothing else.

Views stay thin: find the card, parse the form, call `actions`, render. Every
form posts normally (the pages work without JavaScript); htmx adds the live
preview and the polling of the clock and the hands.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import wraps

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from clubscore.errors import BadInput
from clubscore.events import calls
from clubscore.events.forms import CallForm
from clubscore.events.models import OrganizerCall
from clubscore.messages import message
from clubscore.notices import success_once
from clubscore.numbers import parse_int
from clubscore.qr import qr_svg
from clubscore.tokens import is_live_poll, unchanged
from clubscore.translation import translate

from . import actions, presence
from .card import ScoreCard, finished_event_name, load_card
from .errors import Conflict, Invalid, Refused
from .forms import DisputeForm, raw_values
from .live import live_version
from .page import CardPage, Disputing, entry_form, preview_context, proposal_form

KEY_PATTERN = re.compile(r"^[0-9a-f]{32,48}$")


class EveningOver(Http404):
    """The link was a table's of an evening that is final now: it opens nothing more."""

    def __init__(self, event_name: str) -> None:
        super().__init__(event_name)
        self.event_name = event_name


def says_when_the_evening_is_over(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A card page or action whose link's evening is final now answers the page that says
    so, with 200 (a 404 is a console error on a tablet left open; nothing is stored) and
    the "What you typed" of a queued hand (`data-not-taken`). An htmx request (the live
    poll, a preview, the meld calculator) gets the tablet to reload and show it."""

    @wraps(view)
    def answered(request: HttpRequest, token: str) -> HttpResponse:
        try:
            return view(request, token)
        except EveningOver as over:
            if is_live_poll(request) or request.headers.get("HX-Request"):
                return HttpResponse(headers={"HX-Refresh": "true"})
            return render(
                request, "scorekeeping/over.html", {"event_name": over.event_name, "token": token}
            )

    return answered


def _card(request: HttpRequest, token: str, version: str | None = None) -> ScoreCard:
    """The card behind `token`, or 404 with no hint of what exists (`EveningOver` when
    the link was good until its evening was finished). `version`: the card's live
    fingerprint, when the view has read it already."""
    if version is None:
        version = live_version(token)
    card = load_card(token, user=request.user, version=version)
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


def _number(request: HttpRequest, card: ScoreCard) -> int:
    """The posted hand or round number: 1 up to the most this game has (400 otherwise)."""
    last = card.game.max_rounds(card.options)
    number = parse_int(request.POST.get("number"))
    if number is None or not 1 <= number <= last:
        raise BadInput(translate(message(card.game.words.number_prompt, last=last)))
    return number


def _key(request: HttpRequest) -> str | None:
    key = request.POST.get("idem", "")
    return key if KEY_PATTERN.match(key) else None


def _page(request: HttpRequest, page: CardPage) -> HttpResponse:
    # The card is a Jinja2 template (issue 28: a third of what Django's engine cost;
    # jinja_templates/scorekeeping/); the poll sends its live parts only.
    template = "scorekeeping/card/poll.html" if is_live_poll(request) else "scorekeeping/card.html"
    # One CSRF token for the page's forms, as Django's {% csrf_token %} gives.
    context = {**page.context(), "csrf": get_token(request)}
    return render(request, template, context, using="jinja2")


@require_safe
@says_when_the_evening_is_over
def card(request: HttpRequest, token: str) -> HttpResponse:
    live = is_live_poll(request)
    # Read before the card, so a change in between shows at the next poll, not never.
    version = live_version(token)
    if live and version is not None and unchanged(request, version):
        # Nothing new since the tablet's last poll: htmx keeps what it shows (and polls on).
        presence.heard_from(token)
        return HttpResponse(status=204)
    card = _card(request, token, version)
    presence.heard_from(token)
    edit = _int(request.GET.get("edit"), 0)
    # Only a hand this side may still change (not once confirmed or the card turned in).
    number = edit if card.can_edit(edit) else None
    if number is None and edit and card.side_is_in(edit):
        # A link to change a hand that can no longer change (confirmed meanwhile, say)
        # says so, rather than open the next hand's form for the change to be typed in.
        messages.error(request, _not_editable(card))
    dispute = _int(request.GET.get("dispute"), 0)
    disputing = Disputing(dispute, DisputeForm()) if dispute else None
    return _page(request, CardPage(card, number=number, disputing=disputing))


def _not_editable(card: ScoreCard) -> str:
    if card.table.turned_in_at is not None:
        return _("This card has been turned in.")
    if card.entry_closed:
        return _("Entry has closed. Ask the organizer to change the card.")
    return translate(card.game.words.confirmed_already)


@require_POST
@says_when_the_evening_is_over
def entry(request: HttpRequest, token: str) -> HttpResponse:
    card = _card(request, token)
    number = _number(request, card)
    form = entry_form(card, number, data=request.POST)
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
            form.add_error(None, refusal.message)
        except Conflict as conflict:
            page = CardPage(card, number=number, form=form, conflict=conflict)
            return _page(request, page)
        else:
            success_once(request, outcome.get("message", ""))
            return redirect(reverse("scorekeeping:card", args=[token]) + "#next")
    else:
        _game_checks_too(card, number, form)
    return _page(request, CardPage(card, number=number, form=form))


def _game_checks_too(card: ScoreCard, number: int, form) -> None:
    """While only fields' own errors stop the form (a blank, a count it cannot read), the
    game still checks the rest, so every mistake shows at once (issue 26: a missing ten
    hid aces adding up to 5)."""
    if not form.game_may_check():
        return
    form.fill()
    try:
        actions.preview_result(card, number, form.payload())
    except Invalid as error:
        form.add_score_errors(error.errors)


@require_POST
@says_when_the_evening_is_over
def preview(request: HttpRequest, token: str) -> HttpResponse:
    """The running total as typed, scored by the game (no arithmetic in JavaScript)."""
    card = _card(request, token)
    number = _number(request, card)
    form = entry_form(card, number, data=request.POST)
    result = None
    if form.is_valid():
        form.fill()
        try:
            result = actions.preview_result(card, number, form.payload())
        except Invalid as error:
            form.add_score_errors(error.errors)
    else:
        _game_checks_too(card, number, form)
    # It keeps nothing: the tablet keeps what is typed, and the server's draft comes when
    # typing pauses (`draft`); with every preview it was a third of its cost (issue 28).
    return render(
        request,
        "scorekeeping/card/preview.html",
        preview_context(card, form, result),
        using="jinja2",
    )


@require_POST
@says_when_the_evening_is_over
def draft(request: HttpRequest, token: str) -> HttpResponse:
    """What is typed for the hand being entered and not yet sent, kept as the server's
    draft, for a reload or another tablet to pick up: sent by the tablet when typing
    pauses and when the page is put away (static/js/scorekeeping.js). 204; `X-Clubscore-Draft`
    says whether it was kept (not for a hand saved meanwhile, nor once entry closed), so
    the tablet forgets its own copy only when the server has it."""
    card = _card(request, token)
    number = _number(request, card)
    kept = False
    if number == card.next_number and not card.side_is_in(number):
        try:
            card.check_open(number)
        except Refused:
            pass
        else:
            form = entry_form(card, number, data=request.POST)
            version = _int(request.POST.get("version"), 0)
            kept = actions.save_draft(card, number, raw_values(form, request.POST), version=version)
    return HttpResponse(status=204, headers={"X-Clubscore-Draft": "kept" if kept else "not kept"})


def _act(
    request: HttpRequest,
    card: ScoreCard,
    action,
    on_invalid=None,
    on_refused=None,
    number: int | None = None,
) -> HttpResponse:
    """Run a card action; say how it went on the card (or let `on_invalid` answer, or
    `on_refused` with the message of a refusal or a conflict, keeping what was typed).
    `number`: the hand or round it acts on, named when it changed meanwhile."""
    try:
        outcome = action()
    except Refused as refusal:
        if on_refused is not None:
            return on_refused(refusal.message)
        return _not_taken(request, card, [refusal.message])
    except Conflict:
        said = _changed_meantime(card, number)
        if on_refused is not None:
            return on_refused(said)
        return _not_taken(request, card, [said])
    except Invalid as error:
        if on_invalid is not None:
            return on_invalid(error)
        return _not_taken(
            request, card, [translate(m) for errors in error.errors.values() for m in errors]
        )
    success_once(request, outcome.get("message", ""))
    return redirect(reverse("scorekeeping:card", args=[card.link.token]) + "#next")


def _changed_meantime(card: ScoreCard, number: int | None) -> str:
    """ "Round 2: The round changed in the meantime; check it again.": a tablet's queue
    sends several, and its answer shows above whichever round the card shows first."""
    said = translate(card.game.words.changed_meantime)
    return said if number is None else f"{translate(card.game.words.label(number))}: {said}"


def _not_taken(request: HttpRequest, card: ScoreCard, said: list[str]) -> HttpResponse:
    """A refusal, said above the card it redirects to. Sent by the tablet's queue
    (static/js/offline.js, which marks its posts): a page of its own instead (200, no
    console error), which the queue says above the card; it cannot read a redirect, and
    took one for "stored" while the message waited for some later page."""
    if request.headers.get("X-Clubscore-Queue"):
        return render(
            request, "scorekeeping/not_taken.html", {"said": said, "token": card.link.token}
        )
    for text in said:
        messages.error(request, text)
    return redirect(reverse("scorekeeping:card", args=[card.link.token]) + "#next")


@require_POST
@says_when_the_evening_is_over
def confirm(request: HttpRequest, token: str) -> HttpResponse:
    card = _card(request, token)
    number = _number(request, card)
    version = _int(request.POST.get("version"), 0)
    player = _int(request.POST.get("player"), 0) or None
    return _act(
        request,
        card,
        lambda: actions.confirm(card, number, version=version, key=_key(request), player_id=player),
        number=number,
    )


@require_POST
@says_when_the_evening_is_over
def dispute(request: HttpRequest, token: str) -> HttpResponse:
    card = _card(request, token)
    number = _number(request, card)
    version = _int(request.POST.get("version"), 0)
    dispute_form = DisputeForm(request.POST)
    proposal = None
    entry = card.entries.get(number)
    if entry is not None and any(key.startswith("p-") for key in request.POST):
        # The mode's own count of what is disputed (None: it has none).
        proposal = proposal_form(card, entry, request.POST)
        # Sent when asked for, or when a number was changed (a forgotten tick loses nothing).
        if proposal is not None and not (request.POST.get("propose") or proposal.has_changed()):
            proposal = None

    def dispute_again() -> HttpResponse:
        # The dispute form open again, with what was typed and the errors on their fields.
        page = CardPage(card, disputing=Disputing(number, dispute_form, proposal))
        if page.dispute is None:
            # No form to show it on (confirmed meanwhile, the card turned in): said above
            # the card as it is now.
            said = dispute_form.non_field_errors()
            messages.error(request, said[0] if said else _changed_meantime(card, number))
            return redirect(reverse("scorekeeping:card", args=[token]) + "#next")
        # 200, as a hand shown again with its errors: no error in the browser console.
        return _page(request, page)

    if not dispute_form.is_valid() or (proposal is not None and not proposal.is_valid()):
        return dispute_again()
    proposed = proposal.payload() if proposal is not None else None

    def refused_proposal(error: Invalid) -> HttpResponse:
        # The game refuses the proposed count: say why on its fields, keep what was typed.
        proposal.add_score_errors(error.errors)
        return dispute_again()

    def refused(said: str) -> HttpResponse:
        # Sent before with another note or count, disputed from another tablet meanwhile,
        # the hand changed: said above the form, and what was typed is kept.
        dispute_form.add_error(None, said)
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
            # The page showed it disputed already: this dispute replaces that one.
            again=request.POST.get("again") == "1",
            # "Dispute as …" on a tablet the whole table shares; else the link's player.
            player_id=_int(request.POST.get("player"), card.link.player_id),
        ),
        on_invalid=refused_proposal if proposal is not None else None,
        on_refused=refused,
        number=number,
    )


@require_POST
@says_when_the_evening_is_over
def turn_in(request: HttpRequest, token: str) -> HttpResponse:
    card = _card(request, token)
    return _act(request, card, lambda: actions.turn_in_card(card, key=_key(request)))


@require_POST
@says_when_the_evening_is_over
def call(request: HttpRequest, token: str) -> HttpResponse:
    """ "Call the organizer" from the card (issue 25); queued offline like a hand."""
    card = _card(request, token)
    form = CallForm(request.POST)
    if not form.is_valid():
        # Open again with the reason and the note as sent, and what is wrong (200).
        return _page(request, CardPage(card, call=form))
    try:
        called = calls.call_organizer(
            card.table,
            reason=form.cleaned_data["reason"],
            note=form.cleaned_data["note"],
            player=card.link.player,
            source=OrganizerCall.Source.CARD,
            key=form.cleaned_data["idem"] or None,
        )
    except calls.CallRefused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, called.message)
    return redirect(reverse("scorekeeping:card", args=[token]))


@require_safe
def qr(request: HttpRequest, token: str) -> HttpResponse:
    card = _card(request, token)
    return qr_svg(request.build_absolute_uri(card.link.get_absolute_url()))
