"""The tie-break columns of the standings: each player's figures at a table, as the game
counts them from the stored results, added up over the evening's tables."""

from __future__ import annotations

from typing import TYPE_CHECKING

from clubscore.events.results import seat_teams
from clubscore.games import Game, Tiebreaker

if TYPE_CHECKING:
    from .standings import Row


def table_tiebreakers(game: Game, seats, entries, outcome) -> dict[int, dict[str, int]]:
    """Each seated player's tie-break figures at one table, as the game counts them from
    the stored results."""
    results = [entry.result for entry in entries if entry.result]
    return {
        seat.player_id: game.tiebreak_values(
            results, index, team, game_result=outcome.result, bonus=outcome.bonus
        )
        for index, (seat, team) in enumerate(zip(seats, seat_teams(game, seats), strict=True))
    }


def merge_tiebreakers(row: Row, values: dict[str, int], tiebreakers: list[Tiebreaker]) -> None:
    """Add one table's figures to a line's tie-break columns (a best: the better one)."""
    for tiebreaker in tiebreakers:
        key = tiebreaker.key
        if key not in values:
            continue
        if tiebreaker.best_of:
            # Best of several tables: keep the better one (`played` is 0 before the first).
            pick = max if tiebreaker.better == "high" else min
            row.tiebreakers[key] = (
                pick(row.tiebreakers[key], values[key]) if row.played else values[key]
            )
        else:
            row.tiebreakers[key] += values[key]
