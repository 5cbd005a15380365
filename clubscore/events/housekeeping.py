"""Housekeeping: the rows that only grow, deleted once they are of no more use.

`manage.py prune` runs it (daily, from cron or a systemd timer: docs/deployment.md), and
it runs on its own when an evening is finished, a quiet moment on a club night. Running
it twice deletes nothing the second time. What it keeps, and why:

- login attempts: a day (the throttle counts 15 minutes; the organizer may look at a
  day's attempts in the admin);
- resend keys (idempotency): a week. A tablet resends a hand it kept while the network
  was out, at the latest when its evening is over (the links close when it is final);
- drafts (what a scorekeeper typed and never sent): a week after they were last typed;
- sessions: until they expire (Django's own `clear_expired`, what `clearsessions` runs).

Score changes, clock actions, draws and the admin's log are the evenings' record and are
kept.
"""

from __future__ import annotations

import datetime
from importlib import import_module

from django.conf import settings
from django.contrib.sessions.models import Session
from django.utils import timezone

from clubscore.accounts.models import LoginAttempt

from .models import Draft, IdempotencyKey

KEYS_KEPT = datetime.timedelta(days=7)
DRAFTS_KEPT = datetime.timedelta(days=7)


def prune(now: datetime.datetime | None = None) -> dict[str, int]:
    """Delete what is of no more use; how many rows of each went."""
    now = now or timezone.now()
    deleted = {
        "login attempts": LoginAttempt.objects.purge(now),
        "resend keys": _delete(IdempotencyKey.objects.filter(created_at__lt=now - KEYS_KEPT)),
        "drafts": _delete(Draft.objects.filter(updated_at__lt=now - DRAFTS_KEPT)),
    }
    sessions = Session.objects.count()
    import_module(settings.SESSION_ENGINE).SessionStore.clear_expired()
    deleted["sessions"] = sessions - Session.objects.count()
    return deleted


def _delete(rows) -> int:
    count, _by_model = rows.delete()
    return count


def prune_when_finished(sender, event, **kwargs) -> None:
    """An evening was finished: a quiet moment to tidy up (the organizer waits a few
    milliseconds; the tablets of the evening are closed)."""
    prune()
