"""The season ladder: final events, added up per player (it is public: nothing unfinished)."""

from __future__ import annotations

import csv
import datetime
import io

import html5lib
import openpyxl
import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from clubscore.events.models import Event, Seat
from clubscore.ratings.models import START, Rating, RatingHistory
from clubscore.ratings.services import rebuild
from clubscore.standings.ladder import season_ladder
from clubscore.standings.standings import event_standings

from .conftest import hf_hand, tables_of

pytestmark = pytest.mark.django_db
LADDER = reverse("dashboard:ladder")


def play(drawn_event, add_entry, tables=2, status=Event.Status.FINAL, **fields):
    fields.setdefault("public_standings", True)  # on the ladder a visitor reads
    event = drawn_event("hand_and_foot", tables=tables, status=status, **fields)
    for index, table in enumerate(tables_of(event)):
        add_entry(table, 1, hf_hand(1, index % 2, low_left=2 + index))
    return event


def reseat(event, players):
    """Seat the same players as an earlier event (the fixture makes new ones)."""
    seats = list(Seat.objects.filter(round__event=event).order_by("table__number", "position"))
    for seat, player in zip(seats, players, strict=True):
        seat.player = player
        seat.save(update_fields=["player"])


def test_the_ladder_adds_up_final_events_only(drawn_event, add_entry):
    first = play(drawn_event, add_entry, tables=1, date=datetime.date(2026, 3, 1))
    players = [seat.player for seat in Seat.objects.filter(round__event=first).order_by("position")]
    second = play(drawn_event, add_entry, tables=1, date=datetime.date(2026, 4, 1))
    reseat(second, players)
    # Evenings not closed yet stay off the public ladder.
    for status in (Event.Status.RUNNING, Event.Status.TIME_CALLED):
        unfinished = play(
            drawn_event, add_entry, tables=1, status=status, date=datetime.date(2026, 5, 1)
        )
        reseat(unfinished, players)
    other_year = play(drawn_event, add_entry, tables=1, date=datetime.date(2025, 4, 1))
    reseat(other_year, players)

    ladder = season_ladder("hand_and_foot", 2026)
    assert [e.pk for e in ladder.events] == [first.pk, second.pk]
    winner = ladder.rows[0]
    one = {row.player_ids[0]: row for row in event_standings(first).rows}
    assert winner.total == 2 * one[winner.player_id].total
    assert winner.events == 2
    assert winner.best_finish == 1
    assert len(season_ladder("hand_and_foot", None).events) == 3


def test_the_ladder_page_filters_sorts_and_exports(drawn_event, add_entry):
    play(drawn_event, add_entry, tables=2, date=datetime.date(2026, 3, 1))
    client = Client()
    page = client.get(LADDER, {"game": "hand_and_foot", "year": "2026"})
    assert page.status_code == 200
    html = page.content.decode()
    assert '<label for="id_game">' in html and '<label for="id_year">' in html
    assert "?game=hand_and_foot&amp;year=2026&amp;sort=total" in html
    # A season's ladder says its rating is not the season's alone (a walk read "Rated
    # evenings 6" beside "Events played 2"); all seasons' needs no such word.
    carries_over = "The rating and its rated evenings count every season"
    assert carries_over in html
    assert carries_over not in client.get(LADDER, {"game": "hand_and_foot"}).content.decode()
    response = client.get(LADDER, {"game": "hand_and_foot", "year": "2026", "_export": "csv"})
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == [
        "Rank",
        "Player",
        "Total",
        "Rating",
        "Rated evenings",
        "Events played",
        "Best finish",
        "Wins",
    ]
    assert len(rows) == 9
    assert client.get(LADDER, {"game": "laus"}).context["ladder"].rows == []
    response = client.get(LADDER, {"game": "hand_and_foot", "_export": "xlsx"})
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Ladder Hand and Foot"]
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    response = client.get(LADDER, {"game": "hand_and_foot", "year": "2026", "_export": "xlsx"})
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Rangliste Hand und Fuß 2026"]


def test_the_ladder_runs_the_same_queries_for_2_and_20_tables(
    drawn_event, add_entry, django_assert_num_queries
):
    client = Client()
    for tables in (2, 20):
        play(drawn_event, add_entry, tables=tables)
        play(drawn_event, add_entry, tables=tables)
        # years, events, tables, seats, entries, check-ins, ratings
        with django_assert_num_queries(7):
            response = client.get(LADDER, {"game": "hand_and_foot"})
        assert response.status_code == 200


def test_the_play_off_winner_alone_gets_the_win(drawn_event, make_player):
    from clubscore.events.models import CheckIn
    from tests.playoffs import laus_tie, play_off

    event = laus_tie(drawn_event, tables=4, status=Event.Status.FINAL)
    sat_out = make_player("Sam", "Sitout")
    CheckIn.objects.create(event=event, player=sat_out)
    before = season_ladder("laus", event.date.year)
    assert sum(row.wins for row in before.rows) == 4  # an unsettled tie: four firsts
    play_off(event)
    winner = event_standings(event).rows[0]
    ladder = season_ladder("laus", event.date.year)
    assert [row.player_id for row in ladder.rows if row.wins] == [winner.player_ids[0]]
    assert {row.best_finish for row in ladder.rows if row.total == 0} == {1, 2, 3, 4}
    # Whoever did not play has no finish on the ladder.
    assert sat_out.pk not in {row.player_id for row in ladder.rows}


