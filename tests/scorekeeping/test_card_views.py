"""The scorekeeper's card through its views: links, entry, confirmation, conflicts, time."""

from __future__ import annotations

import datetime
import re
import uuid
from xml.etree import ElementTree

import pytest
import segno
import time_machine
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubscore.club.models import Player
from clubscore.events.clock import call_time, start_clock
from clubscore.events.models import (
    Event,
    IdempotencyKey,
    Round,
    ScoreChange,
    ScoreEntry,
    ScorekeeperLink,
    Table,
)
from clubscore.events.phones import link_for
from clubscore.events.settling import settle_dispute
from clubscore.games import ScoreError, hand_and_foot

from .conftest import GOOD_TEAM, SMALL_TEAM, links, url

pytestmark = pytest.mark.django_db


def post(client, link, name, data, key=None):
    return client.post(url(link, name), {"idem": key or uuid.uuid4().hex, **data})


def enter_hand(client, one, two, number=1, first=GOOD_TEAM, second=SMALL_TEAM):
    assert post(client, one, "entry", {"number": number, "version": 0, **first}).status_code == 302
    assert post(client, two, "entry", {"number": number, "version": 0, **second}).status_code == 302
    return ScoreEntry.objects.get(table=one.table, number=number)


def confirm_both(client, one, two, entry):
    for link in (one, two):
        other = 2 if link.team.number == 1 else 1
        version = ScoreEntry.objects.get(pk=entry.pk).part(other).version
        response = post(client, link, "confirm", {"number": entry.number, "version": version})
        assert response.status_code == 302


# -- private links -------------------------------------------------------------------


def test_a_link_opens_its_table_and_a_wrong_one_gives_no_hint(client, running):
    event = running(tables=2)
    one, _two = links(event)
    page = client.get(url(one))
    assert page.status_code == 200
    assert "Table 1" in page.content.decode()
    assert client.get("/s/not-a-token/").status_code == 404
    assert client.get(url(one)[:-5] + "xxxx/").status_code == 404
    one.revoked_at = timezone.now()
    one.save()
    assert client.get(url(one)).status_code == 404


def test_a_link_expires_when_the_event_is_final(client, running):
    event = running()
    one, _two = links(event)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
    page = client.get(url(one))
    # Gone, and the card page says why: nothing of the card is shown.
    assert page.status_code == 200 and "The evening is over" in page.content.decode()
    assert "Table 1" not in page.content.decode()
    assert client.get(url(one, "qr")).status_code == 404
    # A hand queued offline and sent after the evening was finished: nothing stored, and
    # the answer says the evening is over (200: no console error on the tablet).
    sent = post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM})
    assert sent.status_code == 200 and "The evening is over" in sent.content.decode()
    assert not ScoreEntry.objects.exists()
    missing = client.get("/no-such-page/")
    assert missing.status_code == 404 and "There is no such page" in missing.content.decode()


def test_a_link_only_acts_on_its_own_table(client, running):
    event = running(tables=2)
    one, _ = links(event, 1)
    other, _ = links(event, 2)
    post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM})
    assert ScoreEntry.objects.get().table == one.table
    assert other.table.entries.count() == 0


def test_the_qr_code_is_an_svg_of_the_link(client, running):
    one, _ = links(running())
    response = client.get(url(one, "qr"))
    assert response["Content-Type"] == "image/svg+xml"
    # A document of its own: a browser renders it only with the SVG namespace.
    root = ElementTree.fromstring(response.content)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    # The modules drawn are the QR code of the link's full address.
    address = f"http://testserver{one.get_absolute_url()}"
    expected = [tuple(row) for row in segno.make(address, error="m").matrix]
    assert svg_modules(root, len(expected)) == expected


def svg_modules(root, count: int) -> list[tuple[int, ...]]:
    """The dark modules of segno's SVG path ("M x y.5 h n m dx dy ..." in module units)."""
    svg = "{http://www.w3.org/2000/svg}"
    group = root.find(f"{svg}g")
    path = group.find(f"{svg}path[@class='qrline']")
    scale = float(re.search(r"scale\((\d+)\)", group.get("transform")).group(1))
    size = round(float(root.get("width")) / scale)
    grid = [[0] * size for _ in range(size)]
    x = y = 0.0
    for command, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path.get("d")):
        if command == "M":
            x, y = float(a), float(b)
        elif command == "m":
            x, y = x + float(a), y + float(b)
        else:
            for column in range(int(x), int(x + float(a))):
                grid[int(y)][column] = 1
            x += float(a)
    border = (size - count) // 2
    return [tuple(row[border : size - border]) for row in grid[border : size - border]]


# -- entering and confirming -----------------------------------------------------------


