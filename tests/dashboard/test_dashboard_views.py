"""The organizer's live dashboard: staff only, table states, clock, disputes, publishing."""

from __future__ import annotations

import datetime
import re

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from clubscore.dashboard.forms import SettleForm
from clubscore.events import services
from clubscore.events.clock import call_time, start_clock
from clubscore.events.models import ScoreChange, ScoreEntry, Seat, Table

from .conftest import hf_hand, laus_round, tables_of

pytestmark = pytest.mark.django_db


def url(event):
    return reverse("dashboard:event", args=[event.pk])


def test_it_is_for_staff_only(client, stranger, drawn_event):
    event = drawn_event()
    assert client.get(url(event)).status_code == 302
    client.force_login(stranger)
    assert client.get(url(event)).status_code == 302
    assert client.post(reverse("dashboard:publish", args=[event.pk])).status_code == 302
    event.refresh_from_db()
    assert not event.public_standings


def test_it_shows_every_table_state_and_polls_a_partial(organizer_client, drawn_event, add_entry):
    event = drawn_event(tables=3)
    first, second, third = tables_of(event)
    add_entry(first, 1, hf_hand(1), status=ScoreEntry.Status.ENTERED)
    second.has_bonus = True
    second.turned_in_at = timezone.now()
    second.save()

    page = organizer_client.get(url(event)).content.decode()
    assert 'hx-trigger="every 5s"' in page
    assert f'hx-get="{url(event)}?part=live"' in page
    assert "Waiting for confirmation" in page
    assert "Turned in" in page
    assert "Not started" in page
    assert "Table 2 holds the first-table bonus." in page
    assert reverse("dashboard:clock", args=[event.pk]) in page

    partial = organizer_client.get(url(event), {"part": "live"}, headers={"HX-Request": "true"})
    body = partial.content.decode()
    assert body.lstrip().startswith('<div id="live"')
    assert "<html" not in body
    assert "Waiting for confirmation" in body


def test_once_time_is_up_the_bonus_is_no_longer_said_to_be_open(organizer_client, drawn_event):
    """Time called, a card scored as it lay (turned in, no bonus): the dashboard said "No
    table has turned in its card yet: the first-table bonus is open." over a tile that
    said "Turned in" (a walk, 2026-11-30). The bonus goes within the time limit only."""
    event = start_clock(drawn_event(tables=2))
    open_line = "No table has turned in its card yet: the first-table bonus is open."
    assert open_line in organizer_client.get(url(event)).content.decode()
    call_time(event)
    Table.objects.filter(round__event=event, number=1).update(turned_in_at=timezone.now())
    page = organizer_client.get(url(event)).content.decode()
    assert open_line not in page and "holds the first-table bonus" not in page


def test_the_first_table_bonus_is_named_round_by_round(organizer_client, drawn_event):
    """After round 2 was drawn, the dashboard still said "Table 2 holds the first-table
    bonus." (round 1's), with nothing on round 2's."""
    event = drawn_event(tables=3)
    services.check_in(event, [seat.player for seat in Seat.objects.filter(round__event=event)])
    round_one = Table.objects.filter(round__event=event)
    round_one.update(turned_in_at=timezone.now())
    round_one.filter(number=2).update(has_bonus=True)
    page = organizer_client.get(url(event)).content.decode()
    # One round: no round to name.
    assert "Table 2 holds the first-table bonus." in page and "is open" not in page
    drawn = organizer_client.post(
        reverse("dashboard:next_round", args=[event.pk]),
        {"seating": "lot", "after": 1},
        follow=True,
    )
    assert event.rounds.count() == 2, [str(m) for m in drawn.context["messages"]]
    page = organizer_client.get(url(event)).content.decode()
    assert "Round 1: table 2 holds the first-table bonus." in page
    assert "No table of round 2 has turned in its card yet: its first-table bonus is open." in page
    Table.objects.filter(round__event=event, round__number=2, number=3).update(
        turned_in_at=timezone.now(), has_bonus=True
    )
    page = organizer_client.get(url(event)).content.decode()
    assert "Round 1: table 2 holds the first-table bonus." in page
    assert "Round 2: table 3 holds the first-table bonus." in page and "is open" not in page


def disputed(table, add_entry):
    entry = add_entry(table, 1, hf_hand(1, 0), status=ScoreEntry.Status.DISPUTED)
    entry.proposed_payload = hf_hand(1, 1)
    entry.dispute_note = "They did not go out"
    entry.save()
    return entry


