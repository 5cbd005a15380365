"""Fair standings: who did not play is never ranked; Laus compares points per round
when tables played different numbers of rounds; couples with singles; several rounds."""

from __future__ import annotations

import csv

import pytest
from django.urls import reverse

from clubscore.club.models import Couple
from clubscore.events.models import CheckIn, Event, Round, Seat, Table, Team
from clubscore.games import score
from clubscore.standings.standings import event_standings
from tests.payloads import hf_hand, laus_round
from tests.playoffs import confirm, laus_tie, play_off, regular_tables, seat_names, turn_in

from .conftest import by_name

pytestmark = pytest.mark.django_db


# --- Did not play ------------------------------------------------------------------


def test_who_sat_out_or_sat_at_a_table_not_played_did_not_play(drawn_event, make_player):
    event = drawn_event("laus", tables=2)
    played, skipped = regular_tables(event)
    confirm(played, 1, laus_round(seat_names(played), 0))
    # A card marked "not played" counts nothing, even what was confirmed on it.
    confirm(skipped, 1, laus_round(seat_names(skipped), 0))
    Table.objects.filter(pk=skipped.pk).update(not_played=True)
    turn_in([played])
    sat_out = make_player("Sam", "Sitout")
    CheckIn.objects.create(event=event, player=sat_out)
    seated = Seat.objects.filter(round__event=event).values_list("player_id", flat=True)
    CheckIn.objects.bulk_create(CheckIn(event=event, player_id=pid) for pid in seated)

    standings = event_standings(event)
    ranked = [row.name for row in standings.rows if row.rank is not None]
    assert ranked == [row.name for row in standings.rows[:4]]
    assert set(ranked) == set(seat_names(played))
    bottom = standings.rows[4:]
    assert {row.name for row in bottom} == {*seat_names(skipped), sat_out.name}
    assert all(row.rank is None and row.mark == "Did not play" for row in bottom)
    assert all(row.total == 0 and not row.playoff for row in bottom)
    # Laus: nobody who played nothing is on top with 0 points, and there is no play-off.
    assert standings.rows[0].played == 1 and not standings.playoff_rows
    # Nor does a page show them a total of 0, the best there is in Laus (a walk).
    assert all(row.shown_total == "–" for row in bottom)
    assert [row.shown_total for row in standings.rows[:4]] == [r.total for r in standings.rows[:4]]


def test_no_score_yet_while_the_table_is_playing_then_did_not_play(drawn_event):
    event = drawn_event("laus", tables=2)
    playing, waiting = regular_tables(event)
    confirm(playing, 1, laus_round(seat_names(playing), 0))
    marks = {row.mark for row in event_standings(event).rows[4:]}
    assert marks == {"No score yet"}
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
    event.refresh_from_db()
    assert {row.mark for row in event_standings(event).rows[4:]} == {"Did not play"}


def test_the_page_lists_did_not_play_at_the_bottom(organizer_client, drawn_event, make_player):
    event = drawn_event("hand_and_foot", tables=1)
    (table,) = regular_tables(event)
    confirm(table, 1, hf_hand(1, 0))
    CheckIn.objects.create(event=event, player=make_player("Sam", "Sitout"))
    response = organizer_client.get(reverse("dashboard:standings", args=[event.pk]))
    html = response.content.decode()
    assert html.index("Sam Sitout") > html.index("P1D Table1")
    assert "Did not play</span>" in html
    sam = html[html.index("Sam Sitout") :].split("</tr>", 1)[0]
    assert '<td class="num total">–</td>' in sam  # no total, not 0
    exported = organizer_client.get(
        reverse("dashboard:standings", args=[event.pk]), {"_export": "csv"}
    ).content.decode()
    # No rank, total nor tie-break figures: a 0 there reads as a score in a sheet.
    last = list(csv.reader(exported.splitlines()))[-1]
    assert (last[:3], last[-1]) == (["", "Sam Sitout", "0"], "Did not play")
    assert not any(last[3:-1])


# --- Laus: per round played --------------------------------------------------------


def laus_rounds(drawn_event, counts):
    """Every table plays the same round, table i `counts[i]` times."""
    event = drawn_event("laus", tables=len(counts))
    for table, count in zip(regular_tables(event), counts, strict=True):
        for number in range(1, count + 1):
            confirm(table, number, laus_round(seat_names(table), 1))
    return event


