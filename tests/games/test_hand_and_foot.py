"""Hand and Foot: the club sheet's points and every impossible hand the contract names."""

from __future__ import annotations

import pytest

from clubscore.games import GAMES, ScoreError, score

NOTHING_MELDED = {"jokers": 0, "twos": 0, "aces": 0, "high": 0, "low": 0, "black_threes": 0}
NOTHING_IN_HAND = {**NOTHING_MELDED, "red_threes": 0}


def team(melded=(), in_hand=(), **fields):
    return {
        "red_books": 0,
        "black_books": 0,
        "went_out": False,
        "exact_deals": 0,
        "melded": {**NOTHING_MELDED, **dict(melded)}
        if isinstance(melded, dict | tuple)
        else melded,
        "in_hand": {**NOTHING_IN_HAND, **dict(in_hand)}
        if isinstance(in_hand, dict | tuple)
        else in_hand,
        **fields,
    }


def quiet_team():
    """A team that scored nothing: one black three (0 points) left in hand."""
    return team(in_hand={"black_threes": 1})


def hand(first=None, second=None, **fields):
    return {"hand": 1, "teams": [first or quiet_team(), second or quiet_team()], **fields}


def worked_example_team():
    return team(
        red_books=2,
        black_books=2,
        went_out=True,
        exact_deals=1,
        melded={"jokers": 1, "twos": 2, "aces": 4, "high": 12, "low": 10},
    )


def errors_of(payload, options=None):
    with pytest.raises(ScoreError) as caught:
        score("hand_and_foot", payload, options)
    return caught.value.errors


def test_the_worked_example_scores_2140():
    result = score("hand_and_foot", hand(worked_example_team()))

    first = result["teams"][0]
    assert first["total"] == 2140
    assert [line["points"] for line in first["lines"]] == [
        1000, 600, 50, 40, 80, 120, 50, 100, 100,
    ]  # fmt: skip
    assert result["teams"][1]["total"] == 0


def test_cards_left_in_hand_count_against_the_team():
    loser = team(in_hand={"jokers": 1, "twos": 1, "aces": 1, "high": 2, "low": 3, "red_threes": 1})

    result = score("hand_and_foot", hand(worked_example_team(), loser))

    assert result["teams"][1]["total"] == -50 - 20 - 20 - 20 - 15 - 500
    assert all(line["label"].startswith("In hand") for line in result["teams"][1]["lines"])


def test_black_threes_count_nothing():
    result = score("hand_and_foot", hand(team(melded={"black_threes": 2, "low": 3})))

    assert result["teams"][0]["total"] == 15


def test_a_black_book_may_have_three_wild_cards():
    four_naturals = team(black_books=1, melded={"low": 4, "jokers": 1, "twos": 2})

    assert score("hand_and_foot", hand(four_naturals))["teams"][0]["total"] == 300 + 20 + 50 + 40


def test_the_meld_minimum_follows_the_hand():
    assert [score("hand_and_foot", {**hand(), "hand": h})["meld_minimum"] for h in (1, 2, 3)] == [
        90,
        120,
        150,
    ]


def test_hands_beyond_the_minimums_use_the_last_one():
    game = GAMES["hand_and_foot"]

    assert game.meld_minimum(5, {"hands": 5}) == 150
    assert score("hand_and_foot", {**hand(), "hand": 4}, {"hands": 4})["meld_minimum"] == 150


def test_the_hand_must_be_one_of_the_games_hands():
    assert "hand" in errors_of({**hand(), "hand": 4})
    assert "hand" in errors_of({**hand(), "hand": 0})


def test_decks_are_optional_and_limit_the_cards():
    assert score("hand_and_foot", hand(decks=1))["teams"][0]["total"] == 0
    errors = errors_of(hand(team(melded={"jokers": 3}), decks=1))
    assert errors == {"teams.0.melded.jokers": ["At most 2 of these (decks: 1)."]}


def test_both_teams_together_cannot_hold_more_cards_than_the_decks():
    errors = errors_of(hand(team(in_hand={"jokers": 5}), team(in_hand={"jokers": 4})))

    # On the fields that made the total, each team's.
    text = ["The teams counted 9 jokers; there are at most 8 (decks: 4)."]
    assert errors == {"teams.0.in_hand.jokers": text, "teams.1.in_hand.jokers": text}


@pytest.mark.parametrize(
    ("path", "value"),
    [
        ("red_books", True),
        ("red_books", "2"),
        ("red_books", 2.0),
        ("red_books", -1),
        ("red_books", None),
        ("exact_deals", 3),
        ("went_out", 1),
        ("melded", []),
        ("in_hand", "none"),
    ],
)
def test_wrong_values_are_refused_on_their_field(path, value):
    errors = errors_of(hand(second=team(**{path: value})))

    assert list(errors) == [f"teams.1.{path}"]


