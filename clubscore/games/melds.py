"""An optional capability: the tablet's meld calculator (pure Python).

A game that has one answers ``Game.melds`` with an object of this shape (Luxury Family
today); the tablet offers the calculator only then and asks it, never the game's key.
"""

from __future__ import annotations

from typing import Any, Protocol


class MeldCalculator(Protocol):
    """Tap the cards a player showed; the game says what they meld."""

    def meld_cards(self) -> list[tuple[str, list[str]]]:
        """The cards a hand can show, suit by suit, each high to low."""
        ...

    def shown_cards(self, cards: Any) -> list[str]:
        """``cards`` when they can be one hand's shown cards; ``ScoreError`` otherwise."""
        ...

    def score_melds(self, cards: Any, trump: Any) -> dict[str, Any]:
        """What the shown ``cards`` meld with ``trump``: ``{"combinations", "points"}``."""
        ...
