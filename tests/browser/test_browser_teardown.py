"""Issue 26.21: a browser test ends its pages' requests before the live server's database
is flushed, so the flush never meets a request still in flight (on a busy machine)."""

from __future__ import annotations

import time

import pytest
from django.core.signals import request_started
from playwright.sync_api import expect

from .conftest import SERVER, TABLET, QuietContext


@pytest.fixture
def slow_request():
    """The live server takes 1.5 s over a request for /?slow=1 (a busy machine)."""

    def hold(sender, environ, **kwargs) -> None:
        if environ.get("QUERY_STRING") == "slow=1":
            time.sleep(1.5)

    request_started.connect(hold, weak=False, dispatch_uid="test-slow-request")
    yield
    request_started.disconnect(dispatch_uid="test-slow-request")


def test_closing_waits_for_the_request_in_flight(browser, live_server, slow_request, db):
    context = browser.new_context()
    quiet = QuietContext(context)
    page = context.new_page()
    page.goto(f"{live_server.url}/")
    page.evaluate("() => { fetch('/?slow=1'); }")  # sent, not awaited: still on its way
    deadline = time.monotonic() + 5
    while not SERVER.busy and time.monotonic() < deadline:
        page.wait_for_timeout(10)
    assert SERVER.busy >= 1  # the server is handling it (the favicon may be in flight too)
    quiet.close()
    assert SERVER.busy == 0  # answered before the context closed: the flush may come


@pytest.fixture
def drafts_received():
    """The draft requests (static/js/scorekeeping.js) the live server starts from now on."""
    received: list[str] = []

    def seen(sender, environ, **kwargs) -> None:
        if environ.get("PATH_INFO", "").endswith("/draft/"):
            received.append(environ["PATH_INFO"])

    request_started.connect(seen, weak=False, dispatch_uid="test-drafts-received")
    yield received
    request_started.disconnect(dispatch_uid="test-drafts-received")


@pytest.mark.django_db(transaction=True)
def test_a_card_closed_with_a_draft_due_sends_no_beacon_after_the_test(
    browser, live_server, card, drafts_received
):
    """A beacon is seen by neither the context's route nor Playwright: sent when the page
    is left, it reached the server while the test's database was flushed (CI, PostgreSQL)."""
    _event, link = card
    for _left in range(3):  # the browser does not send every such beacon: leave thrice
        context = browser.new_context(viewport=TABLET)
        quiet = QuietContext(context)
        page = context.new_page()
        page.goto(f"{live_server.url}/s/{link.token}/")
        expect(page.locator("#id_red_books")).to_be_visible()
        page.wait_for_timeout(1000)
        page.locator("#id_red_books").fill("3")  # its draft is due when typing pauses
        quiet.close()
    time.sleep(1.5)  # a beacon sent as the page went away is here by now
    assert drafts_received == []
