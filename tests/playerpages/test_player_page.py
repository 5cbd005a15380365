"""A player's page (issue 25, items 2, 3 and 7): where to sit, with whom, who plays first
and keeps score, for all four games; the table live; a poll as cheap as the tablets';
a fixed number of queries whatever the evening's size; nothing after the final."""

from __future__ import annotations

import html
import re

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubscore.events import calls, phones, services
from clubscore.events.models import Event, OrganizerCall, ScoreEntry, Seat
from clubscore.games import GAMES, score
from tests.payloads import hf_hand

from .conftest import door_url, page_url

pytestmark = pytest.mark.django_db

LIVE_URL = re.compile(r'<section id="live"[^>]*\bhx-get="([^"]+)"')


def drawn(make_event, make_player, game: str, count: int) -> Event:
    event = make_event(game=game, status=Event.Status.CHECK_IN)
    services.check_in(event, [make_player() for _ in range(count)])
    services.draw_round(event, seed=7, allow_sit_out=True)
    return event


def text(response) -> str:
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_player_reads_their_table_as_drawn(client, make_event, make_player, game):
    rules = GAMES[game]
    event = drawn(make_event, make_player, game, rules.max_players * 2)
    seats = list(Seat.objects.filter(round__event=event).select_related("player", "table", "team"))
    links = phones.links_for(event, [seat.player_id for seat in seats])
    for seat in seats:
        page = text(client.get(page_url(links[seat.player_id])))
        shown = re.search(r'data-table="(\d+)"', page)
        assert shown and int(shown.group(1)) == seat.table.number
        mates = [s for s in seats if s.table_id == seat.table_id and s.pk != seat.pk]
        for mate in mates:
            assert mate.player.name in page
        first = next(s for s in seats if s.player_id == seat.table.first_player_id)
        assert f"{rules.first_seat_label}" in page and first.player.name in page
        assert "Keeps score:" in page
        if seat.team is not None:
            assert f"Team {seat.team.number}" in page and "Opponents" in page
        else:
            assert "At your table" in page


def test_the_tables_columns_tell_apart_two_players_of_one_first_name(
    client, make_event, make_player
):
    """A game of single players heads each column with a first name, and the last
    name's initial where two at the table share it."""
    event = make_event(game="laus", status=Event.Status.CHECK_IN)
    annas = [make_player("Anna", last) for last in ("Meyer", "Schulz")]
    services.check_in(event, [*annas, make_player("Carla", "Becker"), make_player("Dora", "Koch")])
    services.draw_round(event, seed=7)
    seats = list(Seat.objects.filter(round__event=event).select_related("player"))
    assert len(seats) == 4 and len({seat.table_id for seat in seats}) == 1
    page = text(client.get(page_url(phones.link_for(event, annas[0]))))
    head = page.split('<table class="phone-hands" ', 1)[1].split("</thead>", 1)[0]
    columns = re.findall(r"<th[^>]*>([^<]*)</th>", head)
    shown = [seat.player for seat in sorted(seats, key=lambda seat: seat.position)]
    initials = {"Meyer": "Anna M.", "Schulz": "Anna S."}
    expected = [initials.get(p.last_name, p.first_name) for p in shown]
    assert columns == expected and "Anna M." in columns and "Dora" in columns


def test_a_player_sitting_out_reads_why(client, make_event, make_player):
    event = drawn(make_event, make_player, "hand_and_foot", 9)
    seated = set(Seat.objects.filter(round__event=event).values_list("player_id", flat=True))
    out = next(
        c.player for c in event.checkins.select_related("player") if c.player_id not in seated
    )
    page = text(client.get(page_url(phones.link_for(event, out))))
    assert "You sit out this round." in page
    # The draw's reason, written of the player, reads as the answer to why.
    assert '<p class="phone-note">Why: ' in page


def test_a_player_checked_in_after_the_draw_is_told_to_ask_where_to_sit(
    client, make_event, make_player
):
    """Not drawn to sit out: no "You sit out this round." without a why."""
    event = drawn(make_event, make_player, "hand_and_foot", 8)
    late = make_player("Betty", "Late")
    services.check_in(event, late)
    page = text(client.get(page_url(phones.link_for(event, late))))
    assert "You have no seat in this round." in page
    assert "You checked in after the tables were drawn: please ask the organizer" in page
    assert "You sit out this round." not in page


