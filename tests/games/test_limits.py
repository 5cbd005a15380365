"""Every number a game accepts has an upper limit the game states, with its message."""

from __future__ import annotations

import itertools

import pytest

from clubscore.games import GAMES, ScoreError, score
from clubscore.games.base import MAX_NAME_LENGTH, NAME_PART_LENGTH, Option
from clubscore.games.hand_and_foot import MAX_DECKS, max_books
from clubscore.games.luxury_family import (
    BOTH_SEVENS_OF_TRUMP,
    FOUR_OF_A_RANK,
    MAX_BID,
    MAX_MELD,
    MAX_PENALTY_POINTS,
    MAX_ROUND_POINTS,
    MAX_SHOWN,
    POWER_TOTAL,
    RANKS,
    SEVEN_OF_TRUMP,
    SUIT_COMBINATIONS,
    trick_points,
)
from tests import payloads
from tests.payloads import hf_hand, laus_round

HUGE = 10**400


def _suit_points(counts: tuple[int, ...], trump: bool) -> int:
    have = dict(zip(RANKS, counts, strict=True))
    points = 0
    for _key, _label, needed, plain, trump_points in SUIT_COMBINATIONS:
        if all(have[rank] >= n for rank, n in needed.items()):
            points = trump_points if trump else plain
            break
    if trump and have["7"]:
        points += SEVEN_OF_TRUMP if have["7"] == 1 else BOTH_SEVENS_OF_TRUMP
    return points


def _most_one_hand_melds() -> int:
    """Search every hand of 16 cards: suit by suit, remembering the fewest kings, queens
    and jacks of any suit so far (four and eight of a rank need them in every suit)."""
    per_suit = list(itertools.product(range(3), repeat=len(RANKS)))
    best: dict[tuple[int, int, int, int], int] = {(0, 2, 2, 2): 0}
    for suit in range(4):
        following: dict[tuple[int, int, int, int], int] = {}
        for (cards, kings, queens, jacks), points in best.items():
            for counts in per_suit:
                total = cards + sum(counts)
                if total > MAX_SHOWN:
                    continue
                have = dict(zip(RANKS, counts, strict=True))
                key = (
                    total,
                    min(kings, have["K"]),
                    min(queens, have["Q"]),
                    min(jacks, have["J"]),
                )
                value = points + _suit_points(counts, trump=suit == 0)
                if following.get(key, -1) < value:
                    following[key] = value
        best = following
    most = 0
    for (_cards, kings, queens, jacks), points in best.items():
        fewest = {"K": kings, "Q": queens, "J": jacks}
        for _key, rank, _four, _eight, single, double in FOUR_OF_A_RANK:
            points += {0: 0, 1: single, 2: double}[fewest[rank]]
        most = max(most, points)
    return most


def test_the_most_a_luxury_family_hand_can_meld_is_the_stated_maximum():
    assert _most_one_hand_melds() == MAX_MELD
    assert MAX_ROUND_POINTS == MAX_MELD + trick_points(POWER_TOTAL) == MAX_BID == 2580


def lf_round(**changes) -> dict:
    return payloads.lf_round(["Ann", "Bob", "Cy"]) | changes


@pytest.mark.parametrize(
    ("changes", "path", "text"),
    [
        ({"bid": MAX_BID + 10}, "bid", "A bid is at most 2580, the most one round can score."),
        ({"bid": HUGE}, "bid", "A bid is at most 2580, the most one round can score."),
        ({"melds": [HUGE, 0, 0]}, "melds.0", "No hand can meld more than 1980 points."),
        ({"melds": [MAX_MELD + 10, 0, 0]}, "melds.0", "No hand can meld more than 1980 points."),
        (
            {"penalties": [0, HUGE, 0]},
            "penalties.1",
            "At most 10 penalties (1000 points) per player and round.",
        ),
        (
            {"penalties": [0, 0, [100] * 11]},
            "penalties.2",
            "At most 10 penalties (1000 points) per player and round.",
        ),
    ],
)
def test_luxury_family_refuses_numbers_beyond_its_limits(changes, path, text):
    with pytest.raises(ScoreError) as refused:
        score("luxury_family", lf_round(**changes))
    assert refused.value.errors[path] == [text]


def test_luxury_family_accepts_every_number_at_its_limits():
    top = score(
        "luxury_family",
        lf_round(bid=MAX_BID, melds=[MAX_MELD] * 3, power_points=[240, 0, 0]),
    )
    assert [p["total"] for p in top["players"]] == [MAX_ROUND_POINTS, MAX_MELD, MAX_MELD]
    bottom = score(
        "luxury_family",
        lf_round(bid=MAX_BID, penalties=[MAX_PENALTY_POINTS] * 3, power_points=[240, 0, 0]),
    )
    assert [p["total"] for p in bottom["players"]] == [-MAX_BID, -1000, -1000]


def test_hand_and_foot_books_have_a_limit_from_the_decks():
    hand = hf_hand(1)
    hand["teams"][0]["red_books"] = HUGE
    with pytest.raises(ScoreError) as refused:
        score("hand_and_foot", hand, {"decks": 4})
    assert refused.value.errors["teams.0.red_books"] == ["At most 28 books (decks: 4)."]
    assert max_books(MAX_DECKS) == 85


@pytest.mark.parametrize(
    ("game", "payload", "path"),
    [
        (
            "exact_bid",
            {"players": ["A", "B"], "rounds": [{"bids": [HUGE, 0], "tricks": [10, 0]}]},
            "rounds.0.bids.0",
        ),
        ("laus", None, "taken.0.aces"),
        ("hand_and_foot", None, "teams.1.in_hand.low"),
    ],
)
def test_every_other_count_is_bounded_too(game, payload, path):
    if game == "laus":
        payload = laus_round(["A", "B", "C", "D"])
        payload["taken"][0]["aces"] = HUGE
    elif game == "hand_and_foot":
        payload = hf_hand(1)
        payload["teams"][1]["in_hand"]["low"] = HUGE
    with pytest.raises(ScoreError) as refused:
        score(game, payload)
    assert path in refused.value.errors


def test_every_option_states_its_limits():
    for game in GAMES.values():
        for option in game.options:
            if option.kind == "bool":
                continue
            assert option.maximum is not None, option.name
            with pytest.raises(ScoreError):
                game.clean_options({option.name: HUGE if option.kind != "int_list" else [HUGE]})
    with pytest.raises(ValueError, match="needs a minimum and a maximum"):
        Option("unbounded", "Unbounded", 1)


def test_the_most_rounds_a_game_has_comes_from_its_options():
    assert GAMES["hand_and_foot"].max_rounds({"hands": 3}) == 3
    assert GAMES["exact_bid"].max_rounds({"start_cards": 8}) == 8
    assert GAMES["luxury_family"].max_rounds({"rounds": 30}) == 30
    assert GAMES["laus"].max_rounds({"rounds": None, "threshold": 1000}) == 100


LONGEST = "F" * NAME_PART_LENGTH + " " + "L" * NAME_PART_LENGTH


def test_a_name_the_club_may_store_can_always_be_scored():
    assert len(LONGEST) == MAX_NAME_LENGTH
    others = ["Bob", "Cy", "Di"]
    score("luxury_family", lf_round(players=[LONGEST, *others[:2]]))
    score("laus", laus_round([LONGEST, *others]))
    score("exact_bid", {"players": [LONGEST, "Bob"], "rounds": []})
    with pytest.raises(ScoreError) as refused:
        score("laus", laus_round([LONGEST + "x", *others]))
    assert refused.value.errors["players.0"] == ["A name has at most 161 characters."]
