"""Benchmark: the players' phones polling (issue 25), beside the tablets.

100 drawn Hand and Foot tables with a running clock (the load test's seed), a player's
page for each of the 400 players, in a throwaway database (a temporary SQLite file, or
the PostgreSQL database BENCH_DATABASE_URL names). Measured in-process through Django's
test client (middleware, URL routing, the view; no HTTP server): an unchanged poll of a
tablet's card and of a player's page (both 204 after one query), and the rush of an
evening: two tablets and four phones per table, each polling every 10 seconds.

Not a test: run with `make bench` or `python bench/bench_phones.py`.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_card import per_call_ms  # noqa: E402  (after the path is set)
from bench.throwaway import use_throwaway_database  # noqa: E402

CALLS = 1000
TABLES = 100
POLL_SECONDS = 10
LIVE = re.compile(r'<section id="live"[^>]*\bhx-get="([^"]+)"')


def main() -> None:
    use_throwaway_database()
    import django

    django.setup()
    import html

    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from bench.load import seed
    from bench.throwaway import emptied_at_the_end
    from clubscore.events import phones
    from clubscore.events.models import Event, ScorekeeperLink, Seat

    call_command("migrate", verbosity=0)
    with emptied_at_the_end():
        seed(random.Random(1), [("phones benchmark", TABLES)], TABLES)
        event = Event.objects.get()
        seats = list(Seat.objects.filter(round__event=event).values_list("player_id", flat=True))
        links = phones.links_for(event, seats)
        client = Client(SERVER_NAME="127.0.0.1")

        def poll_url(url: str) -> str:
            page = client.get(url).content.decode()
            return html.unescape(LIVE.search(page).group(1))

        card = ScorekeeperLink.objects.order_by("id").first().get_absolute_url()
        phone = f"/p/{next(iter(links.values())).token}/"
        card_poll, phone_poll = poll_url(card), poll_url(phone)
        for url in (card_poll, phone_poll):
            assert client.get(url, HTTP_HX_REQUEST="true").status_code == 204
        print(f"database: {connection.vendor}; {CALLS} calls per run; {len(links)} players")
        took = {}
        for name, url in (("tablet's card", card_poll), ("player's page", phone_poll)):
            took[name] = per_call_ms(
                lambda u=url: client.get(u, HTTP_HX_REQUEST="true"), calls=CALLS
            )
            print(f"  an unchanged poll (204), {name:14} {took[name]:.2f} ms")
        full = per_call_ms(lambda: client.get(phone), calls=200)
        print(f"  a player's page, whole              {full:.2f} ms")
        tablets, phones_ = 2 * TABLES, 4 * TABLES
        per_second = (tablets + phones_) / POLL_SECONDS
        busy = (tablets * took["tablet's card"] + phones_ * took["player's page"]) / POLL_SECONDS
        print(
            f"  the rush: {tablets} tablets + {phones_} phones polling every {POLL_SECONDS} s"
            f" = {per_second:.0f} polls/s, {busy / 10:.1f}% of one core (in-process)"
        )


if __name__ == "__main__":
    main()
