"""Table assignments for the wall and the standings, read back from the PDF."""

from __future__ import annotations

import copy
import io

import pdfplumber
import pytest
from django.core.management import call_command

from clubscore.club.models import Couple
from clubscore.events.models import Event, ScoreEntry, Seat, Table
from clubscore.games import score
from clubscore.printing.documents import event_document
from clubscore.standings.standings import event_standings as dashboard_standings

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


def standings_lines(event) -> list[str]:
    """The printed standings of ``event``, line by line."""
    content = event_document(event, "standings", "").content
    return [line for text in page_texts(content) for line in text.splitlines()]


def dashboard_lines(standings) -> list[str]:
    """Each row of the dashboard's standings as the PDF prints it: rank, name, hands or
    rounds, total, the tie-break columns, and the page's badge in words."""
    lines = []
    for row in standings.rows:
        rank = "–" if row.rank is None else row.rank
        name = f"{row.name} (single)" if row.single else row.name
        per_round = [row.per_round_value] if standings.per_round else []
        values = [rank, name, row.played, row.total, *per_round, *row.tiebreak_values, row.mark]
        lines.append(" ".join(str(value) for value in values if value != ""))
    return lines


def assert_prints_the_dashboards_standings(event, basis=None):
    """The PDF shows exactly the dashboard's rows, in its order (one home for standings)."""
    standings = dashboard_standings(event, basis=basis)
    assert standings.rows
    printed = standings_lines(event)
    expected = dashboard_lines(standings)
    rows = [line for line in printed if line in expected]
    assert rows == expected
    return standings, printed


def test_hand_and_foot_standings_are_the_dashboards(drawn_event):
    event = drawn_event("hand_and_foot", tables=2, status=Event.Status.FINAL)
    one, two = tables_of(event)
    winners, losers = score("hand_and_foot", hand(1, WINNERS, LOSERS))["teams"]
    enter(one, 1, hand(1, WINNERS, LOSERS))
    enter(one, 2, hand(2, WINNERS, LOSERS), status=ScoreEntry.Status.ENTERED)  # not counted
    enter(two, 1, hand(1, LOSERS, WINNERS))
    two.has_bonus = True
    two.save(update_fields=["has_bonus"])
    bonus = event.game_options["first_table_bonus"]

    standings, printed = assert_prints_the_dashboards_standings(event)
    text = "\n".join(printed)
    assert printed[0] == "Final standings"
    # The tie-break columns' headings may take two lines.
    assert "Rank Player Hands Total" in text
    assert all(word in text for word in ("Hands", "won", "First-table", "bonus"))
    # Table 2's team 2 (seats 2 and 4) won its hand and the bonus: first, and partners
    # are no play-off.
    leader = names_at(two, 2)[0]
    assert f"1 {leader} 1 {winners['total'] + bonus} 1 {bonus}" in printed
    assert {row.name for row in standings.rows if row.rank == 1} == set(names_at(two, 2, 4))
    assert not any(line.endswith(" play-off") for line in printed)
    assert "Play-off:" not in text


def test_a_tie_for_first_between_teams_is_marked_play_off(drawn_event):
    event = drawn_event("hand_and_foot", tables=2)
    one, two = tables_of(event)
    enter(one, 1, hand(1, WINNERS, LOSERS))
    enter(two, 1, hand(1, LOSERS, WINNERS))
    standings, printed = assert_prints_the_dashboards_standings(event)
    assert [row.playoff for row in standings.rows] == [True] * 4 + [False] * 4
    assert printed[0] == "Standings (provisional)"
    marked = [line for line in printed if line.endswith(" play-off")]
    assert len(marked) == 4
    assert "Play-off:" in "\n".join(printed)


def test_couple_basis_hand_and_foot_prints_the_dashboards_couples(drawn_event):
    event = drawn_event("hand_and_foot", tables=2, standings_basis=Event.StandingsBasis.COUPLE)
    one, two = tables_of(event)
    enter(one, 1, hand(1, WINNERS, LOSERS))
    enter(two, 1, hand(1, WINNERS, LOSERS))
    husband = Seat.objects.get(table=one, position=1).player  # won at table 1
    wife = Seat.objects.get(table=two, position=2).player  # lost at table 2
    Couple.objects.create(player_a=husband, player_b=wife, scorekeeper=wife)
    partner = Seat.objects.get(table=one, position=3).player
    other = Seat.objects.get(table=two, position=1).player
    Couple.objects.create(player_a=partner, player_b=other, scorekeeper=other)
    winners, losers = score("hand_and_foot", hand(1, WINNERS, LOSERS))["teams"]

    standings, printed = assert_prints_the_dashboards_standings(event)
    assert standings.basis == Event.StandingsBasis.COUPLE
    couples = [row for row in standings.rows if not row.single]
    assert [row.total for row in couples] == [
        winners["total"] * 2,
        winners["total"] + losers["total"],
    ]
    # The four without a couple print as singles, each with their own score.
    singles = [row for row in standings.rows if row.single]
    assert len(singles) == 4
    assert all(f"{row.name} (single)" in "\n".join(printed) for row in singles)
    text = "\n".join(printed)
    assert "Rank Couple Hands Total" in text
    assert "Couples: both spouses' scores together." in text
    assert f"{husband.name} & {wife.name}" in text


