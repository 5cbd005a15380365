"""Which models and rows a backup holds: the whole club, or one event with what it needs."""

from __future__ import annotations

import pkgutil
import re
from collections.abc import Callable
from importlib import import_module

from django.apps import apps
from django.conf import settings
from django.db import models
from django.db.models import Q

DATA_APPS = ("club", "events")
USER_MODELS = ("auth.group", settings.AUTH_USER_MODEL.lower())
# Not tied to one event: an event backup leaves it out (a club backup keeps it).
NOT_IN_EVENT_BACKUPS = {"events.idempotencykey", "events.phonehit"}


def label(model: type[models.Model]) -> str:
    return model._meta.label_lower


def data_models() -> list[type[models.Model]]:
    """The club's and the events' models, each after the models it points to."""
    found = [m for app in DATA_APPS for m in apps.get_app_config(app).get_models()]
    return _sorted(found)


def club_models() -> list[type[models.Model]]:
    return _sorted([apps.get_model(name) for name in USER_MODELS] + data_models())


def _sorted(found: list[type[models.Model]]) -> list[type[models.Model]]:
    """Each model after the models its foreign keys and many-to-many fields point to (a
    model pointing at itself, or a cycle, keeps its place: the database checks foreign
    keys at the end of the restore's transaction)."""
    inside = set(found)
    ordered: list[type[models.Model]] = []
    visiting: set[type[models.Model]] = set()

    def visit(model: type[models.Model]) -> None:
        if model in ordered or model in visiting:
            return
        visiting.add(model)
        for field in model._meta.get_fields():
            target = field.related_model
            forward = field.many_to_one or field.one_to_one or field.many_to_many
            if forward and field.concrete and target in inside and target is not model:
                visit(target)
        visiting.discard(model)
        ordered.append(model)

    for model in found:
        visit(model)
    return ordered


MIGRATION_NAME = re.compile(r"^\d{4}_\w+$")


def backed_up_apps() -> tuple[str, ...]:
    """The apps whose schema a backup's rows depend on."""
    return (*DATA_APPS, "auth", "contenttypes")


def code_migrations(app_label: str) -> list[str]:
    """The names of the migrations this ClubScore ships for an app (its `migrations`
    package, read as files: what `manage.py migrate` applies)."""
    package = import_module(f"{apps.get_app_config(app_label).name}.migrations")
    return sorted(
        info.name
        for info in pkgutil.iter_modules(package.__path__)
        if MIGRATION_NAME.match(info.name)
    )


def event_scope(event_id: int) -> dict[str, Callable[[], models.QuerySet]]:
    """For every model in an event backup, the rows that belong to the event."""
    from clubscore.club.models import Couple, Player
    from clubscore.events import models as ev

    def player_ids() -> set[int]:
        ids: set[int] = set()
        ids |= set(ev.CheckIn.objects.filter(event=event_id).values_list("player", flat=True))
        ids |= set(ev.Seat.objects.filter(round__event=event_id).values_list("player", flat=True))
        ids |= set(
            ev.ScorekeeperLink.objects.filter(table__round__event=event_id).values_list(
                "player", flat=True
            )
        )
        tables = ev.Table.objects.filter(round__event=event_id)
        ids |= set(tables.values_list("first_player", flat=True))
        ids |= set(ev.Team.objects.filter(table__in=tables).values_list("scorekeeper", flat=True))
        entries = ev.ScoreEntry.objects.filter(table__in=tables)
        ids |= set(entries.values_list("entered_by", flat=True))
        ids |= set(entries.values_list("confirmed_by", flat=True))
        ids |= set(
            ev.TeamPart.objects.filter(entry__in=entries).values_list("entered_by", flat=True)
        )
        ids |= set(
            ev.ScoreChange.objects.filter(entry__in=entries).values_list(
                "changed_by_player", flat=True
            )
        )
        # The players' phones (issue 25): their links and their calls to the organizer.
        ids |= set(ev.PlayerLink.objects.filter(event=event_id).values_list("player", flat=True))
        ids |= set(ev.OrganizerCall.objects.filter(event=event_id).values_list("player", flat=True))
        ids.discard(None)
        # Spouses come along: the draw needs the couple, and a couple needs both.
        for a, b in Couple.objects.filter(Q(player_a__in=ids) | Q(player_b__in=ids)).values_list(
            "player_a", "player_b"
        ):
            ids |= {a, b}
        return ids

    players: dict[str, set[int]] = {}

    def player_rows() -> models.QuerySet:
        players.setdefault("ids", player_ids())
        return Player.objects.filter(pk__in=players["ids"])

    def couple_rows() -> models.QuerySet:
        players.setdefault("ids", player_ids())
        return Couple.objects.filter(player_a__in=players["ids"])

    return {
        "club.player": player_rows,
        "club.couple": couple_rows,
        "events.event": lambda: ev.Event.objects.filter(pk=event_id),
        "events.checkin": lambda: ev.CheckIn.objects.filter(event=event_id),
        "events.round": lambda: ev.Round.objects.filter(event=event_id),
        "events.drawrecord": lambda: ev.DrawRecord.objects.filter(round__event=event_id),
        "events.clockaction": lambda: ev.ClockAction.objects.filter(event=event_id),
        "events.table": lambda: ev.Table.objects.filter(round__event=event_id),
        "events.team": lambda: ev.Team.objects.filter(table__round__event=event_id),
        "events.seat": lambda: ev.Seat.objects.filter(round__event=event_id),
        "events.scorekeeperlink": lambda: ev.ScorekeeperLink.objects.filter(
            table__round__event=event_id
        ),
        "events.scoreentry": lambda: ev.ScoreEntry.objects.filter(table__round__event=event_id),
        "events.teampart": lambda: ev.TeamPart.objects.filter(entry__table__round__event=event_id),
        "events.draft": lambda: ev.Draft.objects.filter(entry__table__round__event=event_id),
        "events.scorechange": lambda: ev.ScoreChange.objects.filter(
            entry__table__round__event=event_id
        ),
        "events.eventphones": lambda: ev.EventPhones.objects.filter(event=event_id),
        "events.playerlink": lambda: ev.PlayerLink.objects.filter(event=event_id),
        "events.organizercall": lambda: ev.OrganizerCall.objects.filter(event=event_id),
    }


def event_scope_models() -> set[str]:
    """The models an event backup covers (a test checks no model is forgotten)."""
    return set(event_scope(0))
