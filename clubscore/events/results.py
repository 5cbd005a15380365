"""From stored score entries to each player's score at a table.

One convention, used by the tablets, the dashboard, standings and printouts: one
`ScoreEntry` per hand or round (number 1..n), its `payload` the game's payload with the
players in seat order (in a game with teams, payload team i is `Team(number=i + 1)`), its
`result` what `clubscore.games` scored. The game says how a table's entries become each
player's score (`Game.table_points`): partners score their team's entries, a game scored
as a whole (a final multiplier) scores every entry so far together; the first-table bonus
comes on top when the table won it.

Nothing here restates a rule: points come from `clubscore.games` or from the results it
stored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from clubscore.games import GAMES, Game


@dataclass
class TableScore:
    """Each seated player's points at one table, hand by hand (or round by round)."""

    totals: dict[int, int] = field(default_factory=dict)  # player id -> event points
    progress: dict[int, list[int]] = field(default_factory=dict)  # player id -> running totals
    bonus: int = 0  # first-table bonus added for each player of the table
    result: dict | None = None  # a game scored as a whole: the whole game's result
    complete: bool = False  # the game is played to its end (`TablePoints.complete`)

    def is_final(self, *, card_in: bool) -> bool:
        """Whether the totals are the table's last word: the card is in, or its game is
        played to the end (every round of the exact-bid game: its places and multipliers
        are settled, and the table checks them before it turns the card in)."""
        return card_in or self.complete

    def so_far(self, player_id: int) -> int:
        """A player's points added up hand by hand, before what the end adds."""
        progress = self.progress.get(player_id)
        return progress[-1] if progress else 0

    def shown(self, player_id: int, *, card_in: bool) -> int:
        """The figure a page shows for a player: the points so far until the totals are
        final (`is_final`), then the event points. What the end adds (the exact-bid
        game's multiplier by place, the first-table bonus) comes with it: mid-game a
        place's multiplier is no one's final total."""
        if self.is_final(card_in=card_in):
            return self.totals.get(player_id, 0)
        return self.so_far(player_id)


def seat_teams(game: Game, seats: Sequence) -> list[int | None]:
    """Each seat's team index (0-based), in a game with teams; else None for every seat."""
    if not game.teams:
        return [None] * len(seats)
    return [seat.team.number - 1 if seat.team is not None else None for seat in seats]


def table_score(
    game_key: str,
    options: dict,
    seats: Sequence,
    entries: Sequence,
    *,
    has_bonus: bool = False,
) -> TableScore:
    """Score one table from its seats (in position order) and its counted entries.

    `seats` need `.player_id` and, in a game with teams, `.team.number`; `entries` need
    `.number`, `.payload` and `.result` and must be the entries that count (for
    standings: the confirmed ones), of which the game counts those it can score so far
    (`counted_so_far`: a round waiting before a confirmed one).
    """
    game = GAMES[game_key]
    counted = set(game.counted_so_far([entry.number for entry in entries]))
    entries = sorted((e for e in entries if e.number in counted), key=lambda e: e.number)
    player_ids = [seat.player_id for seat in seats]
    points = game.table_points(
        [str(pid) for pid in player_ids],
        seat_teams(game, seats),
        [entry.payload for entry in entries],
        [entry.result for entry in entries],
        options,
    )
    outcome = TableScore(
        totals=dict(zip(player_ids, points.totals, strict=True)),
        progress=dict(zip(player_ids, points.progress, strict=True)),
        result=points.result,
        complete=points.complete,
    )
    if has_bonus:
        outcome.bonus = game.first_table_points(options)
        for pid in player_ids:
            outcome.totals[pid] += outcome.bonus
    return outcome


def score_in_place(
    game_key: str,
    options: dict,
    player_names: Sequence[str],
    entered: Mapping[int, Any],
    number: int,
    payload: Any,
) -> dict:
    """Score `payload` as hand or round `number` of a table whose other entries in are
    `entered` (number -> payload), as the game does: on its own, or, in a game scored as
    a whole, with the table's other entries (raises `ScoreError`). What the tablet stores
    and what settling a dispute stores are this one result."""
    return GAMES[game_key].score_with(
        list(player_names), {**entered, number: payload}, number, options
    )