def test_a_dispute_shows_both_versions_with_their_scores(organizer_client, drawn_event, add_entry):
    from clubscore.games import score

    event = drawn_event(tables=1)
    (table,) = tables_of(event)
    disputed(table, add_entry)
    page = organizer_client.get(url(event)).content.decode()
    entered = score("hand_and_foot", hf_hand(1, 0))["teams"]
    proposed = score("hand_and_foot", hf_hand(1, 1))["teams"]
    assert "They did not go out" in page
    assert "The other side&#x27;s version" in page or "The other side's version" in page
    for team in entered + proposed:
        assert f'<td class="num">{team["total"]}</td>' in page


def test_settling_takes_the_other_sides_version(organizer_client, drawn_event, add_entry):
    event = drawn_event(tables=1)
    (table,) = tables_of(event)
    entry = disputed(table, add_entry)
    settle = reverse("dashboard:settle", args=[event.pk, entry.pk])
    prefix = f"entry-{entry.pk}"
    response = organizer_client.post(settle, {f"{prefix}-choice": "proposed"})
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.CONFIRMED
    assert entry.payload == hf_hand(1, 1)
    assert ScoreChange.objects.filter(entry=entry, action="settled").exists()


def team_fields(prefix: str, team: dict) -> dict:
    """One team's part of a hand as the correction form's fields (as a browser sends them)."""
    data = {
        f"{prefix}-red_books": team["red_books"],
        f"{prefix}-black_books": team["black_books"],
        f"{prefix}-exact_deals": team["exact_deals"],
    }
    if team["went_out"]:
        data[f"{prefix}-went_out"] = "on"
    for group in ("melded", "in_hand"):
        for kind, count in team[group].items():
            data[f"{prefix}-{group}_{kind}"] = count
    return data


def correction(entry, payload: dict) -> dict:
    """The organizer's correction of a Hand and Foot hand: both teams, sent as typed."""
    prefix = f"entry-{entry.pk}"
    data = {f"{prefix}-choice": "corrected"}
    for number, team in enumerate(payload["teams"], start=1):
        data |= team_fields(f"{prefix}-team{number}", team)
    return data


def test_the_correction_is_the_tablets_form_prefilled_for_each_dispute(
    organizer_client, drawn_event, add_entry
):
    event = drawn_event(tables=2)
    first, second = (disputed(table, add_entry) for table in tables_of(event))
    page = organizer_client.get(url(event)).content.decode()
    assert "<textarea" not in page
    for entry in (first, second):
        prefix = f"entry-{entry.pk}"
        # Both teams of the whole hand, the tablet's labels and steppers, the entered numbers.
        assert f'name="{prefix}-team1-red_books" value="2"' in page
        assert f'name="{prefix}-team2-red_books" value="1"' in page
        went_out = re.search(rf'<input[^>]*name="{prefix}-team1-went_out"[^>]*>', page)
        assert went_out and " checked" in went_out.group(0)
        assert f'aria-controls="id_{prefix}-team2-in_hand_low"' in page
        assert f'name="{prefix}-choice" value="entered"' in page
        assert f'name="{prefix}-choice" value="proposed"' in page
    assert page.count(">Red books</label>") == 4
    assert "Team 1: P1A Table1 &amp; P1C Table1" in page
    # What the two versions disagree on, in words, team by team.
    assert "Where the versions differ" in page
    assert 'class="part">Team 1: P1A Table1 &amp; P1C Table1</th>' in page
    went_out = (
        '<th scope="row" role="rowheader">We went out</th>'
        '<td role="cell" class="num" data-label="Entered">{}</td>'
        '<td role="cell" class="num" data-label="Other side">{}</td>'
    )
    assert went_out.format("Yes", "No") in page and went_out.format("No", "Yes") in page
    assert '<th scope="row" role="rowheader">Cards left in hand and foot · 9 down to 4</th>' in page
    # A disputed table's tile leads to its dispute.
    assert f'class="tile-link settle" href="#dispute-{first.pk}"' in page


def test_a_correction_is_settled_and_recorded(organizer, organizer_client, drawn_event, add_entry):
    from clubscore.games import score

    event = drawn_event(tables=1)
    (table,) = tables_of(event)
    entry = disputed(table, add_entry)
    corrected = hf_hand(1, 0)
    corrected["teams"][1]["in_hand"]["low"] = 5
    settle = reverse("dashboard:settle", args=[event.pk, entry.pk])
    response = organizer_client.post(settle, correction(entry, corrected))
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.CONFIRMED
    assert entry.payload == corrected
    assert entry.result == score("hand_and_foot", corrected)
    assert entry.part(2).data == corrected["teams"][1]
    change = ScoreChange.objects.get(entry=entry, action="settled")
    assert change.changed_by_user == organizer
    assert change.before == hf_hand(1, 0) and change.after == corrected
    assert "hand 1 settled" in organizer_client.get(url(event)).content.decode()


