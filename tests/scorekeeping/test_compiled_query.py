"""The card's queries are compiled once per process and give what the ORM gives."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubscore.events.models import ScoreChange, ScoreEntry, ScorekeeperLink, Seat
from clubscore.scorekeeping import services
from clubscore.scorekeeping.compiled import CompiledQuery

from .conftest import GOOD_TEAM, SMALL_TEAM, links, url

pytestmark = pytest.mark.django_db


def fields(obj) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


@pytest.fixture
def played(client, running):
    """A table with a hand entered, confirmed and changed: every query has rows."""
    event = running(tables=2)
    one, two = links(event)
    for link, team in ((one, GOOD_TEAM), (two, SMALL_TEAM)):
        data = {"idem": uuid.uuid4().hex, "number": 1, "version": 0, **team}
        client.post(url(link, "entry"), data)
    client.post(url(two, "confirm"), {"idem": uuid.uuid4().hex, "number": 1, "version": 1})
    return event, one


def test_the_link_query_gives_what_the_orm_gives(played):
    _event, one = played
    expected = ScorekeeperLink.objects.select_related("table__round__event", "team").get(pk=one.pk)
    (found,) = services._LINK(one.token)
    assert fields(found) == fields(expected)
    with CaptureQueriesContext(connection) as queries:
        # The joined rows come with it, converted as the ORM converts them (the
        # event's JSON options, its dates), with no query of their own.
        assert fields(found.table) == fields(expected.table)
        assert fields(found.table.round) == fields(expected.table.round)
        assert fields(found.table.round.event) == fields(expected.table.round.event)
        assert found.table.round.event.options == expected.table.round.event.options
        assert fields(found.team) == fields(expected.team)
    assert len(queries) == 0


def test_a_link_that_opens_nothing_finds_nothing(played):
    _event, one = played
    assert services._LINK("no-such-token") == []
    assert services._LINK(one.token + "x") == []


def test_the_seats_entries_and_history_give_what_the_orm_gives(played):
    _event, one = played
    table = one.table
    seats = Seat.objects.select_related("player", "team").filter(table=table)
    expected = list(seats.order_by("position"))
    found = services._SEATS(table.pk)
    assert [fields(s) for s in found] == [fields(s) for s in expected]
    assert [fields(s.player) for s in found] == [fields(s.player) for s in expected]
    assert [fields(s.team) for s in found] == [fields(s.team) for s in expected]

    entries = list(ScoreEntry.objects.filter(table=table).order_by("number"))
    assert entries, "the fixture enters a hand"
    assert [fields(e) for e in services._ENTRIES(table.pk)] == [fields(e) for e in entries]
    assert services._ENTRIES(table.pk)[0].parts == entries[0].parts  # JSON, as a dict

    history = ScoreChange.objects.filter(entry__table=table).select_related(
        "entry", "changed_by_user", "changed_by_player"
    )
    expected_history = list(history.order_by("-changed_at", "-id")[:50])
    assert expected_history, "the fixture makes changes"
    found_history = services._HISTORY(table.pk)
    assert [fields(c) for c in found_history] == [fields(c) for c in expected_history]
    assert [fields(c.entry) for c in found_history] == [fields(c.entry) for c in expected_history]
    assert [c.changed_by_user for c in found_history] == [
        c.changed_by_user for c in expected_history
    ]


def test_another_tables_values_give_another_tables_rows(played):
    event, one = played
    other = links(event, 2)[0]
    assert {s.table_id for s in services._SEATS(other.table_id)} == {other.table_id}
    assert services._ENTRIES(other.table_id) == []
    assert services._LINK(other.token)[0].pk == other.pk


def test_the_queryset_is_built_and_compiled_once(played):
    _event, one = played
    built = []

    def build(token):
        built.append(token)
        return ScorekeeperLink.objects.filter(token=token)

    query = CompiledQuery(build, str)
    assert [link.pk for link in query(one.token)] == [one.pk]
    assert [link.pk for link in query("another")] == []
    assert len(built) == 1


def test_each_value_must_reach_the_sql():
    query = CompiledQuery(lambda token: ScorekeeperLink.objects.all(), str)
    with pytest.raises(ValueError, match="exactly once"):
        query("x")


def test_values_are_counted_and_typed():
    query = CompiledQuery(lambda token: ScorekeeperLink.objects.filter(token=token), str)
    with pytest.raises(TypeError):
        query()
    with pytest.raises(TypeError):
        CompiledQuery(lambda when: ScorekeeperLink.objects.filter(created_at=when), float)
