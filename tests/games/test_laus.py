"""Laus: the point cards, the null of the ten of diamonds, and impossible rounds."""

from __future__ import annotations

import pytest

from clubscore.games import GAMES, ScoreError, score

CONTRACT_EXAMPLE = {
    "players": ["Ann", "Bob", "Cy", "Di"],
    "taken": [
        {"tens": ["S"], "aces": 1, "kings": 2, "queens": 0},
        {"tens": ["C", "H"], "aces": 1, "kings": 0, "queens": 2},
        {"tens": [], "aces": 2, "kings": 1, "queens": 1},
        {"tens": ["D"], "aces": 0, "kings": 1, "queens": 1},
    ],
}


def with_taken(index, **fields):
    taken = [dict(entry) for entry in CONTRACT_EXAMPLE["taken"]]
    taken[index].update(fields)
    return {**CONTRACT_EXAMPLE, "taken": taken}


def errors_of(payload):
    with pytest.raises(ScoreError) as caught:
        score("laus", payload)
    return caught.value.errors


def test_the_contract_example():
    result = score("laus", CONTRACT_EXAMPLE)

    assert [p["total"] for p in result["players"]] == [345, 335, 65, 0]
    assert [p["null"] for p in result["players"]] == [False, False, False, True]
    assert result["players"][1]["lines"][:2] == [
        {"label": "10♣", "points": 200},
        {"label": "10♥", "points": 100},
    ]


def test_the_ten_of_diamonds_wipes_out_everything_the_taker_took():
    payload = {
        **CONTRACT_EXAMPLE,
        "taken": [
            {"tens": ["S", "C", "H", "D"], "aces": 4, "kings": 4, "queens": 4},
            {"tens": [], "aces": 0, "kings": 0, "queens": 0},
            {"tens": [], "aces": 0, "kings": 0, "queens": 0},
            {"tens": [], "aces": 0, "kings": 0, "queens": 0},
        ],
    }
    taker = score("laus", payload)["players"][0]

    assert taker["null"] is True
    assert taker["total"] == 0
    assert taker["lines"][-1] == {"label": "Null: took the 10♦", "points": -760}


def test_card_values():
    payload = {
        **CONTRACT_EXAMPLE,
        "taken": [
            {"tens": ["S"], "aces": 0, "kings": 0, "queens": 0},
            {"tens": ["C"], "aces": 4, "kings": 0, "queens": 0},
            {"tens": ["H"], "aces": 0, "kings": 4, "queens": 4},
            {"tens": ["D"], "aces": 0, "kings": 0, "queens": 0},
        ],
    }

    assert [p["total"] for p in score("laus", payload)["players"]] == [300, 300, 160, 0]


def test_every_ten_is_taken_by_exactly_one_player():
    errors = errors_of(with_taken(0, tens=["S", "C"]))

    assert errors == {"taken": ["The ten of clubs was taken by 2 players."]}
    assert errors_of(with_taken(3, tens=[])) == {
        "taken": ["Nobody took the ten of diamonds; every ten is taken by one player."]
    }


def test_aces_kings_and_queens_add_up_to_four_each():
    errors = errors_of(with_taken(0, aces=2, queens=1))

    assert errors == {
        "taken": ["5 aces were taken, but there are 4.", "5 queens were taken, but there are 4."]
    }


@pytest.mark.parametrize(
    ("fields", "path"),
    [
        ({"tens": ["S", "S"]}, "taken.0.tens"),
        ({"tens": ["X"]}, "taken.0.tens.0"),
        ({"tens": "S"}, "taken.0.tens"),
        ({"aces": -1}, "taken.0.aces"),
        ({"aces": 5}, "taken.0.aces"),
        ({"aces": True}, "taken.0.aces"),
        ({"kings": "2"}, "taken.0.kings"),
        ({"queens": 0.0}, "taken.0.queens"),
        ({"jacks": 1}, "taken.0.jacks"),
    ],
)
def test_impossible_cards_are_refused_on_their_field(fields, path):
    assert path in errors_of(with_taken(0, **fields))


@pytest.mark.parametrize("players", [["Ann", "Bob", "Cy"], ["Ann", "Bob", "Cy", "Ann"], None])
def test_exactly_four_different_players(players):
    assert "players" in errors_of({**CONTRACT_EXAMPLE, "players": players})


def test_the_game_object_describes_the_table():
    laus = GAMES["laus"]

    assert laus.standings_order == "low"
    assert (laus.min_players, laus.max_players) == (4, 4)
    assert laus.clean_options() == {
        "rounds": 8,
        "threshold": None,
        "time_limit_minutes": 90,
        "grace_minutes": 15,
        "playoff_time_limit_minutes": 15,
        "playoff_entries": 1,
    }
    assert laus.played_in_rounds
    assert laus.clean_options({"rounds": None, "threshold": 1000})["threshold"] == 1000
    with pytest.raises(ScoreError) as caught:
        laus.clean_options({"rounds": None})
    assert list(caught.value.errors) == ["rounds"]
    assert ("10♠", 300) in laus.point_values()
