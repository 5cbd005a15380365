"""What the draw says about the soft rules it could not keep.

Each broken rule is said twice: once in the draw's ``warnings``, for the whole round
("2 couples share a table (table 3: …; table 7: …)"), and once in the ``notes`` of the
table where it happened, in words for that table alone ("A couple at this table: Ann and
Bob"), so the page under each table shows its own part and not the whole round's list.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from clubscore.messages import Message

from .sizes import _, join, message, plural

Pairs = list[tuple[str, str]]


def members(table: dict[str, Any]) -> list[str]:
    """Everyone seated at a drawn table."""
    if "teams" in table:
        return [p for team in table["teams"] for p in team]
    return list(table["players"])


def couple_warnings(
    tables: list[dict[str, Any]], spouse: dict[str, str], warnings: list[str]
) -> None:
    def sharing(seated: list[str]) -> Pairs:
        return sorted({tuple(sorted((p, spouse[p]))) for p in seated if spouse.get(p) in seated})

    _pairs_warning(
        tables,
        sharing,
        (
            _("{count} couple shares a table ({details})"),
            _("{count} couples share a table ({details})"),
        ),
        (_("A couple at this table: {names}"), _("Couples at this table: {names}")),
        warnings,
    )


def tablemate_warnings(
    tables: list[dict[str, Any]],
    mates: list[set[int]],
    index: dict[str, int],
    warnings: list[str],
) -> None:
    def again(seated: list[str]) -> Pairs:
        seated = sorted(seated, key=index.__getitem__)
        return [
            (a, b)
            for i, a in enumerate(seated)
            for b in seated[i + 1 :]
            if index[b] in mates[index[a]]
        ]

    _pairs_warning(
        tables,
        again,
        (
            _("{count} pair sits together again from an earlier round tonight ({details})"),
            _("{count} pairs sit together again from an earlier round tonight ({details})"),
        ),
        (
            _("Together again from an earlier round tonight: {names}"),
            _("Together again from an earlier round tonight: {names}"),
        ),
        warnings,
    )


def _pairs_warning(
    tables: list[dict[str, Any]],
    pairs_at: Callable[[list[str]], Pairs],
    round_words: tuple[str, str],
    table_words: tuple[str, str],
    warnings: list[str],
) -> None:
    """One warning naming, table by table, the pairs `pairs_at(members)` finds there,
    and a note at each of those tables naming its own."""
    found = []
    for table in tables:
        pairs = pairs_at(members(table))
        if pairs:
            names = join(", ", (message(_("{a} and {b}"), a=a, b=b) for a, b in pairs))
            found.append(
                (
                    len(pairs),
                    message(_("table {number}: {names}"), number=table["number"], names=names),
                )
            )
            table["notes"].append(message(plural(len(pairs), *table_words), names=names))
    if found:
        count = sum(n for n, _detail in found)
        details = join("; ", (d for _n, d in found))
        warnings.append(message(plural(count, *round_words), count=count, details=details))


def ordinal(n: int) -> Message:
    """ "2nd", "3rd", "4th" (German: "2.", "3.", "4.")."""
    if n % 100 in (11, 12, 13):
        return message(_("{n}th"), n=n)
    template = {1: _("{n}st"), 2: _("{n}nd"), 3: _("{n}rd")}.get(n % 10, _("{n}th"))
    return message(template, n=n)


def repeats(
    tables: list[dict[str, Any]],
    times: dict[tuple[int, int], int],
    weights: list[dict[int, int]],
    spouse: list[int],
    index: dict[str, int],
    warnings: list[str],
) -> list[dict[str, Any]]:
    """Tonight's partnerships that repeat an earlier one, each with why it could not be
    avoided: how few players tonight could partner the one of the two with fewer choices
    (neither their spouse nor an earlier partner). One warning counts them, one per
    partnership names them, and a note at its table says it there."""
    seated = len(index)
    found = []
    for table in tables:
        for a, b in table["teams"]:
            i, j = index[a], index[b]
            count = times.get((min(i, j), max(i, j)))
            if not count:
                continue
            # Everyone else seated tonight but the spouse and earlier partners.
            free = {p: seated - 1 - (spouse[x] >= 0) - len(weights[x]) for p, x in ((a, i), (b, j))}
            who = min((a, b), key=lambda p: (free[p], index[p]))
            found.append(
                {
                    "players": [a, b],
                    "table": table["number"],
                    "time": count + 1,
                    "player": who,
                    "could_partner": free[who],
                }
            )
    if not found:
        return found
    warnings.append(
        message(
            plural(
                len(found),
                _("{count} partnership of tonight repeats one of the season"),
                _("{count} partnerships of tonight repeat one of the season"),
            ),
            count=len(found),
        )
    )
    at = {table["number"]: table for table in tables}
    for repeat in found:
        a, b = repeat["players"]
        if repeat["could_partner"]:
            template = plural(
                repeat["could_partner"],
                _("only {count} player tonight could partner {player}"),
                _("only {count} players tonight could partner {player}"),
            )
        else:
            template = _("nobody tonight could partner {player} for the first time")
        why = message(template, count=repeat["could_partner"], player=repeat["player"])
        nth = ordinal(repeat["time"])
        warnings.append(
            message(
                _("{a} and {b}: {nth} time — {why} (table {number})"),
                a=a,
                b=b,
                nth=nth,
                why=why,
                number=repeat["table"],
            )
        )
        at[repeat["table"]]["notes"].append(
            message(_("{a} and {b} partner for the {nth} time: {why}"), a=a, b=b, nth=nth, why=why)
        )
    return found
