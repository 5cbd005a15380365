"""What the draw remembers: recent partnerships, who sat out, and tonight's tablemates.

Gathered from the database for `clubscore.draw.draw` (its `history`, `sat_out` and
`tablemates` arguments) by `clubscore.events.services.draw_arguments`.
"""

from __future__ import annotations

from .models import DrawRecord, Event, Round, Seat

# How far back the draw looks to avoid repeating partnerships (the draw weighs newer
# events more) and to spread sitting out fairly.
HISTORY_EVENTS = 3
SIT_OUT_EVENTS = 10


def _recent_events(event: Event, count: int) -> list[int]:
    """Ids of the `count` events of the same game held before `event`, newest first."""
    earlier = Event.objects.filter(game=event.game).exclude(pk=event.pk)
    earlier = earlier.filter(date__lt=event.date) | earlier.filter(date=event.date, pk__lt=event.pk)
    return list(earlier.order_by("-date", "-pk").values_list("pk", flat=True)[:count])


def partnership_history(event: Event) -> list[list[tuple[str, str]]]:
    """Partnerships (two players of one team) of recent events of the game, newest first."""
    event_ids = _recent_events(event, HISTORY_EVENTS)
    if not event_ids:
        return []
    members: dict[int, list[str]] = {}
    team_event: dict[int, int] = {}
    seats = Seat.objects.filter(round__event__in=event_ids, team__isnull=False).values_list(
        "round__event_id", "team_id", "player_id"
    )
    for event_id, team_id, player_id in seats.order_by("team_id", "position"):
        members.setdefault(team_id, []).append(str(player_id))
        team_event[team_id] = event_id
    by_event: dict[int, list[tuple[str, str]]] = {pk: [] for pk in event_ids}
    for team_id, players in members.items():
        if len(players) == 2:
            by_event[team_event[team_id]].append((players[0], players[1]))
    return [by_event[pk] for pk in event_ids]


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
