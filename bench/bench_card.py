"""Benchmark: loading a score card, as every tablet request does.

`services.load_card` runs its queries as `CompiledQuery`s (compiled once per process);
this compares it with the same querysets run through the ORM, which compiles their SQL
on every call. 100 drawn Hand and Foot tables with a running clock, in a throwaway
database: a temporary SQLite file, or the PostgreSQL database BENCH_DATABASE_URL names
(migrated, and emptied at the end).

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


def main() -> None:
    use_throwaway_database()
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from bench.load import seed
    from bench.throwaway import emptied_at_the_end
    from clubscore.events.models import ScoreChange, ScoreEntry, ScorekeeperLink
    from clubscore.scorekeeping import services

    call_command("migrate", verbosity=0)
    with emptied_at_the_end():
        seed(random.Random(1), ["card benchmark"], 100)
        token = ScorekeeperLink.objects.order_by("id").values_list("token", flat=True)[0]

        def orm_card(history: bool) -> None:
            """The card's queries as plain querysets (what load_card ran before)."""
            link = next(
                iter(
                    ScorekeeperLink.objects.select_related("table__round__event", "team").filter(
                        token=token,
                        revoked_at__isnull=True,
                        table__round__event__status__in=services.LIVE_STATUSES,
                    )[:1]
                )
            )
            list(link.table.seats.select_related("player", "team").order_by("position"))
            list(ScoreEntry.objects.filter(table=link.table).order_by("number"))
            if history:
                list(
                    ScoreChange.objects.filter(entry__table=link.table)
                    .select_related("entry", "changed_by_user", "changed_by_player")
                    .order_by("-changed_at", "-id")[:50]
                )

        print(f"database: {connection.vendor}; {CALLS} calls per run, median of {RUNS} runs")
        for history in (False, True):
            compiled = per_call_ms(lambda h=history: services.load_card(token, history=h))
            orm = per_call_ms(lambda h=history: orm_card(h))
            what = "card page (with history)" if history else "preview and posts (no history)"
            print(
                f"  {what:32} load_card {compiled:.2f} ms, the ORM's querysets {orm:.2f} ms "
                f"({orm / compiled:.1f}x)"
            )


if __name__ == "__main__":
    main()
