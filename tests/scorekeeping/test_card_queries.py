"""Each card page and each submission runs a fixed number of queries, however big the evening."""

from __future__ import annotations

import uuid

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from clubscore.events.models import Round
from clubscore.scorekeeping.card import forget_kept_cards

from .conftest import GOOD_TEAM, SMALL_TEAM, links, url

pytestmark = pytest.mark.django_db


def post(client, link, name, data):
    return client.post(url(link, name), {"idem": uuid.uuid4().hex, **data})


def count(callable_, *, kept: bool = False) -> int:
    """The queries of one request; the card read afresh unless `kept` (the process keeps
    a card it read until it changes, so counts compare reads alike)."""
    if not kept:
        cache.clear()
        forget_kept_cards()
    with CaptureQueriesContext(connection) as queries:
        response = callable_()
    assert response.status_code in (200, 204, 302), response.content[:500]
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
        # A hand on each: the teams' parts of the hands are read (one query) once the
        # table has a hand, whether one hand or many.
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
    # Once the card has a hand, it reads the hands' parts (one query).
    assert third == second and first + 1 == second <= 22
    assert preview_third == preview_first
    confirm = count(lambda: post(client, two, "entry", {"number": 3, "version": 0, **SMALL_TEAM}))
    with django_assert_max_num_queries(confirm):
        post(client, one, "confirm", {"number": 3, "version": 1})


@pytest.mark.parametrize("tables", [1, 10])
def test_loading_a_card_is_a_fixed_number_of_plain_queries(
    client, running, django_assert_num_queries, tables
):
    """The link with its table, round, event and team; the seats with players and teams;
    the entries and their teams' parts; the drafts and the history when a page reads
    them. What the card reads of them costs nothing more."""
    from clubscore.scorekeeping.card import load_card

    event = running(tables=tables)
    one, two = links(event)
    play(client, one, two, 1)
    with django_assert_num_queries(4):
        card = load_card(one.token)
        assert card.event.pk == event.pk and card.link.team.number == 1
        assert card.table.round.event is card.event
        assert [seat.player.name for seat in card.seats] and all(s.team for s in card.seats)
        assert all(seat.table is card.table for seat in card.seats)
        assert all(entry.table is card.table for entry in card.entries.values())
        assert card.entries[1].result
        assert card.entries[1].part(2).version == 2  # entered, then confirmed
    with django_assert_num_queries(1):
        assert card.drafts == {}
        assert card.drafts == {}  # read once
    with django_assert_num_queries(1):
        assert {change.entry_number for change in card.changes} == {1}
        assert {change.entry_number for change in card.changes} == {1}  # read once
    assert load_card(one.token + "x") is None


def test_a_card_is_read_once_until_it_changes(client, running, django_assert_num_queries):
    """Under its live fingerprint the process keeps what it read of a card: the previews
    as each count is typed read nothing of it again; a change is read at once."""
    from clubscore.scorekeeping.card import load_card
    from clubscore.scorekeeping.live import live_version

    event = running(tables=2)
    one, two = links(event)
    play(client, one, two, 1)
    version = live_version(one.token)
    forget_kept_cards()  # the posts above kept the card as it was before their changes
    with django_assert_num_queries(4):
        first = load_card(one.token, version=version)
    with django_assert_num_queries(2):
        assert first.organizer_call is None  # read when a page shows them, and kept
        changes = [(c.entry_number, c.pk) for c in first.changes]
    assert {number for number, _pk in changes} == {1}
    with django_assert_num_queries(0):
        again = load_card(one.token, version=version)
        assert again.organizer_call is None
        assert [(c.entry_number, c.pk) for c in again.changes] == changes
    assert again is not first and again.entries[1].part(2).version == 2  # confirmed
    assert [seat.player.name for seat in again.seats] == [s.player.name for s in first.seats]
    # The other team saves hand 2: the fingerprint's second half moves.
    post(client, two, "entry", {"number": 2, "version": 0, **SMALL_TEAM})
    changed = live_version(one.token)
    assert changed != version
    assert changed.partition(".")[0] == version.partition(".")[0]  # the same table
    # Only the entries moved: they are read again (with their parts), not the link and
    # the seats (half of a fresh read).
    with django_assert_num_queries(3):
        moved = load_card(one.token, version=changed)
        assert moved.entries[2].part(2).version == 1
        assert {c.entry_number for c in moved.changes} == {1, 2}  # read afresh too
    assert moved.seats[0] is first.seats[0] and moved.link is first.link
    # One copy a link: the card kept under the older fingerprint went when it was read
    # under the newer one (what a process keeps follows the links, not the changes).
    with django_assert_num_queries(2):
        assert load_card(one.token, version=version).entries[2].part(2).version == 1
    # Time is called: the table's half moves, and the whole card is read afresh.
    Round.objects.filter(pk=first.table.round_id).update(time_called_at=timezone.now())
    called = live_version(one.token)
    assert called.partition(".")[0] != version.partition(".")[0]
    with django_assert_num_queries(4):
        again = load_card(one.token, version=called)
        assert again.seats[0] is not first.seats[0] and again.table.round.time_called_at
    typed = {"number": 2, "version": 0, **GOOD_TEAM}
    # A preview as each count is typed: the fingerprint alone (it keeps nothing).
    assert count(lambda: post(client, one, "preview", typed), kept=True) == 1
    assert count(lambda: post(client, one, "preview", typed)) == 1 + 4
    post(client, one, "draft", typed)  # the first draft: the entry is locked
    # Typing paused again: the fingerprint, and the draft's UPDATE.
    assert count(lambda: post(client, one, "draft", typed), kept=True) == 2
