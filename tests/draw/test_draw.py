"""The draw, case by case: the contract's examples, the hard and soft rules, the extras."""

import json
import random

import pytest

from clubscore.draw import DrawError, draw

SEEDS = range(25)


def names(n):
    return [f"p{i:02d}" for i in range(n)]


def members(table):
    if "teams" in table:
        return [p for team in table["teams"] for p in team]
    return table["players"]


def table_of(result):
    return {p: table["number"] for table in result["tables"] for p in members(table)}


# --- the contract's call and result -------------------------------------------------


def test_it_works_as_the_contract_calls_it():
    result = draw(
        game="hand_and_foot",
        players=["ann", "al", "bob", "bea", "cy", "di", "ed", "flo"],
        couples=[("ann", "al"), ("bob", "bea")],
        seed=20261122,
        history=[[("ann", "cy")]],
        sat_out=["eve"],
        allow_sit_out=False,
    )
    assert result["seed"] == 20261122
    assert [t["number"] for t in result["tables"]] == [1, 2]
    for table in result["tables"]:
        assert len(table["teams"]) == 2 and all(len(team) == 2 for team in table["teams"])
        assert table["first"] in members(table)
    assert result["sitting_out"] == []
    assert result["warnings"] == []
    assert json.loads(json.dumps(result)) == result


def test_other_games_list_players_in_seating_order():
    for game, size in [("laus", 4), ("luxury_family", 3)]:
        result = draw(game, names(size * 3), [], seed=7)
        assert [len(t["players"]) for t in result["tables"]] == [size] * 3
        assert all("teams" not in t for t in result["tables"])


def test_exact_bid_tables_are_even():
    result = draw("exact_bid", names(10), [], seed=3)
    assert [len(t["players"]) for t in result["tables"]] == [4, 3, 3]
    assert draw("exact_bid", names(2), [], seed=3)["tables"][0]["players"] != []


# --- numbers that do not fit --------------------------------------------------------


def test_seventeen_players_without_sit_outs_is_refused_with_what_would_work():
    with pytest.raises(DrawError) as caught:
        draw("hand_and_foot", names(17), [], seed=1)
    assert str(caught.value) == "17 players: tables of four seat 16; let 1 sit out or add 3 players"


def test_ten_for_luxury_family_is_refused_with_what_would_work():
    with pytest.raises(DrawError) as caught:
        draw("luxury_family", names(10), [], seed=1)
    assert str(caught.value) == "10 players: tables of three seat 9; let 1 sit out or add 2 players"


def test_seventeen_players_with_sit_outs_leave_one_out_with_a_reason():
    result = draw("hand_and_foot", names(17), [], seed=1, allow_sit_out=True)
    assert len(result["tables"]) == 4
    [out] = result["sitting_out"]
    assert out["reason"].startswith("17 players: tables of four seat 16")
    assert out["player"] not in table_of(result)


@pytest.mark.parametrize(
    ("game", "n"), [("hand_and_foot", 3), ("luxury_family", 2), ("exact_bid", 1)]
)
def test_too_few_players_is_refused_even_with_sit_outs(game, n):
    with pytest.raises(DrawError, match="add"):
        draw(game, names(n), [], seed=1, allow_sit_out=True)


# --- sit-outs go to whoever sat out least recently ----------------------------------


def test_who_never_sat_out_sits_out_first():
    players = names(5)
    sat_out = ["p04", "p03", "p02", "p01"]  # newest first; p00 never sat out
    for seed in SEEDS:
        result = draw("laus", players, [], seed=seed, sat_out=sat_out, allow_sit_out=True)
        assert [o["player"] for o in result["sitting_out"]] == ["p00"]
        assert result["warnings"] == []


def test_then_who_sat_out_longest_ago_with_a_warning():
    players = names(6)
    sat_out = ["p05", "p04", "p03", "p02", "p01", "p00"]
    result = draw("hand_and_foot", players, [], seed=5, sat_out=sat_out, allow_sit_out=True)
    assert [o["player"] for o in result["sitting_out"]] == ["p00", "p01"]
    assert "p00 sat out recently and sits out again" in result["warnings"]


def test_sit_outs_among_those_who_never_sat_out_are_drawn_by_lot():
    chosen = {
        draw("laus", names(5), [], seed=seed, allow_sit_out=True)["sitting_out"][0]["player"]
        for seed in SEEDS
    }
    assert len(chosen) > 1


# --- hard rule: spouses are never partners ------------------------------------------


def test_spouses_are_never_partners_even_when_they_must_share_the_table():
    couples = [("p00", "p01"), ("p02", "p03")]
    for seed in SEEDS:
        result = draw("hand_and_foot", names(4), couples, seed=seed)
        for team in result["tables"][0]["teams"]:
            assert tuple(sorted(team)) not in couples
        assert result["warnings"] == ["2 couples share a table (table 1: p00 and p01, p02 and p03)"]


