"""The rating arithmetic, without the database: evenings in, ratings out.

Each hand or round at a table is one small match (`METHOD`, chosen by
bench/bench_rating_quality.py). Its sides are the teams (a game with teams, Hand and
Foot) or the players (the other games), ordered by their points in that hand in the
game's own standings order (Laus: lowest first); equal points are a tie. The hands of a
full game together weigh one match, so a table stopped early counts in proportion to
the hands or rounds it played. Besides, the evening is one more match, weighing half:
every side against its neighbours in the evening's order by points per hand or round
played (openskill's Bradley-Terry partial pairing), so a table's winner who is 5th on
the night gains less than the evening's winners. The library does the rest: partners
share a result, opponents' strength counts, and a newcomer's uncertainty shrinks
evening by evening.

Why Bradley-Terry (full pairing) at the tables and not openskill's Plackett-Luce: for
two sides they are the same model, but openskill 6.2's Plackett-Luce mishandles a tie
ahead of others (two players tied for first and the third gain alike; openskill.py
issues #155, #173). Bradley-Terry orders tied and untied players correctly (see
docs/decisions.md and tests/ratings/test_engine.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import BradleyTerryFull, BradleyTerryPart

from clubscore.events.results import table_score
from clubscore.games import GAMES
from clubscore.standings.loading import TableRow

MODEL = BradleyTerryFull()
METHOD = None  # set below Method


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


def ranks(scores: Sequence[float], order: str) -> list[int]:
    """Competition ranks (1 is best) of `scores` in the game's order; equal scores tie."""
    sign = -1 if order == "high" else 1
    first: dict[float, int] = {}
    for position, value in enumerate(sorted(sign * s for s in scores), start=1):
        first.setdefault(value, position)
    return [first[sign * s] for s in scores]


def rank_sides(
    sides: Sequence[Sequence[State]],
    places: Sequence[int],
    *,
    model: Any = None,
    scores: Sequence[float] | None = None,
) -> list[list[State]]:
    """One match: each side's players' new mean and uncertainty (1 is the best place).
    With `scores` (higher is better) the model also reads the margins."""
    model = model or MODEL
    teams = [[model.rating(mu=s.mu, sigma=s.sigma) for s in side] for side in sides]
    if scores is not None:
        rated = model.rate(teams, scores=list(scores))
    else:
        rated = model.rate(teams, ranks=list(places))
    return [[State(r.mu, r.sigma, 0) for r in side] for side in rated]


@dataclass(slots=True)
class Match:
    """One table as the rating reads it: its sides (player ids), each side's points at
    the table, and how much of a full game the table played (1: all of it)."""

    sides: list[list[int]]
    points: list[float]
    played: int = 1  # hands or rounds counted
    share: float = 1.0
    hands: list[list[float]] = field(default_factory=list)  # each side's points, hand by hand


@dataclass(frozen=True, slots=True)
class Method:
    """How matches become ratings (bench/bench_rating_quality.py compares methods)."""

    name: str
    model: Any
    # "table": each table a match (weighed by its share of a full game); "hand": each
    # hand or round a match, weighed by its part of a full game; "hand unweighted";
    # "evening": all sides of the evening in one match
    scope: str = "table"
    margins: float = 0.0  # 0: order only; else openskill's margin, in points
    # Besides: every side of the evening in one match (by points per hand or round
    # played), each pair weighing `evening_weight` / (sides - 1).
    evening_weight: float = 0.0
    evening_model: Any = None


def rate_matches(
    matches: Sequence[Match], order: str, state: dict[int, State], method: Method
) -> None:
    """Apply one evening's matches to `state`, in place."""
    groups: list[tuple[Match, list[float], Any]] = []
    if method.scope == "evening":
        groups.append(_evening(matches, 1.0, method.model))
    elif method.scope in ("hand", "hand unweighted"):
        for m in matches:
            # Each hand weighs its part of a full game: a full table counts as one match,
            # a table stopped early in proportion to the hands it played.
            weight = m.share / m.played if method.scope == "hand" else 1.0
            groups.extend(
                (Match(m.sides, hand), [weight] * len(m.sides), method.model) for hand in m.hands
            )
    else:
        groups.extend((m, [m.share] * len(m.sides), method.model) for m in matches)
    if method.evening_weight:
        groups.append(_evening(matches, method.evening_weight, method.evening_model))
    sign = 1 if order == "high" else -1
    for match, share, model in groups:
        if len(match.sides) < 2:
            continue
        current = [[state.setdefault(pid, new_state()) for pid in side] for side in match.sides]
        if method.margins:
            rated = rank_sides(current, [], model=model, scores=[sign * p for p in match.points])
        else:
            rated = rank_sides(current, ranks(match.points, order), model=model)
        for side, new, part in zip(match.sides, rated, share, strict=True):
            for pid, rating in zip(side, new, strict=True):
                was = state[pid]
                # A table stopped early counts in proportion to what it played.
                was.mu += part * (rating.mu - was.mu)
                was.sigma = (was.sigma**2 + part * (rating.sigma**2 - was.sigma**2)) ** 0.5


