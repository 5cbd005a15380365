"""The game's side of the tablet's meld calculator: the cards to tap, and their melds."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clubscore.games import GAMES, ScoreError, score
from clubscore.games.cards import SUITS
from clubscore.games.luxury_family import CARD_CODES, COPIES, MAX_SHOWN

GAME = GAMES["luxury_family"]
DECK = sorted(CARD_CODES)


def test_the_cards_to_tap_are_the_decks_suit_by_suit():
    rows = GAME.meld_cards()
    assert [suit for suit, _codes in rows] == list(SUITS)
    assert [code[:-1] for code in rows[0][1]] == list(GAME.deck.ranks)  # A 10 K Q J 7
    assert {code for _suit, codes in rows for code in codes} == CARD_CODES
    assert GAME.deck.packs == COPIES == 2


def test_a_luxury_family_in_trump_and_both_sevens():
    found = GAME.score_melds(["AH", "10H", "KH", "QH", "JH", "7H", "7H"], "H")
    assert [c["key"] for c in found["combinations"]] == ["luxury_family", "seven_of_trump"]
    assert found["points"] == 150 + 20


def test_nothing_shown_melds_nothing():
    assert GAME.score_melds([], "S") == {"combinations": [], "points": 0}


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (["KH", "KH", "KH"], "There are only two K♥ in the game."),
        (["XH"], "Not a card of this game"),
        (["١٠H"], "Not a card of this game"),  # Arabic-Indic digits are no ten
        ([10], "Not a card of this game"),
        ("KH", "Expected a list"),
        (["AS"] * 17, "A hand has 16 cards: no more can be shown."),
        (["KH"] * 5000, "A hand has 16 cards: no more can be shown."),
    ],
)
def test_a_card_list_no_hand_can_show_is_refused_with_a_message(cards, message):
    with pytest.raises(ScoreError) as refused:
        GAME.shown_cards(cards)
    texts = [text for texts in refused.value.errors.values() for text in texts]
    assert any(message in text for text in texts)
    assert len(texts) <= 2  # one message, not one per card of thousands


def test_the_trump_must_be_a_suit():
    with pytest.raises(ScoreError) as refused:
        GAME.score_melds(["KH", "QH"], "X")
    assert list(refused.value.errors) == ["trump"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4),
    max_leaves=10,
)
hostile_cards = st.one_of(
    st.lists(st.sampled_from(DECK) | st.text(max_size=4), max_size=40),
    st.lists(st.sampled_from(DECK), min_size=15, max_size=20),
    json_values,
)


@given(cards=hostile_cards, trump=st.sampled_from([*SUITS, "", "X", None, 1]))
def test_any_card_list_is_a_hand_or_a_clear_refusal(cards, trump):
    try:
        shown = GAME.shown_cards(cards)
    except ScoreError as error:
        assert error.errors and all(error.errors.values())
        return
    assert len(shown) <= MAX_SHOWN and set(shown) <= CARD_CODES
    assert max(Counter(shown).values(), default=0) <= COPIES
    try:
        found = GAME.score_melds(shown, trump)
    except ScoreError as error:
        assert list(error.errors) == ["trump"]
        return
    assert found["points"] == sum(c["points"] for c in found["combinations"]) >= 0


hands = st.lists(st.sampled_from(DECK), max_size=MAX_SHOWN).filter(
    lambda cards: max(Counter(cards).values(), default=0) <= COPIES
)


@given(cards=hands, trump=st.sampled_from(SUITS))
def test_the_calculator_says_what_the_round_scores_for_the_same_cards(cards, trump):
    payload = {
        "players": ["A", "B", "C"],
        "bid": 10,
        "game_maker": 1,
        "trump": trump,
        "melds": [{"cards": cards}, 0, 0],
        "power_points": [80, 80, 80],
    }
    scored = score("luxury_family", payload)["players"][0]
    assert GAME.score_melds(cards, trump)["points"] == scored["meld"]
