"""The backup file: its header, and writing and reading it safely."""

from __future__ import annotations

import datetime
import json
import os
import tempfile

from django.core.serializers.json import DjangoJSONEncoder

from clubscore.errors import Refused

FORMAT = "clubscore-backup"
VERSION = 1


class BackupError(Refused):
    """A backup cannot be written or restored; the message says why and what to do."""


class BackupEncoder(DjangoJSONEncoder):
    """Times with their microseconds: DjangoJSONEncoder cuts them to milliseconds, which
    would reorder check-ins or turn-ins made in the same millisecond after a restore."""

    def default(self, o):
        if isinstance(o, datetime.datetime | datetime.time):
            return o.isoformat()
        return super().default(o)


def write(data: dict, path: str) -> None:
    """Write the backup; a half-written file never replaces a good one."""
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
