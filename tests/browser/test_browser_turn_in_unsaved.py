"""A correction typed and not saved is not dropped by "Turn in the card" without a word
(a helper's walk: the organizer changed round 1 on a phone, tapped the big turn-in button
above the form, and the change was gone). The first tap says so and turns nothing in; a
second one turns the card in without it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import ScoreEntry, ScorekeeperLink, Table
from tests.payloads import confirmed_hf_hands

from .conftest import PHONE, choose_language, log_in, screenshot

pytestmark = pytest.mark.django_db(transaction=True)


WORDS = {
    "en": ("Turn in the card", "is not saved: save it first", "Save as the organizer", "saved"),
    "de": (
        "Spielzettel abgeben",
        "ist nicht gespeichert",
        "Als Turnierleiter speichern",
        "gespeichert",
    ),
}


def correcting_hand_1(new_page, live_server, drawn_event, language: str = "en"):
    """The organizer on a phone, hand 1 of a whole game confirmed (the card ready to turn
    in) open to correct, its aces changed from 4 to 5 and not saved."""
    event = start_clock(drawn_event("hand_and_foot", tables=1, name="Friday"))
    table = Table.objects.get(round__event=event)
    confirmed_hf_hands(table, (1, 2, 3))
    token = ScorekeeperLink.objects.get(table=table, team__number=1).token
    page = new_page(PHONE)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    choose_language(page, language)
    page.goto(f"{live_server.url}/s/{token}/?edit=1#card")
    aces = page.locator("#id_melded_aces")
    expect(aces).to_have_value("4")
    aces.fill("5")
    return page, table


@pytest.mark.parametrize("language", ["en", "de"])
def test_turn_in_over_an_unsaved_correction_says_so_before_it_drops_it(
    new_page, live_server, organizer, drawn_event, language
):
    turn_in, unsaved, save, saved = WORDS[language]
    page, table = correcting_hand_1(new_page, live_server, drawn_event, language)

    page.get_by_role("button", name=turn_in).click()
    expect(page.locator(".unsaved-note")).to_contain_text(unsaved)
    table.refresh_from_db()
    assert table.turned_in_at is None
    expect(page.locator("#id_melded_aces")).to_have_value("5")  # nothing typed is lost
    screenshot(page, f"turn-in-over-an-unsaved-correction-{language}")

    page.get_by_role("button", name=save).click()
    expect(page.locator(".message").first).to_contain_text(f"Hand 1 {saved}.")  # the card again
    page.get_by_role("button", name=turn_in).click()  # saved: turned in at the first tap
    expect(page.locator(".turned-in")).to_be_visible()
    table.refresh_from_db()
    assert table.turned_in_at is not None
    entry = ScoreEntry.objects.get(table=table, number=1)
    assert entry.payload["teams"][0]["melded"]["aces"] == 5


def test_a_second_tap_turns_the_card_in_without_what_was_typed(
    new_page, live_server, organizer, drawn_event
):
    page, table = correcting_hand_1(new_page, live_server, drawn_event)
    page.get_by_role("button", name="Turn in the card").click()
    expect(page.locator(".unsaved-note")).to_be_visible()
    page.get_by_role("button", name="Turn in the card").click()
    expect(page.locator(".turned-in")).to_be_visible()
    entry = ScoreEntry.objects.get(table=table, number=1)
    assert entry.payload["teams"][0]["melded"]["aces"] == 4  # as the organizer chose


def test_offline_the_note_goes_once_the_correction_is_kept_to_send(
    new_page, live_server, organizer, drawn_event
):
    """A walk, offline: the correction saved (kept to send), the note still said it was
    not saved and to tap again to turn in without it. It goes with the save; one tap
    then turns the card in, and both land in order once the network is back."""
    page, table = correcting_hand_1(new_page, live_server, drawn_event)
    page.context.set_offline(True)
    page.get_by_role("button", name="Turn in the card").click()
    note = page.locator(".unsaved-note")
    expect(note).to_be_visible()
    page.get_by_role("button", name="Save as the organizer").click()
    expect(page.locator(".connection-text")).to_contain_text("1 waiting to send")
    expect(note).to_have_count(0)
    page.get_by_role("button", name="Turn in the card").click()
    expect(page.locator(".connection-text")).to_contain_text("2 waiting to send")
    expect(note).to_have_count(0)
    page.context.set_offline(False)
    expect(page.locator(".turned-in")).to_be_visible(timeout=30_000)
    table.refresh_from_db()
    assert table.turned_in_at is not None
    entry = ScoreEntry.objects.get(table=table, number=1)
    assert entry.payload["teams"][0]["melded"]["aces"] == 5
