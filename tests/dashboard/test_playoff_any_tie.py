"""A play-off for any tie, that ends by itself (issue 27, item 3).

Two tied for first at Luxury Family (a table of three), two or three in Laus (tables of
four): the organizer fills the empty seats (the next in the standings suggested; their
play-off scores count for nothing) or decides by lot, and the standings say how. A
play-off round is the game's own play-off length: once it is confirmed the card can be
turned in, without anyone calling time.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from clubscore.draw import DrawError
from clubscore.events.models import Event, Round, Table
from clubscore.events.services import check_in, draw_round
from clubscore.scorekeeping import actions
from clubscore.scorekeeping.card import build_card
from clubscore.standings.playoffs import playoff_offer, start_playoff
from clubscore.standings.standings import event_standings
from tests.payloads import hf_hand, laus_round, lf_round
from tests.playoffs import (
    confirm,
    hand_and_foot_tie,
    laus_tie,
    regular_tables,
    seat_names,
    turn_in,
)

pytestmark = pytest.mark.django_db


def luxury_family_tie(drawn_event) -> Event:
    """Two tables of three play one round alike: each first seat makes its bid, so the
    two first seats tie for first; the second seats come next."""
    event = drawn_event("luxury_family", tables=2, status=Event.Status.TIME_CALLED)
    for table in regular_tables(event):
        confirm(table, 1, lf_round(seat_names(table)))
    turn_in(regular_tables(event))
    return event


def playoff_table(round_: Round) -> Table:
    (table,) = round_.tables.select_related("round__event").all()
    return table


def test_two_tied_at_a_table_of_three_are_offered_the_next_in_the_standings(drawn_event):
    event = luxury_family_tie(drawn_event)
    standings = event_standings(event)
    assert [row.name for row in standings.playoff_rows] == ["P1A Table1", "P2A Table2"]
    offer = playoff_offer(standings)
    assert offer.needed == 1
    next_up = standings.rows[2]
    assert offer.suggested == [next_up.player_ids[0]]
    assert len(offer.candidates) == 4  # everyone else of the evening
    with pytest.raises(DrawError, match="Choose 1 player to fill the empty seat"):
        start_playoff(event, seed=1)


def test_a_player_checked_out_is_not_offered_to_fill_an_empty_seat(drawn_event):
    """The next in the standings went home (checked out): the one after is suggested,
    and the one who left is no candidate."""
    from clubscore.events.models import CheckIn

    event = luxury_family_tie(drawn_event)
    standings = event_standings(event)
    everyone = [pid for row in standings.rows for pid in row.player_ids]
    gone = standings.rows[2].player_ids[0]
    CheckIn.objects.bulk_create(
        CheckIn(event=event, player_id=pid) for pid in everyone if pid != gone
    )
    offer = playoff_offer(standings)
    assert offer.suggested == [standings.rows[3].player_ids[0]]
    assert gone not in [pid for pid, _name in offer.candidates]
    assert len(offer.candidates) == 3


def test_a_fillers_score_counts_for_nothing_and_the_round_ends_after_one_round(drawn_event):
    event = luxury_family_tie(drawn_event)
    standings = event_standings(event)
    filler = playoff_offer(standings).suggested[0]
    round_ = start_playoff(event, seed=3, fillers=[filler])
    assert round_.playoff_fillers == [filler] and round_.kind == Round.Kind.PLAYOFF
    table = playoff_table(round_)
    names = seat_names(table)
    assert len(names) == 3
    # The filler makes the highest bid: their score must not win the play-off.
    filler_name = next(row.name for row in standings.rows if filler in row.player_ids)
    seat_of = {name: position for position, name in enumerate(names)}
    best, other = (n for n in names if n != filler_name)
    points = {filler_name: 100, best: 80, other: 60}
    confirm(
        table,
        1,
        lf_round(
            names,
            game_maker=seat_of[filler_name],
            bid=100,
            power_points=[points[n] for n in names],
        ),
    )
    card = build_card(table)
    assert card.target == 1 and card.next_number is None
    assert card.ready_to_turn_in and not card.clock.time_is_up
    # While the play-off runs, the filler plays (as the card says), not "filled".
    (running,) = event_standings(event).playoffs
    assert f"{filler_name} fills an empty seat: the play-off counts nothing they score." in (
        running.text
    )
    turn_in([table])
    after = event_standings(event)
    winner = after.rows[0]
    assert (winner.name, winner.mark) == (best, "won the play-off")
    (result,) = after.playoffs
    assert f"{filler_name} filled the empty seat; their play-off score counts for nothing." in (
        result.text
    )
    assert filler_name not in result.scores
    # Nobody's total changed, the filler's neither.
    assert {r.name: r.total for r in after.rows} == {r.name: r.total for r in standings.rows}


def playoff_with_a_filler(drawn_event) -> tuple[Event, Round, str]:
    """A Luxury Family tie of two whose play-off has the suggested filler: the event, the
    play-off round and the filler's name."""
    event = luxury_family_tie(drawn_event)
    standings = event_standings(event)
    filler = playoff_offer(standings).suggested[0]
    filler_name = next(row.name for row in standings.rows if filler in row.player_ids)
    return event, start_playoff(event, seed=3, fillers=[filler]), filler_name