# --- soft rules: kept when the numbers allow ----------------------------------------


def test_four_couples_at_two_tables_never_share_a_table():
    players = names(8)
    couples = [(players[i], players[i + 1]) for i in range(0, 8, 2)]
    for seed in SEEDS:
        result = draw("hand_and_foot", players, couples, seed=seed)
        seat = table_of(result)
        assert all(seat[a] != seat[b] for a, b in couples)
        assert result["warnings"] == []


@pytest.mark.parametrize("game", ["laus", "luxury_family", "exact_bid"])
def test_couples_sit_apart_in_other_games_too(game):
    players = names(12)
    couples = [(players[i], players[i + 1]) for i in range(0, 12, 2)]
    for seed in SEEDS:
        result = draw(game, players, couples, seed=seed)
        seat = table_of(result)
        assert all(seat[a] != seat[b] for a, b in couples)
        assert result["warnings"] == []


def test_partnerships_from_history_are_avoided_when_possible():
    players = names(8)
    last_time = [("p00", "p01"), ("p02", "p03"), ("p04", "p05"), ("p06", "p07")]
    before = [("p00", "p02"), ("p01", "p03"), ("p04", "p06"), ("p05", "p07")]
    for seed in SEEDS:
        result = draw("hand_and_foot", players, [], seed=seed, history=[last_time, before])
        partners = {tuple(sorted(team)) for t in result["tables"] for team in t["teams"]}
        assert not partners & (set(last_time) | set(before))
        assert result["warnings"] == []


def test_when_every_partnership_repeats_the_oldest_one_is_chosen_and_named():
    history = [
        [("p00", "p01"), ("p02", "p03")],
        [("p00", "p02"), ("p01", "p03")],
        [("p00", "p03"), ("p01", "p02")],
    ]
    for seed in SEEDS:
        result = draw("hand_and_foot", names(4), [], seed=seed, history=history)
        teams = {tuple(sorted(team)) for team in result["tables"][0]["teams"]}
        assert teams == {("p00", "p03"), ("p01", "p02")}
        count, *each = result["warnings"]
        assert count == "2 partnerships of tonight repeat one of the season"
        assert len(each) == 2
        why = "2nd time — nobody tonight could partner"
        assert all(why in warning and "(table 1)" in warning for warning in each)
        assert sorted(r["time"] for r in result["repeats"]) == [2, 2]


def test_a_couple_outranks_history_when_both_cannot_be_kept():
    # Two tables; a couple at one table is avoidable, so history gives way if it must.
    players = names(8)
    couples = [("p00", "p01")]
    history = [[("p00", p), ("p01", p)] for p in players[2:]]
    for seed in SEEDS:
        result = draw("hand_and_foot", players, couples, seed=seed, history=history)
        seat = table_of(result)
        assert seat["p00"] != seat["p01"]


def test_history_of_players_not_here_is_ignored():
    result = draw("hand_and_foot", names(4), [], seed=1, history=[[("gone", "away")]])
    assert result["warnings"] == []


# --- first player, high cards, trumps, scorekeepers ---------------------------------