def test_a_player_not_in_the_play_off_keeps_their_table_and_reads_of_the_play_off(
    client, make_event, make_player
):
    from clubscore.events.models import Round, Table

    event = drawn(make_event, make_player, "laus", 8)
    seats = list(Seat.objects.filter(round__event=event).select_related("player", "table"))
    playoff = Round.objects.create(event=event, number=2, kind=Round.Kind.PLAYOFF, seed=1)
    table = Table.objects.create(round=playoff, number=1)
    for position, seat in enumerate(seats[:4], start=1):
        Seat.objects.create(round=playoff, table=table, player=seat.player, position=position)
    mine = seats[-1]
    page = text(client.get(page_url(phones.link_for(event, mine.player))))
    assert "Round 2 (play-off) is being played for the top places, without you." in page
    assert f'data-table="{mine.table.number}"' in page
    assert "You sit out this round." not in page
    # Those who play it off read their play-off table.
    page = text(client.get(page_url(phones.link_for(event, seats[0].player))))
    assert 'data-table="1"' in page and "without you" not in page
    # Once its card is in, the play-off is no longer "being played", at the next poll too.
    link = phones.link_for(event, mine.player)
    address = html.unescape(LIVE_URL.search(text(client.get(page_url(link)))).group(1))
    assert client.get(address, HTTP_HX_REQUEST="true").status_code == 204
    Table.objects.filter(pk=table.pk).update(turned_in_at="2026-11-27T22:00Z")
    polled = text(client.get(address, HTTP_HX_REQUEST="true"))
    assert "without you" not in polled and f'data-table="{mine.table.number}"' in polled
    assert "without you" not in text(client.get(page_url(link)))


def test_a_filler_reads_on_the_phone_that_the_play_off_counts_nothing_they_score(
    client, make_event, make_player
):
    """And a phone polling across the play-off's start gets the round's new name."""
    from clubscore.events.models import Round, Table

    event = drawn(make_event, make_player, "laus", 8)
    seats = list(Seat.objects.filter(round__event=event).select_related("player"))
    filler = seats[3].player
    link = phones.link_for(event, filler)
    first = text(client.get(page_url(link)))
    assert "· Round 1" in first
    address = html.unescape(LIVE_URL.search(first).group(1))
    playoff = Round.objects.create(
        event=event, number=2, kind=Round.Kind.PLAYOFF, seed=1, playoff_fillers=[filler.pk]
    )
    table = Table.objects.create(round=playoff, number=1)
    for position, seat in enumerate(seats[:4], start=1):
        Seat.objects.create(round=playoff, table=table, player=seat.player, position=position)
    polled = text(client.get(address, HTTP_HX_REQUEST="true"))
    assert "You fill an empty seat: the play-off counts nothing you score." in polled
    assert 'id="phone-eyebrow" hx-swap-oob="true"' in polled and "· Round 2 (play-off)" in polled
    assert "hx-swap-oob" not in text(client.get(page_url(link)))  # the whole page has it once
    # The others at the table read the filler's name.
    other = text(client.get(page_url(phones.link_for(event, seats[0].player))))
    assert f"{filler.name} fills an empty seat: the play-off counts nothing they score." in other
    # One checked in late, in no round, is told of the play-off (not to ask for a seat).
    late = make_player("Robert", "Late")
    services.check_in(event, late)
    page = text(client.get(page_url(phones.link_for(event, late))))
    assert "Round 2 (play-off) is being played for the top places, without you." in page
    assert "where to sit" not in page and "Your table of the evening" not in page


def test_before_the_draw_the_page_says_wait(client, make_event, make_player):
    event = make_event(status=Event.Status.CHECK_IN)
    player = make_player()
    services.check_in(event, player)
    page = text(client.get(page_url(phones.link_for(event, player))))
    assert "Your table shows here as soon as the tables are drawn." in page