def test_the_preview_is_scored_by_the_game_and_the_draft_keeps_what_was_typed(client, running):
    one, _ = links(running())
    response = post(client, one, "preview", {"number": 1, **GOOD_TEAM})
    # The total with the game's words for it (the preview is sent alone, without the page).
    assert "Your team this hand: <strong>2140</strong>" in response.content.decode()
    assert not ScoreEntry.objects.exists()  # a preview stores nothing
    # Typing paused: the tablet sends what is typed as the server's draft.
    response = post(client, one, "draft", {"number": 1, "version": 0, **GOOD_TEAM})
    assert response.status_code == 204 and response["X-Clubscore-Draft"] == "kept"
    draft = ScoreEntry.objects.get()
    assert draft.status == ScoreEntry.Status.DRAFT and draft.draft(1)["melded_aces"] == "4"
    # A reload, or another tablet of the team, shows what was typed.
    assert 'value="4"' in client.get(url(one)).content.decode()


def test_both_tablets_drafts_are_kept_when_they_type_at_once(client, running):
    from clubscore.scorekeeping.actions import save_draft
    from clubscore.scorekeeping.card import load_card

    one, two = links(running())
    post(client, one, "draft", {"number": 1, "melded_aces": 1})
    # Team 1's tablet reads the card, then team 2 keeps its draft in the same row:
    # team 1's next draft must not write back what it read and lose team 2's.
    card = load_card(one.token)
    post(client, two, "draft", {"number": 1, "melded_aces": 2})
    save_draft(card, 1, {"melded_aces": "3"})
    save_draft(load_card(one.token), 1, {"melded_aces": "4"})
    entry = ScoreEntry.objects.get()
    assert entry.draft(1) == {"melded_aces": "4"}
    assert entry.draft(2)["melded_aces"] == "2"


def test_a_filled_in_count_typed_over_in_the_draft_stays_typed(client, running):
    """The draft keeps a value that fills itself in blank unless it was typed over; one it
    holds is marked typed on the page, so the next preview does not fill it again."""
    event = running("exact_bid", tables=1, players_per_table=3, options={"start_cards": 5})
    (link,) = links(event)
    typed = {"number": 1, "version": 0, "bid_0": 1, "bid_1": 0, "bid_2": 1, "tricks_0": 1}
    for draft in (typed | {"tricks_1": 0, "tricks_2": ""}, typed | {"tricks_2": 0}):
        assert post(client, link, "draft", draft)["X-Clubscore-Draft"] == "kept"
        page = client.get(url(link)).content.decode()
        (tag,) = re.findall(r'<input[^>]*name="tricks_2"[^>]*>', page)
        assert ('data-touched="1"' in tag) == (draft["tricks_2"] == 0), tag
    assert 'value="0"' in tag


@pytest.mark.parametrize("typed_before", [False, True], ids=["first-preview", "typing-on"])
def test_a_draft_that_arrives_after_the_save_is_not_kept(client, running, typed_before):
    from clubscore.scorekeeping.actions import save_draft
    from clubscore.scorekeeping.card import load_card

    one, _two = links(running())
    if typed_before:
        post(client, one, "draft", {"number": 1, "version": 0, "melded_aces": 1})
    # The draft's request read the card, then the hand was saved before it wrote.
    late = load_card(one.token)
    post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM})
    save_draft(late, 1, {"melded_aces": "3"}, version=0)
    entry = ScoreEntry.objects.get()
    assert entry.draft(1) is None and entry.part(1).version == 1
    # Sent again over HTTP after the save, the same draft is not kept either, and the
    # tablet is told so (it keeps its own copy of what was typed).
    response = post(client, one, "draft", {"number": 1, "version": 0, "melded_aces": 3})
    assert response.status_code == 204 and response["X-Clubscore-Draft"] == "not kept"
    assert ScoreEntry.objects.get().draft(1) is None


def test_an_impossible_number_is_refused_on_its_field_and_kept(client, running):
    one, _ = links(running())
    data = {"number": 1, "version": 0, "red_books": 1, "melded_aces": 3}
    response = post(client, one, "entry", data)
    html = response.content.decode()
    assert response.status_code == 200
    assert (
        'id="err-red_books" class="field-errors"><p class="field-error" role="alert">1 red' in html
    )
    (aces,) = re.findall(r'<input[^>]*\bname="melded_aces"[^>]*>', html)
    assert re.search(r'\bvalue="3"', aces), aces
    assert not ScoreEntry.objects.exclude(status=ScoreEntry.Status.DRAFT).exists()


def test_two_teams_enter_and_confirm_a_hand(client, running):
    event = running()
    one, two = links(event)
    entry = enter_hand(client, one, two)
    assert entry.status == ScoreEntry.Status.ENTERED
    assert [t["total"] for t in entry.result["teams"]] == [2140, 50]
    assert entry.payload["teams"][0]["went_out"] is True
    confirm_both(client, one, two, entry)
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.CONFIRMED
    assert ScoreChange.objects.filter(entry=entry).count() == 4


def test_both_teams_cannot_go_out(client, running):
    one, two = links(running())
    post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM})
    response = post(client, two, "entry", {"number": 1, "version": 0, **GOOD_TEAM})
    # On the field at fault, the team's "We went out".
    field = '<div id="err-went_out" class="field-errors"><p class="field-error" role="alert">'
    assert field + "Only one team can go out." in response.content.decode()


