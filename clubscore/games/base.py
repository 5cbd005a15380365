"""Shared building blocks of the games: errors, payload validation, options.

Everything here is pure Python so that forms, PDFs, the command line and outside
tools can all use the same rules without Django. Messages are plain English strings
(``clubscore.messages.Message``) that also carry their template, marked with ``_``
for extraction: the Django layer translates them when it shows them.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, NamedTuple

from clubscore.messages import Message, _, message

from .cards import Trump, trump

__all__ = [
    "MAX_NAME_LENGTH",
    "NAME_PART_LENGTH",
    "Game",
    "Message",
    "Option",
    "ScoreError",
    "TablePoints",
    "Tiebreaker",
    "Validator",
    "_",
    "message",
]

#: A player's first and last name each have at most this many characters (the club's
#: member list stores them so), and a name at the table is both with a space between:
#: every name the club may store can be scored.
NAME_PART_LENGTH = 80
MAX_NAME_LENGTH = 2 * NAME_PART_LENGTH + 1


class ScoreError(ValueError):
    """Bad input: ``errors`` maps a payload path (``"teams.1.red_books"``, ``""``) to messages."""

    def __init__(self, errors: Mapping[str, list[str]]) -> None:
        self.errors: dict[str, list[str]] = {path: list(msgs) for path, msgs in errors.items()}
        summary = "; ".join(
            f"{path or '(payload)'}: {msg}" for path, msgs in self.errors.items() for msg in msgs
        )
        super().__init__(summary)


def join(path: str, key: str | int) -> str:
    """Return the dotted path of ``key`` below ``path`` (the root path is ``""``)."""
    return f"{path}.{key}" if path else str(key)


def is_int(value: Any) -> bool:
    """True for real integers only: ``True`` is not a count and neither is ``"2"`` or ``2.0``."""
    return type(value) is int


def describe(value: Any) -> str:
    """Name a JSON value the way a scorekeeper would read it in a message."""
    if value is None:
        return _("an empty value")
    if isinstance(value, bool):
        return _("yes/no")
    if isinstance(value, str):
        return _("text")
    if isinstance(value, float):
        return _("a decimal number")
    if isinstance(value, int):
        return _("a number")
    if isinstance(value, list | tuple):
        return _("a list")
    if isinstance(value, Mapping):
        return _("a group of fields")
    return _("a value of the wrong kind")


class Validator:
    """Collects every error of a payload by path, so that all of them are reported at once.

    Each check returns the value when it is usable and ``None`` otherwise, so a game
    can keep validating the rest of the payload and only score when ``ok``.
    """

    def __init__(self) -> None:
        self.errors: dict[str, list[str]] = {}

    @property
    def ok(self) -> bool:
        return not self.errors

    def add(self, path: str, text: str) -> None:
        self.errors.setdefault(path, []).append(text)

    def raise_if_errors(self) -> None:
        if self.errors:
            raise ScoreError(self.errors)

    def mapping(
        self,
        value: Any,
        path: str,
        required: tuple[str, ...],
        optional: tuple[str, ...] = (),
        extra_messages: Mapping[str, str] | None = None,
    ) -> dict[str, Any] | None:
        """Check that ``value`` is an object with the ``required`` (and ``optional``) keys only.

        ``extra_messages`` gives a specific message for a known-wrong key (for example
        red threes in the melded cards of Hand and Foot).
        """
        if not isinstance(value, dict | Mapping):
            self.add(
                path, message(_("Expected a group of fields, got {kind}."), kind=describe(value))
            )
            return None
        missing = [key for key in required if key not in value]
        present = len(required) - len(missing)
        if len(value) > present and not set(value) <= {*required, *optional}:
            for key in value:
                if key not in required and key not in optional:
                    text = (extra_messages or {}).get(key) if isinstance(key, str) else None
                    self.add(join(path, str(key)), text or _("Unknown field."))
        for key in missing:
            self.add(join(path, key), _("This field is required."))
        # Unknown keys are errors, but the known ones are still checked for more errors.
        # The payload is only ever read, so it is returned as it is, never copied.
        if missing:
            return None
        return value if isinstance(value, dict) else dict(value)

    def integer(
        self,
        value: Any,
        path: str,
        minimum: int | None,
        maximum: int,
        too_big: str | None = None,
    ) -> int | None:
        """Check a whole number within ``minimum..maximum`` (``too_big`` explains the maximum).

        Every number a game accepts has an upper limit, so pages, charts and printouts
        only ever meet numbers of a size a club night can produce.
        """
        if not is_int(value):
            self.add(path, message(_("Enter a whole number, not {kind}."), kind=describe(value)))
            return None
        if minimum is not None and value < minimum:
            if minimum == 0:
                self.add(path, _("Cannot be negative."))
            else:
                self.add(path, message(_("Must be at least {minimum}."), minimum=minimum))
            return None
        if value > maximum:
            self.add(path, too_big or message(_("Must be at most {maximum}."), maximum=maximum))
            return None
        return value

    def boolean(self, value: Any, path: str) -> bool | None:
        if not isinstance(value, bool):
            self.add(path, _("Enter yes or no (true or false)."))
            return None
        return value

    def sequence(
        self, value: Any, path: str, min_length: int = 0, max_length: int | None = None
    ) -> list[Any] | None:
        """Check a list whose length is within ``min_length..max_length``."""
        if not isinstance(value, list | tuple):
            self.add(path, message(_("Expected a list, got {kind}."), kind=describe(value)))
            return None
        if len(value) < min_length or (max_length is not None and len(value) > max_length):
            if min_length == max_length:
                template = _("Expected {count} entries, got {length}.")
            elif max_length is None:
                template = _("Expected at least {minimum} entries, got {length}.")
            else:
                template = _("Expected {minimum} to {maximum} entries, got {length}.")
            self.add(
                path,
                message(
                    template,
                    count=min_length,
                    minimum=min_length,
                    maximum=max_length,
                    length=len(value),
                ),
            )
            return None
        return list(value)

    def choice(self, value: Any, path: str, choices: Iterable[Any], what: str) -> Any:
        """Check ``value`` is one of ``choices``, compared by type too: ``True`` is not ``1``."""
        choices = tuple(choices)
        if not any(type(value) is type(c) and value == c for c in choices):
            listed = ", ".join(str(c) for c in choices)
            self.add(path, message(_("{what} must be one of {listed}."), what=what, listed=listed))
            return None
        return value

    def players(self, value: Any, path: str, minimum: int, maximum: int) -> list[str] | None:
        """Check a list of distinct, non-empty player names of the table's size."""
        names = self.sequence(value, path, minimum, maximum)
        if names is None:
            return None
        good = True
        for index, name in enumerate(names):
            if not isinstance(name, str) or not name.strip():
                self.add(join(path, index), _("Enter the player's name."))
                good = False
            elif len(name) > MAX_NAME_LENGTH:
                self.add(
                    join(path, index),
                    message(_("A name has at most {maximum} characters."), maximum=MAX_NAME_LENGTH),
                )
                good = False
        if good and len({name.strip().casefold() for name in names}) != len(names):
            self.add(path, _("Each player can sit at the table only once."))
            good = False
        return names if good else None


