"""The standings on a player's phone (issue 25, item 3): once the organizer publishes
them, the top lines and the player's own line, their place in large type; after the
final, the player's own place and total only (a play-off winner first). A fixed number
of queries whatever the evening's size; the unchanged poll still costs one query."""

from __future__ import annotations

import html
import re

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubscore.events import phones
from clubscore.events.models import Event, Seat
from clubscore.standings.standings import event_standings
from tests.payloads import hf_hand
from tests.playoffs import confirm, laus_tie, play_off, regular_tables

from .conftest import page_url

pytestmark = pytest.mark.django_db

LIVE_URL = re.compile(r'<section id="live"[^>]*\bhx-get="([^"]+)"')
PLACE = re.compile(r'data-place="(\d+)"')


def text(response) -> str:
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def played(drawn_event, tables: int, **fields) -> Event:
    """A Hand and Foot evening: hand 1 confirmed at every table, team 1 out at the first."""
    event = drawn_event(tables=tables, **fields)
    for number, table in enumerate(regular_tables(event)):
        confirm(table, 1, hf_hand(1, went_out_team=0 if number == 0 else 1))
    return event


def publish(event: Event, on: bool = True) -> None:
    Event.objects.filter(pk=event.pk).update(public_standings=on)


def link_at(event: Event, table: int, position: int):
    seat = Seat.objects.select_related("player").get(
        round__event=event, table__number=table, position=position
    )
    return phones.link_for(event, seat.player)


