"""Issue 26.7: the meld calculator at 390×844 keeps "10♥" on one line and "150" whole
(it wrapped as "15 / 0"), in English and German."""

from __future__ import annotations

import contextlib

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import ScorekeeperLink

from .conftest import PHONE, screenshot
from .test_browser_meld_calculator import WORDS, tap

pytestmark = pytest.mark.django_db(transaction=True)

# The cards and meld points of the open panel that take more than one line (a card's
# first text node: the copies badge below it is meant to be a line of its own) or that
# overflow their button. Measured in one call, and again until it holds: a measure taken
# while the panel was being swapped read a card as no line at all (CI, 1703da0).
OFFENDERS = """() => {
  const panel = document.querySelector('#meldcalc-0');
  if (!panel) return ['no panel'];
  const lines = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
  };
  const wrong = [];
  for (const card of panel.querySelectorAll('button.card-tap')) {
    if (lines(card.firstChild) !== 1 || card.scrollWidth > card.clientWidth) wrong.push(card.value);
  }
  for (const points of panel.querySelectorAll('.meldcalc-lines .pts')) {
    if (lines(points) !== 1) wrong.push(points.textContent);
  }
  return wrong;
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
    assert "150" in panel.locator(".meldcalc-lines .pts").all_inner_texts()
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(f"() => ({OFFENDERS})().length === 0", timeout=5000)
    assert page.evaluate(OFFENDERS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
