"""A draft and a save of the same new hand, one waiting for the other: never a deadlock.

A CI run on PostgreSQL answered a save 503 ("deadlock detected"): the tablet's draft had
inserted the hand's entry and its foreign key waited for the table's row, locked by the
other tablet's save, which then waited for the draft's new entry. Every transaction that
may create an entry now locks the table's row first, so one waits for the other.
"""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, connections, transaction

from clubscore.events.models import Draft, ScoreEntry, Table
from clubscore.scorekeeping.actions import save_draft, submit
from clubscore.scorekeeping.card import load_card
from tests.payloads import hf_hand

from .conftest import links

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="SQLite has no row locks to wait on"
    ),
]


def _waiting_on_a_lock(seconds: float = 10) -> bool:
    """Whether another connection to this database waits for a lock (polled for up to
    `seconds`)."""
    deadline = time.monotonic() + seconds
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            # The statistics are read once a transaction unless cleared.
            cursor.execute("SELECT pg_stat_clear_snapshot()")
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
                " AND datname = current_database()"  # not another test worker's
            )
            if cursor.fetchone()[0]:
                return True
            time.sleep(0.02)
    return False


@pytest.mark.parametrize("by_organizer", [False, True], ids=["scorekeeper", "organizer"])
def test_a_draft_waiting_for_a_save_of_the_same_new_hand_is_kept_after_it(
    running, organizer, by_organizer
):
    one, two = links(running())
    typed = {"melded_aces": "3"}
    outcome: list = []

    def keep_draft() -> None:
        try:
            outcome.append(save_draft(load_card(two.token), 1, typed, version=0))
        except Exception as error:  # what the request would have answered 503
            outcome.append(error)
        finally:
            connections.close_all()

    saving = load_card(one.token, user=organizer if by_organizer else None)
    drafting = threading.Thread(target=keep_draft)
    with transaction.atomic():
        # Another action holds the table's row (as a save does once it checked the card).
        Table.objects.select_for_update().filter(pk=saving.table.pk).values_list("pk").get()
        drafting.start()
        assert _waiting_on_a_lock(), f"the draft never waited for the table: {outcome}"
        submit(saving, 1, hf_hand(1)["teams"][0], version=0, key=None)
    drafting.join(timeout=30)
    assert outcome == [True]
    entry = ScoreEntry.objects.get(table=saving.table, number=1)
    assert Draft.objects.get(entry=entry, side=int(load_card(two.token).side)).data == typed
