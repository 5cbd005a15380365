"""The live part of a card: a short fingerprint of what it shows, for the tablets' poll."""

from __future__ import annotations

import hashlib
from functools import cache

from django.db import connection

from clubscore.events.models import (
    Event,
    OrganizerCall,
    Round,
    ScoreEntry,
    ScorekeeperLink,
    Table,
)

from .card import LIVE_STATUSES

TABLE_COLUMNS = 11


@cache
def _live_sql() -> str:
    link, table, round_, event, entry, call = (
        model._meta.db_table
        for model in (ScorekeeperLink, Table, Round, Event, ScoreEntry, OrganizerCall)
    )
    entries = f"FROM {entry} s WHERE s.table_id = t.id"
    # The first TABLE_COLUMNS are the table, its round's clock and the event; the rest
    # what is on the card (its entries, the open call).
    return (
        # The times as text: only compared, never read (a driver's datetime costs more).
        "SELECT t.id, e.id, CAST(t.turned_in_at AS TEXT), t.has_bonus, e.status,"
        " CAST(r.clock_started_at AS TEXT), CAST(r.time_called_at AS TEXT),"
        " r.extra_minutes, r.kind, CAST(e.options AS TEXT), t.not_played,"
        # One pass over the table's entries (PostgreSQL and SQLite both concatenate).
        " (SELECT COUNT(*) || ':' || SUM(s.version) || ':' || MAX(s.id) || ':'"
        f" || MAX(s.updated_at) {entries}),"
        # The table's open call to the organizer, and whether it is answered (issue 25):
        # one lookup for both.
        " (SELECT c.id || ':' || COALESCE(CAST(c.answered_at AS TEXT), '')"
        f" FROM {call} c WHERE c.table_id = t.id AND c.closed_at IS NULL)"
        f" FROM {link} l JOIN {table} t ON t.id = l.table_id"
        f" JOIN {round_} r ON r.id = t.round_id JOIN {event} e ON e.id = r.event_id"
        " WHERE l.token = %s AND l.revoked_at IS NULL AND e.status IN (%s, %s, %s)"
    )


def live_version(token: str) -> str | None:
    """What the live part of a card shows, as a short fingerprint; None when the link opens
    nothing.

    It changes with every change the live part shows: each entry's `version` grows with
    every change of the entry (count and highest id catch new and deleted ones; the
    latest `updated_at` a change made elsewhere, in the admin, say; a draft leaves it
    alone), and the table's turn-in, bonus and "not played", the event's status and the
    clock of the table's round are read as they are. The clock's own ticking is not in it: the page
    counts down by itself, and the poll carries when the phase ends
    (`ClockState.phase_ends_at`). One raw query, a single row reached through indexes
    (the link's unique token, primary keys, the entries' table): tablets poll it all
    evening, and the ORM's query building would cost more than the query. The table's
    open call to the organizer is in it too, so "The organizer is on the way" shows.

    Two halves, "table.card": the table, its round's clock and the event; what is on the
    card. A card whose second half alone moved (a hand entered, a call made) is read
    again without its link and seats (`card.load_card`).
    """
    with connection.cursor() as cursor:
        cursor.execute(_live_sql(), [token, *LIVE_STATUSES])
        row = cursor.fetchone()
    if row is None:
        return None
    return f"{_digest(row[:TABLE_COLUMNS])}.{_digest(row[TABLE_COLUMNS:])}"


def _digest(values: tuple) -> str:
    return hashlib.blake2b(repr(values).encode(), digest_size=8).hexdigest()