@pytest.mark.parametrize(
    ("rank_by", "kept"),
    [
        ("total", ["Total", "Rating"]),
        ("rating", ["Total", "Rating"]),
        ("events", ["Rating", "Events played"]),
        ("best_finish", ["Rating", "Best finish"]),
    ],
)
def test_a_phone_keeps_the_figure_the_ladder_ranks_by(drawn_event, add_entry, rank_by, kept):
    """The columns a narrow screen leaves out (class "optional") are never the rank, the
    name, the rating or the figure the ladder is ranked by."""
    play(drawn_event, add_entry, tables=1, date=datetime.date(2026, 3, 1))
    page = Client().get(LADDER, {"game": "hand_and_foot", "rank_by": rank_by})
    root = html5lib.parse(page.content, namespaceHTMLElements=False)
    heads = root.findall(".//table/thead/tr/th")
    shown = [
        "".join(th.itertext()).strip() for th in heads if "optional" not in th.get("class", "")
    ]
    assert shown == ["Rank", "Player", *kept]
    assert len(heads) == 8


@pytest.mark.parametrize(
    ("language", "shown"),
    [("en", ["1.3", "0.0", "0.0", "-1.3"]), ("de", ["1,3", "0,0", "0,0", "-1,3"])],
)
def test_a_rating_just_below_the_start_reads_nought_not_minus_nought(
    drawn_event, add_entry, language, shown
):
    """-0.04 rounds to nought and reads as the player's page says it: "0.0", not "-0.0"."""
    event = play(drawn_event, add_entry, tables=1, date=datetime.date(2026, 3, 1))
    players = Seat.objects.filter(round__event=event).values_list("player_id", flat=True)
    Rating.objects.bulk_create(
        Rating(player_id=player, game="hand_and_foot", mu=START + rating, sigma=8, evenings=1)
        for player, rating in zip(players, (1.3, -0.04, 0.04, -1.3), strict=True)
    )
    # A visitor reads the rating after the (public) evening, as the service stores it.
    RatingHistory.objects.bulk_create(
        RatingHistory(
            player_id=player,
            event=event,
            game="hand_and_foot",
            date=event.date,
            mu_before=START,
            sigma_before=8,
            mu=START + rating,
            sigma=8,
            evenings=1,
            score=0,
            place=1,
        )
        for player, rating in zip(players, (1.3, -0.04, 0.04, -1.3), strict=True)
    )
    page = Client(headers={"accept-language": language}).get(
        LADDER, {"game": "hand_and_foot", "rank_by": "rating"}
    )
    root = html5lib.parse(page.content, namespaceHTMLElements=False)
    cells = [
        "".join(td.itertext()).strip()
        for td in root.iterfind(".//table/tbody/tr/td")
        if "rating" in td.get("class", "").split()
    ]
    assert cells == shown
    export = Client().get(LADDER, {"game": "hand_and_foot", "rank_by": "rating", "_export": "csv"})
    rows = list(csv.reader(io.StringIO(export.content.decode())))
    assert [row[3] for row in rows[1:]] == ["1.3", "0.0", "0.0", "-1.3"]


def test_on_an_evening_ranked_by_couples_the_winning_couple_gets_the_wins(drawn_event):
    """The ladder counts the place the evening announced: on the couple basis the couple
    that won, both spouses, and nobody else (on their own four players were level)."""
    from clubscore.club.models import Couple
    from tests.playoffs import hand_and_foot_tie, regular_tables, turn_in

    event = drawn_event("hand_and_foot", tables=2, standings_basis="couple")
    hand_and_foot_tie(event)
    turn_in(regular_tables(event))
    first, second = regular_tables(event)
    seats = {
        (seat.table_id, seat.position): seat.player
        for seat in Seat.objects.filter(table__in=[first, second])
    }
    # Team 1 won at the first table (seats 1 and 3), team 2 at the second (seats 2 and 4).
    winners = [seats[first.pk, 1], seats[second.pk, 2]]
    mixed = [seats[first.pk, 3], seats[second.pk, 1]]
    for pair in (winners, mixed):
        a, b = sorted(pair, key=lambda player: player.pk)
        Couple.objects.create(player_a=a, player_b=b, scorekeeper=a)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
    announced = event_standings(Event.objects.get(pk=event.pk))
    assert set(announced.rows[0].player_ids) == {p.pk for p in winners}
    ladder = season_ladder("hand_and_foot", event.date.year)
    assert {row.player_id for row in ladder.rows if row.wins} == {p.pk for p in winners}
    assert {row.best_finish for row in ladder.rows if row.player_id == mixed[0].pk} == {2}


