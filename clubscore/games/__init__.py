"""The club's scoring rules: one pure-Python entry point for every game.

``score(game, payload)`` is the project's stable scoring API (see
docs/design/scoring-contract.md). No Django import anywhere below here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Game, Option, ScoreError, Tiebreaker, _, message
from .exact_bid import ExactBid
from .hand_and_foot import HandAndFoot
from .laus import Laus
from .luxury_family import LuxuryFamily

__all__ = ["GAMES", "Game", "Option", "ScoreError", "Tiebreaker", "score"]

GAMES: dict[str, Game] = {
    game.key: game for game in (HandAndFoot(), ExactBid(), LuxuryFamily(), Laus())
}


def score(game: str, payload: Any, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Validate ``payload`` for ``game`` completely, then score it.

    ``options`` (an extension of the contract) are the event's options; they fill in
    what the payload leaves out (``decks``, ``start_cards``) and set the meld minimums
    and the number of hands. Raises ``ScoreError`` for bad input, never anything else.
    Never mutates ``payload``.
    """
    if not isinstance(game, str) or game not in GAMES:
        known = ", ".join(GAMES)
        raise ScoreError(
            {"game": [message(_("Unknown game; choose one of {known}."), known=known)]}
        )
    return GAMES[game].score(payload, options)