def test_a_bad_correction_is_refused_on_the_field_and_kept(
    organizer_client, drawn_event, add_entry
):
    event = drawn_event(tables=2)
    entry, other = (disputed(table, add_entry) for table in tables_of(event))
    settle = reverse("dashboard:settle", args=[event.pk, entry.pk])
    prefix = f"entry-{entry.pk}"
    bad = hf_hand(1, 0)
    bad["teams"][0]["black_books"] = 9  # more books than the cards melded can make
    bad["teams"][1]["in_hand"]["low"] = 7  # a change elsewhere, kept as typed
    response = organizer_client.post(settle, correction(entry, bad))
    assert response.status_code == 200
    page = response.content.decode()
    # The game's message on the field at fault (the team's black books), and at the top.
    assert (
        f'id="err-{prefix}-team1-black_books" class="field-errors"><p class="field-error" '
        'role="alert">2 red and 9 black books need' in page
    )
    assert f'id="err-{prefix}-team2-black_books" class="field-errors"></div>' in page
    assert "Check the marked fields." in page
    # What was typed is still there, the correction stays open.
    assert f'name="{prefix}-team1-black_books" value="9"' in page
    assert f'name="{prefix}-team2-in_hand_low" value="7"' in page
    assert f'id="correct-{entry.pk}" hx-preserve="true" open' in page
    # The other dispute's form is intact: the entered numbers, no errors, folded.
    assert f'name="entry-{other.pk}-team1-red_books" value="2"' in page
    assert f'id="correct-{other.pk}" hx-preserve="true">' in page
    assert f'id="err-entry-{other.pk}-team1-black_books" class="field-errors"></div>' in page
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.DISPUTED
    assert not ScoreChange.objects.filter(action="settled").exists()


def test_a_correction_that_is_no_number_or_wrong_for_the_whole_hand_says_so(
    organizer_client, drawn_event, add_entry
):
    event = drawn_event(tables=1)
    (table,) = tables_of(event)
    entry = disputed(table, add_entry)
    settle = reverse("dashboard:settle", args=[event.pk, entry.pk])
    prefix = f"entry-{entry.pk}"
    data = correction(entry, hf_hand(1, 0))
    data[f"{prefix}-team2-melded_aces"] = "four"
    page = organizer_client.post(settle, data).content.decode()
    assert f'id="err-{prefix}-team2-melded_aces" class="field-errors"><p class="field-error"' in (
        page
    )
    assert 'value="four"' in page

    both_out = hf_hand(1, 0)
    both_out["teams"][1] = dict(both_out["teams"][0])
    response = organizer_client.post(settle, correction(entry, both_out))
    assert response.status_code == 200
    assert "Only one team can go out." in response.content.decode()
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.DISPUTED


def test_keeping_the_entered_version_ignores_the_correction_fields(
    organizer_client, drawn_event, add_entry
):
    event = drawn_event(tables=1)
    (table,) = tables_of(event)
    entry = disputed(table, add_entry)
    settle = reverse("dashboard:settle", args=[event.pk, entry.pk])
    prefix = f"entry-{entry.pk}"
    response = organizer_client.post(
        settle, {f"{prefix}-choice": "entered", f"{prefix}-team1-red_books": "nonsense"}
    )
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.CONFIRMED and entry.payload == hf_hand(1, 0)


def test_a_laus_round_is_corrected_in_the_laus_form(organizer_client, drawn_event, add_entry):
    event = drawn_event("laus", tables=1)
    (table,) = tables_of(event)
    names = [seat.player.name for seat in table.seats.order_by("position")]
    entry = add_entry(table, 1, laus_round(names), status=ScoreEntry.Status.DISPUTED)
    prefix = f"entry-{entry.pk}-round"
    page = organizer_client.get(url(event)).content.decode()
    assert f'name="{prefix}-aces_0" value="1"' in page
    assert "Who took the ten of" in page
    assert "Where the versions differ" not in page  # no other version was proposed
    assert f'value="{SettleForm.PROPOSED}"' not in page

    data = {f"entry-{entry.pk}-choice": "corrected"}
    data |= {f"{prefix}-ten_{suit}": str(i) for i, suit in enumerate("SCHD")}
    data |= {f"{prefix}-{key}_{i}": 1 for key in ("aces", "kings", "queens") for i in range(4)}
    data[f"{prefix}-aces_0"] = 2  # five aces in all
    settle = reverse("dashboard:settle", args=[event.pk, entry.pk])
    page = organizer_client.post(settle, data).content.decode()
    assert "5 aces were taken, but there are 4." in page
    assert f'name="{prefix}-aces_0" value="2"' in page

    data[f"{prefix}-aces_0"] = 0
    data[f"{prefix}-aces_3"] = ""  # the last player's count fills itself in, as on the tablet
    data[f"{prefix}-aces_1"] = 2
    assert organizer_client.post(settle, data).status_code == 302
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.CONFIRMED
    assert [taken["aces"] for taken in entry.payload["taken"]] == [0, 2, 1, 1]
    assert entry.payload["taken"][3]["tens"] == ["D"]


