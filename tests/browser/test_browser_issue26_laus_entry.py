"""Issue 26.9 and 26.10, the Laus round on a phone (390×844), in English and German:
- a count that fills itself in says which field it filled ("Filled in: 1" twice, with
  no field name, before);
- every mistake shows at once (a ten not chosen yet hid aces adding up to 5)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import ScorekeeperLink

from .conftest import PHONE

pytestmark = pytest.mark.django_db(transaction=True)

WORDS = {
    "en": {
        "filled": "{name}: {cards} — filled in: {value}",
        "cards": {"aces": "Aces", "kings": "Kings", "queens": "Queens"},
        "no_ten": "Nobody took the ten of clubs; every ten is taken by one player.",
        "five_aces": "5 aces were taken, but there are 4.",
        "locale": "en-GB",
    },
    "de": {
        "filled": "{name}: {cards} — eingesetzt: {value}",
        "cards": {"aces": "Asse", "kings": "Könige", "queens": "Damen"},
        "no_ten": "Niemand hat die Kreuz-Zehn genommen; jede Zehn nimmt genau ein Spieler.",
        "five_aces": "5 Asse genommen, es gibt aber 4.",
        "locale": "de-DE",
    },
}


def open_laus_card(new_page, live_server, drawn_event, language):
    event = start_clock(drawn_event("laus", tables=1, options={"rounds": 1}))
    token = ScorekeeperLink.objects.get(table__round__event=event, table__number=1).token
    page = new_page(PHONE, locale=WORDS[language]["locale"])
    page.goto(f"{live_server.url}/s/{token}/")
    return page


@pytest.mark.parametrize("language", ["en", "de"])
def test_each_count_filled_in_names_its_field(new_page, live_server, drawn_event, language):
    words = WORDS[language]
    page = open_laus_card(new_page, live_server, drawn_event, language)
    for suit, seat in (("S", 0), ("H", 1), ("D", 2), ("C", 3)):
        page.locator(f"select[name=ten_{suit}]").select_option(str(seat))
    page.locator("input[name=aces_0]").fill("2")
    page.locator("input[name=aces_1]").fill("1")
    expect(page.locator("input[name=aces_3]")).to_have_value("1")
    outputs = page.locator("#preview output.autofill")
    expected = [
        words["filled"].format(name="P1D Table1", cards=words["cards"][key], value=value)
        for key, value in (("aces", 1), ("kings", 4), ("queens", 4))
    ]
    expect(outputs).to_have_text(expected)


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_missing_ten_no_longer_hides_five_aces(new_page, live_server, drawn_event, language):
    words = WORDS[language]
    page = open_laus_card(new_page, live_server, drawn_event, language)
    for suit, seat in (("S", 0), ("H", 1), ("D", 2)):  # the ten of clubs: nobody yet
        page.locator(f"select[name=ten_{suit}]").select_option(str(seat))
    for seat, aces in enumerate((2, 1, 1, 1)):
        page.locator(f"input[name=aces_{seat}]").fill(str(aces))
    preview = page.locator("#preview")
    # Both at once: before, the missing ten alone was named and the aces were not.
    expect(preview).to_contain_text(words["five_aces"])
    expect(preview).to_contain_text(words["no_ten"])
    page.locator("form button.send").click()
    expect(page.get_by_text(words["five_aces"]).first).to_be_visible()
    expect(page.get_by_text(words["no_ten"]).first).to_be_visible()


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_refused_save_shows_what_filled_itself_in_its_field(
    new_page, live_server, drawn_event, language
):
    """A round saved with a ten not chosen comes back refused; the fourth player's aces,
    which fill themselves in, are in their field again, not only in the line under the
    form that says so (before, the field stood empty beside "filled in: 1")."""
    words = WORDS[language]
    page = open_laus_card(new_page, live_server, drawn_event, language)
    for suit, seat in (("S", 0), ("H", 1), ("D", 2)):  # the ten of clubs: nobody yet
        page.locator(f"select[name=ten_{suit}]").select_option(str(seat))
    for seat in range(3):
        page.locator(f"input[name=aces_{seat}]").fill("1")
    expect(page.locator("input[name=aces_3]")).to_have_value("1")
    page.locator("form button.send").click()
    expect(page.get_by_text(words["no_ten"]).first).to_be_visible()
    expect(page.locator("input[name=aces_3]")).to_have_value("1")
    expect(page.locator("input[name=aces_0]")).to_have_value("1")
