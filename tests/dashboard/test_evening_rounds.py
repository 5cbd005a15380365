"""More rounds in one evening ("Next round"), the play-off's own clock, and the draw page
after a play-off."""

from __future__ import annotations

import itertools

import pytest
from django.urls import reverse
from django.utils import timezone

from clubscore.draw import draw
from clubscore.events import finish, services
from clubscore.events.clock import call_time, clock_state, start_clock
from clubscore.events.models import ClockAction, Event, Round, ScoreEntry, Seat, Table
from clubscore.games import score
from clubscore.standings.playoffs import start_playoff
from tests.payloads import hf_hand, laus_round
from tests.playoffs import confirm, hand_and_foot_tie, turn_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def laus_evening(make_event, make_player):
    """A Laus evening of 8 checked-in players, round 1 drawn by the real draw and played."""
    event = make_event("laus", options={"rounds": 1})
    players = [make_player(f"L{n}", "Laus") for n in range(8)]
    services.check_in(event, players)
    services.draw_round(event, seed=7)
    start_clock(event)
    for table in Table.objects.filter(round__event=event):
        names = [seat.player.name for seat in table.seats.order_by("position")]
        payload = laus_round(names, ten_of_spades_to=0)
        ScoreEntry.objects.create(
            table=table,
            number=1,
            payload=payload,
            result=score("laus", payload),
            status=ScoreEntry.Status.CONFIRMED,
        )
    return event


def together(event, number) -> set[frozenset]:
    pairs = set()
    for table in Table.objects.filter(round__event=event, round__number=number):
        ids = [seat.player_id for seat in table.seats.all()]
        pairs |= {frozenset(pair) for pair in itertools.combinations(ids, 2)}
    return pairs


def next_round(client, event, seating="lot", after=None):
    after = event.rounds.count() if after is None else after
    return client.post(
        reverse("dashboard:next_round", args=[event.pk]),
        {"seating": seating, "after": after},
        follow=True,
    )


def test_the_draw_keeps_tonights_tablemates_apart_when_it_can():
    players = [str(n) for n in range(1, 17)]
    first = draw("laus", players, [], seed=1)
    mates = [table["players"] for table in first["tables"]]
    second = draw("laus", players, [], seed=2, tablemates=mates)
    before = {frozenset(p) for t in mates for p in itertools.combinations(t, 2)}
    after = {
        frozenset(p) for t in second["tables"] for p in itertools.combinations(t["players"], 2)
    }
    # 16 players at 4 tables: each new table can take one player from each old table.
    assert not before & after and second["warnings"] == []
    assert draw("laus", players, [], seed=2, tablemates=mates) == second  # reproducible


def test_the_draw_seats_by_a_ranking_leaders_at_table_1():
    players = [str(n) for n in range(1, 9)]
    ranking = ["8", "3", "5", "1", "2", "4", "6", "7"]
    result = draw("laus", players, [], seed=3, ranking=ranking)
    assert set(result["tables"][0]["players"]) == {"8", "3", "5", "1"}
    with pytest.raises(ValueError, match="not checked in"):
        draw("laus", players, [], seed=3, ranking=["99"])
    with pytest.raises(ValueError, match="twice"):
        draw("laus", players, [], seed=3, ranking=["1", "1"])
    with pytest.raises(ValueError, match="tablemates must be"):
        draw("laus", players, [], seed=3, tablemates="1,2")


def test_next_round_by_lot_mixes_the_tables(organizer_client, laus_evening):
    page = next_round(organizer_client, laus_evening).content.decode()
    assert "Round 2 is drawn: 2 tables." in page
    second = Round.objects.get(event=laus_evening, number=2)
    assert second.kind == Round.Kind.REGULAR and second.clock_started_at is None
    assert Seat.objects.filter(round=second).count() == 8
    # 8 players at 2 tables of 4: each old table's four split two and two.
    assert len(together(laus_evening, 1) & together(laus_evening, 2)) == 4
    # Its own cards: one link per table, and its own clock.
    assert Table.objects.filter(round=second).exclude(links=None).count() == 2
    assert clock_state(second).phase == "not_started"
    assert clock_state(Round.objects.get(event=laus_evening, number=1)).phase == "running"


def test_a_resent_next_round_adds_no_second_round(organizer_client, laus_evening):
    next_round(organizer_client, laus_evening, after=1)
    page = next_round(organizer_client, laus_evening, after=1).content.decode()
    assert "Round 2 has been added already." in page
    assert laus_evening.rounds.count() == 2


