"""Suits, card codes and decks shared by the games played with French-suited cards."""

from __future__ import annotations

from dataclasses import dataclass

from clubscore.messages import Message, _

#: Suit codes in the order the rule sheets list them (spades, hearts, diamonds, clubs).
SUITS: tuple[str, ...] = ("S", "H", "D", "C")

SUIT_NAMES: dict[str, str] = {
    "S": _("spades"),
    "H": _("hearts"),
    "D": _("diamonds"),
    "C": _("clubs"),
}

SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

JOKER = "Joker"
FULL_RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
PIQUET_RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7")  # 2 to 6 removed


def card_name(rank: str, suit: str) -> str:
    """Print a card the way players write it, e.g. ``10♦``."""
    return f"{rank}{SUIT_SYMBOLS[suit]}"


@dataclass(frozen=True)
class Trump:
    """A trump suit as the tablet and the PDF show it: ``♥`` with its (translatable) name."""

    suit: str
    symbol: str
    name: Message


def trump(suit: str) -> Trump:
    return Trump(suit, SUIT_SYMBOLS[suit], SUIT_NAMES[suit])  # type: ignore[arg-type]


@dataclass(frozen=True)
class Card:
    """One card of a game's deck; ``strength`` orders cards for the draw for first play."""

    rank: str
    suit: str | None  # None for a joker
    strength: int

    def __str__(self) -> str:
        return self.rank if self.suit is None else card_name(self.rank, self.suit)


@dataclass(frozen=True)
class Deck:
    """The cards a game is played with: ranks high to low, suits, packs, jokers.

    The draw for first play deals from it: the higher rank wins; between equal ranks
    the bridge order of suits (spades, hearts, diamonds, clubs) decides; two equal cards
    (two packs, two jokers) draw again.
    """

    ranks: tuple[str, ...]
    packs: int = 1
    jokers: int = 0

    def suits(self, rank: str) -> tuple[str, ...]:
        """The suits of `rank` in the draw, the strongest first: the bridge order (a game
        whose sheet ranks a rank's suits otherwise says so in its own deck)."""
        return SUITS

    def cards(self) -> list[Card]:
        """Every card of the deck, the strongest first (copies of a card side by side)."""
        top = len(self.ranks) * len(SUITS)
        cards = [Card(JOKER, None, top + 1)] * self.jokers
        for r, rank in enumerate(self.ranks):
            for s, suit in enumerate(self.suits(rank)):
                strength = top - (r * len(SUITS) + s)
                cards += [Card(rank, suit, strength)] * self.packs
        return cards


FULL_DECK = Deck(FULL_RANKS)
