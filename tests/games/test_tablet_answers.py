"""What the tablet page asks each game: its save button, the facts before a hand, the
figure shown while the game goes on, how a round reads while it waits to be checked,
and how the teams' parts make a whole hand."""

from __future__ import annotations

from clubscore.games import GAMES
from tests.payloads import hf_hand

HF, EB, LF, LAUS = (GAMES[k] for k in ("hand_and_foot", "exact_bid", "luxury_family", "laus"))


def test_the_save_button_and_the_number_asked_for():
    assert HF.words.save == "Save our hand"
    assert {g.words.save for g in (EB, LF, LAUS)} == {"Save the round"}
    assert HF.words.number_prompt.format(last=3) == "Hand number: enter a whole number from 1 to 3."
    assert (
        LAUS.words.number_prompt.format(last=8) == "Round number: enter a whole number from 1 to 8."
    )


def test_the_facts_before_a_hand_or_round():
    options = HF.clean_options({"meld_minimums": [50, 90, 120]})
    assert HF.entry_facts(2, options) == [("Meld minimum:", 90)]
    assert HF.entry_facts(7, options) == [("Meld minimum:", 120)]  # the list's last value
    # Exact-bid: one card fewer each round.
    assert EB.entry_facts(1, EB.clean_options({"start_cards": 7})) == [("Cards each:", 7)]
    assert EB.entry_facts(3, EB.clean_options({"start_cards": 7})) == [("Cards each:", 5)]
    assert LF.entry_facts(1, LF.clean_options()) == []
    assert LAUS.entry_facts(1, LAUS.clean_options()) == []


def test_the_figure_so_far_before_the_multiplier():
    # The exact-bid ranking multiplies only at the end: the tablet shows the points.
    assert (EB.figure_so_far, EB.figure_so_far_note) == (
        "points",
        "Points so far, before the final multiplier.",
    )
    result = EB.score_so_far(
        ["A", "B"], [{"bids": [2, 1], "tricks": [2, 1]}], EB.clean_options({"start_cards": 3})
    )
    assert [p[EB.figure_so_far] for p in result["players"]] == [12, 11]
    assert [p["total"] for p in result["players"]] == [24, 11]  # the winner's ×2
    for game in (HF, LF, LAUS):
        assert (game.figure_so_far, game.figure_so_far_note) == ("total", "")


def test_a_round_waiting_to_be_checked():
    lines = EB.describe_entry({"bids": [2, 0], "tricks": [1, 1]})
    assert lines == ["bid 2, took 1", "bid 0, took 1"]
    assert lines[0].template == "bid {bid}, took {tricks}"
    for game in (HF, LF, LAUS):
        assert game.describe_entry({}) is None


def test_the_teams_parts_make_the_whole_hand():
    hand = hf_hand(2, 0)
    parts = HF.entry.parts_of(HF, hand)
    assert parts == hand["teams"]
    assert HF.entry.whole_entry(HF, 2, parts) == hand
    # A team not in yet has nothing counted: the hand scores the other team's part alone.
    alone = HF.entry.whole_entry(HF, 2, [parts[0], None])
    assert alone["teams"][1]["red_books"] == 0 and not alone["teams"][1]["went_out"]
    # A game without team parts has one part: the whole entry.
    entry = {"bids": [2, 0], "tricks": [1, 1]}
    for game in (EB, LF, LAUS):
        assert game.entry.parts_of(game, entry) == [entry]
        assert game.entry.whole_entry(game, 1, [entry]) == entry
        assert game.entry.part_of_path(game, "bids.0") == 0
        assert game.entry.settled_parts(game, entry) == []
