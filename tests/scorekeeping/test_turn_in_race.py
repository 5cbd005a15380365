"""Several tables turn in at the same instant: the database gives the bonus to exactly one."""

from __future__ import annotations

import threading

import pytest
from django.db import connections

from clubscore.events.clock import start_clock
from clubscore.events.models import ScoreEntry, Table
from clubscore.scorekeeping.actions import turn_in
from clubscore.scorekeeping.errors import Refused
from tests.payloads import add_parts

pytestmark = pytest.mark.django_db(transaction=True)
TABLES = 6


def test_exactly_one_table_gets_the_first_table_bonus(drawn_event):
    event = start_clock(drawn_event(tables=TABLES))
    tables = list(Table.objects.filter(round__event=event))
    for table in tables:
        hand = {
            "red_books": 0,
            "black_books": 0,
            "went_out": False,
            "exact_deals": 0,
            "melded": {"jokers": 0, "twos": 0, "aces": 0, "high": 0, "low": 0, "black_threes": 0},
            "in_hand": {
                "jokers": 0,
                "twos": 0,
                "aces": 0,
                "high": 0,
                "low": 0,
                "black_threes": 0,
                "red_threes": 0,
            },
        }
        for number in (1, 2, 3):
            entry = ScoreEntry.objects.create(
                table=table,
                number=number,
                payload={"hand": number, "teams": [hand, hand]},
                result={"teams": [{"total": 0, "lines": []}] * 2},
                status=ScoreEntry.Status.CONFIRMED,
            )
            add_parts(entry, "confirmed")
    barrier = threading.Barrier(TABLES)
    outcomes: list = []

    def go(table):
        try:
            barrier.wait()
            outcomes.append(turn_in(table))
        except Refused as refusal:  # pragma: no cover - would fail the count below
            outcomes.append(refusal)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=go, args=(t,)) for t in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(outcomes) == TABLES and all(isinstance(o, Table) for o in outcomes)
    assert Table.objects.filter(round__event=event, turned_in_at__isnull=False).count() == TABLES
    assert Table.objects.filter(round__event=event, has_bonus=True).count() == 1
    assert sum(o.has_bonus for o in outcomes) == 1
