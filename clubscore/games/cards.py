"""Suits and card codes shared by the games played with French-suited decks."""

from __future__ import annotations

from .base import _

#: Suit codes in the order the rule sheets list them (spades, hearts, diamonds, clubs).
SUITS: tuple[str, ...] = ("S", "H", "D", "C")

SUIT_NAMES: dict[str, str] = {
    "S": _("spades"),
    "H": _("hearts"),
    "D": _("diamonds"),
    "C": _("clubs"),
}

SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_name(rank: str, suit: str) -> str:
    """Print a card the way players write it, e.g. ``10♦``."""
    return f"{rank}{SUIT_SYMBOLS[suit]}"
