"""The draw service stores the pure draw's result as tables, teams, seats and links."""

from __future__ import annotations

import datetime

import pytest

from clubscore.club.models import Couple
from clubscore.draw import DrawError
from clubscore.events import drawn, services
from clubscore.events.models import (
    DrawRecord,
    Event,
    Round,
    ScoreEntry,
    ScorekeeperLink,
    Seat,
    Table,
    Team,
)
from clubscore.games import GAMES

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(make_player, make_couple):
    """Four couples and four singles: eight players who must never partner their spouse."""

    def make(singles: int = 4, couples: int = 4, prefix: str = "") -> tuple[list, list[Couple]]:
        pairs = [make_couple(f"{prefix}A{i}", f"{prefix}B{i}", f"Fam{i}") for i in range(couples)]
        players = [p for c in pairs for p in (c.player_a, c.player_b)]
        players += [make_player(f"{prefix}Single{i}", "Solo") for i in range(singles)]
        return players, pairs

    return make


def seating(round_: Round) -> list[tuple[int, int, int, int | None, bool]]:
    return list(
        Seat.objects.filter(round=round_)
        .order_by("table__number", "position")
        .values_list("table__number", "position", "player_id", "team__number", "is_scorekeeper")
    )


def test_it_stores_tables_teams_seats_and_links(make_event, club, organizer):
    event = make_event(status=Event.Status.CHECK_IN)
    players, couples = club()
    services.check_in(event, players)

    outcome = services.draw_round(event, seed=42, user=organizer)

    round_ = outcome.round
    assert round_.number == 1 and round_.seed == 42 and round_.drawn_at is not None
    tables = list(Table.objects.filter(round=round_))
    assert [t.number for t in tables] == [1, 2, 3]
    for table in tables:
        seats = list(table.seats.order_by("position"))
        assert [s.position for s in seats] == [1, 2, 3, 4]
        # Partners sit opposite: seats 1 & 3 are team 1, seats 2 & 4 team 2.
        assert [s.team.number for s in seats] == [1, 2, 1, 2]
        assert table.first_player_id in {s.player_id for s in seats}
        high_cards = table.draw_details["high_cards"]
        assert set(high_cards) == {str(s.player_id) for s in seats}
        teams = list(table.teams.order_by("number"))
        assert [t.number for t in teams] == [1, 2]
        for team in teams:
            keepers = [s for s in seats if s.team_id == team.pk and s.is_scorekeeper]
            assert [k.player_id for k in keepers] == [team.scorekeeper_id]
            link = ScorekeeperLink.objects.get(table=table, team=team)
            assert link.player_id == team.scorekeeper_id
            assert link.get_absolute_url() == f"/s/{link.token}/"
    # A couple's named scorekeeper keeps score for whichever team they are in.
    named = {c.scorekeeper_id for c in couples}
    for team in Team.objects.filter(table__round=round_).prefetch_related("seats"):
        present = {s.player_id for s in team.seats.all()} & named
        if present:
            assert team.scorekeeper_id in present
    record = DrawRecord.objects.get(round=round_)
    assert record.seed == 42 and record.drawn_by == organizer
    assert record.arguments["players"] == [str(p.pk) for p in players]
    assert len(record.result["tables"]) == 3
    event.refresh_from_db()
    assert event.status == Event.Status.DRAWN


@pytest.mark.parametrize("seed", range(8))
def test_spouses_are_never_partners_and_everyone_is_seated_once(make_event, club, seed):
    event = make_event()
    players, couples = club(singles=0, couples=6)
    services.check_in(event, players)

    outcome = services.draw_round(event, seed=seed)

    seated = list(Seat.objects.filter(round=outcome.round).values_list("player_id", flat=True))
    assert sorted(seated) == sorted(p.pk for p in players)
    spouse = {c.player_a_id: c.player_b_id for c in couples}
    spouse |= {b: a for a, b in spouse.items()}
    for team in Team.objects.filter(table__round=outcome.round).prefetch_related("seats"):
        a, b = (s.player_id for s in team.seats.all())
        assert spouse[a] != b


def test_the_same_seed_gives_the_same_tables(make_event, club):
    event = make_event()
    players, _couples = club()
    services.check_in(event, players)

    first = services.draw_round(event, seed=20261122)
    before = seating(first.round)
    details = list(Table.objects.values_list("number", "first_player", "draw_details"))
    services.draw_round(event, seed=7)
    assert seating(first.round) != before  # another seed, other tables
    again = services.draw_round(event, seed=20261122)

    assert seating(again.round) == before
    assert list(Table.objects.values_list("number", "first_player", "draw_details")) == details


def test_a_seed_is_chosen_and_stored_when_none_is_given(make_event, club):
    event = make_event()
    services.check_in(event, club()[0])
    outcome = services.draw_round(event)
    assert outcome.round.seed == outcome.record.seed == outcome.result["seed"]
    assert 0 <= outcome.round.seed < 10**9


def test_every_draw_is_recorded_and_a_redraw_replaces_the_tables(make_event, club, organizer):
    event = make_event()
    services.check_in(event, club()[0])
    services.draw_round(event, seed=1, user=organizer)
    services.draw_round(event, seed=2)

    assert Round.objects.filter(event=event).count() == 1
    assert Table.objects.filter(round__event=event).count() == 3
    assert Seat.objects.filter(round__event=event).count() == 12
    assert ScorekeeperLink.objects.filter(table__round__event=event).count() == 6
    assert list(DrawRecord.objects.values_list("seed", "drawn_by")) == [
        (2, None),
        (1, organizer.pk),
    ]


