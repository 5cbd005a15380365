"""The ``Game`` every game module subclasses, made of small parts, and small helpers for
writing results.

Everything in ``clubscore/games`` is pure Python so that forms, PDFs, the command line
and outside tools can all use the same rules without Django. Messages are plain English
strings (``clubscore.messages.Message``) that also carry their template, marked with
``_`` for extraction: the Django layer translates them when it shows them. Payload
validation lives in ``validation``, event settings in ``options``; both are re-exported
here, where the game modules import them from.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from clubscore.messages import Message, _, message

from .entry import EntryMode, TeamParts, WholeTable
from .melds import MeldCalculator
from .options import (
    BALANCE_BY_RATING,
    GRACE,
    TIME_LIMIT,
    Option,
    Tiebreaker,
    playoff_length,
    playoff_time_limit,
)
from .scoring import Scoring, TablePoints
from .settings import Settings
from .table import TableRules
from .tablet import TabletAnswers
from .validation import (
    MAX_NAME_LENGTH,
    NAME_PART_LENGTH,
    ScoreError,
    Validator,
    describe,
    is_int,
    join,
)
from .words import HANDS, ROUNDS, Words

__all__ = [
    "BALANCE_BY_RATING",
    "GRACE",
    "HANDS",
    "ROUNDS",
    "MAX_NAME_LENGTH",
    "NAME_PART_LENGTH",
    "TIME_LIMIT",
    "EntryMode",
    "Game",
    "MeldCalculator",
    "Message",
    "Option",
    "ScoreError",
    "TablePoints",
    "TeamParts",
    "Tiebreaker",
    "Validator",
    "WholeTable",
    "Words",
    "_",
    "describe",
    "is_int",
    "join",
    "line",
    "message",
    "playoff_time_limit",
    "playoff_length",
    "plural",
]


class Game(TableRules, Settings, Scoring, TabletAnswers):
    """What the rest of the app needs to know about one of the club's games.

    A game is made of small parts, each in its own module, that it sets or overrides:

    - the table (``table.TableRules``): players, teams, seating, deck, trumps;
    - its rules and scoring (``scoring.Scoring``): ``_validate``, ``_score``, a table's
      score, the standings' order and tie-breaks, an early end;
    - its options (``settings.Settings``): the event's settings and what they mean;
    - its words (``words``: "hand" or "round" in every message);
    - its entry mode (``entry``: the whole table at once, or each team its part);
    - what the tablet shows (``tablet.TabletAnswers``);
    - optional capabilities, declared here (``melds``: the meld calculator).

    Pages, PDFs, the draw and the standings ask a game these questions instead of
    testing its key.
    """

    key: str = ""
    name: str = ""  # marked with ``_``: the pages show it translated
    #: What one score entry is called in every message ("hand" or "round": ``words``).
    words: Words = ROUNDS
    #: How a hand or round is entered, checked, disputed and settled (``entry``).
    entry: EntryMode = WholeTable()
    #: Optional capability: the tablet's meld calculator (None: the game has none).
    melds: MeldCalculator | None = None

    def __init__(self) -> None:
        # The club's defaults, checked once; ``score`` only reads them.
        self._default_options = self.clean_options()

    def __repr__(self) -> str:
        return f"<Game {self.key}>"


def line(label: str, points: int) -> dict[str, Any]:
    """One line of a result: where some points came from."""
    return {"label": label, "points": points}


@lru_cache(maxsize=4096)
def plural(count: int, singular: str, many: str) -> Message:
    """Pick the singular or plural form of a message for ``count`` and fill in ``{n}``.

    English and German both use the singular for 1 only, so the two forms are two
    catalogue entries (the engine has no ``ngettext``).
    """
    return message(singular if count == 1 else many, n=count)
