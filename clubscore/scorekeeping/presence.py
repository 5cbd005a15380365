"""When each tablet was last heard from, for the dashboard's quiet tablets.

Tablets poll their card every 10 seconds; writing the time on every poll would cost a
write each time. The process remembers when it last wrote each link's time (a plain
dict: a poll that writes nothing costs a lookup, not a cache round with pickling), so
at most one UPDATE a minute gets through per link and process; the dashboard asks for
"more than two minutes".
"""

from __future__ import annotations

import time

from django.utils import timezone

from clubscore.events.models import ScorekeeperLink

EVERY_SECONDS = 60
#: A process remembers this many links at most, then starts afresh (one write more for
#: each link still polling): a club night has a few hundred.
REMEMBERED = 10_000

_written_at: dict[str, float] = {}  # token -> time.time() of this process's last write


def heard_from(token: str) -> None:
    """Note that the tablet behind `token` is there (at most one write a minute)."""
    now = time.time()
    if now - _written_at.get(token, 0.0) < EVERY_SECONDS:
        return
    if len(_written_at) >= REMEMBERED:
        _written_at.clear()
    _written_at[token] = now
    ScorekeeperLink.objects.filter(token=token, revoked_at__isnull=True).update(
        last_seen_at=timezone.now()  # the clock the dashboard compares with
    )
