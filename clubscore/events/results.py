"""From stored score entries to each player's score at a table.

One convention, used by the tablets, the dashboard, standings and printouts:

- hand_and_foot: one `ScoreEntry` per hand (number 1..hands). `payload` is the whole
  hand payload of `clubscore.games` (both teams); payload team i is `Team(number=i + 1)`.
  A player scores their team's hands, plus the first-table bonus when the table won it.
- exact_bid: one entry per round (number 1..start_cards); `payload` is that round's
  `{"bids": [...], "tricks": [...]}` in seat order. The game is scored as a whole
  (the multipliers depend on the final ranking), so the table's payload is assembled
  from its rounds here and given to `clubscore.games.score()`.
- luxury_family and laus: one entry per deal or round; `payload` is the game's
  payload with players in seat order; a player scores the sum of their rounds.

Nothing here restates a rule: points come from `clubscore.games.score()` or from the
results it stored.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from clubscore.games import GAMES, score


@dataclass
class TableScore:
    """Each seated player's points at one table, hand by hand (or round by round)."""

    totals: dict[int, int] = field(default_factory=dict)  # player id -> event points
    progress: dict[int, list[int]] = field(default_factory=dict)  # player id -> running totals
    bonus: int = 0  # first-table bonus added for each player of the table
    result: dict | None = None  # exact_bid: the whole game's result


def exact_bid_payload(
    player_names: Sequence[str], start_cards: int, rounds: Iterable[dict]
) -> dict:
    """The exact-bid game payload of a table, from its rounds in order."""
    return {
        "players": list(player_names),
        "start_cards": start_cards,
        "rounds": [{"bids": r["bids"], "tricks": r["tricks"]} for r in rounds],
    }


def table_score(
    game_key: str,
    options: dict,
    seats: Sequence,
    entries: Sequence,
    *,
    has_bonus: bool = False,
) -> TableScore:
    """Score one table from its seats (in position order) and its counted entries.

    `seats` need `.player_id` and, for hand_and_foot, `.team.number`; `entries` need
    `.number`, `.payload` and `.result` and must be the entries that count (for
    standings: the confirmed ones).
    """
    game = GAMES[game_key]
    entries = sorted(entries, key=lambda entry: entry.number)
    player_ids = [seat.player_id for seat in seats]
    outcome = TableScore(
        totals=dict.fromkeys(player_ids, 0), progress={pid: [] for pid in player_ids}
    )

    if game_key == "exact_bid":
        if entries:
            payload = exact_bid_payload(
                [str(pid) for pid in player_ids],
                options.get("start_cards", game.clean_options({})["start_cards"]),
                [entry.payload for entry in entries],
            )
            outcome.result = score(game_key, payload)
            for pid, player in zip(player_ids, outcome.result["players"], strict=True):
                outcome.totals[pid] = player["total"]
            # Points round by round (before the final multiplier), from the game itself.
            for count in range(1, len(entries) + 1):
                partial = score(game_key, {**payload, "rounds": payload["rounds"][:count]})
                for pid, player in zip(player_ids, partial["players"], strict=True):
                    outcome.progress[pid].append(player["points"])
        return outcome

    for entry in entries:
        if not entry.result:
            continue
        if game_key == "hand_and_foot":
            for seat in seats:
                team_total = entry.result["teams"][seat.team.number - 1]["total"]
                outcome.totals[seat.player_id] += team_total
        else:
            for pid, player in zip(player_ids, entry.result["players"], strict=True):
                outcome.totals[pid] += player["total"]
        for pid in player_ids:
            outcome.progress[pid].append(outcome.totals[pid])

    if has_bonus:
        outcome.bonus = options.get("first_table_bonus", 0)
        for pid in player_ids:
            outcome.totals[pid] += outcome.bonus
    return outcome
