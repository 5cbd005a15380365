"""Benchmark: loading a score card, as every tablet request does.

`card.load_card` (plain ORM querysets: the link with its table, round, event and
team, the seats, the entries, and when a page reads it the history: a card with a hand
entered and confirmed by both teams, 4 changes), and the live poll's
fingerprint (`live.live_version`, the one query an unchanged poll costs); and a card
the process keeps under its fingerprint (issue 28: read again with nothing changed, as
the previews as each count is typed and a post after its page read it). 100 drawn
Hand and Foot tables with a running clock, in a throwaway database: a temporary SQLite
file, or the PostgreSQL database BENCH_DATABASE_URL names (migrated, and emptied at
the end).

Not a test: run with `make bench` or `python bench/bench_card.py`.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.throwaway import use_throwaway_database  # noqa: E402  (after the path is set)

CALLS = 2000
RUNS = 5


def per_call_ms(function, calls: int = CALLS) -> float:
    """The median over RUNS runs of `calls` calls, in ms per call."""
    for _ in range(100):
        function()
    runs = []
    for _ in range(RUNS):
        started = time.perf_counter()
        for _ in range(calls):
            function()
        runs.append((time.perf_counter() - started) / calls * 1000)
    return statistics.median(runs)


def played_hand(table: dict) -> str:
    """Both teams' hand 1 entered and confirmed on `table` (a seeded table of
    `bench.load`), as the tablets do it: the link of team 1, whose card has 4 changes."""
    from clubscore.scorekeeping import actions
    from clubscore.scorekeeping.card import load_card

    for side, token in enumerate(table["links"]):
        actions.submit(load_card(token), 1, table["hands"][0][side], version=0, key=None)
    for token in table["links"]:
        actions.confirm(load_card(token), 1, version=1, key=None)
    return table["links"][0]


def main() -> None:
    use_throwaway_database()
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from bench.load import seed
    from bench.throwaway import emptied_at_the_end
    from clubscore.events.models import ScorekeeperLink
    from clubscore.scorekeeping import card, live

    call_command("migrate", verbosity=0)
    with emptied_at_the_end():
        (evening,) = seed(random.Random(1), [("card benchmark", 100)], 100)
        token = ScorekeeperLink.objects.order_by("id").values_list("token", flat=True)[0]
        print(f"database: {connection.vendor}; {CALLS} calls per run, median of {RUNS} runs")
        took = per_call_ms(lambda: card.load_card(token))
        print(f"  load_card, {'every card request':30} {took:.2f} ms")
        played = played_hand(evening.tables[-1])  # a history of 4 changes to read
        took = per_call_ms(lambda: card.load_card(played).changes)
        print(f"  load_card, {'with the history (a page)':30} {took:.2f} ms")
        took = per_call_ms(lambda: live.live_version(token))
        print(f"  live_version, {'an unchanged poll':30} {took:.2f} ms")
        took = per_call_ms(lambda: card.load_card(token, version=live.live_version(token)))
        print(f"  load_card, {'kept (fingerprint + memory)':30} {took:.2f} ms")


if __name__ == "__main__":
    main()
