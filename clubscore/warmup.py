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
from django.urls import NoReverseMatch, Resolver404, resolve, reverse
from django.utils import translation

# One URL of each namespace, with arguments of the right shape.
WARM_URLS = (
    ("home", ()),
    ("login", ()),
    ("events:new", ()),
    ("dashboard:ladder", ()),
    ("printing:blank", ("any-game",)),
    ("scorekeeping:card", ("warm-up",)),
)


def warm_up() -> int:
    """Warm the caches; return how many templates were compiled."""
    # A name reversed in each namespace builds that namespace's reverse map (the URLconf's
    # import imports every view); resolving compiles the patterns tried on the way.
    for name, args in WARM_URLS:
        with contextlib.suppress(NoReverseMatch):
            reverse(name, args=args)
    for path in ("/", "/s/warm-up/"):
        with contextlib.suppress(Resolver404):
            resolve(path)
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Total")
    compiled = 0
    for config in settings.TEMPLATES:
        # Each folder by its own engine (Django's default name for it): the card's Jinja2
        # base has the name of the other pages' base.
        engine = config.get("NAME") or config["BACKEND"].rsplit(".", 2)[-2]
        for folder in map(Path, config.get("DIRS", [])):
            for file in sorted(folder.rglob("*.html")):
                get_template(file.relative_to(folder).as_posix(), using=engine)
                compiled += 1
    return compiled