@dataclass(frozen=True)
class Option:
    """An event setting of a game, with its club default and its allowed values.

    ``kind`` is ``"int"`` (a whole number), ``"int_list"`` (a list of whole numbers),
    ``"optional_int"`` (a whole number or ``None``) or ``"bool"`` (yes or no).
    ``label`` and ``help`` are marked with ``_`` and shown translated; ``suggestions``
    are the values a form offers first (any value within the limits is allowed).
    Every number has its limits, ``minimum..maximum`` (a form asks them; ``clean``
    says why).
    """

    name: str
    label: str
    default: Any
    _kw_only: KW_ONLY
    help: str = ""
    kind: str = "int"
    minimum: int | None = 0
    maximum: int | None = None
    suggestions: tuple[int, ...] = ()
    max_items: int = 10

    def __post_init__(self) -> None:
        if self.kind != "bool" and (self.minimum is None or self.maximum is None):
            raise ValueError(f"Option {self.name} needs a minimum and a maximum.")

    def clean(self, value: Any, check: Validator) -> Any:
        if self.kind == "bool":
            return check.boolean(value, self.name)
        if self.kind == "optional_int" and value is None:
            return None
        if self.kind == "int_list":
            items = check.sequence(value, self.name, 1, self.max_items)
            if items is None:
                return None
            cleaned = [
                check.integer(item, join(self.name, i), self.minimum, self.maximum)
                for i, item in enumerate(items)
            ]
            return None if None in cleaned else cleaned
        return check.integer(value, self.name, self.minimum, self.maximum)


