"""A table marked "Did not play" when the evening is finished says so on its tile."""

from __future__ import annotations

import pytest
from django.conf import settings

from clubscore.events.clock import start_clock
from clubscore.events.models import ScoreEntry, Table
from clubscore.standings.standings import DID_NOT_PLAY, event_standings
from tests.payloads import lf_round

from .conftest import hf_hand, tables_of
from .test_dashboard_tiles import tile, url

pytestmark = pytest.mark.django_db


def test_a_table_that_did_not_play_says_so_and_not_not_started(
    organizer_client, drawn_event, add_entry
):
    event = start_clock(drawn_event("hand_and_foot", tables=3))
    quiet, begun, playing = tables_of(event)
    add_entry(begun, 1, hf_hand(1), status=ScoreEntry.Status.DRAFT)
    add_entry(playing, 1, hf_hand(1))
    Table.objects.filter(pk__in=[quiet.pk, begun.pk]).update(not_played=True)

    page = organizer_client.get(url(event)).content.decode()
    for table in (quiet, begun):
        html = tile(page, table)
        assert 'class="tile state-not_played"' in html
        assert '<span class="tile-state">Did not play</span>' in html
        assert "Not started" not in html and "Hand 1 of" not in html
    assert "Hand 2 of 3" in tile(page, playing)

    organizer_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    page = organizer_client.get(url(event)).content.decode()
    assert '<span class="tile-state">Nicht gespielt</span>' in tile(page, quiet)


def test_a_player_who_did_not_play_has_no_best_round(drawn_event, add_entry):
    """ "Best round 0" stood beside "Did not play" on the standings and the printout."""
    event = start_clock(drawn_event("luxury_family", tables=2, players_per_table=3))
    played, quiet = tables_of(event)
    names = [
        seat.player.name for seat in played.seats.order_by("position").select_related("player")
    ]
    add_entry(played, 1, lf_round(names))
    Table.objects.filter(pk=quiet.pk).update(not_played=True)
    rows = event_standings(event).rows
    assert {row.status for row in rows[3:]} == {DID_NOT_PLAY}
    assert [row.tiebreak_values for row in rows[3:]] == [["–"]] * 3
    assert all(isinstance(value, int) for row in rows[:3] for value in row.tiebreak_values)


def test_a_table_marked_not_played_shows_no_totals_it_does_not_count(
    organizer_client, drawn_event, add_entry
):
    """Its confirmed hands count for nothing: the tile showed their totals all the same
    ("2140 / 50" beside "Did not play"), while the standings listed nobody's."""
    event = start_clock(drawn_event("hand_and_foot", tables=2))
    marked, playing = tables_of(event)
    for table in (marked, playing):
        add_entry(table, 1, hf_hand(1))
    Table.objects.filter(pk=marked.pk).update(not_played=True)
    page = organizer_client.get(url(event)).content.decode()
    assert page.count('<td class="num">–</td>') == 2  # both teams of the marked table
    assert '<td class="num">–</td>' not in tile(page, playing)
    assert '<td class="num">–</td>' in tile(page, marked)
