"""Issue 18 on a phone and a tablet: what a scorekeeper sees first after each action."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import ScorekeeperLink

from .conftest import PHONE, TABLET, screenshot
from .test_browser_tablet_hand_and_foot import LOSERS, WINNERS, enter

pytestmark = pytest.mark.django_db(transaction=True)


def in_view(page, selector: str) -> bool:
    """Is the top of `selector` on screen (not above it, not below the fold)?"""
    box = page.locator(selector).first.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and 0 <= box["y"] < height


@pytest.mark.parametrize("viewport", [PHONE, TABLET], ids=["phone", "tablet"])
def test_after_saving_the_next_thing_to_do_is_on_screen(
    new_page, live_server, drawn_event, viewport
):
    event = start_clock(drawn_event(tables=1))
    one, two = (
        ScorekeeperLink.objects.filter(table__round__event=event)
        .order_by("team__number")
        .values_list("token", flat=True)
    )
    team1, team2 = new_page(viewport), new_page(viewport)
    team1.goto(f"{live_server.url}/s/{one}/")
    enter(team1, WINNERS, went_out=True)
    # The team's own score shows at once; the hand waits for the other team.
    row = team1.locator(".hands-table tbody tr").first
    expect(row).to_contain_text("2140")
    expect(row).to_contain_text("waiting for Team 2")
    assert in_view(team1, "#card .hand-title")
    screenshot(team1, f"i18-hf-saved-{viewport['width']}")

    team2.goto(f"{live_server.url}/s/{two}/")
    enter(team2, LOSERS)
    # After an action the card opens at what is to do next: here the panel to check.
    team1.goto("about:blank")
    team1.goto(f"{live_server.url}/s/{one}/#next")
    heading = team1.get_by_role("heading", name=re.compile("Hand 1: check"))
    expect(heading).to_be_visible()
    assert in_view(team1, ".pending")
    screenshot(team1, f"i18-hf-check-{viewport['width']}")
    team1.get_by_role("button", name="Confirm", exact=True).click()
    expect(team1.locator(".message")).to_contain_text("Confirmed")
    # Each row: the hand's points and, below, the running total.
    expect(team1.locator(".hands-table tbody tr").first).to_contain_text("Σ 2140")


def test_the_conflict_is_on_screen_on_a_phone(new_page, live_server, drawn_event):
    event = start_clock(drawn_event(tables=1))
    one = (
        ScorekeeperLink.objects.filter(table__round__event=event)
        .order_by("team__number")
        .values_list("token", flat=True)
        .first()
    )
    first, second = new_page(PHONE), new_page(PHONE)
    first.goto(f"{live_server.url}/s/{one}/")
    second.goto(f"{live_server.url}/s/{one}/")
    enter(first, WINNERS, went_out=True)
    for name, value in LOSERS.items():
        second.locator(f"#id_{name}").fill(value)
    second.get_by_role("button", name="Save our hand").click()
    conflict = second.locator(".conflict")
    expect(conflict).to_contain_text("We went out")
    expect(conflict).to_contain_text("Yes")
    expect(conflict).not_to_contain_text("True")
    assert in_view(second, ".conflict")
    screenshot(second, "i18-hf-conflict-390")
