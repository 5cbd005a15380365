"""``manage.py prune_phone_hits``: forget the phones' request counts older than an hour.

The counts are pruned by themselves (the first request of each minute deletes what is
older than an hour); this is for a cron job on a quiet server, or after a flood.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from clubscore.events.phones import prune_hits


class Command(BaseCommand):
    help = "Delete the phones' request counts older than an hour (issue 25)."

    def handle(self, *args: Any, **options: Any) -> None:
        deleted = prune_hits()
        self.stdout.write(f"{deleted} old count(s) deleted.")
