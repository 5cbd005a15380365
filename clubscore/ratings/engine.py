"""The rating arithmetic, without the database: evenings in, ratings out.

Each table is one match. Its sides are the teams (a game with teams, Hand and Foot) or
the players (the other games), ordered by their score at that table in the game's own
standings order (Laus: lowest first); equal scores are a tie. The library (openskill)
does the rest: partners share a result, opponents' strength counts, and a newcomer's
uncertainty shrinks evening by evening.

Why Bradley-Terry (full pairing) and not openskill's Plackett-Luce: for two sides they
are the same model, but openskill 6.2's Plackett-Luce mishandles a tie ahead of others
(two players tied for first and the third gain alike; openskill.py issues #155, #173).
Bradley-Terry full pairing orders tied and untied players correctly (see
docs/decisions.md and tests/ratings/test_engine.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from openskill.models import BradleyTerryFull

from clubscore.events.results import table_score
from clubscore.games import GAMES

MODEL = BradleyTerryFull()


@dataclass(slots=True)
class TeamRef:
    number: int


@dataclass(slots=True)
class SeatRow:
    """What `table_score` reads of a seat."""

    player_id: int
    team: TeamRef | None


@dataclass(slots=True)
class EntryRow:
    number: int
    payload: dict | None
    result: dict | None


@dataclass(slots=True)
class TableRow:
    pk: int
    number: int
    has_bonus: bool
    seats: list[SeatRow] = field(default_factory=list)
    counted: list[EntryRow] = field(default_factory=list)  # confirmed entries


@dataclass(slots=True)
class State:
    mu: float
    sigma: float
    evenings: int


@dataclass(slots=True)
class Evening:
    """What one rated evening did to one player."""

    player_id: int
    before: State
    after: State
    score: int
    place: int
    tables: list[int]
    partners: list[int]


def new_state() -> State:
    return State(MODEL.mu, MODEL.sigma, 0)


def ranks(scores: Sequence[int], order: str) -> list[int]:
    """Competition ranks (1 is best) of `scores` in the game's order; equal scores tie."""
    sign = -1 if order == "high" else 1
    first: dict[int, int] = {}
    for position, value in enumerate(sorted(sign * s for s in scores), start=1):
        first.setdefault(value, position)
    return [first[sign * s] for s in scores]


def rank_sides(sides: Sequence[Sequence[State]], places: Sequence[int]) -> list[list[State]]:
    """One match: each side's players' new mean and uncertainty (1 is the best place)."""
    rated = MODEL.rate(
        [[MODEL.rating(mu=s.mu, sigma=s.sigma) for s in side] for side in sides], ranks=places
    )
    return [[State(r.mu, r.sigma, 0) for r in side] for side in rated]


def table_sides(game_key: str, options: dict, table: TableRow) -> tuple[list[list[int]], dict]:
    """The table's sides (lists of player ids) and each player's points at the table.

    No sides (an empty list) when the table does not count: nothing confirmed, or fewer
    than two sides.
    """
    if not table.counted or not table.seats:
        return [], {}
    outcome = table_score(game_key, options, table.seats, table.counted, has_bonus=table.has_bonus)
    if GAMES[game_key].teams:
        by_team: dict[int, list[int]] = {}
        for seat in table.seats:
            by_team.setdefault(seat.team.number if seat.team else 0, []).append(seat.player_id)
        sides = [by_team[number] for number in sorted(by_team)]
    else:
        sides = [[seat.player_id] for seat in table.seats]
    if len(sides) < 2:
        return [], {}
    return sides, outcome.totals


def rate_evening(
    game_key: str, options: dict, tables: Iterable[TableRow], state: dict[int, State]
) -> list[Evening]:
    """Apply one evening's tables (in round and table order) to `state`, in place, and say
    what it did to each player who played."""
    game = GAMES[game_key]
    before: dict[int, State] = {}
    totals: dict[int, int] = {}
    played_at: dict[int, list[int]] = {}
    partners: dict[int, list[int]] = {}
    for table in tables:
        sides, points = table_sides(game_key, options, table)
        if not sides:
            continue
        side_scores = [points[side[0]] for side in sides]
        current = [[state.setdefault(pid, new_state()) for pid in side] for side in sides]
        for side in sides:
            for pid in side:
                before.setdefault(pid, State(state[pid].mu, state[pid].sigma, state[pid].evenings))
                totals[pid] = totals.get(pid, 0) + points[pid]
                played_at.setdefault(pid, []).append(table.number)
                mates = side if game.teams else [p for s in sides for p in s]
                partners.setdefault(pid, []).extend(p for p in mates if p != pid)
        rated = rank_sides(current, ranks(side_scores, game.standings_order))
        for side, new in zip(sides, rated, strict=True):
            for pid, rating in zip(side, new, strict=True):
                state[pid].mu, state[pid].sigma = rating.mu, rating.sigma
    places = dict(zip(totals, ranks(list(totals.values()), game.standings_order), strict=True))
    evenings = []
    for pid, was in before.items():
        state[pid].evenings = was.evenings + 1
        now = state[pid]
        evenings.append(
            Evening(
                player_id=pid,
                before=was,
                after=State(now.mu, now.sigma, now.evenings),
                score=totals[pid],
                place=places[pid],
                tables=played_at[pid],
                partners=list(dict.fromkeys(partners[pid])),
            )
        )
    return evenings
