"""What differs between two stored versions of an entry, as a person reads it: each field
of the game's entry form whose value differs, by its label, with both values.

The dashboard's dispute ("Where the versions differ", or "What was entered" where no
other version was sent) and a card's history ("Before and after") show it; pages never
import each other, so it lives beside the entry forms.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext

from clubscore.entry_forms import EntryForm


def field_label(form: EntryForm, name: str) -> str:
    """A field's label, with its group's legend when a label of its group stands in
    another group too: "Cards left in hand and foot · Aces", not just "Aces", in Hand and
    Foot; and so every line of that group ("… · Red threes" beside "… · Aces": alone,
    "Red threes" read as some other group's)."""
    label = str(form.fields[name].label)
    legend, group = next(((lg, names) for lg, names in form.groups if name in names), ("", []))
    others = {str(form.fields[n].label) for lg, names in form.groups if lg != legend for n in names}
    if not legend or not others.intersection(str(form.fields[n].label) for n in group):
        return label
    return f"{legend} · {label}"


def initial_of(form_class: type[EntryForm], payload: Any, players: Sequence[str]) -> dict:
    """The form's values for a stored payload; none when the payload does not fit the form."""
    if not isinstance(payload, dict):
        return {}
    try:
        return form_class.initial_from_payload(payload, players)
    except (KeyError, IndexError, TypeError, AttributeError):
        return {}


def shown_value(field: forms.Field, value: Any) -> str:
    """A form value as a person reads it: a name for a choice, Yes or No for a box."""
    if value is None or value == "":
        return "–"
    if isinstance(value, bool):
        return gettext("Yes") if value else gettext("No")
    choices = getattr(field, "choices", None)
    if choices:
        return str(dict((str(key), label) for key, label in choices).get(str(value), value))
    return str(value)


def entered_values(form: EntryForm, payload: Any) -> list[tuple[str, str]]:
    """(what, value) for each field of `form` that has a value in a stored payload of
    what it enters, in the form's order: what a table entered, as the form asked it."""
    values = initial_of(type(form), payload, form.players)
    return [
        (field_label(form, name), shown_value(field, values.get(name)))
        for name, field in form.fields.items()
        if values.get(name) not in (None, "")
    ]


def changed_values(form: EntryForm, before: Any, after: Any) -> list[tuple[str, str, str]]:
    """(what, before, after) for each field of `form` whose value differs between two
    stored payloads of what it enters (a whole entry, or one team's part)."""
    old = initial_of(type(form), before, form.players)
    new = initial_of(type(form), after, form.players)
    return [
        (
            field_label(form, name),
            shown_value(field, old.get(name)),
            shown_value(field, new.get(name)),
        )
        for name, field in form.fields.items()
        if old.get(name) != new.get(name)
    ]