def test_the_page_follows_a_redraw(client, make_event, make_player):
    event = drawn(make_event, make_player, "hand_and_foot", 16)
    player = Seat.objects.filter(round__event=event).first().player
    link = phones.link_for(event, player)
    first = text(client.get(page_url(link)))
    address = html.unescape(LIVE_URL.search(first).group(1))
    assert client.get(address, HTTP_HX_REQUEST="true").status_code == 204
    services.draw_round(event, seed=8, round_number=1)
    response = client.get(address, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    table = Seat.objects.get(round__event=event, player=player).table.number
    assert f'data-table="{table}"' in response.content.decode()


def test_an_unchanged_poll_answers_204_with_one_query(client, drawn_event):
    event = drawn_event(tables=3)
    seat = Seat.objects.filter(round__event=event).first()
    link = phones.link_for(event, seat.player)
    address = html.unescape(LIVE_URL.search(text(client.get(page_url(link)))).group(1))
    with CaptureQueriesContext(connection) as queries:
        response = client.get(address, HTTP_HX_REQUEST="true")
    assert response.status_code == 204 and len(queries) == 1
    # A call from the table changes what the page shows: the next poll renders it.
    calls.call_organizer(seat.table, reason="question")
    response = client.get(address, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "The organizer has been called." in response.content.decode()


def test_only_a_confirmed_hand_refreshes_the_phone(client, drawn_event):
    """The page shows confirmed hands: a team's part waiting to be checked leaves the
    poll at 204 (four phones a table would render it for nothing); the confirmation
    brings the hand."""
    event = drawn_event(tables=2)
    seat = Seat.objects.filter(round__event=event, table__number=1).first()
    address = html.unescape(
        LIVE_URL.search(text(client.get(page_url(phones.link_for(event, seat.player))))).group(1)
    )
    payload = hf_hand(1, went_out_team=0)
    entry = ScoreEntry.objects.create(
        table=seat.table, number=1, payload=payload, status=ScoreEntry.Status.ENTERED
    )
    assert client.get(address, HTTP_HX_REQUEST="true").status_code == 204
    entry.status = ScoreEntry.Status.CONFIRMED
    entry.result = score("hand_and_foot", payload)
    entry.save()
    response = client.get(address, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "No confirmed scores yet." not in response.content.decode()


def count(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_page_costs_the_same_for_a_small_and_a_big_evening(client, drawn_event):
    small = drawn_event(tables=1)
    big = drawn_event(tables=12)
    small_link = phones.link_for(small, Seat.objects.filter(round__event=small).first().player)
    big_link = phones.link_for(big, Seat.objects.filter(round__event=big).last().player)
    for link in (small_link, big_link):
        calls.call_organizer(
            Seat.objects.get(round__event=link.event, player=link.player).table, reason="other"
        )
    baseline = count(client, page_url(small_link))
    assert count(client, page_url(big_link)) == baseline
    assert (
        baseline <= 8
    )  # the poll's fingerprint, the link, the switches, round, seat, seats, hands, call


def test_the_door_search_costs_the_same_for_few_and_many_players(client, make_event, make_player):
    event = make_event(status=Event.Status.CHECK_IN)
    make_player("Zed", "Few")
    url = f"{page_door(event)}?q=Few"
    few = count(client, url)
    for n in range(30):
        make_player(f"Many{n}", "Few")
    assert count(client, url) == few


def page_door(event: Event) -> str:
    return door_url(event)


def test_the_page_opens_nothing_once_the_evening_is_final(client, drawn_event):
    event = drawn_event(tables=1)
    seat = Seat.objects.filter(round__event=event).first()
    link = phones.link_for(event, seat.player)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
    markup = client.get(page_url(link)).content.decode()
    page = text(client.get(page_url(link)))
    assert "The evening is over" in page
    assert "data-table" not in page
    # Not published: no ladder nor player's page to offer (a visitor's count published
    # evenings only; the player's own page answered 404).
    player_page = reverse("dashboard:player", args=[seat.player_id])
    ladder = f'href="{reverse("dashboard:ladder")}?game={event.game}"'
    assert f'href="{player_page}?game=' not in markup and ladder not in markup
    Event.objects.filter(pk=event.pk).update(public_standings=True)
    markup = client.get(page_url(link)).content.decode()
    # Its "Ladder" opens the evening's game's ladder (not the first game's).
    assert f'href="{reverse("dashboard:ladder")}?game={event.game}"' in markup
    assert f'href="{player_page}?game={event.game}"' in markup


def test_the_organizer_turns_the_players_pages_off(client, organizer_client, drawn_event):
    event = drawn_event(tables=1)
    seat = Seat.objects.filter(round__event=event).first()
    link = phones.link_for(event, seat.player)
    organizer_client.post(f"/events/{event.pk}/phones/switch/", {"what": "pages", "on": "0"})
    page = text(client.get(page_url(link)))
    assert "The players' pages are off" in page
    assert 'data-table="' not in page


def test_an_unknown_link_is_404_without_a_hint(client, db):
    assert client.get("/p/not-a-link/").status_code == 404
    assert client.get("/c/not-a-link/").status_code == 404


def test_the_page_reads_in_german(client, drawn_event):
    event = drawn_event(tables=1)
    seat = Seat.objects.filter(round__event=event).first()
    link = phones.link_for(event, seat.player)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    page = text(client.get(page_url(link)))
    assert "Den Turnierleiter rufen" in page and "Ihr Tisch" in page


def test_find_my_table_from_the_list_of_events_once_drawn(client, make_event, make_player):
    event = drawn(make_event, make_player, "hand_and_foot", 8)
    assert "Find my table" in text(client.get("/"))
    response = client.get(f"/events/{event.pk}/find-my-table/")
    assert response.status_code == 302
    assert response["Location"].startswith(door_url(event))
    open_door = make_event(status=Event.Status.CHECK_IN)
    # Before the draw the check-in code stays at the door.
    assert client.get(f"/events/{open_door.pk}/find-my-table/").status_code == 404


def test_find_my_table_once_the_evening_is_final_says_so_and_links_the_results(
    client, make_event, make_player
):
    """A phone with the link still open read a 404 after the evening was finished."""
    event = drawn(make_event, make_player, "hand_and_foot", 8)
    event.status, event.public_standings = Event.Status.FINAL, True
    event.save(update_fields=["status", "public_standings"])
    response = client.get(f"/events/{event.pk}/find-my-table/", follow=True)
    assert response.status_code == 200
    page = text(response)
    assert "The evening is over" in page and f"/events/{event.pk}/results/" in page


def test_after_the_final_the_page_links_the_ladder_and_the_players_own_page(client, drawn_event):
    event = drawn_event(tables=1)
    seat = Seat.objects.filter(round__event=event).first()
    link = phones.link_for(event, seat.player)
    # Published: the evening counts on a visitor's ladder and the player's page.
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL, public_standings=True)
    page = text(client.get(page_url(link)))
    assert f"/players/{seat.player.pk}/" in page and "/ladder/" in page
    # The button says what it opens, not the player's name alone (a walk, 2026-12-01).
    assert f"{seat.player.name}: rating and evenings</a>" in page


def test_a_call_sent_after_the_final_says_so_on_the_players_result(client, drawn_event):
    """A phone left open on the evening calls the organizer after the final: not a 404
    (a console error, and a page that speaks of tablets), but the player's result page
    saying nobody was called."""
    event = drawn_event(tables=1)
    seat = Seat.objects.filter(round__event=event).first()
    link = phones.link_for(event, seat.player)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
    sent = {"reason": "dispute", "note": "Hand 2", "idem": "a" * 32}
    answer = client.post(reverse("playerpages:call", args=[link.token]), sent, follow=True)
    assert answer.status_code == 200
    page = text(answer)
    assert "The evening is over: nobody was called." in page
    assert "The evening is over" in page and "data-table" not in page
    assert not OrganizerCall.objects.exists()


def test_the_countdown_is_not_read_out_every_second(client, drawn_event):
    """The page's live part is announced as it changes (aria-live): the countdown inside
    it, which ticks every second, was read out every second ("1:15:09, 1:15:08, …")."""
    from clubscore.events.clock import start_clock

    event = start_clock(drawn_event(tables=1))
    seat = Seat.objects.filter(round__event=event).first()
    page = text(client.get(page_url(phones.link_for(event, seat.player))))
    countdown = re.search(r"<span class=\"clock-time\"[^>]*>", page).group(0)
    assert 'role="timer"' in countdown and 'aria-live="off"' in countdown
