"""Making a backup: one consistent read of the rows, serialized with their ids."""

from __future__ import annotations

from collections.abc import Iterable

from django.apps import apps
from django.conf import settings
from django.core import serializers
from django.db import connection, models, transaction
from django.db.migrations.recorder import MigrationRecorder
from django.utils import timezone

from .fileformat import FORMAT, VERSION, BackupError
from .scope import DATA_APPS, club_models, data_models, event_scope, label


def _serialize(querysets: Iterable[tuple[type[models.Model], models.QuerySet]]) -> list[dict]:
    objects: list[dict] = []
    for _model, queryset in querysets:
        objects.extend(
            serializers.serialize("python", queryset.order_by("pk"), use_natural_foreign_keys=True)
        )
    return objects


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
            scope = event_scope(event_id)
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