def test_a_redraw_is_refused_once_a_score_is_entered(make_event, club):
    event = make_event()
    services.check_in(event, club()[0])
    outcome = services.draw_round(event, seed=1)
    before = seating(outcome.round)
    ScoreEntry.objects.create(table=outcome.tables[0], number=1, payload={})

    with pytest.raises(services.RedrawRefused, match="scores have been entered"):
        services.draw_round(event, seed=2)

    assert seating(outcome.round) == before
    assert DrawRecord.objects.count() == 1


def test_numbers_that_do_not_fit_are_refused_unless_sitting_out_is_allowed(make_event, club):
    event = make_event()
    players, _couples = club(singles=1)  # 9 players: tables of four seat 8
    services.check_in(event, players)

    with pytest.raises(DrawError, match="let 1 sit out or add 3 players"):
        services.draw_round(event, seed=5)
    assert not Table.objects.exists() and not DrawRecord.objects.exists()

    outcome = services.draw_round(event, seed=5, allow_sit_out=True)
    (out,) = outcome.sitting_out
    assert out["reason"]
    assert not Seat.objects.filter(player_id=int(out["player"])).exists()
    assert Seat.objects.count() == 8
    assert DrawRecord.objects.get().result["sitting_out"] == [out]


def test_who_sat_out_last_time_does_not_sit_out_again(make_event, club):
    players, _couples = club(singles=1)
    last_week = make_event(date=datetime.date(2026, 11, 20))
    tonight = make_event(date=datetime.date(2026, 11, 27))
    for event in (last_week, tonight):
        services.check_in(event, players)

    earlier = services.draw_round(last_week, seed=3, allow_sit_out=True)
    sat_out = earlier.sitting_out[0]["player"]
    assert services.draw_arguments(tonight, seed=3, allow_sit_out=True)["sat_out"] == [sat_out]
    for seed in range(5):
        outcome = services.draw_round(tonight, seed=seed, allow_sit_out=True)
        assert outcome.sitting_out[0]["player"] != sat_out


def test_partnerships_of_recent_events_are_passed_and_not_repeated(make_event, club):
    players, _couples = club(singles=8, couples=0)
    last_week = make_event(date=datetime.date(2026, 11, 20))
    tonight = make_event(date=datetime.date(2026, 11, 27))
    other_game = make_event(game="laus", date=datetime.date(2026, 11, 21))
    for event in (last_week, tonight, other_game):
        services.check_in(event, players)
    services.draw_round(last_week, seed=11)
    services.draw_round(other_game, seed=11)

    def partnerships(event):
        return {
            frozenset(team.seats.values_list("player_id", flat=True))
            for team in Team.objects.filter(table__round__event=event)
        }

    previous = partnerships(last_week)
    history = services.draw_arguments(tonight, seed=1, allow_sit_out=False)["history"]
    assert [{frozenset(int(p) for p in pair) for pair in history[0]}] == [previous]
    for seed in range(5):
        services.draw_round(tonight, seed=seed)
        assert not partnerships(tonight) & previous


def test_exact_bid_tables_store_a_trump_per_round_and_one_link(make_event, make_player):
    event = make_event(game="exact_bid", options={"start_cards": 7})
    services.check_in(event, [make_player() for _ in range(10)])

    outcome = services.draw_round(event, seed=9)

    tables = list(Table.objects.filter(round=outcome.round))
    assert [t.seats.count() for t in tables] == [4, 3, 3]
    for table in tables:
        assert (
            len(table.draw_details["trumps"])
            == GAMES["exact_bid"].clean_options({"start_cards": 7})["start_cards"]
        )
        (link,) = table.links.all()
        assert link.team is None
        assert table.seats.get(is_scorekeeper=True).player_id == link.player_id
    assert not Team.objects.exists()


def test_a_final_event_is_not_drawn(make_event, club):
    event = make_event(status=Event.Status.CHECK_IN)
    services.check_in(event, club()[0])
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)  # no check-in then
    event.refresh_from_db()
    with pytest.raises(services.RedrawRefused):
        services.draw_round(event, seed=1)


def test_checking_in_twice_is_harmless_and_check_out_undoes_it(make_event, make_player):
    event = make_event(status=Event.Status.DRAFT)
    ann = make_player("Ann")
    assert services.check_in(event, ann) == 1
    assert services.check_in(event, ann) == 0
    assert event.checkins.count() == 1
    event.refresh_from_db()
    assert event.status == Event.Status.CHECK_IN
    assert services.check_out(event, ann) == 1
    assert services.check_out(event, ann) == 0


def test_warnings_name_the_players():
    names = {"12": "Ann Smith", "15": "Al Smith", "3": "Cy"}
    text = "1 couple shares a table (table 3: 12 and 15)"
    assert drawn.name_players(text, names) == (
        "1 couple shares a table (table 3: Ann Smith and Al Smith)"
    )
    text = "3 and 12 were partners at a recent event (2 events ago) and are partners again"
    assert drawn.name_players(text, names).startswith("Cy and Ann Smith were")
