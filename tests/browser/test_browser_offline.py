"""A tablet that loses the network keeps its card and what is saved, and sends it later.

Real Chromium with its service worker (served by Django at /s/sw.js) and IndexedDB;
`context.set_offline` takes the network away, `context.route` makes a server outage
(the network answering 503: our code is not touched).
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import (
    Draft,
    IdempotencyKey,
    ScoreChange,
    ScoreEntry,
    ScorekeeperLink,
)

from .conftest import PHONE, TABLET, screenshot

pytestmark = pytest.mark.django_db(transaction=True)

HAND = {"melded_aces": "3", "in_hand_low": "2"}  # 3 aces (60) less two low cards (10)
# Back online, a first try can still meet the network coming up: the tablet tries again
# (every 5 s while something waits) and polls (every 10 s); either one says "Online".
BACK_ONLINE_MS = 15_000


def open_card(page, live_server, link, *, kept: bool = True):
    page.goto(f"{live_server.url}/s/{link.token}/")
    if kept:
        # The service worker has the card: a reload without network can show it.
        # (The worker installs first, fetching the static files: slow on a busy machine.)
        expect(page.locator("html[data-kept='1']")).to_have_count(1, timeout=45_000)
    return page


def enter_offline(page, values: dict) -> None:
    for name, value in values.items():
        page.locator(f"#id_{name}").fill(value)
    page.get_by_role("button", name="Save our hand").click()


def wait_until(page, condition, seconds: float = 10) -> None:
    for _ in range(int(seconds * 10)):
        if condition():
            return
        page.wait_for_timeout(100)
    raise AssertionError("waited in vain")


def light(page):
    return page.locator(".connection-text")


def waiting_row(page, number: int):
    return page.locator(f".hands-table tr[data-number='{number}']")


def stored(link, number: int = 1) -> ScoreEntry | None:
    return ScoreEntry.objects.filter(table=link.table, number=number).first()


def assert_stored_once(link, part: dict) -> None:
    entry = stored(link)
    assert entry is not None
    mine = entry.part(link.team.number)
    assert mine.version == 1
    assert mine.data["melded"]["aces"] == int(part["melded_aces"])
    assert mine.data["in_hand"]["low"] == int(part["in_hand_low"])
    assert ScoreChange.objects.filter(entry=entry).count() == 1


def test_a_hand_saved_offline_survives_a_reload_and_is_stored_once(new_page, live_server, card):
    _event, link = card
    page = open_card(new_page(TABLET), live_server, link)
    expect(light(page)).to_have_text("Online")
    page.context.set_offline(True)
    expect(light(page)).to_contain_text("Offline since")
    page.locator("#id_melded_aces").fill("3")
    expect(page.get_by_text("the total is shown once the hand is sent")).to_be_visible()
    enter_offline(page, HAND)
    expect(light(page)).to_contain_text("1 waiting to send")
    row = waiting_row(page, 1)
    expect(row).to_contain_text("waiting to send")
    expect(row).to_contain_text("Aces 3")
    expect(row).to_contain_text("total when sent")
    # The form moved on to hand 2 (its facts were sent with the page).
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    assert stored(link) is None

    page.reload()  # no network: the service worker shows the card as last seen
    expect(page.get_by_role("heading", name="Table 1")).to_be_visible()
    expect(waiting_row(page, 1)).to_contain_text("waiting to send")
    expect(light(page)).to_contain_text("1 waiting to send")
    expect(page.get_by_text("this is the card as last seen")).to_be_visible()
    screenshot(page, "tablet-offline-waiting-768")
    assert stored(link) is None

    page.context.set_offline(False)  # sent by itself, then the card as the server has it
    expect(light(page)).to_have_text("Online", timeout=BACK_ONLINE_MS)
    expect(waiting_row(page, 1)).not_to_contain_text("waiting to send")
    expect(waiting_row(page, 1)).to_contain_text("waiting for Team 2")
    expect(waiting_row(page, 1)).to_contain_text("50")  # the real total, from the server
    assert_stored_once(link, HAND)


def test_a_save_on_a_slow_network_says_it_is_on_its_way(new_page, live_server, card):
    """On a slow network only a greyed button showed for seconds, under "Online"."""
    _event, link = card
    page = open_card(new_page(TABLET), live_server, link)
    held = []
    # The save waits until let through.
    page.route("**/entry/", lambda route: held.append(route))
    page.locator("#id_melded_aces").fill("3")
    page.get_by_role("button", name="Save our hand").click()
    expect(light(page)).to_have_text("Online · Sending…")
    expect(page.get_by_role("button", name="Save our hand")).to_be_disabled()
    held[0].continue_()
    expect(page.locator(".message")).to_contain_text("Hand 1 saved.")
    expect(light(page)).to_have_text("Online")


def test_two_tabs_send_it_once(new_page, live_server, card):
    _event, link = card
    first = open_card(new_page(TABLET), live_server, link)
    second = first.context.new_page()
    open_card(second, live_server, link)
    first.context.set_offline(True)
    enter_offline(first, HAND)
    # The other tab learns of it at once (BroadcastChannel), and shows it too.
    expect(light(second)).to_contain_text("1 waiting to send")
    second.reload()
    expect(waiting_row(second, 1)).to_contain_text("waiting to send")

    first.context.set_offline(False)  # both tabs try; one sends (navigator.locks)
    for page in (first, second):
        expect(light(page)).to_have_text("Online", timeout=BACK_ONLINE_MS)
        expect(waiting_row(page, 1)).not_to_contain_text("waiting to send")
    assert_stored_once(link, HAND)


def test_a_server_answering_503_for_a_while(new_page, live_server, card, console_errors):
    # The outage is the point: the browser reports each 503 the network answers.
    console_errors.allow(r"status of 503 \(Service Unavailable\)")
    _event, link = card
    page = open_card(new_page(TABLET), live_server, link)
    context = page.context
    context.set_offline(True)
    enter_offline(page, HAND)
    expect(light(page)).to_contain_text("1 waiting to send")

    outage = []

    def away(route):
        outage.append(route.request.url)
        route.fulfill(status=503, body="The score server is busy, please try again.")

    context.route(re.compile(r".*/s/[^/]+/entry/$"), away)
    context.set_offline(False)
    wait_until(page, lambda: len(outage) >= 1)  # sent on its own when the network returned
    # Online, but the server answers 503: the light says so (issue 27.2).
    expect(light(page)).to_contain_text("Server not reachable since")
    page.get_by_role("button", name="Send now").click()
    wait_until(page, lambda: len(outage) >= 2)
    expect(light(page)).to_contain_text("1 waiting to send")
    assert stored(link) is None

    # The next try (every 5 s, or as soon as a poll is answered) stores it.
    context.unroute(re.compile(r".*/s/[^/]+/entry/$"))
    expect(light(page)).to_have_text("Online", timeout=BACK_ONLINE_MS)
    expect(waiting_row(page, 1)).to_contain_text("waiting for Team 2")
    assert_stored_once(link, HAND)
    assert IdempotencyKey.objects.count() == 1


def test_a_conflict_made_while_offline_shows_both_versions(new_page, live_server, card, organizer):
    _event, link = card
    page = open_card(new_page(TABLET), live_server, link)
    enter_offline(page, HAND)  # online: posted as ever
    expect(page.locator(".message")).to_contain_text("Hand 1 saved.")
    page.goto(f"{live_server.url}/s/{link.token}/?edit=1#card")
    expect(page.locator("#id_melded_aces")).to_have_value("3")
    page.context.set_offline(True)
    page.locator("#id_melded_aces").fill("4")
    page.get_by_role("button", name="Save our hand").click()
    expect(light(page)).to_contain_text("1 waiting to send")

    # Meanwhile the organizer corrects the same part of hand 1 from the office.
    office = Client()
    office.force_login(organizer)
    answer = office.post(
        f"/s/{link.token}/entry/",
        {
            "number": 1,
            "version": 1,
            "melded_aces": 5,
            "red_books": 0,
            "black_books": 0,
            "exact_deals": 0,
        },
    )
    assert answer.status_code == 302

    page.context.set_offline(False)
    conflict = page.locator(".conflict")
    expect(conflict).to_contain_text(
        "Someone else changed this hand in the meantime", timeout=BACK_ONLINE_MS
    )
    # Their numbers, under the form's own groups: the melded aces are 5.
    melded = conflict.locator(".theirs-legend", has_text="Cards melded")
    expect(melded.locator("xpath=following-sibling::dl[1]")).to_contain_text("Aces5")
    expect(page.locator("#id_melded_aces")).to_have_value("4")  # nothing typed is lost
    expect(light(page)).to_have_text("Online", timeout=BACK_ONLINE_MS)
    screenshot(page, "tablet-offline-conflict-768")
    entry = stored(link)
    assert entry.part(1).data["melded"]["aces"] == 5

    page.get_by_role("button", name="Save our hand").click()  # ours replaces theirs
    expect(page.locator(".message")).to_contain_text("Hand 1 saved.")
    entry.refresh_from_db()
    assert entry.part(1).data["melded"]["aces"] == 4


def test_a_hand_waiting_to_be_sent_names_each_group_once(new_page, live_server, card):
    """The waiting row read "Cards melded (laid down, books included): Twos 2 · Cards
    melded (laid down, books included): Aces 3 · …", the group before every count."""
    _event, link = card
    page = open_card(new_page(TABLET), live_server, link)
    page.context.set_offline(True)
    enter_offline(page, {"melded_twos": "2", "melded_aces": "3", "in_hand_low": "2"})
    row = waiting_row(page, 1)
    # A label ending in a number of its own takes a colon ("9 down to 4 2" read as one).
    expect(row.locator(".queued-values")).to_have_text(
        "Cards melded (laid down, books included): Twos 2, Aces 3"
        " · Cards left in hand and foot: 9 down to 4: 2"
    )
    page.context.set_offline(False)
    expect(row).not_to_contain_text("waiting to send", timeout=BACK_ONLINE_MS)


