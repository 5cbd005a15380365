"""The wall once the evening is over: the final standings on the projector, once public."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubscore.events.models import Event

from .conftest import hf_hand, laus_round, tables_of

pytestmark = pytest.mark.django_db


def wall_url(event) -> str:
    return reverse("events:wall", args=[event.pk])


def results_url(event) -> str:
    return reverse("dashboard:wall_results", args=[event.pk])


def finished(
    drawn_event, add_entry, game="hand_and_foot", tables=2, public=True, **fields
) -> Event:
    event = drawn_event(
        game, tables=tables, status=Event.Status.FINAL, public_standings=public, **fields
    )
    for index, table in enumerate(tables_of(event)):
        if game == "hand_and_foot":
            add_entry(table, 1, hf_hand(1, index % 2, low_left=2 + index))
        else:
            names = [seat.player.name for seat in table.seats.order_by("position")]
            add_entry(table, 1, laus_round(names, ten_of_spades_to=index % len(names)))
    return event


def test_a_published_final_evening_turns_the_wall_to_its_standings(
    organizer_client, drawn_event, add_entry
):
    event = finished(drawn_event, add_entry)
    response = organizer_client.get(wall_url(event))
    assert response.status_code == 302 and response["Location"] == results_url(event)
    # The wall's own poll moves the projector too, without anyone touching it.
    poll = organizer_client.get(wall_url(event), {"part": "live"}, headers={"HX-Request": "true"})
    assert poll["HX-Redirect"] == results_url(event)

    response = organizer_client.get(results_url(event))
    page = response.content.decode()
    assert "Final standings" in page and "highest total wins" in page
    rows = response.context["pages"][0]
    assert [row.rank for row in rows] == sorted(row.rank for row in rows)
    winner = rows[0]
    assert winner.total == max(row.total for row in rows)
    assert f'<td class="wall-standing-name">{winner.name}' in page
    # A projector's page: no site navigation, and its live part polls by itself.
    assert 'class="site-nav"' not in page
    assert f'hx-get="{results_url(event)}?part=live"' in page


def test_where_the_lowest_wins_the_lowest_stands_first(organizer_client, drawn_event, add_entry):
    event = finished(drawn_event, add_entry, game="laus", tables=2)
    response = organizer_client.get(results_url(event))
    rows = response.context["pages"][0]
    assert rows[0].rank == 1 and rows[0].total == min(row.total for row in rows)
    assert "lowest total wins" in response.content.decode()


def test_a_final_evening_not_published_keeps_its_tables_and_says_why(
    organizer_client, drawn_event, add_entry
):
    event = finished(drawn_event, add_entry, public=False)
    page = organizer_client.get(wall_url(event)).content.decode()
    assert "The evening is final." in page
    assert "The final standings show here once they are published." in page
    assert "P1A Table1" in page
    # Made private again (or reopened): the standings' wall goes back to the tables.
    response = organizer_client.get(results_url(event))
    assert response.status_code == 302 and response["Location"] == wall_url(event)
    poll = organizer_client.get(
        results_url(event), {"part": "live"}, headers={"HX-Request": "true"}
    )
    assert poll["HX-Redirect"] == wall_url(event)


def test_an_evening_still_running_shows_its_tables_even_when_public(organizer_client, drawn_event):
    event = drawn_event(tables=1, public_standings=True)
    response = organizer_client.get(wall_url(event))
    assert response.status_code == 200 and "P1A Table1" in response.content.decode()
    assert "The final standings show here" not in response.content.decode()


def test_a_long_list_comes_ten_lines_a_screen(organizer_client, drawn_event, add_entry):
    event = finished(drawn_event, add_entry, tables=3, standings_basis="individual")
    response = organizer_client.get(results_url(event))
    pages = response.context["pages"]
    assert [len(page) for page in pages] == [10, 2]
    assert "Page 2 of 2" in response.content.decode()


def test_the_live_part_comes_alone_for_htmx(organizer_client, drawn_event, add_entry):
    event = finished(drawn_event, add_entry)
    response = organizer_client.get(
        results_url(event), {"part": "live"}, headers={"HX-Request": "true"}
    )
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="wall-live"') and "<html" not in body


def test_the_projector_is_the_organizers(client, drawn_event, add_entry):
    event = finished(drawn_event, add_entry)
    assert client.get(results_url(event)).status_code == 302
    assert "login" in client.get(results_url(event))["Location"]


def test_the_standings_wall_takes_the_same_queries_for_2_and_20_tables(
    organizer_client, drawn_event, add_entry
):
    counts = []
    for tables in (2, 20):
        event = finished(drawn_event, add_entry, tables=tables)
        with CaptureQueriesContext(connection) as queries:
            assert organizer_client.get(results_url(event)).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_ranked_per_round_played_the_wall_says_so_and_shows_the_rounds(
    organizer_client, drawn_event, add_entry
):
    """Laus, one table two rounds, the other one (time was called): ranked per round
    played, so a higher total may stand above a lower one. The wall said "lowest total
    wins" over that order, with no rounds to show why (a walk, 2026-11-30); so did the
    standings pages."""
    event = drawn_event("laus", tables=2, status=Event.Status.FINAL, public_standings=True)
    first, second = tables_of(event)
    for table, rounds in ((first, 2), (second, 1)):
        names = [seat.player.name for seat in table.seats.order_by("position")]
        for number in range(1, rounds + 1):
            add_entry(table, number, laus_round(names, ten_of_spades_to=number % 4))
    response = organizer_client.get(results_url(event))
    assert response.context["standings"].per_round
    page = response.content.decode()
    assert "lowest points per round played win" in page and "lowest total wins" not in page
    assert '<th scope="col" class="num">Rounds</th>' in page
    for url in (
        reverse("dashboard:standings", args=[event.pk]),
        reverse("dashboard:public_standings", args=[event.pk]),
    ):
        assert "lowest points per round played win" in organizer_client.get(url).content.decode()
