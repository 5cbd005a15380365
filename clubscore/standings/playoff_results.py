"""What a play-off round decides: the order of the players (or couples) tied for first.

Decisions (also in docs/decisions.md):

- A play-off round settles the tie it was drawn for: the lines tied for first whose
  players are exactly the players seated in the round. A play-off drawn on the other
  basis, or for a tie that a later correction undid, decides nothing here.
- It decides once every card of the round is turned in (or marked "not played");
  until then the tie stays a tie, "play-off in progress", and no other play-off round
  can be started. A round whose every card is marked "not played" decides nothing.
- The play-off's own scores, in the game's order (Laus lowest first; Hand and Foot by
  team score, partners alike; the first-table bonus left out), order the tied lines and
  only them: the best is first ("won the play-off"), the others behind in play-off order.
  A line of the couple basis scores both spouses' play-off scores together. Lines whose
  cards were not played come after those that played it off.
- Lines that tie again for first in the play-off stay "play-off" and can be played off
  again: the next play-off round among exactly them decides, and so on.
- A play-off never adds to the totals.
- When the tied players do not fill the game's tables (issue 27), the organizer seats
  others in the empty seats (`Round.playoff_fillers`): the round settles the tie when
  its seated players are exactly the tied ones and the fillers; the fillers' scores
  count for nothing (only the tied lines are ordered), and the result names them. Or
  the organizer decides by lot (`Round.playoff_lot`, a play-off round without tables):
  the lines in the order drawn, partners alike, the first "won by lot".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubscore.club.models import how_many_together, together
from clubscore.events.results import table_score

from .loading import TableRow

# A line's play-off state (`Row.playoff_state`).
OPEN = "open"  # tied for first: a play-off round can be started
RUNNING = "running"  # its play-off round is not finished yet
WON = "won"  # first: won the play-off
BEHIND = "behind"  # played it off and came behind

TIED_AGAIN = "tied"  # a PlayoffResult's state when the play-off itself was tied


@dataclass
class PlayoffResult:
    """One play-off round as the standings tell it."""

    number: int  # the round's number
    state: str  # WON, TIED_AGAIN or RUNNING
    # (names, play-off score) in play-off order; partners alike share one entry.
    lines: list[tuple[str, int | None]] = field(default_factory=list)
    winners: str = ""  # the winner's name(s), "Ann & Bob"
    fillers: list[str] = field(default_factory=list)  # who filled the empty seats (scores: nothing)
    by_lot: bool = False  # decided by lot, not played
    followed: bool = False  # tied again, and a later play-off or the lot went on from it

    @property
    def scores(self) -> str:
        """ "Ann 120 · Bob 95" (a line whose card was not played shows "–")."""
        return " · ".join(
            f"{names} {'–' if value is None else value}" for names, value in self.lines
        )

    @property
    def text(self) -> str:
        """What the play-off decided, in one sentence (the page and the printout); who
        filled the empty seats, in a second one."""
        text = self._decided
        if self.fillers and self.state == RUNNING:  # they are playing now, as the card says
            text += " " + ngettext(
                "%(names)s fills an empty seat: the play-off counts nothing they score.",
                "%(names)s fill the empty seats: the play-off counts nothing they score.",
                len(self.fillers),
            ) % {"names": ", ".join(self.fillers)}
        elif self.fillers:
            text += " " + ngettext(
                "%(names)s filled the empty seat; their play-off score counts for nothing.",
                "%(names)s filled the empty seats; their play-off scores count for nothing.",
                len(self.fillers),
            ) % {"names": ", ".join(self.fillers)}
        return text

    @property
    def _decided(self) -> str:
        values = {"number": self.number, "scores": self.scores, "winners": self.winners}
        if self.by_lot:
            order = ", ".join(names for names, _value in self.lines)
            return ngettext(
                "Decided by lot instead of a play-off: %(order)s. %(winners)s won by lot.",
                "Decided by lot instead of a play-off: %(order)s. %(winners)s won by lot.",
                how_many_together(self.winners),
            ) % {"order": order, "winners": self.winners}
        if self.state == RUNNING:
            names = ", ".join(names for names, _value in self.lines)
            return _(
                "Round %(number)s (play-off) in progress: %(names)s. The tie stands until "
                "its cards are turned in."
            ) % {"number": self.number, "names": names}
        if self.state == TIED_AGAIN and self.followed:
            return _("Round %(number)s (play-off): %(scores)s. Tied again.") % values
        if self.state == TIED_AGAIN:
            return (
                _(
                    "Round %(number)s (play-off): %(scores)s. Tied again: play it off again, or "
                    "decide it by lot."
                )
                % values
            )
        # One word in English, two in German ("hat" / "haben … gewonnen").
        return (
            ngettext(
                "Round %(number)s (play-off): %(scores)s. %(winners)s won the play-off.",
                "Round %(number)s (play-off): %(scores)s. %(winners)s won the play-off.",
                how_many_together(self.winners),
            )
            % values
        )


def settle(
    rows: list,
    playoffs: Sequence[tuple[int, list[TableRow]]],
    *,
    game_key: str,
    options: dict,
    order: str,
    by_line: bool,
) -> list[PlayoffResult]:
    """Order the lines tied for first (`rows`: ranked, best first, `playoff` marking the
    tie) by the play-off rounds that were drawn among them; `rows` is reordered and
    re-ranked in place. `by_line`: every line plays for itself (the couple basis);
    otherwise Hand and Foot partners share a result, as in the standings."""
    results: list[PlayoffResult] = []
    group = [row for row in rows if row.playoff]
    for row in group:
        row.playoff_state = OPEN
    for playoff in playoffs:
        if not group:
            break
        number, tables = playoff.number, playoff.tables
        members = {pid for row in group for pid in row.player_ids}
        if playoff.lot:
            if set(playoff.lot) == members:
                head = rows[: len(group)]
                results.append(_by_lot(head, playoff.lot, _same_side({}, by_line), number))
                rows[: len(head)] = head
                group = []
            continue
        fillers = set(playoff.fillers)
        seated = {seat.player_id for table in tables for seat in table.seats}
        if fillers & members or seated - fillers != members:
            continue
        filler_names = [
            seat.name for table in tables for seat in table.seats if seat.player_id in fillers
        ]
        if not all(table.done for table in tables):
            for row in group:
                row.playoff_state = RUNNING
            same = _same_side({}, by_line)
            result = PlayoffResult(number, RUNNING, _lines(group, {}, same), fillers=filler_names)
            results.append(result)
            break
        played = [table for table in tables if not table.not_played]
        if not played:
            continue
        scores, teams = _scores(played, game_key, options)
        size = len(group)
        same = _same_side(teams, by_line)
        head = rows[:size]  # the group is the head of the standings (tied for first)
        group = _order(head, scores, same, order=order)
        rows[:size] = head
        result = PlayoffResult(number, TIED_AGAIN if group else WON, fillers=filler_names)
        result.lines = _lines(head, scores, same)
        if not group:
            result.winners = result.lines[0][0]
        results.append(result)
    for earlier in results[:-1]:
        earlier.followed = True  # what to do next is what came next
    return results


def _by_lot(group: list, lot: list[int], side, number: int) -> PlayoffResult:
    """Order the group (reordered in place) as the lot drew its players: each side
    (partners alike) where its first player was drawn; the first side won by lot."""
    drawn = {pid: position for position, pid in enumerate(lot)}
    place: dict[object, int] = {}
    for row in group:
        first = min(drawn.get(pid, len(drawn)) for pid in row.player_ids)
        place[side(row)] = min(place.get(side(row), first), first)
    group.sort(key=lambda row: place[side(row)])  # stable: partners keep their order
    # Ranked as the standings rank (and a play-off): partners share the rank of the
    # side's first line, the next side's counts the lines before it (1, 1, 3, 3).
    ranks: dict[object, int] = {}
    for position, row in enumerate(group, start=1):
        ranks.setdefault(side(row), position)
    for row in group:
        row.rank = ranks[side(row)]
        row.tied = row.playoff = False
        row.playoff_state = WON if row.rank == 1 else BEHIND
        row.playoff_by_lot = True
    result = PlayoffResult(number, WON, by_lot=True)
    result.lines = [(names, None) for names, _value in _merge_sides(group, side)]
    result.winners = result.lines[0][0]
    return result


def _merge_sides(group: list, side) -> list[tuple[str, None]]:
    """(names, None) per side in the group's order: "Ann & Bob" for partners alike."""
    lines: dict[object, list[str]] = {}
    for row in group:
        lines.setdefault(side(row), []).append(row.name)
    return [(" & ".join(names), None) for names in lines.values()]


