"""A season of a Hand and Foot club through the pure draw (issue 27): how often
partnerships and opponents repeat, with the whole season's history (as the draw service
gives it: every partnership of the season, the tables of the last 8 evenings) and, for
comparison, with only the last 3 evenings' partnerships (the service before issue 27).

40 members (14 couples), 30 evenings, 28 to 40 of them each time (by lot, per season).

Run: .venv/bin/python bench/bench_draw_season.py [seasons]
Goal: 0 repeated partnerships with the season's history. Prints figures; not a test
(tests/events/test_draw_season.py plays one season through the draw service).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clubscore.draw import draw  # noqa: E402

OPPONENT_EVENTS = 8  # as clubscore.events.history.OPPONENT_EVENTS (no Django here)


def season(seed: int, *, whole: bool) -> tuple[int, int, int, int, float]:
    """(repeated partnerships, most times one pair partnered, repeated opponent pairs,
    most times two met as opponents, slowest draw in ms)."""
    rng = random.Random(seed)
    members = [f"m{i:02d}" for i in range(40)]
    couples = [(members[2 * i], members[2 * i + 1]) for i in range(14)]
    history: list[list[tuple[str, str]]] = []
    tables: list[list[list[str]]] = []
    partners: dict[tuple[str, str], int] = {}
    opponents: dict[tuple[str, str], int] = {}
    repeats = opponent_repeats = 0
    slowest = 0.0
    for evening in range(30):
        here = sorted(rng.sample(members, rng.randint(28, 40)))
        start = time.perf_counter()
        result = draw(
            "hand_and_foot",
            here,
            [c for c in couples if c[0] in here and c[1] in here],
            seed=evening,
            history=history if whole else history[:3],
            allow_sit_out=True,
            opponents=tables[:OPPONENT_EVENTS] if whole else None,
        )
        slowest = max(slowest, time.perf_counter() - start)
        pairs = [tuple(sorted(team)) for t in result["tables"] for team in t["teams"]]
        for pair in pairs:
            partners[pair] = partners.get(pair, 0) + 1
            repeats += partners[pair] > 1
        for table in result["tables"]:
            (a, b), (c, d) = table["teams"]
            for pair in ((a, c), (a, d), (b, c), (b, d)):
                key = tuple(sorted(pair))
                opponents[key] = opponents.get(key, 0) + 1
                opponent_repeats += opponents[key] > 1
        history.insert(0, pairs)
        tables.insert(0, [[p for team in t["teams"] for p in team] for t in result["tables"]])
    most = max(partners.values())
    return repeats, most, opponent_repeats, max(opponents.values()), slowest * 1000


def main() -> None:
    seasons = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    for whole, label in ((True, "the whole season"), (False, "the last 3 evenings")):
        figures = [season(seed, whole=whole) for seed in range(seasons)]
        print(
            f"{label:20}: repeated partnerships {sum(f[0] for f in figures)} in {seasons} "
            f"seasons (most times one pair: {max(f[1] for f in figures)}); repeated opponents "
            f"{sum(f[2] for f in figures) / seasons:.0f} a season (most: "
            f"{max(f[3] for f in figures)}); slowest draw {max(f[4] for f in figures):.0f} ms"
        )


if __name__ == "__main__":
    main()
