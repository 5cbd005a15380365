"""Benchmark: the standings page of a big Hand and Foot evening.

1,000 players at 250 tables, 750 confirmed hands (3 per table). The data lives in a
throwaway database: a temporary SQLite file, or PostgreSQL when BENCH_DATABASE_URL is
given (e.g. postgres://postgres@127.0.0.1:5432/clubscore_bench; the database is created
if missing and its tables are dropped at the end).

Measured in the same run:
- the standings page served through django.test.Client as staff (goal: under 300 ms),
  and the standings service alone;
- one SQL aggregate over the same rows: the sum of team 1's hand totals grouped by table,
  read from the stored JSON results (`result -> teams -> 0 -> total`) with the ORM's
  KeyTransform, i.e. the cheapest query the database can answer over those 750 rows.
The ratio page / aggregate says what the whole page (three queries, Python scoring of
every table, django-tables2 rendering of 1,000 rows, the SVG chart) costs compared with
the bare aggregate. Not a test: run with `make bench` or `python bench/bench_standings.py`.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.throwaway import emptied_at_the_end, use_throwaway_database  # noqa: E402
from tests.payloads import hf_hand  # noqa: E402  (after the path is set)

TABLES = 250
HANDS = 3
RUNS = 7


def build(event_model, models, score):
    import datetime

    from clubscore.club.models import Player

    Round, Table, Team, Seat, ScoreEntry = models
    event = event_model.objects.create(
        name="Benchmark evening",
        game="hand_and_foot",
        date=datetime.date(2026, 11, 27),
        status=event_model.Status.RUNNING,
    )
    event.options = event.game_rules.clean_options({})
    event.save(update_fields=["options"])
    round_ = Round.objects.create(event=event, number=1, seed=1)
    players = Player.objects.bulk_create(
        Player(first_name=f"Player{n}", last_name=f"Bench{n % 97}") for n in range(TABLES * 4)
    )
    tables = Table.objects.bulk_create(
        Table(round=round_, number=n, has_bonus=n == 1) for n in range(1, TABLES + 1)
    )
    teams = Team.objects.bulk_create(
        Team(table=table, number=number) for table in tables for number in (1, 2)
    )
    seats, entries = [], []
    for index, table in enumerate(tables):
        for position in range(1, 5):
            seats.append(
                Seat(
                    round=round_,
                    table=table,
                    position=position,
                    player=players[index * 4 + position - 1],
                    team=teams[index * 2 + (position - 1) % 2],
                )
            )
        for number in range(1, HANDS + 1):
            payload = hf_hand(number, (index + number) % 2, low_left=(index * 7 + number) % 20)
            entries.append(
                ScoreEntry(
                    table=table,
                    number=number,
                    payload=payload,
                    result=score("hand_and_foot", payload),
                    status=ScoreEntry.Status.CONFIRMED,
                )
            )
    Seat.objects.bulk_create(seats)
    ScoreEntry.objects.bulk_create(entries)
    return event


def timed(function, runs: int = RUNS) -> tuple[float, object]:
    """Median wall time in ms over `runs` (after one warm-up run)."""
    value = function()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        value = function()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), value


def main() -> None:
    url = use_throwaway_database()
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.db.models import IntegerField, Sum
    from django.db.models.fields.json import KeyTextTransform, KeyTransform
    from django.db.models.functions import Cast
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, setup_test_environment
    from django.urls import reverse

    from clubscore.events.models import Event, Round, ScoreEntry, Seat, Table, Team
    from clubscore.games import score
    from clubscore.standings.standings import event_standings

    setup_test_environment()  # the test client's host, no real mail, and so on
    # Settings load with DEBUG on (plain static files, no manifest needed); serve with it
    # off, as in production, so no query log slows the page down.
    settings.DEBUG = False
    call_command("migrate", verbosity=0)
    with emptied_at_the_end():
        started = time.perf_counter()
        event = build(Event, (Round, Table, Team, Seat, ScoreEntry), score)
        built = (time.perf_counter() - started) * 1000

        user = get_user_model().objects.create_user("bench", password="x" * 20, is_staff=True)
        client = Client()
        client.force_login(user)
        page_url = reverse("dashboard:standings", args=[event.pk])

        def page():
            response = client.get(page_url)
            assert response.status_code == 200, response.status_code
            return response

        def service():
            return event_standings(event)

        # One SQL aggregate over the same rows: team 1's stored hand totals per table.
        team_one = Cast(
            KeyTextTransform("total", KeyTransform("0", KeyTransform("teams", "result"))),
            IntegerField(),
        )

        def aggregate():
            return list(
                ScoreEntry.objects.filter(table__round__event=event, status="confirmed")
                .values("table_id")
                .annotate(points=Sum(team_one))
                .order_by()
            )

        page_ms, response = timed(page)
        service_ms, standings = timed(service)
        sql_ms, sums = timed(aggregate)
        with CaptureQueriesContext(connection) as queries:
            page()
        assert len(standings.rows) == TABLES * 4
        assert len(sums) == TABLES
        print(f"database: {connection.vendor} ({url.split('@')[-1]})")
        print(
            f"data: {TABLES * 4} players, {TABLES} tables, {TABLES * HANDS} confirmed hands "
            f"(built in {built:.0f} ms)"
        )
        print(
            f"standings page (django.test.Client, staff): median {page_ms:.1f} ms over {RUNS} "
            f"runs, {len(queries)} queries, {len(response.content) // 1024} KiB "
            f"-> goal < 300 ms: {'met' if page_ms < 300 else 'NOT met'}"
        )
        print(f"standings service alone: median {service_ms:.1f} ms")
        print(
            f"one SQL aggregate (SUM of stored team totals GROUP BY table): median {sql_ms:.2f} ms"
        )
        print(
            f"ratio page / aggregate: {page_ms / sql_ms:.1f}x; "
            f"service / aggregate: {service_ms / sql_ms:.1f}x"
        )


if __name__ == "__main__":
    main()