def test_the_play_off_card_says_who_fills_the_empty_seat(drawn_event, client):
    """The tablet says whose score counts for nothing, so the table knows before it plays."""
    event, round_, filler_name = playoff_with_a_filler(drawn_event)
    table = playoff_table(round_)
    link = table.links.first()
    page = client.get(reverse("scorekeeping:card", args=[link.token])).content.decode()
    assert f"{filler_name} fills an empty seat: the play-off counts nothing they score." in page
    # Their total box says so too: the biggest figure on the card read as the winner's.
    (box,) = re.findall(r'<div class="total-box[^"]*filler">.*?</div>', page, re.S)
    assert filler_name in box and "fills a seat" in box
    # A regular table has no such line.
    regular = regular_tables(event)[0].links.first()
    page = client.get(reverse("scorekeeping:card", args=[regular.token])).content.decode()
    assert "empty seat" not in page and "fills a seat" not in page


def test_the_dashboard_tile_marks_who_fills_the_empty_seat(drawn_event, organizer_client):
    event, _round, filler_name = playoff_with_a_filler(drawn_event)
    page = organizer_client.get(reverse("dashboard:event", args=[event.pk])).content.decode()
    (line,) = re.findall(r'<tr class="filler">.*?</tr>', page, re.S)
    assert filler_name in line and "fills a seat" in line
    assert page.count("fills a seat") == 1  # the regular round's tiles: nobody


def test_the_wall_says_who_fills_the_empty_seat_at_the_play_off_table(
    drawn_event, organizer_client
):
    event, _round, filler_name = playoff_with_a_filler(drawn_event)
    wall = organizer_client.get(reverse("events:wall", args=[event.pk])).content.decode()
    assert (
        f'<p class="wall-fillers">{filler_name} fills an empty seat: the play-off counts '
        "nothing they score.</p>"
    ) in wall
    assert wall.count('class="wall-fillers"') == 1


def test_the_organizer_may_decide_by_lot(drawn_event):
    event = luxury_family_tie(drawn_event)
    tied = sorted(pid for row in event_standings(event).playoff_rows for pid in row.player_ids)
    round_ = start_playoff(event, seed=5, by_lot=True)
    assert sorted(round_.playoff_lot) == tied
    assert not round_.tables.exists()
    after = event_standings(event)
    first, second = after.rows[:2]
    assert (first.rank, first.mark) == (1, "won by lot")
    assert second.rank == 2 and not after.playoff_rows
    (result,) = after.playoffs
    assert result.text == (
        f"Decided by lot instead of a play-off: {first.name}, {second.name}. "
        f"{first.name} won by lot."
    )
    with pytest.raises(DrawError, match="Nobody is tied"):
        start_playoff(event, seed=6, by_lot=True)


