"""A payload's errors come all at once: a missing field does not hide the others
(scoring contract: ``score`` "validates the payload completely")."""

from __future__ import annotations

import pytest

from clubscore.games import ScoreError, score

BAD_TEAM = {
    "red_books": -1,
    "black_books": 0,
    "went_out": "yes",
    "exact_deals": 9,
    "melded": {"low": -3},
}


@pytest.mark.parametrize(
    ("game", "payload", "paths"),
    [
        ("hand_and_foot", {"hand": 0}, {"hand", "teams"}),
        (
            "hand_and_foot",
            {"hand": 1, "teams": [BAD_TEAM, BAD_TEAM]},
            {
                "teams.0.in_hand",
                "teams.0.red_books",
                "teams.0.went_out",
                "teams.0.exact_deals",
                "teams.0.melded.low",
                "teams.0.melded.jokers",
                "teams.1.in_hand",
            },
        ),
        (
            "luxury_family",
            {"players": ["A", "B", "C"], "bid": 5, "game_maker": 9, "trump": "X", "melds": [0] * 3},
            {"power_points", "bid", "game_maker", "trump"},
        ),
        (
            "laus",
            {"players": ["A", "B", "C", "D"], "taken": [{"tens": ["X"], "aces": -1}] * 4},
            {"taken.0.kings", "taken.0.tens.0", "taken.0.aces", "taken.3.queens"},
        ),
        (
            "exact_bid",
            {"players": ["A", "B"], "rounds": [{"bids": [1, "x"]}]},
            {"rounds.0.tricks", "rounds.0.bids.1"},
        ),
        (
            "exact_bid",
            {"rounds": [{"bids": [1, "x"], "tricks": [0, 1]}]},
            {"players", "rounds.0.bids.1"},
        ),
    ],
)
def test_a_missing_field_does_not_hide_the_other_errors(game, payload, paths):
    with pytest.raises(ScoreError) as refused:
        score(game, payload)

    assert paths <= set(refused.value.errors), refused.value.errors
