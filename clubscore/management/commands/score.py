"""``manage.py score GAME [FILE]``: score one payload from the command line.

Reads the payload as JSON from FILE, or from standard input when FILE is ``-`` or
absent, and prints the result as JSON. Bad input prints the errors on standard
error, nothing on standard output, and exits non-zero, so scripts can rely on it.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from clubscore.games import GAMES, ScoreError, score


class Command(BaseCommand):
    help = "Score one hand or round: reads a JSON payload, prints the result as JSON."
    stealth_options = ("stdin",)  # lets tests and callers pass a stream instead of sys.stdin

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", help="One of: " + ", ".join(GAMES))
        parser.add_argument(
            "file", nargs="?", default="-", help="JSON payload file; '-' or absent: stdin"
        )

    def handle(self, *args: Any, game: str, file: str, **options: Any) -> None:
        # A byte-order mark (Windows Notepad writes one) is not part of the JSON.
        text = self._read(file, options.get("stdin") or sys.stdin).removeprefix("\ufeff")
        try:
            payload = json.loads(text)
        except ValueError as error:
            raise CommandError(f"The payload is not valid JSON: {error}") from None
        try:
            result = score(game, payload)
        except ScoreError as error:
            for path, messages in error.errors.items():
                for message in messages:
                    self.stderr.write(f"{path or '(payload)'}: {message}")
            raise CommandError("The payload was not scored.", returncode=1) from None
        self.stdout.write(json.dumps(result, ensure_ascii=False, indent=2))

    def _read(self, file: str, stdin: Any) -> str:
        if file == "-":
            return stdin.read()
        try:
            with open(file, encoding="utf-8") as handle:
                return handle.read()
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror}") from None
        except UnicodeDecodeError:
            raise CommandError(f"{file} is not UTF-8 text.") from None
