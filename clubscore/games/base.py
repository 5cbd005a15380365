"""The ``Game`` every game module subclasses, and small helpers for writing results.

Everything in ``clubscore/games`` is pure Python so that forms, PDFs, the command line
and outside tools can all use the same rules without Django. Messages are plain English
strings (``clubscore.messages.Message``) that also carry their template, marked with
``_`` for extraction: the Django layer translates them when it shows them. Payload
validation lives in ``validation``, event settings in ``options``; both are re-exported
here, where the game modules import them from.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any, NamedTuple

from clubscore.messages import Message, _, message

from .cards import Trump, trump
from .entry import EntryMode, TeamParts, WholeTable
from .melds import MeldCalculator
from .options import (
    BALANCE_BY_RATING,
    GRACE,
    TIME_LIMIT,
    Option,
    Tiebreaker,
    playoff_time_limit,
)
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
    "plural",
]


class TablePoints(NamedTuple):
    """Each seat's points at one table, in seat order: the totals, the running totals entry
    by entry, and the whole game's result (a game scored as a whole; else None)."""

    totals: list[int]
    progress: list[list[int]]
    result: dict[str, Any] | None = None


class Game:
    """What the rest of the app needs to know about one of the club's games.

    Subclasses set the class attributes and implement ``_score``, which receives a
    validated payload only; ``score`` guarantees nothing is scored half-way. Pages, PDFs,
    the draw and the standings ask a game these questions instead of testing its key.
    """

    key: str = ""
    name: str = ""  # marked with ``_``: the pages show it translated
    min_players: int = 0
    max_players: int = 0
    # When lines played different numbers of rounds (time was called at one table), the
    # standings compare points per round played instead of totals, and show the rounds.
    standings_per_round: bool = False
    teams: int | None = None  # teams per table, None when everyone plays for themselves
    team_size: int | None = None
    standings_order: str = "high"  # "high": the highest total wins; "low": the lowest wins
    # Played in rounds ("series"): the evening usually has several rounds, each with its
    # own draw and clock, and the dashboard offers the next one first. A game that is not
    # (Hand and Foot: one game of three hands) may still add a round.
    played_in_rounds: bool = False
    # What the tablet calls the seat the hand starts from: "Deals: Anna" (marked with ``_``).
    first_seat_label: str = _("Deals:")
    options: tuple[Option, ...] = ()
    tiebreakers: tuple[Tiebreaker, ...] = ()
    #: What one score entry is called in every message ("hand" or "round": ``words``).
    words: Words = ROUNDS
    #: The option that says how many entries make a game (None: the game never says).
    length_option: str | None = "rounds"
    #: How a hand or round is entered, checked, disputed and settled (``entry``).
    entry: EntryMode = WholeTable()
    #: Optional capability: the tablet's meld calculator (None: the game has none).
    melds: MeldCalculator | None = None
    #: Is a trump suit drawn for each round?
    draws_trumps: bool = False
    #: The deck of the draw for first play (a ``cards.Deck``), set by each game.
    deck: Any = None
    #: The unit of a payload field where it is not 1 (Luxury Family's bid is in tens):
    #: the tablet's − / + move the field by it.
    steps: Mapping[str, int] = MappingProxyType({})

    def __init__(self) -> None:
        # The club's defaults, checked once; ``score`` only reads them.
        self._default_options = self.clean_options()

    def step(self, field: str) -> int:
        """How far the tablet's − / + move the payload field ``field``."""
        return self.steps.get(field, 1)

    # -- the table -------------------------------------------------------------

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

    # -- the length of a game ----------------------------------------------------

    def entries_per_game(self, options: Mapping[str, Any] | None = None) -> int | None:
        """How many hands or rounds make a full game (None: played to a threshold)."""
        if self.length_option is None:
            return None
        return self.clean_options(options)[self.length_option]

    def max_rounds(self, options: Mapping[str, Any] | None = None) -> int:
        """The most hands or rounds a request may name: a full game, or, played to a
        threshold, as many as the length option allows at most."""
        count = self.entries_per_game(options)
        if count is not None:
            return count
        length = next(option for option in self.options if option.name == self.length_option)
        assert length.maximum is not None  # every number option states one (__post_init__)
        return length.maximum

    def ended_at(
        self, running: Mapping[Any, Sequence[int]], options: Mapping[str, Any] | None = None
    ) -> int | None:
        """The entry (1-based) after which the game ended early, from each player's running
        totals (None: it goes on to ``entries_per_game``)."""
        return None

    def ended_by(
        self, running: Mapping[Any, Sequence[int]], number: int, options: Mapping[str, Any]
    ) -> list[Any]:
        """Whose totals ended the game in entry ``number`` (see ``ended_at``): keys of
        ``running``."""
        return []

    def game_over(self, names: Sequence[str], number: int, options: Mapping[str, Any]) -> Message:
        """Why no more entries are played once ``ended_at`` ended the game early."""
        entry = message(self.words.in_sentence, n=number)
        return message(_("Game over after {entry}."), entry=entry)

    def end_note(self, options: Mapping[str, Any]) -> Message | None:
        """How the game ends besides its length, for the printed card (None: nothing)."""
        return None

    # -- options the evening asks ----------------------------------------------

    def first_table_points(self, options: Mapping[str, Any]) -> int:
        """Points for each player (each team) of the first table of a round that turns in
        its card within the time limit (0: the game gives no such bonus)."""
        return 0

    # -- the tablet ----------------------------------------------------------------

    #: Which figure of a player's result the tablet shows as the score so far while the
    #: game goes on, and what it says about it (a game scored as a whole may multiply
    #: the points only at the end).
    figure_so_far: str = "total"
    figure_so_far_note: str = ""

    def entry_facts(self, number: int, options: Mapping[str, Any]) -> list[tuple[str, int]]:
        """What the table needs to know before entry ``number`` besides who deals or
        plays first: (label, value) pairs, the labels marked with ``_``."""
        return []

    def describe_entry(self, payload: Any) -> list[Message] | None:
        """Each player's line of an entry the table checks before confirming, when the
        entry's own score says little (a game scored as a whole); None: the scored lines."""
        return None

    # -- scoring -----------------------------------------------------------------

    def score_entry(self, payload: Any, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Score one hand or round on its own (``ScoreError`` for bad input)."""
        return self.score(payload, options)

    def score_so_far(
        self,
        players: Sequence[str],
        payloads: Sequence[Any],
        options: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Score the last of ``payloads`` (the table's entries in order so far).

        Each entry of most games stands on its own; a game scored as a whole overrides
        this and scores every entry so far together.
        """
        return self.score_entry(payloads[-1], options)

    def score_with(
        self,
        players: Sequence[str],
        entries: Mapping[int, Any],
        number: int,
        options: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Score entry ``number`` of a table whose entries in so far are ``entries`` (by
        number, ``number`` among them). Each entry of most games stands on its own; a game
        scored as a whole scores it with the others."""
        return self.score(entries[number], options)

    def entry_points(
        self,
        players: Sequence[str],
        earlier: Sequence[Any],
        payload: Any,
        options: Mapping[str, Any] | None = None,
    ) -> list[int]:
        """Each side's points (team by team in a game of teams, else seat by seat) of one
        entry ``payload``, whose table's entries before it are ``earlier``."""
        result = self.score(payload, options)
        return [side["total"] for side in result["teams" if self.teams else "players"]]

    def hand_size(self, number: int, options: Mapping[str, Any] | None = None) -> int | None:
        """How many cards each player holds in entry ``number`` (1-based), for a game that
        deals a different number each round (None: the game does not say)."""
        return None

    # -- a table's score ---------------------------------------------------------

    def seat_points(self, result: Mapping[str, Any], seat: int, team: int | None) -> int:
        """One player's points in one entry's stored result (``seat``: the player's index in
        seat order, ``team``: their team's index)."""
        return result["players"][seat]["total"]

    def table_points(
        self,
        players: Sequence[str],
        teams: Sequence[int | None],
        payloads: Sequence[Any],
        results: Sequence[Mapping[str, Any] | None],
        options: Mapping[str, Any] | None = None,
    ) -> TablePoints:
        """Each seat's points at one table from its counted entries in order (``teams``: each
        seat's team index). Most games add up each entry's stored result (one without a
        result counts nothing); a game scored as a whole overrides this."""
        totals = [0] * len(teams)
        progress: list[list[int]] = [[] for _seat in teams]
        for result in results:
            if not result:
                continue
            for seat, team in enumerate(teams):
                totals[seat] += self.seat_points(result, seat, team)
                progress[seat].append(totals[seat])
        return TablePoints(totals, progress)

    def tiebreak_values(
        self,
        results: Sequence[Mapping[str, Any]],
        seat: int,
        team: int | None,
        *,
        game_result: Mapping[str, Any] | None = None,
        bonus: int = 0,
    ) -> dict[str, int]:
        """One player's tie-break figures at one table, from the stored entry results.

        ``seat`` is the player's index in seat order, ``team`` their team's index,
        ``game_result`` the whole game's result (a game scored as a whole), ``bonus`` the
        first-table bonus the table was given. The base answer: the best round, for games
        whose tiebreakers name "best_round".
        """
        if not any(t.key == "best_round" for t in self.tiebreakers):
            return {}
        rounds = [result["players"][seat]["total"] for result in results]
        if not rounds:
            return {}
        better = max if self.standings_order == "high" else min
        return {"best_round": better(rounds)}

    def __repr__(self) -> str:
        return f"<Game {self.key}>"

    def default_options(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.options}

    def clean_options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Fill in the club's defaults and check every option; errors are keyed by option name."""
        check = Validator()
        if options is None:
            options = {}
        if not isinstance(options, Mapping):
            check.add("", _("Options must be a group of fields."))
            check.raise_if_errors()
        by_name = {option.name: option for option in self.options}
        cleaned: dict[str, Any] = {}
        for key in options:
            if key not in by_name:
                check.add(str(key), _("Unknown option."))
        for option in self.options:
            cleaned[option.name] = option.clean(options.get(option.name, option.default), check)
        if check.ok:
            self._check_options(cleaned, check)
        check.raise_if_errors()
        return cleaned

    def _check_options(self, options: dict[str, Any], check: Validator) -> None:
        """Hook for rules that tie several options together."""

    def point_values(self) -> list[tuple[str, int]]:
        """Rows of (label, points) to print on the score card."""
        raise NotImplementedError

    def score(self, payload: Any, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Validate ``payload`` completely, then score it; raise ``ScoreError`` on bad input."""
        try:
            cleaned_options = (
                self._default_options if options is None else self.clean_options(options)
            )
        except ScoreError as error:
            raise ScoreError(
                {
                    join("options", path) if path else "options": m
                    for path, m in error.errors.items()
                }
            ) from None
        check = Validator()
        payload_ok = self._validate(payload, cleaned_options, check)
        check.raise_if_errors()
        return self._score(payload_ok, cleaned_options)

    def _validate(self, payload: Any, options: dict[str, Any], check: Validator) -> Any:
        """Record every problem of ``payload`` in ``check``; return what ``_score`` needs."""
        raise NotImplementedError

    def _score(self, payload: Any, options: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError


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
