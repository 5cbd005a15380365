"""Each round's clock: started by the organizer, shown on its tablets, the dashboard and the wall.

Times are stored on the round (`clock_started_at`, `time_called_at`, `extra_minutes`),
so a play-off or the next round of a series has a clock of its own and never inherits
the time called on another round. The limit is a game option: `time_limit_minutes`
for a regular round, `playoff_time_limit_minutes` for a play-off; the grace period
(`grace_minutes`) is the same for both. Everything else is computed from those, so
several app servers agree on the clock without sharing memory.

Phases: "not_started" (no clock yet: no entry), "running" (hands may start),
"grace" (time is up: the hand in progress is finished and scored as it lies),
"closed" (only the organizer may change a card, and every change is recorded).

Extending adds minutes to the limit while the clock runs. Once time is up (called, or
the limit passed), extending gives the tables that many minutes from now and entry
opens again: an early call moves to then, or the limit does. Every action is recorded
(`ClockAction`).

The functions take a `Round`, or an `Event` for its current round (the latest one).
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubscore.errors import Refused

from .models import ClockAction, Event, Round

Subject = TypeVar("Subject", Event, Round)


class ClockRefused(Refused):
    """The clock cannot do that now; the message says why, in plain words."""


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


NOT_STARTED = ClockState("not_started", None, None, None, 0, 0)


def in_progress_at_limit(entries: Iterable[Any], clock: ClockState) -> int:
    """The hand or round being played when time was up: the first after those entered by
    then (`entries`: a table's, with `.number` and `.entered_at`). The tablet lets the
    table finish it; no later one may start."""
    ends = clock.ends_at
    done = [
        entry.number
        for entry in entries
        if entry.entered_at is not None and (ends is None or entry.entered_at <= ends)
    ]
    return max(done, default=0) + 1


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


def current_round(event: Event) -> Round | None:
    """The round the event's clock means when no round is named: the latest one."""
    # A tie decided by lot is a round without tables or clock: never the current one.
    round_ = event.rounds.filter(playoff_lot=[]).order_by("-number").first()
    if round_ is not None:
        round_.event = event  # the round reads its event from here, no query
    return round_


def _round_of(subject: Event | Round) -> Round | None:
    return current_round(subject) if isinstance(subject, Event) else subject


def time_limit_minutes(round_: Round, options: dict[str, Any] | None = None) -> int:
    """The round's own time limit: the play-off's option for a play-off round."""
    options = options if options is not None else round_.event.game_options
    if round_.kind == Round.Kind.PLAYOFF:
        return options["playoff_time_limit_minutes"]
    return options["time_limit_minutes"]


def clock_state(subject: Event | Round | None, now: datetime.datetime | None = None) -> ClockState:
    """Where the round's clock stands at `now` (default: this instant)."""
    round_ = _round_of(subject) if subject is not None else None
    if round_ is None or round_.clock_started_at is None:
        return NOT_STARTED
    now = _now(now)
    started = round_.clock_started_at
    options = round_.event.game_options
    ends_at = started + datetime.timedelta(
        minutes=time_limit_minutes(round_, options) + (round_.extra_minutes or 0)
    )
    if round_.time_called_at is not None and round_.time_called_at < ends_at:
        ends_at = round_.time_called_at
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


def _locked(subject: Event | Round) -> tuple[Event, Round]:
    """The event and round rows, locked in that order (every clock action and the draw
    lock the event first, so they never deadlock)."""
    event_id = subject.pk if isinstance(subject, Event) else subject.event_id
    event = Event.objects.select_for_update().get(pk=event_id)
    if isinstance(subject, Round):
        round_ = Round.objects.select_for_update().filter(pk=subject.pk).first()
    else:
        rounds = Round.objects.select_for_update().filter(event=event, playoff_lot=[])
        round_ = rounds.order_by("-number").first()
    if round_ is None:
        raise ClockRefused(_("Draw the tables first: the clock belongs to a round."))
    if event.status == Event.Status.FINAL:
        raise ClockRefused(
            _("The evening is final: reopen it on the dashboard before changing the clock.")
        )
    round_.event = event  # the round reads its event from here, no query
    return event, round_


def _answer(subject: Subject, round_: Round) -> Subject:
    """What the caller gave, fresh from the database."""
    if isinstance(subject, Round):
        return round_
    return Event.objects.get(pk=subject.pk)


def _record(event: Event, round_: Round, action: str, user: Any, **fields) -> None:
    ClockAction.objects.create(
        event=event,
        round=round_,
        action=action,
        user=user if user is not None and getattr(user, "is_authenticated", False) else None,
        **fields,
    )


def _settle_status(event: Event, now: datetime.datetime) -> None:
    """The event runs while any of its rounds' clocks runs; else time is called."""
    rounds = list(event.rounds.exclude(clock_started_at=None))
    for round_ in rounds:
        round_.event = event  # the round reads its event from here, no query
    running = any(clock_state(round_, now).is_running for round_ in rounds)
    status = Event.Status.RUNNING if running else Event.Status.TIME_CALLED
    if event.status != status:
        event.status = status
        event.save(update_fields=["status"])


def start_clock(
    subject: Subject, *, now: datetime.datetime | None = None, user: Any = None
) -> Subject:
    """Start the round's clock (once: starting again keeps the first start) and run the
    event."""
    with transaction.atomic():
        event, round_ = _locked(subject)
        if round_.clock_started_at is None:
            round_.clock_started_at = _now(now)
            round_.save(update_fields=["clock_started_at"])
            _record(event, round_, ClockAction.Action.START, user, at=round_.clock_started_at)
        _settle_status(event, _now(now))
    return _answer(subject, round_)


def call_time(
    subject: Subject, *, now: datetime.datetime | None = None, user: Any = None
) -> Subject:
    """Call time on the round now (or keep the earlier call): no new hand may start."""
    with transaction.atomic():
        event, round_ = _locked(subject)
        now = _now(now)
        if round_.clock_started_at is None:
            round_.clock_started_at = now
        if round_.time_called_at is None or now < round_.time_called_at:
            round_.time_called_at = now
            _record(event, round_, ClockAction.Action.CALL, user, at=now)
        round_.save(update_fields=["clock_started_at", "time_called_at"])
        _settle_status(event, now)
    return _answer(subject, round_)


def clock_mark(round_: Round) -> str:
    """What the round's clock is set to (its start, its extra minutes, an early call), as
    a page shows it: a page sends it back with "Extend", so a second tap of the same page
    adds nothing (`extend_clock`)."""
    called = round_.time_called_at.timestamp() if round_.time_called_at else ""
    started = round_.clock_started_at.timestamp() if round_.clock_started_at else ""
    return f"{started}:{round_.extra_minutes}:{called}"


def extend_clock(
    subject: Subject,
    minutes: int,
    *,
    now: datetime.datetime | None = None,
    user: Any = None,
    seen: str | None = None,
) -> Subject:
    """Give the round's tables `minutes` more.

    While the clock runs, its end moves `minutes` later. Once time is up (called, or
    the limit passed), the tables get `minutes` from now: the call is lifted, entry
    opens again and the event runs again. Raises `ClockRefused` when the
    clock has not started or the evening is final, and when `seen` (the `clock_mark` the
    organizer's page showed) is not the clock's now: a double tap, or another
    organizer's extension in between, adds once, not twice.
    """
    if minutes < 1:
        raise ClockRefused(_("Extend the clock by at least one minute."))
    with transaction.atomic():
        event, round_ = _locked(subject)
        now = _now(now)
        state = clock_state(round_, now)
        if state.phase == "not_started":
            raise ClockRefused(_("The clock has not started: start it instead of extending it."))
        if seen is not None and seen != clock_mark(round_):
            ends = timezone.localtime(state.ends_at).strftime("%H:%M")
            raise ClockRefused(
                _(
                    "The clock was changed since this page was shown, so nothing was added:"
                    " it now ends at %(time)s. Extend again if the tables need more."
                )
                % {"time": ends}
            )
        # The new limit is `minutes` after the one the tables have now, or from now once
        # time is up. A call moves to then (an earlier extension may have left one ahead:
        # the tables stop at the call, so it moves too); past the natural limit, the limit
        # moves (whole minutes from the start, never less).
        target = (state.ends_at if state.is_running else now) + datetime.timedelta(minutes=minutes)
        limit = time_limit_minutes(round_)
        wanted = (target - round_.clock_started_at).total_seconds() / 60 - limit
        extra = max(round_.extra_minutes, math.ceil(wanted))
        natural = round_.clock_started_at + datetime.timedelta(minutes=limit + extra)
        Round.objects.filter(pk=round_.pk).update(
            extra_minutes=extra, time_called_at=target if target < natural else None
        )
        round_.refresh_from_db(fields=["extra_minutes", "time_called_at"])
        _settle_status(event, now)
        _record(event, round_, ClockAction.Action.EXTEND, user, at=now, minutes=minutes)
    return _answer(subject, round_)
