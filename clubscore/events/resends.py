"""An organizer's form sent twice gets its first answer, not a refusal of the repeat.

A double tap on "Finish the evening" (or a resend after an answer lost on the way) sent
the same form twice; the second was refused ("The evening is final already.") and that
red refusal was the page the organizer saw, over a finish that had gone through. The
forms carry a key (`{% resend_key %}`, `clubscore.templatetags.resend`): the view runs
once for it, in one transaction with the key's claim, so a second post of the key waits
for the first (the database settles it) and gets the first's page and its messages.

A form with no key, or sent again with other values (a changed field on a page whose
answer was lost), runs as it is, as before. Only a redirect is kept: a page drawn with
its form's errors keeps nothing, and the key is free again.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from functools import wraps

from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect

from clubscore.notices import say_once, waiting

from .models import IdempotencyKey

FIELD = "resend"
KEY = re.compile(r"[0-9a-f]{32}")
NOT_SENT_VALUES = {FIELD, "csrfmiddlewaretoken"}


def answered_once(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Run `view` once per form key; a repeat gets the first redirect and messages."""

    @wraps(view)
    def once(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        key = request.POST.get(FIELD, "") if request.method == "POST" else ""
        if not KEY.fullmatch(key):
            return view(request, *args, **kwargs)
        sent = _fingerprint(request)
        with transaction.atomic():
            try:
                with transaction.atomic():
                    IdempotencyKey.objects.create(key=key, fingerprint=sent)
            except IntegrityError:
                known = IdempotencyKey.objects.filter(key=key).first()
                first = known.response if known is not None and known.fingerprint == sent else {}
                if first.get("location"):
                    return _again(request, first)
                return view(request, *args, **kwargs)  # other values: a new request
            said_before = len(waiting(request))
            response = view(request, *args, **kwargs)
            kept = IdempotencyKey.objects.filter(key=key)
            if isinstance(response, HttpResponseRedirect):
                said = [[m.level, str(m.message)] for m in waiting(request)[said_before:]]
                kept.update(response={"location": response["Location"], "messages": said})
            else:
                kept.delete()
            return response

    return once


def _fingerprint(request: HttpRequest) -> str:
    """Where the form went and what it sent (not its key or CSRF token)."""
    values = sorted(
        (name, request.POST.getlist(name)) for name in request.POST if name not in NOT_SENT_VALUES
    )
    what = json.dumps([request.path, values])
    return hashlib.sha256(what.encode()).hexdigest()


def _again(request: HttpRequest, first: dict) -> HttpResponse:
    """The first answer once more: its page, and its messages unless they still wait."""
    for level, text in first.get("messages", []):
        say_once(request, level, text)
    return HttpResponseRedirect(first["location"])
