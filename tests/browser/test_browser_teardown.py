"""Issue 26.21: a browser test ends its pages' requests before the live server's database
is flushed, so the flush never meets a request still in flight (on a busy machine)."""

from __future__ import annotations

import time

import pytest
from django.core.signals import request_started

from .conftest import SERVER, QuietContext


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
