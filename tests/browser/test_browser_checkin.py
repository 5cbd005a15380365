"""At the door on a tablet: check in a couple and a walk-in, draw, and see the tables."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from clubscore.events import services
from clubscore.events.models import Event, Seat

from .conftest import PHONE, TABLET, log_in, screenshot

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def evening(make_event, make_player, make_couple):
    event = make_event(name="Friday Hand and Foot", status=Event.Status.CHECK_IN)
    make_couple("Ann", "Al", "Smith")
    make_player("Zoë", "Quist")  # a member who is not here tonight
    early = [make_player(first, "Early") for first in ("Bea", "Cy", "Di", "Ed", "Flo")]
    services.check_in(event, early)
    return event


def test_the_organizer_checks_in_draws_and_sees_the_tables(page, live_server, organizer, evening):
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.goto(live_server.url + reverse("events:checkin", args=[evening.pk]))
    count = page.locator(".live-count")
    expect(count).to_have_text(
        "5 checked in: 1 table of four; one must sit out, or three more join"
    )

    # Live search (htmx): the list narrows as the organizer types.
    assert page.get_by_text("Zoë Quist").is_visible()
    page.get_by_label("Find a player").fill("smi")
    page.get_by_text("Zoë Quist").wait_for(state="detached")
    page.get_by_role("button", name="Check in both: Ann Smith and Al Smith").click()
    expect(count).to_have_text(re.compile(r"^7 checked in"))
    assert page.get_by_label("Find a player").input_value() == "smi"  # nothing typed is lost
    assert page.get_by_role("button", name="Ann Smith is checked in: undo").is_visible()

    page.get_by_label("First name").fill("Nina")
    page.get_by_label("Last name").fill("Neu")
    page.get_by_role("button", name="Add and check in").click()
    page.get_by_text("Nina Neu is checked in.").wait_for()
    expect(count).to_have_text("8 checked in: 2 tables of four")
    screenshot(page, "checkin-768")

    page.get_by_role("link", name=re.compile("To the draw")).first.click()
    page.get_by_role("button", name="Draw the tables").click()
    page.get_by_text(re.compile(r"The tables are drawn \(seed \d+\)")).wait_for()
    assert page.locator(".drawn-table").count() == 2
    assert page.get_by_text(re.compile(r"Plays first: .+ \(drew ")).count() == 2
    assert Seat.objects.filter(round__event=evening).count() == 8
    assert page.evaluate("document.documentElement.scrollWidth") <= TABLET["width"]
    screenshot(page, "draw-768")

    page.get_by_role("link", name="Show on the wall").click()
    expect(page.locator(".wall-table")).to_have_count(2)  # (once the wall has loaded)
    screenshot(page, "wall-768")
    # The projector shows no links; the scorekeepers' cards are on the dashboard's tiles.
    assert page.get_by_role("link", name=re.compile("card")).count() == 0
    page.goto(live_server.url + reverse("dashboard:event", args=[evening.pk]))
    assert page.get_by_role("link", name=re.compile(r"Team \d's card")).count() == 4


def test_the_pages_fit_a_phone(new_page, live_server, organizer, evening, make_player):
    services.check_in(evening, [make_player("Gus", "Late"), make_player("Hal", "Late")])
    services.draw_round(evening, seed=2026, allow_sit_out=True)
    page = new_page(PHONE)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    for name in ("checkin", "draw", "wall"):
        page.goto(live_server.url + reverse(f"events:{name}", args=[evening.pk]))
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], name
        screenshot(page, f"{name}-390")
    assert page.get_by_text("Sitting out this round").is_visible()