def test_a_resent_form_counts_once(client, running):
    one, _ = links(running())
    key = uuid.uuid4().hex
    first = post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM}, key=key)
    again = post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM}, key=key)
    assert first.status_code == again.status_code == 302
    entry = ScoreEntry.objects.get()
    assert entry.part(1).version == 1
    assert ScoreChange.objects.count() == 1 and IdempotencyKey.objects.count() == 1
    # The first answer's message reached the tablet (its cookie) but not its page: the
    # card says it once, not "Hand 1 saved. Hand 1 saved.".
    page = client.get(url(one)).content.decode()
    assert page.count("Hand 1 saved.") == 1


def test_a_stale_version_shows_both_and_overwrites_nothing(client, running):
    one, _ = links(running())
    post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM})
    # A second tablet of the same team still shows the empty form (version 0).
    response = post(client, one, "entry", {"number": 1, "version": 0, **SMALL_TEAM})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Someone else changed this hand" in html and "<dd>4</dd>" in html
    assert ScoreEntry.objects.get().part(1).data["melded"]["aces"] == 4
    # Sending again with the version shown replaces it, deliberately.
    post(client, one, "entry", {"number": 1, "version": 1, **SMALL_TEAM})
    assert ScoreEntry.objects.get().part(1).data["melded"]["aces"] == 3


def test_a_dispute_goes_to_the_organizer_who_settles_it(client, running, organizer):
    one, two = links(running())
    entry = enter_hand(client, one, two)
    data = {"number": 1, "version": 1, "note": "four aces", "propose": "1", "p-melded_aces": 4}
    post(client, two, "dispute", data)
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.DISPUTED and entry.dispute_note == "four aces"
    # Both teams' cards say what the organizer is asked to settle.
    for link in (one, two):
        page = client.get(url(link)).content.decode()
        assert "Hand 1 is disputed: the organizer settles it. The note: “four aces”" in page
    assert entry.proposed_payload["teams"][0]["melded"]["aces"] == 4
    with pytest.raises(ScoreError):
        settle_dispute(entry, payload={"hand": 1, "teams": []}, user=organizer)
    settled = settle_dispute(entry, payload=entry.payload, user=organizer)
    assert settled.status == ScoreEntry.Status.CONFIRMED
    change = ScoreChange.objects.get(action="settled")
    assert change.changed_by_user == organizer and change.before == change.after


def luxury_family_round(client, running):
    """A Luxury Family table's link and its round 1, entered by the scorekeeper."""
    (link,) = links(running("luxury_family", tables=1))
    data = {"number": 1, "version": 0, "bid": 200, "game_maker": 0, "trump": "H"}
    data |= {"meld_0": 60, "power_0": 120, "power_1": 70}
    assert post(client, link, "entry", data).status_code == 302
    return link, ScoreEntry.objects.get()


def test_another_player_confirms_a_round_of_the_other_games(client, running):
    link, entry = luxury_family_round(client, running)
    assert entry.payload["power_points"] == [120, 70, 50]  # filled in
    seats = list(link.table.seats.order_by("position"))
    # The check says first who is game maker, the bid and trump.
    page = client.get(link.get_absolute_url()).content.decode()
    maker = seats[0].player.name
    assert f'<p class="check-headline">{maker} is game maker: bid 200, trump hearts</p>' in page
    # The scorekeeper cannot confirm their own round.
    post(client, link, "confirm", {"number": 1, "version": 2, "player": seats[0].player_id})
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.ENTERED
    post(client, link, "confirm", {"number": 1, "version": 2, "player": seats[1].player_id})
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.CONFIRMED and entry.confirmed_by == seats[1].player
    # The same confirmation from a tab opened before (its version older): nothing to
    # check again, as "The round changed in the meantime" said (walk of 2026-11-30).
    again = post(client, link, "confirm", {"number": 1, "version": 2, "player": seats[2].player_id})
    answer = client.get(again["Location"]).content.decode()
    assert "Confirmed already." in answer and "changed in the meantime" not in answer
    assert ScoreChange.objects.filter(entry=entry, action="confirmed").count() == 1


def test_the_player_who_entered_a_round_cannot_dispute_it_either(client, running):
    """Confirming as the player who entered a round is refused; disputing as them was
    taken ("Margaret Miller disputed what Margaret Miller entered", fuzz walk of
    2026-11-30). Another player at the table disputes it."""
    link, entry = luxury_family_round(client, running)
    seats = list(link.table.seats.order_by("position"))
    assert entry.entered_by == seats[0].player
    sent = {"number": 1, "version": entry.version, "note": "wrong", "player": seats[0].player_id}
    answer = post(client, link, "dispute", sent)
    assert "Another player at the table disputes it." in answer.content.decode()
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.ENTERED
    post(client, link, "dispute", sent | {"player": seats[1].player_id})
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.DISPUTED


