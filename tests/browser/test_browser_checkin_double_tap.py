"""A double tap at the door does what one tap does (a hostile-input walk, 2026-12-01):
the second tap of "Check in" landed on the "undo" the first one put in its place and
checked the player out again; the second tap of "Check out" landed on the next player's."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from clubscore.events import services
from clubscore.events.models import CheckIn, Event

from .conftest import PHONE, log_in

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def door(make_event, make_player):
    event = make_event(name="Friday Hand and Foot", status=Event.Status.CHECK_IN)
    walter = make_player("Walter", "Davis")
    early = [make_player(first, "Early") for first in ("Bea", "Cy")]
    services.check_in(event, early)
    return event, walter, early


def checked_in(event) -> set[str]:
    return {c.player.first_name for c in CheckIn.objects.filter(event=event)}


def double_tap(page, name: str) -> None:
    """Two taps 150 ms apart, the second where the first one was."""
    box = page.get_by_role("button", name=name).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_timeout(150)
    page.mouse.click(x, y)


def test_a_double_tap_on_check_in_checks_in_once(new_page, live_server, organizer, door):
    event, walter, _ = door
    page = new_page(PHONE)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.goto(live_server.url + reverse("events:checkin", args=[event.pk]) + "?q=Davis")
    double_tap(page, "Check in Walter Davis")
    undo = page.get_by_role("button", name="Walter Davis is checked in: undo")
    expect(undo).to_be_visible()
    page.wait_for_timeout(800)  # the second tap's answer, had it been sent
    expect(undo).to_be_visible()
    assert checked_in(event) == {"Bea", "Cy", "Walter"}

    undo.click()  # a tap of its own, once the buttons have settled, is taken
    expect(page.get_by_role("button", name="Check in Walter Davis")).to_be_visible()
    assert checked_in(event) == {"Bea", "Cy"}


def test_a_double_tap_on_check_out_checks_out_one_player(new_page, live_server, organizer, door):
    event, _, early = door
    page = new_page(PHONE)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.goto(live_server.url + reverse("events:checkin", args=[event.pk]))
    first = page.locator(".checked-in-list button").first.get_attribute("aria-label")
    double_tap(page, first)
    expect(page.get_by_role("button", name=first)).to_have_count(0)
    page.wait_for_timeout(800)
    expect(page.locator(".checked-in-list li")).to_have_count(1)
    assert len(checked_in(event)) == 1
