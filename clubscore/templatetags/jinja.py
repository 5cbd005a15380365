"""The Jinja2 environment of the tablet's card page (issue 28).

The card page is the request a tablet makes most after a poll; Django's template
engine was two thirds of it. Jinja2 compiles a template to Python, so the card and its
parts (`jinja_templates/scorekeeping/`) cost a fraction; every other page stays a Django
template. What the card's templates call is here, and means what Django's tags and
filters of the same name mean: gettext from Django's catalogues, ``url`` is
``reverse``, dates and times in the event's time zone, ``static`` the collected name.
"""

from __future__ import annotations

import datetime
import functools
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import get_script_prefix, reverse
from django.utils import formats, timezone, translation
from django.utils.html import json_script
from jinja2 import Environment, pass_context
from markupsafe import Markup

from .clubscore_i18n import translated
from .entry_fields import entry_groups, error_slots


def url(name: str, *args: Any) -> str:
    """``{% url name arg %}``."""
    return _reversed(get_script_prefix(), name, args)


@functools.lru_cache(maxsize=4096)
def _reversed(prefix: str, name: str, args: tuple) -> str:
    # A card names its own URLs a dozen times (each row's "Edit", each hand to confirm);
    # a URL is the same for the life of the process, under the same prefix.
    return reverse(name, args=args)


def _local(value: datetime.datetime) -> datetime.datetime:
    return timezone.localtime(value) if timezone.is_aware(value) else value


def date(value: datetime.datetime | None, format: str) -> str:
    """``|date:format``: empty for no date."""
    return formats.date_format(_local(value), format) if value else ""


def time(value: datetime.datetime | None, format: str) -> str:
    """``|time:format``: empty for no time."""
    return formats.time_format(_local(value), format) if value else ""


def now(format: str) -> str:
    """``{% now format %}``."""
    return formats.date_format(timezone.localtime(), format)


@pass_context
def fields(context: Any, form: Any) -> Markup:
    """``{% entry_groups form %}``: the form's fields (the card's token from the context)."""
    return Markup(entry_groups(context, form))


def django_template(name: str, **context: Any) -> Markup:
    """A Django template drawn inside the card: the site's one of a kind (a form field
    with its label and errors), kept in one place."""
    return Markup(render_to_string(name, context))


def environment(**options: Any) -> Environment:
    env = Environment(**options)
    # Classic gettext, formatted with ``%``: makemessages reads ``{{ _("...") }}``
    # at the start of an output tag, as it reads a Django template.
    env.install_gettext_callables(translation.gettext, translation.ngettext)
    env.globals.update(
        url=url,
        django_template=django_template,
        # A static file's name is the same for the life of the process (the card's
        # head names a dozen).
        static=functools.cache(static),
        now=now,
        entry_groups=fields,
        error_slots=lambda form: Markup(error_slots(form)),
        languages=settings.LANGUAGES,
        get_language=translation.get_language,
    )
    env.filters.update(date=date, time=time, translated=translated, json_script=json_script)
    return env
