"""Standings pages: sortable, exported, the couple toggle, the play-off, the public page."""

from __future__ import annotations

import csv
import io
import re

import openpyxl
import pytest
import tablib
from django.conf import settings
from django.test import Client
from django.urls import reverse

from clubscore.club.models import Couple
from clubscore.events.models import Round, Seat, Table
from tests.playoffs import turn_in

from .conftest import hf_hand, tables_of

pytestmark = pytest.mark.django_db


def url(event, **query):
    return reverse("dashboard:standings", args=[event.pk])


def played_event(drawn_event, add_entry, tables=2, **fields):
    event = drawn_event("hand_and_foot", tables=tables, **fields)
    for index, table in enumerate(tables_of(event)):
        add_entry(table, 1, hf_hand(1, index % 2, low_left=2 + index))
    return event


def test_standings_are_for_staff_and_show_a_chart_and_sortable_columns(
    organizer_client, drawn_event, add_entry
):
    event = played_event(drawn_event, add_entry)
    assert Client().get(url(event)).status_code == 302
    page = organizer_client.get(url(event)).content.decode()
    assert '<svg class="chart"' in page
    assert "Hands won" in page and "First-table bonus" in page
    assert "?sort=total" in page
    # A heading's first tap sorts the better first (the highest total wins here), and
    # says so to a screen reader; the second tap turns it round.
    response = organizer_client.get(url(event), {"sort": "total"})
    totals = [row.record.total for row in response.context["table"].rows]
    assert totals == sorted(totals, reverse=True)
    heading = response.content.decode().split('aria-sort="descending"', 1)[1].split("</th>")[0]
    assert 'href="?sort=-total"' in heading
    ascending = organizer_client.get(url(event), {"sort": "-total"}).context["table"]
    assert [row.record.total for row in ascending.rows] == sorted(totals)


def test_each_name_opens_the_players_page_of_this_game(organizer_client, drawn_event, add_entry):
    event = played_event(drawn_event, add_entry)
    page = organizer_client.get(url(event)).content.decode()
    assert "?game=hand_and_foot" in page and "?game=&quot;" not in page and '?game="' not in page


def test_csv_and_xlsx_exports_hold_every_row(organizer_client, drawn_event, add_entry):
    event = played_event(drawn_event, add_entry)
    response = organizer_client.get(url(event), {"_export": "csv"})
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:4] == ["Rank", "Name", "Hands", "Total"]
    assert len(rows) == 1 + 8
    assert rows[1][0] == "1" and rows[1][-1] == "play-off" and rows[0][-1] == "Note"

    response = organizer_client.get(url(event), {"_export": "xlsx"})
    book = tablib.Dataset().load(io.BytesIO(response.content).read(), format="xlsx")
    assert book.headers[:4] == ["Rank", "Name", "Hands", "Total"]
    assert len(book) == 8
    assert sheet_names(response.content) == [f"Standings {event.name}"[:31]]

    organizer_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    response = organizer_client.get(url(event), {"_export": "xlsx"})
    assert sheet_names(response.content) == [f"Ergebnisliste {event.name}"[:31]]


def sheet_names(content: bytes) -> list[str]:
    return openpyxl.load_workbook(io.BytesIO(content)).sheetnames


def test_the_couple_view_is_a_toggle_away(organizer_client, drawn_event, add_entry):
    event = played_event(drawn_event, add_entry)
    first, second = tables_of(event)
    one = first.seats.get(position=1).player
    two = second.seats.get(position=1).player
    Couple.objects.create(player_a=one, player_b=two, scorekeeper=one)
    page = organizer_client.get(url(event)).content.decode()
    assert "?basis=couple" in page
    couples = organizer_client.get(url(event), {"basis": "couple"})
    rows = couples.context["standings"].rows
    assert len([row for row in rows if not row.single]) == 1
    assert len(rows) == 1 + 6  # everyone else is a single, on a line of their own
    assert f"{one.name} &amp; {two.name}" in couples.content.decode()


def test_a_play_off_round_is_drawn_among_the_tied(organizer_client, drawn_event, add_entry):
    event = played_event(drawn_event, add_entry, tables=2)
    turn_in(tables_of(event))
    standings = organizer_client.get(url(event)).context["standings"]
    tied = {pid for row in standings.playoff_rows for pid in row.player_ids}
    assert len(tied) == 4  # the teams that went out at both tables scored the same
    assert "Start a play-off round" in organizer_client.get(url(event)).content.decode()

    response = organizer_client.post(reverse("dashboard:playoff", args=[event.pk]))
    assert response.status_code == 302
    playoff = Round.objects.get(event=event, kind=Round.Kind.PLAYOFF)
    assert playoff.number == 2
    assert set(Seat.objects.filter(round=playoff).values_list("player_id", flat=True)) == tied
    assert playoff.draws.count() == 1
    # The play-off never adds to the totals.
    assert organizer_client.get(url(event)).context["standings"].rows[0].total == (
        standings.rows[0].total
    )