def test_after_a_tie_decided_by_lot_the_evening_may_draw_its_next_round(drawn_event):
    # The lot is a round without tables: it is settled as it is made, and "Next round"
    # is not sent back to a round "with no score yet" that nothing can score.
    event = luxury_family_tie(drawn_event)
    check_in(event, [seat.player for t in regular_tables(event) for seat in t.seats.all()])
    lot = start_playoff(event, seed=5, by_lot=True)
    draw_round(event, seed=7, round_number=None, after=lot.number)
    assert event.rounds.order_by("-number").first().number == lot.number + 1


@pytest.mark.parametrize("tied_tables, needed", [(2, 2), (3, 1)])
def test_two_or_three_tied_in_laus_fill_a_table_of_four(drawn_event, tied_tables, needed):
    event = drawn_event("laus", tables=4, status=Event.Status.TIME_CALLED)
    tables = regular_tables(event)
    for table in tables[:tied_tables]:
        confirm(table, 1, laus_round(seat_names(table), 0))  # the fourth seat scores 0
    turn_in(tables[:tied_tables])
    Table.objects.filter(pk__in=[t.pk for t in tables[tied_tables:]]).update(not_played=True)
    standings = event_standings(event)
    assert len(standings.playoff_rows) == tied_tables
    offer = playoff_offer(standings)
    assert offer.needed == needed
    round_ = start_playoff(event, seed=2, fillers=offer.suggested)
    table = playoff_table(round_)
    assert len(seat_names(table)) == 4
    confirm(table, 1, laus_round(seat_names(table), 0))
    assert build_card(table).ready_to_turn_in
    turn_in([table])
    after = event_standings(event)
    assert after.rows[0].mark in ("won the play-off", "play-off")
    # One filler: "the empty seat"; two: "Cy, Di filled the empty seats".
    (result,) = after.playoffs
    fillers = ", ".join(result.fillers)
    assert len(result.fillers) == needed
    filled = (
        "filled the empty seats; their play-off scores" if needed > 1 else "filled the empty seat;"
    )
    assert f"{fillers} {filled}" in result.text


def test_a_hand_and_foot_play_off_ends_after_its_one_hand(drawn_event):
    event = drawn_event("hand_and_foot", tables=2, status=Event.Status.TIME_CALLED)
    hand_and_foot_tie(event)
    turn_in(regular_tables(event))
    round_ = start_playoff(event, seed=1)
    table = playoff_table(round_)
    before = build_card(table)
    assert before.target == 1 and before.next_number == 1
    confirm(table, 1, hf_hand(1, went_out_team=0))
    card = build_card(table)
    assert card.clock.is_running  # nobody called time
    assert card.next_number is None and card.ready_to_turn_in
    # The first play-off card turned in earns no first-table bonus (decisions.md): the
    # tablet said "first table! The bonus is yours." and added 400 to its totals.
    assert card.first_table_points == 0
    assert not actions.turn_in(table).has_bonus
    assert build_card(table).score.bonus == 0


@pytest.mark.parametrize(
    "data",
    [
        {"fillers": "x"},
        {"fillers": ["1", "2", "3"]},
        {"fillers": "999999"},
        {"fillers": "99999999999999999999"},
        {"fillers": "-3"},
        {},
    ],
)
def test_bad_fillers_get_a_message_never_an_error(drawn_event, organizer_client, data):
    event = luxury_family_tie(drawn_event)
    response = organizer_client.post(
        reverse("dashboard:playoff", args=[event.pk]), data, follow=True
    )
    assert response.status_code == 200
    assert not Round.objects.filter(event=event, kind=Round.Kind.PLAYOFF).exists()
    html = response.content.decode()
    # Above the page, or at the seats when players were picked (they stay picked).
    assert 'class="message error"' in html or '<p class="field-error" id="fillers-error"' in html
    assert "Choose" in html or "Only players of this evening" in html


