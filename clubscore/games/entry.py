"""How a table enters a hand or round: the game's entry mode (pure Python).

A game answers ``Game.entry`` with one of these. The tablet, the dashboard and the
stored entries ask the mode how an entry is split into parts, who enters each part, who
checks it and how a settled entry is stored; they never test which game it is.

- ``WholeTable``: the scorekeeper enters the whole hand or round for the table at once;
  another player at the table confirms it on the same tablet.
- ``TeamParts``: each team enters its own part of the hand on its own tablet; the other
  team confirms (or disputes) it; the entry is in when every team's part is.

A game with team parts subclasses ``TeamParts`` and says how the teams' parts make its
payload (``whole_entry``) and how one team's part is scored alone (``score_part``); by
default team ``N``'s part is ``teams.N`` of the payload (``parts_of``, ``part_of_path``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from clubscore.messages import _

if TYPE_CHECKING:
    from .base import Game


class EntryMode:
    """The base answer: one part, the whole entry."""

    #: What the organizer's Finish page adds about an entry left half-entered ("" none).
    finish_note: str = ""

    def parts(self, game: Game) -> int:
        """How many parts make one entry (each entered and checked on its own)."""
        return 1

    def sides(self, game: Game) -> list[int]:
        """The sides that enter a part, numbered from 1."""
        return list(range(1, self.parts(game) + 1))

    def parts_of(self, game: Game, payload: Any) -> list[Any]:
        """Each part of a whole entry, side by side."""
        return [payload]

    def whole_entry(self, game: Game, number: int, parts: Sequence[Any | None]) -> Any:
        """Entry ``number`` from its parts, side by side (None: not in yet)."""
        return parts[0]

    def part_of_path(self, game: Game, path: str) -> int | None:
        """The part (0-based) a payload path of an error belongs to (None: the whole)."""
        return 0

    def score_part(
        self, game: Game, part: Any, number: int, index: int, options: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Validate and score part ``index`` of entry ``number`` alone (``ScoreError``)."""
        return game.score(part, options)

    def check_part(
        self, game: Game, part: Any, index: int, *, as_it_lies: bool
    ) -> dict[str, list[Any]]:
        """Rules on one part beyond its score (errors by payload path; empty: none).

        ``as_it_lies``: time was called and the part is of the entry in progress, which
        is scored as it lies.
        """
        return {}

    def settled_parts(self, game: Game, payload: Any) -> list[Any]:
        """The parts an entry settled as ``payload`` stores one by one (none: it is
        stored whole only)."""
        return []

    def sections(self, game: Game, payload: Any) -> list[tuple[int | None, Any]]:
        """What a correction form shows of ``payload``: (team number, its part) per part,
        or (None, the whole entry) for the whole table."""
        return [(None, payload)]


class WholeTable(EntryMode):
    """The whole table at once, confirmed by another player at the table."""


class TeamParts(EntryMode):
    """Each team enters its part; the other team confirms or disputes it."""

    finish_note = _(
        "A hand or round only one team entered counts as entered for that team and 0 for "
        "the team that entered nothing; what was typed but never saved does not count."
    )

    def parts(self, game: Game) -> int:
        return game.teams or 1

    def parts_of(self, game: Game, payload: Any) -> list[Any]:
        """The teams' parts of a stored entry (``teams`` of the payload); None for a part
        missing from it."""
        teams = payload.get("teams") if isinstance(payload, dict) else None
        teams = list(teams) if isinstance(teams, list) else []
        return (teams + [None] * self.parts(game))[: self.parts(game)]

    def whole_entry(self, game: Game, number: int, parts: Sequence[Any | None]) -> Any:
        raise NotImplementedError

    def part_of_path(self, game: Game, path: str) -> int | None:
        """``teams.1.red_books`` is the second team's; ``teams`` or ``hand`` the whole's."""
        head, _dot, rest = path.partition(".")
        index = rest.partition(".")[0]
        if head == "teams" and index in {str(i) for i in range(self.parts(game))}:
            return int(index)
        return None

    def score_part(
        self, game: Game, part: Any, number: int, index: int, options: Mapping[str, Any]
    ) -> dict[str, Any]:
        return game.score_team(part, number, index, options)

    def score_missing(
        self, game: Game, number: int, index: int, options: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Part ``index`` of entry ``number`` that its team never entered, scored as it
        lies when the evening is finished: nothing counted."""
        return {"total": 0, "lines": []}

    def settled_parts(self, game: Game, payload: Any) -> list[Any]:
        return self.parts_of(game, payload)

    def sections(self, game: Game, payload: Any) -> list[tuple[int | None, Any]]:
        return list(enumerate(self.parts_of(game, payload), start=1))
