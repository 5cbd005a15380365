"""A game's event settings (``Option``) and its standings tie-break columns.

Pure Python (see ``base``): the event form asks each game for its options and cleans
them with the same ``Validator`` the payloads use.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass
from typing import Any

from clubscore.messages import _

from .validation import Validator, join

__all__ = [
    "BALANCE_BY_RATING",
    "GRACE",
    "TIME_LIMIT",
    "Option",
    "Tiebreaker",
    "playoff_length",
    "playoff_time_limit",
]


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


def playoff_length(default: int, label: str, help: str) -> Option:
    """How many hands or rounds a play-off round plays (issue 27): once they are
    confirmed, the card can be turned in and the play-off is decided; the play-off's
    clock stays the limit. ``label`` and ``help`` in the game's words."""
    return Option("playoff_entries", label, default, help=help, minimum=1, maximum=30)


@dataclass(frozen=True)
class Tiebreaker:
    """A standings column that orders players with equal totals: its key, label and which
    way is better ("high" or "low")."""

    key: str
    label: str
    better: str = "high"
    # A best, not a count (Laus's best round): over an evening's tables, and between
    # spouses, the better one stands; a count (hands won, tricks) adds up.
    best_of: bool = False
