"""From stored entries to each player's score: one convention for every page."""

from types import SimpleNamespace

from clubscore.events.results import table_score
from clubscore.games import score
from tests.payloads import hf_hand


def seat(player_id, team=None):
    return SimpleNamespace(player_id=player_id, team=SimpleNamespace(number=team))


def entry(number, game, payload):
    return SimpleNamespace(number=number, payload=payload, result=score(game, payload))


def hand(number, went_out_team):
    return entry(number, "hand_and_foot", hf_hand(number, went_out_team))


def test_hand_and_foot_partners_score_their_team_and_the_bonus():
    seats = [seat(1, 1), seat(2, 2), seat(3, 1), seat(4, 2)]
    hands = [hand(1, 0), hand(2, 1)]
    outcome = table_score("hand_and_foot", {"first_table_bonus": 400}, seats, hands, has_bonus=True)
    team_1 = sum(h.result["teams"][0]["total"] for h in hands)
    team_2 = sum(h.result["teams"][1]["total"] for h in hands)
    assert outcome.totals == {1: team_1 + 400, 2: team_2 + 400, 3: team_1 + 400, 4: team_2 + 400}
    assert outcome.progress[1] == [hands[0].result["teams"][0]["total"], team_1]
    assert outcome.bonus == 400


def test_exact_bid_is_scored_as_a_whole_game_with_multipliers():
    seats = [seat(7), seat(8)]
    rounds = [
        SimpleNamespace(number=2, payload={"bids": [0, 0], "tricks": [4, 5]}, result=None),
        SimpleNamespace(number=1, payload={"bids": [5, 5], "tricks": [5, 5]}, result=None),
    ]
    outcome = table_score("exact_bid", {"start_cards": 10}, seats, rounds)
    # Round 1 (10 cards): both exact, 15 each. Round 2 (9 cards): 4 and 5.
    assert outcome.progress == {7: [15, 19], 8: [15, 20]}
    assert outcome.totals == {7: 19 * 1, 8: 20 * 2}


def test_laus_players_score_the_sum_of_their_rounds():
    payload = {
        "players": ["a", "b", "c", "d"],
        "taken": [
            {"tens": ["S"], "aces": 1, "kings": 1, "queens": 1},
            {"tens": ["C"], "aces": 1, "kings": 1, "queens": 1},
            {"tens": ["H"], "aces": 1, "kings": 1, "queens": 1},
            {"tens": ["D"], "aces": 1, "kings": 1, "queens": 1},
        ],
    }
    rounds = [entry(1, "laus", payload), entry(2, "laus", payload)]
    outcome = table_score("laus", {}, [seat(1), seat(2), seat(3), seat(4)], rounds)
    assert outcome.totals == {1: 680, 2: 480, 3: 280, 4: 0}
