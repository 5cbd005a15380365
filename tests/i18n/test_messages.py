"""Messages of the games and the draw: plain English for the contracts, templates for the pages."""

from __future__ import annotations

import copy
import json
import pickle

import pytest
from django.utils import translation

from clubscore.draw import DrawError, draw, fit
from clubscore.games import ScoreError, score
from clubscore.games.cards import SUIT_NAMES
from clubscore.messages import Message, from_data, join, message, rename, to_data
from clubscore.translation import game_name, translate

BAD_ROUND = {
    "players": ["Ann", "Bob", "Cy", "Di"],
    "start_cards": 10,
    "rounds": [{"bids": [2, 3, 1, 4], "tricks": [3, 3, 1, 2]}],
}


def errors_of(game: str, payload: dict) -> dict[str, list[str]]:
    with pytest.raises(ScoreError) as caught:
        score(game, payload)
    return caught.value.errors


# --- The contracts: plain English str, whatever language the page speaks ------------------


@pytest.mark.parametrize("language", ["en", "de"])
def test_score_errors_are_plain_english_strings_in_any_language(language):
    with translation.override(language):
        errors = errors_of("exact_bid", BAD_ROUND)
    expected = {"rounds.0.tricks": ["Tricks add up to 9, but 10 cards were played this round."]}
    assert errors == expected
    assert all(isinstance(text, str) for texts in errors.values() for text in texts)
    assert json.loads(json.dumps(errors)) == expected


def test_score_results_label_their_lines_in_english():
    with translation.override("de"):
        result = score("exact_bid", {**BAD_ROUND, "rounds": []})
    assert result["players"][0]["lines"][0] == {"label": "0 tricks", "points": 0}
    assert json.loads(json.dumps(result)) == result


@pytest.mark.parametrize("language", ["en", "de"])
def test_draw_errors_and_warnings_are_plain_english_strings(language):
    players = [f"p{i:02}" for i in range(17)]
    with translation.override(language), pytest.raises(DrawError) as caught:
        draw("laus", players, [], seed=1)
    assert str(caught.value) == "17 players: tables of four seat 16; let 1 sit out or add 3 players"
    with translation.override(language):
        result = draw("hand_and_foot", players[:4], [("p00", "p01"), ("p02", "p03")], seed=5)
    assert result["warnings"] == ["2 couples share a table (table 1: p00 and p01, p02 and p03)"]
    assert json.loads(json.dumps(result)) == result


# --- What a Message carries ------------------------------------------------------------


def test_a_message_is_its_english_text_and_keeps_template_and_params():
    inner = message("{n} events ago", n=3)
    text = message("{a} and {b} ({when})", a="12", b="15", when=inner)
    assert text == "12 and 15 (3 events ago)" and isinstance(text, str)
    assert text.template == "{a} and {b} ({when})"
    assert text.params == {"a": "12", "b": "15", "when": inner}
    # A marked message with nothing to fill in is its own template.
    assert isinstance(SUIT_NAMES["S"], Message) and SUIT_NAMES["S"].params is None


def test_a_message_survives_copies_pickles_and_its_stored_form():
    text = message("table {number}: {names}", number=2, names=join(", ", ["a", "b"]))
    for again in (copy.deepcopy(text), pickle.loads(pickle.dumps(text))):
        assert again == text and again.template == text.template and again.params == text.params
    stored = json.loads(json.dumps(to_data(text)))
    back = from_data(stored)
    assert isinstance(back, Message) and back == text and back.params["names"] == "a, b"
    assert from_data("plain text") == "plain text" and to_data(7) == 7


def test_rename_names_whole_parameters_never_digits_in_the_sentence():
    when = message("{n} events ago", n=3)
    text = message("{a} and {b}: {when}, table {number}", a="3", b="12", when=when, number=3)
    named = rename(text, {"3": "Cy", "12": "Ann"})
    assert named == "Cy and Ann: 3 events ago, table 3"
    assert named.params["when"].params == {"n": 3}


# --- translate: the one way the pages show them ----------------------------------------


def test_translate_fills_the_german_template_with_translated_parameters():
    problem = fit("hand_and_foot", 9)["problem"]
    with translation.override("de"):
        assert translate(problem) == (
            "9 Spieler: Tische mit je vier Plätzen fassen 8; "
            "1 aussetzen lassen oder noch 3 Spieler dazuholen"
        )
    with translation.override("en"):
        assert translate(problem) == problem


def test_translate_leaves_plain_text_and_parts_without_a_template_alone():
    with translation.override("de"):
        # A plain str may be a name or text made elsewhere: never looked up.
        assert translate("Single") == "Single"
        # A join's own template is no catalogue entry; an empty one is no header lookup.
        assert translate(join(", ", [])) == ""
        assert translate(join(Message(" and "), [SUIT_NAMES["S"], "10♦"])) == "Pik und 10♦"


def test_game_names_follow_the_language():
    with translation.override("de"):
        assert [game_name(key) for key in ("hand_and_foot", "exact_bid", "luxury_family")] == [
            "Hand und Fuß",
            "Stichansage",
            "Luxusfamilie",
        ]
    with translation.override("en"):
        assert game_name("hand_and_foot") == "Hand and Foot"


def test_a_tie_drawn_again_names_each_card_in_the_readers_letters():
    """The draw page read "Dolores A♦, Q♥" in German beside "Betty D♠": a high-card tie
    drawn again has its cards in one string, and only a single card was translated."""
    from clubscore.translation import card_label

    with translation.override("de"):
        assert card_label("Q♠") == "D♠"
        assert card_label("A♦, Q♥") == "A♦, D♥"
        assert card_label("10♣, J♦, K♥") == "10♣, B♦, K♥"
        assert card_label("no card") == "no card"
