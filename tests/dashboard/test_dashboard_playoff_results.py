"""A play-off settles the tie it was drawn for: one winner, the others behind in
play-off order, on the individual and the couple basis; its own tie is played off again."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from clubscore.club.models import Couple
from clubscore.draw import DrawError
from clubscore.events.models import Event, Round, Seat
from clubscore.games import score
from clubscore.standings.playoffs import start_playoff
from clubscore.standings.standings import event_standings
from tests.payloads import hf_hand, laus_round
from tests.playoffs import confirm, laus_tie, play_off, regular_tables, seat_names, turn_in

pytestmark = pytest.mark.django_db


def head(standings, count):
    return [(row.name, row.rank, row.mark) for row in standings.rows[:count]]


def test_a_laus_play_off_gives_one_winner_and_orders_only_the_tied(drawn_event):
    event = laus_tie(drawn_event, tables=4)
    before = event_standings(event)
    tied = [row.name for row in before.playoff_rows]
    assert len(tied) == 4 and before.can_start_playoff
    totals = {row.name: row.total for row in before.rows}

    round_ = play_off(event, ten_of_spades_to=1)
    (table,) = round_.tables.all()
    names = seat_names(table)
    scores = [p["total"] for p in score("laus", laus_round(names, 1))["players"]]
    expected = sorted(zip(scores, names, strict=True))  # lowest first: the game's order

    after = event_standings(event)
    assert [(row.name, row.rank) for row in after.rows[:4]] == [
        (name, rank) for rank, (_score, name) in enumerate(expected, start=1)
    ]
    winner = after.rows[0]
    assert winner.mark == "won the play-off" and winner.playoff_scores == [0]
    assert [row.mark for row in after.rows[1:4]] == ["", "", ""]
    assert not after.playoff_rows and not after.can_start_playoff
    # Only the tied move: everyone else keeps their place, and nobody's total changes.
    assert [(row.name, row.rank) for row in after.rows[4:]] == [
        (row.name, row.rank) for row in before.rows[4:]
    ]
    assert {row.name: row.total for row in after.rows} == totals
    (result,) = after.playoffs
    assert result.text.startswith(f"Round {round_.number} (play-off): {expected[0][1]} 0 · ")
    assert result.text.endswith(f"{expected[0][1]} won the play-off.")


def test_until_its_cards_are_turned_in_the_tie_stands(drawn_event):
    event = laus_tie(drawn_event, tables=4)
    play_off(event, done=False)  # entered and confirmed, not turned in
    standings = event_standings(event)
    assert len(standings.playoff_rows) == 4
    assert {row.mark for row in standings.playoff_rows} == {"play-off in progress"}
    assert {row.rank for row in standings.playoff_rows} == {1}
    assert not standings.can_start_playoff and standings.playoff_running
    assert "in progress" in standings.playoffs[0].text
    with pytest.raises(DrawError, match="in progress"):
        start_playoff(event, seed=3)


def winning_teams_tied(drawn_event, add_entry):
    """Two Hand and Foot tables whose team 1 goes out alike: those two teams tie for
    first. Returns the event and its two tables."""
    event = drawn_event("hand_and_foot", tables=2)
    first, second = regular_tables(event)
    add_entry(first, 1, hf_hand(1, 0))
    add_entry(second, 1, hf_hand(1, 0))
    turn_in([first, second])
    return event, first, second


def test_hand_and_foot_partners_win_the_play_off_together(drawn_event, add_entry):
    event, first, second = winning_teams_tied(drawn_event, add_entry)
    assert len(event_standings(event).playoff_rows) == 4
    playoff = start_playoff(event, seed=11)
    (table,) = playoff.tables.all()
    add_entry(table, 1, hf_hand(1, 1))  # team 2 goes out
    turn_in([table])

    standings = event_standings(event)
    partners = {s.player.name for s in Seat.objects.filter(table=table, team__number=2)}
    assert {row.name for row in standings.rows[:2]} == partners
    assert [row.rank for row in standings.rows[:4]] == [1, 1, 3, 3]
    assert [row.mark for row in standings.rows[:4]] == ["won the play-off"] * 2 + [""] * 2
    assert not standings.can_start_playoff
    (result,) = standings.playoffs
    assert " & " in result.winners  # the two partners, one side


@pytest.mark.parametrize("seed", range(5))
def test_two_hand_and_foot_teams_tied_play_it_off_as_those_teams(drawn_event, add_entry, seed):
    """ "Between the tied players or teams" (domain.md): the evening's partners stay
    partners, so one team wins; never two players who were not a team."""
    event, first, second = winning_teams_tied(drawn_event, add_entry)
    evening_teams = {
        frozenset(Seat.objects.filter(table=table, team__number=1).values_list("player", flat=True))
        for table in (first, second)
    }
    (table,) = start_playoff(event, seed=seed).tables.all()
    playoff_teams = {
        frozenset(Seat.objects.filter(table=table, team__number=n).values_list("player", flat=True))
        for n in (1, 2)
    }
    assert playoff_teams == evening_teams


def test_two_teams_tied_decided_by_lot_are_ranked_as_a_play_off_ranks(drawn_event, add_entry):
    """The lot's losing partners were ranked 2 (1, 1, 2, 2) where a play-off's are 3."""
    event, first, second = winning_teams_tied(drawn_event, add_entry)
    start_playoff(event, seed=4, by_lot=True)
    standings = event_standings(event)
    assert [row.rank for row in standings.rows[:4]] == [1, 1, 3, 3]
    assert [row.mark for row in standings.rows[:2]] == ["won by lot"] * 2


def test_a_tie_in_the_play_off_is_played_off_again(drawn_event, add_entry):
    event, first, second = winning_teams_tied(drawn_event, add_entry)
    playoff = start_playoff(event, seed=11)
    (table,) = playoff.tables.all()
    add_entry(table, 1, hf_hand(1, None))  # nobody goes out: both teams score alike
    turn_in([table])

    tied = event_standings(event)
    assert len(tied.playoff_rows) == 4 and tied.can_start_playoff
    assert {row.mark for row in tied.playoff_rows} == {"play-off"}
    assert tied.playoffs[0].text.endswith("Tied again: play it off again, or decide it by lot.")

    again = start_playoff(event, seed=12)
    assert again.number == playoff.number + 1
    (table,) = again.tables.all()
    add_entry(table, 1, hf_hand(1, 0))  # team 1 goes out
    turn_in([table])
    settled = event_standings(event)
    partners = {s.player.name for s in Seat.objects.filter(table=table, team__number=1)}
    assert {row.name for row in settled.rows if row.rank == 1} == partners
    assert not settled.can_start_playoff
    assert [result.state for result in settled.playoffs] == ["tied", "won"]
    # Settled since: the first play-off no longer says what to do next.
    assert settled.playoffs[0].text.endswith(". Tied again.")
    assert settled.rows[0].playoff_scores[0] == settled.rows[2].playoff_scores[0]


def test_couples_tied_for_first_play_it_off_as_couples(drawn_event):
    event = drawn_event("laus", tables=2, standings_basis=Event.StandingsBasis.COUPLE)
    one, two = regular_tables(event)
    for table in (one, two):
        confirm(table, 1, laus_round(seat_names(table), 0))
    turn_in([one, two])
    seats = [list(Seat.objects.filter(table=t).order_by("position")) for t in (one, two)]
    # Seats 4 (0 points) and 3 (140) are the lowest: crossing them over two couples
    # makes two couples tie at 140; the other two couples tie lower down.
    for a, b in ((3, 2), (2, 3), (0, 1), (1, 0)):
        first, second = seats[0][a].player, seats[1][b].player
        Couple.objects.create(player_a=first, player_b=second, scorekeeper=first)
    before = event_standings(event)
    assert [row.rank for row in before.rows] == [1, 1, 3, 3]
    assert len(before.playoff_rows) == 2

    round_ = play_off(event, ten_of_spades_to=2, basis=Event.StandingsBasis.COUPLE)
    (table,) = round_.tables.all()
    names = seat_names(table)
    played = score("laus", laus_round(names, 2))["players"]
    points = {name: player["total"] for name, player in zip(names, played, strict=True)}
    sums = {row.name: sum(points[n] for n in row.name.split(" & ")) for row in before.rows[:2]}
    assert len(set(sums.values())) == 2  # the couples' play-off scores differ
    winner = min(sums, key=sums.get)
    after = event_standings(event)
    assert head(after, 2)[0] == (winner, 1, "won the play-off")
    assert after.rows[1].rank == 2 and after.rows[1].playoff_scores == [max(sums.values())]
    assert not after.can_start_playoff
    # The individual view was not played off: its own tie (if any) is untouched.
    assert not event_standings(event, basis="individual").playoffs


def test_a_play_off_of_the_other_basis_decides_nothing_here(drawn_event):
    event = laus_tie(drawn_event, tables=4)
    round_ = play_off(event)
    # A later correction moves a fifth player into the tie: that play-off was not theirs.
    other = Seat.objects.filter(round__event=event, round__kind=Round.Kind.REGULAR).exclude(
        player_id__in=Seat.objects.filter(round=round_).values("player_id")
    )[0]
    entry = other.table.entries.get()
    names = seat_names(other.table)
    entry.payload = laus_round(names, (other.position - 3) % 4)
    entry.result = score("laus", entry.payload)
    entry.save()
    standings = event_standings(event)
    assert len(standings.playoff_rows) == 4 and standings.can_start_playoff
    assert not standings.playoffs


def test_the_page_shows_the_winner_and_no_start_button(organizer_client, drawn_event):
    event = laus_tie(drawn_event, tables=4)
    page = reverse("dashboard:standings", args=[event.pk])
    assert "Start a play-off round" in organizer_client.get(page).content.decode()
    play_off(event)
    html = organizer_client.get(page).content.decode()
    assert "Start a play-off round" not in html
    assert html.count('<span class="badge playoff won">won the play-off</span>') == 1
    assert "won the play-off." in html
    # The public results page says the same, without the organizer's button.
    Event.objects.filter(pk=event.pk).update(public_standings=True)
    public = Client().get(reverse("dashboard:public_standings", args=[event.pk])).content
    assert public.decode().count("won the play-off</span>") == 1
    csv = organizer_client.get(page, {"_export": "csv"}).content.decode().splitlines()
    # The rank a number a spreadsheet sorts, the badge in words in the last column.
    assert csv[0].startswith("Rank,") and csv[0].endswith(",Note")
    assert csv[1].startswith("1,") and csv[1].endswith(",won the play-off")
    assert csv[2].startswith("2,")


def test_a_tie_is_offered_a_play_off_and_the_lot_and_a_final_evening_neither(
    organizer_client, drawn_event
):
    """Four tied at four tables of Laus fill a table: no empty seat, yet the lot is
    offered too (a play-off cannot always part a tie: two couples at one Hand and Foot
    table have a spouse in each team). A final evening offers neither: it is reopened
    first, which the page says instead of a button that only refuses."""
    event = laus_tie(drawn_event, tables=4)
    url = reverse("dashboard:standings", args=[event.pk])
    page = organizer_client.get(url).content.decode()
    assert "Start a play-off round" in page and "Decide by lot" in page
    # The lot cannot be undone: it asks a second tap first.
    assert re.search(r"<details class=\"by-lot\">.*Yes, draw the lot", page, re.S)
    finish = organizer_client.get(reverse("dashboard:finish", args=[event.pk])).content.decode()
    assert "and no play-off has decided it. Finished now, they share first place." in finish
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
    page = organizer_client.get(url).content.decode()
    assert "Start a play-off round" not in page and "Decide by lot" not in page
    assert "The evening is final: reopen it before starting a play-off." in page
    # Finished so, they share first place: no "play-off" badge on a final evening.
    assert "shared first place" in page and ">play-off</span>" not in page


def test_the_finish_page_says_nothing_of_a_tie_a_play_off_decided(organizer_client, drawn_event):
    event = laus_tie(drawn_event, tables=4)
    play_off(event)
    finish = organizer_client.get(reverse("dashboard:finish", args=[event.pk])).content.decode()
    assert "Every card is in" in finish and "share first place" not in finish


def test_two_couples_tied_at_one_hand_and_foot_table_are_told_to_decide_by_lot(
    drawn_event, organizer_client
):
    """Spouses never partner: at the one table the four make, each couple has a player in
    each team, and a play-off leaves them level for ever ("Tied again")."""
    from clubscore.standings.playoffs import playoff_offer
    from tests.playoffs import hand_and_foot_tie

    event = drawn_event("hand_and_foot", tables=2, standings_basis=Event.StandingsBasis.COUPLE)
    hand_and_foot_tie(event)
    one, two = regular_tables(event)
    turn_in([one, two])
    seats = {(s.table_id, s.position): s.player for s in Seat.objects.filter(table__in=[one, two])}
    # The winners: team 1 at the first table (seats 1, 3), team 2 at the second (2, 4).
    for a, b in ((seats[one.pk, 1], seats[two.pk, 2]), (seats[one.pk, 3], seats[two.pk, 4])):
        Couple.objects.create(player_a=a, player_b=b, scorekeeper=a)
    standings = event_standings(event)
    assert len(standings.playoff_rows) == 2
    assert playoff_offer(standings).cannot_part
    page = organizer_client.get(reverse("dashboard:standings", args=[event.pk])).content.decode()
    assert "A play-off cannot part them" in page
    assert "Start a play-off round" not in page and "Decide by lot" in page
    # On their own, the four winners can be parted: a play-off as usual.
    assert not playoff_offer(event_standings(event, basis="individual")).cannot_part


def test_the_view_that_does_not_count_says_its_play_off_settles_it_alone(
    drawn_event, organizer_client
):
    """A couple-basis evening tied on the individual view: that view offered "Decide by
    lot…" and "Start a play-off round" with no word that neither touches the standings
    that count (the lot cannot be undone)."""
    from tests.playoffs import hand_and_foot_tie

    event = drawn_event(tables=2, standings_basis=Event.StandingsBasis.COUPLE)
    hand_and_foot_tie(event)
    turn_in(regular_tables(event))
    address = reverse("dashboard:standings", args=[event.pk])
    individual = organizer_client.get(address, {"basis": "individual"}).content.decode()
    assert "Start a play-off round" in individual
    note = "a play-off or a lot started here settles this view's tie only"
    assert note in individual and "Couple (both spouses together)" in individual
    assert note not in organizer_client.get(address, {"basis": "couple"}).content.decode()
