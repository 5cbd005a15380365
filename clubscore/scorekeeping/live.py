"""Know, without asking PostgreSQL, that a card's live part has not changed.

Tablets poll every 10 s all evening, and almost every poll finds nothing new. That
answer cost one query (`services.live_version`). On PostgreSQL, triggers (events
migration 0003) NOTIFY the channel `clubscore_live` whenever a row that the live
part shows changes:

- `t<id>`: a table (its entries, its turn-in and bonus, its links);
- `e<id>`: an event (status, clock, options) or one of its rounds;
- `*`: tables were emptied (TRUNCATE), so nothing heard before counts.

Each process runs one thread that LISTENs and numbers what it hears. A fingerprint
read from the database is remembered with the number heard just before the read,
and it holds until its table or its event is heard of again. So a poll that finds
nothing new makes no query, and the database stays the only source of truth: the
triggers fire for every writer (tablets, the dashboard, the admin, a psql session).

The listener is trusted only while it is connected and has been heard from within a
few seconds (its heartbeat), and only outside a transaction: inside one, a change
the request made itself is not announced until it commits. In any other case the
poll asks the database, as before. A change reaches a polling tablet at its next
poll, unless that poll comes within the moment (milliseconds) between the commit
and the notification's arrival; then it comes one poll later.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import psycopg
from django.conf import settings
from django.db import connection

log = logging.getLogger(__name__)

CHANNEL = "clubscore_live"
# Seconds between the listener's checks that its connection is alive; it is trusted
# for three of them, so a connection that dies silently costs no more than that.
HEARTBEAT = 2.0
TRUST_FOR = 3 * HEARTBEAT
# Seconds to wait before connecting again after the connection was lost (doubling).
RETRY_FIRST, RETRY_MOST = 0.5, 5.0
# Tokens remembered per process; a club's evening has a few hundred.
MAX_KNOWN = 20_000
# Connection options that are Django's or psycopg's own, not libpq's.
_NOT_LIBPQ = {"server_side_binding", "prepare_threshold", "isolation_level", "assume_role", "pool"}


@dataclass(frozen=True)
class Stamp:
    """What the listener had heard when a fingerprint was read."""

    epoch: int
    heard: int


@dataclass(frozen=True)
class _Known:
    version: str
    table_key: str
    event_key: str
    stamp: Stamp


class Listener:
    """One process's ear on `clubscore_live`, and the fingerprints it vouches for."""

    def __init__(self, connect: Callable[[], psycopg.Connection]) -> None:
        self._connect = connect
        self._lock = threading.Lock()
        self._epoch = 0  # grows with each connection and each `*`: all known is void
        self._heard = 0  # notifications heard, numbered
        self._last: dict[str, int] = {}  # key ("t5", "e2") -> number it was last heard
        self._known: dict[str, _Known] = {}  # token -> fingerprint read, and when
        self._connected = False
        self._alive_until = 0.0  # time.monotonic() until which the connection is trusted
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self.backend_pid: int | None = None  # the listening backend (for tests and logs)

    # -- what requests ask --------------------------------------------------------------

    def stamp(self) -> Stamp | None:
        """Take before reading a fingerprint; None when the listener cannot vouch."""
        with self._lock:
            if not self._trusted():
                return None
            return Stamp(self._epoch, self._heard)

    def remember(
        self, token: str, version: str, table_id: int, event_id: int, stamp: Stamp
    ) -> None:
        """Keep the fingerprint `version`, read for `token` after `stamp` was taken."""
        with self._lock:
            if stamp.epoch != self._epoch:
                return
            if len(self._known) >= MAX_KNOWN:
                self._known.clear()
            self._known[token] = _Known(version, f"t{table_id}", f"e{event_id}", stamp)

    def known(self, token: str) -> str | None:
        """The fingerprint the database would give for `token`, if nothing was heard of
        its table or event since it was read; None when only the database can tell."""
        with self._lock:
            found = self._known.get(token)
            if found is None or not self._trusted() or found.stamp.epoch != self._epoch:
                return None
            heard = found.stamp.heard
            if self._last.get(found.table_key, 0) > heard:
                return None
            if self._last.get(found.event_key, 0) > heard:
                return None
            return found.version

    def last_heard(self, key: str) -> int:
        """The number `key` ("t5", "e2") was last heard with; 0 for never."""
        with self._lock:
            return self._last.get(key, 0)

    @property
    def trusted(self) -> bool:
        with self._lock:
            return self._trusted()

    def _trusted(self) -> bool:
        return self._connected and time.monotonic() < self._alive_until

    # -- the listening thread -----------------------------------------------------------

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="clubscore-live", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 2 * HEARTBEAT) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self) -> None:
        retry = RETRY_FIRST
        while not self._stopping.is_set():
            try:
                with self._connect() as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._open(conn)
                    retry = RETRY_FIRST
                    self._listen(conn)
            except Exception:  # anything at all: the database is away, or went
                if self._connected:
                    log.warning("Live listener lost its connection; polls ask the database")
                else:
                    log.debug("Live listener could not connect", exc_info=True)
            finally:
                self._close()
            self._stopping.wait(retry)
            retry = min(retry * 2, RETRY_MOST)

    def _forget(self) -> None:
        """Void everything known and heard (the lock is held)."""
        self._epoch += 1
        self._known.clear()
        self._last.clear()

    def _open(self, conn: psycopg.Connection) -> None:
        with self._lock:
            self._forget()
            self._connected = True
            self._alive_until = time.monotonic() + TRUST_FOR
            self.backend_pid = conn.info.backend_pid

    def _close(self) -> None:
        with self._lock:
            self._forget()
            self._connected = False
            self.backend_pid = None

    def _listen(self, conn: psycopg.Connection) -> None:
        while not self._stopping.is_set():
            for notice in conn.notifies(timeout=HEARTBEAT):
                self._hear(notice.payload)
            conn.execute("SELECT 1")  # the heartbeat: raises if the connection died
            with self._lock:
                self._alive_until = time.monotonic() + TRUST_FOR

    def _hear(self, key: str) -> None:
        with self._lock:
            self._heard += 1
            if key == "*":
                self._forget()
            else:
                self._last[key] = self._heard


