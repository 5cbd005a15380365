"""Each round's clock: the API the tablets, the dashboard and the wall share."""

from __future__ import annotations

import datetime
import re

import pytest
import time_machine

from clubscore.events.clock import (
    ClockRefused,
    call_time,
    clock_state,
    extend_clock,
    format_time_left,
    start_clock,
)
from clubscore.events.models import ClockAction, Event, Round

pytestmark = pytest.mark.django_db
T0 = datetime.datetime(2026, 11, 27, 19, 0, tzinfo=datetime.UTC)


def minutes(n: float) -> datetime.timedelta:
    return datetime.timedelta(minutes=n)


@pytest.fixture
def make_round(make_event):
    """An event with round 1 (the clock belongs to a round; no tables needed here)."""

    def make(kind: str = Round.Kind.REGULAR, **event_fields) -> Event:
        event = make_event(**event_fields)
        Round.objects.create(event=event, number=1, kind=kind)
        return event

    return make


def round_of(event: Event, number: int = 1) -> Round:
    return Round.objects.select_related("event").get(event=event, number=number)


def test_it_has_not_started_until_the_organizer_starts_it(make_round):
    event = make_round(status=Event.Status.DRAWN)
    state = clock_state(event, T0)
    assert state.phase == "not_started" and state.seconds_left == 0


def test_it_runs_for_the_time_limit_then_grace_then_closes(make_round):
    event = start_clock(make_round(status=Event.Status.DRAWN), now=T0)
    assert event.status == Event.Status.RUNNING
    state = clock_state(event, T0 + minutes(30))
    assert state.phase == "running" and state.seconds_left == 60 * 60
    assert state.ends_at == T0 + minutes(90) and state.grace_ends_at == T0 + minutes(105)
    assert clock_state(event, T0 + minutes(89)).phase == "running"
    assert state.time_left == "1:00:00"
    grace = clock_state(event, T0 + minutes(95))
    assert grace.phase == "grace" and grace.seconds_left == 0 and grace.grace_seconds_left == 600
    assert grace.grace_time_left == "10:00"
    assert clock_state(event, T0 + minutes(105)).phase == "closed"
    assert clock_state(event, T0 + minutes(106)).phase == "closed"


def test_each_phase_says_when_it_ends_by_itself(make_round):
    event = make_round(status=Event.Status.DRAWN)
    assert clock_state(event, T0).phase_ends_at is None  # only the organizer starts it
    event = start_clock(event, now=T0)
    assert clock_state(event, T0 + minutes(30)).phase_ends_at == T0 + minutes(90)
    assert clock_state(event, T0 + minutes(95)).phase_ends_at == T0 + minutes(105)
    assert clock_state(event, T0 + minutes(106)).phase_ends_at is None


def test_the_limit_and_grace_are_event_options(make_round):
    event = make_round(options={"time_limit_minutes": 60, "grace_minutes": 5})
    event = start_clock(event, now=T0)
    assert clock_state(event, T0 + minutes(61)).phase == "grace"
    assert clock_state(event, T0 + minutes(66)).phase == "closed"


def test_starting_twice_keeps_the_first_start(make_round):
    event = start_clock(make_round(), now=T0)
    event = start_clock(event, now=T0 + minutes(10))
    assert round_of(event).clock_started_at == T0
    assert ClockAction.objects.filter(action="start").count() == 1


def test_calling_time_early_ends_the_clock_then(make_round):
    event = start_clock(make_round(), now=T0)
    event = call_time(event, now=T0 + minutes(40))
    assert event.status == Event.Status.TIME_CALLED
    state = clock_state(event, T0 + minutes(41))
    assert state.phase == "grace" and state.ends_at == T0 + minutes(40)


def test_extending_adds_minutes_in_the_database(make_round):
    event = start_clock(make_round(), now=T0)
    extend_clock(event, 10, now=T0 + minutes(1))
    event = extend_clock(event, 5, now=T0 + minutes(2))
    assert round_of(event).extra_minutes == 15
    assert clock_state(event, T0 + minutes(100)).phase == "running"
    with pytest.raises(ClockRefused):
        extend_clock(event, 0)


