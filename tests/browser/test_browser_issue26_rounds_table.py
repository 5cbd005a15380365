"""Issue 26.8: the card's rounds table fits a phone (390×844) with its Status column
whole ("Bestätig…" was cut off), for each game, in English and German."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from clubscore.club.models import Player
from clubscore.events.clock import start_clock
from clubscore.events.models import ScorekeeperLink, Seat, Table
from tests.payloads import hf_hand, laus_round, lf_round
from tests.playoffs import confirm, regular_tables, seat_names, sent_by_first_seat

from .conftest import PHONE, screenshot

pytestmark = pytest.mark.django_db(transaction=True)

OPTIONS = {"laus": {"rounds": 8}, "luxury_family": {"rounds": 8}}
STATUS = {"en": "Confirmed", "de": "Bestätigt"}
# The widest rounds each game writes: big numbers, running totals beneath.
ROUNDS = {
    "laus": lambda names, n: laus_round(names, n % 4),
    "luxury_family": lambda names, n: lf_round(names, bid=300, melds=[150, 0, 0]),
    "hand_and_foot": lambda names, n: hf_hand(n, n % 2, low_left=9),
    "exact_bid": lambda names, n: {"bids": [1, 0, 1, 0], "tricks": [1, 0, 1, 9 - n]},
}


def assert_status_in_sight(page) -> None:
    """The card's rounds table does not scroll sideways, and each status badge is on the
    phone's screen whole."""
    scroller = page.locator(".hands .table-scroll")
    assert scroller.evaluate("el => el.scrollWidth <= el.clientWidth"), "the table scrolls sideways"
    for badge in page.locator("table.hands-table tbody .badge").all():
        box = badge.bounding_box()
        assert box["x"] + box["width"] <= PHONE["width"], (badge.inner_text(), box)
        assert badge.evaluate("el => el.scrollWidth <= el.clientWidth"), badge.inner_text()


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", list(ROUNDS))
def test_the_status_column_is_on_the_screen(new_page, live_server, drawn_event, game, language):
    event = start_clock(drawn_event(game, tables=1, options=OPTIONS.get(game, {})))
    (table,) = regular_tables(event)
    names = seat_names(table)
    for number in range(1, 4):
        confirm(table, number, ROUNDS[game](names, number))
    token = ScorekeeperLink.objects.filter(table=table).first().token
    page = new_page(PHONE, locale="de-DE" if language == "de" else "en-GB")
    page.goto(f"{live_server.url}/s/{token}/")
    hands = page.locator("table.hands-table")
    hands.scroll_into_view_if_needed()
    screenshot(page, f"issue26-rounds-{game}-{language}-390")
    assert hands.locator("tbody .badge").first.inner_text() == STATUS[language]
    assert_status_in_sight(page)


# Who takes the ten of spades in round n: in turn (three-digit totals after three rounds),
# or the same player each time (four-digit totals, as a Laus evening reaches them).
TEN_OF_SPADES = {"in turn": lambda n: n % 4, "to one player": lambda n: 0}


@pytest.mark.parametrize("rounds", [3, 7])
@pytest.mark.parametrize("spades", list(TEN_OF_SPADES))
def test_a_laus_round_waiting_keeps_its_status_and_edit_link_on_a_german_phone(
    new_page, live_server, drawn_event, spades, rounds
):
    """A round this tablet entered waits for the others: "Wartet auf Bestätigung" and
    "Bearbeiten" beside four players' columns, on the screen whole, with four-digit
    totals too (they pushed Status 1 px out of its box)."""
    event = start_clock(drawn_event("laus", tables=1, options=OPTIONS["laus"]))
    (table,) = regular_tables(event)
    names = seat_names(table)
    taker = TEN_OF_SPADES[spades]
    for number in range(1, rounds + 1):
        confirm(table, number, laus_round(names, taker(number)))
    sent_by_first_seat(table, rounds + 1, laus_round(names, taker(rounds + 1)))
    token = ScorekeeperLink.objects.filter(table=table).first().token
    page = new_page(PHONE, locale="de-DE")
    page.goto(f"{live_server.url}/s/{token}/")
    hands = page.locator("table.hands-table")
    edit = hands.get_by_role("link", name="Bearbeiten")
    expect(edit).to_be_visible()
    expect(hands.get_by_text("Wartet auf Bestätigung")).to_be_visible()
    hands.scroll_into_view_if_needed()
    screenshot(page, f"issue26-rounds-laus-waiting-{rounds}-{spades.replace(' ', '-')}-de-390")
    assert_status_in_sight(page)
    box = edit.bounding_box()
    assert box["x"] + box["width"] <= PHONE["width"], box


# Four first names as long as a German club has them, two of each: the headings read
# "Margarethe S." and "Margarethe O." (`column_names`).
LONG_NAMES = [
    ("Hannelore", "Hoffmann"),
    ("Margarethe", "Schwarzenberger"),
    ("Margarethe", "Oberhuber"),
    ("Hannelore", "Müller-Lüdenscheidt"),
]


@pytest.mark.parametrize("language", ["en", "de"])
def test_four_long_first_names_keep_the_status_column_on_a_phone(
    new_page, live_server, drawn_event, language
):
    """The names over the columns break inside (hyphenated where the phone knows how):
    whole, "Margarethe S." four times pushed Status 100 px out of sight."""
    event = start_clock(drawn_event("exact_bid", tables=1))
    (table,) = regular_tables(event)
    seats = Seat.objects.filter(table=table).order_by("position")
    for seat, (first, last) in zip(seats, LONG_NAMES, strict=True):
        Player.objects.filter(pk=seat.player_id).update(first_name=first, last_name=last)
    for number in range(1, 4):
        confirm(table, number, ROUNDS["exact_bid"](seat_names(table), number))
    token = ScorekeeperLink.objects.filter(table=table).first().token
    page = new_page(PHONE, locale="de-DE" if language == "de" else "en-GB")
    page.goto(f"{live_server.url}/s/{token}/")
    hands = page.locator("table.hands-table")
    expect(hands.locator("thead")).to_contain_text("Margarethe S.")
    hands.scroll_into_view_if_needed()
    screenshot(page, f"issue26-rounds-long-names-{language}-390")
    assert_status_in_sight(page)


