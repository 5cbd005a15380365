"""A scorekeeper link opens its card while the event runs, and nothing once it is final
or the link is revoked: every page behind a token, read from the URL resolver."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubscore.events.links import revoke_table_links
from clubscore.events.models import Event, OrganizerCall, ScoreEntry

from .conftest import all_pages

TOKEN_PAGES = [page for page in all_pages() if page.params == ("token",)]
# The card's own requests: a tablet left open after the final sends them.
SAYS_OVER = {
    "scorekeeping:entry",
    "scorekeeping:preview",
    "scorekeeping:draft",
    "scorekeeping:confirm",
    "scorekeeping:dispute",
    "scorekeeping:turn_in",
    "scorekeeping:call",
    "scorekeeping:melds",
}


@pytest.fixture
def event(drawn_event):
    return drawn_event("hand_and_foot", tables=1)


@pytest.fixture
def link(event):
    return event.rounds.get().tables.get().links.order_by("team__number").first()


def test_the_walk_finds_the_tablet_pages():
    names = {page.name for page in TOKEN_PAGES}
    assert {"scorekeeping:card", "scorekeeping:entry", "scorekeeping:confirm"} <= names
    assert names >= SAYS_OVER


def test_while_the_event_runs_the_link_opens_the_card(client, link):
    assert client.get(reverse("scorekeeping:card", args=[link.token])).status_code == 200


def own_method(client, url: str) -> str:
    """The method a tablet page answers: the pages that take a form refuse GET (405)."""
    return "post" if client.get(url).status_code == 405 else "get"


def assert_gone(client, url: str, method: str) -> None:
    """The page's own method finds nothing (404); the other is refused as before (405)."""
    other = "get" if method == "post" else "post"
    assert getattr(client, method)(url, {"number": 1}).status_code == 404
    assert getattr(client, other)(url, {"number": 1}).status_code == 405


@pytest.mark.parametrize("page", TOKEN_PAGES, ids=lambda page: page.name)
def test_once_the_event_is_final_every_tablet_page_is_gone(client, event, link, page):
    url = reverse(page.name, args=[link.token])
    method = own_method(client, url)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
    if page.name == "scorekeeping:card":
        # The card page itself says the evening is over, and shows nothing of the card.
        answer = client.get(url)
        body = answer.content.decode()
        assert answer.status_code == 200 and "The evening is over" in body
        assert "Table" not in body and "hx-get" not in body
        assert client.post(url, {"number": 1}).status_code == 405
    elif page.name in SAYS_OVER:
        # A tablet left open says so (200: no console error), stores nothing, and
        # shows nothing of the card; htmx's requests reload it to that page.
        other = "get" if method == "post" else "post"
        before = ScoreEntry.objects.count(), OrganizerCall.objects.count()
        answer = getattr(client, method)(url, {"number": 1, "seat": 0})
        body = answer.content.decode()
        assert answer.status_code == 200 and "The evening is over" in body
        assert "data-not-taken" in body and "Table" not in body
        assert (ScoreEntry.objects.count(), OrganizerCall.objects.count()) == before
        htmx = getattr(client, method)(url, {"number": 1}, HTTP_HX_REQUEST="true")
        assert htmx.status_code == 200 and htmx["HX-Refresh"] == "true"
        assert getattr(client, other)(url, {"number": 1}).status_code == 405
    else:
        assert_gone(client, url, method)


@pytest.mark.parametrize("page", TOKEN_PAGES, ids=lambda page: page.name)
def test_a_revoked_link_opens_nothing(client, event, link, page):
    url = reverse(page.name, args=[link.token])
    method = own_method(client, url)
    revoke_table_links(link.table)
    assert_gone(client, url, method)


def test_a_final_event_is_gone_even_for_the_organizer_on_the_tablet(organizer_client, event, link):
    # The organizer changes a final card from the dashboard (recorded), not by the link.
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
    response = organizer_client.get(reverse("scorekeeping:card", args=[link.token]))
    assert "The evening is over" in response.content.decode()