def test_an_exact_bid_round_is_checked_against_the_whole_game(client, running):
    event = running("exact_bid", tables=1, players_per_table=3, options={"start_cards": 5})
    (link,) = links(event)
    data = {"number": 1, "version": 0, "bid_0": 1, "bid_1": 2, "bid_2": 6, "tricks_0": 1}
    data["tricks_1"] = 2
    response = post(client, link, "entry", data)
    words = "A bid may be at most 5: this round was played with 5 cards each."
    assert words in response.content.decode()
    data["bid_2"] = 2
    post(client, link, "entry", data)
    assert ScoreEntry.objects.get().payload == {"bids": [1, 2, 2], "tricks": [1, 2, 2]}


# -- the clock -------------------------------------------------------------------------


def test_no_entry_before_the_clock_starts(client, drawn_event):
    event = drawn_event()
    one, _ = links(event)
    response = post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM})
    assert "The clock has not started yet" in response.content.decode()
    assert not ScoreEntry.objects.exists()


def test_the_time_left_reads_as_minutes_and_seconds_without_javascript(client, drawn_event):
    start = timezone.now()
    event = start_clock(drawn_event(), now=start - datetime.timedelta(minutes=29, seconds=55))
    one, _ = links(event)
    with time_machine.travel(start, tick=False):
        page = client.get(url(one)).content.decode()
        assert 'data-countdown="ends" role="timer" aria-live="off">1:00:05</span>' in page
        call_time(event, now=start - datetime.timedelta(minutes=5, seconds=30))
        page = client.get(url(one)).content.decode()
        assert 'data-countdown="grace" role="timer" aria-live="off">9:30</span>' in page
    assert " s</span>" not in page


def test_after_time_no_new_hand_and_the_last_is_scored_as_it_lies(client, running):
    event = running()
    one, two = links(event)
    confirm_both(client, one, two, enter_hand(client, one, two))
    call_time(event)
    response = post(client, one, "entry", {"number": 2, "version": 0, **GOOD_TEAM})
    assert "nobody went out" in response.content.decode()
    enter_hand(client, one, two, 2, first=SMALL_TEAM, second=SMALL_TEAM)
    response = post(client, one, "entry", {"number": 3, "version": 0, **SMALL_TEAM})
    assert "no new hand" in response.content.decode()
    assert not ScoreEntry.objects.filter(number=3).exclude(status="draft").exists()


def test_the_organizer_entering_the_hand_in_progress_is_not_told_to_finish_it(
    client, running, organizer
):
    """Time called with hand 2 not in: each table's tablet says to finish it, scored as
    it lies; the organizer entering it for them read the same, as if playing (a walk,
    2026-11-30), though their word is not checked as it lies."""
    event = running()
    one, two = links(event)
    confirm_both(client, one, two, enter_hand(client, one, two))
    call_time(event)
    notice = "Time was called: finish this hand; it is scored as it lies."
    assert notice in client.get(url(two)).content.decode()
    boss = Client()
    boss.force_login(organizer)
    page = boss.get(url(two)).content.decode()
    assert 'name="red_books"' in page and notice not in page
    assert post(boss, two, "entry", {"number": 2, "version": 0, **GOOD_TEAM}).status_code == 302


def test_after_grace_only_the_organizer_changes_the_card(client, running, organizer):
    event = running()
    one, two = links(event)
    enter_hand(client, one, two)
    Round.objects.filter(event=event).update(
        clock_started_at=timezone.now() - datetime.timedelta(hours=3)
    )
    response = post(client, one, "entry", {"number": 1, "version": 1, **SMALL_TEAM})
    assert "Entry has closed" in response.content.decode()
    organizer.first_name, organizer.last_name = "Anna", "Weber"
    organizer.save()
    boss = Client()
    boss.force_login(organizer)
    assert post(boss, one, "entry", {"number": 1, "version": 1, **SMALL_TEAM}).status_code == 302
    change = ScoreChange.objects.filter(changed_by_user=organizer).get()
    assert change.before["melded"]["aces"] == 4 and change.after["melded"]["aces"] == 3
    # With a name of their own, the history shows it, not the login (the demo's login is
    # "organizer": "by the organizer (organizer)" said nothing); test_reopen_correction
    # shows the login of an organizer without one.
    assert "by the organizer (Anna Weber)" in boss.get(url(one)).content.decode()


# -- turning in ------------------------------------------------------------------------


def play_table(client, event, table_number):
    one, two = links(event, table_number)
    for number in (1, 2, 3):
        confirm_both(client, one, two, enter_hand(client, one, two, number))
    return one


def test_a_complete_confirmed_card_is_turned_in_and_the_first_gets_the_bonus(client, running):
    event = running(tables=2)
    one = play_table(client, event, 1)
    # Every hand confirmed: the card says what is left ("Nothing more to enter at the
    # moment", before, as if something might come).
    page = client.get(url(one)).content.decode()
    assert "Every hand is in and confirmed: check the card, then turn it in." in page
    assert "Nothing more to enter" not in page
    other = play_table(client, event, 2)
    post(client, one, "turn_in", {})
    post(client, other, "turn_in", {})
    first, second = Table.objects.order_by("number")
    assert first.turned_in_at is not None and second.turned_in_at is not None
    assert first.has_bonus and not second.has_bonus
    assert "+400 bonus" in client.get(url(one)).content.decode()