def _evening(matches: Sequence[Match], weight: float, model: Any) -> tuple[Match, list, Any]:
    """Every side of the evening in one match, by points per hand or round played."""
    sides = [side for m in matches for side in m.sides]
    if len({pid for side in sides for pid in side}) == sum(len(side) for side in sides):
        # One table each: the tables' sides (teams stay teams).
        evening = Match(sides, [p / m.played for m in matches for p in m.points])
        shares = [m.share for m in matches for _side in m.sides]
    else:
        # Several rounds: each player once, by their points per hand or round over all
        # their tables, counted as much as their tables were played on average.
        points: dict[int, list[float]] = {}
        for m in matches:
            for side, p in zip(m.sides, m.points, strict=True):
                for pid in side:
                    line = points.setdefault(pid, [0.0, 0, 0.0, 0])
                    line[0] += p
                    line[1] += m.played
                    line[2] += m.share
                    line[3] += 1
        evening = Match([[pid] for pid in points], [t / n for t, n, _s, _c in points.values()])
        shares = [s / c for _t, _n, s, c in points.values()]
    if model.__class__.__name__.endswith("Full"):
        # Per opponent: full pairing adds up one pair per other side, and an evening has
        # many; so that the evening weighs like one more table, whatever its size.
        weight /= max(1, len(evening.sides) - 1)
    return evening, [weight * share for share in shares], model


def table_match(game_key: str, options: dict, table: TableRow) -> tuple[Match | None, dict]:
    """The table as a match, and each player's points at the table. None when the table
    does not count: nothing confirmed, or fewer than two sides."""
    if not table.counted or not table.seats:
        return None, {}
    game = GAMES[game_key]
    outcome = table_score(game_key, options, table.seats, table.counted, has_bonus=table.has_bonus)
    if game.teams:
        by_team: dict[int, list[int]] = {}
        for seat in table.seats:
            by_team.setdefault(seat.team.number if seat.team else 0, []).append(seat.player_id)
        sides = [by_team[number] for number in sorted(by_team)]
    else:
        sides = [[seat.player_id] for seat in table.seats]
    if len(sides) < 2:
        return None, {}
    played = len(table.counted)
    full = game.entries_per_game(options)
    share = min(1.0, played / full) if full else 1.0
    points = [outcome.totals[side[0]] for side in sides]
    running = [[0, *outcome.progress[side[0]]] for side in sides]
    hands = [[line[n + 1] - line[n] for line in running] for n in range(len(running[0]) - 1)]
    return Match(sides, points, played, share, hands), outcome.totals


def table_sides(game_key: str, options: dict, table: TableRow) -> tuple[list[list[int]], dict]:
    """The table's sides (lists of player ids) and each player's points at the table."""
    match, totals = table_match(game_key, options, table)
    return (match.sides if match else []), totals


def rate_evening(
    game_key: str,
    options: dict,
    tables: Iterable[TableRow],
    state: dict[int, State],
    method: Method | None = None,
) -> list[Evening]:
    """Apply one evening's tables (in round and table order) to `state`, in place, and say
    what it did to each player who played."""
    game = GAMES[game_key]
    before: dict[int, State] = {}
    totals: dict[int, int] = {}
    played_at: dict[int, list[int]] = {}
    partners: dict[int, list[int]] = {}
    matches = []
    for table in tables:
        match, points = table_match(game_key, options, table)
        if match is None:
            continue
        matches.append(match)
        sides = match.sides
        for side in sides:
            for pid in side:
                was = state.setdefault(pid, new_state())
                before.setdefault(pid, State(was.mu, was.sigma, was.evenings))
                totals[pid] = totals.get(pid, 0) + points[pid]
                played_at.setdefault(pid, []).append(table.number)
                mates = side if game.teams else [p for s in sides for p in s]
                partners.setdefault(pid, []).extend(p for p in mates if p != pid)
    rate_matches(matches, game.standings_order, state, method or METHOD)
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


# Chosen by bench/bench_rating_quality.py (the figures are in the README): of openskill's
# models and the ways to cut an evening into matches, this one ranks a simulated club
# closest to its hidden strengths at every season length, and ahead of the average score.
METHOD = Method(
    "each hand a match, and the evening",
    MODEL,
    scope="hand",
    evening_weight=0.5,
    evening_model=BradleyTerryPart(),
)