def test_laus_with_unequal_rounds_ranks_per_round_played(drawn_event):
    event = laus_rounds(drawn_event, [4, 2])
    standings = event_standings(event)
    assert standings.per_round
    rows = by_name(standings)
    points = [p["total"] for p in score("laus", laus_round(list("abcd"), 1))["players"]]
    for seat, per_round in zip("ABCD", points, strict=True):
        long, short = rows[f"P1{seat} Table1"], rows[f"P2{seat} Table2"]
        assert (long.played, short.played) == (4, 2)
        assert long.per_round == short.per_round == per_round
        # The table that played fewer rounds does not gain: same figure, same rank.
        assert long.rank == short.rank
        assert short.total < long.total or per_round == 0
    firsts = [row for row in standings.rows if row.rank == 1]
    assert {row.name for row in firsts} == {"P1A Table1", "P2A Table2"}
    assert all(row.playoff for row in firsts)


def test_ranked_per_round_the_chart_ends_each_line_at_its_last_round(drawn_event):
    """Carried flat to the last round, the line of a player with fewer rounds stood
    clear of one it ties per round (a walk: 400 over 5 beside 480 over 6)."""
    standings = event_standings(laus_rounds(drawn_event, [4, 2]))
    rows = by_name(standings)
    assert len(rows["P1C Table1"].progress) == 4 and len(rows["P2C Table2"].progress) == 2
    assert rows["P2C Table2"].progress[-1] == rows["P2C Table2"].total
    assert standings.labels == ["Round 1", "Round 2", "Round 3", "Round 4"]
    assert standings.chart_caption.endswith("Each line ends at its last round played.")
    # Equal rounds: every line runs to the end, the caption as before.
    equal = event_standings(laus_rounds(drawn_event, [3, 3]))
    assert {len(row.progress) for row in equal.rows} == {3}
    assert "last round played" not in equal.chart_caption


def test_laus_per_round_beats_a_lower_total_from_fewer_rounds(drawn_event):
    event = drawn_event("laus", tables=2)
    full, short = regular_tables(event)
    for number in range(1, 5):  # seat 1 takes the ten of diamonds every round: 0
        confirm(full, number, laus_round(seat_names(full), 1))
    # Table 2 played one round, where its seat 1 scored 140: less than the 4 x 140 = 560
    # of table 1's seat 4, but the same per round; on totals it would have gained.
    confirm(short, 1, laus_round(seat_names(short), 2))
    standings = event_standings(event)
    rows = by_name(standings)
    assert rows["P2A Table2"].total == 140 and rows["P1D Table1"].total == 560
    assert rows["P2A Table2"].rank == rows["P1D Table1"].rank  # both 140 per round
    # Seat 3 of table 2: 340 in one round, a lower total than 560, but behind it.
    assert rows["P2C Table2"].total < rows["P1D Table1"].total
    assert rows["P2C Table2"].rank > rows["P1D Table1"].rank
    # 0 in one round and 0 in four: the same, a tie for first (a play-off).
    assert rows["P1A Table1"].rank == rows["P2B Table2"].rank == 1
    assert rows["P1A Table1"].playoff and rows["P2B Table2"].playoff


def test_laus_with_equal_rounds_ranks_by_total_as_before(drawn_event):
    standings = event_standings(laus_rounds(drawn_event, [3, 3]))
    assert not standings.per_round
    assert all(row.per_round is None for row in standings.rows)


def test_the_page_and_the_export_show_rounds_and_the_per_round_figure(
    organizer_client, drawn_event
):
    event = drawn_event("laus", tables=2)
    full, short = regular_tables(event)
    for number in (1, 2):
        confirm(full, number, laus_round(seat_names(full), 2))  # seat 3 takes 340 each
    confirm(short, 1, laus_round(seat_names(short), 2))
    url = reverse("dashboard:standings", args=[event.pk])
    html = organizer_client.get(url).content.decode()
    assert ">Per round</a>" in html and ">Rounds</a>" in html
    assert "points per round played" in html
    rows = list(
        csv.reader(organizer_client.get(url, {"_export": "csv"}).content.decode().splitlines())
    )
    assert rows[0][:5] == ["Rank", "Name", "Rounds", "Total", "Per round"]
    by = {row[1]: row for row in rows[1:]}
    assert by["P1C Table1"][2:5] == ["2", "680", "340.0"]
    assert by["P2C Table2"][2:5] == ["1", "340", "340.0"]
    german = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "340,0" in german


# --- Couples, singles and walk-ins --------------------------------------------------


