"""A tie for first is played off on the tablets and the standings show one winner; a
Laus evening whose tables played unequal rounds ranks per round played."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import Round, ScorekeeperLink
from tests.payloads import laus_round
from tests.playoffs import confirm, laus_tie, regular_tables, seat_names

from .conftest import PHONE, TABLET, log_in, screenshot

pytestmark = pytest.mark.django_db(transaction=True)


def open_as_organizer(new_page, live_server, size, locale="en-GB"):
    """The organizer, logged in, in a browser of `locale` (the login form by its fields,
    whatever the language)."""
    page = new_page(size, locale=locale)
    page.goto(f"{live_server.url}/login/")
    page.locator("input[name=username]").fill("director")
    page.locator("input[name=password]").fill("a-long-organizer-pass")
    page.locator("form.stacked-form button[type=submit]").click()
    page.wait_for_url(f"{live_server.url}/")
    return page


def box(page, label: str):
    return page.get_by_role("spinbutton", name=label, exact=True)


def test_a_tie_is_played_off_on_the_tablets_and_one_winner_is_shown(
    new_page, live_server, organizer, drawn_event
):
    # Four tables of Laus, one round each, all turned in: the fourth seat of every table
    # scored 0, four players tied for first.
    event = start_clock(laus_tie(drawn_event, tables=4, options={"rounds": 1}))
    organizer_page = new_page(TABLET)
    log_in(organizer_page, live_server, "director", "a-long-organizer-pass")
    standings_url = f"{live_server.url}/events/{event.pk}/standings/"
    organizer_page.goto(standings_url)
    expect(organizer_page.locator("tbody .badge.playoff")).to_have_count(4)
    screenshot(organizer_page, "standings-tie-768")
    organizer_page.get_by_role("button", name="Start a play-off round").click()
    expect(organizer_page.locator(".message")).to_contain_text("The play-off is drawn at 1 table")
    expect(organizer_page.locator(".playoff-result.running")).to_contain_text("Round 2 (play-off)")
    # Drawn, not played yet: still a tie, and no second play-off can be started.
    expect(organizer_page.locator("tbody .badge.running")).to_have_count(4)
    expect(organizer_page.get_by_role("button", name="Start a play-off round")).to_have_count(0)

    # The play-off table's scorekeeper plays its round on a phone and turns the card in.
    playoff = Round.objects.get(event=event, kind=Round.Kind.PLAYOFF)
    link = ScorekeeperLink.objects.get(table__round=playoff)
    names = seat_names(link.table)
    phone = new_page(PHONE)
    phone.goto(f"{live_server.url}/s/{link.token}/")
    suits = ("♠ spades", "♥ hearts", "♦ diamonds")
    for suit, name in zip(suits, names[:3], strict=True):
        phone.get_by_label(f"Who took the ten of {suit}?").select_option(label=name)
    phone.get_by_label("Who took the ten of ♣ clubs?").select_option(label=names[3])
    box(phone, f"{names[0]}: Aces").fill("2")
    box(phone, f"{names[1]}: Aces").fill("1")
    expect(box(phone, f"{names[3]}: Aces")).to_have_value("1")
    phone.get_by_role("button", name="Save the round").click()
    expect(phone.locator(".message")).to_contain_text("saved")
    phone.locator(".confirm-form button").first.click()
    expect(phone.locator(".message")).to_contain_text("Confirmed")
    phone.get_by_role("button", name="Turn in the card").click()
    expect(phone.locator(".turned-in")).to_be_visible()

    # names[2] took the ten of diamonds: their round counts nothing, the lowest.
    organizer_page.goto(standings_url)
    won = organizer_page.locator("tbody .badge.won")
    expect(won).to_have_count(1)
    expect(won).to_have_text("won the play-off")
    first = organizer_page.locator("tbody tr").first
    expect(first).to_contain_text(names[2])
    expect(first.locator("td.rank")).to_contain_text("1")
    expect(organizer_page.locator("tbody .badge.playoff.open")).to_have_count(0)
    expect(organizer_page.get_by_role("button", name="Start a play-off round")).to_have_count(0)
    expect(organizer_page.locator(".playoff-result")).to_contain_text(
        f"{names[2]} won the play-off."
    )
    ranks = organizer_page.locator("tbody td.rank").all_inner_texts()
    assert [rank.split()[0] for rank in ranks[:4]] == ["1", "2", "3", "4"]
    screenshot(organizer_page, "standings-play-off-won-768")
    for locale, size, name in (
        ("en-GB", PHONE, "standings-play-off-won-390"),
        ("de-DE", PHONE, "standings-play-off-won-390-de"),
        ("de-DE", TABLET, "standings-play-off-won-768-de"),
    ):
        page = open_as_organizer(new_page, live_server, size, locale)
        page.goto(standings_url)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        screenshot(page, name)
    expect(page.locator("tbody .badge.won")).to_have_text("Stechen gewonnen")


def test_laus_with_unequal_rounds_shows_rounds_and_the_per_round_figure(
    new_page, live_server, organizer, drawn_event
):
    event = start_clock(drawn_event("laus", tables=2))
    full, short = regular_tables(event)
    for number in (1, 2, 3):
        confirm(full, number, laus_round(seat_names(full), 2))
    confirm(short, 1, laus_round(seat_names(short), 2))  # time was called at table 2
    for locale, size, name in (
        ("en-GB", PHONE, "standings-laus-per-round-390"),
        ("en-GB", TABLET, "standings-laus-per-round-768"),
        ("de-DE", PHONE, "standings-laus-per-round-390-de"),
        ("de-DE", {"width": 360, "height": 740}, "standings-laus-per-round-360-de"),
    ):
        page = open_as_organizer(new_page, live_server, size, locale)
        page.goto(f"{live_server.url}/events/{event.pk}/standings/")
        headers = page.locator("thead th").all_inner_texts()
        rounds, per_round = (
            ("Runden", "Pro Runde") if locale == "de-DE" else ("Rounds", "Per round")
        )
        assert rounds in headers and per_round in headers
        # On a phone too: the rounds and the figure are what decides, and the total they
        # come from (the note under the table says "Per round = Total ÷ Rounds").
        expect(page.locator("thead th", has_text=per_round)).to_be_visible()
        expect(page.locator("thead th", has_text=rounds)).to_be_visible()
        total = "Gesamt" if locale == "de-DE" else "Total"
        expect(page.locator("thead th", has_text=total)).to_be_visible()
        row = page.locator("tbody tr", has_text="P2C Table2")
        figure = "340,0" if locale == "de-DE" else "340.0"
        expect(row.locator("td.per-round")).to_have_text(figure)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        # The footnote names the Best round column only where it is shown (not on a phone).
        best = "Beste Runde" if locale == "de-DE" else "Best round"
        hint = page.locator(".tiebreak-hint")
        if size["width"] <= PHONE["width"]:
            expect(page.locator("thead th", has_text=best)).to_be_hidden()
            expect(hint).not_to_contain_text(best, use_inner_text=True)
        else:
            expect(page.locator("thead th", has_text=best)).to_be_visible()
            expect(hint).to_contain_text(best, use_inner_text=True)
        screenshot(page, name)
