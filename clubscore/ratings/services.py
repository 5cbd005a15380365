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

from clubscore.events.models import Event
from clubscore.standings.loading import load_events
from clubscore.standings.standings import (
    announced_standings,
    couples_for,
    places,
    ranked_by_total_alone,
)

from .engine import State, rate_evening
from .models import Rating, RatingHistory, RatingLock


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
    loaded = load_events(events, checkins=False)  # who came but did not play is not rated
    tables = {pk: rows.counted for pk, rows in loaded.items()}
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

    couples = couples_for(events, loaded)
    history = []
    for evening in events:
        # The place each player finished, as the evening's standings announced it (a
        # play-off's winner first, a couple's place both spouses', Laus per round):
        # the engine's own places know only the totals, which is all most evenings need
        # (working out the standings too took a third more time: bench_ratings.py).
        rows = loaded[evening.pk]
        announced = (
            {}
            if ranked_by_total_alone(evening, rows)
            else places(announced_standings(evening, rows, couples))
        )
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
                    announced.get(done.player_id, done.place),
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
    # Our own table and column names, quoted the standard SQL way (PostgreSQL and SQLite).
    table = f'"{RatingHistory._meta.db_table}"'
    columns = ", ".join(f'"{column}"' for column in HISTORY_COLUMNS)
    marks = ", ".join(["%s"] * len(HISTORY_COLUMNS))
    with connection.cursor() as cursor:
        cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", rows)


def rebuild(games: Sequence[str]) -> dict[str, int]:
    """Recompute every rating of `games` from scratch; evenings replayed per game."""
    return {game: recompute_from(game, None) for game in games}