def test_the_second_team_to_turn_in_the_card_reads_that_it_is_in(client, running):
    """Both teams tap "Turn in the card": the second read a red "This card has been
    turned in." over its stale card, which still asked it to turn the card in."""
    event = running(tables=2)
    one = play_table(client, event, 1)
    _one, two = links(event, 1)
    assert post(client, one, "turn_in", {}).status_code == 302
    response = post(client, two, "turn_in", {})
    assert response.status_code == 302  # to the card as it is now
    page = client.get(response["Location"]).content.decode()
    assert "The card was turned in already." in page
    assert "This card has been turned in." not in page
    assert "check the card, then turn it in" not in page and "Card turned in at" in page
    table = Table.objects.get(pk=one.table_id)
    assert table.has_bonus and Table.objects.filter(has_bonus=True).count() == 1


def test_a_card_turned_in_before_time_stops_counting_down(client, running):
    """Tablets and phones counted down "Time left" after the card was in (a walk)."""
    event = running()
    one = play_table(client, event, 1)
    assert 'data-countdown="ends"' in client.get(url(one)).content.decode()
    post(client, one, "turn_in", {})
    page = client.get(url(one)).content.decode()
    # Said once, by the clock ("Card turned in" stood three times on the card, twice on
    # the phone).
    assert page.count("Card turned in at") == 1 and "This card is turned in" not in page
    assert "data-countdown" not in page
    seat = one.table.seats.first()
    phone = client.get(reverse("playerpages:player", args=[link_for(event, seat.player).token]))
    phone_page = phone.content.decode()
    assert "Card turned in at" in phone_page and "The card is turned in." not in phone_page
    assert "data-countdown" not in phone_page


def test_an_incomplete_card_cannot_be_turned_in(client, running):
    event = running()
    one, two = links(event)
    confirm_both(client, one, two, enter_hand(client, one, two))
    post(client, one, "turn_in", {})
    assert one.table.__class__.objects.get(pk=one.table_id).turned_in_at is None


def test_no_bonus_after_the_time_limit(client, running):
    event = running()
    one = play_table(client, event, 1)
    call_time(event, now=timezone.now() - datetime.timedelta(minutes=1))
    post(client, one, "turn_in", {})
    table = Table.objects.get(round__event=event, number=1)
    assert table.turned_in_at is not None and not table.has_bonus


def test_links_of_another_event_are_not_mixed_up(client, running):
    event = running()
    other_event = running()
    theirs = ScorekeeperLink.objects.filter(table__round__event=other_event).first()
    post(client, theirs, "entry", {"number": 1, "version": 0, **GOOD_TEAM})
    assert not ScoreEntry.objects.filter(table__round__event=event).exists()


def proposal_data(**changes) -> dict:
    """Team one's entered part as the proposal form sends it, with `changes`."""
    # A browser sends every field of the form, the untouched ones with their value.
    counts = [f"melded_{kind}" for kind in hand_and_foot.MELDED_KINDS]
    counts += [f"in_hand_{kind}" for kind in hand_and_foot.IN_HAND_KINDS]
    data = {f"p-{name}": 0 for name in ["red_books", "black_books", "exact_deals", *counts]}
    data |= {f"p-{name}": value for name, value in GOOD_TEAM.items()}
    return data | {f"p-{name}": value for name, value in changes.items()}


def test_the_disputing_team_starts_its_count_from_what_was_entered(client, running):
    one, two = links(running())
    enter_hand(client, one, two)
    html = client.get(url(two) + "?dispute=1").content.decode()
    assert 'name="p-melded_aces" value="4"' in html
    assert 'name="p-red_books" value="2"' in html
    assert 'name="propose"' in html
    # The count is of the other team: they went out, not "we".
    proposal = html[html.index('<details class="proposal"') :]
    proposal = proposal[: proposal.index("</details>")]
    assert "They went out" in proposal and "We went out" not in proposal


def test_a_changed_count_goes_with_the_dispute_even_without_the_tick(client, running):
    one, two = links(running())
    entry = enter_hand(client, one, two)
    data = {"number": 1, "version": 1, "note": "only three aces"} | proposal_data(melded_aces=3)
    assert post(client, two, "dispute", data).status_code == 302
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.DISPUTED
    assert entry.proposed_payload["teams"][0]["melded"]["aces"] == 3
    assert entry.part(1).data["melded"]["aces"] == 4  # the entered part stays as it was


def test_an_unchanged_count_is_not_a_proposal(client, running):
    one, two = links(running())
    entry = enter_hand(client, one, two)
    data = {"number": 1, "version": 1, "note": "ask the organizer"} | proposal_data()
    post(client, two, "dispute", data)
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.DISPUTED and entry.proposed_payload is None


