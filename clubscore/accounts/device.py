"""The organizer's own device: a signed cookie, set when a login succeeds, that names the
usernames which logged in from this browser.

Anyone on the club's Wi-Fi can send five wrong passwords for "organizer" and so lock the
username (from every address without this cookie) for fifteen minutes; guessing stays as
slow as ever. A browser that logged in as that username before presents the cookie and is
counted on its own: only failures for that username from its own address lock it (the
throttle per username *and* address). The cookie is signed with the SECRET_KEY: it cannot
be made up, and it opens nothing by itself (the password is still checked).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from .models import normalize

COOKIE = "clubscore_device"
SALT = "clubscore.accounts.device"
MAX_AGE = 365 * 24 * 3600  # a year: the organizer's tablet is the same all season
MAX_NAMES = 5  # usernames remembered per browser


def known_usernames(request: HttpRequest) -> list[str]:
    """The usernames that logged in from this browser (an unsigned or old cookie: none)."""
    value = request.get_signed_cookie(COOKIE, default=None, salt=SALT, max_age=MAX_AGE)
    if not value:
        return []
    try:
        names = json.loads(value)
    except ValueError:
        return []
    return [name for name in names if isinstance(name, str)] if isinstance(names, list) else []


def is_known(request: HttpRequest | None, username: str) -> bool:
    return request is not None and normalize(username) in known_usernames(request)


def remember(request: HttpRequest, username: str) -> None:
    """Called when a login succeeds: the response will carry the cookie."""
    request.clubscore_device_login = normalize(username)


class DeviceCookieMiddleware:
    """Writes the cookie on the answer to a successful login (ours or the admin's)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        username = getattr(request, "clubscore_device_login", None)
        if username:
            names = [username, *(n for n in known_usernames(request) if n != username)]
            response.set_signed_cookie(
                COOKIE,
                json.dumps(names[:MAX_NAMES]),
                salt=SALT,
                max_age=MAX_AGE,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response
