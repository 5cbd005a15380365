"""A fifth game, registered only in this test: what it gets without touching other code.

"High card": two to five players, one round is each player's card value; highest wins.
It gets the draw (table sizes, deck, seating) and a printed score card. The event,
a card page and a standings page still need other code: see docs/adding-a-game.md.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader

from clubscore.draw import TABLE_SIZES, draw
from clubscore.games import GAMES, Game, Option, Tiebreaker, _
from clubscore.games.base import GRACE, TIME_LIMIT, Validator, line
from clubscore.games.cards import Deck
from clubscore.printing import cards
from clubscore.printing.cards.layout import ROW_MIN, CardKind, header, player_columns


class HighCard(Game):
    key = "high_card"
    name = "High card"
    name_de = "Hohe Karte"
    min_players = 2
    max_players = 5
    standings_order = "high"
    tiebreakers = (Tiebreaker("best_round", _("Best round")),)
    deck = Deck(("A", "K", "Q"))
    options = (Option("rounds", _("Rounds"), 3, minimum=1, maximum=9), TIME_LIMIT, GRACE)

    def point_values(self) -> list[tuple[str, int]]:
        return [(_("Ace"), 3)]

    def _validate(self, payload: Any, options: dict[str, Any], check: Validator) -> Any:
        data = check.mapping(payload, "", ("players", "cards"))
        if data is None:
            return None
        players = check.players(data["players"], "players", 2, 5)
        values = check.sequence(data["cards"], "cards", 2, 5)
        return None if players is None or values is None else data

    def _score(self, payload: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
        return {
            "players": [
                {"name": n, "total": v, "lines": [line(_("Ace"), v)]}
                for n, v in zip(payload["players"], payload["cards"], strict=True)
            ]
        }


def draw_high_card(canvas, x, top, width, height, event, table) -> None:
    top = header(canvas, x, top, width, event, table)
    player_columns(canvas, x, top, [width / 5] * 5, table, list(range(1, 6)))


@pytest.fixture
def high_card():
    game = HighCard()
    GAMES[game.key] = game
    cards.register(CardKind(game.key, draw_high_card, lambda event, w, h: 40 * ROW_MIN))
    yield game
    del GAMES[game.key]
    del cards.CARDS[game.key]


def test_the_toy_game_answers_like_the_others(high_card):
    assert high_card.entry_label(2) == "Round 2"
    assert high_card.entries_per_game() == 3
    assert high_card.score_so_far(["a", "b"], [{"players": ["a", "b"], "cards": [3, 1]}])
    assert high_card.tiebreak_values([{"players": [{"total": 3}]}], 0, None) == {"best_round": 3}


def test_the_toy_game_is_drawn_from_its_own_deck(high_card):
    assert TABLE_SIZES["high_card"].largest == 5
    result = draw("high_card", [f"p{i}" for i in range(9)], [], seed=4)
    assert sorted(len(t["players"]) for t in result["tables"]) == [4, 5]
    for table in result["tables"]:
        for shown in table["high_cards"].values():
            assert all(card[:-1] in {"A", "K", "Q"} for card in shown.split(", "))


def test_the_toy_game_prints_a_score_card(high_card, settings):
    pdf = cards.render_blank_cards("high_card")
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "High card" in text
