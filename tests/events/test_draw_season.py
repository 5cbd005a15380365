"""A whole season through the draw service (issue 27): partners do not come back.

A Hand and Foot club of 40 members (14 couples) plays 30 Friday evenings, 28 to 40 of
them each time, drawn by `services.draw_round` as the draw page does. Spouses are never
partners and no partnership of the season repeats (so none repeats that could have
been avoided). A club too small for fresh partners hears why on the draw page.
"""

from __future__ import annotations

import datetime
import random

import pytest
from django.urls import reverse

from clubscore.events import services
from clubscore.events.history import (
    OPPONENT_EVENTS,
    SEASON_START_EVENTS,
    season_events,
    season_history,
)
from clubscore.events.models import Event, Seat

pytestmark = pytest.mark.django_db

FIRST_FRIDAY = datetime.date(2026, 1, 2)


def partnerships(event: Event) -> list[frozenset[int]]:
    teams: dict[int, set[int]] = {}
    for team, player in Seat.objects.filter(round__event=event, team__isnull=False).values_list(
        "team_id", "player_id"
    ):
        teams.setdefault(team, set()).add(player)
    return [frozenset(team) for team in teams.values()]


def test_thirty_evenings_repeat_no_partnership_and_never_pair_spouses(
    make_player, make_couple, make_event
):
    couples = [make_couple(f"Wife{i}", f"Husband{i}", f"Family{i}") for i in range(14)]
    members = [p for c in couples for p in (c.player_a, c.player_b)]
    members += [make_player(f"Single{i}", "Member") for i in range(12)]
    spouses = {frozenset((c.player_a_id, c.player_b_id)) for c in couples}
    rng = random.Random(27)
    seen: dict[frozenset[int], int] = {}
    repeats = 0
    for evening in range(30):
        event = make_event(
            name=f"Friday {evening + 1}",
            date=FIRST_FRIDAY + datetime.timedelta(weeks=evening),
            status=Event.Status.CHECK_IN,
        )
        services.check_in(event, rng.sample(members, rng.randint(28, 40)))
        outcome = services.draw_round(event, seed=1000 + evening, allow_sit_out=True)
        pairs = partnerships(event)
        assert len(pairs) == 2 * len(outcome.tables)
        assert not spouses & set(pairs), "spouses were partners"
        for pair in pairs:
            repeats += pair in seen
            seen[pair] = seen.get(pair, 0) + 1
        assert len(outcome.result["repeats"]) == sum(seen[p] > 1 for p in pairs)
        event.status = Event.Status.FINAL
        event.save(update_fields=["status"])
    assert repeats == 0, f"{repeats} partnerships repeated"
    # The draw was given the whole season: the last evening's 29 before it.
    history, opponents = season_history(event)
    assert len(history) == 29 and len(opponents) == OPPONENT_EVENTS


def test_the_season_is_the_calendar_year_once_it_has_begun_else_the_last_twelve_months(
    make_event,
):
    old = make_event(date=datetime.date(2024, 12, 27))
    spring = make_event(date=datetime.date(2025, 3, 1))
    december = make_event(date=datetime.date(2025, 12, 26))
    january = make_event(date=datetime.date(2026, 1, 2))
    make_event("laus", date=datetime.date(2026, 1, 30))  # another game: not its history
    # The first evening of a year looks back 12 months instead of forgetting December,
    # and so does the second (a walk: it paired four couples from three weeks before).
    assert season_events(january) == [december.pk, spring.pk]
    assert old.pk not in season_events(january)
    fridays = [
        make_event(date=datetime.date(2026, 1, 9) + datetime.timedelta(weeks=w)) for w in range(7)
    ]
    newest_first = [e.pk for e in reversed(fridays)]
    assert season_events(fridays[0]) == [january.pk, december.pk, spring.pk]
    assert season_events(fridays[-1]) == newest_first[1:] + [january.pk, december.pk, spring.pk]
    # Eight evenings into the season, it is the season alone.
    later = make_event(date=datetime.date(2026, 3, 6))
    assert SEASON_START_EVENTS == 8
    assert season_events(later) == [*newest_first, january.pk]


def four_of_us(make_player, make_event, evenings: int) -> Event:
    players = [make_player(name, "Four") for name in ("Ann", "Bob", "Cy", "Di")]
    for evening in range(evenings):
        event = make_event(date=FIRST_FRIDAY + datetime.timedelta(weeks=evening))
        services.check_in(event, players)
        services.draw_round(event, seed=evening)
    return event


def test_the_draw_page_says_which_partnerships_repeat_and_why(
    make_player, make_event, organizer_client
):
    # Four players have only three ways to pair up: the fourth evening must repeat.
    event = four_of_us(make_player, make_event, 4)
    html = organizer_client.get(reverse("events:draw", args=[event.pk])).content.decode()
    assert "2 partnerships of tonight repeat one of the season" in html
    assert html.count("2nd time — nobody tonight could partner") >= 2
    # And under the table, each of its own (the table's number left out there).
    assert html.count("partner for the 2nd time: nobody tonight could partner") >= 2
    german = organizer_client.get(
        reverse("events:draw", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "2 Partnerschaften von heute Abend wiederholen eine der Saison" in german
    assert "zum 2. Mal — niemand heute Abend konnte" in german
    assert "spielen zum 2. Mal zusammen: niemand heute Abend konnte" in german


def test_the_third_evening_of_four_repeats_nothing(make_player, make_event, organizer_client):
    event = four_of_us(make_player, make_event, 3)
    html = organizer_client.get(reverse("events:draw", args=[event.pk])).content.decode()
    assert "repeat one of the season" not in html and "time —" not in html
