"""Printable PDFs of an event; the renderers live in cards.py and sheets.py."""

from __future__ import annotations

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from clubscore.accounts.decorators import organizer_required
from clubscore.errors import NotFound
from clubscore.events.models import Event
from clubscore.games import GAMES
from clubscore.numbers import WholeNumberField

from .data import NoSuchRound
from .documents import EVENT_DOCUMENTS, Document, blank_document, event_document


def _pdf(document: Document) -> HttpResponse:
    response = HttpResponse(document.content, content_type="application/pdf")
    # inline: the organizer's browser shows it, and its print button prints it.
    response["Content-Disposition"] = f'inline; filename="{document.filename}"'
    return response


class DocumentForm(forms.Form):
    """``?round=N``: which round's cards or table assignments (default: the latest);
    ``?basis=individual|couple``: which view of the standings (default: the event's)."""

    round = WholeNumberField(min_value=1, max_value=10_000, required=False)
    basis = forms.ChoiceField(choices=Event.StandingsBasis.choices, required=False)


@organizer_required
def event_pdf(request: HttpRequest, event_id: int, what: str) -> HttpResponse:
    if what not in EVENT_DOCUMENTS:
        raise Http404
    event = get_object_or_404(Event, pk=event_id)
    form = DocumentForm(request.GET)
    if not form.is_valid():
        raise NotFound(_("This evening has no such round to print."))
    try:
        document = event_document(
            event,
            what,
            request.build_absolute_uri("/"),
            form.cleaned_data["round"],
            basis=form.cleaned_data["basis"] or None,
        )
    except NoSuchRound as missing:
        raise NotFound(
            _("This evening has no round %(number)s to print.") % {"number": missing.args[0]}
        ) from None
    return _pdf(document)


@organizer_required
def blank_pdf(request: HttpRequest, game: str) -> HttpResponse:
    if game not in GAMES:
        raise Http404
    return _pdf(blank_document(game))
