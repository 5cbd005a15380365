"""The throwaway database of the in-process benchmarks (bench_standings, bench_card)."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def use_throwaway_database() -> str:
    """Point Django (not yet set up) at a temporary SQLite file, or at the PostgreSQL
    database BENCH_DATABASE_URL names; returns its URL."""
    url = os.environ.get("BENCH_DATABASE_URL")
    if not url:
        path = Path(temporary_folder("clubscore-bench-")) / "bench.sqlite3"
        url = f"sqlite:///{path}"
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings")
    return url


def temporary_folder(prefix: str) -> str:
    """A new folder in the system's temporary one, removed when the benchmark ends."""
    folder = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


@contextmanager
def emptied_at_the_end() -> Iterator[None]:
    """Leave a PostgreSQL database empty however the benchmark ends (the SQLite file is
    in a temporary folder)."""
    from django.core.management import call_command
    from django.db import connection

    try:
        yield
    finally:
        if connection.vendor == "postgresql":
            call_command("flush", interactive=False, verbosity=0)
