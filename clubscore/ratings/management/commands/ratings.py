"""`manage.py ratings --rebuild`: recompute every rating from the final evenings."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError

from clubscore.games import GAMES
from clubscore.ratings.services import rebuild as rebuild_ratings


class Command(BaseCommand):
    help = "Ratings per player and game. --rebuild recomputes them from scratch in date order."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--rebuild", action="store_true", help="Recompute from every final evening."
        )
        parser.add_argument(
            "--game", choices=list(GAMES), action="append", help="Only this game (repeatable)."
        )

    def handle(self, *args, rebuild: bool = False, game: list[str] | None = None, **options):
        if not rebuild:
            raise CommandError("Nothing to do: say --rebuild.")
        started = time.perf_counter()
        done = rebuild_ratings(game or list(GAMES))
        for key, count in done.items():
            self.stdout.write(f"{key}: {count} evening(s) rated")
        self.stdout.write(f"Done in {time.perf_counter() - started:.2f} s.")
