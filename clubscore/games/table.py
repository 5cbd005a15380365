"""A game's table: who sits there, who plays first, the cards dealt (a part of ``Game``).

Pure Python. The draw asks these: the table sizes, how a drawn group is seated, the deck
of the draw for first play, the trumps of each round, and whether the event's options
can be dealt at a table of some size.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from clubscore.messages import Message, _

from .cards import Trump, trump


class TableRules:
    """How many sit at a table, in teams or not, and what is dealt."""

    min_players: int = 0
    max_players: int = 0
    teams: int | None = None  # teams per table, None when everyone plays for themselves
    team_size: int | None = None
    # What the tablet calls the seat the hand starts from: "Deals: Anna" (marked with ``_``).
    first_seat_label: str = _("Deals:")
    # The same seat in the legend of the wall's star, which stays on it all evening:
    # "★ deals first" (the deal then passes on).
    first_seat_legend: str = _("deals first")
    #: Is a trump suit drawn for each round?
    draws_trumps: bool = False
    #: The deck of the draw for first play (a ``cards.Deck``), set by each game.
    deck: Any = None

    @property
    def table_sizes(self) -> range:
        """How many players may sit at one of its tables."""
        return range(self.min_players, self.max_players + 1)

    def seat(self, group: Sequence[str], rng: random.Random) -> tuple[list[str], list[list[str]]]:
        """Seat a drawn group round a table: (seating clockwise, teams).

        Without teams everyone sits in a random order and ``teams`` is empty. With teams
        the group comes as consecutive teams (the draw's pairing); each team and the
        order of the teams are shuffled, and partners sit opposite each other.
        """
        if not self.teams:
            seating = list(group)
            rng.shuffle(seating)
            return seating, []
        size = len(group) // self.teams
        teams = [list(group[i * size : (i + 1) * size]) for i in range(self.teams)]
        for team in teams:
            rng.shuffle(team)
        rng.shuffle(teams)
        return self.seating_of_teams(teams), teams

    def seating_of_teams(self, teams: Sequence[Sequence[Any]]) -> list[Any]:
        """Partners sit opposite: seats go A, B, A, B round the table (teams in order)."""
        return [team[i] for i in range(len(teams[0])) for team in teams]

    def dealer(self, first: int, number: int, players: int) -> int:
        """The seat index (0-based, clockwise) that deals or leads entry ``number`` (1-based).

        The player drawn to play first deals first; then the deal passes left.
        """
        return (first + number - 1) % players

    def trump(self, suit: str) -> Trump:
        """How a trump suit is shown, the same on the tablet and the PDF: ``♥`` and "hearts"."""
        return trump(suit)

    def deal_problem(self, options: Mapping[str, Any], players: int) -> Message | None:
        """Why a table of ``players`` cannot be dealt with the event's ``options`` (raw, as
        the draw gets them), for the organizer; None when it can."""
        return None

    def draw_trumps(self, options: Mapping[str, Any], rng: random.Random) -> list[str]:
        """The trump suit of each round, drawn before play (empty: the game draws none)."""
        return []
