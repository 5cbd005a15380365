"""Tablets gone quiet: scorekeeper links not heard from for more than two minutes.

A tablet polls its card every 10 seconds and the server writes down, at most once a
minute, when it last did (clubscore.scorekeeping.presence). One query, whatever the
event's size.
"""

from __future__ import annotations

import datetime

from django.utils import timezone

from clubscore.events.models import Event, ScorekeeperLink

QUIET_AFTER = datetime.timedelta(minutes=2)


def quiet_tablets(event: Event, now: datetime.datetime | None = None) -> list[ScorekeeperLink]:
    """Links of tables still playing whose tablet was heard from, but not lately.

    A link never opened is not a tablet (its table may keep score on paper).
    """
    if event.status not in Event.LIVE_STATUSES:
        return []
    cutoff = (now or timezone.now()) - QUIET_AFTER
    return list(
        ScorekeeperLink.objects.filter(
            table__round__event=event,
            revoked_at__isnull=True,
            last_seen_at__lt=cutoff,
            table__turned_in_at__isnull=True,
            table__not_played=False,
        )
        .select_related("table__round", "player", "team")
        .order_by("table__round__number", "table__number", "team__number", "pk")
    )
