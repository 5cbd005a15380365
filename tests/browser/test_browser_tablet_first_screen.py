"""On a phone, what there is to do comes first: the entry form, or the panel to check.

Issue 18: the Laus entry's first input sat 1,557 px down the page, below the hands
table; after a save the panel "check what was entered" was above the screen. The
card's header and clock come first, then what to do, then the hands and rounds.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import ScorekeeperLink
from clubscore.scorekeeping.actions import submit
from clubscore.scorekeeping.card import load_card

from .conftest import PHONE

pytestmark = pytest.mark.django_db(transaction=True)

FIRST_INPUT = "#card .entry-form :is(input, select, textarea):not([type=hidden])"


def top(page, selector: str) -> float:
    """How far down the page (not the screen) the top of `selector` is, in CSS pixels."""
    return page.locator(selector).first.evaluate(
        "element => element.getBoundingClientRect().top + window.scrollY"
    )


def open_phone(new_page, live_server, token: str):
    page = new_page(PHONE)
    page.goto(f"{live_server.url}/s/{token}/")
    return page


@pytest.mark.parametrize("game", ["hand_and_foot", "laus", "luxury_family", "exact_bid"])
def test_the_first_input_is_on_the_first_screen(new_page, live_server, drawn_event, game):
    event = start_clock(drawn_event(game, tables=1))
    token = ScorekeeperLink.objects.filter(table__round__event=event).values_list(
        "token", flat=True
    )[0]
    page = open_phone(new_page, live_server, token)
    depth = top(page, FIRST_INPUT)
    print(f"{game}: first input {depth:.0f} px down at 390×844")
    assert depth < PHONE["height"], f"{game}: the first input is {depth:.0f} px down"


def test_the_panel_to_check_comes_before_the_next_round(new_page, live_server, drawn_event):
    event = start_clock(drawn_event("exact_bid", tables=1, options={"start_cards": 5}))
    token = ScorekeeperLink.objects.get(table__round__event=event).token
    card = load_card(token)
    submit(card, 1, {"bids": [2, 1, 1, 0], "tricks": [2, 1, 1, 1]}, version=0, key=None)
    page = open_phone(new_page, live_server, token)
    panel = top(page, ".pending")
    print(f"exact_bid: the panel to check {panel:.0f} px down at 390×844")
    assert panel < PHONE["height"]
    # The check comes first, then the next round's form; the hands table after both.
    assert panel < top(page, FIRST_INPUT) < top(page, ".hands-table")


def test_the_hands_below_the_form_follow_the_live_part(new_page, live_server, drawn_event):
    event = start_clock(drawn_event("exact_bid", tables=1, options={"start_cards": 5}))
    token = ScorekeeperLink.objects.get(table__round__event=event).token
    page = open_phone(new_page, live_server, token)
    expect(page.locator(".hands-table tbody tr").first).not_to_contain_text("Σ")
    submit(load_card(token), 1, {"bids": [2, 1, 1, 0], "tricks": [2, 1, 1, 1]}, version=0, key=None)
    # What the live poll does (static/js/offline.js asks for it the same way).
    page.evaluate(
        "url => htmx.ajax('GET', url + '?live=1', {target: '#live', swap: 'outerHTML'})",
        f"/s/{token}/",
    )
    expect(page.locator("#live .pending")).to_be_visible()
    # The hands table below the form is swapped in from the same answer.
    expect(page.locator(".hands-table tbody tr").first).to_contain_text("Σ 12")
    assert page.locator("#hands").count() == 1
