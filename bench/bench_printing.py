"""Time the score cards of a 100-table Hand and Foot evening.

Run: ``.venv/bin/python bench/bench_printing.py``

The renderer is given plain data (no database): 100 tables of four with two teams,
names in several Latin scripts and two scorekeeper QR codes per card, as the views
would build them. Prints the best of a few runs; the goal is under 3 s.
"""

from __future__ import annotations

import datetime
import os
import secrets
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings")

import django  # noqa: E402

django.setup()

from django.utils import translation  # noqa: E402

from clubscore.games import GAMES  # noqa: E402
from clubscore.printing.cards import cards_per_page, render_cards  # noqa: E402
from clubscore.printing.data import EventInfo, LinkInfo, SeatInfo, TableInfo  # noqa: E402

TABLES = 100
REPEATS = 3
GOAL_S = 3.0
FIRST = ["Zoë", "Jürgen", "Łukasz", "Siobhán", "Ann", "Bob", "Cy", "Di"]
LAST = ["Müller", "Nowak", "O'Brien", "Smith", "Lee", "Young"]


def tables() -> list[TableInfo]:
    result = []
    for number in range(1, TABLES + 1):
        seats = tuple(
            SeatInfo(
                position=position,
                name=f"{FIRST[(number + position) % len(FIRST)]} {LAST[number % len(LAST)]}",
                team=2 - position % 2,
                scorekeeper=position <= 2,
            )
            for position in range(1, 5)
        )
        links = tuple(
            LinkInfo(
                url=f"https://club.example/s/{secrets.token_urlsafe(32)}/",
                player=seats[team - 1].name,
                team=team,
            )
            for team in (1, 2)
        )
        result.append(TableInfo(number, seats, links, first_position=1))
    return result


def main() -> int:
    event = EventInfo(
        game="hand_and_foot",
        options=GAMES["hand_and_foot"].clean_options({}),
        name="Championship",
        date=datetime.date(2026, 11, 27),
    )
    data = tables()
    best = float("inf")
    size = 0
    with translation.override("en"):
        for _ in range(REPEATS):
            start = time.perf_counter()
            content = render_cards(event, data)
            best = min(best, time.perf_counter() - start)
            size = len(content)
    verdict = "OK" if best < GOAL_S else "TOO SLOW"
    pages = -(-TABLES // cards_per_page(event.game, event.options))
    print(
        f"score cards, {TABLES} Hand and Foot tables ({pages} pages, {2 * TABLES} QR codes): "
        f"best of {REPEATS} {best:.2f} s, {size / 1024:.0f} KB (goal < {GOAL_S:.0f} s) {verdict}"
    )
    return 0 if best < GOAL_S else 1


if __name__ == "__main__":
    sys.exit(main())
