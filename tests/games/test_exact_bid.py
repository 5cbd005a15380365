"""The exact-bid trick game: points, the multiplying ranking and its tie-breaks."""

from __future__ import annotations

import pytest

from clubscore.games import GAMES, ScoreError, score
from clubscore.games.exact_bid import cards_in_round

CONTRACT_EXAMPLE = {
    "players": ["Ann", "Bob", "Cy", "Di"],
    "start_cards": 10,
    "rounds": [
        {"bids": [2, 3, 1, 4], "tricks": [3, 3, 1, 3]},
        {"bids": [0, 2, 4, 2], "tricks": [0, 2, 5, 2]},
    ],
}


def game(players, *rounds, start_cards=5):
    return {
        "players": players,
        "start_cards": start_cards,
        "rounds": [{"bids": bids, "tricks": tricks} for bids, tricks in rounds],
    }


def errors_of(payload):
    with pytest.raises(ScoreError) as caught:
        score("exact_bid", payload)
    return caught.value.errors


def by_name(result):
    return {player["name"]: player for player in result["players"]}


def test_the_contract_example():
    result = score("exact_bid", CONTRACT_EXAMPLE)

    assert result["complete"] is False
    assert result["next_round_cards"] == 8
    assert [(p["points"], p["tricks"], p["exact"]) for p in result["players"]] == [
        (13, 3, 1),
        (25, 5, 2),
        (16, 6, 1),
        (15, 5, 1),
    ]
    assert [p["rank"] for p in result["players"]] == [4, 1, 2, 3]
    assert [p["multiplier"] for p in result["players"]] == [1, 4, 3, 2]
    assert [p["total"] for p in result["players"]] == [13, 100, 48, 30]


def test_a_missed_bid_scores_the_tricks_taken():
    result = score("exact_bid", game(["Ann", "Bob"], ([5, 5], [3, 2])))

    assert [p["points"] for p in result["players"]] == [3, 2]


def test_any_bids_are_allowed_even_when_they_add_up_to_the_cards():
    result = score("exact_bid", game(["Ann", "Bob"], ([3, 2], [3, 2])))

    assert [p["points"] for p in result["players"]] == [13, 12]


def test_equal_points_are_broken_by_total_tricks_before_order():
    payload = game(
        ["Ann", "Bob", "Cy"],
        ([0, 0, 1], [0, 5, 0]),  # Ann exact (10), Bob 5 tricks, Cy 0
        ([1, 0, 1], [0, 4, 0]),  # Bob 4 tricks
        ([1, 0, 0], [0, 1, 2]),  # Bob 1 trick, Cy 2 tricks
    )
    ann, bob, cy = score("exact_bid", payload)["players"]

    assert (ann["points"], ann["tricks"]) == (10, 0)
    assert (bob["points"], bob["tricks"]) == (10, 10)
    assert (bob["rank"], ann["rank"], cy["rank"]) == (1, 2, 3)
    assert (bob["total"], ann["total"], cy["total"]) == (30, 20, 2)


def test_equal_points_and_tricks_go_to_the_player_who_joined_first():
    rounds = ([0, 0, 0], [0, 0, 5]), ([0, 0, 0], [0, 0, 4])
    ann, bob, cy = score("exact_bid", game(["Ann", "Bob", "Cy"], *rounds))["players"]

    assert (ann["points"], ann["tricks"]) == (bob["points"], bob["tricks"]) == (20, 0)
    assert (ann["rank"], bob["rank"], cy["rank"]) == (1, 2, 3)

    bob, ann, cy = score("exact_bid", game(["Bob", "Ann", "Cy"], *rounds))["players"]
    assert (bob["rank"], ann["rank"], cy["rank"]) == (1, 2, 3)


def test_multipliers_follow_the_table_size():
    two = score("exact_bid", game(["Ann", "Bob"], ([0, 0], [0, 5])))["players"]
    four = score("exact_bid", CONTRACT_EXAMPLE)["players"]

    assert sorted(p["multiplier"] for p in two) == [1, 2]
    assert sorted(p["multiplier"] for p in four) == [1, 2, 3, 4]


def test_the_lines_explain_the_total():
    bob = score("exact_bid", CONTRACT_EXAMPLE)["players"][1]

    assert bob["lines"] == [
        {"label": "5 tricks", "points": 5},
        {"label": "Exact bids (2 × 10)", "points": 20},
        {"label": "Multiplier ×4", "points": 75},
    ]


def test_a_game_is_complete_after_one_round_per_starting_card():
    rounds = [([0, 0], [cards, 0]) for cards in range(5, 0, -1)]
    result = score("exact_bid", game(["Ann", "Bob"], *rounds))

    assert result["complete"] is True
    assert result["next_round_cards"] is None
    assert [cards_in_round(i, 10) for i in (0, 9)] == [10, 1]
    assert GAMES["exact_bid"].cards_in_round(2, 8) == 6


def test_a_game_without_rounds_is_not_complete():
    result = score("exact_bid", game(["Ann", "Bob"]))

    assert result["complete"] is False
    assert [p["total"] for p in result["players"]] == [0, 0]


def test_start_cards_defaults_to_the_event_option():
    payload = {"players": ["Ann", "Bob"], "rounds": [{"bids": [0, 0], "tricks": [7, 1]}]}

    assert "rounds.0.tricks" in errors_of(payload)  # 10 cards by default
    assert score("exact_bid", payload, {"start_cards": 8})["next_round_cards"] == 7


def test_tricks_must_add_up_to_the_cards_of_the_round():
    payload = {**CONTRACT_EXAMPLE, "rounds": [{"bids": [2, 3, 1, 4], "tricks": [3, 3, 1, 2]}]}

    assert errors_of(payload) == {
        "rounds.0.tricks": ["Tricks add up to 9, but 10 cards were played this round."]
    }