def test_the_organizer_drives_the_clock_by_post(organizer_client, make_round):
    from django.test import Client
    from django.urls import reverse

    client = Client()  # nobody logged in
    event = make_round(status=Event.Status.DRAWN)
    url = reverse("dashboard:clock", args=[event.pk])
    assert client.post(url, {"action": "start"}).status_code == 302  # to the login
    assert round_of(event).clock_started_at is None
    organizer_client.post(url, {"action": "start"})
    organizer_client.post(url, {"action": "extend", "minutes": "7"})
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING and round_of(event).extra_minutes == 7
    organizer_client.post(url, {"action": "call"})
    event.refresh_from_db()
    assert event.status == Event.Status.TIME_CALLED and round_of(event).time_called_at
    assert list(ClockAction.objects.values_list("action", "minutes", "user__username")) == [
        ("call", None, "director"),
        ("extend", 7, "director"),
        ("start", None, "director"),
    ]
    # "Start the clock" from a page opened before the start and the call (walk of
    # 2026-11-30) said "the clock is running" under "Time is up": it says what is so.
    again = organizer_client.post(url, {"action": "start"}, follow=True).content.decode()
    assert "Round 1: the clock was started already, and time is up." in again
    # (the first start's message is still waiting: those posts were not followed)
    assert again.count("the clock is running") == 1 and ClockAction.objects.count() == 3


def test_the_time_left_reads_as_the_tablets_countdown_shows_it():
    # As static/js/clock.js formats it: m:ss below an hour, h:mm:ss from an hour on.
    assert format_time_left(0) == "0:00"
    assert format_time_left(65) == "1:05"
    assert format_time_left(3599) == "59:59"
    assert format_time_left(3600) == "1:00:00"
    assert format_time_left(90 * 60 + 7) == "1:30:07"
    assert format_time_left(-3) == "0:00"


def test_a_play_off_round_runs_on_its_own_time_limit(make_round):
    event = make_round(options={"time_limit_minutes": 90})
    start_clock(event, now=T0)
    call_time(event, now=T0 + minutes(20))  # the main round's time is called early
    playoff = Round.objects.create(event=event, number=2, kind=Round.Kind.PLAYOFF)
    playoff = start_clock(playoff, now=T0 + minutes(40))
    state = clock_state(playoff, T0 + minutes(41))
    # The play-off's own limit (Hand and Foot: 30 minutes), whatever round 1 did.
    assert state.phase == "running" and state.ends_at == T0 + minutes(70)
    assert clock_state(round_of(event, 1), T0 + minutes(41)).phase == "closed"
    assert clock_state(event, T0 + minutes(41)) == state  # the event's clock: its latest round
    assert clock_state(playoff, T0 + minutes(84)).phase == "grace"
    assert clock_state(playoff, T0 + minutes(86)).phase == "closed"


def test_the_play_off_time_limit_is_a_game_option(make_round):
    event = make_round(kind=Round.Kind.PLAYOFF, options={"playoff_time_limit_minutes": 12})
    playoff = start_clock(round_of(event), now=T0)
    assert clock_state(playoff, T0).ends_at == T0 + minutes(12)


def test_extending_after_time_was_called_moves_the_limit_and_reopens_entry(make_round):
    event = start_clock(make_round(), now=T0)
    call_time(event, now=T0 + minutes(30))
    assert clock_state(event, T0 + minutes(50)).phase == "closed"  # grace ended at 45
    with time_machine.travel(T0 + minutes(50), tick=False):
        event = extend_clock(event, 30)
        assert event.status == Event.Status.RUNNING
        state = clock_state(event)
        assert state.phase == "running" and state.ends_at == T0 + minutes(80)
        assert state.seconds_left == 30 * 60
    assert clock_state(event, T0 + minutes(79)).phase == "running"
    assert clock_state(event, T0 + minutes(81)).phase == "grace"
    # The call moved to the new limit: calling time now ends it earlier again.
    call_time(event, now=T0 + minutes(60))
    assert clock_state(event, T0 + minutes(61)).phase == "grace"


def test_extending_after_the_limit_passed_gives_the_minutes_from_now(make_round):
    event = start_clock(make_round(options={"time_limit_minutes": 60}), now=T0)
    now = T0 + minutes(70) + datetime.timedelta(seconds=20)
    event = extend_clock(event, 10, now=now)
    state = clock_state(event, now)
    assert state.ends_at == now + minutes(10) and state.seconds_left == 600


