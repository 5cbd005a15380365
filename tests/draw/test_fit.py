"""What fits: table counts and the messages the check-in page and the draw show."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clubscore.draw import TABLE_SIZES, DrawError, fit


def test_seventeen_for_tables_of_four():
    result = fit("hand_and_foot", 17)
    assert result["tables"] == 4
    assert result["table_sizes"] == [4, 4, 4, 4]
    assert (result["seated"], result["sit_out"], result["add"]) == (16, 1, 3)
    assert not result["fits"]
    assert result["message"] == (
        "17 checked in: 4 tables of four; one must sit out, or three more join"
    )
    assert result["problem"] == "17 players: tables of four seat 16; let 1 sit out or add 3 players"
    assert result["seat_reason"] == "17 players: tables of four seat 16"


def test_a_full_house_fits():
    result = fit("hand_and_foot", 36)
    assert result["fits"]
    assert result["message"] == "36 checked in: 9 tables of four"
    assert (result["sit_out"], result["add"], result["problem"]) == (0, 0, None)


def test_laus_is_tables_of_four():
    assert fit("laus", 18)["problem"] == (
        "18 players: tables of four seat 16; let 2 sit out or add 2 players"
    )
    assert fit("laus", 4)["message"] == "4 checked in: 1 table of four"


def test_luxury_family_is_tables_of_three():
    result = fit("luxury_family", 10)
    assert result["table_sizes"] == [3, 3, 3]
    assert result["problem"] == "10 players: tables of three seat 9; let 1 sit out or add 2 players"
    assert fit("luxury_family", 9)["message"] == "9 checked in: 3 tables of three"


def test_one_table_says_a_table():
    assert fit("hand_and_foot", 5)["problem"] == (
        "5 players: a table of four seats 4; let 1 sit out or add 3 players"
    )


@pytest.mark.parametrize(
    ("n", "sizes"),
    [
        (2, [2]),
        (3, [3]),
        (4, [4]),
        (5, [3, 2]),
        (6, [3, 3]),
        (7, [4, 3]),
        (8, [4, 4]),
        (9, [3, 3, 3]),
        (10, [4, 3, 3]),
        (11, [4, 4, 3]),
        (13, [4, 3, 3, 3]),
    ],
)
def test_exact_bid_tables_are_as_even_and_few_as_possible(n, sizes):
    result = fit("exact_bid", n)
    assert result["table_sizes"] == sizes
    assert result["fits"] and result["sit_out"] == 0


def test_exact_bid_message_names_mixed_sizes():
    assert fit("exact_bid", 10)["message"] == "10 checked in: 1 table of four and 2 tables of three"


@pytest.mark.parametrize(
    ("game", "n", "problem"),
    [
        ("hand_and_foot", 3, "3 players: a table of four needs 4; add 1 player"),
        ("luxury_family", 1, "1 player: a table of three needs 3; add 2 players"),
        ("exact_bid", 1, "1 player: a table needs at least 2; add 1 player"),
        ("laus", 0, "0 players: a table of four needs 4; add 4 players"),
    ],
)
def test_too_few_for_a_table(game, n, problem):
    result = fit(game, n)
    assert result["tables"] == 0 and not result["fits"]
    assert result["problem"] == problem


@pytest.mark.parametrize("n", [-1, 2.0, "4", None, True])
def test_it_refuses_a_bad_count(n):
    with pytest.raises(DrawError):
        fit("laus", n)


def test_it_refuses_an_unknown_game():
    with pytest.raises(DrawError, match="Unknown game 'canasta'"):
        fit("canasta", 8)


@given(game=st.sampled_from(sorted(TABLE_SIZES)), n=st.integers(0, 2000))
def test_fit_arithmetic_for_every_game(game, n):
    size = TABLE_SIZES[game]
    result = fit(game, n)
    sizes = result["table_sizes"]
    assert result["tables"] == len(sizes)
    assert result["seated"] == sum(sizes)
    assert all(size.smallest <= s <= size.largest for s in sizes)
    if not sizes:
        assert n < size.smallest and result["add"] == size.smallest - n
        return
    assert result["seated"] + result["sit_out"] == n
    assert result["fits"] == (result["sit_out"] == 0)
    if size.fixed:
        assert result["sit_out"] < size.largest
        assert (n + result["add"]) % size.largest == 0
        assert result["add"] < size.largest
    else:
        assert result["sit_out"] == 0
        assert len(sizes) == math.ceil(n / size.largest)
        assert max(sizes) - min(sizes) <= 1
        assert sizes == sorted(sizes, reverse=True)
