"""A panel that a button opens ("Call the organizer", "Call time…", "Next round…",
"Reopen"): a person finds the button by its name, and at each step one button of that
name shows: the opener (a summary the browser exposes as a button) until the panel
opens, then the one inside it that does the deed. "Cancel" closes the panel again."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import Event, OrganizerCall, Round
from clubscore.events.phones import link_for

from .conftest import PHONE, TABLET, log_in

pytestmark = pytest.mark.django_db(transaction=True)


def one_button(page, name: str):
    button = page.get_by_role("button", name=name)
    expect(button).to_have_count(1)
    expect(button).to_be_visible()
    return button


def test_call_the_organizer_on_a_card_opens_cancels_and_calls(new_page, live_server, card):
    _event, link = card
    page = new_page(PHONE)
    page.goto(f"{live_server.url}/s/{link.token}/")
    one_button(page, "Call the organizer").click()
    expect(page.get_by_label("A question")).to_be_visible()
    page.get_by_role("button", name="Cancel").click()
    expect(page.get_by_label("A question")).to_be_hidden()
    one_button(page, "Call the organizer").click()
    expect(page.get_by_label("A question")).to_be_focused()  # the panel's first field
    page.get_by_label("A question").check()
    one_button(page, "Call the organizer").click()
    expect(page.locator(".call-state")).to_contain_text("The organizer has been called.")
    assert OrganizerCall.objects.get().reason == "question"


def test_call_the_organizer_on_a_players_phone(new_page, live_server, card):
    event, link = card
    player = link.table.seats.order_by("position").first().player
    page = new_page(PHONE)
    page.goto(f"{live_server.url}/p/{link_for(event, player).token}/")
    one_button(page, "Call the organizer").click()
    page.get_by_label("Something else").check()
    one_button(page, "Call the organizer").click()
    expect(page.locator(".phone-call-state")).to_contain_text("The organizer has been called.")
    assert OrganizerCall.objects.get().reason == "other"


def test_call_time_next_round_and_reopen_on_the_dashboard(
    new_page, live_server, organizer, drawn_event
):
    event = start_clock(drawn_event(tables=1))
    page = new_page(TABLET)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.goto(f"{live_server.url}/events/{event.pk}/dashboard/")

    one_button(page, "Call time").click()  # the opener "Call time…"
    # The focus goes into the panel, to "Cancel" (never to a deed that cannot be undone),
    # and Escape closes it, the focus back on the opener.
    expect(page.get_by_role("button", name="Cancel")).to_be_focused()
    page.keyboard.press("Escape")
    expect(one_button(page, "Call time")).to_be_focused()
    page.keyboard.press("Enter")
    one_button(page, "Call time").click()  # then "Yes, call time now"
    expect(page.get_by_text("Round 1: time is called.")).to_be_visible()
    assert Round.objects.get(event=event).time_called_at is not None

    one_button(page, "Next round").click()  # "Next round…" opens the form
    page.get_by_role("button", name="Cancel").click()
    expect(page.locator("details.next-round")).not_to_have_attribute("open", "")
    one_button(page, "Next round")

    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
    page.reload()
    one_button(page, "Reopen").click()
    one_button(page, "Reopen").click()
    expect(page.get_by_role("link", name="Finish the evening")).to_be_visible()
    assert Event.objects.get(pk=event.pk).status != Event.Status.FINAL
