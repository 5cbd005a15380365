"""Making a backup: one consistent read of the rows, serialized with their ids."""

from __future__ import annotations

import json
from collections.abc import Iterable

from django.apps import apps
from django.conf import settings
from django.core import serializers
from django.db import connection, models, transaction
from django.utils import timezone

from .fileformat import FORMAT, VERSION, BackupEncoder, BackupError
from .scope import backed_up_apps, club_models, code_migrations, data_models, event_scope, label


def _serialize(querysets: Iterable[tuple[type[models.Model], models.QuerySet]]) -> list[dict]:
    """The rows in Django's JSON serialization (what `dumpdata` writes and `loaddata`
    reads), times with their microseconds."""
    objects: list[dict] = []
    for _model, queryset in querysets:
        text = serializers.serialize(
            "json", queryset.order_by("pk"), use_natural_foreign_keys=True, cls=BackupEncoder
        )
        objects.extend(json.loads(text))
    return objects


def _migrations() -> dict[str, str]:
    """The last migration of each app the rows depend on (the database is migrated to it:
    a restore checks that its own database is too)."""
    latest = {app: code_migrations(app) for app in backed_up_apps()}
    return {app: names[-1] for app, names in latest.items() if names}


def _snapshot():
    """One consistent view of the data while the backup reads it (tablets keep writing)."""
    atomic = transaction.atomic()
    # Outside any transaction (autocommit on) the snapshot can open the transaction itself.
    if connection.vendor == "postgresql" and transaction.get_autocommit():

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
            scope = event_scope(event_id)
            querysets = [(m, scope[label(m)]()) for m in data_models() if label(m) in scope]
        objects = _serialize(querysets)
        migrations = _migrations()
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
        for field in model._meta.get_fields():
            if field.concrete and field.many_to_one and field.related_model is user_model:
                obj["fields"][field.name] = None
