"""Each game says how long its play-off round is (issue 27): a game option, asked of
the game (`Game.playoff_entries`), never looked up by the game's key outside it."""

import pytest

from clubscore.games import GAMES, ScoreError


@pytest.mark.parametrize(
    "game, options, entries",
    [
        ("hand_and_foot", {}, 1),  # one hand
        ("laus", {}, 1),  # one round
        ("luxury_family", {}, 1),
        ("exact_bid", {}, 10),  # one game from its start cards
        ("exact_bid", {"start_cards": 7}, 7),
        ("hand_and_foot", {"playoff_entries": 2}, 2),
        ("laus", {"rounds": None, "threshold": 300}, 1),  # also played to a threshold
    ],
)
def test_the_play_off_length(game, options, entries):
    assert GAMES[game].playoff_entries(options) == entries


@pytest.mark.parametrize("value", [0, 31, "2", None, True, 1.5])
def test_a_play_off_length_has_limits(value):
    with pytest.raises(ScoreError):
        GAMES["luxury_family"].clean_options({"playoff_entries": value})
