"""A page opened before a later login in the same browser (another tab, or the organizer
logging in on a scorekeeper's tablet): the login renews the CSRF cookie, and the page's
own token no longer matches it. Its previews, its saves and its forms were refused
(403: a preview that stopped counting, a hand left "waiting to send", Django's bare
"CSRF verification failed"); each now sends the cookie's token (static/js/csrf.js).
Real Chromium; the autouse `console_errors` fixture fails the test on any 403 logged."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clubscore.events.models import Event

from .conftest import TABLET, log_in
from .test_browser_offline import HAND, assert_stored_once, light, open_card, stored, wait_until

pytestmark = pytest.mark.django_db(transaction=True)


def log_in_elsewhere(page, live_server) -> None:
    """The organizer logs in on another tab of the same browser (its cookies)."""
    other = page.context.new_page()
    log_in(other, live_server, "director", "a-long-organizer-pass")
    other.close()


def test_a_card_open_before_a_login_on_the_tablet_still_previews_and_saves(
    new_page, live_server, card, organizer
):
    _event, link = card
    page = open_card(new_page(TABLET), live_server, link, kept=False)
    log_in_elsewhere(page, live_server)
    with page.expect_response(lambda r: "/preview/" in r.url) as preview:
        page.locator("#id_melded_aces").fill(HAND["melded_aces"])
    assert preview.value.status == 200
    page.locator("#id_in_hand_low").fill(HAND["in_hand_low"])
    page.get_by_role("button", name="Save our hand").click()
    # Stored at once, not left waiting for the next try.
    wait_until(page, lambda: stored(link) is not None, seconds=5)
    assert_stored_once(link, HAND)
    expect(light(page)).not_to_contain_text("waiting to send")


def test_an_organizer_page_open_before_a_new_login_still_saves(
    new_page, live_server, drawn_event, organizer
):
    event = drawn_event(tables=1)
    page = new_page(TABLET)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.goto(f"{live_server.url}/events/{event.pk}/edit/")
    log_in_elsewhere(page, live_server)
    page.get_by_label("Name", exact=True).fill("Friday, renamed")
    page.get_by_role("button", name="Save the settings").click()
    expect(page.get_by_role("heading", name="Friday, renamed")).to_be_visible()
    assert Event.objects.get(pk=event.pk).name == "Friday, renamed"
