"""Issue 26.20: bench/screens.py measures the 400 page once it is there, however long
the server takes to answer (it crashed on a slow German 400 page)."""

from __future__ import annotations

import time

import pytest
from django.core.signals import request_started

from bench import screens
from clubscore.events.clock import start_clock
from clubscore.events.models import ScorekeeperLink

from .conftest import PHONE

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def slow_entry():
    """The server takes a second over a posted hand (a busy machine)."""

    def hold(sender, environ, **kwargs) -> None:
        if environ.get("REQUEST_METHOD") == "POST" and environ["PATH_INFO"].endswith("/entry/"):
            time.sleep(1.0)

    request_started.connect(hold, weak=False, dispatch_uid="test-slow-entry")
    yield
    request_started.disconnect(dispatch_uid="test-slow-entry")


@pytest.mark.parametrize(
    "locale, words", [("en-GB", "This cannot be used"), ("de-DE", "Das geht so nicht")]
)
def test_the_400_page_is_measured_once_it_is_there(
    new_page, live_server, drawn_event, slow_entry, console_errors, locale, words
):
    # The 400 is the point: the browser reports its status as it arrives.
    console_errors.allow(r"status of 400 \(Bad Request\)")
    event = start_clock(drawn_event("exact_bid", tables=1))
    token = ScorekeeperLink.objects.get(table__round__event=event).token
    page = new_page(PHONE, locale=locale)
    errors: list[str] = []
    figures = screens.visit(page, f"{live_server.url}/s/{token}/", "bad-number", errors)
    assert words in page.content()
    assert figures["height"] > 0 and not figures["overflow"]