def test_an_impossible_count_is_refused_on_its_field_and_kept(client, running):
    one, two = links(running())
    entry = enter_hand(client, one, two)
    data = {"number": 1, "version": 1, "note": "nine red books?"} | proposal_data(red_books=9)
    response = post(client, two, "dispute", data)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="p-red_books" value="9"' in html
    assert 'id="err-p-red_books"' in html
    error_box = html.split('id="err-p-red_books"', 1)[1].split("</div>", 1)[0]
    assert "field-error" in error_box
    assert "nine red books?" in html
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.ENTERED


def test_the_round_games_say_rounds_when_one_is_skipped(client, running):
    (link,) = links(running("luxury_family", tables=1))
    data = {"number": 2, "version": 0, "bid": 200, "game_maker": 0, "trump": "H"}
    data |= {"meld_0": 60, "power_0": 120, "power_1": 70}
    response = client.post(url(link, "entry"), {"idem": uuid.uuid4().hex, **data}, follow=True)
    assert "Enter the rounds in order." in response.content.decode()
    assert not ScoreEntry.objects.exists()


def test_the_hands_table_has_short_headings_for_a_phone(client, running):
    one, _two = links(running())
    html = client.get(url(one)).content.decode()
    names = " &amp; ".join(
        seat.player.name for seat in one.table.seats.filter(team__number=1).order_by("position")
    )
    assert f'<span class="full-head">Team 1: {names}</span>' in html
    assert '<span class="short-head" aria-hidden="true">Team 1</span>' in html


def test_the_short_headings_tell_apart_two_players_of_one_first_name(client, running):
    """Three players a table: the phone's column headings are first names, with the last
    name's initial where two share one (a table of three Annas read "Anna", "Anna", "Anna")."""
    (link,) = links(running("luxury_family", tables=1))
    seats = list(link.table.seats.order_by("position"))
    for seat, last in zip(seats[:2], ("Meyer", "Schulz"), strict=False):
        Player.objects.filter(pk=seat.player_id).update(first_name="Anna", last_name=last)
    third = Player.objects.get(pk=seats[2].player_id)
    html = client.get(url(link)).content.decode()
    heads = re.findall(r'<span class="short-head" aria-hidden="true">([^<]*)</span>', html)
    assert heads == ["Anna M.", "Anna S.", third.first_name, "Σ"]  # Σ: the total's row
    assert '<span class="full-head">Anna Meyer</span>' in html


def test_a_confirmed_hand_without_team_parts_is_done_for_both_teams(client, running):
    """Hands stored whole (the demo club, data from before the parts were rows) are
    confirmed for both teams: neither tablet is asked to enter them again."""
    event = running()
    one, two = links(event)
    entry = enter_hand(client, one, two)
    confirm_both(client, one, two, entry)
    entry.parts.all().delete()
    for link in (one, two):
        html = client.get(url(link)).content.decode()
        assert 'name="number" value="1"' not in html
        assert 'name="number" value="2"' in html


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "A bid may be at most 5: this round was played with 5 cards each."),
        ("de", "Eine Ansage darf höchstens 5 sein, denn in dieser Runde hatte jeder 5 Karten."),
    ],
)
def test_a_bid_over_the_cards_says_the_bid_may_be_at_most_that_many(
    client, running, language, words
):
    # Issue 26.11: bid 6 with 5 cards each.
    event = running("exact_bid", tables=1, players_per_table=3, options={"start_cards": 5})
    (link,) = links(event)
    data = {"number": 1, "version": 0, "bid_0": 6, "bid_1": 2, "bid_2": 0}
    data |= {"tricks_0": 1, "tricks_1": 2, "tricks_2": 2}
    client.cookies["django_language"] = language
    response = post(client, link, "entry", data)
    assert words in response.content.decode()


def test_the_history_reads_in_each_tablets_language_and_grows(client, running):
    """Each change is drawn once a language and kept (issue 28): a German tablet after
    an English one reads German, the English one English again, and a new change shows."""
    one, two = links(running())
    client.post(
        url(one, "entry"), {"idem": uuid.uuid4().hex, "number": 1, "version": 0, **GOOD_TEAM}
    )

    def history(language: str) -> str:
        client.cookies["django_language"] = language
        page = client.get(url(one)).content.decode()
        return page.split('class="history"', 1)[1].split("</section>", 1)[0]

    english = history("en")
    assert "<strong>entered</strong>" in english and "Hand 1:" in english  # and which hand
    german = history("de")
    assert "<strong>eingetragen</strong>" in german and "<strong>entered</strong>" not in german
    assert "<strong>entered</strong>" in history("en")
    client.post(
        url(two, "entry"), {"idem": uuid.uuid4().hex, "number": 1, "version": 0, **SMALL_TEAM}
    )
    assert history("en").count("<strong>entered</strong>") == 2


