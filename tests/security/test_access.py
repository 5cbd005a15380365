"""Strangers reach no organizer page or action.

The list of pages is read from the URL resolver, so a page added later is covered
without anyone remembering to add it here. Only the pages below are open to everyone.
"""

from __future__ import annotations

from urllib.parse import quote

import pytest
from django.urls import reverse

from .conftest import LOGIN_URL, all_pages, url_for

# Open to everyone by design. The scorekeeper's card is opened by its secret token (a
# made-up token must 404: checked below like any page); the standings only when
# the organizer published them (the event here is not published).
# The season ladder is the club's public notice board. The cards' service worker is the
# same script for every card (static file names only), fetched by the tablet's browser.
PUBLIC = {
    "scorekeeping:service_worker",
    "home",
    "login",
    "logout",
    "set_language",
    "admin:login",
    "admin:logout",
    "dashboard:ladder",
    # "Find my table" (issue 25): anyone, once the tables are drawn; it leads to the
    # door's search of tonight's players (tests/playerpages).
    "playerpages:find",
}


PAGES = [page for page in all_pages() if page.name not in PUBLIC]
EVENT_PAGES = [page for page in PAGES if "event_id" in page.params]


def assert_refused(response, url: str) -> None:
    if response.status_code in (302, 301):
        target = response["Location"]
        assert LOGIN_URL.match(target), f"{url} sent a stranger to {target}"
    else:
        assert response.status_code in (403, 404, 405), f"{url} answered {response.status_code}"


@pytest.fixture
def event(drawn_event):
    return drawn_event("hand_and_foot", tables=2, public_standings=False)


@pytest.fixture
def table(event):
    return event.rounds.get().tables.first()


def test_the_walk_finds_the_organizer_pages():
    names = {page.name for page in PAGES}
    assert {"events:detail", "dashboard:event", "printing:event_pdf", "admin:index"} <= names
    assert "events:revoke_links" in names
    assert len(EVENT_PAGES) >= 4


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_an_anonymous_visitor_is_refused(client, page, event, table):
    url = url_for(page, event, table)
    assert_refused(client.get(url), url)
    assert_refused(client.post(url, {}), url)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_a_logged_in_member_who_is_not_staff_is_refused(client, stranger, page, event, table):
    client.force_login(stranger)
    url = url_for(page, event, table)
    assert_refused(client.get(url), url)
    assert_refused(client.post(url, {}), url)


@pytest.mark.parametrize("page", EVENT_PAGES, ids=lambda page: page.name)
def test_the_organizer_gets_past_the_door(organizer_client, page, event, table):
    # So the refusals above come from the access check, not from a wrong URL.
    url = url_for(page, event, table)
    response = organizer_client.get(url)
    assert response.status_code not in (401, 403), url
    if response.status_code == 302:
        assert not LOGIN_URL.match(response["Location"]), url


def test_nothing_was_changed_by_the_strangers_posts(client, stranger, event, table):
    links_before = set(table.links.values_list("token", "revoked_at"))
    client.force_login(stranger)
    for page in PAGES:
        client.post(url_for(page, event, table), {"player": 1, "seed": 1})
    event.refresh_from_db()
    assert event.status == "running"
    assert event.checkins.count() == 0
    assert event.rounds.count() == 1
    assert set(table.links.values_list("token", "revoked_at")) == links_before


@pytest.mark.parametrize(
    "page", [page for page in PAGES if not page.name.startswith("admin:")], ids=lambda p: p.name
)
def test_organizer_pages_send_a_stranger_to_the_clubs_own_login(client, page, event, table):
    # The club's login page is the throttled one; the admin's keeps its own door.
    url = url_for(page, event, table)
    response = client.get(url)
    if response.status_code == 302:
        assert response["Location"].startswith(reverse("login") + "?next="), url


def test_a_page_left_open_whose_login_ended_goes_whole_to_the_login(client, event, table):
    """The projector's wall, its login ended (logged out in another tab): its poll got
    the login form swapped into its live part, in front of the room, and polled no more
    (a walk, 2026-11-30). An htmx request to any page behind the organizer's login now
    sends the whole page to the login, and back to that page after it; nothing of the
    organizer's page is answered."""
    wall = f"http://testserver{reverse('events:wall', args=[event.pk])}?part=live"
    headers = {"HX-Request": "true", "HX-Current-URL": wall}
    back = reverse("login") + "?next=" + quote(wall.split("testserver")[1], safe="/")
    guarded = []
    for page in PAGES:
        url = url_for(page, event, table)
        if page.name.startswith("admin:") or not LOGIN_URL.match(
            client.get(url).get("Location", "")
        ):
            continue  # the admin's own door, or a page a link's token opens
        guarded.append(page.name)
        for response in (client.get(url, headers=headers), client.post(url, {}, headers=headers)):
            assert response.status_code == 200 and response.content == b"", url
            assert response["HX-Redirect"] == back, url
    assert {"events:wall", "dashboard:event", "dashboard:wall_results"} <= set(guarded)


@pytest.mark.parametrize(
    "current", ["http://[::1/x", "http://[bad]/", "//[", "javascript:alert(1)", "%%%"]
)
def test_an_unreadable_current_url_from_a_stranger_is_no_500(client, event, current):
    """`HX-Current-URL` is the client's: one urlsplit cannot read answered 500 to anyone,
    with no login (fuzz walk of 2026-11-30), and one with no path of the site sent the
    login on to a 404 ("alert(1)"). The login is asked for this page instead."""
    url = reverse("dashboard:event", args=[event.pk])
    response = client.get(url, headers={"HX-Request": "true", "HX-Current-URL": current})
    assert response.status_code == 200
    assert response["HX-Redirect"] == reverse("login") + "?next=" + quote(url, safe="/")
