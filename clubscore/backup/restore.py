"""Loading a backup into an empty database, keeping every id, through `loaddata`."""

from __future__ import annotations

import io
import json
import os
import tempfile
from collections.abc import Iterable
from contextlib import redirect_stderr

from django.apps import apps
from django.core.management import call_command
from django.db import transaction

from .fileformat import BackupEncoder, BackupError
from .scope import code_migrations, data_models, label


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
    for obj in data["objects"]:
        counts[obj["model"]] = counts.get(obj["model"], 0) + 1
    if counts:
        _load(data["objects"])
    return counts


def _load(objects: list[dict]) -> None:
    """`loaddata` keeps the ids, links rows named by natural key (a user) wherever they
    come in the file, and moves PostgreSQL's id sequences past the loaded ids."""
    handle, path = tempfile.mkstemp(suffix=".json", prefix="clubscore-restore-")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(objects, out, cls=BackupEncoder, ensure_ascii=False)
        call_command("loaddata", path, verbosity=0)
    finally:
        os.unlink(path)


def _check_migrations(migrations: dict[str, str]) -> None:
    unknown = [
        f"{app}.{name}"
        for app, name in migrations.items()
        if app not in apps.app_configs or name not in code_migrations(app)
    ]
    if unknown:
        raise BackupError(
            "The backup was made by a newer ClubScore or the database is not migrated "
            f"(not applied here: {', '.join(sorted(unknown))}). Run `manage.py migrate` "
            "with the ClubScore version that made the backup, then restore."
        )
    try:
        with redirect_stderr(io.StringIO()):
            call_command("migrate", check_unapplied=True, skip_checks=True, verbosity=0)
    except SystemExit as unapplied:
        raise BackupError(
            "The database is not migrated: run `manage.py migrate`, then restore."
        ) from unapplied
