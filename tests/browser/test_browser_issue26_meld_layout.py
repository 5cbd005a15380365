"""Issue 26.7: the meld calculator at 390×844 keeps "10♥" on one line and "150" whole
(it wrapped as "15 / 0"), in English and German."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import ScorekeeperLink

from .conftest import PHONE, screenshot
from .test_browser_meld_calculator import WORDS, tap

pytestmark = pytest.mark.django_db(transaction=True)

# How many lines the text of an element takes (its first text node for a card: the
# copies badge below it is meant to be a line of its own).
LINES = """(el) => {
  const node = el.classList.contains('card-tap') ? el.firstChild : el;
  const range = document.createRange();
  range.selectNodeContents(node);
  return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
}"""


@pytest.mark.parametrize("language", ["en", "de"])
def test_cards_and_points_stay_on_one_line_on_a_phone(new_page, live_server, drawn_event, language):
    words = WORDS[language]
    event = start_clock(drawn_event("luxury_family", tables=1, options={"rounds": 1}))
    token = ScorekeeperLink.objects.get(table__round__event=event).token
    page = new_page(PHONE, locale=words["locale"])
    page.goto(f"{live_server.url}/s/{token}/")
    page.get_by_role("radio", name=words["hearts"]).check()
    page.get_by_role("link", name=words["calculator"]).click()
    panel = page.locator("#meldcalc-0")
    for code in ("AH", "10H", "KH", "QH", "JH", "7H", "10S", "10S"):
        tap(panel, code)
    expect(panel.locator(".meldcalc-lines")).to_contain_text(words["luxury"])
    screenshot(page, f"issue26-meldcalc-{language}-390")
    for card in panel.locator("button.card-tap").all():
        assert card.evaluate(LINES) == 1, card.get_attribute("value")
        # ...and inside its button, not cut off.
        assert card.evaluate("el => el.scrollWidth <= el.clientWidth"), card.get_attribute("value")
    points = panel.locator(".meldcalc-lines .pts")
    assert "150" in points.all_inner_texts()
    for value in points.all():
        assert value.evaluate(LINES) == 1, value.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
