"""Issue 26.18: the dashboard's "Next round" choices and New event's checkboxes are tap
targets of at least 44 px on a phone, in English and German."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubscore.events.clock import start_clock

from .conftest import PHONE, choose_language, log_in
from .figures import measure

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_next_round_and_new_event_choices_are_44_px(
    new_page, live_server, organizer, drawn_event, locale
):
    event = start_clock(drawn_event("hand_and_foot", tables=2))
    page = new_page(PHONE)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    choose_language(page, locale)
    page.goto(live_server.url + reverse("dashboard:event", args=[event.pk]))
    page.locator("details.next-round > summary").click()  # folded away for Hand and Foot
    radios = page.locator("details.next-round input[type=radio]")
    assert radios.first.is_visible()
    figures = measure(page)
    assert figures["small"] == [], figures["small"]
    # A finger lands 14 px below the second choice's radio, still within its row of 44 px.
    box = radios.nth(1).bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2 + 14)
    assert radios.nth(1).is_checked()
    page.goto(live_server.url + reverse("events:new"))
    assert page.locator("main input[type=checkbox]").count() > 0
    figures = measure(page)
    assert figures["small"] == [], figures["small"]
    assert not figures["overflow"]
