"""The home page and the organizer's login, in a real browser at tablet and phone size."""

import pytest
from playwright.sync_api import expect

from clubscore.events.models import Event

from .conftest import PHONE, TABLET, log_in, screenshot

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("viewport", [TABLET, PHONE], ids=["tablet", "phone"])
def test_a_visitor_sees_the_events(new_page, live_server, make_event, viewport):
    make_event(name="Friday Hand and Foot", status=Event.Status.CHECK_IN)
    page = new_page(viewport)
    page.goto(live_server.url)
    assert page.get_by_text("Friday Hand and Foot").is_visible()
    # Nothing wider than the screen: no sideways scrolling on a phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    screenshot(page, f"home-{viewport['width']}")


def test_the_organizer_logs_in_and_sees_drafts(page, live_server, organizer, make_event):
    make_event(name="Secret plans", status=Event.Status.DRAFT)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    assert page.get_by_text("Secret plans").is_visible()
    assert page.get_by_role("link", name="Club admin").is_visible()


def test_a_wrong_password_is_refused_and_the_username_kept(page, live_server, organizer):
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("Username").fill("director")
    page.get_by_label("Password").fill("wrong")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("alert")).to_be_visible()  # (once the answer has loaded)
    assert page.get_by_label("Username").input_value() == "director"


def test_the_language_switch_turns_the_page_german(page, live_server, make_event):
    make_event(name="Abend", status=Event.Status.CHECK_IN)
    page.goto(live_server.url)
    page.get_by_role("button", name="DE").click()
    expect(page.get_by_role("heading", name="Die Veranstaltungen des Clubs")).to_be_visible()
