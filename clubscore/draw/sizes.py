"""Table sizes per game, and the small wording helpers the draw's messages share.

The sizes live here rather than in ``clubscore.games`` so the draw stays importable on
its own; the lead may later derive ``TABLE_SIZES`` from ``clubscore.games.GAMES``.
Messages are English ``Message`` strings that keep their template (``clubscore.messages``):
the draw must not import Django, the pages translate them.
"""

from __future__ import annotations

from dataclasses import dataclass

from clubscore.messages import Message, _, join, message

__all__ = ["TABLE_SIZES", "TableSize", "_", "join", "message", "number_word", "plural"]


@dataclass(frozen=True)
class TableSize:
    """How many players sit at one table of a game, and whether they play in two teams."""

    smallest: int
    largest: int
    teams: bool = False

    @property
    def fixed(self) -> bool:
        return self.smallest == self.largest


TABLE_SIZES: dict[str, TableSize] = {
    "hand_and_foot": TableSize(4, 4, teams=True),
    "laus": TableSize(4, 4),
    "luxury_family": TableSize(3, 3),
    "exact_bid": TableSize(2, 4),
}

_WORDS = [
    _("no"),
    _("one"),
    _("two"),
    _("three"),
    _("four"),
    _("five"),
    _("six"),
    _("seven"),
    _("eight"),
    _("nine"),
    _("ten"),
]


def number_word(n: int) -> str:
    """Spell small numbers out ("three more"), keep digits for larger ones."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def plural(n: int, singular: Message, plural_form: Message) -> Message:
    """The singular template for 1, else the plural one (English and German agree)."""
    return singular if n == 1 else plural_form