@pytest.mark.parametrize(
    "viewport,locale,words",
    [
        (PHONE, "en-GB", ("Offline since", "waiting to send", "total when sent")),
        (TABLET, "de-DE", ("Offline seit", "wartet auf Versand", "Summe nach dem Senden")),
        (PHONE, "de-DE", ("Offline seit", "wartet auf Versand", "Summe nach dem Senden")),
    ],
    ids=["phone-en", "tablet-de", "phone-de"],
)
def test_the_offline_card_reads_well(new_page, live_server, card, viewport, locale, words):
    _event, link = card
    page = open_card(new_page(viewport, locale=locale), live_server, link)
    page.context.set_offline(True)
    page.locator("#id_melded_aces").fill("3")
    page.locator("form[data-queue=entry] button[type=submit]").click()
    for word in words:
        expect(page.locator("#main")).to_contain_text(word)
    page.reload()
    expect(light(page)).to_contain_text(words[1])
    name = f"offline-{locale[:2]}-{viewport['width']}"
    screenshot(page, name)
    page.context.set_offline(False)
    expect(waiting_row(page, 1)).not_to_contain_text(words[1], timeout=BACK_ONLINE_MS)


def both_teams_in(new_page, live_server, link):
    """Each team's tablet saves its part of hand 1 online; team 1's card read again
    (its check of team 2's part shown). Returns both pages and team 2's link."""
    other = ScorekeeperLink.objects.get(table=link.table, team__number=2)
    team1 = open_card(new_page(TABLET), live_server, link)
    team2 = open_card(new_page(TABLET), live_server, other)
    for page in (team1, team2):
        enter_offline(page, HAND)
        expect(page.locator(".message")).to_contain_text("Hand 1 saved.")
    team1.reload()
    return team1, team2, other


