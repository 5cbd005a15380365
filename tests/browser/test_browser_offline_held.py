"""What a tablet typed is never lost unseen, whatever the network does: a save whose
answer never comes, a double tap without network, a conflict while more hands wait,
typing without network for a hand another tablet saved meanwhile, hands that waited
until the evening was finished. (Found by a walk with the network cut and held.)"""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import expect

from clubscore.events.links import revoke_table_links
from clubscore.events.models import Event, ScoreEntry, TeamPart

from .conftest import TABLET
from .test_browser_offline import (
    BACK_ONLINE_MS,
    HAND,
    both_teams_in,
    enter_offline,
    light,
    open_card,
    stored,
)

pytestmark = pytest.mark.django_db(transaction=True)

OFFICE_HAND = {"number": 1, "version": 0, "melded_aces": 5, "red_books": 0, "black_books": 0}


def office_saves_hand_1(link) -> None:
    """The team's other tablet saves hand 1 (a plain client: the same link)."""
    tablet = Client()
    tablet.get(f"/s/{link.token}/")
    answer = tablet.post(f"/s/{link.token}/entry/", {**OFFICE_HAND, "exact_deals": 0})
    assert answer.status_code == 302


def hand_1_queued(new_page, live_server, link):
    """A tablet without network that saved hand 1 (queued): its form is at hand 2."""
    page = open_card(new_page(TABLET), live_server, link)
    page.context.set_offline(True)
    enter_offline(page, HAND)
    expect(light(page)).to_contain_text("1 waiting to send")
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    return page


def test_a_save_whose_answer_never_comes_keeps_what_was_typed_through_a_reload(
    new_page, live_server, card, console_errors
):
    console_errors.allow(r"net::ERR_")  # the save cut off by the reload
    _event, link = card
    page = open_card(new_page(TABLET), live_server, link)
    page.route("**/entry/", lambda route: None)  # an access point that never answers
    enter_offline(page, HAND)
    page.wait_for_timeout(1500)  # on its way, no answer yet
    page.reload()
    expect(page.locator("#id_melded_aces")).to_have_value("3")
    expect(page.locator("#id_in_hand_low")).to_have_value("2")
    assert not TeamPart.objects.filter(entry__table=link.table).exists()  # not saved


def test_a_double_tap_without_network_keeps_one_hand(new_page, live_server, card):
    _event, link = card
    page = hand_1_queued(new_page, live_server, link)
    page.get_by_role("button", name="Save our hand").click()  # the second tap: blank
    page.wait_for_timeout(500)
    expect(light(page)).to_contain_text("1 waiting to send")
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()


def test_a_conflict_stays_on_the_screen_while_the_next_hand_waits(new_page, live_server, card):
    _event, link = card
    page = hand_1_queued(new_page, live_server, link)
    enter_offline(page, HAND)
    expect(light(page)).to_contain_text("2 waiting to send")
    office_saves_hand_1(link)

    page.context.set_offline(False)
    conflict = page.locator(".conflict")
    expect(conflict).to_contain_text(
        "Someone else changed this hand in the meantime", timeout=BACK_ONLINE_MS
    )
    page.wait_for_timeout(12_000)  # two tries of the queue and a poll
    expect(conflict).to_be_visible()
    expect(page.locator("#id_melded_aces")).to_have_value("3")
    expect(light(page)).to_contain_text("1 waiting to send")
    assert stored(link, 2) is None

    page.get_by_role("button", name="Send now").click()  # hand 2 goes; the conflict stays
    expect(light(page)).to_have_text("Online", timeout=BACK_ONLINE_MS)
    assert stored(link, 2).part(1).data["melded"]["aces"] == 3
    expect(conflict).to_be_visible()
    expect(page.locator("#id_melded_aces")).to_have_value("3")
    page.get_by_role("button", name="Save our hand").click()  # ours replaces theirs
    expect(page.get_by_text("Hand 1 saved.")).to_be_visible()
    assert stored(link, 1).part(1).data["melded"]["aces"] == 3
    assert stored(link, 2).part(1).data["melded"]["aces"] == 3


def said_typed_for_a_hand_saved_elsewhere(new_page, live_server, link):
    """A tablet typed hand 1 without network and was closed; the team's other tablet
    saved hand 1; the first tablet opens hand 1's Edit form: its numbers are said."""
    page = open_card(new_page(TABLET), live_server, link)
    page.context.set_offline(True)
    page.locator("#id_red_books").fill("3")
    page.wait_for_timeout(300)  # IndexedDB writes
    context = page.context
    page.close()
    office_saves_hand_1(link)

    context.set_offline(False)
    again = context.new_page()
    again.goto(f"{live_server.url}/s/{link.token}/?edit=1#card")
    expect(again.locator("#server-said")).to_contain_text("Hand 1: What you typed: Red books 3")
    return again