def test_the_clock_says_plainly_why_it_cannot(make_round, make_event):
    with pytest.raises(ClockRefused, match="Draw the tables first"):
        start_clock(make_event())
    event = make_round()
    with pytest.raises(ClockRefused, match="has not started"):
        extend_clock(event, 5)
    start_clock(event, now=T0)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
    with pytest.raises(ClockRefused, match="The evening is final"):
        extend_clock(event, 5)
    with pytest.raises(ClockRefused, match="The evening is final"):
        call_time(event)


def test_an_extension_refused_says_why_on_the_dashboard(organizer_client, make_round):
    from django.urls import reverse

    event = make_round()
    url = reverse("dashboard:clock", args=[event.pk])
    response = organizer_client.post(url, {"action": "extend", "minutes": "30"}, follow=True)
    assert "The clock has not started" in response.content.decode()
    for minutes_sent in ("0", "121", "x", "٣", "9" * 40):
        response = organizer_client.post(
            url, {"action": "extend", "minutes": minutes_sent, "round": "1"}, follow=True
        )
        assert response.status_code == 200
        assert "Give between 1 and 120 more minutes." in response.content.decode()
    for number in ("99", "9" * 40, "-1", "x", "١"):
        response = organizer_client.post(url, {"action": "start", "round": number}, follow=True)
        assert response.status_code == 200
        assert "This evening has no such round: nothing was changed." in response.content.decode()
    assert round_of(event).clock_started_at is None


def test_the_event_runs_while_any_round_runs(make_round):
    event = start_clock(make_round(), now=T0)
    call_time(event, now=T0 + minutes(10))
    second = Round.objects.create(event=event, number=2)
    with time_machine.travel(T0 + minutes(20), tick=False):
        start_clock(second)
        assert Event.objects.get(pk=event.pk).status == Event.Status.RUNNING
        call_time(round_of(event, 1))  # calling round 1 again changes nothing
        assert Event.objects.get(pk=event.pk).status == Event.Status.RUNNING
        call_time(second)
        assert Event.objects.get(pk=event.pk).status == Event.Status.TIME_CALLED


def test_a_double_tap_on_extend_adds_the_minutes_once(organizer_client, drawn_event):
    from django.urls import reverse

    event = start_clock(drawn_event())
    page = organizer_client.get(reverse("dashboard:event", args=[event.pk])).content.decode()
    seen = re.search(r'name="seen" value="([^"]*)"', page).group(1)
    url = reverse("dashboard:clock", args=[event.pk])
    tap = {"action": "extend", "minutes": "5", "round": "1", "seen": seen}
    organizer_client.post(url, tap)
    response = organizer_client.post(url, tap, follow=True)
    assert round_of(event).extra_minutes == 5
    assert "nothing was added" in response.content.decode()
    # The page shown after the first tap extends again.
    page = organizer_client.get(reverse("dashboard:event", args=[event.pk])).content.decode()
    seen = re.search(r'name="seen" value="([^"]*)"', page).group(1)
    organizer_client.post(url, {**tap, "seen": seen})
    assert round_of(event).extra_minutes == 10
    assert ClockAction.objects.filter(action="extend").count() == 2


def test_extending_again_after_an_early_call_moves_the_limit_each_time(make_round):
    """An extension after an early call leaves a call ahead: the next ones move it."""
    event = start_clock(make_round(), now=T0)  # a 90-minute limit
    call_time(event, now=T0 + minutes(30))
    event = extend_clock(event, 10, now=T0 + minutes(31))
    assert clock_state(event, T0 + minutes(32)).ends_at == T0 + minutes(41)
    event = extend_clock(event, 10, now=T0 + minutes(32))
    assert clock_state(event, T0 + minutes(33)).ends_at == T0 + minutes(51)
    event = extend_clock(event, 5, now=T0 + minutes(33))
    assert clock_state(event, T0 + minutes(34)).ends_at == T0 + minutes(56)
    # Past the natural limit, the extra minutes carry it and the call is lifted.
    event = extend_clock(event, 60, now=T0 + minutes(34))
    assert clock_state(event, T0 + minutes(35)).ends_at == T0 + minutes(116)
    assert round_of(event).time_called_at is None and round_of(event).extra_minutes == 26
