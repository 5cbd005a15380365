"""The clock API the tablets and the dashboard share."""

from __future__ import annotations

import datetime

import pytest

from clubscore.events.clock import (
    call_time,
    clock_state,
    extend_clock,
    format_time_left,
    start_clock,
)
from clubscore.events.models import Event

pytestmark = pytest.mark.django_db
T0 = datetime.datetime(2026, 11, 27, 19, 0, tzinfo=datetime.UTC)


def minutes(n: float) -> datetime.timedelta:
    return datetime.timedelta(minutes=n)


def test_it_has_not_started_until_the_organizer_starts_it(make_event):
    event = make_event(status=Event.Status.DRAWN)
    state = clock_state(event, T0)
    assert state.phase == "not_started" and state.seconds_left == 0


def test_it_runs_for_the_time_limit_then_grace_then_closes(make_event):
    event = start_clock(make_event(status=Event.Status.DRAWN), now=T0)
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


def test_each_phase_says_when_it_ends_by_itself(make_event):
    event = make_event(status=Event.Status.DRAWN)
    assert clock_state(event, T0).phase_ends_at is None  # only the organizer starts it
    event = start_clock(event, now=T0)
    assert clock_state(event, T0 + minutes(30)).phase_ends_at == T0 + minutes(90)
    assert clock_state(event, T0 + minutes(95)).phase_ends_at == T0 + minutes(105)
    assert clock_state(event, T0 + minutes(106)).phase_ends_at is None


def test_the_limit_and_grace_are_event_options(make_event):
    event = make_event(options={"time_limit_minutes": 60, "grace_minutes": 5})
    event = start_clock(event, now=T0)
    assert clock_state(event, T0 + minutes(61)).phase == "grace"
    assert clock_state(event, T0 + minutes(66)).phase == "closed"


def test_starting_twice_keeps_the_first_start(make_event):
    event = start_clock(make_event(), now=T0)
    event = start_clock(event, now=T0 + minutes(10))
    assert event.clock_started_at == T0


def test_calling_time_early_ends_the_clock_then(make_event):
    event = start_clock(make_event(), now=T0)
    event = call_time(event, now=T0 + minutes(40))
    assert event.status == Event.Status.TIME_CALLED
    state = clock_state(event, T0 + minutes(41))
    assert state.phase == "grace" and state.ends_at == T0 + minutes(40)


def test_extending_adds_minutes_in_the_database(make_event):
    event = start_clock(make_event(), now=T0)
    extend_clock(event, 10)
    event = extend_clock(event, 5)
    assert event.extra_minutes == 15
    assert clock_state(event, T0 + minutes(100)).phase == "running"
    with pytest.raises(ValueError):
        extend_clock(event, 0)


def test_the_organizer_drives_the_clock_by_post(organizer_client, make_event):
    from django.test import Client
    from django.urls import reverse

    client = Client()  # nobody logged in
    event = make_event(status=Event.Status.DRAWN)
    url = reverse("scorekeeping:clock", args=[event.pk])
    assert client.post(url, {"action": "start"}).status_code == 302  # to the login
    event.refresh_from_db()
    assert event.clock_started_at is None
    organizer_client.post(url, {"action": "start"})
    organizer_client.post(url, {"action": "extend", "minutes": "7"})
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING and event.extra_minutes == 7
    organizer_client.post(url, {"action": "call"})
    event.refresh_from_db()
    assert event.status == Event.Status.TIME_CALLED and event.time_called_at is not None


def test_the_time_left_reads_as_the_tablets_countdown_shows_it():
    # As static/js/clock.js formats it: m:ss below an hour, h:mm:ss from an hour on.
    assert format_time_left(0) == "0:00"
    assert format_time_left(65) == "1:05"
    assert format_time_left(3599) == "59:59"
    assert format_time_left(3600) == "1:00:00"
    assert format_time_left(90 * 60 + 7) == "1:30:07"
    assert format_time_left(-3) == "0:00"
