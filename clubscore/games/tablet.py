"""What a game tells the tablet besides its words and entry mode (a part of ``Game``).

Pure Python. The tablet's card page (``scorekeeping/page.py``) asks these.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from clubscore.messages import Message


class TabletAnswers:
    """The facts before an entry, the figure shown so far, how an entry reads."""

    #: Which figure of a player's result the tablet shows as the score so far while the
    #: game goes on, and what it says about it (a game scored as a whole may multiply
    #: the points only at the end).
    figure_so_far: str = "total"
    figure_so_far_note: str = ""
    #: What the card says under its final totals once it is in, where they are more than
    #: the points added up (how the exact-bid game's places, and so its multipliers, were
    #: decided between equal points).
    final_note: str = ""
    #: The unit of a payload field where it is not 1 (Luxury Family's bid is in tens):
    #: the tablet's − / + move the field by it.
    steps: Mapping[str, int] = MappingProxyType({})

    def step(self, field: str) -> int:
        """How far the tablet's − / + move the payload field ``field``."""
        return self.steps.get(field, 1)

    def entry_facts(self, number: int, options: Mapping[str, Any]) -> list[tuple[str, int]]:
        """What the table needs to know before entry ``number`` besides who deals or
        plays first: (label, value) pairs, the labels marked with ``_``."""
        return []

    def entry_headline(self, payload: Any) -> Message | None:
        """What a table checks first of an entry before its lines (who made the game,
        the bid), said once above them; None: nothing beyond the lines."""
        return None

    def describe_entry(self, payload: Any) -> list[Message] | None:
        """Each player's line of an entry the table checks before confirming, when the
        entry's own score says little (a game scored as a whole); None: the scored lines."""
        return None
