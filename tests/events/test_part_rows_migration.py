"""The data migration of teams' parts and drafts, both ways, on the real database.

Migrate to before the rows existed, store parts and drafts as JSON with the models of
that time, migrate forward (rows), then back (the same JSON again).
"""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("events", "0008_round_clock")]
AFTER = [("events", "0011_remove_scoreentry_json_parts")]


def migrate(targets: list[tuple[str, str]]):
    """Migrate the test database to `targets`; the models as they were there."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()  # what is applied now
    return executor.loader.project_state(targets).apps


@pytest.fixture
def old_apps():
    try:
        yield migrate(BEFORE)
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())


def hand(aces: int) -> dict:
    return {"went_out": aces == 4, "melded": {"aces": aces}}


def test_parts_and_drafts_become_rows_and_back(old_apps):
    Player = old_apps.get_model("club", "Player")
    Event = old_apps.get_model("events", "Event")
    ScoreEntry = old_apps.get_model("events", "ScoreEntry")
    ann, bob = (Player.objects.create(first_name=name) for name in ("Ann", "Bob"))
    event = Event.objects.create(
        name="Club night", game="hand_and_foot", date=datetime.date.today()
    )
    round_ = event.rounds.create(number=1)
    table = round_.tables.create(number=1)
    parts = {
        "1": {"data": hand(4), "state": "confirmed", "version": 2, "by": ann.pk},
        "2": {"data": hand(2), "state": "disputed", "version": 1, "by": None},
    }
    both = ScoreEntry.objects.create(
        table=table, number=1, status="disputed", parts=parts, drafts={"2": {"melded_aces": "3"}}
    )
    one = ScoreEntry.objects.create(
        table=table,
        number=2,
        parts={"1": {"data": hand(1), "state": "entered", "version": 1, "by": bob.pk}},
    )
    table_draft = ScoreEntry.objects.create(table=table, number=3, drafts={"0": {"a": "7"}})
    ScoreEntry.objects.create(table=table, number=4)

    new_apps = migrate(AFTER)
    TeamPart = new_apps.get_model("events", "TeamPart")
    Draft = new_apps.get_model("events", "Draft")
    rows = TeamPart.objects.order_by("entry_id", "team").values_list(
        "entry_id", "team", "data", "state", "version", "entered_by_id"
    )
    assert list(rows) == [
        (both.pk, 1, hand(4), "confirmed", 2, ann.pk),
        (both.pk, 2, hand(2), "disputed", 1, None),
        (one.pk, 1, hand(1), "entered", 1, bob.pk),
    ]
    drafts = Draft.objects.order_by("entry_id", "side").values_list("entry_id", "side", "data")
    assert list(drafts) == [(both.pk, 2, {"melded_aces": "3"}), (table_draft.pk, 0, {"a": "7"})]
    assert "parts" not in {f.name for f in new_apps.get_model("events", "ScoreEntry")._meta.fields}

    back_apps = migrate(BEFORE)
    stored = {
        e.number: (e.parts, e.drafts)
        for e in back_apps.get_model("events", "ScoreEntry").objects.all()
    }
    assert stored == {
        1: (parts, {"2": {"melded_aces": "3"}}),
        2: ({"1": {"data": hand(1), "state": "entered", "version": 1, "by": bob.pk}}, {}),
        3: ({}, {"0": {"a": "7"}}),
        4: ({}, {}),
    }


def test_a_part_whose_player_left_the_club_keeps_its_numbers(old_apps):
    Event = old_apps.get_model("events", "Event")
    ScoreEntry = old_apps.get_model("events", "ScoreEntry")
    event = Event.objects.create(
        name="Club night", game="hand_and_foot", date=datetime.date.today()
    )
    table = event.rounds.create(number=1).tables.create(number=1)
    gone = {"1": {"data": hand(3), "state": "entered", "version": 3, "by": 987654}}
    ScoreEntry.objects.create(table=table, number=1, parts=gone)

    new_apps = migrate(AFTER)
    part = new_apps.get_model("events", "TeamPart").objects.get()
    assert (part.data, part.version, part.entered_by_id) == (hand(3), 3, None)