def test_players_picked_twice_for_the_empty_seats_stay_picked_and_are_told_at_the_seats(
    drawn_event, organizer_client
):
    event = laus_tie(drawn_event, tables=2)  # two tied leave two seats of a Laus table
    offer = playoff_offer(event_standings(event))
    assert offer.needed == 2
    twice = offer.candidates[-1][0]  # not one of the suggested
    assert twice not in offer.suggested
    response = organizer_client.post(
        reverse("dashboard:playoff", args=[event.pk]), {"fillers": [twice, twice]}, follow=True
    )
    assert not Round.objects.filter(event=event, kind=Round.Kind.PLAYOFF).exists()
    html = response.content.decode()
    assert 'class="message error"' not in html  # said at the seats, not above the page
    assert (
        '<p class="field-error" id="fillers-error" role="alert">Choose 2 different players '
        "to fill the empty seats, or decide by lot.</p>"
    ) in html
    assert html.count(f'<option value="{twice}" selected>') == 2
    assert html.count('aria-invalid="true" aria-describedby="fillers-error"') == 2
    # Picked again as the page suggests: the play-off starts.
    response = organizer_client.post(
        reverse("dashboard:playoff", args=[event.pk]), {"fillers": offer.suggested}, follow=True
    )
    assert "The play-off is drawn at 1 table;" in response.content.decode()


@pytest.mark.parametrize("query", ["fillers=x", "fillers=99999999999999", "fillers=&fillers=1"])
def test_picks_in_the_address_that_mean_nothing_leave_the_suggestion(
    drawn_event, organizer_client, query
):
    event = laus_tie(drawn_event, tables=2)
    offer = playoff_offer(event_standings(event))
    url = reverse("dashboard:standings", args=[event.pk])
    html = organizer_client.get(f"{url}?{query}").content.decode()
    for suggested in offer.suggested:
        assert f'<option value="{suggested}" selected>' in html


def test_a_tied_player_cannot_fill_a_seat(drawn_event):
    event = luxury_family_tie(drawn_event)
    tied = event_standings(event).playoff_rows[0].player_ids[0]
    with pytest.raises(DrawError, match="Only players of this evening who are not tied"):
        start_playoff(event, seed=1, fillers=[tied])


def test_the_standings_page_offers_the_seat_and_the_lot(drawn_event, organizer_client):
    event = luxury_family_tie(drawn_event)
    url = reverse("dashboard:standings", args=[event.pk])
    html = organizer_client.get(url).content.decode()
    assert "Empty seat 1" in html and "Decide by lot" in html
    suggested = playoff_offer(event_standings(event)).suggested[0]
    assert f'<option value="{suggested}" selected>' in html
    response = organizer_client.post(
        reverse("dashboard:playoff", args=[event.pk]), {"fillers": suggested}, follow=True
    )
    assert "The play-off is drawn at 1 table;" in response.content.decode()