def test_a_bool_is_not_a_card_count():
    assert list(errors_of(hand(team(melded={"jokers": True})))) == ["teams.0.melded.jokers"]


def test_red_threes_are_never_laid_down():
    errors = errors_of(hand(team(melded={"red_threes": 1})))

    assert errors == {
        "teams.0.melded.red_threes": ["Red threes are never laid down; count them in hand."]
    }


def test_unknown_and_missing_keys_are_errors():
    extra = team(bonus=100)
    missing = team()
    del missing["exact_deals"]

    assert list(errors_of(hand(extra))) == ["teams.0.bonus"]
    assert list(errors_of(hand(missing))) == ["teams.0.exact_deals"]
    assert list(errors_of({**hand(), "players": 4})) == ["players"]


def test_books_need_enough_natural_cards():
    errors = errors_of(hand(team(red_books=1, melded={"aces": 6, "jokers": 1})))

    assert errors == {
        "teams.0.red_books": [
            "1 red and 0 black books need at least 7 natural cards (aces and K–4), "
            "but only 6 were melded."
        ]
    }


def test_black_books_take_at_most_three_wild_cards_each():
    # 2 black books: 14 cards, of which at most 6 wild; 8 naturals + 5 wilds make 13.
    errors = errors_of(hand(team(black_books=2, melded={"high": 8, "twos": 5})))

    assert list(errors) == ["teams.0.black_books"]
    assert "need 14 cards" in errors["teams.0.black_books"][0]


def test_melded_cards_need_more_natural_than_wild_cards():
    errors = errors_of(hand(team(melded={"high": 3, "jokers": 2, "twos": 1})))

    assert list(errors) == ["teams.0.melded"]


def test_going_out_needs_two_red_and_two_black_books():
    short = team(red_books=2, black_books=1, went_out=True, melded={"aces": 8, "high": 13})

    errors = errors_of(hand(short))

    assert errors == {
        "teams.0.went_out": [
            "Going out needs at least two red and two black books; this team has 2 red and 1 black."
        ]
    }


def test_only_one_team_can_go_out():
    errors = errors_of(hand(worked_example_team(), worked_example_team()))

    text = ["Only one team can go out."]
    assert errors == {"teams.0.went_out": text, "teams.1.went_out": text}


def test_exactly_two_teams():
    assert list(errors_of({"hand": 1, "teams": [team()]})) == ["teams"]
    assert list(errors_of({"hand": 1, "teams": [team(), team(), team()]})) == ["teams"]


def test_all_errors_are_reported_at_once():
    errors = errors_of(hand(team(red_books=-1), team(exact_deals="1"), decks=0))

    assert set(errors) == {"decks", "teams.0.red_books", "teams.1.exact_deals"}


def test_the_options_fill_defaults_and_refuse_bad_values():
    game = GAMES["hand_and_foot"]

    assert game.clean_options() == {
        "decks": 4,
        "hands": 3,
        "meld_minimums": [90, 120, 150],
        "time_limit_minutes": 90,
        "grace_minutes": 15,
        "playoff_time_limit_minutes": 30,  # about one hand
        "playoff_entries": 1,  # a play-off is one hand
        "first_table_bonus": 400,
        "balance_by_rating": False,
    }
    assert not game.played_in_rounds  # one game of three hands, unless a round is added
    with pytest.raises(ScoreError) as caught:
        game.clean_options(
            {"decks": "4", "meld_minimums": [90, -1], "colour": "red", "balance_by_rating": 1}
        )
    assert set(caught.value.errors) == {
        "decks",
        "meld_minimums.1",
        "colour",
        "balance_by_rating",
    }


def test_the_score_card_lists_the_sheets_point_values():
    values = dict(GAMES["hand_and_foot"].point_values())

    assert values["Red book"] == 500
    assert values["Black book"] == 300
    assert values["9 through 4"] == 5
    assert values["Red three left in hand"] == -500


def test_a_team_with_no_cards_at_all_is_refused():
    # Issue 18.3: a team always holds or has laid down cards; all zeros is a hand not counted.
    errors = errors_of(hand(team(), worked_example_team()))
    assert list(errors) == ["teams.0.in_hand"]
    assert "always holds or has laid down cards" in errors["teams.0.in_hand"][0]


def test_one_team_is_scored_alone_and_refused_when_empty():
    game = GAMES["hand_and_foot"]
    assert game.score_team(worked_example_team(), 1, 0)["total"] == 2140
    assert game.entry.score_part(game, worked_example_team(), 1, 0, {})["total"] == 2140
    with pytest.raises(ScoreError) as caught:
        game.score_team(team(), 1, 1)
    assert list(caught.value.errors) == ["teams.1.in_hand"]