def test_no_more_rounds_than_starting_cards():
    rounds = [([0, 0], [cards, 0]) for cards in range(5, 0, -1)]
    payload = game(["Ann", "Bob"], *rounds)
    payload["rounds"].append({"bids": [0, 0], "tricks": [0, 0]})

    assert list(errors_of(payload)) == ["rounds"]


@pytest.mark.parametrize(
    ("bids", "tricks", "path"),
    [
        ([6, 0], [5, 0], "rounds.0.bids.0"),
        ([0, -1], [5, 0], "rounds.0.bids.1"),
        ([0, 0], [6, -1], "rounds.0.tricks.1"),
        ([0, True], [5, 0], "rounds.0.bids.1"),
        ([0, "1"], [5, 0], "rounds.0.bids.1"),
        ([0, 1.0], [5, 0], "rounds.0.bids.1"),
        ([0], [5, 0], "rounds.0.bids"),
        ([0, 0], [5, 0, 0], "rounds.0.tricks"),
    ],
)
def test_bids_and_tricks_are_whole_numbers_per_player_within_the_cards(bids, tricks, path):
    assert path in errors_of(game(["Ann", "Bob"], (bids, tricks)))


def test_a_trick_count_beyond_the_cards_names_the_cards():
    errors = errors_of(game(["Ann", "Bob"], ([0, 0], [6, 0])))

    assert errors["rounds.0.tricks.0"] == [
        "Tricks may be at most 5: this round was played with 5 cards each."
    ]


def test_a_bid_beyond_the_cards_says_the_bid_may_be_at_most_the_cards():
    # Issue 26.11: bid 6 with 5 cards said only "This round was played with 5 cards each."
    errors = errors_of(game(["Ann", "Bob"], ([6, 0], [5, 0])))
    assert errors["rounds.0.bids.0"] == [
        "A bid may be at most 5: this round was played with 5 cards each."
    ]


@pytest.mark.parametrize(
    "players",
    [["Ann"], ["A", "B", "C", "D", "E"], ["Ann", "ann"], ["Ann", ""], ["Ann", 3], "Ann"],
)
def test_two_to_four_different_players(players):
    assert any(path.startswith("players") for path in errors_of(game(players)))


@pytest.mark.parametrize("start_cards", [6, 9, 3, 1, 5, 16])
def test_any_start_cards_the_two_decks_allow_four_players_are_accepted(start_cards):
    four = ["Ann", "Bob", "Cy", "Di"]
    outcome = score("exact_bid", game(four, start_cards=start_cards))

    assert outcome["next_round_cards"] == start_cards
    assert outcome["complete"] is False


@pytest.mark.parametrize(("players", "most"), [(2, 32), (3, 21), (4, 16)])
def test_the_most_start_cards_are_64_divided_by_the_players(players, most):
    names = ["Ann", "Bob", "Cy", "Di"][:players]

    assert score("exact_bid", game(names, start_cards=most))["next_round_cards"] == most
    errors = errors_of(game(names, start_cards=most + 1))
    assert errors == {
        "start_cards": [
            f"With {players} players, at most {most} cards each in the first round "
            "(two 32-card decks hold 64)."
        ]
    }


def test_zero_and_seventeen_start_cards_with_four_players_are_refused_clearly():
    four = ["Ann", "Bob", "Cy", "Di"]

    assert errors_of(game(four, start_cards=0)) == {"start_cards": ["Must be at least 1."]}
    assert "at most 16 cards each" in errors_of(game(four, start_cards=17))["start_cards"][0]


def test_event_start_cards_too_many_for_the_table_are_refused_on_start_cards():
    payload = game(["Ann", "Bob", "Cy", "Di"])
    del payload["start_cards"]

    with pytest.raises(ScoreError) as caught:
        score("exact_bid", payload, {"start_cards": 20})
    assert list(caught.value.errors) == ["start_cards"]
    assert score("exact_bid", payload, {"start_cards": 9})["next_round_cards"] == 9


@pytest.mark.parametrize("start_cards", [0, 33, -1, "10", True, None, 7.0])
def test_start_cards_must_be_a_whole_number_within_the_decks(start_cards):
    assert list(errors_of(game(["Ann", "Bob"], start_cards=start_cards))) == ["start_cards"]


def test_unknown_keys_are_errors():
    payload = {**game(["Ann", "Bob"], ([0, 0], [5, 0])), "trump": "H"}
    payload["rounds"][0]["trump"] = "S"

    assert set(errors_of(payload)) == {"trump", "rounds.0.trump"}


def test_the_game_object_describes_the_table():
    exact_bid = GAMES["exact_bid"]

    assert (exact_bid.min_players, exact_bid.max_players) == (2, 4)
    assert exact_bid.clean_options()["start_cards"] == 10
    assert exact_bid.clean_options({"start_cards": 9})["start_cards"] == 9
    option = next(o for o in exact_bid.options if o.name == "start_cards")
    assert (option.minimum, option.maximum, option.suggestions) == (1, 32, (5, 7, 8, 10))
    with pytest.raises(ScoreError) as caught:
        exact_bid.clean_options({"start_cards": 33})
    assert list(caught.value.errors) == ["start_cards"]


def test_a_round_of_one_card_says_one_card_each():
    # "...played with 1 cards each." (walk of 2026-11-30): a start of one card is allowed.
    errors = errors_of(game(["Ann", "Bob"], ([2, 0], [1, 0]), start_cards=1))

    assert errors["rounds.0.bids.0"] == [
        "A bid may be at most 1: this round was played with 1 card each."
    ]
