"""Each card page and each submission runs a fixed number of queries, however big the evening."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from .conftest import GOOD_TEAM, SMALL_TEAM, links, url

pytestmark = pytest.mark.django_db


def post(client, link, name, data):
    return client.post(url(link, name), {"idem": uuid.uuid4().hex, **data})


def count(callable_) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = callable_()
    assert response.status_code in (200, 302), response.content[:500]
    return len(queries)


def play(client, one, two, number):
    post(client, one, "entry", {"number": number, "version": 0, **GOOD_TEAM})
    post(client, two, "entry", {"number": number, "version": 0, **SMALL_TEAM})
    for link, version in ((one, 1), (two, 1)):
        post(client, link, "confirm", {"number": number, "version": version})


@pytest.mark.parametrize("game", ["hand_and_foot", "laus"])
def test_the_card_page_costs_the_same_with_more_hands_and_tables(client, running, game):
    small = running(game, tables=1)
    big = running(game, tables=8)
    small_link, big_link = links(small)[0], links(big)[0]
    if game == "hand_and_foot":
        # A hand on each: the teams' parts and the drafts of the hands are read (one
        # query each) once the table has a hand, whether one hand or many.
        play(client, *links(small), 1)
        play(client, *links(big), 1)
        play(client, *links(big), 2)
    baseline = count(lambda: client.get(url(small_link)))
    assert count(lambda: client.get(url(big_link))) == baseline
    assert baseline <= 9  # 8, and the table's open call to the organizer (issue 25)


def test_a_submission_and_a_preview_cost_the_same_on_hand_three(
    client, running, django_assert_max_num_queries
):
    event = running(tables=6)
    one, two = links(event)
    first = count(lambda: post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM}))
    preview_first = count(lambda: post(client, two, "preview", {"number": 1, **SMALL_TEAM}))
    post(client, two, "entry", {"number": 1, "version": 0, **SMALL_TEAM})
    for link in (one, two):
        post(client, link, "confirm", {"number": 1, "version": 1})
    second = count(lambda: post(client, one, "entry", {"number": 2, "version": 0, **GOOD_TEAM}))
    post(client, two, "entry", {"number": 2, "version": 0, **SMALL_TEAM})
    for link in (one, two):
        post(client, link, "confirm", {"number": 2, "version": 1})
    third = count(lambda: post(client, one, "entry", {"number": 3, "version": 0, **GOOD_TEAM}))
    preview_third = count(lambda: post(client, two, "preview", {"number": 3, **SMALL_TEAM}))
    # Once the card has a hand, it reads the hands' parts and drafts (one query each).
    assert third == second and first + 2 == second <= 22
    assert preview_third == preview_first
    confirm = count(lambda: post(client, two, "entry", {"number": 3, "version": 0, **SMALL_TEAM}))
    with django_assert_max_num_queries(confirm):
        post(client, one, "confirm", {"number": 3, "version": 1})


@pytest.mark.parametrize("tables", [1, 10])
def test_loading_a_card_is_a_fixed_number_of_plain_queries(
    client, running, django_assert_num_queries, tables
):
    """The link with its table, round, event and team; the seats with players and teams;
    the entries, their teams' parts and their drafts; the history when a page reads it.
    What the card reads of them costs nothing more."""
    from clubscore.scorekeeping.card import load_card

    event = running(tables=tables)
    one, two = links(event)
    play(client, one, two, 1)
    with django_assert_num_queries(5):
        card = load_card(one.token)
        assert card.event.pk == event.pk and card.link.team.number == 1
        assert card.table.round.event is card.event
        assert [seat.player.name for seat in card.seats] and all(s.team for s in card.seats)
        assert all(seat.table is card.table for seat in card.seats)
        assert all(entry.table is card.table for entry in card.entries.values())
        assert card.entries[1].result
        assert card.entries[1].part(2).version == 1 and card.entries[1].draft(1) is None
    with django_assert_num_queries(1):
        assert {change.entry.number for change in card.changes} == {1}
        assert {change.entry.number for change in card.changes} == {1}  # read once
    assert load_card(one.token + "x") is None
