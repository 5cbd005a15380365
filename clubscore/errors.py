"""What the app says no with: a clear "400 Bad Request" page for a value it cannot use,
and the one family of refusals (`Refused`) for an action it will not do now.

Every refusal carries the message for the person who asked, in plain words: the pages
show `error.message` as it is (the clock, finishing the evening, a redraw, a card's
action, a dispute, a backup all raise a kind of `Refused`).
"""

from __future__ import annotations

import logging

from django.core.exceptions import BadRequest
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from clubscore.translation import translate


class Refused(Exception):
    """The action is not allowed now; the message says why, in plain words."""

    @property
    def message(self) -> str:
        """The message for the person who asked, in the active language (a
        ``clubscore.messages.Message`` is translated; other text was translated when raised)."""
        if not self.args:
            return ""
        text = self.args[0]
        return translate(text) if isinstance(text, str) else str(text)


class BadInput(BadRequest):
    """A value of the request cannot be used; the message is for the person who sent it."""


class NotFound(Http404):
    """Nothing here; the message says what, for the person who asked (the 404 page's
    general words speak of a card's link)."""


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The site's 400 page (``handler400``): our own message, else a general one.

    Django's own 400s (a bad Host header, too many fields) keep their technical text
    to the log; the reader is told only that the request could not be read.
    """
    if isinstance(exception, BadInput) and exception.args:
        text = str(exception.args[0])
    else:
        text = _("The request could not be read. Go back and try again.")
    return render(request, "400.html", {"message": text}, status=400)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The site's 404 page (``handler404``), in the site's frame (Django's own is a bare
    "Not Found"). A card's link of a finished evening (its `event_name`: a tablet's queued
    hand sent afterwards) says the evening is over."""
    event_name = getattr(exception, "event_name", None)
    said = str(exception.args[0]) if isinstance(exception, NotFound) and exception.args else ""
    return render(request, "404.html", {"event_name": event_name, "said": said}, status=404)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """The site's page for a form refused by the CSRF check (``CSRF_FAILURE_VIEW``):
    Django's own is a bare English page with no way back. It happens to a page opened
    before the browser forgot its cookies, or a plain form from another site."""
    return render(request, "403_csrf.html", status=403)


class OneLineFor400(logging.Filter):
    """A logging filter: a record about a 400 answer keeps its one line (with what was
    wrong) and loses its traceback. A bad request is the client's doing, not a bug: a
    scanner sending hundreds filled the log with tracebacks."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) == 400 and record.exc_info:
            error = record.exc_info[1]
            line = record.getMessage()
            if error is not None and str(error) and str(error) not in line:
                line = f"{line} ({type(error).__name__}: {error})"
            record.msg, record.args = line, None
            record.exc_info, record.exc_text = None, None
        return True
