"""Luxury Family: every row of the sheet's meld table, trick points, bids, penalties."""

from __future__ import annotations

import pytest

from clubscore.games import GAMES, ScoreError, score
from clubscore.games.luxury_family import meld_combinations, trick_points

CONTRACT_EXAMPLE = {
    "players": ["Ann", "Bob", "Cy"],
    "bid": 350,
    "game_maker": 1,
    "trump": "H",
    "melds": [60, {"cards": ["AH", "10H", "KH", "QH", "JH", "7H"]}, 0],
    "power_points": [70, 120, 50],
    "penalties": [0, 0, 20],
}


def round_with(**fields):
    return {**CONTRACT_EXAMPLE, **fields}


def errors_of(payload):
    with pytest.raises(ScoreError) as caught:
        score("luxury_family", payload)
    return caught.value.errors


def meld_points(cards, trump="H"):
    return sum(c["points"] for c in meld_combinations(cards, trump))


def in_suit(ranks, suit):
    return [rank + suit for rank in ranks.split()]


@pytest.mark.parametrize(("power", "points"), [(90, 120), (150, 270), (210, 480)])
def test_the_sheets_trick_point_examples(power, points):
    assert trick_points(power) == points


@pytest.mark.parametrize(
    ("power", "points"), [(0, 0), (60, 60), (120, 180), (180, 360), (240, 600), (-20, -20)]
)
def test_trick_points_at_the_steps(power, points):
    assert trick_points(power) == points


# (ranks in one suit, plain points, trump points, label) straight from the sheet's table.
SUIT_TABLE = [
    ("K Q", 20, 30, "Couple"),
    ("K K Q Q", 60, 90, "Double couple"),
    ("K Q J", 40, 60, "Family"),
    ("K K Q Q J J", 160, 240, "Double family"),
    ("A 10 K Q J", 100, 150, "Luxury family"),
    ("A A 10 10 K K Q Q J J", 1000, 1500, "Double luxury family"),
    # The three special cases under the table.
    ("K K Q Q J", 100, 150, "Family with double couple"),
    ("A 10 K K Q Q J", 200, 300, "Luxury family with double couple"),
    ("A 10 K K Q Q J J", 300, 450, "Luxury family with double family"),
]


@pytest.mark.parametrize(("ranks", "plain", "trump", "label"), SUIT_TABLE)
def test_every_suit_combination_of_the_table(ranks, plain, trump, label):
    plain_found = meld_combinations(in_suit(ranks, "S"), trump="H")
    trump_found = meld_combinations(in_suit(ranks, "H"), trump="H")

    assert [(c["label"], c["points"]) for c in plain_found] == [(f"{label} (spades)", plain)]
    assert [(c["label"], c["points"]) for c in trump_found] == [
        (f"Trump {label.lower()} (hearts)", trump)
    ]


def test_the_sheets_worked_example_kkqqj():
    assert meld_points(in_suit("K K Q Q J", "C"), trump="H") == 100
    assert meld_points(in_suit("K K Q Q J", "H"), trump="H") == 150


def test_only_the_highest_combination_of_a_suit_counts():
    # A luxury family contains a family and a couple; only the luxury family counts.
    assert meld_points(in_suit("A 10 K Q J", "D"), trump="S") == 100


@pytest.mark.parametrize(("sevens", "points"), [(["7H"], 10), (["7H", "7H"], 20), (["7S"], 0)])
def test_sevens_of_trump(sevens, points):
    assert meld_points(sevens, trump="H") == points


@pytest.mark.parametrize(
    ("rank", "four", "eight"), [("K", 40, 240), ("Q", 60, 360), ("J", 80, 480)]
)
def test_four_and_eight_of_a_rank(rank, four, eight):
    one_each = [rank + suit for suit in "SHDC"]

    assert meld_points(one_each, trump="H") == four
    assert meld_points(one_each * 2, trump="H") == eight
    assert meld_points(one_each[:3], trump="H") == 0


def test_four_kings_count_in_addition_to_the_suit_combinations():
    cards = ["KS", "QS", "KH", "KD", "KC"]
    found = meld_combinations(cards, trump="H")

    assert [(c["key"], c["points"]) for c in found] == [("couple", 20), ("four_kings", 40)]


def test_no_binokel_meld():
    assert meld_points(["QS", "JD"], trump="H") == 0