def test_laus_lowest_total_wins(drawn_event):
    event = drawn_event("laus", tables=1, status=Event.Status.FINAL)
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
    standings, printed = assert_prints_the_dashboards_standings(event)
    assert [row.name for row in standings.rows] == [names[3], names[2], names[1], names[0]]
    assert [row.total for row in standings.rows] == sorted(totals)
    text = "\n".join(printed)
    assert "Lowest total wins." in text
    assert "Rank Player Rounds Total" in text
    assert "Best" in text and "round" in text


def test_a_laus_tie_for_first_is_a_play_off(drawn_event):
    # Time called, not final: a final evening's undecided tie is "shared first place".
    event = drawn_event("laus", tables=1, status=Event.Status.TIME_CALLED)
    (table,) = tables_of(event)
    names = names_at(table, 1, 2, 3, 4)
    nothing = {"tens": [], "aces": 0, "kings": 0, "queens": 0}
    # Seat 1 takes everything but the ten of diamonds, which makes seat 2 score 0: seats 2,
    # 3 and 4 tie at 0, the lowest total.
    everything = {"tens": ["S", "C", "H"], "aces": 4, "kings": 4, "queens": 4}
    payload = {
        "players": names,
        "taken": [everything, {**nothing, "tens": ["D"]}, nothing, nothing],
    }
    enter(table, 1, payload, "laus")
    standings, printed = assert_prints_the_dashboards_standings(event)
    assert [row.playoff for row in standings.rows] == [True, True, True, False]
    assert standings.rows[-1].name == names[0]
    assert len([line for line in printed if line.endswith(" play-off")]) == 3


def test_names_with_markup_print_as_text_in_the_standings(drawn_event):
    event = drawn_event("laus", tables=1)
    player = Seat.objects.get(position=1).player
    player.first_name, player.last_name = "<b>Bob</b>", "Łukasz & Zoë"
    player.save()
    text = "\n".join(standings_lines(event))
    assert "<b>Bob</b> Łukasz & Zoë" in text


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


def test_find_your_table_is_in_the_order_a_reader_expects(drawn_event):
    # By surname, as the check-in list: people look for their last name on a wall list.
    # Öberg with the Os (not after Z), Élodie with the Es, one surname by first names.
    event = drawn_event("laus", tables=2)
    names = ["Łukasz Nowak", "Zoë Adams", "Élodie Marchand", "Björn Öberg", "Lars Ek"]
    names += ["Ännie Adams"]
    seats = Seat.objects.filter(round__event=event).select_related("player").order_by("id")
    for seat, name in zip(seats, names, strict=False):
        seat.player.first_name, seat.player.last_name = name.split()
        seat.player.save()
    index = page_texts(event_document(event, "tables", "").content)[-1]
    listed = [line.rsplit(" Table ", 1)[0] for line in index.splitlines() if " Table " in line]
    assert listed == [
        "Ännie Adams",
        "Zoë Adams",
        "Lars Ek",
        "Élodie Marchand",
        "Łukasz Nowak",
        "Björn Öberg",
        "P2C Table2",
        "P2D Table2",
    ]


def test_a_long_name_is_printed_whole_on_the_wall(drawn_event):
    event = drawn_event("hand_and_foot", tables=1)
    player = Seat.objects.get(round__event=event, position=1).player
    player.first_name, player.last_name = "María José", "Núñez Ó Súilleabháin"
    player.save()
    texts = page_texts(event_document(event, "tables", "").content)
    # Two lines rather than a name cut short, on the table's block and in the index.
    for text in texts:
        assert "María José Núñez Ó" in text and "Súilleabháin" in text
        assert "…" not in text


def test_five_figure_totals_never_run_into_the_column_beside_them():
    # The demo's finished evening has couples over 10,000 points.
    call_command("demo", "--no-organizer", stdout=io.StringIO())
    event = Event.objects.get(status=Event.Status.FINAL)
    standings = dashboard_standings(event)
    assert max(row.total for row in standings.rows) >= 10_000
    content = event_document(event, "standings", "http://testserver/").content
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        # Singles have lines of their own too: the table may go on to a second page.
        words = {word["text"] for page in pdf.pages for word in page.extract_words()}
    # Each figure is a word of its own: "3" hands and "14090", never "314090".
    assert all(str(row.total) in words for row in standings.rows)
    assert all(str(row.played) in words for row in standings.rows)