def test_couple_lines_add_up_both_spouses_and_singles_have_their_own(drawn_event, make_player):
    event = drawn_event("hand_and_foot", tables=2, standings_basis=Event.StandingsBasis.COUPLE)
    first, second = regular_tables(event)
    confirm(first, 1, hf_hand(1, 0))
    confirm(first, 2, hf_hand(2, 0))
    confirm(second, 1, hf_hand(1, 1))
    one = first.seats.get(position=1).player
    two = second.seats.get(position=2).player
    Couple.objects.create(player_a=one, player_b=two, scorekeeper=one)
    walk_in = make_player("Wanda", "Walkin")
    CheckIn.objects.create(event=event, player=walk_in)

    standings = event_standings(event)
    individual = by_name(event_standings(event, basis="individual"))
    couple = next(row for row in standings.rows if not row.single)
    members = [individual[one.name], individual[two.name]]
    # Hands and hands won both add up the two spouses (2 + 1 hands, 2 + 1 won).
    assert couple.played == 3 == sum(m.played for m in members)
    assert couple.tiebreakers["hands_won"] == 3 == sum(m.tiebreakers["hands_won"] for m in members)
    singles = [row for row in standings.rows if row.single]
    assert len(singles) == 6 + 1
    for row in singles:
        if row.name != walk_in.name:
            assert row.total == individual[row.name].total
    walk_in_row = by_name(standings)[walk_in.name]
    assert walk_in_row.mark == "Did not play" and walk_in_row.rank is None


def test_the_couple_page_marks_singles_and_says_columns_add_up(organizer_client, drawn_event):
    event = drawn_event("hand_and_foot", tables=1, standings_basis=Event.StandingsBasis.COUPLE)
    (table,) = regular_tables(event)
    confirm(table, 1, hf_hand(1, 0))
    html = organizer_client.get(reverse("dashboard:standings", args=[event.pk])).content
    html = html.decode()
    assert html.count('<span class="badge single">single</span>') == 4
    assert "every column adds up both spouses" in html


# --- Several regular rounds ----------------------------------------------------------


def test_the_standings_add_up_every_regular_round(drawn_event):
    event = drawn_event("hand_and_foot", tables=1)
    (first,) = regular_tables(event)
    confirm(first, 1, hf_hand(1, 0))
    # Round 2: the same four, with new partners (seats 1 & 2 against 3 & 4).
    seats = list(first.seats.order_by("position").select_related("player"))
    round_two = Round.objects.create(event=event, number=2, seed=2)
    table = Table.objects.create(round=round_two, number=1)
    teams = [Team.objects.create(table=table, number=n) for n in (1, 2)]
    for position, seat in enumerate(seats, start=1):
        Seat.objects.create(
            round=round_two,
            table=table,
            position=position,
            player=seat.player,
            team=teams[(position - 1) // 2],
        )
    confirm(table, 1, hf_hand(1, 0))
    one = score("hand_and_foot", hf_hand(1, 0))["teams"]
    standings = by_name(event_standings(event))
    # Seat 1 won both rounds; seat 3 won the first, lost the second.
    assert standings[seats[0].player.name].total == 2 * one[0]["total"]
    assert standings[seats[2].player.name].total == one[0]["total"] + one[1]["total"]
    assert standings[seats[0].player.name].played == 2


# --- A fixed number of queries --------------------------------------------------------


@pytest.mark.parametrize("basis", ["individual", "couple"])
def test_play_offs_and_did_not_play_keep_the_queries_fixed(
    basis, drawn_event, make_player, django_assert_num_queries
):
    sizes = []
    for tables in (4, 40):
        event = laus_tie(drawn_event, tables=tables)
        play_off(event)
        for number in range(tables):
            CheckIn.objects.create(event=event, player=make_player(f"Late{number}", "Comer"))
        with django_assert_num_queries(5 if basis == "couple" else 4):
            standings = event_standings(event, basis=basis)
        sizes.append(len(standings.rows))
        assert len(standings.unranked) == tables
    assert sizes[1] == 10 * sizes[0]


def test_ranked_per_round_a_line_that_did_not_play_shows_a_dash_per_round(
    organizer_client, drawn_event, make_player
):
    """Its total read "–" and its figure per round was an empty cell."""
    event = laus_rounds(drawn_event, [2, 1])
    CheckIn.objects.create(event=event, player=make_player("Sam", "Sitout"))
    html = organizer_client.get(reverse("dashboard:standings", args=[event.pk])).content.decode()
    sam = html[html.index("Sam Sitout") :].split("</tr>", 1)[0]
    assert '<td class="num per-round">–</td>' in sam
