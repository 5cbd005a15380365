"""Table sizes per game, and the small wording helpers the draw's messages share.

The sizes come from the games (``clubscore.games.GAMES``, pure Python like the draw), read
when asked, so a game registered later (a test's toy game) is drawn like the others.
Messages are English ``Message`` strings that keep their template (``clubscore.messages``):
the draw must not import Django, the pages translate them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from clubscore.games import GAMES
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


class _TableSizes(Mapping[str, TableSize]):
    """Each registered game's table size, asked of the game."""

    def __getitem__(self, key: str) -> TableSize:
        game = GAMES[key]
        return TableSize(game.min_players, game.max_players, teams=bool(game.teams))

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


TABLE_SIZES: Mapping[str, TableSize] = _TableSizes()

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
