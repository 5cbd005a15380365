"""Going back where a form came from, but never off the site (no open redirect)."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.http import HttpRequest, HttpResponseRedirect
from django.shortcuts import redirect


def redirect_back(request: HttpRequest, default: str) -> HttpResponseRedirect:
    """Redirect to the posted `next` when it points into this site, else to `default`.

    `next` comes from the client: an address on another host (or a scheme-relative
    `//host/`, or `javascript:`) is ignored, as Django's own login view does, and so is
    anything but a path (`redirect()` would take a bare word such as "0" for a view's
    name, and fail).
    """
    target = request.POST.get("next", "")
    if is_local_path(target):
        return HttpResponseRedirect(target)
    return redirect(default)


def is_local_path(target: str) -> bool:
    """A path on this site: "/" and no host, however it is spelled (browsers read a
    backslash as a slash and drop tabs and line breaks, so a path holding one is refused)."""
    if not target.startswith("/") or target.startswith("//"):
        return False
    if any(c == "\\" or ord(c) < 32 for c in target):
        return False
    # Scheme-relative ("//host/", "//[") refused above, before urlsplit reads a host
    # it could fail on.
    parts = urlsplit(target)
    return not parts.scheme and not parts.netloc