def test_how_it_was_decided_is_on_the_standings_pdf_and_ladder_in_english_and_german(
    drawn_event, organizer_client
):
    from clubscore.printing.documents import event_document
    from tests.printing.conftest import page_texts

    event = luxury_family_tie(drawn_event)
    round_ = start_playoff(event, seed=5, by_lot=True)
    winner = event_standings(event).rows[0].name
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
    event.refresh_from_db()
    said = f"{winner} won by lot."
    page = organizer_client.get(reverse("dashboard:standings", args=[event.pk])).content.decode()
    assert said in page and "Decided by lot instead of a play-off" in page
    pdf = "\n".join(page_texts(event_document(event, "standings", "").content))
    assert "won by lot" in pdf and "Decided by lot" in pdf
    ladder = organizer_client.get(reverse("dashboard:ladder"), {"game": "luxury_family"})
    html = ladder.content.decode()
    assert "How ties for first were decided" in html and said in html
    german = organizer_client.get(
        reverse("dashboard:ladder"), {"game": "luxury_family"}, HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Wie Gleichstände um Platz 1 entschieden wurden" in german
    assert f"{winner} hat durch Los gewonnen." in german
    assert round_.number == 2


def test_the_german_page_offers_the_empty_seat(drawn_event, organizer_client):
    event = luxury_family_tie(drawn_event)
    url = reverse("dashboard:standings", args=[event.pk])
    german = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Freier Platz 1" in german and "Durch Los entscheiden" in german
    assert "lassen 1 Platz am Tisch frei" in german


def test_a_tie_decided_by_lot_leaves_the_clock_wall_and_printouts_on_their_round(
    drawn_event, organizer_client
):
    from clubscore.events.clock import current_round
    from clubscore.events.drawn import latest_round
    from clubscore.printing.data import event_round

    event = luxury_family_tie(drawn_event)
    start_playoff(event, seed=5, by_lot=True)
    assert current_round(event).number == 1
    assert latest_round(event).number == 1 and event_round(event).number == 1
    assert organizer_client.get(reverse("events:wall", args=[event.pk])).status_code == 200
    dashboard = organizer_client.get(reverse("dashboard:event", args=[event.pk]))
    assert dashboard.status_code == 200
    # The lot has no tables: no clock, no printouts of its own, said so in the history.
    assert "Round 2 (play-off)" not in dashboard.content.decode()
    hub = organizer_client.get(reverse("events:detail", args=[event.pk])).content.decode()
    assert "?round=2" not in hub
    history = hub[hub.index("Draw history") :]
    assert "decided by lot" in history and "0 tables" not in history
    pdf = reverse("printing:event_pdf", args=[event.pk, "cards"])
    assert organizer_client.get(pdf + "?round=2").status_code == 404  # no link leads here


def test_the_lot_is_recorded_with_who_decided(drawn_event, organizer):
    from clubscore.events.models import DrawRecord

    event = luxury_family_tie(drawn_event)
    round_ = start_playoff(event, seed=5, by_lot=True, user=organizer)
    record = DrawRecord.objects.get(round=round_)
    assert record.drawn_by == organizer and record.arguments["by_lot"] is True
    assert record.result["lot"] == [str(pid) for pid in round_.playoff_lot]


def test_on_the_ladder_the_play_off_winner_ranks_above_the_player_beaten(drawn_event):
    """Level on the season's total, the evening's winner (the play-off's) ranks first,
    alone; players level on total, wins and best finish still share a rank."""
    from clubscore.standings.ladder import season_ladder

    event = luxury_family_tie(drawn_event)
    start_playoff(event, seed=5, by_lot=True)
    winner, beaten = (row.name for row in event_standings(event).rows[:2])
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
    rows = {row.name: row for row in season_ladder("luxury_family").rows}
    assert rows[winner].total == rows[beaten].total
    assert (rows[winner].rank, rows[beaten].rank) == (1, 2)
    assert [row.name for row in season_ladder("luxury_family").rows[:2]] == [winner, beaten]
    # The two second seats: the same total, no win, the same best finish: one rank.
    seconds = [row for row in rows.values() if row.name.startswith(("P1B", "P2B"))]
    assert len(seconds) == 2 and seconds[0].total == seconds[1].total
    assert seconds[0].rank == seconds[1].rank


def test_the_ladder_page_ranks_the_play_off_winner_alone(drawn_event, client):
    """The page's ladder (with its ratings and the club's season rules) kept the two on
    one rank, re-ranking by the total alone."""
    from clubscore.dashboard.ladder import rated_ladder

    event = luxury_family_tie(drawn_event)
    start_playoff(event, seed=5, by_lot=True)
    winner, beaten = (row.name for row in event_standings(event).rows[:2])
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL, public_standings=True)
    for rules in ({}, {"best": 1}, {"at_least": 1}):
        rows = {row.name: row for row in rated_ladder("luxury_family", **rules).rows}
        assert (rows[winner].rank, rows[beaten].rank) == (1, 2), rules
    page = client.get(reverse("dashboard:ladder"), {"game": "luxury_family"}).content.decode()
    assert page.index(winner) < page.index(beaten)


