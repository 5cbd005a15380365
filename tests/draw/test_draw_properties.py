"""The draw over random clubs (hypothesis): the hard rules always hold, the result depends
only on the arguments, and anything impossible is a DrawError, never another exception."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubscore.draw import TABLE_SIZES, DrawError, draw, fit

GAMES = sorted(TABLE_SIZES)


@st.composite
def clubs(draw_from):
    """A club night: players, couples among them, past partnerships, past sit-outs."""
    n = draw_from(st.integers(4, 400))
    n_couples = draw_from(st.integers(0, n // 2))
    rng = random.Random(draw_from(st.integers(0, 2**32)))
    players = [f"player-{i}" for i in range(n)]
    rng.shuffle(players)  # check-in order
    couples = [(players[2 * i], players[2 * i + 1]) for i in range(n_couples)]
    history = []
    for _event in range(draw_from(st.integers(0, 3))):
        everyone = players + [f"gone-{i}" for i in range(rng.randrange(5))]
        rng.shuffle(everyone)
        history.append([(everyone[i], everyone[i + 1]) for i in range(0, len(everyone) - 1, 2)])
    return {
        "game": draw_from(st.sampled_from(GAMES)),
        "players": players,
        "couples": couples,
        "seed": draw_from(st.integers(0, 2**63) | st.text(max_size=8)),
        "history": history,
        "sat_out": rng.sample(players, rng.randrange(min(n, 10))),
        "allow_sit_out": draw_from(st.booleans()),
        "scorekeepers": [rng.choice(couple) for couple in couples],
    }


def members(table):
    if "teams" in table:
        return [p for team in table["teams"] for p in team]
    return table["players"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(club=clubs())
def test_hard_rules_hold_and_the_draw_is_reproducible(club):
    room = fit(club["game"], len(club["players"]))
    if room["sit_out"] and not club["allow_sit_out"]:
        try:
            draw(**club)
        except DrawError as error:
            assert str(error) == room["problem"]
            return
        raise AssertionError("a draw that does not fit must be refused")

    result = draw(**club)

    # Everyone is seated exactly once or sits out with a reason.
    seated = [p for table in result["tables"] for p in members(table)]
    out = [entry["player"] for entry in result["sitting_out"]]
    assert sorted(seated + out) == sorted(club["players"])
    assert all(entry["reason"] for entry in result["sitting_out"])
    assert len(out) == room["sit_out"]
    assert sorted(len(members(t)) for t in result["tables"]) == sorted(room["table_sizes"])

    # Spouses are never partners.
    couples = {tuple(sorted(couple)) for couple in club["couples"]}
    for table in result["tables"]:
        assert table["first"] in members(table)
        assert sorted(table["high_cards"]) == sorted(members(table))
        for team in table.get("teams", []):
            assert tuple(sorted(team)) not in couples
    # With two tables or more, couples can always sit apart, so they do.
    if len(result["tables"]) > 1:
        assert not any("share a table" in warning for warning in result["warnings"])

    # Reproducible and plain data.
    assert draw(**club) == result
    assert json.loads(json.dumps(result)) == result


@settings(max_examples=25, deadline=None)
@given(club=clubs(), order_seed=st.integers(0, 1000))
def test_only_who_is_there_matters_not_the_order(club, order_seed):
    rng = random.Random(order_seed)
    reordered = dict(club, players=club["players"][:], couples=[(b, a) for a, b in club["couples"]])
    rng.shuffle(reordered["players"])
    rng.shuffle(reordered["couples"])
    try:
        expected = draw(**club)
    except DrawError as error:
        expected = str(error)
    try:
        assert draw(**reordered) == expected
    except DrawError as error:
        assert str(error) == expected


# --- fuzz: wrong types, duplicates, unknown games, bad couples -----------------------

names = st.sampled_from(["ann", "al", "bob", "bea", "cy", "di", "", " ", "ed"])
anything = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4) | names,
    lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner),
    max_leaves=12,
)
pairs = st.tuples(names, names) | st.lists(names, max_size=3) | anything


@settings(max_examples=300, deadline=None)
@given(
    game=st.sampled_from([*GAMES, "canasta", "", None, 4]),
    players=st.lists(names, max_size=9) | anything,
    couples=st.lists(pairs, max_size=4) | anything,
    seed=st.integers() | st.text(max_size=4) | anything,
    history=st.none() | st.lists(st.lists(pairs, max_size=3), max_size=3) | anything,
    sat_out=st.none() | st.lists(names, max_size=3) | anything,
    allow_sit_out=st.booleans() | anything,
    scorekeepers=st.none() | st.lists(names, max_size=3) | anything,
    options=st.none() | st.fixed_dictionaries({"start_cards": anything}) | anything,
)
def test_impossible_requests_fail_with_a_draw_error_only(**kwargs):
    try:
        result = draw(**kwargs)
    except DrawError as error:
        assert str(error)
        return
    assert json.loads(json.dumps(result)) == result
