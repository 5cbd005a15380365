"""Who may open the organizer's pages."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from urllib.parse import urlsplit, urlunsplit

from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control


def private(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """`Cache-Control: private, no-store`: an organizer's page (and a PDF that carries every
    table's private link) is kept by no proxy and no browser cache."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        response = view(request, *args, **kwargs)
        patch_cache_control(response, private=True, no_store=True)
        return response

    return wrapped


def organizer_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Organizer pages need a staff login; strangers are sent to the club's own login page
    (not the admin's), which is throttled against guessing. Their answers are private.

    A page left open whose login has ended (the projector, the dashboard) sends its whole
    page there, and back after it: htmx swapped the login form into its live part, which
    then polled no more, in front of the room."""
    guarded = staff_member_required(private(view), login_url="login")

    @wraps(view)
    def checked(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        user = request.user
        if request.headers.get("HX-Request") and not (user.is_active and user.is_staff):
            try:
                page = urlsplit(request.headers.get("HX-Current-URL", ""))
            except ValueError:  # "http://[::1/x": no address, back to this one
                page = urlsplit(request.path)
            # Only a path of this site to come back to ("javascript:…" has none).
            here = page.path.startswith("/")
            back = urlunsplit(("", "", page.path, page.query, "")) if here else request.path
            return HttpResponse(headers={"HX-Redirect": redirect_to_login(back, "login").url})
        return guarded(request, *args, **kwargs)

    return checked