def test_next_round_by_standings_seats_the_leaders_together(organizer_client, laus_evening):
    from clubscore.standings.standings import event_standings

    leaders = {pid for row in event_standings(laus_evening).rows[:4] for pid in row.player_ids}
    next_round(organizer_client, laus_evening, seating="standings")
    table_1 = Table.objects.get(round__event=laus_evening, round__number=2, number=1)
    assert {seat.player_id for seat in table_1.seats.all()} == leaders


def test_next_round_says_why_it_cannot(organizer_client, laus_evening, make_player):
    services.check_in(laus_evening, make_player("Late", "Comer"))  # 9: one does not fit
    page = next_round(organizer_client, laus_evening).content.decode()
    assert "9 players" in page and laus_evening.rounds.count() == 1
    response = organizer_client.post(
        reverse("dashboard:next_round", args=[laus_evening.pk]), {"seating": "x", "after": "y"}
    )
    assert response.status_code == 302 and laus_evening.rounds.count() == 1
    Event.objects.filter(pk=laus_evening.pk).update(status=Event.Status.FINAL)
    page = next_round(organizer_client, laus_evening).content.decode()
    assert "The event is final" in page and laus_evening.rounds.count() == 1


def test_the_dashboard_offers_next_round_as_the_game_says(
    organizer_client, laus_evening, drawn_event
):
    url = reverse("dashboard:event", args=[laus_evening.pk])
    # While round 1 is played (its cards not all in), the panel is folded below its clock.
    page = organizer_client.get(url).content.decode()
    assert '<details class="next-round">' in page and "Next round" in page
    tables = Table.objects.filter(round__event=laus_evening)
    first = tables.first()
    tables.filter(pk=first.pk).update(turned_in_at=timezone.now())
    assert '<details class="next-round">' in organizer_client.get(url).content.decode()
    # Every card of the round is in (or not played): the next round is offered, unfolded.
    tables.exclude(pk=first.pk).update(not_played=True)
    page = organizer_client.get(url).content.decode()
    assert '<details class="next-round" open>' in page and "Next round" in page
    # Finished and reopened to correct a card: finishing again leads, the draw is folded.
    finish.finish_event(laus_evening)
    finish.reopen_event(laus_evening)
    page = organizer_client.get(url).content.decode()
    assert '<details class="next-round">' in page
    assert (
        'class="button primary" href="{}">Finish the evening<'.format(
            reverse("dashboard:finish", args=[laus_evening.pk])
        )
        in page
    )
    hand_and_foot = drawn_event("hand_and_foot", tables=1)
    page = organizer_client.get(
        reverse("dashboard:event", args=[hand_and_foot.pk])
    ).content.decode()
    # Hand and Foot is one game of three hands: a round can be added, folded away.
    assert '<details class="next-round">' in page and "Finish the evening" in page


@pytest.fixture
def tied_evening(drawn_event):
    """Hand and Foot, two tables whose winning teams tied; time called on round 1 and
    both cards turned in (a play-off starts only then)."""
    event = drawn_event("hand_and_foot", tables=2)
    hand_and_foot_tie(event)
    start_clock(event)
    call_time(event)
    turn_in(Table.objects.filter(round__event=event))
    return event


def test_a_play_off_has_its_own_fresh_clock(tied_evening, organizer):
    playoff = start_playoff(tied_evening, user=organizer, seed=1)
    state = clock_state(playoff)
    assert playoff.kind == Round.Kind.PLAYOFF and state.is_running
    assert 29 * 60 < state.seconds_left <= 30 * 60  # the play-off's own limit
    assert Event.objects.get(pk=tied_evening.pk).status == Event.Status.RUNNING
    action = ClockAction.objects.filter(round=playoff).get()
    assert (action.action, action.user) == ("start", organizer)


def test_we_went_out_works_on_a_play_off_card(client, tied_evening):
    from tests.scorekeeping.conftest import GOOD_TEAM

    playoff = start_playoff(tied_evening, seed=1)
    link = Table.objects.get(round=playoff).links.order_by("team__number").first()
    page = client.get(link.get_absolute_url()).content.decode()
    assert "Time left" in page and "Time is up" not in page
    response = client.post(
        reverse("scorekeeping:entry", args=[link.token]),
        {"number": 1, "version": 0, **GOOD_TEAM, "went_out": "on"},
        follow=True,
    )
    assert "Hand 1 saved." in response.content.decode()
    entry = ScoreEntry.objects.get(table__round=playoff, number=1)
    assert entry.part(1).data["went_out"] is True


