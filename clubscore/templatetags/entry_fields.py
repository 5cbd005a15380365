"""The entry form's fields, grouped, as the tablet and the organizer's correction show them.

Drawn in Python, not by a template included per field: a card page has a few dozen
fields, and the include, its lookups and its two translated labels per field were half
of the page's rendering (issue 28, `bench/bench_requests.py`). Each widget is still
drawn by Django (`str(field)`; the count widget by `markup.CountInput`, without templates).
"""

from __future__ import annotations

from typing import Any

from django import forms, template
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from clubscore.markup import escaped

register = template.Library()


@register.simple_tag(takes_context=True)
def entry_groups(context: template.Context, form: forms.Form) -> SafeString:
    """Each group of `form.field_groups` in its fieldset; the meld calculator's opener
    beside a field that has one, on a card (its `token` in the context)."""
    token = context.get("token")
    markup_key = getattr(form, "markup_key", None)  # an entry form's (`EntryForm`)
    key = markup_key(token) if markup_key else None
    if key is None:
        return mark_safe(_groups(form, token))
    # A form that shows no values is drawn the same each time: drawn once, then kept
    # (issue 28: the fields were a fifth of a card page; both tablets of a table show
    # the same next hand, and a tablet reads its card again after each confirmation).
    markup = cache.get(key)
    if markup is None:
        markup = _groups(form, token)
        cache.set(key, markup, KEPT_SECONDS)
    return mark_safe(markup)


KEPT_SECONDS = 3 * 3600  # an evening


def _groups(form: forms.Form, token: str | None) -> str:
    steps = StepWords()
    return "".join(
        f'<fieldset class="group"><legend>{escaped(legend)}</legend>'
        f'<div class="group-fields">{"".join(_field(f, token, steps) for f in fields)}</div>'
        "</fieldset>"
        for legend, fields in form.field_groups
    )


class StepWords:
    """The − and + buttons' labels, translated once a form (a form has up to 17 counts)."""

    def __init__(self) -> None:
        self.one = (_("One less: %(label)s"), _("One more: %(label)s"))
        self.many = (_("%(step)s less: %(label)s"), _("%(step)s more: %(label)s"))


@register.simple_tag
def error_slots(form: forms.Form) -> SafeString:
    """Each field's errors, sent with a preview to replace those the page shows
    (hx-swap-oob): the errors of what is typed now, an empty slot where they are gone.
    Read from `form.errors`, without a bound field each (a preview is sent per count)."""
    errors = form.errors
    return mark_safe(
        "".join(
            f'<div id="err-{escaped(form.add_prefix(name))}" class="field-errors" '
            f'hx-swap-oob="true">{_errors(errors.get(name, ()))}</div>'
            for name in form.fields
        )
    )


def _errors(errors: list) -> str:
    return "".join(f'<p class="field-error" role="alert">{escaped(e)}</p>' for e in errors)


def _field(field: forms.BoundField, token: str | None, steps: StepWords) -> str:
    errors = field.errors
    state = " has-error" if errors else ""
    # Filled by the preview (hx-swap-oob) while typing, so it is there when empty too.
    slot = f"err-{escaped(field.html_name)}"
    shown_errors = f'<div id="{slot}" class="field-errors">{_errors(errors)}</div>'
    kind = field.widget_type
    # Read once: the label is a lazy translation, the id a property.
    text, at = str(field.label), escaped(field.id_for_label)
    label = escaped(text)
    if kind == "radioselect":
        choices = "".join(
            f'<label for="{escaped(radio.id_for_label)}" class="choice">{radio.tag()} '
            f"<span>{escaped(radio.choice_label)}</span></label>"
            for radio in field
        )
        return (
            f'<fieldset class="field choice-field{state}" aria-describedby="{slot}">'
            f"<legend>{label}</legend>"
            f'<div class="choices">{choices}</div>{shown_errors}</fieldset>'
        )
    # Described by its own slot, which the preview fills as the count is typed (Django's
    # own "id_…_error" names an element this markup does not draw).
    widget = field.as_widget(attrs={"aria-describedby": slot})
    if kind in ("count", "number"):
        return (
            f'<div class="field count-field{state}"><label for="{at}">{label}</label>'
            f"{_stepper(field, widget, text, at, steps)}{_meld_calculator(field, token)}"
            f"{shown_errors}</div>"
        )
    if kind == "checkbox":
        return (
            f'<div class="field check-field{state}"><label for="{at}" class="check">'
            f"{widget} <span>{label}</span></label>{shown_errors}</div>"
        )
    field_markup = f'<label for="{at}">{label}</label>{widget}{shown_errors}'
    return f'<div class="field{state}">{field_markup}</div>'


def _stepper(field: forms.BoundField, widget: str, label: str, at: str, steps: StepWords) -> str:
    """The count (`widget`, drawn) between − and + buttons that move it by the game's
    unit (`at` is escaped already)."""
    step = getattr(field.field, "step", None) or 1
    filled = {"step": step, "label": label}
    less, more = (text % filled for text in (steps.one if step == 1 else steps.many))
    return (
        '<div class="stepper">'
        f'<button type="button" class="step" data-step="-{step}" aria-controls="{at}" '
        f'aria-label="{escaped(less)}">−</button>{widget}'
        f'<button type="button" class="step" data-step="{step}" aria-controls="{at}" '
        f'aria-label="{escaped(more)}">+</button></div>'
    )


def _meld_calculator(field: forms.BoundField, token: str | None) -> SafeString | str:
    calculator: Any = getattr(field.field, "calculator", None)
    if not calculator or not token:
        return ""
    return render_to_string(
        "scorekeeping/melds.html#opener",
        {"token": token, "seat": calculator["seat"], "name": calculator["player"]},
    )