def test_the_time_left_reads_as_the_tablets_show_it(organizer_client, drawn_event):
    start = timezone.now()
    event = start_clock(drawn_event(), now=start - datetime.timedelta(minutes=10))
    with time_machine.travel(start, tick=False):
        page = organizer_client.get(url(event)).content.decode()
    countdown = '<strong class="clock-time" data-countdown="ends" role="timer" aria-live="off">'
    assert f"{countdown}1:20:00</strong>" in page
    # static/js/clock.js counts down from there between the refreshes.
    assert 'class="clock-status clock" data-ends-at="20' in page
    assert "js/clock.js" in page


def test_publishing_switches_the_public_page_on_and_off(organizer, drawn_event):
    from django.test import Client

    event = drawn_event()
    public = reverse("dashboard:public_standings", args=[event.pk])
    publish = reverse("dashboard:publish", args=[event.pk])
    visitor, director = Client(), Client()
    director.force_login(organizer)
    assert visitor.get(public).status_code == 404
    director.post(publish, {"public": "on"})
    assert visitor.get(public).status_code == 200
    director.post(publish, {"public": "off"})
    assert visitor.get(public).status_code == 404


def test_the_clock_buttons_come_back_to_the_dashboard(organizer_client, drawn_event):
    event = drawn_event(status="drawn")
    response = organizer_client.post(
        reverse("dashboard:clock", args=[event.pk]), {"action": "start", "next": url(event)}
    )
    assert response.url == url(event)
    page = organizer_client.get(url(event)).content.decode()
    assert "clock-running" in page


def test_an_exact_bid_round_is_corrected_against_the_whole_game(
    organizer_client, drawn_event, add_entry
):
    event = drawn_event("exact_bid", tables=1, players_per_table=2, options={"start_cards": 5})
    (table,) = tables_of(event)
    entry = add_entry(
        table, 1, {"bids": [2, 3], "tricks": [2, 3]}, status=ScoreEntry.Status.DISPUTED
    )
    # The versions say what each player entered, as the tablet does: a round's points
    # alone (25, 35) do not show what is disputed.
    names = [seat.player.name for seat in table.seats.order_by("position")]
    page = organizer_client.get(url(event)).content.decode()
    versions = page[
        page.index('class="versions"') : page.index("</section>", page.index('class="versions"'))
    ]
    assert f'<th scope="row">{names[0]}</th><td class="entered">bid 2, took 2</td>' in versions
    assert f'<th scope="row">{names[1]}</th><td class="entered">bid 3, took 3</td>' in versions
    prefix = f"entry-{entry.pk}-round"
    settle = reverse("dashboard:settle", args=[event.pk, entry.pk])
    data = {f"entry-{entry.pk}-choice": "corrected", f"{prefix}-bid_0": 2, f"{prefix}-bid_1": 2}
    data |= {f"{prefix}-tricks_0": 1, f"{prefix}-tricks_1": 3}
    page = organizer_client.post(settle, data).content.decode()
    assert (
        f'id="err-{prefix}-tricks_1" class="field-errors"><p class="field-error" role="alert">'
        in page
    )
    assert "Tricks add up to 4, but 5 cards were played this round." in page
    data[f"{prefix}-tricks_1"] = ""  # fills itself in: 5 - 1
    assert organizer_client.post(settle, data).status_code == 302
    entry.refresh_from_db()
    assert entry.payload == {"bids": [2, 2], "tricks": [1, 4]}
    assert entry.status == ScoreEntry.Status.CONFIRMED


