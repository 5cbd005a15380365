"""The Luxury Family meld calculator on a phone and a tablet, in English and German: tap the
cards a player showed, the server's game scores them, "Use these melds" fills the field."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import ScorekeeperLink

from .conftest import PHONE, TABLET, screenshot

pytestmark = pytest.mark.django_db(transaction=True)

WORDS = {
    "en": {
        "locale": "en-GB",
        "calculator": "Meld calculator: P1A Table1",
        "not_chosen": "not chosen yet",
        "hearts": "♥ hearts",
        "luxury": "Trump luxury family (hearts)",
        "seven": "Seven of trump",
        "use": "Use these melds",
        "melds": "P1A Table1: melds",
        "power": "{} Table1: power points",
        "save": "Save the round",
        "saved": "Round 1 saved.",
    },
    "de": {
        "locale": "de-DE",
        "calculator": "Meldungen berechnen: P1A Table1",
        "not_chosen": "noch nicht gewählt",
        "hearts": "♥ Herz",
        "luxury": "Trumpf-Luxusfamilie (Herz)",
        "seven": "Trumpfsieben",
        "use": "Diese Meldungen übernehmen",
        "melds": "P1A Table1: Meldungen",
        "power": "{} Table1: Machtpunkte",
        "save": "Runde speichern",
        "saved": "Runde 1 gespeichert.",
    },
}


def tap(panel, code: str) -> None:
    """Tap a card and wait for the server's panel that counts it."""
    button = panel.locator(f"button.card-tap[value='{code}']")
    before = button.inner_text()
    button.click()
    expect(button).not_to_have_text(before)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("viewport", [PHONE, TABLET], ids=["phone", "tablet"])
def test_tap_the_cards_use_the_melds_and_save(
    new_page, live_server, drawn_event, viewport, language
):
    words = WORDS[language]
    event = start_clock(drawn_event("luxury_family", tables=1, options={"rounds": 1}))
    token = ScorekeeperLink.objects.get(table__round__event=event).token
    page = new_page(viewport, locale=words["locale"])
    page.goto(f"{live_server.url}/s/{token}/")

    # Radio buttons are full tap targets (issue 18 item 10: they were 22 px).
    for radio in page.locator(".entry-form input[type=radio]").all():
        size = radio.bounding_box()
        assert size["width"] >= 44 and size["height"] >= 44, size

    page.locator("input[name=bid]").fill("300")
    page.locator("input[name=game_maker][value='0']").check()
    page.get_by_role("link", name=words["calculator"]).click()
    panel = page.locator("#meldcalc-0")
    expect(panel.locator(".meldcalc-trump")).to_contain_text(words["not_chosen"])
    for code in ("AH", "10H", "KH", "QH", "JH", "7H", "7H"):
        tap(panel, code)
    # Two sevens of hearts: the deck has no third.
    expect(panel.locator("button.card-tap[value='7H']")).to_be_disabled()
    panel.locator("button.card-untap[value='7H']").click()  # take one back
    expect(panel.locator("button.card-tap[value='7H']")).to_be_enabled()
    expect(panel.locator(".meldcalc-count")).to_contain_text("6")

    # Trump is chosen on the form: the open panel is scored again with it.
    page.get_by_role("radio", name=words["hearts"]).check()
    expect(panel.locator(".meldcalc-trump")).to_contain_text("♥")
    expect(panel.locator(".meldcalc-lines")).to_contain_text(words["luxury"])
    expect(panel.locator(".meldcalc-lines")).to_contain_text(words["seven"])
    expect(panel.locator(".meldcalc-total strong")).to_have_text("160")  # 150 + 10
    for button in panel.locator("button").all():
        size = button.bounding_box()
        assert size["width"] >= 44 and size["height"] >= 44, (button.get_attribute("value"), size)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    screenshot(page, f"meldcalc-{language}-{viewport['width']}")

    panel.get_by_role("button", name=words["use"]).click()
    melds = page.get_by_role("spinbutton", name=words["melds"], exact=True)
    expect(melds).to_have_value("160")
    expect(page.locator("#meldcalc-0")).to_have_count(0)  # the panel closed
    page.get_by_role("spinbutton", name=words["power"].format("P1A"), exact=True).fill("120")
    page.get_by_role("spinbutton", name=words["power"].format("P1B"), exact=True).fill("70")
    # The live preview: 160 melds + 180 trick points (120 power points) = 340 >= bid 300.
    expect(page.locator(".preview-table tr").first).to_contain_text("340")
    screenshot(page, f"meldcalc-preview-{language}-{viewport['width']}")
    page.get_by_role("button", name=words["save"]).click()
    expect(page.locator(".message")).to_contain_text(words["saved"])
    expect(page.locator(".total-value").first).to_have_text("340")


def test_without_javascript_the_calculator_is_a_page_of_its_own(
    browser, console_errors, live_server, drawn_event
):
    event = start_clock(drawn_event("luxury_family", tables=1, options={"rounds": 1}))
    token = ScorekeeperLink.objects.get(table__round__event=event).token
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    context.set_default_timeout(10_000)
    context.on("page", console_errors.watch)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/s/{token}/")
        page.locator("input[name=bid]").fill("200")  # what was typed stays on the card
        # The calculator opens beside the card (a new tab), which keeps what was typed.
        with context.expect_page() as opened:
            page.get_by_role("link", name="Meld calculator: P1B Table1").click()
        calculator = opened.value
        calculator.wait_for_load_state()
        for code in ("KC", "QC", "JC", "KC", "QC"):
            calculator.locator(f"button.card-tap[value='{code}']").click()
        calculator.get_by_role("radio", name="♣ clubs").check()
        calculator.get_by_role("button", name="Score these cards").click()
        expect(calculator.locator(".meldcalc-lines")).to_contain_text(
            "Trump family with double couple (clubs)"
        )
        expect(calculator.locator(".meldcalc-total strong")).to_have_text("150")
        expect(calculator.locator(".meldcalc-enter")).to_contain_text(
            "Enter 150 as the melds of P1B Table1"
        )
        expect(calculator.locator("input[name=cards]")).to_have_value("KC,QC,JC,KC,QC")
        screenshot(calculator, "meldcalc-nojs-390")
        expect(page.locator("input[name=bid]")).to_have_value("200")
    finally:
        context.close()