@pytest.mark.parametrize(
    ("game", "data", "message"),
    [
        (
            "luxury_family",
            {"bid": 200, "game_maker": 0, "trump": "H", "power_0": 200, "power_1": 100},
            "Power points add up to 300, but they must add up to 240.",
        ),
        (
            "exact_bid",
            {"bid_0": 1, "bid_1": 1, "bid_2": 1, "tricks_0": 8, "tricks_1": 4},
            "add up to 12",
        ),
    ],
)
def test_counts_past_their_sum_are_told_so_not_filled_in_below_zero(
    client, running, game, data, message
):
    """Typed counts that pass the game's fixed sum leave the last count blank (it is not
    filled in with a negative number), and the game's message says what they add up to,
    with everything typed kept."""
    options = {"start_cards": 10} if game == "exact_bid" else {}
    event = running(game, tables=1, players_per_table=3, options=options)
    (link,) = links(event)
    response = post(client, link, "entry", {"number": 1, "version": 0, **data})
    html = response.content.decode().replace("&#x27;", "'")
    assert message in html and "Cannot be negative" not in html
    assert "filled in: -" not in html
    assert ScoreEntry.objects.count() == 0
    for name, value in data.items():
        assert f'name="{name}"' in html and f'value="{value}"' in html


def test_a_dispute_sent_meanwhile_from_another_tablet_is_not_overwritten_unseen(client, running):
    """Two tablets of one team had the dispute form open: the later one is told, with
    the note sent, and replaces it only when sent again."""
    one, two = links(running())
    entry = enter_hand(client, one, two)
    shown = {"number": 1, "version": 1, "propose": "1"}
    post(client, two, "dispute", {**shown, "note": "tablet A: 8", "p-melded_high": 8})
    response = post(client, two, "dispute", {**shown, "note": "tablet B: 12", "p-melded_high": 12})
    html = response.content.decode()
    assert response.status_code == 200
    assert "disputed already, with the note “tablet A: 8”" in html
    assert "tablet B: 12" in html and 'name="p-melded_high" value="12"' in html
    # The part as disputed now: the first dispute gave it a new version.
    assert 'name="again" value="1"' in html and 'name="version" value="2"' in html
    entry.refresh_from_db()
    assert entry.dispute_note == "tablet A: 8"
    assert entry.proposed_payload["teams"][0]["melded"]["high"] == 8
    # Sent again from the page that said so: this dispute replaces the first.
    again = {**shown, "version": 2, "again": "1", "note": "tablet B: 12", "p-melded_high": 12}
    assert post(client, two, "dispute", again).status_code == 302
    entry.refresh_from_db()
    assert entry.dispute_note == "tablet B: 12"
    assert entry.proposed_payload["teams"][0]["melded"]["high"] == 12


def test_a_card_turned_in_is_not_told_to_finish_its_hand_when_time_is_up(client, running):
    from clubscore.events.clock import call_time

    event = running(tables=2)
    one = play_table(client, event, 1)
    post(client, one, "turn_in", {})
    call_time(event)  # the other table plays on in its grace minutes
    page = client.get(url(one)).content.decode()
    assert "Card turned in at" in page
    assert "finish the hand in progress" not in page
    other, _ = links(event, 2)
    assert "finish the hand in progress" in client.get(url(other)).content.decode()


def test_a_team_whose_part_is_in_is_not_told_to_turn_in_while_the_other_finishes(client, running):
    """Time called with hand 2 half in (team 1's part saved, team 2 still counting): both
    tablets read that the hand in progress is being finished. Team 1's read "Time is up:
    turn in the card." over a card with no turn-in to offer."""
    from clubscore.events.clock import call_time

    event = running(tables=2)
    one, two = links(event, 1)
    confirm_both(client, one, two, enter_hand(client, one, two, 1))
    assert post(client, one, "entry", {"number": 2, "version": 0, **GOOD_TEAM}).status_code == 302
    call_time(event)
    for link in (one, two):
        page = client.get(url(link)).content.decode()
        assert "finish the hand in progress" in page, link.team.number
        assert "Time is up: turn in the card." not in page
    # Team 2's part in and confirmed by both: now it is the time to turn the card in.
    assert post(client, two, "entry", {"number": 2, "version": 0, **SMALL_TEAM}).status_code == 302
    confirm_both(client, one, two, ScoreEntry.objects.get(table=one.table, number=2))
    assert "Time is up: turn in the card." in client.get(url(one)).content.decode()


def test_a_confirmation_sent_again_without_its_key_counts_once(client, running):
    one, two = links(running())
    entry = enter_hand(client, one, two)
    version = entry.part(1).version
    post(client, two, "confirm", {"number": 1, "version": version})
    again = client.post(url(two, "confirm"), {"number": 1, "version": version}, follow=True)
    assert "Confirmed already." in again.content.decode()
    assert ScoreChange.objects.filter(entry=entry, action="confirmed").count() == 1


def test_a_card_whose_hands_are_all_in_is_not_told_to_finish_a_hand(client, running):
    from clubscore.events.clock import call_time

    event = running(tables=2)
    one = play_table(client, event, 1)  # every hand in and confirmed, not turned in
    call_time(event)
    page = client.get(url(one)).content.decode()
    assert "finish the hand in progress" not in page
    # The time to turn it in, and how long is left for it (it read "Time is up." alone).
    assert "Time is up: turn in the card. Entry closes in" in page
    assert 'data-countdown="grace"' in page and "Turn in the card" in page


