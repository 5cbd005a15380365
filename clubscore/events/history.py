"""What the draw remembers: the season's partnerships and recent opponents, who sat
out, and tonight's tablemates.

Gathered from the database for `clubscore.draw.draw` (its `history`, `opponents`,
`sat_out` and `tablemates` arguments) by `clubscore.events.services.draw_arguments`.

The season is the ladder's: the calendar year of the event (`season_events`). Early in a
season (fewer than `SEASON_START_EVENTS` evenings before this one), the draw looks back
12 months instead, so January does not forget December: a walk's second evening of a
year paired four couples of partners from three weeks before. The draw weighs newer
events more.
"""

from __future__ import annotations

import datetime

from .models import DrawRecord, Event, Round, Seat

# A season has at most one evening a day; more are read, but no more are weighed.
HISTORY_EVENTS = 366
# Opponents: the tables of the last 8 evenings (about two months of weekly evenings). In a
# club of 40 everyone meets everyone over a season; what members notice is the same
# opponents again soon. Also keeps a 1,000-player draw fast (bench/bench_draw.py).
OPPONENT_EVENTS = 8
SIT_OUT_EVENTS = 10
# Until a season has this many evenings, the last 12 months' count (about two months of
# weekly evenings, as for opponents).
SEASON_START_EVENTS = 8


def _recent_events(event: Event, count: int) -> list[int]:
    """Ids of the `count` events of the same game held before `event`, newest first."""
    earlier = Event.objects.filter(game=event.game).exclude(pk=event.pk)
    earlier = earlier.filter(date__lt=event.date) | earlier.filter(date=event.date, pk__lt=event.pk)
    return list(earlier.order_by("-date", "-pk").values_list("pk", flat=True)[:count])


def season_events(event: Event) -> list[int]:
    """Ids of the events of the same game held before `event` in its season (the ladder's
    calendar year), newest first; the last 12 months while the season has fewer than
    `SEASON_START_EVENTS`."""
    earlier = Event.objects.filter(game=event.game).exclude(pk=event.pk)
    earlier = earlier.filter(date__lt=event.date) | earlier.filter(date=event.date, pk__lt=event.pk)
    earlier = earlier.order_by("-date", "-pk").values_list("pk", flat=True)
    season = list(earlier.filter(date__year=event.date.year)[:HISTORY_EVENTS])
    if len(season) >= SEASON_START_EVENTS:
        return season
    year_ago = event.date - datetime.timedelta(days=365)
    return list(earlier.filter(date__gte=year_ago)[:HISTORY_EVENTS])


def season_history(
    event: Event,
) -> tuple[list[list[tuple[str, str]]], list[list[list[str]]]]:
    """The season's partnerships (two players of one team) per event, newest first, and
    the tables of its last `OPPONENT_EVENTS` events (lists of player ids): every round's,
    play-offs included. Two queries."""
    event_ids = season_events(event)
    if not event_ids:
        return [], []
    recent = set(event_ids[:OPPONENT_EVENTS])
    teams: dict[int, list[str]] = {}
    team_event: dict[int, int] = {}
    for event_id, team_id, player_id in (
        Seat.objects.filter(round__event__in=event_ids, team__isnull=False)
        .order_by("team_id", "position")
        .values_list("round__event_id", "team_id", "player_id")
    ):
        teams.setdefault(team_id, []).append(str(player_id))
        team_event[team_id] = event_id
    partners: dict[int, list[tuple[str, str]]] = {pk: [] for pk in event_ids}
    for team_id, players in teams.items():
        if len(players) == 2:
            partners[team_event[team_id]].append((players[0], players[1]))
    tables: dict[int, list[str]] = {}
    table_event: dict[int, int] = {}
    for event_id, table_id, player_id in (
        Seat.objects.filter(round__event__in=recent)
        .order_by("table_id", "position")
        .values_list("round__event_id", "table_id", "player_id")
    ):
        tables.setdefault(table_id, []).append(str(player_id))
        table_event[table_id] = event_id
    met: dict[int, list[list[str]]] = {pk: [] for pk in recent}
    for table_id, players in tables.items():
        met[table_event[table_id]].append(players)
    return (
        [partners[pk] for pk in event_ids],
        [met[pk] for pk in event_ids[:OPPONENT_EVENTS]],
    )


def recent_sit_outs(event: Event, round_number: int) -> list[str]:
    """Who sat out lately, newest first: earlier rounds of this event, then recent events.

    Only the last draw of each round counts (a redraw replaced the ones before it).
    """
    event_ids = [event.pk, *_recent_events(event, SIT_OUT_EVENTS)]
    records = (
        DrawRecord.objects.filter(round__event__in=event_ids)
        .exclude(round__event=event, round__number__gte=round_number)
        .values_list("round__event_id", "round_id", "result")
        .order_by("-round__number", "-drawn_at", "-pk")
    )
    newest_per_round: dict[int, tuple[int, dict]] = {}
    for event_id, round_id, result in records:
        newest_per_round.setdefault(round_id, (event_id, result))
    order = {pk: position for position, pk in enumerate(event_ids)}
    rounds = sorted(newest_per_round.values(), key=lambda item: order[item[0]])
    return [entry["player"] for _event, result in rounds for entry in result.get("sitting_out", [])]


def rounds_tonight(
    event: Event, round_number: int
) -> tuple[list[list[tuple[str, str]]], list[list[list[str]]]]:
    """The evening's regular rounds before `round_number`, newest first, as the draw
    takes earlier events (`season_history`): each round's partnerships and its tables.
    A round tonight is the newest "event": partners re-drawn for the next round do not
    partner again while another way exists. One query."""
    rounds: dict[int, dict[int, list[tuple[str, int | None]]]] = {}
    seats = Seat.objects.filter(
        round__event=event, round__kind=Round.Kind.REGULAR, round__number__lt=round_number
    ).order_by("-round__number", "table_id", "position")
    for number, table_id, team_id, player_id in seats.values_list(
        "round__number", "table_id", "team_id", "player_id"
    ):
        rounds.setdefault(number, {}).setdefault(table_id, []).append((str(player_id), team_id))
    partnerships, tables = [], []
    for by_table in rounds.values():
        teams: dict[int, list[str]] = {}
        for seated in by_table.values():
            for player, team in seated:
                if team is not None:
                    teams.setdefault(team, []).append(player)
        partnerships.append([(team[0], team[1]) for team in teams.values() if len(team) == 2])
        tables.append([[player for player, _team in seated] for seated in by_table.values()])
    return partnerships, tables


def tablemates_tonight(event: Event, round_number: int) -> list[list[str]]:
    """The tables of the evening's regular rounds before `round_number`, as lists of
    player ids: the next round avoids seating them together again."""
    tables: dict[int, list[str]] = {}
    seats = Seat.objects.filter(
        round__event=event, round__kind=Round.Kind.REGULAR, round__number__lt=round_number
    ).values_list("table_id", "player_id")
    for table_id, player_id in seats.order_by("table_id", "position"):
        tables.setdefault(table_id, []).append(str(player_id))
    return list(tables.values())
