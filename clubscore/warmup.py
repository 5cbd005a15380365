"""Load, once and before gunicorn forks its workers, what each worker would otherwise
load on its first requests: the URL patterns, the compiled templates and the
translation catalogues.

gunicorn loads the app in its master (`preload_app`) and calls `warm_up` from
gunicorn.conf.py; every worker, also one started again after `max_requests` or a
crash, then serves its first tablet at full speed and shares these pages of memory
with the others. Nothing here touches the database: a connection opened in the
master would be shared by every worker.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from django.conf import settings
from django.template.loader import get_template
from django.urls import Resolver404, get_resolver
from django.utils import translation


def warm_up() -> int:
    """Warm the caches; return how many templates were compiled."""
    resolver = get_resolver()
    resolver.reverse_dict  # noqa: B018 - imports every view and builds the reverse map
    for path in ("/", "/s/warm-up/"):
        with contextlib.suppress(Resolver404):
            resolver.resolve(path)  # compiles the patterns tried on the way
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Total")
    compiled = 0
    for config in settings.TEMPLATES:
        for folder in map(Path, config.get("DIRS", [])):
            for file in sorted(folder.rglob("*.html")):
                get_template(file.relative_to(folder).as_posix())
                compiled += 1
    return compiled