def count(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_unpublished_standings_stay_off_the_page(client, drawn_event):
    event = played(drawn_event, tables=3)
    page = text(client.get(page_url(link_at(event, 1, 1))))
    assert "data-place" not in page and "Your place" not in page
    assert "phone-standings" not in page


def test_published_standings_show_the_top_lines_and_the_players_own(client, drawn_event):
    event = played(drawn_event, tables=4)
    publish(event)
    standings = event_standings(Event.objects.get(pk=event.pk))
    link = link_at(event, 4, 1)  # team 1 of the last table: lost its hand, ranked low
    mine = next(row for row in standings.rows if link.player_id in row.player_ids)
    assert mine.rank is not None and mine.position > 4
    page = text(client.get(page_url(link)))
    assert PLACE.search(page).group(1) == str(mine.rank)
    # The top three lines, a gap, then the player's own line, highlighted.
    for row in standings.ranked[:3]:
        assert row.name in page
    assert "…" in page
    own = re.search(r'<tr class="mine" data-mine="true">(.*?)</tr>', page, re.S)
    assert own and link.player.name in own.group(1) and "(you)" in own.group(1)
    assert page.count('data-mine="true"') == 1
    assert "All the standings" in page
    # Unpublished again: gone.
    publish(event, on=False)
    assert "data-place" not in text(client.get(page_url(link)))


def test_a_leader_reads_place_one_without_a_second_line(client, drawn_event):
    event = played(drawn_event, tables=2)
    publish(event)
    link = link_at(event, 1, 1)  # team 1 of table 1 went out: among the leaders
    page = text(client.get(page_url(link)))
    assert PLACE.search(page).group(1) == "1"
    assert page.count('data-mine="true"') == 1 and "…" not in page


def test_the_published_page_costs_the_same_for_a_small_and_a_big_evening(client, drawn_event):
    small = played(drawn_event, tables=1)
    big = played(drawn_event, tables=12)
    for event in (small, big):
        publish(event)
    baseline = count(client, page_url(link_at(small, 1, 2)))
    assert count(client, page_url(link_at(big, 7, 2))) == baseline
    # The page's eight, and the standings' four (see event_standings).
    assert baseline == 12


def test_the_unchanged_poll_stays_one_query_and_a_change_at_the_table_refreshes_it(
    client, drawn_event
):
    event = played(drawn_event, tables=3)
    publish(event)
    link = link_at(event, 2, 1)
    first = text(client.get(page_url(link)))
    address = html.unescape(LIVE_URL.search(first).group(1))
    with CaptureQueriesContext(connection) as queries:
        response = client.get(address, HTTP_HX_REQUEST="true")
    assert response.status_code == 204 and len(queries) == 1
    # A new hand at the player's table: the live part comes back with the standings.
    table = regular_tables(event)[1]
    confirm(table, 2, hf_hand(2, went_out_team=0))
    response = client.get(address, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    standings = event_standings(Event.objects.get(pk=event.pk))
    mine = next(row for row in standings.rows if link.player_id in row.player_ids)
    assert PLACE.search(response.content.decode()).group(1) == str(mine.rank)


def test_publishing_changes_the_poll(client, drawn_event):
    event = played(drawn_event, tables=2)
    link = link_at(event, 1, 1)
    address = html.unescape(LIVE_URL.search(text(client.get(page_url(link)))).group(1))
    publish(event)
    response = client.get(address, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "data-place" in response.content.decode()


def final_after_playoff(drawn_event, tables: int = 4) -> Event:
    event = laus_tie(drawn_event, tables=tables)
    play_off(event)
    # Published: its players' phones offer the ladder and their own page.
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL, public_standings=True)
    return Event.objects.get(pk=event.pk)


def test_after_the_final_the_player_reads_their_place_and_total_only(client, drawn_event):
    event = final_after_playoff(drawn_event)
    standings = event_standings(event)
    winner, second = standings.ranked[0], standings.ranked[1]
    assert winner.playoff_state == "won" and winner.rank == 1 and second.rank == 2
    for row in (winner, second):
        link = phones.links_for(event, [row.player_ids[0]])[row.player_ids[0]]
        page = text(client.get(page_url(link)))
        assert PLACE.search(page).group(1) == str(row.rank)
        assert f'data-total="{row.total}"' in page and "Your total" in page
        assert "Thank you for playing." in page
        # Nobody else's line: no other player's name on the page.
        others = [r.name for r in standings.rows if r is not row]
        assert not [name for name in others if name in page]
        assert f"/players/{row.player_ids[0]}/" in page and "/ladder/" in page
    winner_page = text(
        client.get(page_url(phones.links_for(event, [winner.player_ids[0]])[winner.player_ids[0]]))
    )
    assert "won the play-off" in winner_page


def test_after_the_final_a_player_who_did_not_play_reads_so(client, drawn_event, make_player):
    event = final_after_playoff(drawn_event)
    from clubscore.events import services

    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    late = make_player("Late", "Comer")
    services.check_in(event, late)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
    page = text(client.get(page_url(phones.link_for(event, late))))
    assert "Did not play" in page and "data-place" not in page
    # Not thanked for playing (a walk: "Nicht gespielt … Danke fürs Mitspielen.").
    assert "Thank you for coming." in page and "Thank you for playing" not in page


def test_after_the_final_the_page_costs_the_same_for_a_small_and_a_big_evening(client, drawn_event):
    small = final_after_playoff(drawn_event, tables=4)
    big = final_after_playoff(drawn_event, tables=12)
    urls = []
    for event in (small, big):
        row = event_standings(event).ranked[-1]
        urls.append(page_url(phones.links_for(event, [row.player_ids[0]])[row.player_ids[0]]))
    baseline = count(client, urls[0])
    assert count(client, urls[1]) == baseline
    assert baseline == 7  # the fingerprint, the link, the switches, the standings' four


def test_after_the_final_pages_switched_off_show_nothing(client, drawn_event):
    event = final_after_playoff(drawn_event)
    phones.switch(event, pages_on=False)
    row = event_standings(event).ranked[0]
    page = text(
        client.get(page_url(phones.links_for(event, [row.player_ids[0]])[row.player_ids[0]]))
    )
    assert "The players' pages are off" in page
    assert "data-place" not in page and "data-total" not in page
    assert f"/players/{row.player_ids[0]}/" not in page


def test_the_place_reads_in_german(client, drawn_event):
    event = played(drawn_event, tables=2)
    publish(event)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    page = text(client.get(page_url(link_at(event, 1, 1))))
    assert "Ihr Platz" in page and "Der ganze Zwischenstand" in page
    final = final_after_playoff(drawn_event)
    row = event_standings(final).ranked[0]
    page = text(
        client.get(page_url(phones.links_for(final, [row.player_ids[0]])[row.player_ids[0]]))
    )
    assert "Ihr Ergebnis" in page and "Ihre Gesamtpunkte" in page


def couple_evening(drawn_event, tables: int) -> tuple[Event, object]:
    """A couple-basis evening: the first seats of tables 1 and 2 are spouses."""
    from clubscore.club.models import Couple

    event = played(drawn_event, tables=tables, standings_basis=Event.StandingsBasis.COUPLE)
    publish(event)
    one, two = (
        Seat.objects.select_related("player").get(round__event=event, table__number=n, position=1)
        for n in (1, 2)
    )
    a, b = sorted((one.player, two.player), key=lambda p: p.pk)
    Couple.objects.create(player_a=a, player_b=b, scorekeeper=a)
    return event, two.player


def test_on_the_couple_basis_the_couples_line_is_the_players_own(client, drawn_event):
    event, spouse = couple_evening(drawn_event, tables=3)
    link = link_at(event, 1, 1)
    page = text(client.get(page_url(link)))
    own = re.search(r'<tr class="mine" data-mine="true">(.*?)</tr>', page, re.S)
    assert own and link.player.name in own.group(1) and spouse.name in own.group(1)
    standings = event_standings(Event.objects.get(pk=event.pk))
    line = next(row for row in standings.rows if link.player_id in row.player_ids)
    assert spouse.pk in line.player_ids
    assert PLACE.search(page).group(1) == str(line.rank)


def test_the_couple_basis_page_costs_the_same_for_a_small_and_a_big_evening(client, drawn_event):
    small, _ = couple_evening(drawn_event, tables=2)
    big, _ = couple_evening(drawn_event, tables=12)
    baseline = count(client, page_url(link_at(small, 1, 1)))
    assert count(client, page_url(link_at(big, 1, 1))) == baseline
    assert baseline == 13  # one more than the individual basis: the couples


def test_on_the_couple_basis_the_phone_says_the_place_and_total_are_the_couples(
    client, drawn_event
):
    """Håkon read "Your total 1340", his and Ingrid's together, as his own."""
    from clubscore.club.models import Couple

    event = played(drawn_event, tables=2, standings_basis=Event.StandingsBasis.COUPLE)
    seats = list(
        Seat.objects.filter(round__event=event, table__number=1)
        .select_related("player")
        .order_by("position")
    )
    wife, husband = seats[0].player, seats[1].player  # opponents at table 1
    Couple.objects.create(player_a=wife, player_b=husband, scorekeeper=wife)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
    event = Event.objects.get(pk=event.pk)
    line = next(row for row in event_standings(event).rows if husband.pk in row.player_ids)
    assert set(line.player_ids) == {wife.pk, husband.pk}
    page = text(client.get(page_url(phones.link_for(event, husband))))
    assert f'data-total="{line.total}"' in page
    assert "Your couple's total" in page and "Your couple's place" in page
    assert f"Ranked as a couple: {line.name}, both spouses' scores together." in page
    assert "Your total" not in page
    single = seats[2].player  # no couple: their own line
    page = text(client.get(page_url(phones.link_for(event, single))))
    assert "Your total" in page and "couple" not in page


def test_every_player_tied_for_first_is_listed_not_three_and_a_gap(client, drawn_event):
    # Four tied for first read as three and "…" on a phone: a play-off of three.
    event = laus_tie(drawn_event, tables=4)
    publish(event)
    standings = event_standings(Event.objects.get(pk=event.pk))
    tied = [row for row in standings.ranked if row.rank == 1]
    assert len(tied) == 4
    last = standings.ranked[-1]
    player = Seat.objects.select_related("player").get(player_id=last.player_ids[0]).player
    page = text(client.get(page_url(phones.link_for(event, player))))
    listed = re.findall(r"<tr[^>]*>(.*?)</tr>", page, re.S)
    for row in tied:
        assert any(row.name in line for line in listed), row.name