TIME_LIMIT = Option(
    "time_limit_minutes",
    _("Time limit (minutes)"),
    90,
    help=_(
        "Time is called this many minutes after the clock starts: "
        "no new hand or round begins after that."
    ),
    minimum=1,
    maximum=600,
)
GRACE = Option(
    "grace_minutes",
    _("Grace period (minutes)"),
    15,
    help=_(
        "After time is called, scores can still be entered for this long; "
        "then only the organizer can change a card."
    ),
    minimum=0,
    maximum=120,
)
# Off by default: the draw seats partners by lot; on, each Hand and Foot table's two teams
# are made as even as the soft rules allow, by the players' ratings (a game with teams).
BALANCE_BY_RATING = Option(
    "balance_by_rating",
    _("Balance tables by rating"),
    False,
    help=_(
        "The draw makes each table's two teams as even as it can by the players' "
        "ratings; off, partners are drawn by lot."
    ),
    kind="bool",
    minimum=None,
)


def playoff_time_limit(default: int) -> Option:
    """A play-off round's own time limit: each game states how long its play-off takes
    (about one hand of Hand and Foot, one round of the round games)."""
    return Option(
        "playoff_time_limit_minutes",
        _("Minutes for a play-off round"),
        default,
        help=_(
            "A play-off round has its own clock: time is called this many minutes after "
            "it starts, whatever time was called on the rounds before."
        ),
        minimum=1,
        maximum=600,
    )


@dataclass(frozen=True)
class Tiebreaker:
    """A standings column that orders players with equal totals: its key, label and which
    way is better ("high" or "low")."""

    key: str
    label: str
    better: str = "high"


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
    #: The word for one score entry, singular and plural, and the phrases built on it.
    entry_word: str = _("Round")
    entry_words: str = _("Rounds")
    entry_numbered: str = _("Round {n}")
    dispute_phrase: str = _("Dispute round {n}")
    in_order_phrase: str = _("Enter the rounds in order.")
    #: The numbered word inside a sentence ("Table 2, round 3 settled.").
    entry_in_sentence: str = _("round {n}")
    settled_phrase: str = _("That round was settled already.")
    chart_caption: str = _("The leaders' running totals, round by round.")
    #: The option that says how many entries make a game (None: the game never says).
    length_option: str | None = "rounds"
    #: Does each team enter its own part of an entry (and the entry is in when all are)?
    parts_per_team: bool = False
    #: Is a game scored as a whole (each entry only in the light of the earlier ones)?
    scored_as_a_whole: bool = False
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

    # -- words -----------------------------------------------------------------

    def entry_label(self, number: int) -> Message:
        """ "Hand 2", "Round 2"."""
        return message(self.entry_numbered, n=number)

    def dispute_label(self, number: int) -> Message:
        """ "Dispute hand 2", "Dispute round 2"."""
        return message(self.dispute_phrase, n=number)

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

    # -- the parts of an entry ---------------------------------------------------
    # A game whose teams enter separate parts (``parts_per_team``) splits an entry into one
    # part per team; any other game's entry is one part, the whole entry.

    def entry_parts(self, payload: Any) -> list[Any]:
        """An entry payload's parts in team order (None for a part that is missing)."""
        return [payload]

    def entry_from_parts(self, number: int, parts: Sequence[Any]) -> Any:
        """The whole payload of entry ``number`` (1-based) from its parts in team order."""
        return parts[0]

    def part_of_path(self, path: str) -> int | None:
        """The part (0-based) a payload path of an error belongs to (None: the whole entry)."""
        return 0

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
