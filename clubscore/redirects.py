"""Going back where a form came from, but never off the site (no open redirect)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseRedirect
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme


def redirect_back(request: HttpRequest, default: str) -> HttpResponseRedirect:
    """Redirect to the posted `next` when it points into this site, else to `default`.

    `next` comes from the client: an address on another host (or a scheme-relative
    `//host/`, or `javascript:`) is ignored, as Django's own login view does, and so is
    anything but a path (`redirect()` would take a bare word such as "0" for a view's
    name, and fail).
    """
    target = request.POST.get("next", "")
    if target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return HttpResponseRedirect(target)
    return redirect(default)
