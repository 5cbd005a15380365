"""The private links' tokens in URLs, and the cheap "nothing new" answer of a poll: shared
by the scorekeepers' cards and the players' pages (pages never import each other)."""

from __future__ import annotations

import functools
import time
from urllib.parse import parse_qsl

from django.http import HttpRequest
from django.urls import register_converter

from clubscore.numbers import parse_int


class TokenConverter:
    """A link's token: URL-safe base64 (``secrets.token_urlsafe``). Anything else, a NUL
    byte say, is no link at all and never reaches the database (404)."""

    regex = r"[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


# Registered once, on the first import of this module (`<token:...>` in the URLs).
register_converter(TokenConverter, "token")


def is_live_poll(request: HttpRequest) -> bool:
    """htmx polling a page's live part. Its header is read from META, as django-htmx
    reads it: `request.htmx` goes through `request.headers`, which parses every header
    of the request (a tenth of an unchanged poll's own work)."""
    return request.META.get("HTTP_HX_REQUEST") == "true" and bool(_poll_query(request).get("live"))


def unchanged(request: HttpRequest, version: str) -> bool:
    """Does the polling page show `version` already, with no clock phase ended since
    (the `until` it was given)?"""
    query = _poll_query(request)
    if query.get("v") != version:
        return False
    until = query.get("until")
    if not until:
        return True
    ends = parse_int(until)
    # Not a time a page wrote ("²", a word): read afresh.
    return ends is not None and time.time() < ends


def _poll_query(request: HttpRequest) -> dict[str, str]:
    """The poll's few parameters (`live`, `v`, `until`; the last of a repeated one, as
    `request.GET.get` gives). Read by the standard library: `request.GET` builds a
    QueryDict, another tenth of an unchanged poll's own work. More than a poll's few
    fields is no poll."""
    return _parsed(request.META.get("QUERY_STRING", ""))


@functools.lru_cache(maxsize=4096)
def _parsed(query_string: str) -> dict[str, str]:
    # Read twice a poll (is it one, is it unchanged), and a tablet sends the same query
    # every 10 s until its card changes. Callers only read the dict.
    try:
        return dict(parse_qsl(query_string, max_num_fields=8))
    except ValueError:
        return {}