def test_a_confirmation_made_offline_waits_and_lands_once(new_page, live_server, card):
    _event, link = card
    team1, _team2, _other = both_teams_in(new_page, live_server, link)
    pending = team1.locator("#pending-1")
    expect(pending).to_be_visible()
    team1.context.set_offline(True)
    team1.get_by_role("button", name="Confirm", exact=True).click()
    expect(pending).to_be_hidden()
    expect(waiting_row(team1, 1)).to_contain_text("waiting to send")
    # The hand's figures stay in its row: a confirmation changes none of them (its
    # row showed nothing but "waiting to send"; a walk, 2026-11-30).
    expect(waiting_row(team1, 1).locator(".row-total").first).to_be_visible()
    expect(waiting_row(team1, 1).locator(".hand-points").first).to_have_text("50")
    expect(light(team1)).to_contain_text("1 waiting to send")
    assert stored(link).part(2).state == "entered"

    team1.context.set_offline(False)
    expect(light(team1)).to_have_text("Online", timeout=BACK_ONLINE_MS)
    # (The reload after it landed may meet the service worker still offline: the card as
    # last seen, then the server's own once it answers, which keeps the message.)
    expect(team1.locator(".message")).to_contain_text("Confirmed.", timeout=BACK_ONLINE_MS)
    entry = stored(link)
    assert entry.part(2).state == "confirmed"
    assert ScoreChange.objects.filter(entry=entry, action="confirmed").count() == 1


