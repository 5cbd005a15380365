"""The draw with ratings (the event option "Balance tables by rating"): the hard rules
still hold, the soft rules come first, and each table's teams are as even as they allow."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubscore.draw import DrawError, draw

from .test_draw_properties import clubs, members, test_hard_rules_hold_and_the_draw_is_reproducible


def gap(table, ratings):
    a, b = table["teams"]
    return abs(sum(ratings[p] for p in a) - sum(ratings[p] for p in b))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(club=clubs(), data=st.data())
def test_hard_rules_hold_with_ratings(club, data):
    ratings = {
        p: data.draw(st.floats(-50, 80, allow_nan=False))
        for p in club["players"]
        if data.draw(st.booleans())  # some players are not rated yet
    }
    test_hard_rules_hold_and_the_draw_is_reproducible.hypothesis.inner_test(
        club=dict(club, ratings=ratings)
    )


@settings(max_examples=40, deadline=None)
@given(
    ratings=st.lists(st.integers(-20, 60), min_size=16, max_size=16),
    seed=st.integers(0, 10**6),
)
def test_each_table_takes_its_most_even_pairing(ratings, seed):
    players = [f"p{i}" for i in range(16)]
    rated = dict(zip(players, map(float, ratings), strict=True))
    result = draw("hand_and_foot", players, [], seed, ratings=rated)
    for table in result["tables"]:
        four = members(table)
        splits = [
            abs(
                rated[four[0]]
                + rated[four[i]]
                - sum(rated[p] for p in four if p not in (four[0], four[i]))
            )
            for i in (1, 2, 3)
        ]
        assert gap(table, rated) == min(splits)


def test_spouses_are_never_made_partners_to_even_the_teams():
    players = ["ann", "al", "bob", "cy"]
    # Ann and Al together would be the most even split; they are spouses.
    ratings = {"ann": 0.0, "al": 40.0, "bob": 10.0, "cy": 30.0}
    result = draw("hand_and_foot", players, [("ann", "al")], 7, ratings=ratings)
    for team in result["tables"][0]["teams"]:
        assert set(team) != {"ann", "al"}


def test_without_ratings_the_draw_is_unchanged():
    players = [f"p{i}" for i in range(12)]
    assert draw("hand_and_foot", players, [], 3) == draw(
        "hand_and_foot", players, [], 3, ratings=None
    )


@pytest.mark.parametrize("bad", [["p0"], {"p0": "strong"}, {"p0": float("nan")}, {"p0": True}])
def test_bad_ratings_are_a_draw_error(bad):
    with pytest.raises(DrawError):
        draw("hand_and_foot", [f"p{i}" for i in range(4)], [], 1, ratings=bad)
