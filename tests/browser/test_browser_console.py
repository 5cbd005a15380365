"""No page logs a console error (the autouse fixture in conftest.py fails on any), and
the entry form's live preview is sent once per pause in typing, never aborted and never
after the hand is saved."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import ScoreEntry, ScorekeeperLink, Table

from .conftest import PHONE, TABLET, log_in

pytestmark = pytest.mark.django_db(transaction=True)


def organizer_pages(event) -> list[str]:
    args = [event.pk]
    return [
        reverse("home"),
        reverse("events:detail", args=args),
        reverse("events:checkin", args=args),
        reverse("events:draw", args=args),
        reverse("events:wall", args=args),
        reverse("dashboard:event", args=args),
        reverse("dashboard:standings", args=args),
        reverse("dashboard:ladder"),
        reverse("admin:index"),
        reverse("admin:events_event_changelist"),
    ]


@pytest.mark.parametrize("viewport", [TABLET, PHONE], ids=["tablet", "phone"])
def test_the_organizers_pages_and_a_card_log_no_console_error(
    new_page, live_server, organizer, drawn_event, viewport
):
    event = start_clock(drawn_event(tables=2))
    token = ScorekeeperLink.objects.filter(table__round__event=event).first().token
    page = new_page(viewport)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    for path in [*organizer_pages(event), reverse("scorekeeping:card", args=[token])]:
        response = page.goto(live_server.url + path)
        assert response.status == 200, path
        page.wait_for_load_state("load")
        # htmx inserts no <style> of its own (the CSP would block it).
        assert page.locator("head style").count() == 0, path
    assert page.request.get(f"{live_server.url}/favicon.ico").ok


def test_typing_previews_once_and_saving_sends_no_preview_after(new_page, live_server, drawn_event):
    event = start_clock(drawn_event(tables=1))
    table = Table.objects.get(round__event=event)
    token = ScorekeeperLink.objects.filter(table=table).order_by("team__number")[0].token
    page = new_page(TABLET)
    page.goto(f"{live_server.url}/s/{token}/")
    page.evaluate(
        "window.aborts = 0;document.body.addEventListener('htmx:sendAbort', () => window.aborts++)"
    )
    previews: list[str] = []
    posts: list[str] = []

    def seen(request) -> None:
        if request.method == "POST":
            posts.append(request.url)
            if request.url.endswith("/preview/"):
                previews.append(request.url)

    page.on("request", seen)
    aces = page.locator("#id_melded_aces")
    aces.press_sequentially("12", delay=40)
    expect(page.locator(".preview-total strong")).to_have_text("240")
    aces.blur()  # leaving the field (as a tap on "Save" does) is no second trigger
    page.wait_for_timeout(600)
    assert len(previews) == 1
    # A stepper tap and typing while its preview is on the way: queued, not aborted.
    page.get_by_role("button", name="One more: Red books").click()
    page.locator("#id_melded_low").press_sequentially("4", delay=20)
    page.wait_for_timeout(700)
    assert page.evaluate("window.aborts") == 0

    # Type and save at once: no preview follows the save, and no draft is kept.
    page.locator("#id_melded_aces").fill("3")
    page.get_by_role("button", name="Save our hand").click()
    expect(page.locator(".message")).to_contain_text("Hand 1 saved.")
    page.wait_for_timeout(700)
    entry_post = next(i for i, url in enumerate(posts) if url.endswith("/entry/"))
    assert not [url for url in posts[entry_post:] if url.endswith("/preview/")]
    entry = ScoreEntry.objects.get(table=table, number=1)
    assert entry.part(1).data["melded"]["aces"] == 3
    assert entry.draft(1) is None
