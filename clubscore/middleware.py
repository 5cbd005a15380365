"""When the database cannot be reached, answer "try again" (503) instead of a bare 500.

PostgreSQL restarting, a dropped connection or a failover make a request fail with
`django.db.OperationalError` or `InterfaceError`. Every score form carries an
idempotency key and every action runs in one transaction, so nothing half-done is
left behind and sending the same form again counts it once. The tablet only needs to
be told to try again: a 503 with `Retry-After`, a plain translated message, and for
htmx requests a small fragment that the tablet's script shows (static/js/scorekeeping.js).

The page is built here, not from a template: rendering the site's base template reads
the session and the user, which would need the database that is not there.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.translation import get_language
from django.utils.translation import gettext as _

logger = logging.getLogger("clubscore.database")

RETRY_AFTER_SECONDS = 5


def busy_message() -> str:
    return _("The score server is busy, please try again.")


def _stylesheet() -> str:
    try:
        return static("css/clubscore.css")
    except ValueError:  # no manifest entry (collectstatic not run): plain page then
        return ""


def busy_response(request: HttpRequest) -> HttpResponse:
    """The 503 answer: a fragment for htmx, a small page for a form sent without htmx."""
    message = busy_message()
    if request.headers.get("HX-Request") == "true":
        body = format_html('<p class="message error server-busy" role="alert">{}</p>', message)
    else:
        hint = _("Wait a few seconds, then send the form again or reload the page.")
        stylesheet = _stylesheet()
        body = format_html(
            '<!doctype html><html lang="{}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            "<title>{}</title>{}</head><body>"
            '<main id="main" class="container"><ul class="messages" role="alert">'
            '<li class="message error server-busy">{}</li></ul><p>{}</p></main>'
            "</body></html>",
            get_language() or "en",
            _("Please try again"),
            format_html('<link rel="stylesheet" href="{}">', stylesheet) if stylesheet else "",
            message,
            hint,
        )
    response = HttpResponse(body, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


class DatabaseUnavailableMiddleware:
    """Turn a lost database connection in a view into a 503 "try again"."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        logger.warning(
            "Database unavailable for %s %s: %s", request.method, request.path, exception
        )
        return busy_response(request)


class NoIndexMiddleware:
    """A scorekeeper's card is reached by its private link: search engines are told not to
    index it or follow its links (`X-Robots-Tag`; /robots.txt disallows everything too)."""

    NAMESPACES = {"scorekeeping"}

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        match = request.resolver_match
        if match is not None and self.NAMESPACES & set(match.namespaces):
            response["X-Robots-Tag"] = "noindex, nofollow"
        return response
