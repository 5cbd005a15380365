"""What each game answers about itself: words, tables, seating, dealer, deck, trumps,
length, parts, scoring so far, tie-breaks, options and point values."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from clubscore.games import GAMES, ScoreError
from clubscore.games.cards import Deck
from clubscore.games.entry import TeamParts, WholeTable

HF, EB, LF, LAUS = (GAMES[k] for k in ("hand_and_foot", "exact_bid", "luxury_family", "laus"))


def test_the_word_for_a_hand_or_round():
    assert (HF.words.one, HF.words.many) == ("Hand", "Hands")
    for game in (EB, LF, LAUS):
        assert (game.words.one, game.words.many) == ("Round", "Rounds")
    assert HF.words.label(2) == "Hand 2"
    assert LAUS.words.label(3) == "Round 3"
    assert HF.words.dispute_label(1) == "Dispute hand 1"
    assert LAUS.words.dispute_label(1) == "Dispute round 1"
    # The phrase keeps its template, so a page can show it translated.
    assert LAUS.words.dispute_label(4).template == "Dispute round {n}"
    assert HF.words.in_order == "Enter the hands in order."
    assert EB.words.in_order == "Enter the rounds in order."
    # Every message of a hand or round says the game's word.
    assert HF.words.saved_message(2) == "Hand 2 saved."
    assert LAUS.words.saved_message(2) == "Round 2 saved."
    assert (HF.words.none_disputed, LAUS.words.none_disputed) == (
        "No disputed hands.",
        "No disputed rounds.",
    )
    assert "round" in EB.words.changed_meantime and "hand" in HF.words.changed_meantime


def test_table_sizes_and_teams():
    assert {k: list(g.table_sizes) for k, g in GAMES.items()} == {
        "hand_and_foot": [4],
        "exact_bid": [2, 3, 4],
        "luxury_family": [3],
        "laus": [4],
    }
    assert (HF.teams, HF.team_size) == (2, 2)
    assert all(g.teams is None for g in (EB, LF, LAUS))


def test_partners_sit_opposite():
    assert HF.seating_of_teams([["a", "b"], ["c", "d"]]) == ["a", "c", "b", "d"]
    for seed in range(20):
        seating, teams = HF.seat(["a", "b", "c", "d"], random.Random(seed))
        assert sorted(map(sorted, teams)) == [["a", "b"], ["c", "d"]]
        # Seats 0 and 2 are one team, 1 and 3 the other.
        assert {seating[0], seating[2]} in ({"a", "b"}, {"c", "d"})
        assert {seating[1], seating[3]} in ({"a", "b"}, {"c", "d"})


def test_seating_without_teams_is_a_shuffle_of_the_group():
    seating, teams = LF.seat(["a", "b", "c"], random.Random(1))
    assert sorted(seating) == ["a", "b", "c"]
    assert teams == []


def test_the_deal_passes_left_from_the_first_player():
    # Three players, seat 1 drew to play first: seats 1, 2, 0, 1, ...
    assert [LF.dealer(1, n, 3) for n in range(1, 5)] == [1, 2, 0, 1]
    assert [HF.dealer(3, n, 4) for n in range(1, 4)] == [3, 0, 1]


@pytest.mark.parametrize(
    ("key", "size", "ranks", "copies", "jokers"),
    [
        ("exact_bid", 64, {"A", "K", "Q", "J", "10", "9", "8", "7"}, 2, 0),
        ("laus", 32, {"A", "K", "Q", "J", "10", "9", "8", "7"}, 1, 0),
        ("luxury_family", 48, {"A", "10", "K", "Q", "J", "7"}, 2, 0),
        ("hand_and_foot", 54, {str(n) for n in range(2, 11)} | {"A", "K", "Q", "J"}, 1, 2),
    ],
)
def test_each_games_deck(key, size, ranks, copies, jokers):
    cards = GAMES[key].deck.cards()
    assert len(cards) == size
    suited = [c for c in cards if c.suit is not None]
    assert {c.rank for c in suited} == ranks
    assert set(Counter(str(c) for c in suited).values()) == {copies}
    assert len(cards) - len(suited) == jokers


def test_deck_strength_follows_the_games_rank_order_then_bridge_suits():
    cards = {str(c): c.strength for c in Deck(("A", "10", "K")).cards()}
    assert cards["A♠"] > cards["A♥"] > cards["A♦"] > cards["A♣"] > cards["10♠"]
    assert cards["10♣"] > cards["K♠"]
    assert "2♣" not in {str(c) for c in GAMES["laus"].deck.cards()}


def test_laus_draws_its_trump_aces_in_the_sheets_order():
    # "A♠ beats A♣ beats A♥ beats A♦": the ace of clubs beats the ace of diamonds at
    # the draw for the first deal as in a trick; the kings go in the bridge order.
    strength = {str(c): c.strength for c in GAMES["laus"].deck.cards()}
    assert strength["A♠"] > strength["A♣"] > strength["A♥"] > strength["A♦"] > strength["K♠"]
    assert strength["K♠"] > strength["K♥"] > strength["K♦"] > strength["K♣"]


def test_trump_display_is_a_symbol_with_its_name():
    trump = EB.trump("H")
    assert (trump.symbol, trump.name) == ("♥", "hearts")
    assert LF.trump("S").symbol == "♠"


def test_only_the_exact_bid_game_draws_trumps():
    trumps = EB.draw_trumps({"start_cards": 7}, random.Random(3))
    assert len(trumps) == 7
    assert set(trumps) <= {"S", "H", "D", "C"}
    assert HF.draw_trumps(HF.default_options(), random.Random(3)) == []
    assert not LAUS.draws_trumps and EB.draws_trumps


def test_how_many_entries_make_a_game():
    assert HF.entries_per_game({"hands": 4, "meld_minimums": [90, 120, 150, 150]}) == 4
    assert EB.entries_per_game({"start_cards": 7}) == 7
    assert LF.entries_per_game() == 3
    assert LAUS.entries_per_game({"rounds": None, "threshold": 500}) is None


def test_laus_ends_with_the_round_someone_passes_the_threshold():
    running = {"a": [100, 300, 510], "b": [0, 0, 0]}
    assert LAUS.ended_at(running, {"rounds": None, "threshold": 500}) == 3
    assert LAUS.ended_at(running, {"rounds": None, "threshold": 200}) == 2
    # Reaching it is not passing it.
    assert LAUS.ended_at({"a": [500]}, {"rounds": None, "threshold": 500}) is None
    assert LAUS.ended_at(running, {"rounds": 8}) is None
    assert HF.ended_at({"a": [9999]}) is None


def test_which_games_enter_team_parts_and_give_a_first_table_bonus():
    assert [k for k, g in GAMES.items() if isinstance(g.entry, TeamParts)] == ["hand_and_foot"]
    assert [k for k, g in GAMES.items() if isinstance(g.entry, WholeTable)] == [
        "exact_bid",
        "luxury_family",
        "laus",
    ]
    assert [g.first_table_points(g.clean_options()) for g in GAMES.values()] == [400, 0, 0, 0]
    # Only Luxury Family has the meld calculator (a capability declared on Game).
    assert [k for k, g in GAMES.items() if g.melds is not None] == ["luxury_family"]


def test_hand_and_foot_scored_as_it_lies_nobody_went_out():
    part = {"went_out": True}
    assert HF.entry.check_part(HF, part, 1, as_it_lies=False) == {}
    errors = HF.entry.check_part(HF, part, 1, as_it_lies=True)
    assert list(errors) == ["teams.1.went_out"]
    assert LAUS.entry.check_part(LAUS, part, 0, as_it_lies=True) == {}


def test_a_round_of_exact_bid_is_scored_with_the_rounds_of_its_table():
    first, second = {"bids": [2, 1], "tricks": [2, 1]}, {"bids": [0, 1], "tricks": [1, 1]}
    options = EB.clean_options({"start_cards": 3})
    alone = EB.score_with(["A", "B"], {1: first}, 1, options)
    both = EB.score_with(["A", "B"], {1: first, 2: second}, 2, options)
    assert alone["complete"] is False and len(both["players"]) == 2
    assert EB.entry_points(["A", "B"], [first], second, options) == [1, 11]


def test_laus_to_a_threshold_says_who_ended_it():
    options = {"rounds": None, "threshold": 200}
    running = {"a": [100, 300], "b": [0, 0]}
    assert LAUS.ended_by(running, 2, options) == ["a"]
    assert LAUS.game_over(["Ann"], 2, options) == "Game over: Ann passed 200 points in round 2."
    assert LAUS.end_note(options) == "Play until a player passes 200."
    assert LAUS.end_note({"rounds": 8}) is None
    assert HF.end_note({}) is None


def test_exact_bid_scores_the_whole_game_so_far():
    rounds = [{"bids": [2, 3], "tricks": [2, 3]}, {"bids": [0, 4], "tricks": [1, 3]}]
    result = EB.score_so_far(["ann", "bob"], rounds, {"start_cards": 5})
    assert result["rounds_played"] == 2
    assert [p["points"] for p in result["players"]] == [13, 16]
    assert result["next_round_cards"] == 3
    with pytest.raises(ScoreError):
        EB.score_so_far(["ann", "bob"], [{"bids": [9, 0], "tricks": [2, 3]}], {"start_cards": 5})


def test_other_games_score_the_last_entry_on_its_own():
    taken = [
        {"tens": ["S", "C"], "aces": 4, "kings": 0, "queens": 0},
        {"tens": ["H"], "aces": 0, "kings": 4, "queens": 0},
        {"tens": ["D"], "aces": 0, "kings": 0, "queens": 4},
        {"tens": [], "aces": 0, "kings": 0, "queens": 0},
    ]
    payload = {"players": ["a", "b", "c", "d"], "taken": taken}
    assert LAUS.score_so_far(["a", "b", "c", "d"], [payload]) == LAUS.score_entry(payload)
    assert [p["total"] for p in LAUS.score_entry(payload)["players"]] == [600, 140, 0, 0]
    # Among the table's entries, one that stands alone is scored alone.
    table = {1: {"not": "looked at"}, 2: payload}
    assert LAUS.score_with(["a", "b", "c", "d"], table, 2) == LAUS.score(payload)


def test_standings_order_and_tiebreakers():
    assert {k: [(t.key, t.better) for t in g.tiebreakers] for k, g in GAMES.items()} == {
        "hand_and_foot": [("hands_won", "high"), ("bonus", "high")],
        "exact_bid": [("tricks", "high"), ("exact", "high")],
        "luxury_family": [("best_round", "high")],
        "laus": [("best_round", "low")],
    }
    results = [{"players": [{"total": 40}, {"total": 10}]}, {"players": [{"total": 5}, {}]}]
    assert LF.tiebreak_values(results, 0, None) == {"best_round": 40}
    assert LAUS.tiebreak_values(results, 0, None) == {"best_round": 5}
    assert LAUS.tiebreak_values([], 0, None) == {}


def test_hand_and_foot_tiebreak_counts_hands_won_and_the_bonus():
    results = [
        {"teams": [{"total": 500}, {"total": 300}]},
        {"teams": [{"total": 100}, {"total": 300}]},
        {"teams": [{"total": 200}, {"total": 200}]},
    ]
    assert HF.tiebreak_values(results, 0, 0, bonus=400) == {"hands_won": 1, "bonus": 400}
    assert HF.tiebreak_values(results, 1, 1) == {"hands_won": 1, "bonus": 0}


def test_exact_bid_tiebreak_comes_from_the_whole_game():
    whole = {"players": [{"tricks": 3, "exact": 1}, {"tricks": 2, "exact": 2}]}
    assert EB.tiebreak_values([], 1, None, game_result=whole) == {"tricks": 2, "exact": 2}
    assert EB.tiebreak_values([], 1, None) == {}


def test_option_fields_and_point_values():
    for game in GAMES.values():
        names = [option.name for option in game.options]
        assert "time_limit_minutes" in names
        assert game.clean_options(game.default_options())
        values = game.point_values()
        assert values and all(isinstance(label, str) and type(pts) is int for label, pts in values)
    assert ("Red book", 500) in HF.point_values()
