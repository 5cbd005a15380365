"""Issue 18 items 6, 10 and 11 in Chromium: the live preview says what is wrong."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import ScoreEntry, ScorekeeperLink

from .conftest import PHONE, save_refused
from .test_browser_tablet_games import box, open_card

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_negative_count_shows_its_message_in_the_preview(new_page, live_server, drawn_event):
    event = start_clock(drawn_event())
    token = ScorekeeperLink.objects.filter(table__round__event=event).first().token
    page = new_page(PHONE)
    page.goto(f"{live_server.url}/s/{token}/")
    box(page, "Aces").first.fill("-3")
    expect(page.locator("#preview")).to_contain_text("Cannot be negative.")
    expect(page.locator("#err-melded_aces")).to_contain_text("Cannot be negative.")


@pytest.mark.parametrize(
    "locale, words, save",
    [
        ("en-GB", "Enter a whole number with the digits 0 to 9.", "Save our hand"),
        ("de-DE", "Bitte eine ganze Zahl mit den Ziffern 0 bis 9 …", "Unsere Hand speichern"),
    ],
)
def test_a_count_typed_as_1e_is_said_not_saved_as_nought(
    new_page, live_server, drawn_event, locale, words, save
):
    """A keyboard's "1e" in a count: the browser sent it as a blank, which counts 0
    without a word. Now the preview and the save say what is wrong on the field."""
    event = start_clock(drawn_event(tables=1))
    token = ScorekeeperLink.objects.filter(table__round__event=event).first().token
    page = new_page(PHONE, locale=locale)
    page.goto(f"{live_server.url}/s/{token}/")
    aces = page.locator("#id_melded_aces")
    aces.press_sequentially("1e")
    expect(page.locator("#err-melded_aces")).to_contain_text(words.rstrip(" …"))
    page.get_by_role("button", name=save, exact=True).click()
    expect(page.locator(".field-error", has_text=words.rstrip(" …"))).to_be_visible()
    assert not ScoreEntry.objects.filter(parts__isnull=False).exists()


def test_an_impossible_bid_or_trick_sum_shows_the_games_message(new_page, live_server, drawn_event):
    event = start_clock(
        drawn_event("exact_bid", tables=1, players_per_table=3, options={"start_cards": 9})
    )
    page = open_card(new_page, live_server, event)
    box(page, "P1A Table1 bid").fill("10")
    box(page, "P1B Table1 bid").fill("0")
    box(page, "P1C Table1 bid").fill("0")
    box(page, "P1A Table1 took").fill("9")
    box(page, "P1B Table1 took").fill("0")
    expect(page.locator("#preview")).to_contain_text("played with 9 cards each")
    expect(page.locator("#err-bid_0")).to_contain_text(
        "A bid may be at most 9: this round was played with 9 cards each."
    )
    box(page, "P1A Table1 bid").fill("1")
    box(page, "P1A Table1 took").fill("5")
    box(page, "P1B Table1 took").fill("3")
    box(page, "P1C Table1 took").fill("2")
    expect(page.locator("#preview")).to_contain_text("Tricks add up to 10")
    expect(page.locator("#err-tricks_2")).to_contain_text("Tricks add up to 10")


def test_luxury_family_steps_by_ten_and_its_radios_are_tap_sized(
    new_page, live_server, drawn_event
):
    page = open_card(new_page, live_server, start_clock(drawn_event("luxury_family")))
    plus = page.get_by_role("button", name="10 more: Bid", exact=True)
    plus.click()
    plus.click()
    expect(box(page, "Bid")).to_have_value("20")
    page.get_by_role("button", name="10 less: Bid", exact=True).click()
    expect(box(page, "Bid")).to_have_value("10")
    page.get_by_role("button", name="10 more: P1A Table1: melds", exact=True).click()
    expect(box(page, "P1A Table1: melds")).to_have_value("10")
    # Power points count one by one.
    page.get_by_role("button", name="One more: P1A Table1: power points", exact=True).click()
    expect(box(page, "P1A Table1: power points")).to_have_value("1")
    radios = page.get_by_role("radio")
    assert radios.count() >= 7  # three game makers, four trumps
    for i in range(radios.count()):
        size = radios.nth(i).bounding_box()
        assert size["width"] >= 44 and size["height"] >= 44, size


def test_after_a_refused_save_the_preview_goes_on(new_page, live_server, drawn_event):
    """A save the server refuses puts its answer in place of the card (offline.js); the
    form then lost what lets the server check it, and the browser's own check of the
    required bids stopped every preview after it without a word."""
    event = start_clock(drawn_event("exact_bid", tables=1, players_per_table=3))
    page = open_card(new_page, live_server, event)
    box(page, "P1A Table1 bid").fill("1")
    save_refused(page, page.get_by_role("button", name="Save the round"))
    expect(page.locator(".field-error").first).to_contain_text("This field is required.")
    with page.expect_response(lambda r: r.url.endswith("/preview/")) as previewed:
        box(page, "P1B Table1 bid").fill("0")
    assert previewed.value.status == 200
    box(page, "P1B Table1 took").press_sequentially("1e")
    expect(page.locator("#err-tricks_1")).to_contain_text(
        "Enter a whole number with the digits 0 to 9."
    )


def test_tricks_past_the_cards_before_the_last_is_typed_are_said_at_once(
    new_page, live_server, drawn_event
):
    """4 + 4 tricks of 6 cards: the last player's count cannot fill itself in, and the
    preview says why on it (it hid the game's message as a field not reached yet)."""
    event = start_clock(
        drawn_event("exact_bid", tables=1, players_per_table=3, options={"start_cards": 6})
    )
    page = open_card(new_page, live_server, event)
    for name in ("P1A", "P1B", "P1C"):
        box(page, f"{name} Table1 bid").fill("1")
    box(page, "P1A Table1 took").fill("4")
    box(page, "P1B Table1 took").fill("4")
    said = "Tricks add up to 8, but 6 cards were played this round."
    expect(page.locator("#err-tricks_2")).to_contain_text(said)
    expect(page.locator("#err-tricks_2")).to_be_visible()
    expect(page.locator("#preview .preview-field-errors li", has_text=said)).to_be_visible()
    expect(box(page, "P1C Table1 took")).to_have_value("")
    # Put right, the last count fills itself in and the message goes.
    box(page, "P1B Table1 took").fill("1")
    expect(box(page, "P1C Table1 took")).to_have_value("1")
    expect(page.locator("#err-tricks_2")).not_to_contain_text(said)


def test_luxury_family_power_points_past_240_are_said_while_typing(
    new_page, live_server, drawn_event
):
    """200 + 100 power points: the third player's could not fill itself in, and the
    preview said nothing until the save (a walk, 2026-11-30)."""
    event = start_clock(drawn_event("luxury_family", tables=1, options={"rounds": 1}))
    page = open_card(new_page, live_server, event)
    box(page, "Bid").fill("200")
    page.get_by_role("radio", name="P1A Table1").check()
    page.get_by_role("radio", name="♥ hearts").check()
    box(page, "P1A Table1: power points").fill("200")
    box(page, "P1B Table1: power points").fill("100")
    said = "Power points add up to 300, but they must add up to 240."
    expect(page.locator("#err-power_2")).to_contain_text(said)
    expect(page.locator("#err-power_2")).to_be_visible()
    expect(box(page, "P1C Table1: power points")).to_have_value("")
