"""The database away for a moment: the tablet shows "try again", then carries on."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import ScoreChange, ScoreEntry, ScorekeeperLink

from .conftest import screenshot

pytestmark = pytest.mark.django_db(transaction=True)

MESSAGE = "The score server is busy, please try again."


def test_the_tablet_says_try_again_and_carries_on(
    page, live_server, drawn_event, outage, console_errors
):
    # The 503s below are the point of this test; the browser and htmx report each one.
    console_errors.allow(r"status of 503 \(Service Unavailable\)")
    console_errors.allow(r"Response Status Error Code 503 from /s/")
    event = start_clock(drawn_event(tables=1))
    token = ScorekeeperLink.objects.filter(table__round__event=event).first().token
    page.goto(f"{live_server.url}/s/{token}/")
    page.locator("#id_melded_aces").fill("3")
    expect(page.locator(".preview-total strong")).to_have_text("60")

    outage.away()
    # Typing sends the htmx preview: its 503 is shown, the form keeps what was typed.
    page.locator("#id_melded_aces").fill("4")
    expect(page.locator("#server-busy")).to_contain_text(MESSAGE)
    expect(page.locator("#id_melded_aces")).to_have_value("4")
    screenshot(page, "tablet-database-away")

    outage.back()
    page.locator("#id_melded_aces").fill("5")
    expect(page.locator(".preview-total strong")).to_have_text("100")
    expect(page.locator("#server-busy")).to_have_count(0)

    # A hand saved while the database is away: its 503 never replaces the card; the
    # hand waits on the tablet (issue 27.2) and is stored once the server is back.
    outage.away()
    page.get_by_role("button", name="Save our hand").click()
    light = page.locator(".connection-text")
    expect(light).to_contain_text("Server not reachable since")
    expect(light).to_contain_text("1 waiting to send")
    expect(page.get_by_role("heading", name="Table 1")).to_be_visible()
    outage.back()
    expect(light).to_have_text("Online", timeout=15_000)
    expect(page.locator(".hands-table tr[data-number='1']")).to_contain_text("100")
    entry = ScoreEntry.objects.get(table__round__event=event, number=1)
    assert entry.part(1).data["melded"]["aces"] == 5
    assert ScoreChange.objects.filter(entry=entry).count() == 1
