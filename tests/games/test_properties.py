"""Properties of all games, checked with Hypothesis over valid and arbitrary payloads."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from clubscore.games import GAMES, ScoreError, score
from clubscore.games.luxury_family import CARD_CODES, meld_combinations

NAMES = ["Ann", "Bob", "Cy", "Di", "Eve"]
SUITS = ["S", "H", "D", "C"]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**6), max_value=10**6)
    | st.integers()
    | st.floats(allow_nan=True)
    | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


def split(draw: st.DrawFn, total: int, parts: int) -> list[int]:
    """Split ``total`` into ``parts`` non-negative whole numbers."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    edges = [0, *cuts, total]
    return [edges[i + 1] - edges[i] for i in range(parts)]


@st.composite
def hand_and_foot_teams(draw: st.DrawFn, may_go_out: bool) -> dict[str, Any]:
    """A valid team of a 4-deck hand, using at most half of each card kind."""
    red, black = draw(st.integers(0, 3)), draw(st.integers(0, 3))
    book_wilds = draw(st.integers(0, 3 * black))
    naturals = 7 * (red + black) - book_wilds + draw(st.integers(0, 5))
    aces = draw(st.integers(0, min(8, naturals)))
    high = draw(st.integers(0, min(32, naturals - aces)))
    wilds = book_wilds + draw(st.integers(0, max(0, min(2, naturals - 1 - book_wilds))))
    jokers = draw(st.integers(max(0, wilds - 8), min(4, wilds)))
    black_threes = draw(st.integers(0, 2))
    melded = {
        "jokers": jokers,
        "twos": wilds - jokers,
        "aces": aces,
        "high": high,
        "low": naturals - aces - high,
        "black_threes": black_threes,
    }
    limits = {"jokers": 4, "twos": 8, "aces": 8, "high": 32, "low": 48, "black_threes": 4}
    in_hand = {
        kind: draw(st.integers(0, min(3, limit - melded[kind]))) for kind, limit in limits.items()
    }
    in_hand["red_threes"] = draw(st.integers(0, 4))
    if not any(melded.values()) and not any(in_hand.values()):
        in_hand["low"] = 1  # a team always holds or has laid down cards
    return {
        "red_books": red,
        "black_books": black,
        "went_out": may_go_out and red >= 2 and black >= 2 and draw(st.booleans()),
        "exact_deals": draw(st.integers(0, 2)),
        "melded": melded,
        "in_hand": in_hand,
    }


@st.composite
def hand_and_foot_payloads(draw: st.DrawFn) -> dict[str, Any]:
    first_may_go_out = draw(st.booleans())
    teams = [draw(hand_and_foot_teams(first_may_go_out)), draw(hand_and_foot_teams(False))]
    if draw(st.booleans()):
        teams.reverse()
    payload = {"hand": draw(st.integers(1, 3)), "teams": teams}
    if draw(st.booleans()):
        payload["decks"] = 4
    return payload


