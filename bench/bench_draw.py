"""How long the draw takes for a big club: 1,000 checked in, 400 couples, and a year of
history (52 weekly evenings' partnerships and the last 8 evenings' tables, as the draw
service passes them; issue 27), and for comparison 3 past evenings of partnerships only.

Run: .venv/bin/python bench/bench_draw.py [repeats]
Goal: hand_and_foot under 200 ms with a year of history (best of the repeats). Prints
figures; not a test.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clubscore.draw import draw  # noqa: E402

GOAL_MS = 200.0
OPPONENT_EVENTS = 8  # as clubscore.events.history.OPPONENT_EVENTS (no Django here)


def big_club(
    n_players: int = 1000, n_couples: int = 400, n_events: int = 52, opponents: bool = True
) -> dict:
    rng = random.Random(2026)
    players = [f"p{i:04d}" for i in range(n_players)]
    couples = [(players[2 * i], players[2 * i + 1]) for i in range(n_couples)]
    spouse = {a: b for a, b in couples} | {b: a for a, b in couples}
    history, tables = [], []
    for _ in range(n_events):
        # A past hand_and_foot evening: everyone partnered someone other than their spouse.
        while True:
            order = players[:]
            rng.shuffle(order)
            event = [(order[i], order[i + 1]) for i in range(0, n_players - 1, 2)]
            if all(spouse.get(a) != b for a, b in event):
                break
        history.append(event)
        # Its tables: two partnerships each (the other games sat the same fours).
        tables.append([[*event[i], *event[i + 1]] for i in range(0, len(event) - 1, 2)])
    sat_out = rng.sample(players, 6)
    club = {"players": players, "couples": couples, "history": history, "sat_out": sat_out}
    if opponents:
        # The draw service passes the tables of the last OPPONENT_EVENTS evenings only.
        club["opponents"] = tables[:OPPONENT_EVENTS]
    return club


def best_of(repeats: int, **kwargs) -> tuple[float, float, dict]:
    """Best wall-clock and best CPU milliseconds (CPU: less hurt by a busy machine)."""
    best, best_cpu, result = float("inf"), float("inf"), {}
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = draw(**kwargs)
        best = min(best, time.perf_counter() - start)
        best_cpu = min(best_cpu, time.process_time() - start_cpu)
    return best * 1000, best_cpu * 1000, result


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    print(f"load average {os.getloadavg()[0]:.1f} (2 cores: above 1 the figures are the machine's)")
    for club in (big_club(), big_club(n_events=3, opponents=False)):
        what = "and the tables of the last 8" if "opponents" in club else "partnerships only"
        print(
            f"club: {len(club['players'])} checked in, {len(club['couples'])} couples, "
            f"{len(club['history'])} past events ({what}); best of {repeats}"
        )
        run(club, repeats)


def run(club: dict, repeats: int) -> None:
    for game in ("hand_and_foot", "laus", "luxury_family", "exact_bid"):
        ms, cpu, result = best_of(repeats, game=game, seed=20261122, allow_sit_out=True, **club)
        goal = f"  (goal < {GOAL_MS:.0f} ms: {'ok' if ms < GOAL_MS else 'MISSED'})"
        print(
            f"{game:14} {ms:7.1f} ms (CPU {cpu:6.1f} ms)  tables {len(result['tables']):3}  "
            f"sitting out {len(result['sitting_out'])}  warnings {len(result['warnings'])}"
            + (goal if game == "hand_and_foot" else "")
        )


if __name__ == "__main__":
    main()
