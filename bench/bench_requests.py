"""Benchmark: what a request costs, as a multiple of a bare Django view.

CPU time (``time.process_time``) per request of the tablet's and the organizer's pages,
each compared with a bare ``HttpResponse("ok")`` view served through the same settings
and middleware (`bench/load_urls.py`) and asked for by the same browser (its cookies),
in one process with Django's test client, DEBUG off, GC off while timing (as ``timeit``
does). The kinds of request are interleaved in
rounds and the fastest round of each counts, so the ratios hold on a busy machine
(another process slows both sides of a ratio alike).

The evening: 100 drawn Hand and Foot tables with a running clock, in a throwaway
database (a temporary SQLite file, or the PostgreSQL database BENCH_DATABASE_URL names).
A saved hand and a confirmation change the card, so each sample of those is taken on a
table of its own. The card page is measured as a tablet first opens it (no hand yet),
and, reported beside it, with a hand in (its hands, changes and chart drawn).

Goals (issue 28): card page <= 8x, preview <= 4x, unchanged poll <= 1.5x, a saved hand
with its redirect <= 12x; the draft the tablet sends when typing pauses, the
confirmation, the dashboard and the standings page are reported. Not a test: run with
`make bench` or `python bench/bench_requests.py`.
"""

from __future__ import annotations

import gc
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.throwaway import temporary_folder, use_throwaway_database  # noqa: E402

TABLES = 100
ROUNDS = 7
REPEAT = 20  # requests of a kind per round (a fresh table each for saves and confirmations)

GOALS = {"card page": 8.0, "preview": 4.0, "unchanged poll": 1.5, "saved hand + redirect": 12.0}


def setup() -> None:
    """DEBUG off, the bare view beside the app's URLs, static files collected aside."""
    os.environ.update(
        DEBUG="false",
        SECRET_KEY="bench-requests-" + "x" * 40,
        HTTPS="false",
        ALLOWED_HOSTS="testserver",
        LOG_LEVEL="ERROR",
    )
    use_throwaway_database()
    import django
    from django.conf import settings

    django.setup()
    settings.ROOT_URLCONF = "bench.load_urls"
    settings.STATIC_ROOT = temporary_folder("clubscore-bench-static-")
    from django.core.management import call_command

    call_command("collectstatic", interactive=False, verbosity=0)
    call_command("migrate", verbosity=0)


def cpu_ms(request: Callable[[], object], times: int) -> float:
    """CPU milliseconds per call of `request`, `times` calls with the GC off."""
    took, _answers = timed(lambda: [request() for _ in range(times)])
    return took / times


def post(client, url: str, body: str, **extra):
    """A form posted as browsers and htmx post it: `body` urlencoded (the test client's
    default, multipart, costs more to parse), before the request is timed, as the
    browser encodes it, not the server."""
    return client.post(url, body, content_type="application/x-www-form-urlencoded", **extra)


class Tablets:
    """The scorekeepers' side of the evening, read as a browser reads the card page."""

    def __init__(self, evening) -> None:
        from django.test import Client

        self.client = Client()
        self.evening = evening
        self.fresh = list(evening.tables)  # tables nobody has entered anything on yet
        self.entered: list[dict] = []  # both teams' hand 1 saved, not yet confirmed

    def url(self, name: str, token: str) -> str:
        from django.urls import reverse

        return reverse(f"scorekeeping:{name}", args=[token])

    def page(self, token: str):
        from bench.card_page import read

        response = self.client.get(self.url("card", token))
        assert response.status_code == 200, response.status_code
        return read(response.content.decode(), self.url("card", token))

    def entry_form(self, token: str):
        form = self.page(token).form(self.url("entry", token), number="1")
        assert form is not None, "no entry form for hand 1 on the card"
        return form

    def typed(self, table: dict, side: int) -> dict[str, str]:
        from bench.load import typed_values

        return typed_values(table["hands"][0][side - 1])

    def save(self, table: dict, side: int) -> float:
        """One team's hand 1 saved, and the redirect to the card followed: the CPU
        milliseconds of the post and its redirect (the page read before is a browser's,
        not the request's, and is not counted)."""
        token = table["links"][side - 1]
        form = self.entry_form(token)
        body = urlencode(form.data(self.typed(table, side)))
        took, response = timed(lambda: post(self.client, form.action, body, follow=True))
        assert response.status_code == 200 and len(response.redirect_chain) == 1, response
        return took

    def confirm(self, table: dict, side: int) -> float:
        """The other team's hand confirmed, and the redirect followed (CPU ms of both)."""
        token = table["links"][side - 1]
        form = self.page(token).form(self.url("confirm", token), number="1")
        assert form is not None, "no confirm form for hand 1"
        body = urlencode(form.data())
        took, response = timed(lambda: post(self.client, form.action, body, follow=True))
        assert response.status_code == 200, response.status_code
        return took


def timed(request: Callable[[], object]) -> tuple[float, object]:
    """CPU milliseconds of one call of `request` with the GC off, and what it returned."""
    gc.collect()
    gc.disable()
    try:
        started = time.process_time()
        answer = request()
        return (time.process_time() - started) * 1000, answer
    finally:
        gc.enable()