def test_an_exact_bid_correction_asks_the_counts_in_the_rounds_bidding_order(
    drawn_event, add_entry
):
    """Round 2 is bid from the second seat: the organizer's correction asks the bids and
    tricks in that order, as the card did (it asked them in seat order), and the last
    bidder's tricks fill themselves in."""
    event = drawn_event("exact_bid", tables=1, players_per_table=3, options={"start_cards": 5})
    (table,) = tables_of(event)
    seats = list(table.seats.order_by("position").select_related("player"))
    assert table.first_player_id == seats[0].player_id
    payload = {"bids": [1, 1, 1], "tricks": [1, 2, 2]}
    entry = add_entry(table, 2, payload, status=ScoreEntry.Status.DISPUTED)
    form = SettleForm(entry=entry, game="exact_bid", options=event.game_options, seats=seats)
    (correction,) = form.corrections
    assert [names for _legend, names in correction.form.groups] == [
        ["bid_1", "bid_2", "bid_0"],
        ["tricks_1", "tricks_2", "tricks_0"],
    ]
    assert not correction.form.fields["tricks_0"].required
    assert correction.form.fields["tricks_2"].required


def test_the_clock_buttons_fit_the_clock_and_calling_time_asks_first(organizer_client, drawn_event):
    from clubscore.events.clock import call_time

    event = drawn_event(status="drawn")
    page = organizer_client.get(url(event)).content.decode()
    assert "Start the clock" in page
    assert "Call time" not in page and "Extend" not in page

    start_clock(event)
    page = organizer_client.get(url(event)).content.decode()
    assert "Start the clock" not in page and "Extend" in page
    # One tap opens the question; the second calls time for every table.
    assert '<details class="call-time">' in page
    assert '<summary class="button danger" role="button">Call time…</summary>' in page
    assert "Yes, call time now" in page

    call_time(event)
    page = organizer_client.get(url(event)).content.decode()
    assert "Call time" not in page and "Extend" in page


def test_the_clock_says_when_time_is_called_not_a_time_limit(organizer_client, drawn_event):
    """ "Time limit: 01:35" read as an hour and 35 minutes; it is the time of day."""
    from clubscore.events.clock import clock_state

    event = start_clock(drawn_event())
    at = timezone.localtime(clock_state(event).ends_at).strftime("%H:%M")
    page = organizer_client.get(url(event)).content.decode()
    german = organizer_client.get(url(event), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert f"Time is called at {at}" in page and "Time limit" not in page
    assert f"Zeitende um {at} Uhr" in german and "Zeitlimit" not in german
    # Once it is called, it was ("Time is called at" read as still to come).
    from clubscore.events.clock import call_time

    call_time(event)
    page = organizer_client.get(url(event)).content.decode()
    assert "Time was called at" in page and "Time is called at" not in page


def test_a_dispute_changed_at_the_table_is_not_settled_unseen(
    organizer_client, drawn_event, add_entry
):
    """The table sent its dispute again with another count while the dashboard showed the
    first: "Take the other side's version" is not applied to a count nobody saw."""
    event = drawn_event(tables=1)
    (table,) = tables_of(event)
    entry = disputed(table, add_entry)
    prefix = f"entry-{entry.pk}"
    page = organizer_client.get(url(event)).content.decode()
    seen = re.search(rf'name="{prefix}-seen" value="([^"]*)"', page).group(1)
    entry.proposed_payload = hf_hand(1, 2)  # disputed again, another count
    entry.version += 1
    entry.save()
    settle = reverse("dashboard:settle", args=[event.pk, entry.pk])
    response = organizer_client.post(
        settle, {f"{prefix}-choice": "proposed", f"{prefix}-seen": seen}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "was changed at the table since this page was shown" in html
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.DISPUTED
    # Decided again on the page as it is now: settled.
    seen = re.search(rf'name="{prefix}-seen" value="([^"]*)"', html).group(1)
    response = organizer_client.post(
        settle, {f"{prefix}-choice": "proposed", f"{prefix}-seen": seen}
    )
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.CONFIRMED and entry.payload == hf_hand(1, 2)


def test_a_decision_the_dispute_no_longer_offers_is_said(organizer_client, drawn_event, add_entry):
    event = drawn_event(tables=1)
    (table,) = tables_of(event)
    entry = add_entry(table, 1, hf_hand(1, 0), status=ScoreEntry.Status.DISPUTED)  # no count
    settle = reverse("dashboard:settle", args=[event.pk, entry.pk])
    response = organizer_client.post(settle, {f"entry-{entry.pk}-choice": "proposed"})
    assert response.status_code == 200
    assert "Choose one of the decisions shown." in response.content.decode()
