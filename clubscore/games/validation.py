"""Payload validation of the games: the error every game raises and the checks it uses.

Pure Python (see ``base``). A ``Validator`` collects every problem of a payload by its
path, so a scorekeeper sees all of them at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from clubscore.messages import _, message

__all__ = [
    "MAX_NAME_LENGTH",
    "NAME_PART_LENGTH",
    "ScoreError",
    "Validator",
    "describe",
    "is_int",
    "join",
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


class _Missing:
    """A required key the payload lacks: reported once by ``Validator.mapping``, then
    passed over by every other check, so the rest of the payload is still checked."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING = _Missing()


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
        *,
        partial: bool = False,
    ) -> dict[str, Any] | None:
        """Check that ``value`` is an object with the ``required`` (and ``optional``) keys only.

        ``extra_messages`` gives a specific message for a known-wrong key (for example
        red threes in the melded cards of Hand and Foot). With ``partial``, an object that
        lacks required keys is returned with ``MISSING`` for each, which every check here
        passes over, so the keys present are checked too (for a caller that reads each
        value through a check); without it, ``None``.
        """
        if value is MISSING:
            return None
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
        # Unknown keys are errors, but the known ones are still checked for more errors,
        # and so are the present ones when some are missing (each check passes MISSING
        # over). The payload is only ever read, so it is returned as it is when whole.
        if missing:
            return {**value, **dict.fromkeys(missing, MISSING)} if partial else None
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
        if value is MISSING:
            return None
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
        if value is MISSING:
            return None
        if not isinstance(value, bool):
            self.add(path, _("Enter yes or no (true or false)."))
            return None
        return value

    def sequence(
        self, value: Any, path: str, min_length: int = 0, max_length: int | None = None
    ) -> list[Any] | None:
        """Check a list whose length is within ``min_length..max_length``."""
        if value is MISSING:
            return None
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
        if value is MISSING:
            return None
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