def test_the_draw_page_does_not_warn_after_a_play_off(organizer_client, make_event, make_player):
    event = make_event("hand_and_foot")
    services.check_in(event, [make_player() for _ in range(8)])
    services.draw_round(event, seed=1)
    hand_and_foot_tie(event)
    turn_in(Table.objects.filter(round__event=event))
    start_playoff(event, seed=1)
    page = organizer_client.get(reverse("events:draw", args=[event.pk])).content.decode()
    assert "The check-ins changed" not in page
    assert "Draw again" not in page  # a play-off is drawn from the standings page
    # A real change of check-ins after the draw still warns (on the regular round).
    services.check_in(event, make_player())
    Round.objects.filter(event=event, kind=Round.Kind.PLAYOFF).delete()
    page = organizer_client.get(reverse("events:draw", args=[event.pk])).content.decode()
    assert "The check-ins changed" in page


def test_next_round_waits_until_the_round_has_begun(organizer_client, make_event, make_player):
    """One tap on "Next round" right after the clock started would seat everyone again
    while they play: a round with no score and no card in is drawn again instead."""
    event = make_event("laus", options={"rounds": 1})
    services.check_in(event, [make_player(f"N{n}", "Laus") for n in range(8)])
    services.draw_round(event, seed=7)
    start_clock(event)
    page = next_round(organizer_client, event).content.decode()
    assert "Round 1 has no score yet" in page and event.rounds.count() == 1
    organizer_client.cookies["django_language"] = "de"
    page = next_round(organizer_client, event).content.decode()
    assert "Runde 1 hat noch keine Punkte" in page and event.rounds.count() == 1
    # A card in (or a table marked not played) is a round begun.
    Table.objects.filter(round__event=event, number=1).update(not_played=True)
    next_round(organizer_client, event)
    assert event.rounds.count() == 2


def test_a_next_round_form_out_of_date_or_made_by_hand_is_told(organizer_client, laus_evening):
    for after in ("٣", "x", "-1"):
        page = next_round(organizer_client, laus_evening, after=after).content.decode()
        assert "This page was out of date" in page, after
    assert not Round.objects.filter(event=laus_evening, number=2).exists()


def partnerships(event, number) -> set[frozenset]:
    teams: dict[int, set] = {}
    for seat in Seat.objects.filter(table__round__event=event, table__round__number=number):
        teams.setdefault(seat.team_id, set()).add(seat.player_id)
    return {frozenset(team) for team in teams.values()}


@pytest.mark.parametrize("seed", range(6))
def test_hand_and_foot_partners_of_an_earlier_round_tonight_do_not_partner_again(
    make_event, make_player, seed
):
    """Eight players at two tables: in round 2 some must share a table again (four seats
    from two tables), but they need not be partners again; nor were they warned."""
    event = make_event("hand_and_foot")
    services.check_in(event, [make_player(f"H{n}", "Hand") for n in range(8)])
    services.draw_round(event, seed=seed)
    for table in Table.objects.filter(round__event=event).select_related("round__event"):
        confirm(table, 1, hf_hand(1, 0))
    first = partnerships(event, 1)
    outcome = services.draw_round(event, seed=seed + 100, round_number=None, after=1)
    assert not first & partnerships(event, 2), outcome.warnings


def test_next_round_says_which_cards_are_still_out(organizer_client, laus_evening):
    """The next round was drawn with no word that a card of the round was still out
    (it stayed unsettled until the evening was finished)."""
    url = reverse("dashboard:event", args=[laus_evening.pk])
    tables = Table.objects.filter(round__event=laus_evening).order_by("number")
    page = organizer_client.get(url).content.decode()
    assert "2 cards of this round are not in yet (tables 1, 2)" in page
    tables.filter(number=1).update(turned_in_at=timezone.now())
    page = organizer_client.get(url).content.decode()
    assert "A card of this round is not in yet (table 2)" in page
    tables.filter(number=2).update(not_played=True)
    page = organizer_client.get(url).content.decode()
    assert "not in yet" not in page and '<details class="next-round" open>' in page
