"""Issue 25: a call to the organizer made on a card without network waits in the
tablet's queue like a hand, and is sent (once) when the network returns."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import OrganizerCall, ScorekeeperLink

from .conftest import PHONE

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_call_made_offline_waits_and_is_sent_once(
    new_page, live_server, drawn_event, console_errors
):
    # The browser may still be fetching the page's icon when the network goes.
    console_errors.allow(r"ERR_INTERNET_DISCONNECTED \(http://[^ ]+/static/img/favicon")
    event = start_clock(drawn_event(tables=1))
    link = ScorekeeperLink.objects.filter(table__round__event=event).order_by("pk").first()
    page = new_page(PHONE)
    page.goto(f"{live_server.url}/s/{link.token}/")
    page.context.set_offline(True)
    page.locator("#call summary").click()
    page.get_by_label("A question").check()
    page.get_by_label("Note (optional)").fill("Which deck?")
    page.locator("#call").get_by_role("button", name="Call the organizer").click()
    expect(page.locator("#call .st-waiting")).to_have_count(1)
    expect(page.locator(".connection-text")).to_contain_text("1")
    assert not OrganizerCall.objects.exists()
    # Sent by itself when the network returns (the browser's "online" event), and the
    # page reloads then: an event dispatched here raced that reload.
    page.context.set_offline(False)
    expect(page.locator(".call-state")).to_contain_text(
        "The organizer has been called. Please wait at your table.", timeout=15_000
    )
    call = OrganizerCall.objects.get()
    assert (call.reason, call.note, call.source) == ("question", "Which deck?", "card")
