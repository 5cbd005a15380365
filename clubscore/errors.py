"""A clear "400 Bad Request" page: the message says which value was wrong, and why."""

from __future__ import annotations

from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _


class Refused(Exception):
    """The action is not allowed now; the message says why, in plain words (the tablet's
    actions and the organizer's settling of a dispute raise it alike)."""


class BadInput(BadRequest):
    """A value of the request cannot be used; the message is for the person who sent it."""


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