def test_the_contract_example():
    result = score("luxury_family", CONTRACT_EXAMPLE)
    ann, bob, cy = result["players"]

    assert (ann["meld"], ann["trick_points"], ann["total"]) == (60, 80, 140)
    assert bob["meld"] == 150 + 10
    assert [c["label"] for c in bob["combinations"]] == [
        "Trump luxury family (hearts)",
        "Seven of trump",
    ]
    assert bob["trick_points"] == 180
    assert (bob["total"], result["made"]) == (-350, False)
    assert (cy["trick_points"], cy["total"]) == (30, 30)


def test_a_game_maker_who_reaches_the_bid_keeps_the_points():
    result = score("luxury_family", round_with(bid=340))

    assert result["made"] is True
    assert result["players"][1]["total"] == 340


def test_penalties_come_off_the_power_points_before_converting():
    result = score("luxury_family", round_with(penalties=[0, [20, 50, 50], 0]))

    # 120 - 120 = 0 power points left.
    assert result["players"][1]["trick_points"] == 0
    assert result["players"][1]["penalties"] == 120


def test_penalties_beyond_the_power_points_count_against_the_player():
    result = score("luxury_family", round_with(penalties=[100, 0, 0], bid=10))

    assert result["players"][0]["trick_points"] == -30
    assert result["players"][0]["total"] == 30


def test_penalties_are_optional():
    payload = round_with()
    del payload["penalties"]

    assert score("luxury_family", payload)["players"][2]["trick_points"] == 50


def test_power_points_must_add_up_to_240():
    errors = errors_of(round_with(power_points=[70, 110, 50]))

    assert errors == {"power_points": ["Power points add up to 230, but they must add up to 240."]}


@pytest.mark.parametrize(("power", "path"), [([1, 239, 0], 0), ([239, 0, 1], 2)])
def test_no_hand_takes_1_power_point_nor_239(power, path):
    # The cheapest card that counts is a jack (2): 1 cannot be made, and 239 leaves 1.
    errors = errors_of(round_with(power_points=power))

    assert errors[f"power_points.{path}"] == ["No hand can take exactly 1."]
    assert errors[f"power_points.{power.index(239)}"] == ["No hand can take exactly 239."]
    assert score("luxury_family", round_with(power_points=[2, 238, 0]))


@pytest.mark.parametrize(
    ("field", "value", "path"),
    [
        ("bid", 355, "bid"),
        ("bid", 0, "bid"),
        ("bid", "350", "bid"),
        ("game_maker", 3, "game_maker"),
        ("game_maker", True, "game_maker"),
        ("trump", "X", "trump"),
        ("trump", "h", "trump"),
        ("players", ["Ann", "Bob"], "players"),
        ("melds", [60, 0], "melds"),
        ("melds", [65, 0, 0], "melds.0"),
        ("melds", [-10, 0, 0], "melds.0"),
        ("melds", [[], 0, 0], "melds.0"),
        ("melds", [{"cards": ["1H"]}, 0, 0], "melds.0.cards.0"),
        ("melds", [{"cards": ["KH"] * 3}, 0, 0], "melds.0.cards"),
        ("melds", [{"cards": ["KH"] * 17}, 0, 0], "melds.0.cards"),
        ("melds", [{"cards": ["8H"]}, 0, 0], "melds.0.cards.0"),
        ("melds", [{"cards": ["KH"], "points": 20}, 0, 0], "melds.0.points"),
        ("melds", [{"cards": ["QD", "QD"]}, {"cards": ["QD"]}, 0], "melds"),
        ("power_points", [250, -10, 0], "power_points.0"),
        ("penalties", [0, 0, 30], "penalties.2"),
        ("penalties", [0, 0, 10], "penalties.2"),
        ("penalties", [0, 0, [20, 30]], "penalties.2.1"),
        ("penalties", [0, 0], "penalties"),
    ],
)
def test_impossible_rounds_are_refused_on_their_field(field, value, path):
    assert path in errors_of(round_with(**{field: value}))


def test_a_card_shown_three_times_at_the_table_is_refused():
    errors = errors_of(round_with(melds=[{"cards": ["QD", "QD"]}, {"cards": ["QD"]}, 0]))

    assert errors == {"melds": ["There are only two Q♦ in the game, but 3 were shown."]}


def test_penalty_totals_are_made_of_20_50_and_100():
    result = score("luxury_family", round_with(penalties=[40, 70, 0], bid=10))

    assert [p["penalties"] for p in result["players"]] == [40, 70, 0]


def test_the_game_object_describes_the_table():
    game = GAMES["luxury_family"]
    values = dict(game.point_values())

    assert (game.name, game.min_players, game.max_players) == ("Luxury Family", 3, 3)
    assert game.clean_options()["rounds"] == 3
    assert values["Trump family with double couple"] == 150
    assert values["Double luxury family"] == 1000
    assert values["Eight jacks"] == 480
