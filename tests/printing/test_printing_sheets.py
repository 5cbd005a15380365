"""Table assignments for the wall and the standings, read back from the PDF."""

from __future__ import annotations

import copy

import pytest

from clubscore.club.models import Couple
from clubscore.events.models import Event, ScoreEntry, Seat, Table
from clubscore.games import score
from clubscore.printing.data import event_standings
from clubscore.printing.documents import event_document

from .conftest import page_texts

pytestmark = pytest.mark.django_db

NOTHING_MELDED = {"jokers": 0, "twos": 0, "aces": 0, "high": 0, "low": 0, "black_threes": 0}
WINNERS = {
    "red_books": 2,
    "black_books": 2,
    "went_out": True,
    "exact_deals": 1,
    "melded": {"jokers": 1, "twos": 2, "aces": 4, "high": 12, "low": 10, "black_threes": 0},
    "in_hand": {**NOTHING_MELDED, "red_threes": 0},
}
LOSERS = {
    "red_books": 0,
    "black_books": 0,
    "went_out": False,
    "exact_deals": 0,
    "melded": NOTHING_MELDED,
    "in_hand": {**NOTHING_MELDED, "low": 2, "red_threes": 0},
}


def enter(table, number, payload, game="hand_and_foot", status=ScoreEntry.Status.CONFIRMED):
    return ScoreEntry.objects.create(
        table=table, number=number, payload=payload, result=score(game, payload), status=status
    )


def hand(number, first, second):
    return {"hand": number, "teams": [copy.deepcopy(first), copy.deepcopy(second)]}


def names_at(table, *positions):
    seats = Seat.objects.filter(table=table).select_related("player")
    return [seat.player.name for seat in seats if seat.position in positions]


def tables_of(event):
    return list(Table.objects.filter(round__event=event).order_by("number"))


def test_hand_and_foot_standings_count_confirmed_hands_and_the_bonus(drawn_event):
    event = drawn_event("hand_and_foot", tables=2, status=Event.Status.FINAL)
    one, two = tables_of(event)
    winners, losers = score("hand_and_foot", hand(1, WINNERS, LOSERS))["teams"]
    enter(one, 1, hand(1, WINNERS, LOSERS))
    enter(one, 2, hand(2, WINNERS, LOSERS), status=ScoreEntry.Status.ENTERED)  # not counted
    enter(two, 1, hand(1, LOSERS, WINNERS))
    two.has_first_table_bonus = True
    two.save(update_fields=["has_first_table_bonus"])
    bonus = event.game_options["first_table_bonus"]

    rows = event_standings(event).rows
    by_name = {row.name: row for row in rows}
    # Table 2's team 2 (seats 2 and 4) won its hand and the bonus: first, no play-off
    # between partners.
    for name in names_at(two, 2, 4):
        assert (by_name[name].rank, by_name[name].total) == (1, winners["total"] + bonus)
    for name in names_at(one, 1, 3):
        assert (by_name[name].rank, by_name[name].total) == (3, winners["total"])
    for name in names_at(two, 1, 3):
        assert by_name[name].total == losers["total"] + bonus
    assert not any(row.playoff for row in rows)

    text = "\n".join(page_texts(event_document(event, "standings", "").content))
    assert "Final standings" in text
    leader = names_at(two, 2)[0]
    assert f"1 {leader} {winners['total'] + bonus} 2" in text
    assert "play-off" not in text


def test_a_tie_for_first_between_teams_is_marked_play_off(drawn_event):
    event = drawn_event("hand_and_foot", tables=2)
    one, two = tables_of(event)
    enter(one, 1, hand(1, WINNERS, LOSERS))
    enter(two, 1, hand(1, LOSERS, WINNERS))
    rows = event_standings(event).rows
    assert [row.playoff for row in rows] == [True] * 4 + [False] * 4
    text = "\n".join(page_texts(event_document(event, "standings", "").content))
    assert "Standings (provisional)" in text
    assert text.count("play-off") == 4


def test_couples_score_both_spouses_together(drawn_event):
    event = drawn_event("hand_and_foot", tables=2, standings_basis=Event.StandingsBasis.COUPLE)
    one, two = tables_of(event)
    enter(one, 1, hand(1, WINNERS, LOSERS))
    enter(two, 1, hand(1, WINNERS, LOSERS))
    husband = Seat.objects.get(table=one, position=1).player  # won at table 1
    wife = Seat.objects.get(table=two, position=2).player  # lost at table 2
    Couple.objects.create(player_a=husband, player_b=wife, scorekeeper=wife)
    winners, losers = score("hand_and_foot", hand(1, WINNERS, LOSERS))["teams"]

    standings = event_standings(event)
    assert standings.couples
    couple = next(row for row in standings.rows if "&" in row.name)
    assert couple.total == winners["total"] + losers["total"]
    assert couple.tables == "1, 2"
    assert len(standings.rows) == 7  # one couple and six singles
    text = "\n".join(page_texts(event_document(event, "standings", "").content))
    assert "Couple" in text and couple.name in text


def test_laus_lowest_total_wins(drawn_event):
    event = drawn_event("laus", tables=1)
    (table,) = tables_of(event)
    names = names_at(table, 1, 2, 3, 4)
    payload = {
        "players": names,
        "taken": [
            {"tens": ["S"], "aces": 1, "kings": 2, "queens": 0},
            {"tens": ["C", "H"], "aces": 1, "kings": 0, "queens": 2},
            {"tens": [], "aces": 2, "kings": 1, "queens": 1},
            {"tens": ["D"], "aces": 0, "kings": 1, "queens": 1},
        ],
    }
    enter(table, 1, payload, "laus")
    totals = [player["total"] for player in score("laus", payload)["players"]]
    rows = event_standings(event).rows
    assert [row.name for row in rows] == [names[3], names[2], names[1], names[0]]
    assert [row.total for row in rows] == sorted(totals)
    text = "\n".join(page_texts(event_document(event, "standings", "").content))
    assert "Lowest total wins." in text


def test_names_with_markup_print_as_text_in_the_standings(drawn_event):
    event = drawn_event("laus", tables=1)
    player = Seat.objects.get(position=1).player
    player.first_name, player.last_name = "<b>Bob</b>", "Łukasz & Zoë"
    player.save()
    text = "\n".join(page_texts(event_document(event, "standings", "").content))
    assert "<b>Bob</b> Łukasz & Zoë" in text


def test_standings_are_read_in_a_fixed_number_of_queries(drawn_event, django_assert_num_queries):
    for tables in (1, 10):
        event = drawn_event("hand_and_foot", tables=tables)
        for table in tables_of(event):
            enter(table, 1, hand(1, WINNERS, LOSERS))
        with django_assert_num_queries(2):
            standings = event_standings(event)
        assert len(standings.rows) == 4 * tables


def test_table_assignments_show_every_table_big_and_an_alphabetical_list(drawn_event):
    event = drawn_event("hand_and_foot", tables=8, name="Club night")
    texts = page_texts(event_document(event, "tables", "").content)
    blocks, index = texts[:2], "\n".join(texts[2:])
    assert len(texts) == 3  # six tables a page, then who sits where
    assert all(text.startswith("Table assignments") for text in blocks)
    assert "Team 1" in blocks[0] and "Team 2" in blocks[0]
    for table in tables_of(event):
        page = blocks[(table.number - 1) // 6]
        assert f"Table {table.number}" in page
        for name in names_at(table, 1, 2, 3, 4):
            assert name in page
            assert f"{name} Table {table.number}" in index
    assert index.startswith("Find your table")