def main() -> None:
    setup()
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from bench.load import seed
    from bench.throwaway import emptied_at_the_end

    with emptied_at_the_end():
        (evening,) = seed(random.Random(1), [("request costs", TABLES)], TABLES)
        tablets = Tablets(evening)
        organizer = Client()
        user = get_user_model().objects.create_superuser("bench", password="bench-password")
        organizer.force_login(user)
        event_id = evening.event_id

        # Two cards of the evening, read once: one polled (its live URL), one previewed
        # (a preview keeps what is typed as a draft, which the other card must not see).
        watched, typing = evening.tables[-2:]
        del tablets.fresh[-2:]
        card_url = tablets.url("card", watched["links"][0])
        # A card as it is most of the evening: a hand in, confirmed by both teams (its
        # hands, their changes and the chart drawn).
        played = tablets.fresh.pop()
        tablets.save(played, 1), tablets.save(played, 2)
        tablets.confirm(played, 1), tablets.confirm(played, 2)
        played_url = tablets.url("card", played["links"][0])
        live_url = tablets.page(watched["links"][0]).polls[0]
        form = tablets.entry_form(typing["links"][0])
        preview_url = form.attrs["hx-post"]
        typed = tablets.typed(typing, 1)
        first_count = next(name for name in form.names if typed.get(name))
        preview_body = urlencode(form.data({first_count: typed[first_count]}))
        draft_url = form.attrs["data-draft"]
        htmx = {"HTTP_HX_REQUEST": "true"}

        def unchanged_poll():
            response = tablets.client.get(live_url, **htmx)
            assert response.status_code == 204, response.status_code

        def preview():
            response = post(tablets.client, preview_url, preview_body, **htmx)
            assert response.status_code == 200, response.status_code

        def draft():
            # Sent when typing pauses, not with each preview (static/js/scorekeeping.js).
            response = post(tablets.client, draft_url, preview_body)
            assert response.status_code == 204 and response["X-Clubscore-Draft"] == "kept"

        def saved_hand_cost(times: int) -> float:
            # Both teams save their part of hand 1 on fresh tables (a change each).
            took = 0.0
            for _ in range(times):
                table = tablets.fresh.pop(0)
                took += tablets.save(table, 1) + tablets.save(table, 2)
                tablets.entered.append(table)
            return took / (2 * times)

        def confirmation_cost(times: int) -> float:
            return sum(tablets.confirm(tablets.entered.pop(0), 1) for _ in range(times)) / times

        kinds: dict[str, Callable[[int], float]] = {
            # From the tablet's browser: the same cookies come with every request to the
            # site, the bare view's too, so their reading is not counted as the app's.
            "bare view": lambda n: cpu_ms(lambda: tablets.client.get("/bench/bare/"), n),
            "card page": lambda n: cpu_ms(lambda: tablets.client.get(card_url), n),
            "card page, a hand in": lambda n: cpu_ms(lambda: tablets.client.get(played_url), n),
            "unchanged poll": lambda n: cpu_ms(unchanged_poll, n),
            "preview": lambda n: cpu_ms(preview, n),
            "draft, typing paused": lambda n: cpu_ms(draft, n),
            "saved hand + redirect": saved_hand_cost,
            "confirmation + redirect": confirmation_cost,
            "dashboard": lambda n: cpu_ms(
                lambda: organizer.get(reverse("dashboard:event", args=[event_id])), n
            ),
            "standings page": lambda n: cpu_ms(
                lambda: organizer.get(reverse("dashboard:standings", args=[event_id])), n
            ),
        }
        fewer = {"saved hand + redirect": 4, "confirmation + redirect": 4, "dashboard": 5}
        fewer["standings page"] = 5
        needed = ROUNDS * fewer["saved hand + redirect"] + 2
        if len(tablets.fresh) < needed:
            raise SystemExit(f"{TABLES} tables are too few for {ROUNDS} rounds of saves")
        best: dict[str, float] = {}
        for measure in kinds.values():  # once each before timing: caches warmed
            measure(1)
        for _ in range(ROUNDS):
            for kind, measure in kinds.items():
                took = measure(fewer.get(kind, REPEAT))
                best[kind] = min(best.get(kind, took), took)

        print(
            f"database: {connection.vendor}; {TABLES} Hand and Foot tables; DEBUG off, the "
            f"whole middleware; CPU per request, fastest of {ROUNDS} interleaved rounds"
        )
        base = best["bare view"]
        print(f"  {'bare view':26} {base:7.3f} ms   1.0x")
        for kind, took in best.items():
            if kind == "bare view":
                continue
            goal = GOALS.get(kind)
            verdict = (
                ""
                if goal is None
                else f"   goal <= {goal:g}x: " + ("met" if took / base <= goal else "NOT met")
            )
            print(f"  {kind:26} {took:7.3f} ms {took / base:5.1f}x{verdict}")


if __name__ == "__main__":
    main()
