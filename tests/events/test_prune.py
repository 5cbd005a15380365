"""`manage.py prune`: every table that only grows loses what is of no more use, and only
that; twice is the same as once; it also runs when an evening is finished."""

from __future__ import annotations

import datetime
import io

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.utils import timezone

from clubscore.accounts.models import LoginAttempt
from clubscore.events.finish import finish_event
from clubscore.events.housekeeping import prune
from clubscore.events.models import Draft, IdempotencyKey, ScoreEntry, Table

pytestmark = pytest.mark.django_db
DAY = datetime.timedelta(days=1)


def aged(model, rows, field: str, age: datetime.timedelta) -> None:
    """Move rows back in time (auto_now fields are set on save: an update sets them)."""
    model.objects.filter(pk__in=[row.pk for row in rows]).update(**{field: timezone.now() - age})


def run() -> str:
    out = io.StringIO()
    call_command("prune", stdout=out)
    return out.getvalue()


def test_login_attempts_older_than_a_day_go():
    old = LoginAttempt.record("organizer", "10.0.0.9", succeeded=False)
    recent = LoginAttempt.record("organizer", "10.0.0.9", succeeded=False)
    aged(LoginAttempt, [old], "at", DAY + datetime.timedelta(minutes=1))
    aged(LoginAttempt, [recent], "at", DAY - datetime.timedelta(minutes=1))
    assert "login attempts: 1" in run()
    assert list(LoginAttempt.objects.values_list("pk", flat=True)) == [recent.pk]
    assert "login attempts: 0" in run()  # idempotent


def test_resend_keys_older_than_a_week_go():
    old = IdempotencyKey.objects.create(key="a" * 32, fingerprint="x")
    recent = IdempotencyKey.objects.create(key="b" * 32, fingerprint="y")
    aged(IdempotencyKey, [old], "created_at", 7 * DAY + datetime.timedelta(minutes=1))
    aged(IdempotencyKey, [recent], "created_at", 6 * DAY)
    assert "resend keys: 1" in run()
    assert list(IdempotencyKey.objects.values_list("key", flat=True)) == ["b" * 32]
    assert "resend keys: 0" in run()


def test_drafts_last_typed_more_than_a_week_ago_go(drawn_event):
    event = drawn_event("hand_and_foot", tables=2)
    tables = list(Table.objects.filter(round__event=event).order_by("number"))
    entries = [ScoreEntry.objects.create(table=table, number=1, payload={}) for table in tables]
    old = Draft.objects.create(entry=entries[0], side=1, data={"red_books": "2"})
    recent = Draft.objects.create(entry=entries[1], side=1, data={"red_books": "3"})
    aged(Draft, [old], "updated_at", 8 * DAY)
    assert "drafts: 1" in run()
    assert list(Draft.objects.values_list("pk", flat=True)) == [recent.pk]
    assert ScoreEntry.objects.count() == 2  # the entries themselves stay
    assert "drafts: 0" in run()


def test_expired_sessions_go():
    expired, live = SessionStore(), SessionStore()
    expired["x"] = live["x"] = 1
    expired.create()
    live.create()
    Session.objects.filter(session_key=expired.session_key).update(
        expire_date=timezone.now() - datetime.timedelta(seconds=1)
    )
    assert "sessions: 1" in run()
    assert list(Session.objects.values_list("session_key", flat=True)) == [live.session_key]
    assert "sessions: 0" in run()


def test_finishing_an_evening_prunes(drawn_event, django_capture_on_commit_callbacks):
    old = IdempotencyKey.objects.create(key="c" * 32, fingerprint="z")
    aged(IdempotencyKey, [old], "created_at", 30 * DAY)
    stale = LoginAttempt.record("someone", "10.0.0.7", succeeded=False)
    aged(LoginAttempt, [stale], "at", 2 * DAY)
    event = drawn_event("hand_and_foot", tables=1)
    Table.objects.filter(round__event=event).update(not_played=True)
    with django_capture_on_commit_callbacks(execute=True):
        finish_event(event)
    assert IdempotencyKey.objects.exists() is False
    assert not IdempotencyKey.objects.exists()
    assert not LoginAttempt.objects.exists()


def test_nothing_to_prune_is_no_error():
    assert prune() == {"login attempts": 0, "resend keys": 0, "drafts": 0, "sessions": 0}