# First names as most tables have them: on a turned-in card at 390 px they stay whole.
EVERYDAY_NAMES = [
    ("Søren", "Kierkegaard"),
    ("Jürgen", "Hartmann"),
    ("Élodie", "Marchand"),
    ("Eleanor", "Taylor"),
]
ON_ONE_LINE_HEADS = """() => [...document.querySelectorAll(".hands-table thead .short-head")]
  .filter(head => {
    const text = document.createRange();
    text.selectNodeContents(head);
    return new Set([...text.getClientRects()].map(r => Math.round(r.top))).size > 1;
  })
  .map(head => head.innerText)"""


@pytest.mark.parametrize("language", ["en", "de"])
def test_everyday_first_names_stay_whole_over_a_turned_in_card_on_a_phone(
    new_page, live_server, drawn_event, language
):
    """ "Final total" took the # column's width on one line, and four first names broke
    ("Søre / n", "Eleano / r") beside it at 390 px."""
    event = start_clock(drawn_event("exact_bid", tables=1, options={"start_cards": 3}))
    (table,) = regular_tables(event)
    seats = Seat.objects.filter(table=table).order_by("position")
    for seat, (first, last) in zip(seats, EVERYDAY_NAMES, strict=True):
        Player.objects.filter(pk=seat.player_id).update(first_name=first, last_name=last)
    # Three rounds of 3, 2 and 1 cards: every round confirmed, then the card turned in.
    for number, tricks in enumerate([[1, 0, 1, 1], [1, 0, 1, 0], [1, 0, 0, 0]], start=1):
        confirm(table, number, {"bids": [1, 0, 1, 0], "tricks": tricks})
    Table.objects.filter(pk=table.pk).update(turned_in_at=timezone.now())
    token = ScorekeeperLink.objects.filter(table=table).first().token
    page = new_page(PHONE, locale="de-DE" if language == "de" else "en-GB")
    page.goto(f"{live_server.url}/s/{token}/")
    hands = page.locator("table.hands-table")
    expect(hands.locator("tfoot th .short-head")).to_have_text(
        {"en": "Final total", "de": "Endstand"}[language]
    )
    hands.scroll_into_view_if_needed()
    screenshot(page, f"issue26-rounds-everyday-names-turned-in-{language}-390")
    assert page.evaluate(ON_ONE_LINE_HEADS) == []
    assert_status_in_sight(page)


@pytest.mark.parametrize("language", ["en", "de"])
def test_total_keeps_its_word_on_a_tablet(new_page, live_server, drawn_event, language):
    """At 768 px, teams of long names left the # column narrow and "Total" read "Tota / l"."""
    from .conftest import TABLET

    event = start_clock(drawn_event("hand_and_foot", tables=1))
    (table,) = regular_tables(event)
    seats = Seat.objects.filter(table=table).order_by("position")
    for seat, (first, last) in zip(seats, LONG_NAMES, strict=True):
        Player.objects.filter(pk=seat.player_id).update(first_name=first, last_name=last)
    token = ScorekeeperLink.objects.filter(table=table).first().token
    page = new_page(TABLET, locale="de-DE" if language == "de" else "en-GB")
    page.goto(f"{live_server.url}/s/{token}/")
    total = page.locator("table.hands-table tfoot th .full-head")
    expect(total).to_have_text({"en": "Total", "de": "Gesamt"}[language])
    lines = total.evaluate(
        """el => { const text = document.createRange(); text.selectNodeContents(el);
                   return new Set([...text.getClientRects()].map(r => Math.round(r.top))).size; }"""
    )
    assert lines == 1
    screenshot(page, f"tablet-hands-total-{language}-768")


ON_ONE_LINE_PTS = """() => [...document.querySelectorAll(".lines .pts")]
  .filter(cell => {
    const text = document.createRange();
    text.selectNodeContents(cell);
    return new Set([...text.getClientRects()].map(r => Math.round(r.top))).size > 1;
  })
  .map(cell => cell.innerText)"""


def test_the_round_to_check_keeps_each_figure_whole_on_a_german_tablet(
    new_page, live_server, drawn_event
):
    """ "Stichpunkte (130 Machtpunkte)" put its 210 as "21" over "0" in the narrow column
    of a Luxury Family round to check, at 768 px."""
    from .conftest import TABLET

    event = start_clock(drawn_event("luxury_family", tables=1, options=OPTIONS["luxury_family"]))
    (table,) = regular_tables(event)
    names = seat_names(table)
    payload = lf_round(
        names, bid=350, melds=[160, 80, 40], power_points=[130, 60, 50], penalties=[0, 0, 20]
    )
    sent_by_first_seat(table, 1, payload)
    token = ScorekeeperLink.objects.filter(table=table).first().token
    page = new_page(TABLET, locale="de-DE")
    page.goto(f"{live_server.url}/s/{token}/")
    expect(page.locator(".lines .pts").first).to_be_visible()
    screenshot(page, "tablet-lf-round-to-check-de-768")
    assert page.evaluate(ON_ONE_LINE_PTS) == []