def test_typing_without_network_for_a_hand_saved_elsewhere_is_said_not_filled_in(
    new_page, live_server, card
):
    _event, link = card
    page = said_typed_for_a_hand_saved_elsewhere(new_page, live_server, link)
    expect(page.locator("#id_melded_aces")).to_have_value("5")  # as stored
    expect(page.locator("#id_red_books")).not_to_have_value("3")


def test_the_numbers_typed_for_a_hand_saved_elsewhere_are_forgotten_once_read(
    new_page, live_server, card
):
    _event, link = card
    page = said_typed_for_a_hand_saved_elsewhere(new_page, live_server, link)
    page.get_by_role("button", name="Forget these numbers").click()
    expect(page.locator("#server-said")).to_have_count(0)
    page.reload()
    expect(page.locator("#id_melded_aces")).to_have_value("5")
    page.wait_for_timeout(500)  # the tablet's copy read
    expect(page.get_by_text("What you typed")).to_have_count(0)


def test_forgetting_the_numbers_said_keeps_what_was_typed_since(new_page, live_server, card):
    _event, link = card
    page = said_typed_for_a_hand_saved_elsewhere(new_page, live_server, link)
    page.locator("#id_red_books").fill("2")  # typed into hand 1 as stored: kept instead
    page.wait_for_timeout(300)  # IndexedDB writes
    page.get_by_role("button", name="Forget these numbers").click()
    expect(page.locator("#server-said")).to_have_count(0)
    page.reload()
    expect(page.locator("#id_red_books")).to_have_value("2")


def test_hands_that_waited_while_the_link_was_replaced_are_all_said(
    new_page, live_server, card, console_errors
):
    console_errors.allow(r"404 \(Not Found\)|Response Status Error Code 404")
    _event, link = card
    page = hand_1_queued(new_page, live_server, link)
    enter_offline(page, {"melded_aces": "4", "in_hand_low": "1"})
    expect(light(page)).to_contain_text("2 waiting to send")
    revoke_table_links(link.table)

    page.context.set_offline(False)
    said = page.locator("#server-said")
    expect(said).to_contain_text("Aces 3", timeout=BACK_ONLINE_MS)
    page.get_by_role("button", name="Send now").click()
    expect(said).to_contain_text("Aces 4")
    expect(said).to_contain_text("Aces 3")  # the first hand's numbers stay
    assert not ScoreEntry.objects.filter(table=link.table).exists()


def test_hands_refused_once_the_evening_is_final_are_listed_after_a_reload(
    new_page, live_server, card
):
    """Back online, the queued hands are refused (the evening is over) or the card
    reloads first to say so: either way the page that says it lists them."""
    event, link = card
    page = hand_1_queued(new_page, live_server, link)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
    page.context.set_offline(False)
    expect(page.get_by_text("is finished: the scores are final")).to_be_visible(
        timeout=BACK_ONLINE_MS
    )
    page.reload()
    expect(page.get_by_role("heading", name="The evening is over")).to_be_visible()
    expect(page.locator("#not-sent")).to_contain_text("Aces 3")
    assert not ScoreEntry.objects.filter(table=link.table).exists()


def test_the_page_of_a_finished_evening_lists_what_the_tablet_never_sent(
    new_page, live_server, card
):
    event, link = card
    page = hand_1_queued(new_page, live_server, link)
    context = page.context
    page.close()
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)

    context.set_offline(False)
    again = context.new_page()
    again.goto(f"{live_server.url}/s/{link.token}/")
    expect(again.get_by_role("heading", name="The evening is over")).to_be_visible()
    never = again.locator("#not-sent")
    expect(never).to_contain_text("Kept on this device")
    expect(never).to_contain_text("What you typed:")
    expect(never).to_contain_text("Aces 3")


def test_a_confirmation_refused_on_arrival_is_said_while_the_next_hand_is_typed(
    new_page, live_server, card
):
    _event, link = card
    team1, team2, other = both_teams_in(new_page, live_server, link)
    team1.context.set_offline(True)
    team1.get_by_role("button", name="Confirm", exact=True).click()
    expect(light(team1)).to_contain_text("1 waiting to send")
    team1.locator("#id_red_books").fill("1")  # hand 2, typed meanwhile
    # Team 2 changes its hand 1 meanwhile: the confirmation was of the version before.
    team2.goto(f"{live_server.url}/s/{other.token}/?edit=1#card")
    team2.locator("#id_melded_aces").fill("5")
    team2.get_by_role("button", name="Save our hand").click()
    expect(team2.get_by_text("Hand 1 saved.")).to_be_visible()

    team1.context.set_offline(False)
    expect(team1.locator("#server-said")).to_contain_text(
        "The hand changed in the meantime; check it again.", timeout=BACK_ONLINE_MS
    )
    expect(team1.locator("#id_red_books")).to_have_value("1")  # the typing stays
    expect(team1.locator("#pending-1")).to_contain_text("5 aces")  # the hand as it is now
    assert stored(link).part(2).state == "entered"
