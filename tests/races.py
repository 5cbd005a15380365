"""Requests or actions released at the same instant, on real database connections."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any


def at_once(action: Callable[..., Any], arguments: Sequence[tuple] | int) -> list[Any]:
    """Run `action` in a thread per tuple of `arguments` (or `arguments` times with none),
    all released together by a barrier; each thread closes its database connections.
    Returns what the calls returned, in the order they finished."""
    from django.db import connections

    calls = [()] * arguments if isinstance(arguments, int) else list(arguments)
    barrier = threading.Barrier(len(calls))
    results: list[Any] = []

    def run(*args: Any) -> None:
        try:
            barrier.wait()
            results.append(action(*args))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=args) for args in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results
