"""On PostgreSQL, a poll that finds nothing new makes no query: the process listens for
the database's announcements (clubscore.scorekeeping.live), and every change the live
part shows is announced, whoever makes it.

These tests commit (transactional database), since PostgreSQL announces a change
only when it commits.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from django.db import connection, transaction
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from clubscore.events.clock import call_time, extend_clock
from clubscore.events.links import revoke_table_links
from clubscore.events.models import Event, ScoreEntry, Table
from clubscore.scorekeeping import live

from .conftest import GOOD_TEAM, SMALL_TEAM, links, url
from .test_live_poll import poll, poll_url, post

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="NOTIFY and LISTEN are PostgreSQL's"
    ),
]

WAIT = 10.0  # seconds an announcement may take to arrive before the test gives up


def wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"waited {WAIT} s for {what}"
        time.sleep(0.01)


@pytest.fixture
def ear() -> live.Listener:
    listener = live.listener()
    assert listener is not None
    wait_for(lambda: listener.trusted, "the listener to connect")
    return listener


@pytest.fixture
def table(running, ear):
    event = running(tables=2)
    one, two = links(event)
    return event, one, two


def heard_after(ear: live.Listener, key: str, change: Callable[[], object]) -> None:
    """Make `change` and wait until the listener has heard `key` announced."""
    before = ear.last_heard(key)
    change()
    wait_for(lambda: ear.last_heard(key) > before, f"{key} to be announced")


def queries_of(client, address: str) -> tuple[int, int]:
    with CaptureQueriesContext(connection) as queries:
        response = poll(client, address)
    return response.status_code, len(queries)


def test_a_poll_that_finds_nothing_new_makes_no_query(client, table):
    _event, one, _two = table
    address = poll_url(client.get(url(one)))
    assert queries_of(client, address) == (204, 0)
    assert queries_of(client, address) == (204, 0)


def test_the_other_teams_hand_shows_at_the_next_poll_after_it_is_announced(client, table, ear):
    _event, one, two = table
    key = f"t{one.table_id}"
    entered = {"number": 1, "version": 0, **GOOD_TEAM}
    heard_after(ear, key, lambda: post(client, one, "entry", entered))
    address = poll_url(client.get(url(one)))
    their = {"number": 1, "version": 0, **SMALL_TEAM}
    heard_after(ear, key, lambda: post(client, two, "entry", their))
    response = poll(client, address)
    assert response.status_code == 200
    assert 'id="pending-1"' in response.content.decode()
    # The fresh part's version is remembered as it is read: nothing new, no query.
    assert queries_of(client, poll_url(response)) == (204, 0)


def _entry(one) -> ScoreEntry:
    return ScoreEntry.objects.get(table=one.table, number=1)


OPEN, DEAD = 200, 404  # the part rendered again; a dead link that opens nothing
OVER = 200  # the evening is final: the tablet is told to reload (HX-Refresh), and its
# card page then says the evening is over

CHANGES = [
    pytest.param("e", lambda event, one: extend_clock(event, 10), OPEN, id="clock extended"),
    pytest.param("e", lambda event, one: call_time(event), OPEN, id="time called"),
    pytest.param(
        "e",
        lambda event, one: Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL),
        OVER,
        id="event final",
    ),
    pytest.param(
        "e",
        lambda event, one: Event.objects.filter(pk=event.pk).update(
            options={**event.game_options, "time_limit_minutes": 120}
        ),
        OPEN,
        id="options",
    ),
    pytest.param("t", lambda event, one: _entry(one).save(), OPEN, id="hand saved in the admin"),
    pytest.param(
        "t",
        lambda event, one: ScoreEntry.objects.filter(table=one.table).update(
            version=F("version") + 1
        ),
        OPEN,
        id="hand's version by SQL",
    ),
    pytest.param("t", lambda event, one: _entry(one).delete(), OPEN, id="hand deleted"),
    pytest.param(
        "t",
        lambda event, one: Table.objects.filter(pk=one.table_id).update(
            turned_in_at=timezone.now()
        ),
        OPEN,
        id="turned in",
    ),
    pytest.param("t", lambda event, one: revoke_table_links(one.table), DEAD, id="links revoked"),
]


@pytest.mark.parametrize(("prefix", "change", "answer"), CHANGES)
def test_every_change_the_live_part_shows_is_announced(client, table, ear, prefix, change, answer):
    event, one, two = table
    entered = {"number": 1, "version": 0, **SMALL_TEAM}
    heard_after(ear, f"t{one.table_id}", lambda: post(client, two, "entry", entered))
    address = poll_url(client.get(url(one)))
    assert queries_of(client, address) == (204, 0)
    key = f"{prefix}{event.pk if prefix == 'e' else one.table_id}"
    heard_after(ear, key, lambda: change(event, one))
    # The remembered version no longer counts: the poll asks the database again.
    status, queries = queries_of(client, address)
    assert queries >= 1
    assert status == answer


def touch_table(table_id: int) -> None:
    """Change a table row in a way no card shows (it is announced all the same)."""
    Table.objects.filter(pk=table_id).update(draw_details={"marker": True})


def test_a_draft_is_not_announced(client, table, ear):
    event, one, two = table
    # The first count typed makes the hand's row: that is announced.
    made = {"number": 1, **SMALL_TEAM}
    heard_after(ear, f"t{one.table_id}", lambda: post(client, two, "preview", made))
    address = poll_url(client.get(url(one)))
    before = ear.last_heard(f"t{one.table_id}")
    post(client, two, "preview", {"number": 1, **SMALL_TEAM, "melded_aces": 4})
    # Announcements arrive in the order their changes commit: once one made after the
    # draft is heard, an announcement of the draft would have been heard too.
    other = links(event, 2)[0]
    heard_after(ear, f"t{other.table_id}", lambda: touch_table(other.table_id))
    assert ear.last_heard(f"t{one.table_id}") == before
    assert queries_of(client, address) == (204, 0)


def test_another_tables_change_leaves_this_one_known(client, table, ear):
    event, one, _two = table
    address = poll_url(client.get(url(one)))
    other = links(event, 2)[0]
    heard_after(
        ear,
        f"t{other.table_id}",
        lambda: post(client, other, "entry", {"number": 1, "version": 0, **GOOD_TEAM}),
    )
    assert queries_of(client, address) == (204, 0)


def test_a_lost_listener_sends_polls_to_the_database_until_it_is_back(client, table, ear):
    _event, one, two = table
    address = poll_url(client.get(url(one)))
    assert queries_of(client, address) == (204, 0)
    lost = ear.backend_pid
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [lost])
    wait_for(lambda: ear.backend_pid not in (lost, None) and ear.trusted, "a new connection")
    # What was heard on the lost connection no longer counts.
    assert queries_of(client, address) == (204, 1)
    assert queries_of(client, address) == (204, 0)
    # And what is announced on the new one wakes the tablet.
    their = {"number": 1, "version": 0, **SMALL_TEAM}
    heard_after(ear, f"t{one.table_id}", lambda: post(client, two, "entry", their))
    assert poll(client, address).status_code == 200


def test_a_stopped_listener_vouches_for_nothing(client, table):
    _event, one, _two = table
    address = poll_url(client.get(url(one)))
    live.stop_listener()
    try:
        # The next poll starts a new listener; until it has connected and read the
        # card again, the database answers.
        assert queries_of(client, address) == (204, 1)
    finally:
        live.stop_listener()


def test_emptying_a_table_forgets_everything_heard(client, table, ear):
    _event, one, _two = table
    address = poll_url(client.get(url(one)))
    assert queries_of(client, address) == (204, 0)
    stamp = ear.stamp()
    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {ScoreEntry._meta.db_table} CASCADE")
    wait_for(lambda: (ear.stamp() or stamp).epoch != stamp.epoch, "the emptying")
    assert queries_of(client, address) == (204, 1)


def test_inside_a_transaction_only_the_database_answers(table):
    with transaction.atomic():
        assert live.listener() is None