def test_the_event_page_counts_the_play_off_table_beside_the_evenings(
    drawn_event, organizer_client
):
    """ "Tables drawn: 1 table" after a play-off read as if the evening had one table."""
    event = luxury_family_tie(drawn_event)
    filler = playoff_offer(event_standings(event)).suggested[0]
    start_playoff(event, seed=3, fillers=[filler])
    page = organizer_client.get(reverse("events:detail", args=[event.pk])).content.decode()
    assert "<dd>2 tables · play-off: 1 table</dd>" in page


def test_partners_who_win_a_play_off_have_won_it_in_german(drawn_event):
    """ "Patricia Davis & Wanda Walkin hat das Stechen gewonnen": two winners, "haben"."""
    from django.utils import translation

    event = drawn_event("hand_and_foot", tables=2, status=Event.Status.TIME_CALLED)
    hand_and_foot_tie(event)
    turn_in(regular_tables(event))
    table = playoff_table(start_playoff(event, seed=1))
    confirm(table, 1, hf_hand(1, went_out_team=0))
    turn_in([table])
    with translation.override("de"):
        (result,) = event_standings(event).playoffs
        assert " & " in result.winners
        assert result.text.endswith(f"{result.winners} haben das Stechen gewonnen.")


@pytest.mark.parametrize("sent", [["١"], ["５"], ["1²"], ["-1"], [str(2**31)], ["x"]])
def test_fillers_are_player_ids_in_ascii_digits_only(sent):
    """int() reads "١" as 1: an Arabic digit picked player 1 to fill a seat."""
    from django.http import QueryDict

    from clubscore.standings.playoffs import PlayoffForm

    data = QueryDict(mutable=True)
    data.setlist("fillers", sent)
    form = PlayoffForm(data)
    assert not form.is_valid() and "fillers" in form.errors


def test_teams_tied_for_first_are_named_as_teams_on_the_page_the_finish_and_the_pdf(
    drawn_event, organizer_client
):
    from html import unescape

    from clubscore.printing.documents import event_document
    from tests.printing.conftest import page_texts

    event = drawn_event("hand_and_foot", tables=2, status=Event.Status.TIME_CALLED)
    hand_and_foot_tie(event)
    turn_in(regular_tables(event))
    winners = [
        " & ".join(seat_names(table)[i] for i in (team, team + 2))
        for table, team in zip(regular_tables(event), (0, 1), strict=False)
    ]
    names = event_standings(event).playoff_names
    assert sorted(names.split(", ")) == sorted(winners)  # two teams, not four players
    page = organizer_client.get(reverse("dashboard:standings", args=[event.pk])).content
    assert f"{names} are tied for first place with" in " ".join(unescape(page.decode()).split())
    finish = organizer_client.get(reverse("dashboard:finish", args=[event.pk])).content
    assert f"{names}: tied for first place with" in " ".join(unescape(finish.decode()).split())
    pdf = " ".join(" ".join(page_texts(event_document(event, "standings", "").content)).split())
    assert f"Play-off: {names} are tied for first place with" in pdf
    # Finished undecided, no play-off is coming: they share first place, and say so.
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
    event.refresh_from_db()
    page = organizer_client.get(reverse("dashboard:standings", args=[event.pk])).content
    said = " ".join(unescape(page.decode()).split())
    assert "<strong>Shared first place:</strong>" in said and "Play-off:" not in said
    assert f"{names} are tied with 1970." in said
    pdf = " ".join(" ".join(page_texts(event_document(event, "standings", "").content)).split())
    assert f"Shared first place: {names}, tied with" in pdf and "Play-off:" not in pdf


