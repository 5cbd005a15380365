"""Checking the draw's arguments: anything wrong becomes a DrawError an organizer can read.

The checks also canonicalise the input (players sorted, couples as sorted pairs), so the
draw depends on who is there, not on the order they checked in or were typed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .errors import DrawError
from .sizes import _, join, message


@dataclass
class DrawInput:
    players: list[str]
    couples: list[tuple[str, str]]
    history: list[list[tuple[str, str]]]
    sat_out: list[str]
    scorekeepers: list[str]
    # The event's game options; the game checks what it deals from them (`Game.deal_problem`).
    options: dict = field(default_factory=dict)
    spouse: dict[str, str] = field(default_factory=dict)


def _is_list(value: object) -> bool:
    return isinstance(value, (list, tuple))


def _check_id(value: object, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise DrawError(
            message(
                _("{what} must be a player id (a non-empty text), not {value!r}"),
                what=what,
                value=value,
            )
        )
    return value


def _all_ids(values: list | tuple) -> bool:
    """Are all ``values`` non-empty texts? (The quick path for long histories.)"""
    return all(type(v) is str and v and not v.isspace() for v in values)


def _check_partnerships(event: object) -> list[tuple[str, str]]:
    """One event of ``history``: its pairs, each checked. A season of a big club holds
    tens of thousands of pairs, so pairs of two texts are checked by their distinct
    texts (a few hundred players), the rest one by one with their message."""
    if not _is_list(event):
        raise DrawError(_("Each event in history must be a list of partnerships"))
    if all(type(pair) is tuple and len(pair) == 2 for pair in event):
        try:
            texts = {player for pair in event for player in pair}
        except TypeError:  # an unhashable member: checked one by one below
            texts = None
        if texts is not None and _all_ids(list(texts)):
            return list(event)  # type: ignore[arg-type]
    return [_check_pair(pair, _("Each partnership in history")) for pair in event]


def _check_pair(value: object, what: str) -> tuple[str, str]:
    if type(value) is tuple and len(value) == 2 and _all_ids(value):
        return value  # type: ignore[return-value]
    if not _is_list(value) or len(value) != 2:
        raise DrawError(
            message(_("{what} must be a pair of player ids, not {value!r}"), what=what, value=value)
        )
    return _check_id(value[0], what), _check_id(value[1], what)


def _check_names(value: object, what: str) -> list[str]:
    """An optional list of player ids (``sat_out``, ``scorekeepers``)."""
    if value is None:
        return []
    if not _is_list(value):
        raise DrawError(message(_("{what} must be a list of player ids"), what=what))
    return [_check_id(name, what) for name in value]


def check_seed(seed: object) -> int | str:
    # None would mean "seed from the operating system": never reproducible, so refuse it.
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise DrawError(
            message(_("The seed must be a whole number or a text, not {seed!r}"), seed=seed)
        )
    return seed


def check_inputs(
    players: object,
    couples: object,
    history: object,
    sat_out: object,
    allow_sit_out: object,
    scorekeepers: object,
    options: object,
) -> DrawInput:
    if not _is_list(players):
        raise DrawError(_("players must be a list of checked-in player ids"))
    ids = [_check_id(player, _("Every player")) for player in players]
    checked_in = set(ids)
    if len(checked_in) != len(ids):
        seen: set[str] = set()
        twice = sorted({p for p in ids if p in seen or seen.add(p)})
        raise DrawError(message(_("Checked in twice: {names}"), names=join(", ", twice)))

    if couples is None:
        couples = []
    if not _is_list(couples):
        raise DrawError(_("couples must be a list of pairs of player ids"))
    spouse: dict[str, str] = {}
    pairs: list[tuple[str, str]] = []
    for couple in couples:
        a, b = _check_pair(couple, _("Each couple"))
        if a == b:
            raise DrawError(message(_("A couple names {a} twice"), a=a))
        for member in (a, b):
            if member not in checked_in:
                raise DrawError(
                    message(
                        _("The couple {a} and {b} names {member}, who is not checked in"),
                        a=a,
                        b=b,
                        member=member,
                    )
                )
            if member in spouse:
                first, second = sorted((member, spouse[member]))
                other = message(_("{a} and {b}"), a=first, b=second)
                raise DrawError(
                    message(
                        _("{member} is named in two couples ({a} and {b}; {other})"),
                        member=member,
                        a=a,
                        b=b,
                        other=other,
                    )
                )
        spouse[a], spouse[b] = b, a
        pairs.append((min(a, b), max(a, b)))

    if history is None:
        history = []
    if not _is_list(history):
        raise DrawError(_("history must be a list of events, each a list of partnerships"))
    events: list[list[tuple[str, str]]] = [_check_partnerships(event) for event in history]

    if not isinstance(allow_sit_out, bool):
        raise DrawError(_("allow_sit_out must be True or False"))

    if options is not None and not isinstance(options, Mapping):
        raise DrawError(_("options must be a dictionary of game options"))

    return DrawInput(
        players=sorted(ids),
        couples=sorted(pairs),
        history=events,
        sat_out=_check_names(sat_out, "sat_out"),
        scorekeepers=_check_names(scorekeepers, "scorekeepers"),
        options=dict(options or {}),
        spouse=spouse,
    )


def check_tablemates(value: object) -> list[list[str]]:
    """Tables of earlier rounds tonight: a list of groups of player ids (None: none)."""
    if value is None:
        return []
    if not _is_list(value) or not all(_is_list(group) for group in value):
        raise DrawError(_("tablemates must be a list of tables, each a list of player ids"))
    return [[_check_id(player, _("Each tablemate")) for player in group] for group in value]


def check_opponents(value: object) -> list[list[list[str]]]:
    """Tables of earlier events, newest first: a list of events, each a list of tables,
    each a list of player ids (None: none)."""
    if value is None:
        return []
    if not _is_list(value) or not all(
        _is_list(event) and all(_is_list(group) for group in event) for event in value
    ):
        raise DrawError(
            _("opponents must be a list of events, each a list of tables of player ids")
        )
    return [
        [
            list(group) if _all_ids(group) else [_check_id(p, _("Each opponent")) for p in group]
            for group in event
        ]
        for event in value
    ]


def check_ranking(value: object, players: list[str]) -> list[str] | None:
    """The order to seat players in (None: by lot); each a checked-in player, once."""
    if value is None:
        return None
    names = _check_names(value, "ranking")
    checked_in = set(players)
    unknown = [name for name in names if name not in checked_in]
    if unknown:
        raise DrawError(
            message(
                _("The ranking names players not checked in: {names}"), names=join(", ", unknown)
            )
        )
    if len(set(names)) != len(names):
        raise DrawError(_("The ranking names a player twice"))
    return names