def test_a_laus_round_waiting_names_who_took_each_ten(new_page, live_server, drawn_event):
    """The waiting row said the ten's taker by seat number, and left out the first
    player's (seat "0") altogether."""
    event = start_clock(drawn_event("laus", tables=1))
    link = ScorekeeperLink.objects.get(table__round__event=event)
    page = open_card(new_page(TABLET), live_server, link)
    page.context.set_offline(True)
    tens = {"S": "P1A Table1", "H": "P1B Table1", "D": "P1C Table1", "C": "P1D Table1"}
    for suit, seat in tens.items():
        page.locator(f"#id_ten_{suit}").select_option(label=seat)
    page.locator("form[data-queue=entry] button[type=submit]").click()
    row = waiting_row(page, 1)
    expect(row).to_contain_text("waiting to send")
    expect(row).to_contain_text("Who took the ten of ♠ spades? P1A Table1")
    expect(row).to_contain_text("Who took the ten of ♥ hearts? P1B Table1")


def test_an_exact_bid_round_waiting_says_a_bid_of_0(new_page, live_server, drawn_event):
    """A bid of 0 was left out of what waits (and of "What you typed"), as a count of 0
    left as it stands is: the scorekeeper types it again from there."""
    event = start_clock(drawn_event("exact_bid", tables=1))
    link = ScorekeeperLink.objects.get(table__round__event=event)
    page = open_card(new_page(TABLET), live_server, link)
    page.context.set_offline(True)
    form = page.locator("form[data-queue=entry]")
    bids = form.locator("input[name^=bid_]")
    for index in range(bids.count()):
        bids.nth(index).fill("1" if index == 0 else "0")
    tricks = form.locator("input[name^=tricks_]:not([data-auto])")  # the last fills itself in
    for index in range(tricks.count()):
        tricks.nth(index).fill("1" if index == 0 else "0")
    form.locator("button[type=submit]").click()
    row = waiting_row(page, 1)
    expect(row).to_contain_text("waiting to send")
    expect(row).to_contain_text("P1B Table1 bid 0")
    expect(row).to_contain_text("P1B Table1 took 0")


def test_typed_on_offline_what_filled_itself_in_is_not_left_standing(
    new_page, live_server, drawn_event
):
    """Offline, the count the last preview filled in stayed (a walk: six aces in all on a
    Laus card), with the last preview's errors: blank and unsaid until the server has it."""
    event = start_clock(drawn_event("exact_bid", tables=1, players_per_table=3))
    link = ScorekeeperLink.objects.get(table__round__event=event)
    page = open_card(new_page(TABLET), live_server, link)
    for name, value in (("bid_0", "1"), ("bid_1", "0"), ("bid_2", "1"), ("tricks_0", "1")):
        page.locator(f"#id_{name}").fill(value)
    page.locator("#id_tricks_1").fill("0")
    last = page.locator("#id_tricks_2")
    expect(last).to_have_value(re.compile(r"\d"))  # filled in by the server
    page.context.set_offline(True)
    page.locator("#id_tricks_1").fill("9")  # more than the round's cards
    expect(last).to_have_value("")
    expect(page.locator("#preview")).to_have_text("")  # no total of other numbers
    expect(page.get_by_text("the total is shown once the round is sent")).to_be_visible()
    page.context.set_offline(False)
    page.locator("#id_tricks_1").fill("0")  # online again: the server fills it in
    expect(last).to_have_value(re.compile(r"\d"), timeout=BACK_ONLINE_MS)


