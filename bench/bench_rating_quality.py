"""Benchmark: does the shown rating say how well a player plays?

A simulated club: 40 players with hidden strengths (normal, mean 0, sd 1). Each
evening about 85% of them come; partners and tables are drawn by the real draw
(`clubscore.draw.draw`, by lot, sitting out whoever does not fit); each side's points
come from the strengths with noise, hand by hand (Hand and Foot: a team's points rise
with both partners' strength and fall a little with the opponents'; the other games:
a player's own strength). One table in ten is stopped after one hand or round and
"scored as it lies". 30 evenings per season.

After 5, 10, 20 and 30 evenings it measures the Spearman rank correlation with the
hidden strength of
- the ladder's average score (points per evening played; Laus: per round played), and
- the rating each method would show (the mean mu, and the conservative mu - 3 sigma),
averaged over several seasons (`--seasons`, different seeds). The engine's own code
rates (`clubscore.ratings.engine.rate_matches`); only the method it is given differs.

Goal (issue 26): the shown rating beats the average score at every season length and
reaches 0.85 by 30 evenings. Not a test: `python bench/bench_rating_quality.py`.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from openskill.models import (  # noqa: E402  (after the path is set)
    BradleyTerryFull,
    BradleyTerryPart,
    PlackettLuce,
    ThurstoneMostellerFull,
)

from clubscore.draw import draw  # noqa: E402
from clubscore.games import GAMES  # noqa: E402
from clubscore.ratings.engine import METHOD, Match, Method, State, rate_matches  # noqa: E402

PLAYERS = 40
EVENINGS = 30
LENGTHS = (5, 10, 20, 30)
COMING = 0.85
STOPPED = 0.1  # share of tables stopped after their first hand or round

# Points per hand or round: (base, per unit of own strength, per unit of the opponents'
# mean strength, the table's luck (sd, alike for every side at the table), each side's
# own luck (sd)). Hand and Foot's are a team's; the others a player's.
POINTS = {
    "hand_and_foot": (1200, 250, -250, 500, 600),
    "luxury_family": (60, 20, -20, 30, 40),
    "laus": (25, -8, 8, 10, 16),
}


def methods() -> list[Method]:
    """The alternatives the engine's method was chosen from (`--all`)."""
    return [
        Method("table order, Bradley-Terry (before issue 26)", BradleyTerryFull()),
        Method("table order, Plackett-Luce", PlackettLuce()),
        Method("table order, Thurstone-Mosteller", ThurstoneMostellerFull()),
        Method("table margins, Bradley-Terry", BradleyTerryFull(margin=1.0), margins=1.0),
        Method("evening order, Bradley-Terry", BradleyTerryFull(), scope="evening"),
        Method("evening order, Plackett-Luce", PlackettLuce(), scope="evening"),
        Method("hand order, Bradley-Terry", BradleyTerryFull(), scope="hand"),
        Method("hand order, Plackett-Luce", PlackettLuce(), scope="hand"),
        Method("hand order, Thurstone-Mosteller", ThurstoneMostellerFull(), scope="hand"),
        Method("hand order unweighted, Bradley-Terry", BradleyTerryFull(), scope="hand unweighted"),
        *(
            Method(
                f"hand order + evening x{weight}, {name}",
                BradleyTerryFull(),
                scope="hand",
                evening_weight=weight,
                evening_model=model,
            )
            for weight, name, model in (
                (1.0, "Bradley-Terry full", BradleyTerryFull()),
                (0.25, "Bradley-Terry part", BradleyTerryPart()),
                (1.0, "Bradley-Terry part", BradleyTerryPart()),
            )
        ),
    ]


def spearman(xs: list[float], ys: list[float]) -> float:
    def ranked(values: list[float]) -> list[float]:
        order = sorted(range(len(values)), key=values.__getitem__)
        out = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + j) / 2
            i = j + 1
        return out

    return statistics.correlation(ranked(xs), ranked(ys))


