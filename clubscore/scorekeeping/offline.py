"""The card without network: the service worker, the web manifest, the page's strings.

The service worker is a Django template (no build step) so that it knows the static
files' names; it is served from /s/ so that its scope covers every card. The queue
itself lives on the tablet (static/js/offline.js); the server only sees the same
posts, with their idempotency keys, as it does online.
"""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from clubscore.events.models import ScorekeeperLink

from .card import LIVE_STATUSES

# What a card needs to show itself offline; kept by the service worker when installed.
ASSETS = [
    "css/clubscore.css",
    "css/entry.css",
    "css/scorekeeping.css",
    "css/melds.css",
    "js/clock.js",
    "js/scorekeeping.js",
    "js/offline.js",
    "js/melds.js",
    "js/panels.js",
    "js/csrf.js",
    "vendor/htmx-2.0.8.min.js",
    "vendor/idb-keyval-6.3.0.umd.js",
    "img/favicon.svg",
    "img/icon-192.png",
    "img/icon-512.png",
]
THEME_COLOR = "#1f6f50"


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    assets = [static(name) for name in ASSETS]
    # A new static file name (a new release) makes a new worker, which drops the old cache.
    version = hashlib.blake2b(json.dumps(assets).encode(), digest_size=6).hexdigest()
    body = render_to_string(
        "scorekeeping/sw.js",
        # STATIC_URL, not static(""): the manifest storage of DEBUG off has no entry for "".
        {"assets": json.dumps(assets), "version": version, "static_prefix": settings.STATIC_URL},
    )
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = (
        reverse("scorekeeping:service_worker").rsplit("/", 1)[0] + "/"
    )
    response["Cache-Control"] = "no-cache"  # browsers check for a new worker on each visit
    return response


@require_safe
def manifest(request: HttpRequest, token: str) -> HttpResponse:
    """The card as an installed app: it opens this scorekeeper's card."""
    link = get_object_or_404(
        ScorekeeperLink.objects.select_related("table__round__event"),
        token=token,
        revoked_at__isnull=True,
        table__round__event__status__in=LIVE_STATUSES,
    )
    start = link.get_absolute_url()
    data = {
        "id": start,
        "name": f"{link.table} · {link.table.round.event.name}",
        "short_name": _("Table %(number)s") % {"number": link.table.number},
        "lang": get_language() or "en",
        "start_url": start,
        "scope": start,
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME_COLOR,
        "icons": [
            {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": static("img/favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    response = JsonResponse(data, content_type="application/manifest+json")
    response["Cache-Control"] = "private, no-cache"
    return response


def waiting_to_send(count: int) -> str:
    """ "1 waiting to send": the form for `count` ({count} filled in by the tablet)."""
    return ngettext("%(count)s waiting to send", "%(count)s waiting to send", count) % {
        "count": "{count}"
    }


def strings() -> dict[str, str]:
    """What static/js/offline.js says, translated here ({time} and {count} filled in there)."""
    return {
        "online": _("Online"),
        "offlineSince": _("Offline since %(time)s") % {"time": "{time}"},
        "awaySince": _("Server not reachable since %(time)s") % {"time": "{time}"},
        "waitingOne": waiting_to_send(1),
        "waitingOther": waiting_to_send(2),
        "waiting": _("waiting to send"),
        "sending": _("Sending…"),
        "whenSent": _("total when sent"),
        # A post answered with no card (its link replaced meanwhile, a session gone):
        # nothing was saved.
        "refused": _(
            "Nothing was saved: the server did not take this. Open the card again; if it "
            "does not open, ask the organizer for the table's new link."
        ),
        "typed": _("What you typed:"),
        # Under numbers typed for a hand saved meanwhile from another tablet, once read.
        "forgetTyped": _("Forget these numbers"),
        "unsavedTurnIn": _(
            "What is typed in the form below is not saved: save it first, or tap “Turn in "
            "the card” again to turn the card in without it."
        ),
    }