def test_a_refusal_after_an_offline_reload_no_longer_says_no_network(new_page, live_server, card):
    """A hand queued offline, the card reloaded from its kept copy, the network back: the
    server's refusal showed under "No network: this is the card as last seen"."""
    _event, link = card
    page = open_card(new_page(TABLET), live_server, link)
    page.context.set_offline(True)
    enter_offline(page, {"red_books": "40", "melded_aces": "3"})
    expect(light(page)).to_contain_text("1 waiting to send")
    page.reload()
    kept_note = page.get_by_text("this is the card as last seen")
    expect(kept_note).to_be_visible()
    page.context.set_offline(False)
    expect(page.locator("#main .field-error, #main .form-errors").first).to_be_visible(
        timeout=BACK_ONLINE_MS
    )
    expect(light(page)).to_have_text("Online", timeout=BACK_ONLINE_MS)
    expect(kept_note).to_be_hidden()
    assert stored(link) is None


def test_what_is_typed_offline_is_back_after_the_page_is_closed(new_page, live_server, card):
    """Online, each preview keeps what is typed as the server's draft; offline nothing
    did: a page closed and opened again showed the older draft (2 red books, not 3)."""
    _event, link = card
    page = open_card(new_page(TABLET), live_server, link)
    page.locator("#id_red_books").fill("2")
    wait_until(page, lambda: Draft.objects.filter(entry__table=link.table).exists())
    page.context.set_offline(True)
    page.locator("#id_red_books").fill("3")
    page.locator("#id_melded_aces").fill("4")
    # The tablet's copy written (IndexedDB; 300 ms were not always enough on a busy CI).
    page.wait_for_function(
        """token => window.idbKeyval.get("clubscore:typing:" + token)
            .then(kept => !!kept && kept.body.includes("melded_aces=4"))""",
        arg=link.token,
    )
    context = page.context
    page.close()

    again = context.new_page()
    again.goto(f"{live_server.url}/s/{link.token}/")  # no network: the kept copy
    expect(again.locator("#id_red_books")).to_have_value("3")
    expect(again.locator("#id_melded_aces")).to_have_value("4")

    context.set_offline(False)  # back: previewed, the server's draft is what was typed
    again.reload()
    expect(again.locator("#id_red_books")).to_have_value("3")
    wait_until(
        again,
        lambda: Draft.objects.filter(entry__table=link.table, data__red_books="3").exists(),
    )


def test_back_online_with_the_next_hand_half_typed_the_card_is_the_servers_again(
    new_page, live_server, card
):
    """An offline reload with the next hand half typed: back online, the waiting hand
    landed, yet "No network: this is the card as last seen" stayed under an "Online"
    light for good (a walk, on the exact-bid card). The card comes back from the server
    once the scorekeeper is not in the form, with what they typed."""
    _event, link = card
    page = open_card(new_page(TABLET), live_server, link)
    page.context.set_offline(True)
    enter_offline(page, HAND)
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    page.locator("#id_melded_aces").fill("4")  # hand 2, not saved
    page.reload()
    last_seen = page.get_by_text("this is the card as last seen")
    expect(last_seen).to_be_visible()
    expect(page.locator("#id_melded_aces")).to_have_value("4")
    page.locator("#id_melded_aces").focus()  # typing on: nothing moves under the fingers

    page.context.set_offline(False)
    expect(light(page)).to_have_text("Online", timeout=BACK_ONLINE_MS)
    wait_until(page, lambda: stored(link) is not None, seconds=BACK_ONLINE_MS / 1000)
    page.wait_for_timeout(3000)  # the poll after the landing, and 2 s more
    expect(last_seen).to_be_visible()
    expect(page.locator("#id_melded_aces")).to_be_focused()
    page.get_by_role("heading", name="Table 1").click()  # out of the form
    expect(last_seen).to_be_hidden(timeout=BACK_ONLINE_MS)
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    expect(page.locator("#id_melded_aces")).to_have_value("4")
    assert_stored_once(link, HAND)
