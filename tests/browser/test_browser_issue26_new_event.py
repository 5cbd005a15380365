"""Issue 26.5: the New event form shows the game it offers options of, and a changed
game brings its own defaults (Laus and exact-bid: 15 play-off minutes, not Hand and
Foot's 30), at 390×844, in English and German."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, log_in

pytestmark = pytest.mark.django_db(transaction=True)

WORDS = {
    "en": ("New event", "Game", "Options of {}", "Minutes for a play-off round"),
    "de": ("Neue Veranstaltung", "Spiel", "Optionen von {}", "Minuten für eine Stechrunde"),
}


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_game_shown_is_the_one_whose_options_are_shown_with_its_own_defaults(
    new_page, live_server, organizer, language
):
    new, game_label, options_of, minutes = WORDS[language]
    page = new_page(PHONE)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    if language == "de":
        page.get_by_role("button", name="DE").click()
    page.get_by_role("link", name=new).click()
    # Loaded, htmx with it: a game chosen before would not fetch its options.
    page.wait_for_url(f"{live_server.url}/events/new/")
    game = page.get_by_label(game_label, exact=True)
    legend = page.locator("#game-options legend")
    # It opened with "---------" selected beside "Options of Hand and Foot".
    assert game.input_value() == "hand_and_foot"
    assert "---------" not in game.inner_text()
    expect(legend).to_have_text(options_of.format(game.locator("option:checked").inner_text()))
    assert page.get_by_label(minutes, exact=True).input_value() == "30"

    for key, expected in [("laus", "15"), ("exact_bid", "15"), ("hand_and_foot", "30")]:
        game.select_option(key)
        name = game.locator("option:checked").inner_text()
        expect(legend).to_have_text(options_of.format(name))
        expect(page.get_by_label(minutes, exact=True)).to_have_value(expected)

    # What the organizer typed stays when the game changes.
    page.get_by_label(minutes, exact=True).fill("20")
    game.select_option("laus")
    expect(legend).to_have_text(options_of.format("Laus"))
    expect(page.get_by_label(minutes, exact=True)).to_have_value("20")
