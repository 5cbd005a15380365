"""The registry of games: what pages, forms and PDFs ask of each game."""

from __future__ import annotations

import pytest

from clubscore.games import GAMES, ScoreError, score


def test_the_four_games_of_the_club():
    assert list(GAMES) == ["hand_and_foot", "exact_bid", "luxury_family", "laus"]
    assert {key: g.name for key, g in GAMES.items()} == {
        "hand_and_foot": "Hand and Foot",
        "exact_bid": "Exact-bid trick game",
        "luxury_family": "Luxury Family",
        "laus": "Laus",
    }


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_every_option_has_a_label_help_limits_and_a_default_within_them(game):
    for option in game.options:
        assert option.label and option.help, option.name
        if option.kind == "bool":
            assert type(option.default) is bool
            continue
        # Every option is bounded, so no number a form sends can be too big to store.
        assert option.minimum is not None and option.maximum is not None, option.name
        defaults = option.default if isinstance(option.default, list) else [option.default]
        for value in defaults:
            assert value is None or option.minimum <= value <= option.maximum
        for value in option.suggestions:
            assert option.minimum <= value <= option.maximum


def test_table_sizes_and_standings_order():
    sizes = {key: (g.min_players, g.max_players, g.teams) for key, g in GAMES.items()}

    assert sizes == {
        "hand_and_foot": (4, 4, 2),
        "exact_bid": (2, 4, None),
        "luxury_family": (3, 3, None),
        "laus": (4, 4, None),
    }
    assert {key: g.standings_order for key, g in GAMES.items()} == {
        "hand_and_foot": "high",
        "exact_bid": "high",
        "luxury_family": "high",
        "laus": "low",
    }
    # Lowest wins: a Laus table that played fewer rounds would gain on totals, so its
    # standings compare points per round played when the counts differ.
    assert {key for key, g in GAMES.items() if g.standings_per_round} == {"laus"}


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_every_game_has_options_with_valid_defaults_and_point_values(game):
    assert game.clean_options() == game.default_options()
    assert game.clean_options()["time_limit_minutes"] == 90
    for label, points in game.point_values():
        assert isinstance(label, str) and label
        assert type(points) is int
    with pytest.raises(ScoreError) as caught:
        game.clean_options({"time_limit_minutes": True, "nonsense": 1})
    assert set(caught.value.errors) == {"time_limit_minutes", "nonsense"}


@pytest.mark.parametrize("game", ["poker", "", None, 3, ["laus"], {"laus": 1}])
def test_an_unknown_game_is_a_score_error(game):
    with pytest.raises(ScoreError) as caught:
        score(game, {})
    assert list(caught.value.errors) == ["game"]


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("payload", [None, [], "", 0, True, 1.5, "{}"])
def test_a_payload_that_is_not_an_object_is_a_whole_payload_error(game, payload):
    with pytest.raises(ScoreError) as caught:
        score(game, payload)
    assert list(caught.value.errors) == [""]


def test_bad_options_passed_to_score_are_keyed_below_options():
    with pytest.raises(ScoreError) as caught:
        score("laus", {}, {"rounds": 0})
    assert list(caught.value.errors) == ["options.rounds"]


def test_score_error_is_a_value_error_with_readable_text():
    error = ScoreError({"": ["Bad."], "teams.0.red_books": ["Cannot be negative."]})

    assert isinstance(error, ValueError)
    assert str(error) == "(payload): Bad.; teams.0.red_books: Cannot be negative."


def test_the_games_package_does_not_import_django():
    import subprocess
    import sys

    code = (
        "import sys, clubscore.games; "
        "sys.exit(any(m == 'django' or m.startswith('django.') for m in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