def test_a_play_off_is_offered_only_once_every_card_is_in(organizer_client, drawn_event, add_entry):
    event = played_event(drawn_event, add_entry, tables=3)
    first, second, third = tables_of(event)
    turn_in([first, second])
    page = organizer_client.get(url(event), HTTP_ACCEPT_LANGUAGE="de")
    assert len(page.context["standings"].playoff_rows) == 6  # the third still playing
    html = page.content.decode()
    assert "Stechrunde beginnen" not in html
    assert "sobald jeder Spielzettel abgegeben ist" in html
    response = organizer_client.post(reverse("dashboard:playoff", args=[event.pk]), follow=True)
    assert "once every card is turned in" in response.content.decode()
    assert not Round.objects.filter(event=event, kind=Round.Kind.PLAYOFF).exists()
    # The third table did not play: its card counts nothing, the evening's scores are in.
    Table.objects.filter(pk=third.pk).update(not_played=True)
    html = organizer_client.get(url(event)).content.decode()
    assert "Start a play-off round" in html and "once every card" not in html


def test_a_play_off_that_does_not_make_tables_asks_for_fillers(
    organizer_client, drawn_event, add_entry
):
    event = played_event(drawn_event, add_entry, tables=3)
    turn_in(tables_of(event))
    assert len(organizer_client.get(url(event)).context["standings"].playoff_rows) == 6
    response = organizer_client.post(reverse("dashboard:playoff", args=[event.pk]), follow=True)
    # Six tied players do not make tables of four: two more must fill the empty seats
    # (issue 27); sent without them, the page says so.
    assert "Choose 2 different players to fill the empty seats, or decide by lot." in (
        response.content.decode()
    )
    assert not Round.objects.filter(event=event, kind=Round.Kind.PLAYOFF).exists()


def test_without_a_tie_there_is_no_play_off(organizer_client, drawn_event):
    event = drawn_event("laus", tables=1)
    response = organizer_client.post(reverse("dashboard:playoff", args=[event.pk]), follow=True)
    assert "Nobody is tied for first place" in response.content.decode()
    assert not Round.objects.filter(event=event, kind=Round.Kind.PLAYOFF).exists()


def test_the_public_page_is_read_only_and_404_until_published(drawn_event, add_entry):
    client = Client()
    event = played_event(drawn_event, add_entry)
    public = reverse("dashboard:public_standings", args=[event.pk])
    assert client.get(public).status_code == 404
    event.public_standings = True
    event.save()
    page = client.get(public).content.decode()
    assert "P1A Table1" in page
    assert "Start a play-off round" not in page
    assert '<form method="post" action="/events' not in page


@pytest.mark.parametrize("name", ["dashboard:standings", "dashboard:public_standings"])
def test_standings_pages_run_the_same_queries_for_2_and_20_tables(
    name, organizer_client, drawn_event, add_entry, django_assert_num_queries
):
    for tables in (2, 20):
        event = played_event(drawn_event, add_entry, tables=tables, public_standings=True)
        # Staff: session and user, then the event and the standings' four queries.
        visitor = organizer_client if name == "dashboard:standings" else Client()
        with django_assert_num_queries(7 if name == "dashboard:standings" else 5):
            response = visitor.get(reverse(name, args=[event.pk]))
        assert len(response.context["standings"].rows) == 4 * tables


@pytest.mark.parametrize(
    "game, named",
    [
        ("hand_and_foot", "the Hands won and First-table bonus columns only show"),
        ("exact_bid", "the Tricks and Exact bids columns only show"),
        ("luxury_family", "the Best round column only shows"),
        ("laus", "the Best round column only shows"),
    ],
)
def test_the_tie_note_names_the_games_own_tie_break_columns(
    organizer_client, drawn_event, game, named
):
    """Not "the tie-break columns" (the page has no column by that name, Laus has one):
    the note names the columns the reader sees, on the page and on paper."""
    from tests.printing.conftest import page_texts

    event = drawn_event(game, tables=1)
    page = organizer_client.get(url(event)).content.decode()
    assert named in page
    printed = " ".join(
        page_texts(
            organizer_client.get(
                reverse("printing:event_pdf", args=[event.pk, "standings"])
            ).content
        )
    ).replace("\n", " ")
    assert named in printed


@pytest.mark.parametrize("basis", ["individual", "couple"])
def test_a_table_that_played_fewer_rounds_shows_its_rounds_on_a_phone_too(
    organizer_client, drawn_event, add_entry, basis
):
    """An exact-bid table cut short (time called after 2 of 5 rounds) ranked by its total
    beside whole games, its Rounds column hidden on a phone and nothing said (a walk,
    2026-12-01). The column shows on a phone then, and a note says the totals are
    compared as they are. Whole games alike keep it for wider screens."""

    def play(table, rounds: int) -> None:
        for number in range(1, rounds + 1):
            cards = 6 - number  # start_cards 5, one fewer each round
            add_entry(table, number, {"bids": [cards, 0], "tricks": [cards, 0]})

    def rounds_column(page: str) -> str:
        return re.search(r"<th [^>]*>\s*(?:<a [^>]*>)?Rounds", page).group(0)

    options = {"start_cards": 5}
    event = drawn_event("exact_bid", tables=2, players_per_table=2, options=options)
    whole, cut_short = tables_of(event)
    play(whole, 5)
    play(cut_short, 5)
    page = organizer_client.get(url(event), {"basis": basis}).content.decode()
    assert 'class="optional' in rounds_column(page)
    assert "Not everyone played the same number" not in page

    cut_short.entries.filter(number__gt=2).delete()
    page = organizer_client.get(url(event), {"basis": basis}).content.decode()
    assert 'class="optional' not in rounds_column(page)
    assert "Not everyone played the same number (the column “Rounds”)" in page