def _scores(tables: list[TableRow], game_key: str, options: dict):
    """Each play-off player's score, and the team (or seat) they scored it in."""
    scores: dict[int, int] = {}
    teams: dict[int, object] = {}
    for table in tables:
        outcome = table_score(game_key, options, table.seats, table.counted, has_bonus=False)
        for seat in table.seats:
            scores[seat.player_id] = outcome.totals[seat.player_id]
            teams[seat.player_id] = (
                (table.pk, seat.team.number) if seat.team is not None else seat.player_id
            )
    return scores, teams


def _line_score(row, scores: dict[int, int]) -> int | None:
    values = [scores[pid] for pid in row.player_ids if pid in scores]
    return sum(values) if values else None


def _same_side(teams: dict, by_line: bool):
    """What makes lines one side of the play-off: on the couple basis every line plays
    for itself; on the individual basis partners (one team) share their result."""

    def side(row) -> object:
        if by_line:
            return id(row)
        if teams:
            return frozenset(teams.get(pid) for pid in row.player_ids)
        return frozenset(row.partnerships)  # before the play-off: the evening's teams

    return side


def _order(group: list, scores, side, *, order: str) -> list:
    """Rank the group (a slice of the standings' head, reordered in place: the caller
    writes it back) by its play-off scores; return the lines still tied for first
    (empty when one line, or partners alike, won)."""
    sign = -1 if order == "high" else 1
    scored = [row for row in group if _line_score(row, scores) is not None]
    unscored = [row for row in group if _line_score(row, scores) is None]
    scored.sort(key=lambda row: sign * _line_score(row, scores))  # stable: keeps tie-breaks
    group[:] = scored + unscored
    sides: dict[int | None, set] = {}
    for row in group:
        sides.setdefault(_line_score(row, scores), set()).add(side(row))
    previous, rank = object(), 0
    for position, row in enumerate(group, start=1):
        score = _line_score(row, scores)
        if score != previous:
            rank, previous = position, score
        row.rank = rank
        row.tied = len(sides[score]) > 1
        row.playoff_scores.append(score)
        row.playoff = False
        row.playoff_state = BEHIND
    top = [row for row in group if row.rank == 1]
    if len({side(row) for row in top}) > 1:
        for row in top:
            row.playoff = True
            row.playoff_state = OPEN
        return top
    for row in top:
        row.playoff_state = WON
    return []


def tied_names(rows: list, *, by_line: bool) -> str:
    """Who is tied, each side once: "Ann & Bob, Cy & Di" where partners share a result
    (Hand and Foot on the individual basis), as a play-off's lines name them."""
    return ", ".join(names for names, _score in _lines(rows, {}, _same_side({}, by_line)))


def _lines(group: list, scores: dict[int, int], side) -> list[tuple[str, int | None]]:
    """(names, score) in order; partners alike share one entry ("Ann & Bob")."""
    lines: list[tuple[str, int | None]] = []
    seen: dict[tuple, int] = {}
    for row in group:
        score = _line_score(row, scores)
        key = (side(row), score)
        if key in seen:
            names, value = lines[seen[key]]
            lines[seen[key]] = (together((names, row.name)), value)
        else:
            seen[key] = len(lines)
            lines.append((row.name, score))
    return lines
