"""Benchmark: rebuilding the ratings of a season, and a player's page.

1,000 players over a season of 50 Hand and Foot evenings of 250 tables (3 confirmed hands
a table; everyone plays every evening, seated by lot). Measured:
- `manage.py ratings --rebuild`'s work (goal: under 10 s), with its query count;
- a player's page with 50 evenings of history, through django.test.Client as staff
  (goal: under 100 ms, median of 7 runs).
Throwaway database as bench_standings (SQLite, or BENCH_DATABASE_URL for PostgreSQL).
Not a test: run with `make bench` or `python bench/bench_ratings.py`.
"""

from __future__ import annotations

import datetime
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.throwaway import emptied_at_the_end, use_throwaway_database  # noqa: E402
from tests.payloads import hf_hand  # noqa: E402  (after the path is set)

PLAYERS = 1000
EVENINGS = int(os.environ.get("BENCH_EVENINGS", 50))  # fewer for a quick look
TABLES = 250
HANDS = 3
RUNS = 7


def build() -> list:
    from clubscore.club.models import Player
    from clubscore.events.models import Event, Round, ScoreEntry, Seat, Table, Team
    from clubscore.games import score

    players = Player.objects.bulk_create(
        Player(first_name=f"Player{n}", last_name=f"Bench{n % 97}") for n in range(PLAYERS)
    )
    # A few dozen different hands, scored once, dealt out over the season.
    hands = []
    for variant in range(40):
        payload = hf_hand(1 + variant % HANDS, variant % 2, low_left=variant % 20)
        hands.append((payload, score("hand_and_foot", payload)))
    options = Event(game="hand_and_foot").game_rules.clean_options({})
    events = Event.objects.bulk_create(
        Event(
            name=f"Evening {n + 1}",
            game="hand_and_foot",
            date=datetime.date(2026, 1, 1) + datetime.timedelta(days=7 * n),
            status=Event.Status.FINAL,
            options=options,
        )
        for n in range(EVENINGS)
    )
    rounds = Round.objects.bulk_create(Round(event=e, number=1, seed=1) for e in events)
    rng = random.Random(2026)
    for round_ in rounds:
        tables = Table.objects.bulk_create(
            Table(round=round_, number=n, has_bonus=n == 1) for n in range(1, TABLES + 1)
        )
        teams = Team.objects.bulk_create(Team(table=t, number=k) for t in tables for k in (1, 2))
        seated = players[:]
        rng.shuffle(seated)
        seats, entries = [], []
        for index, table in enumerate(tables):
            for position in range(1, 5):
                seats.append(
                    Seat(
                        round=round_,
                        table=table,
                        position=position,
                        player=seated[index * 4 + position - 1],
                        team=teams[index * 2 + (position - 1) % 2],
                    )
                )
            for number in range(1, HANDS + 1):
                payload, result = rng.choice(hands)
                entries.append(
                    ScoreEntry(
                        table=table,
                        number=number,
                        payload=payload,
                        result=result,
                        status=ScoreEntry.Status.CONFIRMED,
                    )
                )
        Seat.objects.bulk_create(seats)
        ScoreEntry.objects.bulk_create(entries)
    return players


def main() -> None:
    url = use_throwaway_database()
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, setup_test_environment
    from django.urls import reverse

    from clubscore.ratings.models import RatingHistory
    from clubscore.ratings.services import recompute_from

    setup_test_environment()
    settings.DEBUG = False
    call_command("migrate", verbosity=0)
    with emptied_at_the_end():
        started = time.perf_counter()
        players = build()
        print(f"database: {url.split('://')[0]}")
        print(
            f"built {PLAYERS} players, {EVENINGS} evenings x {TABLES} tables x {HANDS} hands "
            f"in {time.perf_counter() - started:.1f} s"
        )
        with CaptureQueriesContext(connection) as queries:
            started, cpu = time.perf_counter(), time.process_time()
            if os.environ.get("BENCH_PROFILE"):
                import cProfile

                cProfile.runctx(
                    'recompute_from("hand_and_foot", None)', globals(), locals(), sort="cumtime"
                )
            else:
                recompute_from("hand_and_foot", None)
            rebuild, cpu = time.perf_counter() - started, time.process_time() - cpu
        rows = RatingHistory.objects.count()
        print(
            f"rebuild: {rebuild:.2f} s ({cpu:.2f} s of CPU in this process) for "
            f"{EVENINGS * TABLES} matches, {rows} history rows, "
            f"{len(queries.captured_queries)} queries (goal: under 10 s)"
        )

        user = get_user_model().objects.create_user("bench", password="x" * 20, is_staff=True)
        client = Client()
        client.force_login(user)
        url = reverse("dashboard:player", args=[players[0].pk])
        assert client.get(url).status_code == 200  # warm-up
        times = []
        for _ in range(RUNS):
            started = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200 and len(response.context["page"].evenings) == EVENINGS
        print(
            f"player page ({EVENINGS} evenings): median {statistics.median(times):.1f} ms "
            f"(min {min(times):.1f}, max {max(times):.1f}; goal: under 100 ms)"
        )


if __name__ == "__main__":
    main()