@pytest.mark.parametrize("per_page", ["-1", "0", str(10**30), "x"])
def test_a_page_size_in_the_query_is_not_the_pages_to_choose(
    drawn_event, add_entry, organizer_client, per_page
):
    """django-tables2 reads `per_page` from the query unless told not to: -1 made a 500
    on the public ladder and the standings."""
    event = play(drawn_event, add_entry, tables=1, date=datetime.date(2026, 3, 1))
    assert Client().get(LADDER, {"game": "hand_and_foot", "per_page": per_page}).status_code == 200
    standings = reverse("dashboard:standings", args=[event.pk])
    assert organizer_client.get(standings, {"per_page": per_page}).status_code == 200


def test_a_visitor_reads_the_ladder_of_the_evenings_whose_standings_are_public(
    drawn_event, add_entry, organizer_client
):
    """As each player's page: a name on a visitor's ladder opens a page that lists its
    evenings (an evening the organizer never published linked to a 404)."""
    shown = play(drawn_event, add_entry, tables=1, date=datetime.date(2026, 3, 1))
    play(drawn_event, add_entry, tables=1, date=datetime.date(2026, 3, 8), public_standings=False)
    rebuild(["hand_and_foot"])  # the players' pages are their rated evenings
    visitor = Client().get(LADDER, {"game": "hand_and_foot"})
    assert [event.pk for event in visitor.context["ladder"].events] == [shown.pk]
    for row in visitor.context["ladder"].rows:
        page = Client().get(reverse("dashboard:player", args=[row.player_id]))
        assert page.status_code == 200
    assert (
        len(organizer_client.get(LADDER, {"game": "hand_and_foot"}).context["ladder"].events) == 2
    )


def test_the_ladder_says_what_it_is_ranked_by(drawn_event, add_entry):
    play(drawn_event, add_entry, tables=1, date=datetime.date(2026, 3, 1))
    by_total = Client().get(LADDER, {"game": "hand_and_foot"}).content.decode()
    assert "highest total wins" in by_total and "more wins rank first" in by_total
    by_rating = Client().get(LADDER, {"game": "hand_and_foot", "rank_by": "rating"})
    text = by_rating.content.decode()
    assert "ranked by Rating" in text and "highest total wins" not in text


@pytest.mark.parametrize(
    ("best", "at_least", "errors"),
    [
        (
            "abc",
            "-1",
            {
                "best": ["Enter a whole number with the digits 0 to 9."],
                "at_least": ["Must be at least 1."],
            },
        ),
        (
            "٣",
            "0",
            {
                "best": ["Enter a whole number with the digits 0 to 9."],
                "at_least": ["Must be at least 1."],
            },
        ),
    ],
)
def test_a_bad_number_in_the_ladders_rules_is_told_in_the_pages_own_words(
    drawn_event, add_entry, best, at_least, errors
):
    """The ladder's rules said Django's "Enter a whole number." and "Ensure this value is
    greater than or equal to 1." where every other form says it as the games do."""
    play(drawn_event, add_entry, tables=2, date=datetime.date(2026, 3, 1))
    page = Client().get(LADDER, {"game": "hand_and_foot", "best": best, "at_least": at_least})
    assert page.status_code == 200
    assert page.context["form"].errors == errors
    assert len(page.context["ladder"].rows) == 8  # one bad number never hides the ladder


@pytest.mark.parametrize("column", ["total", "wins", "events", "rating"])
def test_a_headings_first_tap_sorts_the_better_first(drawn_event, add_entry, column):
    """ "Wins" tapped put the evening's winner last, "Total" and "Rating" the lowest
    first where the highest wins (a walk): the first tap sorts the better first, the
    arrow says which way the figures run, and the second tap turns it round."""
    first = play(drawn_event, add_entry, tables=2, date=datetime.date(2026, 3, 1))
    seats = Seat.objects.filter(round__event=first, table__number=1).order_by("position")
    second = play(drawn_event, add_entry, tables=1, date=datetime.date(2026, 4, 1))
    reseat(second, [seat.player for seat in seats])  # four players with two evenings
    rebuild(["hand_and_foot"])
    client = Client()
    query = {"game": "hand_and_foot", "year": "2026"}
    response = client.get(LADDER, {**query, "sort": column})
    values = [getattr(row.record, column) for row in response.context["table"].rows]
    assert values == sorted(values, reverse=True) and values[0] != values[-1]
    heading = response.content.decode().split(
        f'href="?game=hand_and_foot&amp;year=2026&amp;sort=-{column}"'
    )[0]
    assert "values-down" in heading.rsplit("<th", 1)[1]
    again = client.get(LADDER, {**query, "sort": f"-{column}"}).context["table"]
    assert [getattr(row.record, column) for row in again.rows] == sorted(values)


def test_where_the_lowest_wins_the_first_tap_on_total_sorts_the_lowest_first(drawn_event):
    from tests.payloads import laus_round
    from tests.playoffs import confirm, regular_tables, seat_names

    event = drawn_event("laus", tables=1, status=Event.Status.FINAL, public_standings=True)
    (table,) = regular_tables(event)
    confirm(table, 1, laus_round(seat_names(table), 0))
    table = Client().get(LADDER, {"game": "laus", "sort": "total"}).context["table"]
    totals = [row.record.total for row in table.rows]
    assert totals == sorted(totals) and totals[0] != totals[-1]
