"""Standings from confirmed entries, in each game's own order, in a fixed number of queries."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse
from django.utils import translation

from clubscore.club.models import Couple
from clubscore.events.models import Event, ScoreEntry, Seat
from clubscore.games import Tiebreaker, score
from clubscore.standings.standings import Row, event_standings
from clubscore.standings.tiebreaks import merge_tiebreakers
from tests.printing.conftest import page_texts

from .conftest import by_name, hf_hand, laus_round, tables_of

pytestmark = pytest.mark.django_db


def test_hand_and_foot_partners_score_their_teams_hands_plus_the_bonus(drawn_event, add_entry):
    event = drawn_event("hand_and_foot", tables=2)
    first, second = tables_of(event)
    hands = [hf_hand(1, 0), hf_hand(2, 1), hf_hand(3, 0)]
    for number, payload in enumerate(hands, start=1):
        add_entry(first, number, payload)
    add_entry(second, 1, hf_hand(1, 1))
    # Not confirmed yet: never counted.
    add_entry(second, 2, hf_hand(2, 1), status=ScoreEntry.Status.ENTERED)
    first.has_bonus = True
    first.save(update_fields=["has_bonus"])

    standings = event_standings(event)
    rows = by_name(standings)
    team_1 = sum(score("hand_and_foot", h)["teams"][0]["total"] for h in hands)
    bonus = event.game_options["first_table_bonus"]
    # Seats 1 and 3 are partners (team 1) and score the same.
    assert rows["P1A Table1"].total == rows["P1C Table1"].total == team_1 + bonus
    assert rows["P1A Table1"].tiebreakers == {"hands_won": 2, "bonus": bonus}
    second_team_2 = score("hand_and_foot", hf_hand(1, 1))["teams"][1]["total"]
    assert rows["P2B Table2"].total == second_team_2
    assert rows["P2B Table2"].played == 1
    # Highest first, progress hand by hand, and the chart ends on the total (bonus).
    totals = [row.total for row in standings.rows]
    assert totals == sorted(totals, reverse=True)
    assert standings.labels[-1] == "Total"
    assert rows["P1A Table1"].progress[-1] == team_1 + bonus
    assert rows["P1A Table1"].progress[-2] == team_1
    # The chart's caption says what that last step is (a steep one read as a huge hand).
    # Hand and Foot's is its bonus (it named a multiplier, which the game has not).
    assert standings.chart_caption.endswith("The last step, Total, adds the first-table bonus.")
    first.has_bonus = False
    first.save(update_fields=["has_bonus"])
    standings = event_standings(event)
    assert standings.labels[-1] == "Hand 3" and "The last step" not in standings.chart_caption


def test_laus_lowest_total_wins(drawn_event, add_entry):
    event = drawn_event("laus", tables=1)
    (table,) = tables_of(event)
    names = ["a", "b", "c", "d"]
    add_entry(table, 1, laus_round(names, 0))
    add_entry(table, 2, laus_round(names, 0))
    standings = event_standings(event)
    assert standings.order == "low"
    totals = [row.total for row in standings.rows]
    assert totals == sorted(totals)
    # Seat 4 took the ten of diamonds twice: null, the winner.
    assert standings.rows[0].name == "P1D Table1"
    assert standings.rows[0].rank == 1
    assert not standings.rows[0].playoff


def test_exact_bid_totals_are_the_multiplied_final_totals(drawn_event, add_entry):
    event = drawn_event("exact_bid", tables=1, players_per_table=3)
    (table,) = tables_of(event)
    rounds = [
        {"bids": [3, 3, 4], "tricks": [3, 2, 5]},
        {"bids": [0, 9, 0], "tricks": [0, 9, 0]},
    ]
    for number, payload in enumerate(rounds, start=1):
        add_entry(table, number, payload)
    standings = event_standings(event)
    seat_ids = [str(s.player_id) for s in table.seats.order_by("position")]
    result = score(
        "exact_bid",
        {"players": seat_ids, "start_cards": event.game_options["start_cards"], "rounds": rounds},
    )
    expected = {int(p["name"]): p for p in result["players"]}
    for row in standings.rows:
        player = expected[row.player_ids[0]]
        assert row.total == player["total"]
        assert row.tiebreakers == {"tricks": player["tricks"], "exact": player["exact"]}
    assert [row.rank for row in standings.rows] == [1, 2, 3]


def test_a_tie_for_first_is_a_play_off_and_equal_totals_share_a_rank(drawn_event, add_entry):
    event = drawn_event("hand_and_foot", tables=2)
    first, second = tables_of(event)
    add_entry(first, 1, hf_hand(1, 0))
    add_entry(second, 1, hf_hand(1, 0))
    standings = event_standings(event)
    top = [row for row in standings.rows if row.rank == 1]
    assert len(top) == 4  # team 1 at both tables
    assert all(row.playoff and row.tied for row in top)
    assert [row.rank for row in standings.rows] == [1, 1, 1, 1, 5, 5, 5, 5]
    assert not any(row.playoff for row in standings.rows[4:])


def test_nobody_is_in_a_play_off_before_the_first_confirmed_hand(drawn_event):
    standings = event_standings(drawn_event("hand_and_foot", tables=2))
    assert all(row.total == 0 for row in standings.rows)
    assert standings.playoff_rows == []


def test_couple_standings_add_up_both_spouses(drawn_event, add_entry):
    event = drawn_event("hand_and_foot", tables=2, standings_basis=Event.StandingsBasis.COUPLE)
    first, second = tables_of(event)
    add_entry(first, 1, hf_hand(1, 0))
    add_entry(second, 1, hf_hand(1, 1))
    one = first.seats.get(position=1).player  # team 1, went out
    two = second.seats.get(position=2).player  # team 2, went out
    Couple.objects.create(player_a=one, player_b=two, scorekeeper=one)

    couples = event_standings(event)
    assert couples.basis == "couple"
    (row,) = [row for row in couples.rows if not row.single]
    assert len(couples.rows) == 1 + 6  # the six without a couple are singles
    individual = by_name(event_standings(event, basis="individual"))
    assert row.total == individual[one.name].total + individual[two.name].total
    assert one.name in row.name and two.name in row.name
    assert row.progress[-1] == row.total


@pytest.mark.parametrize("game", ["hand_and_foot", "exact_bid", "luxury_family", "laus"])
def test_standings_take_the_same_queries_for_2_and_20_tables(
    game, drawn_event, add_entry, django_assert_num_queries
):
    counts = []
    for tables in (2, 20):
        event = drawn_event(game, tables=tables)
        for table in tables_of(event):
            if game == "hand_and_foot":
                add_entry(table, 1, hf_hand(1, 0))
        with django_assert_num_queries(4):
            rows = event_standings(event).rows
        counts.append(len(rows))
    assert counts[1] == 10 * counts[0]


def test_couple_basis_takes_one_query_more(drawn_event, django_assert_num_queries):
    event = drawn_event("hand_and_foot", tables=20)
    with django_assert_num_queries(5):
        event_standings(event, basis="couple")


def test_partners_who_lead_together_are_not_a_play_off(drawn_event, add_entry):
    event = drawn_event("hand_and_foot", tables=2)
    first, second = tables_of(event)
    add_entry(first, 1, hf_hand(1, 0))
    add_entry(second, 1, hf_hand(1, 1, low_left=4))
    add_entry(second, 2, hf_hand(2, 1, low_left=4))
    standings = event_standings(event)
    leaders = standings.rows[:2]
    assert {row.name for row in leaders} == {"P2B Table2", "P2D Table2"}
    assert [row.rank for row in leaders] == [1, 1]
    assert not any(row.tied or row.playoff for row in leaders)
    # One line on the chart for the two partners.
    name, _progress = standings.chart_series()[0]
    assert name == "P2B Table2 & P2D Table2"


def test_a_best_round_is_the_better_of_the_spouses_not_their_sum(drawn_event, add_entry):
    """A best (the game's `best_of` tie-break: Laus's best round) keeps the better one
    between spouses, where a count (hands won, tricks) adds both up."""
    event = drawn_event("laus", tables=2, standings_basis=Event.StandingsBasis.COUPLE)
    first, second = tables_of(event)
    for table, ten_of_spades_to in ((first, 0), (second, 1)):
        names = [seat.player.name for seat in table.seats.order_by("position")]
        add_entry(table, 1, laus_round(names, ten_of_spades_to))
    one = first.seats.get(position=2).player  # 240 points
    two = second.seats.get(position=4).player  # 140 points
    Couple.objects.create(player_a=one, player_b=two, scorekeeper=one)

    individual = by_name(event_standings(event, basis="individual"))
    bests = [individual[p.name].tiebreakers["best_round"] for p in (one, two)]
    assert all(bests) and bests[0] != bests[1]
    (row,) = [row for row in event_standings(event).rows if not row.single]
    assert row.tiebreakers == {"best_round": min(bests)}  # Laus: the lowest is best


def test_a_best_keeps_the_better_table_whatever_its_key_and_a_count_adds_up():
    """Over an evening's tables: the game says which of its figures is a best
    (`Tiebreaker.best_of`); the standings never ask for a key of one game."""
    best = Tiebreaker("fewest_cards", "Fewest cards", "low", best_of=True)
    count = Tiebreaker("tricks", "Tricks")
    row = Row(name="Ann", player_ids=(1,), tiebreakers={"fewest_cards": 0, "tricks": 0})
    for values in ({"fewest_cards": 7, "tricks": 3}, {"fewest_cards": 4, "tricks": 5}):
        merge_tiebreakers(row, values, [best, count])
        row.played += 1
    merge_tiebreakers(row, {"fewest_cards": 9, "tricks": 1}, [best, count])
    assert row.tiebreakers == {"fewest_cards": 4, "tricks": 9}


def test_the_couple_standings_say_a_best_round_is_the_better_spouses(
    drawn_event, add_entry, organizer_client
):
    """ "Every column adds up both spouses", the page and the printout said, and Laus's
    Best round is not added up: they say which one it is."""
    note = "Best round: the better spouse's, not the two added up."
    laus = drawn_event("laus", tables=1, standings_basis=Event.StandingsBasis.COUPLE)
    (table,) = tables_of(laus)
    add_entry(table, 1, laus_round([s.player.name for s in table.seats.order_by("position")]))
    assert event_standings(laus).best_of_note == note
    assert event_standings(laus, basis="individual").best_of_note == ""
    with translation.override("de"):
        german = event_standings(laus).best_of_note
    assert german == "Beste Runde: die des besseren Ehepartners, nicht beide zusammengezählt."
    page = organizer_client.get(reverse("dashboard:standings", args=[laus.pk])).content.decode()
    page = html.unescape(page)
    assert "every column adds up both spouses" in page and note in page
    pdf = organizer_client.get(reverse("printing:event_pdf", args=[laus.pk, "standings"]))
    assert note in " ".join(" ".join(page_texts(pdf.content)).split())
    # Hand and Foot's columns are all counts: nothing to say.
    assert event_standings(drawn_event("hand_and_foot", tables=1)).best_of_note == ""


def test_tied_partners_share_their_chart_line_wherever_the_tie_lists_them(drawn_event, add_entry):
    """Three teams tied: a walk's chart showed the fifth line as one player, where her
    partner came after another team's player in the list."""
    event = drawn_event("hand_and_foot", tables=2)
    first, second = tables_of(event)
    for table in (first, second):
        add_entry(table, 1, hf_hand(1, 0))  # team 1 of each table goes out: a tie
    names = {"P1A Table1": "Ann", "P1C Table1": "Zoe", "P2A Table2": "Bob", "P2C Table2": "Cy"}
    for seat in Seat.objects.filter(round__event=event).select_related("player"):
        if seat.player.name in names:
            seat.player.first_name, seat.player.last_name = names[seat.player.name], "Tied"
            seat.player.save()
    standings = event_standings(event)
    assert [row.name for row in standings.rows[:4]] == [
        "Ann Tied",
        "Bob Tied",
        "Cy Tied",
        "Zoe Tied",
    ]
    # The last line the chart has room for: both partners, not Ann alone.
    assert [name for name, _progress in standings.chart_series(count=1)] == ["Ann Tied & Zoe Tied"]