@pytest.mark.parametrize("seed", range(6))
def test_a_play_off_is_kept_by_a_filler_with_no_stake_never_a_tied_players_spouse(
    drawn_event, seed
):
    """A walk (2026-11-30): the suggested filler was the wife of one of the two tied
    players, and the couple names her as its scorekeeper, so she entered the round that
    decided between her husband and the other player. A filler with no stake keeps the
    score; a tied player's spouse never does (a tied player does, the others confirm)."""
    from clubscore.club.models import Couple
    from clubscore.events.models import Seat

    event = luxury_family_tie(drawn_event)
    standings = event_standings(event)
    tied = standings.playoff_rows[0].player_ids[0]
    spouse, neutral = (row.player_ids[0] for row in standings.rows[2:4])
    Couple.objects.create(
        player_a_id=min(tied, spouse), player_b_id=max(tied, spouse), scorekeeper_id=spouse
    )

    def keeper(filler: int) -> int:
        table = playoff_table(start_playoff(event, seed=seed, fillers=[filler]))
        (kept,) = Seat.objects.filter(table=table, is_scorekeeper=True)
        (link,) = table.links.all()
        assert link.player_id == kept.player_id
        # Done with this play-off: the next one is drawn afresh.
        Round.objects.filter(pk=table.round_id).delete()
        return kept.player_id

    assert keeper(spouse) in {row.player_ids[0] for row in standings.playoff_rows}
    assert keeper(neutral) == neutral


def test_at_the_play_off_the_tied_player_confirms_not_whoever_fills_the_empty_seat(
    drawn_event, client
):
    """A tied player enters the round: the other tied player checks it. Whoever fills the
    empty seat has no part in the tie (and may be the scorekeeper's spouse), so their
    "Confirm as …" would decide it without the other tied player."""
    from tests.playoffs import sent_by_first_seat

    event = luxury_family_tie(drawn_event)
    standings = event_standings(event)
    filler = playoff_offer(standings).suggested[0]
    table = playoff_table(start_playoff(event, seed=3, fillers=[filler]))
    names = seat_names(table)
    entry = sent_by_first_seat(table, 1, lf_round(names))
    seats = list(table.seats.select_related("player").order_by("position"))
    if entry.entered_by_id == filler:  # the filler kept score: both tied players check it
        entry.entered_by = next(s.player for s in seats if s.player_id != filler)
        entry.save()
    tied = next(s.player for s in seats if s.player_id not in (filler, entry.entered_by_id))
    filler_name = next(s.player.name for s in seats if s.player_id == filler)
    link = table.links.first()
    page = client.get(reverse("scorekeeping:card", args=[link.token])).content.decode()
    assert f"Confirm as {tied.name}" in page
    assert f"Confirm as {filler_name}" not in page
    url = reverse("scorekeeping:card", args=[link.token]) + "?dispute=1"
    dispute = client.get(url).content.decode()
    assert f"Dispute as {tied.name}" in dispute
    assert f"Dispute as {filler_name}" not in dispute

    card = build_card(table)
    with pytest.raises(actions.Refused, match="Another player at the table confirms"):
        actions.confirm(card, 1, version=entry.version, key=None, player_id=filler)
    actions.confirm(build_card(table), 1, version=entry.version, key=None, player_id=tied.pk)
    entry.refresh_from_db()
    assert (entry.status, entry.confirmed_by_id) == ("confirmed", tied.pk)


@pytest.mark.parametrize("seed", range(6))
def test_four_tied_at_tables_of_three_play_two_and_two_each_with_one_filler(drawn_event, seed):
    """A walk (2026-11-30): three of the four tied shared one table, and the fourth played
    with the two fillers, who have no stake, and was compared across the tables."""
    event = drawn_event("luxury_family", tables=4, status=Event.Status.TIME_CALLED)
    for table in regular_tables(event):
        confirm(table, 1, lf_round(seat_names(table)))
    turn_in(regular_tables(event))
    standings = event_standings(event)
    tied = {pid for row in standings.playoff_rows for pid in row.player_ids}
    assert len(tied) == 4
    offer = playoff_offer(standings)
    assert offer.needed == 2
    round_ = start_playoff(event, seed=seed, fillers=offer.suggested)
    for table in round_.tables.all():
        assert sum(seat.player_id in tied for seat in table.seats.all()) == 2
    assert not round_.draws.get().result["warnings"]
