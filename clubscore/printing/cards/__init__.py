"""Score cards: one per table, pre-filled, or blank for clubs without tablets.

``registry`` holds each game's card renderer, keyed by game, and the pages they are
printed on; ``layout`` the shared geometry and boxes; one module per game draws its card.
"""

from .layout import CardKind
from .registry import CARDS, cards_per_page, register, render_blank_cards, render_cards

__all__ = ["CARDS", "CardKind", "cards_per_page", "register", "render_blank_cards", "render_cards"]