def test_once_entry_has_closed_the_card_offers_nothing_the_server_refuses(client, running):
    """After the grace minutes the card kept its entry form ("Save our hand") and its
    "Turn in the card", each refused when tapped: it says who takes the card in now."""
    import datetime

    from clubscore.events.clock import call_time, clock_state

    event = running(tables=2)
    one = play_table(client, event, 1)  # every hand in and confirmed, not turned in
    two, _ = links(event, 2)  # nothing entered yet
    call_time(event)
    grace = event.game_options["grace_minutes"]
    ends = clock_state(event).ends_at
    event.rounds.update(time_called_at=ends - datetime.timedelta(minutes=grace + 1))
    for link in (one, two):
        page = client.get(url(link)).content.decode()
        assert "Entry has closed: the organizer takes this card in." in page
        assert "Turn in the card</button>" not in page and 'class="entry-form"' not in page
    refused = client.post(url(one, "turn_in"), {}, follow=True).content.decode()
    assert "Entry has closed. Ask the organizer to change the card." in refused


def test_a_luxury_family_bid_is_the_sheets_word_in_german(client, running):
    """ "gereizt", as the German sheet says; the trick game's bid stays an "Ansage"."""
    client.cookies["django_language"] = "de"
    (link,) = links(running("luxury_family", tables=1))
    assert '<label for="id_bid">Gereizt</label>' in client.get(url(link)).content.decode()


def test_a_dispute_note_with_an_invisible_character_is_refused_and_kept(client, running):
    """A right-to-left override showed the note turned around to the organizer."""
    one, two = links(running())
    entry = enter_hand(client, one, two)
    note = "aces \u202ewrong"
    response = post(client, two, "dispute", {"number": 1, "version": 1, "note": note})
    html = response.content.decode()
    assert response.status_code == 200
    assert "A note cannot hold invisible characters (such as a right-to-left mark)." in html
    assert note in html  # what was typed, in the form again
    entry.refresh_from_db()
    assert entry.status != ScoreEntry.Status.DISPUTED


def test_a_round_game_finishes_its_round_in_progress_as_its_last(client, running):
    """A Laus round is played out, not scored as it lies (a hand of Hand and Foot is):
    the card said "finish this round; it is scored as it lies", a contradiction."""
    from tests.payloads import laus_round
    from tests.playoffs import confirm, seat_names

    event = running("laus", tables=1)
    (link,) = links(event)
    first = confirm(link.table, 1, laus_round(seat_names(link.table), 0))
    first.entered_at = timezone.now()  # before time is called: round 2 is in progress
    first.save(update_fields=["entered_at"])
    call_time(event)
    page = client.get(url(link)).content.decode()
    assert "Time was called: finish this round; it is the last one." in page
    assert "scored as it lies" not in page


def test_a_count_refused_is_described_by_its_own_message_for_a_screen_reader(client, running):
    """Django points an invalid field at "id_…_error", which this markup never drew: a
    screen reader gave no message on focus. Each count names its own message slot (the
    preview fills it while typing)."""
    one, _two = links(running())
    response = post(
        client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM, "melded_aces": -1}
    )
    html = response.content.decode()
    field = re.search(r"<input[^>]*\bname=\"melded_aces\"[^>]*>", html).group(0)
    assert 'aria-describedby="err-melded_aces"' in field and 'aria-invalid="true"' in field
    slot = html.split('id="err-melded_aces"', 1)[1].split("</div>", 1)[0]
    assert "Cannot be negative" in slot
    # Every count of the page names a slot that is there.
    for described in re.findall(r'aria-describedby="([^"]+)"', html):
        assert f'id="{described}"' in html


def test_a_choice_refused_is_described_by_its_message_too(client, running):
    """Luxury Family's game maker left out: its radios were marked invalid, but neither
    they nor their group named the message, so it was never read out."""
    (link,) = links(running("luxury_family", tables=1))
    data = {"number": 1, "version": 0, "bid": 200, "trump": "H", "meld_0": 60}
    html = post(client, link, "entry", data).content.decode()
    group = re.search(r"<fieldset[^>]*>\s*<legend>Game maker", html).group(0)
    assert 'aria-describedby="err-game_maker"' in group
    slot = html.split('id="err-game_maker"', 1)[1].split("</div>", 1)[0]
    assert "required" in slot


def test_a_table_marked_not_played_is_told_so_at_its_next_poll(client, running):
    """The organizer marked it on the finish page: its tablet took rounds as before, and
    said nothing of it. The poll sees the mark (the card's fingerprint holds it)."""
    from clubscore.events import finish
    from clubscore.scorekeeping.live import live_version

    one, _two = links(running())
    said = "The organizer has marked this table as not played"
    before = live_version(one.token)
    assert said not in client.get(url(one)).content.decode()
    finish.mark_not_played(one.table.round.event, one.table.pk)
    assert live_version(one.token) != before
    live = client.get(url(one) + "?live=1", HTTP_HX_REQUEST="true").content.decode()
    assert said in live
