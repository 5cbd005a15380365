"""Every view that goes back to a posted `next` stays on the site (no open redirect)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubscore.events.links import links_mark

HOSTILE = [
    "https://evil.example/",
    "//evil.example/",
    "http://testserver.evil.example/",
    "javascript:alert(1)",
    "https:///evil.example/",
    "/\\evil.example/",
    "/\t/evil.example/",  # browsers drop the tab: //evil.example/
    "/\n/evil.example/",
    "0",  # not a path: Django's redirect() took it for a view's name (a 500)
    "events:detail",
    "//[",  # urlsplit cannot read its host: a 500, after the links were replaced
    "//[::1/x",
]


def _post_targets(event) -> dict:
    """(url, extra data, safe default) for each view that reads `next`."""
    table = event.rounds.get().tables.get(number=1)
    return {
        "publish": (
            reverse("dashboard:publish", args=[event.pk]),
            {"public": "on"},
            reverse("dashboard:event", args=[event.pk]),
        ),
        "clock": (
            reverse("dashboard:clock", args=[event.pk]),
            {"action": "start"},
            reverse("events:detail", args=[event.pk]),
        ),
        "revoke_links": (
            reverse("events:revoke_links", args=[table.pk]),
            {"seen": links_mark(list(table.links.filter(revoked_at__isnull=True)))},
            reverse("events:revoke_links", args=[table.pk]),  # the new links
        ),
    }


@pytest.mark.parametrize("view", ["publish", "clock", "revoke_links"])
@pytest.mark.parametrize("target", HOSTILE)
def test_a_next_off_the_site_goes_to_the_safe_default(organizer_client, drawn_event, view, target):
    event = drawn_event("hand_and_foot", tables=1)
    url, data, default = _post_targets(event)[view]
    response = organizer_client.post(url, {**data, "next": target})
    assert response.status_code == 302
    assert response["Location"] == default


@pytest.mark.parametrize("view", ["publish", "clock", "revoke_links"])
def test_a_next_on_the_site_is_followed(organizer_client, drawn_event, view):
    event = drawn_event("hand_and_foot", tables=1)
    url, data, _default = _post_targets(event)[view]
    back = reverse("dashboard:event", args=[event.pk]) + "?x=1"
    response = organizer_client.post(url, {**data, "next": back})
    assert response.status_code == 302
    assert response["Location"] == back