_listener: Listener | None = None
_listener_pid: int | None = None
_start_lock = threading.Lock()


def listener() -> Listener | None:
    """This process's listener, started on first use; None when it is not to be used
    (SQLite, `LIVE_NOTIFICATIONS` off, or inside a transaction)."""
    global _listener, _listener_pid
    if not settings.LIVE_NOTIFICATIONS or connection.vendor != "postgresql":
        return None
    if connection.in_atomic_block:
        return None
    if _listener is None or _listener_pid != os.getpid():
        with _start_lock:
            # A forked worker inherits the parent's listener object, not its thread.
            if _listener is None or _listener_pid != os.getpid():
                _listener = Listener(_connector(connection.settings_dict))
                _listener_pid = os.getpid()
                _listener.start()
    return _listener


def stop_listener() -> None:
    """Stop this process's listener (before the test database is dropped, say)."""
    global _listener
    with _start_lock:
        if _listener is not None and _listener_pid == os.getpid():
            _listener.stop()
        _listener = None


def _connector(database: dict[str, Any]) -> Callable[[], psycopg.Connection]:
    """Connect as Django's `database` does, on a connection of the listener's own."""
    params = {
        "dbname": database["NAME"],
        "user": database.get("USER") or None,
        "password": database.get("PASSWORD") or None,
        "host": database.get("HOST") or None,
        "port": database.get("PORT") or None,
        **{k: v for k, v in database.get("OPTIONS", {}).items() if k not in _NOT_LIBPQ},
    }
    params = {k: v for k, v in params.items() if v is not None}
    params.setdefault("connect_timeout", 5)
    params.setdefault("application_name", "clubscore live listener")

    def connect() -> psycopg.Connection:
        return psycopg.connect(**params, autocommit=True)

    return connect
