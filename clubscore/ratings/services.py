"""Ratings in the database: apply finished evenings, undo reopened ones, rebuild.

One operation does all three: `recompute_from(game, event)` rolls the game's ratings
back to just before `event` and replays every final evening from there on in date
order. Finishing the latest evening replays that one evening; reopening replays the
ones after it without it; `rebuild` replays them all. So the incremental ratings and a
rebuild are the same arithmetic on the same evenings in the same order.

A fixed number of queries whatever the number of evenings replayed (the history rows
are written in batches the database allows).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from django.db import connection, transaction
from django.db.models import Q

from clubscore.events.models import Event, Round, ScoreEntry, Seat, Table

from .engine import EntryRow, SeatRow, State, TableRow, TeamRef, rate_evening
from .models import Rating, RatingHistory, RatingLock

# Play-off rounds do not count: a play-off only orders players already tied for first
# (their regular tables were rated); see docs/decisions.md.
COUNTED_ROUND = Round.Kind.REGULAR


def load_tables(events: Sequence[Event]) -> dict[int, list[TableRow]]:
    """The counted tables of `events` (regular rounds, not marked "not played"), in round
    and table order, with seats and confirmed entries: four queries."""
    counted = {
        "round__event__in": events,
        "round__kind": COUNTED_ROUND,
        "not_played": False,
    }
    tables: dict[int, TableRow] = {}
    event_of: dict[int, int] = {}
    for pk, number, event_id, bonus in (
        Table.objects.filter(**counted)
        .order_by("round__number", "number")
        .values_list("pk", "number", "round__event_id", "has_bonus")
    ):
        tables[pk] = TableRow(pk, number, bonus)
        event_of[pk] = event_id
    on_tables = {f"table__{key}": value for key, value in counted.items()}
    for table_id, player_id, team in (
        Seat.objects.filter(**on_tables)
        .order_by("table_id", "position")
        .values_list("table_id", "player_id", "team__number")
    ):
        tables[table_id].seats.append(SeatRow(player_id, TeamRef(team) if team else None))
    entries = ScoreEntry.objects.confirmed().filter(**on_tables)
    # Payloads are read only where no result was stored per entry (a game scored as a
    # whole): decoding every hand's payload would double the rebuild's time.
    payloads = dict(entries.filter(result__isnull=True).values_list("pk", "payload").order_by())
    for pk, table_id, number, result in entries.order_by("number").values_list(
        "pk", "table_id", "number", "result"
    ):
        tables[table_id].counted.append(EntryRow(number, payloads.get(pk), result))
    by_event: dict[int, list[TableRow]] = {event.pk: [] for event in events}
    for pk, table in tables.items():
        by_event[event_of[pk]].append(table)
    return by_event


def _from(start: tuple | None, date_field: str, pk_field: str) -> Q:
    """Rows at or after `start` (a date and an event id) in that order; all when None."""
    if start is None:
        return Q()
    date, pk = start
    return Q(**{f"{date_field}__gt": date}) | Q(**{date_field: date, f"{pk_field}__gte": pk})


@transaction.atomic
def recompute_from(game: str, event: Event | None = None) -> int:
    """Roll `game`'s ratings back to before `event` (None: to nothing) and replay the final
    evenings from there in date order. Returns the number of evenings replayed."""
    RatingLock.objects.get_or_create(game=game)
    RatingLock.objects.select_for_update().get(game=game)
    start = None
    if event is not None:
        # From the evening's stored date, or from where it was rated before when the
        # organizer moved it to a later date.
        event.refresh_from_db(fields=["date"])
        rated_on = RatingHistory.objects.filter(game=game, event=event).values_list(
            "date", flat=True
        )[:1]
        start = min([(event.date, event.pk), *((date, event.pk) for date in rated_on)])

    undone = (
        RatingHistory.objects.filter(game=game)
        .filter(_from(start, "date", "event_id"))
        .order_by("date", "event_id")
        .values_list("player_id", "mu_before", "sigma_before", "evenings")
    )
    restore: dict[int, State] = {}
    for player_id, mu, sigma, evenings in undone:
        restore.setdefault(player_id, State(mu, sigma, evenings - 1))
    if restore:
        RatingHistory.objects.filter(game=game).filter(_from(start, "date", "event_id")).delete()

    events = list(
        Event.objects.filter(game=game, status=Event.Status.FINAL)
        .filter(_from(start, "date", "pk"))
        .order_by("date", "pk")
    )
    tables = load_tables(events)
    involved = set(restore) | {
        seat.player_id for rows in tables.values() for row in rows for seat in row.seats
    }
    state: dict[int, State] = {}
    if start is not None:
        for player_id, mu, sigma, evenings in Rating.objects.filter(
            game=game, player_id__in=involved
        ).values_list("player_id", "mu", "sigma", "evenings"):
            state[player_id] = State(mu, sigma, evenings)
    for player_id, was in restore.items():
        if was.evenings:
            state[player_id] = was
        else:
            state.pop(player_id, None)  # a newcomer again

    history = []
    for evening in events:
        for done in rate_evening(game, evening.game_options, tables[evening.pk], state):
            history.append(
                (
                    done.player_id,
                    evening.pk,
                    game,
                    evening.date.isoformat(),
                    done.before.mu,
                    done.before.sigma,
                    done.after.mu,
                    done.after.sigma,
                    done.after.evenings,
                    done.score,
                    done.place,
                    json.dumps(done.tables),
                    json.dumps(done.partners),
                )
            )
    _insert_history(history)
    stale = Rating.objects.filter(game=game)
    if start is not None:
        stale = stale.filter(player_id__in=involved)
    stale.delete()
    Rating.objects.bulk_create(
        Rating(player_id=pid, game=game, mu=s.mu, sigma=s.sigma, evenings=s.evenings)
        for pid, s in state.items()
        if s.evenings
    )
    return len(events)


HISTORY_COLUMNS = (
    "player_id",
    "event_id",
    "game",
    "date",
    "mu_before",
    "sigma_before",
    "mu",
    "sigma",
    "evenings",
    "score",
    "place",
    "tables",
    "partners",
)


def _insert_history(rows: list[tuple]) -> None:
    """Write history rows with one prepared INSERT (executemany). bulk_create prepares
    every value through the ORM: for a season's 50,000 rows that alone took longer than
    the 10 s the whole rebuild may take. Plain values (ids, text, floats, JSON text) only.
    """
    if not rows:
        return
    table = connection.ops.quote_name(RatingHistory._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(c) for c in HISTORY_COLUMNS)
    marks = ", ".join(["%s"] * len(HISTORY_COLUMNS))
    with connection.cursor() as cursor:
        cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", rows)


def rebuild(games: Sequence[str]) -> dict[str, int]:
    """Recompute every rating of `games` from scratch; evenings replayed per game."""
    return {game: recompute_from(game, None) for game in games}