# The cards of each game's deck, and how high each is (jokers above aces).
DECK_RANKS = {
    "hand_and_foot": ["Joker", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"],
    "exact_bid": ["A", "K", "Q", "J", "10", "9", "8", "7"],
    "laus": ["A", "K", "Q", "J", "10", "9", "8", "7"],
    "luxury_family": ["A", "10", "K", "Q", "J", "7"],
}


def deck_value(game, card):
    """How high a card is in ``game``'s deck: its rank, then spades, hearts, diamonds, clubs
    (Laus's trump aces: spades, clubs, hearts, diamonds, by its sheet)."""
    if card == "Joker":
        return (0, 0)
    suits = "♠♣♥♦" if game == "laus" and card[:-1] == "A" else "♠♥♦♣"
    return (DECK_RANKS[game].index(card[:-1]), suits.index(card[-1]))


@pytest.mark.parametrize("game", ["hand_and_foot", "laus", "luxury_family", "exact_bid"])
def test_first_player_holds_the_highest_card_of_the_games_deck(game):
    redraws = 0
    for seed in SEEDS:
        result = draw(game, names(24), [], seed=seed)
        for table in result["tables"]:
            shown = table["high_cards"]
            assert sorted(shown) == sorted(members(table))
            drawn = {p: cards.split(", ") for p, cards in shown.items()}
            every = [card for cards in drawn.values() for card in cards]
            # Only cards of the game's deck (no 2♣ or 5♠ where the deck has none).
            assert all(
                card == "Joker" or (card[:-1] in DECK_RANKS[game] and card[-1] in "♠♥♦♣")
                for card in every
            )
            # The first cards: the first player holds the highest, or a card as high that
            # won the redraw against the others holding it.
            first_cards = {p: cards[0] for p, cards in drawn.items()}
            best = min(deck_value(game, card) for card in first_cards.values())
            tied = [p for p, card in first_cards.items() if deck_value(game, card) == best]
            assert table["first"] in tied
            if len(tied) == 1:
                assert len(drawn[table["first"]]) == 1
            else:
                redraws += 1
                assert all(len(drawn[p]) >= 2 for p in tied)
    if game == "laus":
        assert redraws == 0  # one pack: no card twice
    else:
        assert redraws > 0  # two packs (or two jokers): equal cards drew again


def test_exact_bid_draws_a_trump_suit_for_every_round():
    result = draw("exact_bid", names(7), [], seed=2)
    for table in result["tables"]:
        assert len(table["trumps"]) == 10
        assert set(table["trumps"]) <= {"S", "H", "D", "C"}
    shorter = draw("exact_bid", names(7), [], seed=2, options={"start_cards": 7})
    assert all(len(t["trumps"]) == 7 for t in shorter["tables"])
    # The trumps have their own randomness: the tables stay as they were.
    assert [t["players"] for t in shorter["tables"]] == [t["players"] for t in result["tables"]]


def test_only_exact_bid_has_trumps():
    assert "trumps" not in draw("laus", names(4), [], seed=2)["tables"][0]


@pytest.mark.parametrize("start_cards", [0, 33, "7", 7.0, True])
def test_bad_start_cards_are_refused(start_cards):
    with pytest.raises(DrawError, match="start_cards"):
        draw("exact_bid", names(4), [], seed=2, options={"start_cards": start_cards})


@pytest.mark.parametrize(("players", "most"), [(4, 16), (3, 21)])
def test_start_cards_fit_the_two_decks_for_the_tables_drawn(players, most):
    result = draw("exact_bid", names(players), [], seed=2, options={"start_cards": most})
    assert len(result["tables"][0]["trumps"]) == most
    two = draw("exact_bid", names(2), [], seed=2, options={"start_cards": 32})
    assert len(two["tables"][0]["trumps"]) == 32

    with pytest.raises(DrawError) as caught:
        draw("exact_bid", names(players), [], seed=2, options={"start_cards": most + 1})
    assert str(caught.value.message) == (
        f"{most + 1} cards each is more than two 32-card decks hold for a table of "
        f"{players}: change the first round to at most {most} cards."
    )


def test_each_team_keeps_score_by_the_player_its_couple_named():
    players = names(16)
    couples = [(players[i], players[i + 1]) for i in range(0, 16, 2)]
    named = [a for a, _b in couples]
    for seed in SEEDS:
        result = draw("hand_and_foot", players, couples, seed=seed, scorekeepers=named)
        for table in result["tables"]:
            assert len(table["scorekeepers"]) == 2
            for team, keeper in zip(table["teams"], table["scorekeepers"], strict=True):
                assert keeper in team
                if any(p in named for p in team):
                    assert keeper in named


def test_without_a_named_scorekeeper_the_draw_appoints_one():
    result = draw("luxury_family", names(6), [], seed=4)
    for table in result["tables"]:
        [keeper] = table["scorekeepers"]
        assert keeper in table["players"]


def test_a_named_scorekeeper_keeps_the_table_in_other_games():
    for seed in SEEDS:
        result = draw("laus", names(8), [], seed=seed, scorekeepers=["p03", "absent"])
        for table in result["tables"]:
            if "p03" in table["players"]:
                assert table["scorekeepers"] == ["p03"]


# --- reproducible --------------------------------------------------------------------


def test_same_arguments_same_draw():
    players = names(40)
    couples = [(players[i], players[i + 1]) for i in range(0, 20, 2)]
    first = draw("hand_and_foot", players, couples, seed=99)
    assert draw("hand_and_foot", players, couples, seed=99) == first
    assert draw("hand_and_foot", players, couples, seed=100) != first


def test_check_in_order_does_not_matter():
    players = names(20)
    couples = [(players[i], players[i + 1]) for i in range(0, 10, 2)]
    shuffled = players[:]
    random.Random(1).shuffle(shuffled)
    flipped = [(b, a) for a, b in reversed(couples)]
    assert draw("hand_and_foot", shuffled, flipped, seed=5) == draw(
        "hand_and_foot", players, couples, seed=5
    )


def test_a_text_seed_is_reproducible_and_returned():
    result = draw("laus", names(8), [], seed="club-night-12")
    assert result["seed"] == "club-night-12"
    assert draw("laus", names(8), [], seed="club-night-12") == result


# --- impossible requests are DrawErrors an organizer can read ------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "canasta"}, "Unknown game 'canasta'"),
        ({"players": ["ann", "bob", "ann", "cy"]}, "Checked in twice: ann"),
        ({"players": ["ann", "bob", "", "cy"]}, "player id"),
        ({"players": ["ann", "bob", 3, "cy"]}, "player id"),
        ({"players": "ann,bob,cy,di"}, "players must be a list"),
        ({"couples": [("ann", "zed")]}, "names zed, who is not checked in"),
        ({"couples": [("ann", "ann")]}, "names ann twice"),
        ({"couples": [("ann", "bob"), ("ann", "cy")]}, "ann is named in two couples"),
        ({"couples": [("ann", "bob"), ("bob", "ann")]}, "named in two couples"),
        ({"couples": [("ann", "bob", "cy")]}, "pair of player ids"),
        ({"couples": "ann+bob"}, "couples must be a list"),
        ({"seed": None}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"history": [["ann", "bob"]]}, "partnership in history"),
        ({"history": "ann"}, "history must be a list"),
        ({"sat_out": "ann"}, "sat_out must be a list"),
        ({"allow_sit_out": "yes"}, "allow_sit_out"),
        ({"scorekeepers": [None]}, "scorekeepers"),
        ({"options": ["start_cards"]}, "options"),
        ({"players": ["ann", "bob", "cy"]}, "3 players: a table of four needs 4; add 1 player"),
    ],
)
def test_impossible_requests_are_refused_clearly(kwargs, message):
    arguments = {"game": "laus", "players": ["ann", "bob", "cy", "di"], "couples": [], "seed": 1}
    with pytest.raises(DrawError, match=message):
        draw(**(arguments | kwargs))