def season(game_key: str, seed: int) -> list[list[Match]]:
    """30 evenings of matches, and the hidden strengths (returned by `strengths`)."""
    rng = random.Random(seed)
    game = GAMES[game_key]
    full = game.entries_per_game({})
    base, own, against, shared, noise = POINTS[game_key]
    strength = STRENGTHS.setdefault(seed, [rng.gauss(0, 1) for _ in range(PLAYERS)])
    evenings = []
    for number in range(EVENINGS):
        here = [str(p) for p in range(PLAYERS) if rng.random() < COMING]
        drawn = draw(
            game=game_key, players=here, couples=[], seed=seed * 1000 + number, allow_sit_out=True
        )
        matches = []
        for table in drawn["tables"]:
            sides = [[int(p) for p in team] for team in table.get("teams", [])] or [
                [int(p)] for p in table["players"]
            ]
            played = 1 if rng.random() < STOPPED else full
            sums = [sum(strength[p] for p in side) for side in sides]
            hands = []
            for _hand in range(played):
                luck = rng.gauss(0, shared)  # the table's deal: every side alike
                hands.append(
                    [
                        round(
                            base
                            + own * mine
                            + against * (sum(sums) - mine) / (len(sums) - 1)
                            + luck
                            + rng.gauss(0, noise)
                        )
                        for mine in sums
                    ]
                )
            points = [sum(column) for column in zip(*hands, strict=True)]
            matches.append(Match(sides, points, played, played / full, hands))
        evenings.append(matches)
    return evenings


STRENGTHS: dict[int, list[float]] = {}


def measure(game_key: str, seasons: int, chosen: list[Method]) -> dict:
    """{(what, length): [correlation per season]}."""
    order = GAMES[game_key].standings_order
    sign = 1 if order == "high" else -1
    found: dict[tuple[str, int], list[float]] = {}
    for seed in range(1, seasons + 1):
        evenings = season(game_key, seed)
        strength = STRENGTHS[seed]
        for method in chosen:
            state: dict[int, State] = {}
            for number, matches in enumerate(evenings, start=1):
                rate_matches(matches, order, state, method)
                if number in LENGTHS:
                    pids = sorted(state)
                    truth = [strength[p] for p in pids]
                    for what, value in (
                        ("mu", lambda s: s.mu),
                        ("mu - 3 sigma", lambda s: s.mu - 3 * s.sigma),
                    ):
                        shown = [value(state[p]) for p in pids]
                        found.setdefault((f"{method.name}: {what}", number), []).append(
                            spearman(shown, truth)
                        )
        # The ladder's average score: points per evening (per round played when the
        # game's standings compare per round).
        totals: dict[int, float] = {}
        count: dict[int, int] = {}
        for number, matches in enumerate(evenings, start=1):
            for match in matches:
                for side, points in zip(match.sides, match.points, strict=True):
                    for pid in side:
                        totals[pid] = totals.get(pid, 0) + points
                        per_round = GAMES[game_key].standings_per_round
                        count[pid] = count.get(pid, 0) + (match.played if per_round else 1)
            if number in LENGTHS:
                pids = sorted(totals)
                average = [sign * totals[p] / count[p] for p in pids]
                found.setdefault(("ladder average score", number), []).append(
                    spearman(average, [strength[p] for p in pids])
                )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seasons", type=int, default=20)
    parser.add_argument("--games", default="hand_and_foot,luxury_family,laus")
    parser.add_argument("--all", action="store_true", help="compare every method")
    args = parser.parse_args()
    engine = dataclasses.replace(METHOD, name=f"the engine's ({METHOD.name})")
    chosen = [engine, *(methods() if args.all else [])]
    started = time.perf_counter()
    for game_key in args.games.split(","):
        found = measure(game_key, args.seasons, chosen)
        print(f"\n{game_key}: Spearman with the hidden strength, mean of {args.seasons} seasons")
        print(f"{'':66}" + "".join(f"{n:>7}" for n in LENGTHS))
        for what in dict.fromkeys(key for key, _n in found):
            cells = "".join(f"{statistics.fmean(found[what, n]):7.3f}" for n in LENGTHS)
            print(f"{what:66}{cells}")
    print(f"\n{time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
