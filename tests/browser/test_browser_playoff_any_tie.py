"""A play-off for any tie, that ends by itself (issue 27, item 3), as people click it.

- Luxury Family, two tied for first (a table of three): the organizer picks who fills
  the empty seat, the play-off card is played and turned in, the standings show the
  winner and who filled the seat.
- Laus, two tied (a table of four): the same player picked for both empty seats is
  refused at the seats, and the picks stay as they were (German, on a phone).
- Hand and Foot: the play-off card offers "Turn in the card" after its one hand, without
  anyone calling time.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import Event, Round, ScorekeeperLink
from clubscore.standings.playoffs import start_playoff
from tests.payloads import lf_round
from tests.playoffs import (
    confirm,
    hand_and_foot_tie,
    laus_tie,
    regular_tables,
    seat_names,
    turn_in,
)

from .conftest import PHONE, TABLET, log_in, screenshot
from .test_browser_tablet_hand_and_foot import LOSERS, WINNERS, enter

pytestmark = pytest.mark.django_db(transaction=True)


def box(page, label: str):
    return page.get_by_role("spinbutton", name=label, exact=True)


def test_luxury_family_two_way_tie_the_organizer_picks_the_filler(
    new_page, live_server, organizer, drawn_event
):
    # Two tables of three play their one round alike: the first seats tie for first.
    event = drawn_event("luxury_family", tables=2, options={"rounds": 1})
    for table in regular_tables(event):
        confirm(table, 1, lf_round(seat_names(table)))
    turn_in(regular_tables(event))
    start_clock(event)
    organizer_page = new_page(TABLET)
    log_in(organizer_page, live_server, "director", "a-long-organizer-pass")
    standings_url = f"{live_server.url}/events/{event.pk}/standings/"
    organizer_page.goto(standings_url)
    expect(organizer_page.locator("tbody .badge.playoff")).to_have_count(2)
    expect(organizer_page.locator(".playoff-fill")).to_contain_text("1 seat of the table empty")
    seat = organizer_page.get_by_label("Empty seat 1")
    suggested = seat.locator("option:checked").inner_text()
    assert suggested in {"P1B Table1", "P1C Table1", "P2B Table2", "P2C Table2"}
    # The organizer picks another player than the one suggested.
    others = [o for o in seat.locator("option").all_inner_texts() if o != suggested]
    filler = others[0]
    seat.select_option(label=filler)
    screenshot(organizer_page, "standings-playoff-filler-768")
    organizer_page.get_by_role("button", name="Start a play-off round").click()
    expect(organizer_page.locator(".message")).to_contain_text("The play-off is drawn at")
    expect(organizer_page.locator("tbody .badge.running")).to_have_count(2)

    # The play-off table plays its one round on a phone and turns the card in.
    playoff = Round.objects.get(event=event, kind=Round.Kind.PLAYOFF)
    assert len(playoff.playoff_fillers) == 1
    link = ScorekeeperLink.objects.get(table__round=playoff)
    names = seat_names(link.table)
    assert filler in names and "P1A Table1" in names and "P2A Table2" in names
    phone = new_page(PHONE)
    phone.goto(f"{live_server.url}/s/{link.token}/")
    # The filler makes the bid and the most points: their score counts for nothing.
    box(phone, "Bid").fill("100")
    phone.get_by_role("radio", name=filler).check()
    phone.get_by_role("radio", name="♥ hearts").check()
    box(phone, f"{filler}: power points").fill("100")
    box(phone, "P2A Table2: power points").fill("80")
    # Typed too: the preview fills in only the last seat's count, and the seats of a
    # play-off are drawn (P1A is not always last).
    box(phone, "P1A Table1: power points").fill("60")
    phone.get_by_role("button", name="Save the round").click()
    expect(phone.locator(".message")).to_contain_text("saved")
    phone.locator(".confirm-form button").first.click()
    expect(phone.locator(".message")).to_contain_text("Confirmed")
    # One round is the play-off: the card is done, nobody called time.
    expect(phone.get_by_role("button", name="Save the round")).to_have_count(0)
    phone.get_by_role("button", name="Turn in the card").click()
    expect(phone.locator(".turned-in")).to_be_visible()
    screenshot(phone, "phone-playoff-turned-in-390")

    organizer_page.goto(standings_url)
    won = organizer_page.locator("tbody .badge.won")
    expect(won).to_have_count(1)
    expect(organizer_page.locator("tbody tr").first).to_contain_text("P2A Table2")
    expect(organizer_page.locator(".playoff-result")).to_contain_text(
        "P2A Table2 won the play-off."
    )
    expect(organizer_page.locator(".playoff-result")).to_contain_text(
        f"{filler} filled the empty seat; their play-off score counts for nothing."
    )
    assert Event.objects.get(pk=event.pk).rounds.get(number=2).clock_started_at is not None
    screenshot(organizer_page, "standings-playoff-filler-won-768")


def test_hand_and_foot_play_off_ends_after_its_one_hand_without_call_time(
    new_page, live_server, organizer, drawn_event
):
    event = drawn_event("hand_and_foot", tables=2)
    hand_and_foot_tie(event)
    turn_in(regular_tables(event))
    start_clock(event)
    playoff = start_playoff(event, seed=4)
    one, two = (
        ScorekeeperLink.objects.filter(table__round=playoff)
        .order_by("team__number")
        .values_list("token", flat=True)
    )
    team1, team2 = new_page(TABLET), new_page(TABLET)
    team1.goto(f"{live_server.url}/s/{one}/")
    team2.goto(f"{live_server.url}/s/{two}/")
    enter(team1, WINNERS, went_out=True)
    enter(team2, LOSERS)
    team1.reload()
    expect(team1.get_by_role("heading", name=re.compile("Hand 1: check"))).to_be_visible()
    team1.get_by_role("button", name="Confirm", exact=True).click()
    team2.reload()
    team2.get_by_role("button", name="Confirm", exact=True).click()
    # The play-off's one hand is in: no hand 2, the card can be turned in; the clock runs.
    expect(team2.get_by_role("button", name="Save our hand")).to_have_count(0)
    expect(team2.get_by_text(re.compile("Hand 2"))).to_have_count(0)
    screenshot(team2, "tablet-hf-playoff-done-768")
    team2.get_by_role("button", name="Turn in the card").click()
    expect(team2.locator(".turned-in")).to_be_visible()
    playoff.refresh_from_db()
    assert playoff.time_called_at is None  # nobody called time

    organizer_page = new_page(TABLET)
    log_in(organizer_page, live_server, "director", "a-long-organizer-pass")
    organizer_page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    # Partners alike: both players of the team that went out won the play-off.
    expect(organizer_page.locator("tbody .badge.won")).to_have_count(2)
    expect(organizer_page.locator(".playoff-result")).to_contain_text("won the play-off.")


def test_a_player_picked_for_both_empty_seats_is_refused_at_the_seats_and_stays_picked(
    new_page, live_server, organizer, drawn_event
):
    event = start_clock(laus_tie(drawn_event, tables=2, options={"rounds": 1}))
    page = new_page(PHONE, locale="de-DE")
    log_in(page, live_server, "director", "a-long-organizer-pass", language="de")
    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    one, two = page.get_by_label("Freier Platz 1"), page.get_by_label("Freier Platz 2")
    name = one.locator("option").all_inner_texts()[-1]  # not one of the suggested
    one.select_option(label=name)
    two.select_option(label=name)
    page.get_by_role("button", name="Stechrunde beginnen").click()
    expect(page.get_by_role("alert")).to_contain_text(
        "Wählen Sie 2 verschiedene Spieler für die freien Plätze"
    )
    expect(one.locator("option:checked")).to_have_text(name)
    expect(two.locator("option:checked")).to_have_text(name)
    screenshot(page, "standings-playoff-fillers-refused-390-de")
    assert not Round.objects.filter(event=event, kind=Round.Kind.PLAYOFF).exists()
