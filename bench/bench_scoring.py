"""Time the scoring engine on a big club evening.

Run: ``.venv/bin/python bench/bench_scoring.py``

Builds 600 valid, varied payloads per game (for Hand and Foot: 100 tables x 3 hands
x 2 evenings' worth = 600 hand payloads, each one hand at one table with both teams),
scores each batch several times and prints the best time. The goal is under 50 ms for
the 600 Hand and Foot hands, so tablets' live totals and the dashboard never wait on it.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from clubscore.games import score  # noqa: E402
from clubscore.games.luxury_family import CARD_CODES  # noqa: E402

PAYLOADS = 600
REPEATS = 20
GOAL_MS = 50.0
NAMES = ["Ann", "Bob", "Cy", "Di"]


def split(rng: random.Random, total: int, parts: int) -> list[int]:
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    edges = [0, *cuts, total]
    return [edges[i + 1] - edges[i] for i in range(parts)]


def hand_and_foot_team(rng: random.Random, goes_out: bool) -> dict[str, Any]:
    red, black = (
        (rng.randint(2, 3), rng.randint(2, 3)) if goes_out else divmod(rng.randint(0, 8), 3)
    )
    book_wilds = rng.randint(0, 3 * black)
    naturals = 7 * (red + black) - book_wilds + rng.randint(0, 5)
    # Each team uses at most half of the four decks of every kind of card.
    aces = rng.randint(0, min(5, naturals))
    high = rng.randint(max(0, naturals - aces - 40), min(28, naturals - aces))
    jokers = rng.randint(max(0, book_wilds - 7), min(4, book_wilds))
    return {
        "red_books": red,
        "black_books": black,
        "went_out": goes_out,
        "exact_deals": rng.randint(0, 2),
        "melded": {
            "jokers": jokers,
            "twos": book_wilds - jokers,
            "aces": aces,
            "high": high,
            "low": naturals - aces - high,
            "black_threes": rng.randint(0, 2),
        },
        "in_hand": {
            "jokers": 0,
            "twos": rng.randint(0, 1),
            "aces": rng.randint(0, 3),
            "high": rng.randint(0, 4),
            "low": rng.randint(0, 6),
            "black_threes": 0,
            "red_threes": rng.randint(0, 2),
        },
    }


def hand_and_foot(rng: random.Random, index: int) -> dict[str, Any]:
    winner = rng.choice([0, 1, None])
    return {
        "hand": index % 3 + 1,
        "teams": [hand_and_foot_team(rng, winner == team) for team in (0, 1)],
        "decks": 4,
    }


def exact_bid(rng: random.Random, index: int) -> dict[str, Any]:
    players = NAMES[: 2 + index % 3]
    start = rng.choice([5, 7, 8, 10])
    rounds = []
    for number in range(rng.randint(start // 2, start)):
        cards = start - number
        rounds.append(
            {
                "bids": [rng.randint(0, cards) for _ in players],
                "tricks": split(rng, cards, len(players)),
            }
        )
    return {"players": players, "start_cards": start, "rounds": rounds}


def luxury_family(rng: random.Random, index: int) -> dict[str, Any]:
    deck = sorted(CARD_CODES) * 2
    rng.shuffle(deck)
    # Power points as cards make them: never 1 (a jack, 2, is the least that counts).
    first = rng.choice([0, *range(2, 239), 240])
    second = rng.choice(
        [n for n in range(240 - first + 1) if {n, 240 - first - n}.isdisjoint({1, 239})]
    )
    return {
        "players": NAMES[:3],
        "bid": rng.randint(15, 60) * 10,
        "game_maker": index % 3,
        "trump": rng.choice("SHDC"),
        "melds": [
            {"cards": [c for c in deck[16 * seat : 16 * seat + 16] if rng.random() < 0.5]}
            if seat != index % 3
            else rng.randint(0, 30) * 10
            for seat in range(3)
        ],
        "power_points": [first, second, 240 - first - second],
        "penalties": [rng.choice([0, 0, 20, 50]) for _ in range(3)],
    }


def laus(rng: random.Random, index: int) -> dict[str, Any]:
    takers = {suit: rng.randint(0, 3) for suit in "SCHD"}
    counts = {key: split(rng, 4, 4) for key in ("aces", "kings", "queens")}
    return {
        "players": NAMES,
        "taken": [
            {
                "tens": [suit for suit, taker in takers.items() if taker == seat],
                **{key: counts[key][seat] for key in counts},
            }
            for seat in range(4)
        ],
    }


BUILDERS = {
    "hand_and_foot": hand_and_foot,
    "exact_bid": exact_bid,
    "luxury_family": luxury_family,
    "laus": laus,
}


def best_of(game: str, payloads: list[dict[str, Any]]) -> float:
    """Best wall time in ms to score all ``payloads`` (the least disturbed run)."""
    timings = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        for payload in payloads:
            score(game, payload)
        timings.append((time.perf_counter() - start) * 1000)
    return min(timings)


def main() -> int:
    rng = random.Random(2024)
    python = sys.version.split()[0]
    print(f"Scoring {PAYLOADS} payloads per game, best of {REPEATS} runs (Python {python})")
    hand_and_foot_ms = 0.0
    for game, build in BUILDERS.items():
        payloads = [build(rng, index) for index in range(PAYLOADS)]
        for payload in payloads:
            score(game, payload)  # every payload is valid: this raises otherwise
        elapsed = best_of(game, payloads)
        if game == "hand_and_foot":
            hand_and_foot_ms = elapsed
        per_payload = elapsed * 1000 / PAYLOADS
        print(f"  {game:<14} {elapsed:8.2f} ms   {per_payload:6.1f} µs per payload")
    verdict = "OK" if hand_and_foot_ms < GOAL_MS else "TOO SLOW"
    print(
        f"Hand and Foot, 600 hands: {hand_and_foot_ms:.2f} ms (goal < {GOAL_MS:.0f} ms): {verdict}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