def test_draw_error_is_a_value_error():
    assert issubclass(DrawError, ValueError)


# --- a whole season: repeats counted and explained, opponents mixed (issue 27) --------


def opponents_of(result):
    return {
        frozenset((a, b))
        for table in result["tables"]
        for a in table["teams"][0]
        for b in table["teams"][1]
    }


def test_last_events_opponents_are_not_met_again_when_the_partnerships_allow():
    players = names(8)
    last = [("p00", "p01"), ("p02", "p03"), ("p04", "p05"), ("p06", "p07")]
    tables = [["p00", "p01", "p02", "p03"], ["p04", "p05", "p06", "p07"]]
    met = {frozenset((a, b)) for a in ("p00", "p01") for b in ("p02", "p03")}
    met |= {frozenset((a, b)) for a in ("p04", "p05") for b in ("p06", "p07")}
    for seed in SEEDS:
        result = draw("hand_and_foot", players, [], seed=seed, history=[last], opponents=[tables])
        partners = {tuple(sorted(team)) for t in result["tables"] for team in t["teams"]}
        assert not partners & set(last)
        assert not opponents_of(result) & met
        assert result["repeats"] == [] and result["warnings"] == []


def test_opponents_never_cost_a_repeated_partnership():
    # Four players: every split repeats opponents; the partnership of last time is avoided.
    players = names(4)
    history = [[("p00", "p01"), ("p02", "p03")]]
    opponents = [[["p00", "p02", "p01", "p03"]]] * 5
    for seed in SEEDS:
        result = draw("hand_and_foot", players, [], seed=seed, history=history, opponents=opponents)
        partners = {tuple(sorted(team)) for t in result["tables"] for team in t["teams"]}
        assert not partners & set(history[0])


def test_a_repeat_says_how_often_and_how_few_could_partner():
    # p02 and p03 are married; p03 partnered p00 and p01 already: nobody is left for p03.
    players = names(4)
    couples = [("p02", "p03")]
    history = [[("p00", "p02")], [("p00", "p03")], [("p01", "p03")]]
    for seed in SEEDS:
        result = draw("hand_and_foot", players, couples, seed=seed, history=history)
        (repeat,) = result["repeats"]
        assert sorted(repeat["players"]) == ["p00", "p03"] and repeat["time"] == 2
        assert repeat["player"] == "p03" and repeat["could_partner"] == 0
        couple, count, why = result["warnings"]  # one table: the couple shares it
        assert couple.startswith("1 couple shares a table")
        assert count == "1 partnership of tonight repeats one of the season"
        assert why.endswith(
            ": 2nd time — nobody tonight could partner p03 for the first time (table 1)"
        )


def test_opponents_are_checked():
    for bad in ("x", [["a"]], [[["a", 3]]], [[[""]]]):
        with pytest.raises(DrawError):
            draw("hand_and_foot", names(4), [], seed=1, opponents=bad)
