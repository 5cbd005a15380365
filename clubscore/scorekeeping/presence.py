"""When each tablet was last heard from, for the dashboard's quiet tablets.

Tablets poll their card every 10 seconds; writing the time on every poll would cost a
write each time. The process's cache (one `add`, no query) lets at most one UPDATE a
minute through per link and process; the dashboard asks for "more than two minutes".
"""

from __future__ import annotations

from django.core.cache import cache
from django.utils import timezone

from clubscore.events.models import ScorekeeperLink

EVERY_SECONDS = 60


def heard_from(token: str) -> None:
    """Note that the tablet behind `token` is there (at most one write a minute)."""
    if cache.add(f"clubscore:seen:{token}", True, EVERY_SECONDS):
        ScorekeeperLink.objects.filter(token=token, revoked_at__isnull=True).update(
            last_seen_at=timezone.now()  # the clock the dashboard compares with
        )
