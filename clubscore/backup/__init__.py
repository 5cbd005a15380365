"""Backups of the club or of one event as a JSON file, and restoring one into an empty database.

The file is Django's serialization of the rows (primary keys kept, so scorekeeper links
and printed QR codes keep working after a restore), wrapped in a header:

    {"format": "clubscore-backup", "version": 1, "kind": "club" | "event", "event": id,
     "created_at": ..., "migrations": {app: last migration}, "counts": {model: n},
     "objects": [...]}

A club backup holds every row of the club and events apps plus the organizers' user
accounts with their password hashes (a restored club can log in as before) and groups.
An event backup holds one event with everything it needs (its players and their
couples, check-ins, rounds, draws, tables, teams, seats, links, entries and changes) and
no user accounts: who drew or changed what is left empty, so no password hash travels
with a file that is meant to be passed around. Neither holds sessions, login attempts
or the admin's log.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Iterable
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core import serializers
from django.core.management.color import no_style
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, models, transaction
from django.db.migrations.recorder import MigrationRecorder
from django.db.models import Q
from django.utils import timezone

FORMAT = "clubscore-backup"
VERSION = 1
DATA_APPS = ("club", "events")
USER_MODELS = ("auth.group", settings.AUTH_USER_MODEL.lower())
# Not tied to one event: an event backup leaves it out (a club backup keeps it).
NOT_IN_EVENT_BACKUPS = {"events.idempotencykey"}


class BackupError(Exception):
    """A backup cannot be written or restored; the message says why and what to do."""


def label(model: type[models.Model]) -> str:
    return model._meta.label_lower


def data_models() -> list[type[models.Model]]:
    """The club's and the events' models, each after the models it points to."""
    found = [m for app in DATA_APPS for m in apps.get_app_config(app).get_models()]
    return _sorted(found)


def club_models() -> list[type[models.Model]]:
    return _sorted([apps.get_model(name) for name in USER_MODELS] + data_models())


def _sorted(found: list[type[models.Model]]) -> list[type[models.Model]]:
    by_app: dict[Any, list] = {}
    for model in found:
        by_app.setdefault(model._meta.app_config, []).append(model)
    return serializers.sort_dependencies(by_app.items(), allow_cycles=True)


# --- Writing ----------------------------------------------------------------------------


def _event_scope(event_id: int) -> dict[str, Callable[[], models.QuerySet]]:
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
            ev.ScoreChange.objects.filter(entry__in=entries).values_list(
                "changed_by_player", flat=True
            )
        )
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
        "events.scorechange": lambda: ev.ScoreChange.objects.filter(
            entry__table__round__event=event_id
        ),
    }


def event_scope_models() -> set[str]:
    """The models an event backup covers (a test checks no model is forgotten)."""
    return set(_event_scope(0))


def _serialize(querysets: Iterable[tuple[type[models.Model], models.QuerySet]]) -> list[dict]:
    objects: list[dict] = []
    for _model, queryset in querysets:
        objects.extend(
            serializers.serialize("python", queryset.order_by("pk"), use_natural_foreign_keys=True)
        )
    return objects


class BackupEncoder(DjangoJSONEncoder):
    """Times with their microseconds: DjangoJSONEncoder cuts them to milliseconds, which
    would reorder check-ins or turn-ins made in the same millisecond after a restore."""

    def default(self, o):
        if isinstance(o, datetime.datetime | datetime.time):
            return o.isoformat()
        return super().default(o)


def _applied_migrations() -> dict[str, str]:
    applied = MigrationRecorder(connection).applied_migrations()
    latest: dict[str, str] = {}
    for app_label, name in sorted(applied):
        if app_label in (*DATA_APPS, "auth", "contenttypes"):
            latest[app_label] = max(latest.get(app_label, ""), name)
    return latest


def _snapshot():
    """One consistent view of the data while the backup reads it (tablets keep writing)."""
    atomic = transaction.atomic()
    if connection.vendor == "postgresql" and not connection.in_atomic_block:

        class Snapshot:
            def __enter__(self):
                atomic.__enter__()
                with connection.cursor() as cursor:
                    cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")

            def __exit__(self, *exc):
                return atomic.__exit__(*exc)

        return Snapshot()
    return atomic


def dump(event_id: int | None = None) -> dict:
    """The backup of the whole club (event_id None) or of one event, as a dict."""
    with _snapshot():
        if event_id is None:
            kind = "club"
            querysets = [(m, m._default_manager.all()) for m in club_models()]
        else:
            from clubscore.events.models import Event

            if not Event.objects.filter(pk=event_id).exists():
                raise BackupError(f"There is no event with id {event_id}.")
            kind = "event"
            scope = _event_scope(event_id)
            querysets = [(m, scope[label(m)]()) for m in data_models() if label(m) in scope]
        objects = _serialize(querysets)
        migrations = _applied_migrations()
    if kind == "event":
        _drop_user_references(objects)
    counts: dict[str, int] = {}
    for obj in objects:
        counts[obj["model"]] = counts.get(obj["model"], 0) + 1
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": kind,
        "event": event_id,
        "created_at": timezone.now().isoformat(),
        "migrations": migrations,
        "counts": counts,
        "objects": objects,
    }


def _drop_user_references(objects: list[dict]) -> None:
    user_model = apps.get_model(settings.AUTH_USER_MODEL)
    for obj in objects:
        model = apps.get_model(obj["model"])
        for field in model._meta.concrete_fields:
            if field.is_relation and field.related_model is user_model:
                obj["fields"][field.name] = None


def write(data: dict, path: str) -> None:
    """Write the backup; a half-written file never replaces a good one."""
    import os
    import tempfile

    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".clubscore-backup-", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, cls=BackupEncoder, ensure_ascii=False, indent=1)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


# --- Restoring --------------------------------------------------------------------------


def read(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except OSError as error:
        raise BackupError(f"Cannot read {path}: {error.strerror}.") from error
    except json.JSONDecodeError as error:
        raise BackupError(f"{path} is not a ClubScore backup (not JSON: {error}).") from error
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError(f"{path} is not a ClubScore backup.")
    if data.get("version") != VERSION:
        raise BackupError(
            f"{path} is a backup of format version {data.get('version')}; this ClubScore "
            f"reads version {VERSION}."
        )
    return data


def existing_data(labels: Iterable[str]) -> dict[str, int]:
    """Rows already in the database for these models (a restore needs none)."""
    counts = {}
    for name in labels:
        count = apps.get_model(name)._default_manager.count()
        if count:
            counts[name] = count
    return counts


@transaction.atomic
def restore(data: dict) -> dict[str, int]:
    """Load a backup into an empty database, keeping primary keys. Returns the counts."""
    _check_migrations(data.get("migrations", {}))
    labels = sorted({obj["model"] for obj in data["objects"]} | {label(m) for m in data_models()})
    present = existing_data(labels)
    if present:
        listed = ", ".join(f"{count} {name}" for name, count in present.items())
        raise BackupError(
            f"The database already holds data ({listed}). Restore only into an empty "
            "database: create a new one and run `manage.py migrate`, or empty this one "
            "with `manage.py flush` after making a backup of it."
        )
    counts: dict[str, int] = {}
    touched: set[type[models.Model]] = set()
    deferred = []
    for item in serializers.deserialize("python", data["objects"], handle_forward_references=True):
        item.save()
        if item.deferred_fields:
            deferred.append(item)
        model = type(item.object)
        touched.add(model)
        counts[label(model)] = counts.get(label(model), 0) + 1
    # A row named by natural key (a user) before its own row was loaded: link it now.
    for item in deferred:
        item.save_deferred_fields()
    _reset_sequences(touched)
    return counts


def _check_migrations(migrations: dict[str, str]) -> None:
    applied = MigrationRecorder(connection).applied_migrations()
    unknown = [f"{app}.{name}" for app, name in migrations.items() if (app, name) not in applied]
    if unknown:
        raise BackupError(
            "The backup was made by a newer ClubScore or the database is not migrated "
            f"(not applied here: {', '.join(sorted(unknown))}). Run `manage.py migrate` "
            "with the ClubScore version that made the backup, then restore."
        )


def _reset_sequences(touched: set[type[models.Model]]) -> None:
    # Rows came with their ids: the next new row must not collide with them (PostgreSQL
    # keeps a sequence per table that INSERTs with explicit ids do not move).
    sql = connection.ops.sequence_reset_sql(no_style(), list(touched))
    if sql:
        with connection.cursor() as cursor:
            for statement in sql:
                cursor.execute(statement)