@st.composite
def exact_bid_payloads(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.permutations(NAMES))[: draw(st.integers(2, 4))]
    # Any first round the two 32-card decks allow the table (64 ÷ players).
    start_cards = draw(st.integers(1, 64 // len(players)))
    rounds = []
    for index in range(draw(st.integers(0, start_cards))):
        cards = start_cards - index
        bids = draw(st.lists(st.integers(0, cards), min_size=len(players), max_size=len(players)))
        rounds.append({"bids": bids, "tricks": split(draw, cards, len(players))})
    return {"players": players, "start_cards": start_cards, "rounds": rounds}


@st.composite
def luxury_family_payloads(draw: st.DrawFn) -> dict[str, Any]:
    deck = draw(st.permutations(sorted(CARD_CODES) * 2))
    melds: list[Any] = []
    for seat in range(3):
        if draw(st.booleans()):
            hand = deck[16 * seat : 16 * seat + 16]
            melds.append({"cards": [card for card in hand if draw(st.booleans())]})
        else:
            melds.append(draw(st.integers(0, 100)) * 10)
    # No hand takes exactly 1 power point (a jack, 2, is the least that counts), nor 239.
    takes = st.integers(0, 240).filter(lambda n: n not in (1, 239))
    first = draw(takes)
    second = draw(
        st.integers(0, 240 - first).filter(lambda n: {n, 240 - first - n}.isdisjoint({1, 239}))
    )
    penalty = st.sampled_from([0, 20, 40, 50, 100, 150]) | st.lists(
        st.sampled_from([20, 50, 100]), max_size=3
    )
    return {
        "players": draw(st.permutations(NAMES))[:3],
        "bid": draw(st.integers(1, 100)) * 10,
        "game_maker": draw(st.integers(0, 2)),
        "trump": draw(st.sampled_from(SUITS)),
        "melds": melds,
        "power_points": [first, second, 240 - first - second],
        "penalties": [draw(penalty) for _ in range(3)],
    }


@st.composite
def laus_payloads(draw: st.DrawFn) -> dict[str, Any]:
    takers = {suit: draw(st.integers(0, 3)) for suit in SUITS}
    counts = {key: split(draw, 4, 4) for key in ("aces", "kings", "queens")}
    taken = [
        {
            "tens": [suit for suit in SUITS if takers[suit] == seat],
            **{key: counts[key][seat] for key in counts},
        }
        for seat in range(4)
    ]
    return {"players": draw(st.permutations(NAMES))[:4], "taken": taken}


VALID = {
    "hand_and_foot": hand_and_foot_payloads(),
    "exact_bid": exact_bid_payloads(),
    "luxury_family": luxury_family_payloads(),
    "laus": laus_payloads(),
}
any_game_and_valid_payload = st.sampled_from(list(VALID)).flatmap(
    lambda key: st.tuples(st.just(key), VALID[key])
)


def entries(result: dict[str, Any]) -> list[dict[str, Any]]:
    return result.get("teams") or result["players"]


def assert_well_formed_error(error: ScoreError) -> None:
    assert error.errors
    for path, messages in error.errors.items():
        assert isinstance(path, str)
        assert messages and all(isinstance(m, str) and m for m in messages)


@settings(max_examples=300)
@given(any_game_and_valid_payload)
def test_valid_payloads_score_and_lines_add_up_to_the_total(game_and_payload):
    game, payload = game_and_payload
    original = copy.deepcopy(payload)

    result = score(game, payload)

    assert payload == original
    assert score(game, payload) == result
    for entry in entries(result):
        assert type(entry["total"]) is int
        assert sum(line["points"] for line in entry["lines"]) == entry["total"]
        assert all(isinstance(line["label"], str) and line["label"] for line in entry["lines"])


@settings(max_examples=300)
@given(st.sampled_from([*GAMES, "poker"]), json_values)
def test_any_json_gives_a_result_or_a_score_error(game, payload):
    original = copy.deepcopy(payload)
    try:
        score(game, payload)
    except ScoreError as error:
        assert_well_formed_error(error)
    assert repr(payload) == repr(original)  # repr: NaN != NaN


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value inside ``value``, the root included."""
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found += paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += paths(child, (*prefix, index))
    return found


@st.composite
def near_valid_payloads(draw: st.DrawFn) -> tuple[str, Any, str]:
    """A valid payload with one thing changed: a value replaced, a key dropped or added."""
    game, payload = draw(any_game_and_valid_payload)
    path = draw(st.sampled_from(paths(payload)))
    how = draw(st.sampled_from(["replace", "delete", "add"]))
    if not path:
        return game, draw(json_values), how
    parent = payload
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "replace":
        parent[last] = draw(json_values)
    elif how == "delete":
        del parent[last]
    elif isinstance(parent[last], dict):
        parent[last]["surprise"] = draw(json_values)
    else:
        how = "replace"
        parent[last] = draw(json_values)
    return game, payload, how


@settings(max_examples=300)
@given(near_valid_payloads())
def test_nearly_valid_payloads_give_a_result_or_a_score_error(case):
    game, payload, how = case
    original = copy.deepcopy(payload)
    try:
        result = score(game, payload)
    except ScoreError as error:
        assert_well_formed_error(error)
    else:
        assert how != "add", "an unknown key must be refused"
        for entry in entries(result):
            assert sum(line["points"] for line in entry["lines"]) == entry["total"]
    assert repr(payload) == repr(original)


@settings(max_examples=200)
@given(laus_payloads())
def test_laus_players_without_the_ten_of_diamonds_take_at_most_760_together(payload):
    players = score("laus", payload)["players"]

    assert sum(p["total"] for p in players if not p["null"]) <= 760
    assert sum(p["null"] for p in players) == 1


@settings(max_examples=200)
@given(exact_bid_payloads())
def test_exact_bid_multipliers_and_ranks_are_permutations(payload):
    players = score("exact_bid", payload)["players"]
    count = len(players)

    assert sorted(p["multiplier"] for p in players) == list(range(1, count + 1))
    assert sorted(p["rank"] for p in players) == list(range(1, count + 1))
    by_rank = sorted(players, key=lambda p: p["rank"])
    keys = [(p["points"], p["tricks"]) for p in by_rank]
    assert keys == sorted(keys, reverse=True)


@settings(max_examples=300)
@given(
    st.lists(st.sampled_from(sorted(CARD_CODES)), max_size=16).filter(
        lambda cards: all(cards.count(c) <= 2 for c in cards)
    ),
    st.lists(st.sampled_from(sorted(CARD_CODES)), max_size=16),
    st.sampled_from(SUITS),
)
def test_showing_more_cards_never_lowers_the_meld(cards, more, trump):
    bigger = list(cards)
    for card in more:
        if bigger.count(card) < 2 and len(bigger) < 16:
            bigger.append(card)

    def points(shown: list[str]) -> int:
        return sum(c["points"] for c in meld_combinations(shown, trump))

    assert points(bigger) >= points(cards)


@settings(max_examples=200)
@given(any_game_and_valid_payload, st.randoms(use_true_random=False))
def test_reordering_the_players_reorders_the_results_and_nothing_else(game_and_payload, random):
    game, payload = game_and_payload
    result = score(game, payload)
    count = len(entries(result))
    order = list(range(count))
    random.shuffle(order)

    reordered = copy.deepcopy(payload)
    if game == "hand_and_foot":
        reordered["teams"] = [payload["teams"][i] for i in order]
    else:
        reordered["players"] = [payload["players"][i] for i in order]
    if game == "exact_bid":
        for reordered_round, original_round in zip(
            reordered["rounds"], payload["rounds"], strict=True
        ):
            for key in ("bids", "tricks"):
                reordered_round[key] = [original_round[key][i] for i in order]
    if game == "luxury_family":
        for key in ("melds", "power_points", "penalties"):
            reordered[key] = [payload[key][i] for i in order]
        reordered["game_maker"] = order.index(payload["game_maker"])
    if game == "laus":
        reordered["taken"] = [payload["taken"][i] for i in order]

    again = entries(score(game, reordered))
    expected = [entries(result)[i] for i in order]
    if game == "exact_bid" and len({(p["points"], p["tricks"]) for p in expected}) < count:
        # A full tie is broken by the players' order, so only the ranking may change.
        ranking = ("rank", "multiplier", "total", "lines")
        again = [{k: v for k, v in p.items() if k not in ranking} for p in again]
        expected = [{k: v for k, v in p.items() if k not in ranking} for p in expected]
    assert again == expected
