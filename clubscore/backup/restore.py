"""Loading a backup into an empty database, keeping every id."""

from __future__ import annotations

from collections.abc import Iterable

from django.apps import apps
from django.core import serializers
from django.core.management.color import no_style
from django.db import connection, models, transaction
from django.db.migrations.recorder import MigrationRecorder

from .fileformat import BackupError
from .scope import data_models, label


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
