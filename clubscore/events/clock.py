"""The evening's clock: started by the organizer, shown on every tablet and the dashboard.

Times are stored on the event (`clock_started_at`, `time_called_at`, `extra_minutes`);
the limit and the grace period are game options (`time_limit_minutes`,
`grace_minutes`). Everything else is computed from those, so several app servers
agree on the clock without sharing memory.

Phases: "not_started" (no clock yet: no entry), "running" (hands may start),
"grace" (time is up: the hand in progress is finished and scored as it lies),
"closed" (only the organizer may change a card, and every change is recorded).

Decision: extending the clock adds minutes to the time limit. It does not undo an
early call of time (the organizer calls time on purpose); a called event keeps its
ends_at at the moment time was called.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from .models import Event


@dataclass(frozen=True)
class ClockState:
    phase: str  # "not_started" | "running" | "grace" | "closed"
    started_at: datetime.datetime | None
    ends_at: datetime.datetime | None
    grace_ends_at: datetime.datetime | None
    seconds_left: int  # until ends_at; 0 unless running
    grace_seconds_left: int  # until grace_ends_at; 0 once closed or before the limit

    @property
    def is_running(self) -> bool:
        return self.phase == "running"

    @property
    def time_is_up(self) -> bool:
        return self.phase in ("grace", "closed")

    @property
    def phase_ends_at(self) -> datetime.datetime | None:
        """When this phase gives way to the next by itself (None: only the organizer
        moves it on, by starting the clock, or never once closed)."""
        return {"running": self.ends_at, "grace": self.grace_ends_at}.get(self.phase)

    @property
    def time_left(self) -> str:
        """The time left until the limit as the clock shows it: "4:05", "1:30:00"."""
        return format_time_left(self.seconds_left)

    @property
    def grace_time_left(self) -> str:
        """The time left until entry closes, shown the same way."""
        return format_time_left(self.grace_seconds_left)


def format_time_left(seconds: int) -> str:
    """m:ss, or h:mm:ss from an hour on: what static/js/clock.js shows as it counts down.

    The page is rendered with it, so it reads right before (or without) JavaScript.
    """
    hours, rest = divmod(max(0, int(seconds)), 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{seconds:02d}"
    return f"{minutes}:{seconds:02d}"


def _now(now: datetime.datetime | None) -> datetime.datetime:
    return now if now is not None else timezone.now()


def clock_state(event: Event, now: datetime.datetime | None = None) -> ClockState:
    """Where the event's clock stands at `now` (default: this instant)."""
    now = _now(now)
    started = event.clock_started_at
    if started is None:
        return ClockState("not_started", None, None, None, 0, 0)
    options = event.game_options
    ends_at = started + datetime.timedelta(
        minutes=options["time_limit_minutes"] + (event.extra_minutes or 0)
    )
    if event.time_called_at is not None and event.time_called_at < ends_at:
        ends_at = event.time_called_at
    grace_ends_at = ends_at + datetime.timedelta(minutes=options["grace_minutes"])
    if now < ends_at:
        phase = "running"
    elif now < grace_ends_at:
        phase = "grace"
    else:
        phase = "closed"
    seconds_left = max(0, int((ends_at - now).total_seconds())) if phase == "running" else 0
    grace_left = max(0, int((grace_ends_at - now).total_seconds())) if phase == "grace" else 0
    return ClockState(phase, started, ends_at, grace_ends_at, seconds_left, grace_left)


def start_clock(event: Event, *, now: datetime.datetime | None = None) -> Event:
    """Start the clock (once: starting again keeps the first start) and run the event."""
    with transaction.atomic():
        locked = Event.objects.select_for_update().get(pk=event.pk)
        if locked.clock_started_at is None:
            locked.clock_started_at = _now(now)
        locked.status = Event.Status.RUNNING
        locked.save(update_fields=["clock_started_at", "status"])
    return locked


def call_time(event: Event, *, now: datetime.datetime | None = None) -> Event:
    """Call time now (or keep the earlier call): no new hand may start."""
    with transaction.atomic():
        locked = Event.objects.select_for_update().get(pk=event.pk)
        now = _now(now)
        if locked.clock_started_at is None:
            locked.clock_started_at = now
        if locked.time_called_at is None or now < locked.time_called_at:
            locked.time_called_at = now
        locked.status = Event.Status.TIME_CALLED
        locked.save(update_fields=["clock_started_at", "time_called_at", "status"])
    return locked


def extend_clock(event: Event, minutes: int) -> Event:
    """Give the tables `minutes` more (added in the database: two clicks add twice)."""
    if minutes < 1:
        raise ValueError("Extend the clock by at least one minute.")
    Event.objects.filter(pk=event.pk).update(extra_minutes=F("extra_minutes") + minutes)
    return Event.objects.get(pk=event.pk)
