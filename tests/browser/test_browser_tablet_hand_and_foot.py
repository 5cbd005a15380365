"""Two scorekeepers play a whole Hand and Foot table on two tablets, through the pages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import ScoreEntry, ScorekeeperLink, Table
from clubscore.events.settling import settle_dispute

from .conftest import TABLET, save_refused, screenshot

pytestmark = pytest.mark.django_db(transaction=True)

# Team 1 goes out with the contract's worked example (2140); team 2 melds 3 aces and
# keeps two low cards (60 - 10 = 50).
WINNERS = {
    "red_books": "2",
    "black_books": "2",
    "exact_deals": "1",
    "melded_jokers": "1",
    "melded_twos": "2",
    "melded_aces": "4",
    "melded_high": "12",
    "melded_low": "10",
}
LOSERS = {"melded_aces": "3", "in_hand_low": "2"}


def enter(page, values: dict, *, went_out: bool = False, expect_total: str | None = None):
    for name, value in values.items():
        page.locator(f"#id_{name}").fill(value)
    if went_out:
        page.get_by_label("We went out").check()
    if expect_total:
        # The running total comes from the server (htmx preview), never from JavaScript.
        expect(page.locator(".preview-total strong")).to_have_text(expect_total)
    page.get_by_role("button", name="Save our hand").click()
    expect(page.locator(".message")).to_contain_text("saved")


def test_two_scorekeepers_play_a_whole_table(
    new_page, live_server, drawn_event, organizer, console_errors
):
    event = start_clock(drawn_event(tables=2))
    table = Table.objects.get(round__event=event, number=1)
    one, two = (
        ScorekeeperLink.objects.filter(table=table)
        .order_by("team__number")
        .values_list("token", flat=True)
    )
    team1, team2 = new_page(TABLET), new_page(TABLET)
    team1.goto(f"{live_server.url}/s/{one}/")
    team2.goto(f"{live_server.url}/s/{two}/")
    expect(team1.get_by_text("Meld minimum:")).to_contain_text("90")

    # Hand 1: both enter, each confirms the other's part.
    team1.locator("#id_melded_aces").fill("4")
    team1.get_by_role("button", name="One more: Red books").click()  # the stepper
    expect(team1.locator("#id_red_books")).to_have_value("1")
    team1.locator("#id_red_books").fill("")
    enter(team1, WINNERS, went_out=True, expect_total="2140")
    enter(team2, LOSERS, expect_total="50")
    screenshot(team2, "tablet-hf-entered-768")
    team1.reload()
    expect(team1.get_by_role("heading", name=re.compile("Hand 1: check"))).to_be_visible()
    team1.get_by_role("button", name="Confirm", exact=True).click()
    team2.reload()
    team2.get_by_role("button", name="Confirm", exact=True).click()
    expect(team2.locator(".total-value").first).to_have_text("2140")

    # Hand 2: a wrong number is refused on its field, nothing typed is lost.
    expect(team1.get_by_text("Meld minimum:")).to_contain_text("120")
    team1.locator("#id_melded_aces").fill("3")
    team1.locator("#id_red_books").fill("1")
    save_refused(team1, team1.get_by_role("button", name="Save our hand"))
    expect(team1.locator("#err-red_books")).to_contain_text("natural cards")
    expect(team1.locator("#id_melded_aces")).to_have_value("3")
    screenshot(team1, "tablet-hf-error-768")
    team1.locator("#id_red_books").fill("0")
    team1.get_by_role("button", name="Save our hand").click()
    enter(team2, LOSERS)
    team2.reload()
    team2.get_by_role("link", name="Dispute").click()
    team2.get_by_label("What is wrong?").fill("They melded four aces, not three.")
    # Team 2 gives its own count of team 1's hand: one more ace, with the stepper.
    team2.locator("details.proposal summary").click()
    expect(team2.locator("#id_p-melded_aces")).to_have_value("3")
    team2.get_by_role("button", name="One more: Aces").first.click()
    screenshot(team2, "tablet-hf-dispute-768")
    team2.get_by_role("button", name="Send to the organizer").click()
    expect(team2.locator(".message")).to_contain_text("organizer")
    # The organizer settles it (the dashboard's button calls this very service).
    entry = ScoreEntry.objects.get(table=table, number=2)
    assert entry.status == ScoreEntry.Status.DISPUTED
    assert entry.proposed_payload["teams"][0]["melded"]["aces"] == 4
    fixed = {**entry.payload}
    fixed["teams"][0]["melded"]["aces"] = 4
    settle_dispute(entry, payload=fixed, user=organizer)
    team1.reload()  # settled: the whole hand is confirmed
    expect(team1.locator("#pending-2")).to_have_count(0)

    # Hand 3, then turn in: the first table gets the bonus.
    expect(team1.get_by_text("Meld minimum:")).to_contain_text("150")
    enter(team1, WINNERS, went_out=True)
    enter(team2, LOSERS)
    team1.reload()
    team1.get_by_role("button", name="Confirm", exact=True).click()
    team2.reload()
    team2.get_by_role("button", name="Confirm", exact=True).click()
    team2.get_by_role("button", name="Turn in the card").click()
    expect(team2.locator(".bonus")).to_contain_text("+400")
    team1.reload()
    expect(team1.locator(".bonus")).to_be_visible()
    # 2140 + 80 (hand 2: four aces) + 2140 + 400 bonus
    expect(team1.locator(".total-value").first).to_have_text("4760")
    expect(team1.locator(".history")).to_contain_text("settled")
    assert team1.evaluate("document.documentElement.scrollWidth") <= TABLET["width"]
    screenshot(team1, "tablet-hf-turned-in-768")


def test_the_card_follows_the_other_team_without_a_reload(new_page, live_server, drawn_event):
    """The live part polls every 10 s: 204 while nothing is new (the page stays as it is,
    and keeps polling), the other team's hand as soon as it is in."""
    event = start_clock(drawn_event(tables=1))
    one, two = (
        ScorekeeperLink.objects.filter(table__round__event=event)
        .order_by("team__number")
        .values_list("token", flat=True)
    )
    team1, team2 = new_page(TABLET), new_page(TABLET)
    team1.goto(f"{live_server.url}/s/{one}/")
    enter(team1, WINNERS, went_out=True)
    with team1.expect_response(
        lambda response: "live=1" in response.url and response.status == 204, timeout=15_000
    ):
        pass
    expect(team1.locator(".total-value").first).to_have_text("0")
    team2.goto(f"{live_server.url}/s/{two}/")
    enter(team2, LOSERS)
    # No reload: the next poll brings team 2's part to check.
    expect(team1.get_by_role("heading", name=re.compile("Hand 1: check"))).to_be_visible(
        timeout=15_000
    )
    team1.get_by_role("button", name="Confirm", exact=True).click()
    expect(team1.locator(".message")).to_contain_text("Confirmed")
