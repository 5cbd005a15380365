"""What fits: how many tables a number of players makes, and how to say so.

Used by the draw (to refuse or to choose sit-outs) and by the check-in page's live
count ("36 checked in: 9 tables of four"; "17 checked in: ... one must sit out, or add
three more"), so both always agree.
"""

from __future__ import annotations

from typing import Any

from .errors import DrawError
from .sizes import TABLE_SIZES, TableSize, _, join, message, number_word, plural


def table_size(game: object) -> TableSize:
    """The table size of ``game``, or a DrawError naming the games there are."""
    if not isinstance(game, str) or game not in TABLE_SIZES:
        known = ", ".join(sorted(TABLE_SIZES))
        raise DrawError(
            message(_("Unknown game {game!r}; the games are: {known}"), game=game, known=known)
        )
    return TABLE_SIZES[game]


def table_sizes(size: TableSize, n: int) -> list[int]:
    """Sizes of the tables ``n`` players make, largest first; [] when too few for one.

    Fixed-size games seat as many full tables as fit. Games with a range (say 2 to
    4 players) use as few tables as possible, ceil(n / largest), and spread the players evenly, so
    the small tables are as few and as big as they can be (10 -> 4, 3, 3; 5 -> 3, 2).
    """
    if n < size.smallest:
        return []
    if size.fixed:
        return [size.largest] * (n // size.largest)
    count = -(-n // size.largest)
    base, extra = divmod(n, count)
    return [base + 1] * extra + [base] * (count - extra)


def _tables_phrase(sizes: list[int]) -> str:
    """ "9 tables of four", or "1 table of four and 2 tables of three"."""
    parts = []
    for seats in sorted(set(sizes), reverse=True):
        count = sizes.count(seats)
        template = plural(count, _("{count} table of {seats}"), _("{count} tables of {seats}"))
        parts.append(message(template, count=count, seats=number_word(seats)))
    return join(_(" and "), parts)


def _players(n: int) -> str:
    return message(plural(n, _("{n} player"), _("{n} players")), n=n)


def fit(game: str, n: int) -> dict[str, Any]:
    """How ``n`` checked-in players fit the tables of ``game``.

    Returns plain data: ``players``, ``tables``, ``table_sizes``, ``seated``, ``sit_out``
    (how many must sit out for the tables to fit), ``add`` (how many more players would
    make it fit with nobody sitting out), ``fits`` (nobody sits out and there is a table),
    ``message`` (the live count for the check-in page), ``problem`` (the DrawError message
    when it does not fit, else None) and ``seat_reason`` (why players sit out, else None).
    """
    size = table_size(game)
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise DrawError(_("The number of players must be a whole number, 0 or more"))
    sizes = table_sizes(size, n)
    seated = sum(sizes)
    sit_out = n - seated if sizes else n
    seats = number_word(size.largest)

    if not sizes:
        add = size.smallest - n
        if size.fixed:
            needs = _("a table of {seats} needs {count}")
        else:
            needs = _("a table needs at least {count}")
        needs = message(needs, seats=seats, count=size.smallest)
        live = message(
            _("{n} checked in: {needs}; add {add} more"), n=n, needs=needs, add=number_word(add)
        )
        problem = message(
            _("{players}: {needs}; add {added}"),
            players=_players(n),
            needs=needs,
            added=_players(add),
        )
        seat_reason = None
    elif sit_out:
        add = size.largest - sit_out
        live = message(
            _("{n} checked in: {tables}; {sit} must sit out, or {add} more join"),
            n=n,
            tables=_tables_phrase(sizes),
            sit=number_word(sit_out),
            add=number_word(add),
        )
        template = plural(
            len(sizes), _("a table of {seats} seats {seated}"), _("tables of {seats} seat {seated}")
        )
        seat_reason = message(
            _("{players}: {seat}"),
            players=_players(n),
            seat=message(template, seats=seats, seated=seated),
        )
        problem = message(
            _("{reason}; let {sit} sit out or add {added}"),
            reason=seat_reason,
            sit=sit_out,
            added=_players(add),
        )
    else:
        add = 0
        live = message(_("{n} checked in: {tables}"), n=n, tables=_tables_phrase(sizes))
        problem = seat_reason = None

    return {
        "game": game,
        "players": n,
        "tables": len(sizes),
        "table_sizes": sizes,
        "seated": seated,
        "sit_out": sit_out,
        "add": add,
        "fits": bool(sizes) and not sit_out,
        "message": live,
        "problem": problem,
        "seat_reason": seat_reason,
    }
