"""The organizer answers the tables' calls (issue 25): "On my way", then "Done"."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubscore.accounts.decorators import organizer_required
from clubscore.events import calls
from clubscore.events.models import Event, OrganizerCall


def calls_context(event: Event) -> dict:
    """The open calls, the longest waiting first, and which tables called (one query)."""
    open_ = calls.open_calls(event)
    return {
        "calls": open_,
        "called_tables": {call.table_id: call for call in open_},
        # Said at the top until answered ("On my way"): the list says the rest.
        "unanswered_calls": [call for call in open_ if call.answered_at is None],
    }


def _answer(request: HttpRequest, event_id: int, call_id: int, how) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    try:
        call = how(event, call_id, request.user)
    except calls.CallRefused as refusal:
        messages.info(request, str(refusal))
    else:
        messages.success(request, _message(call))
    return redirect("dashboard:event", event.pk)


def _message(call: OrganizerCall) -> str:
    if call.closed_at is not None:
        return _("%(table)s: the call is done.") % {"table": call.table}
    return _("%(table)s reads: the organizer is on the way.") % {"table": call.table}


@organizer_required
@require_POST
def on_my_way(request: HttpRequest, event_id: int, call_id: int) -> HttpResponse:
    return _answer(request, event_id, call_id, calls.on_my_way)


@organizer_required
@require_POST
def done(request: HttpRequest, event_id: int, call_id: int) -> HttpResponse:
    return _answer(request, event_id, call_id, calls.done)
