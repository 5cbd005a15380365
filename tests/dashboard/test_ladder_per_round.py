"""Issue 26.2: the ladder ranks each game the way its evenings rank (the game says how).

The issue's example: a Laus evening where one table played 7 rounds and the other 6
(time was called). The evening ranks per round played: 1240 in 7 rounds (177.1) is 6th,
1225 in 6 rounds (204.2) is 8th. Ranked by raw totals the ladder had them the other way.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from clubscore.dashboard.ladder import rated_ladder
from clubscore.events.models import Event
from clubscore.standings.ladder import season_ladder
from clubscore.standings.standings import event_standings
from tests.playoffs import confirm, regular_tables, seat_names

pytestmark = pytest.mark.django_db
LADDER = reverse("dashboard:ladder")
TENS = ["S", "C", "H", "D"]


def laus(players, first, third):
    """A Laus round: seat 0 takes `first` (tens, aces, kings, queens), seat 2 one ace,
    seat 3 `third` (tens, kings); seat 1 takes the ten of diamonds and the rest (0)."""
    tens0, aces0, kings0, queens0 = first
    tens3, kings3 = third
    taken = [
        {"tens": tens0, "aces": aces0, "kings": kings0, "queens": queens0},
        {
            "tens": [t for t in TENS if t not in tens0 + tens3],
            "aces": 3 - aces0,
            "kings": 4 - kings0 - kings3,
            "queens": 4 - queens0,
        },
        {"tens": [], "aces": 1, "kings": 0, "queens": 0},
        {"tens": tens3, "aces": 0, "kings": kings3, "queens": 0},
    ]
    return {"players": players, "taken": taken}


def the_issues_evening(drawn_event):
    event = drawn_event(
        "laus",
        tables=2,
        status=Event.Status.FINAL,
        date=datetime.date(2026, 5, 8),
        public_standings=True,  # on the ladder a visitor reads
    )
    seven, six = regular_tables(event)
    # Table 1, 7 rounds: seat 0 takes 1240 (177.1 a round), seat 3 1300 (185.7).
    rounds_of_seven = [
        (["S"], 0, 0, 0, ["C"]),
        (["S"], 0, 0, 0, ["C"]),
        (["C"], 0, 0, 0, ["S"]),
        (["C"], 0, 0, 0, ["H"]),
        (["H"], 0, 0, 0, ["C"]),
        (["H"], 0, 0, 0, ["C"]),
        ([], 1, 1, 1, ["H"]),
    ]
    names = seat_names(seven)
    for number, (tens, a, k, q, third) in enumerate(rounds_of_seven, start=1):
        confirm(seven, number, laus(names, (tens, a, k, q), (third, 0)))
    # Table 2, 6 rounds: seat 0 takes 1225 (204.2 a round), seat 3 a king (10) a round.
    names = seat_names(six)
    rounds_of_six = [["S"], ["S"], ["S"], ["C"], ["H"], []]
    for number, tens in enumerate(rounds_of_six, start=1):
        aces = 0 if tens else 1
        confirm(six, number, laus(names, (tens, aces, 0, 0), ([], 1)))
    return event


def test_the_issues_example_ranks_on_the_ladder_as_on_the_night(drawn_event):
    event = the_issues_evening(drawn_event)
    night = {row.name: row for row in event_standings(event).ranked}
    sixth, eighth = night["P1A Table1"], night["P2A Table2"]
    assert (sixth.total, sixth.played, sixth.rank) == (1240, 7, 6)
    assert (eighth.total, eighth.played, eighth.rank) == (1225, 6, 8)

    ladder = season_ladder("laus", 2026)
    by_name = {row.name: row for row in ladder.rows}
    assert by_name["P1A Table1"].rank == 6
    assert by_name["P2A Table2"].rank == 8
    # One evening: the ladder is that evening's order, line for line.
    assert [(r.name, r.rank) for r in ladder.rows] == [
        (r.name, r.rank) for r in event_standings(event).ranked
    ]
    assert by_name["P2A Table2"].per_round_value == Decimal("204.2")
    # The season rules keep the game's order too ("best 1 evening").
    rated = rated_ladder("laus", 2026, best=1)
    assert [r.name for r in rated.rows].index("P1A Table1") < [r.name for r in rated.rows].index(
        "P2A Table2"
    )


def test_a_game_ranked_by_its_total_keeps_the_total(drawn_event):
    event = the_issues_evening(drawn_event)
    assert event.game_rules.ladder_figure(1225, 6) is not None
    from clubscore.games import GAMES

    assert GAMES["hand_and_foot"].ladder_figure(5000, 3) is None
    assert GAMES["luxury_family"].ladder_basis == ""


@pytest.mark.parametrize(
    ("language", "words", "column"),
    [
        ("en", "ranked by points per round played, lowest first", "Per round"),
        ("de", "nach Punkten pro gespielter Runde, die wenigsten zuerst", "Pro Runde"),
    ],
)
def test_the_ladder_page_says_how_it_ranks(drawn_event, language, words, column):
    the_issues_evening(drawn_event)
    with translation.override(language):
        page = Client(headers={"accept-language": language}).get(
            LADDER, {"game": "laus", "year": "2026"}
        )
    text = page.content.decode()
    assert words in text
    assert f">{column}<" in text or f">{column}</a>" in text
    rows = page.context["table"].rows
    assert [row.get_cell("name") for row in rows][5].endswith("P1A Table1</a>")
    hand_and_foot = Client(headers={"accept-language": language}).get(
        LADDER, {"game": "hand_and_foot"}
    )
    assert words not in hand_and_foot.content.decode()


@pytest.mark.parametrize(
    ("total", "played", "shown"),
    [(485, 4, "121.3"), (625, 4, "156.3"), (715, 4, "178.8"), (1225, 6, "204.2"), (-5, 4, "-1.3")],
)
def test_points_per_round_show_a_half_rounded_up(total, played, shown):
    """485 / 4 showed 121.2 beside 715 / 4 as 178.8: a float's round() takes a half to
    the even digit, where a person rounds it up."""
    from fractions import Fraction

    from clubscore.standings.standings import rounded_tenth

    assert str(rounded_tenth(Fraction(total, played))) == shown


def test_a_tie_ranked_per_round_is_told_per_round(drawn_event, organizer_client):
    """Laus ranks per round played when the tables played different numbers of rounds:
    the tie was told "with 140" (a total) where the standings compared 70.0."""
    from tests.playoffs import turn_in

    def nulled(names: list[str]) -> dict:
        # The first seat takes the ten of diamonds and nothing else: 0 points, the lowest.
        taken = [{"tens": ["D"], "aces": 0, "kings": 0, "queens": 0}]
        taken += [
            {"tens": [suit], "aces": n, "kings": n, "queens": n}
            for suit, n in zip("SCH", (2, 1, 1), strict=True)
        ]
        return {"players": names, "taken": taken}

    event = drawn_event("laus", tables=2, options={"rounds": 2}, status=Event.Status.TIME_CALLED)
    one, two = regular_tables(event)
    confirm(one, 1, nulled(seat_names(one)))
    confirm(one, 2, nulled(seat_names(one)))
    confirm(two, 1, nulled(seat_names(two)))
    turn_in([one, two])
    standings = organizer_client.get(reverse("dashboard:standings", args=[event.pk]))
    assert "are tied for first place with 0.0 points per round." in standings.content.decode()
    finish = organizer_client.get(reverse("dashboard:finish", args=[event.pk])).content.decode()
    assert "tied for first place with 0.0 points per round, and no play-off" in finish
    assert "Equal points per round share a rank." in standings.content.decode()
    # The printed standings say it alike (they quoted a total: 0 here, 300 in a walk).
    from clubscore.printing.documents import event_document
    from tests.printing.conftest import page_texts

    (text,) = page_texts(event_document(event, "standings", "http://club.example").content)
    assert "tied for first place with 0.0 points per round." in " ".join(text.split())
