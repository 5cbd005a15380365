"""The organizer scores every card with hands in at once from the finish page, on a
tablet and on a phone, in English and German."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.events.test_finish_all import busy_evening  # noqa: F401  (the fixture)

from .conftest import PHONE, TABLET, log_in, screenshot

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    ("viewport", "locale", "finish", "button", "done"),
    [
        (TABLET, "en-GB", "Finish the evening", "Score all 3 cards as they lie", "3 cards"),
        (
            PHONE,
            "de-DE",
            "Abend abschließen",
            "Alle 3 Spielzettel werten, wie sie liegen",
            "3 Spielzettel gewertet",
        ),
    ],
)
def test_the_organizer_scores_every_card_with_hands_in_at_once(
    new_page,
    live_server,
    organizer,
    busy_evening,  # noqa: F811
    viewport,
    locale,
    finish,
    button,
    done,
):
    page = new_page(viewport, locale=locale)
    log_in(page, live_server, "director", "a-long-organizer-pass", locale[:2])
    page.goto(f"{live_server.url}/events/{busy_evening.pk}/dashboard/")
    page.get_by_role("link", name=finish).first.click()
    expect(page.locator(".open-card")).to_have_count(5)
    screenshot(page, f"finish-all-before-{locale}")
    page.get_by_role("button", name=button).click()
    expect(page.get_by_text(done)).to_be_visible()
    # Left: the dispute (settled on the dashboard) and the table with nothing entered.
    expect(page.locator(".open-card")).to_have_count(2)
    expect(page.get_by_role("button", name=button)).to_have_count(0)
    screenshot(page, f"finish-all-{locale}")
