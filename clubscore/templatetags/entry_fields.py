"""The entry form's fields, grouped, as the tablet and the organizer's correction show them.

Drawn in Python, not by a template included per field: a card page has a few dozen
fields, and the include, its lookups and its two translated labels per field were half
of the page's rendering (issue 28, `bench/bench_requests.py`). Each widget is still
drawn by Django (`str(field)`; the count widget by `CountInput`, without templates).
"""

from __future__ import annotations

from typing import Any

from django import forms, template
from django.template.loader import render_to_string
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

register = template.Library()


@register.simple_tag(takes_context=True)
def entry_groups(context: template.Context, form: forms.Form) -> SafeString:
    """Each group of `form.field_groups` in its fieldset; the meld calculator's opener
    beside a field that has one, on a card (its `token` in the context)."""
    token = context.get("token")
    return mark_safe(
        "".join(
            format_html(
                '<fieldset class="group"><legend>{}</legend><div class="group-fields">{}</div>'
                "</fieldset>",
                legend,
                mark_safe("".join(_field(field, token) for field in fields)),
            )
            for legend, fields in form.field_groups
        )
    )


@register.simple_tag
def error_slots(form: forms.Form) -> SafeString:
    """Each field's errors, sent with a preview to replace those the page shows
    (hx-swap-oob): the errors of what is typed now, an empty slot where they are gone.
    Read from `form.errors`, without a bound field each (a preview is sent per count)."""
    errors = form.errors
    return format_html_join(
        "",
        '<div id="err-{}" class="field-errors" hx-swap-oob="true">{}</div>',
        ((form.add_prefix(name), _errors(errors.get(name, ()))) for name in form.fields),
    )


def _errors(errors: list) -> SafeString:
    return format_html_join(
        "", '<p class="field-error" role="alert">{}</p>', ((e,) for e in errors)
    )


def _field(field: forms.BoundField, token: str | None) -> SafeString:
    errors = field.errors
    state = " has-error" if errors else ""
    # Filled by the preview (hx-swap-oob) while typing, so it is there when empty too.
    shown_errors = format_html(
        '<div id="err-{}" class="field-errors">{}</div>', field.html_name, _errors(errors)
    )
    kind = field.widget_type
    # Read once: the label is a lazy translation, the id a property.
    label, at = str(field.label), field.id_for_label
    if kind in ("count", "number"):
        return format_html(
            '<div class="field count-field{}"><label for="{}">{}</label>{}{}{}</div>',
            state,
            at,
            label,
            _stepper(field, label, at),
            _meld_calculator(field, token),
            shown_errors,
        )
    if kind == "checkbox":
        return format_html(
            '<div class="field check-field{}"><label for="{}" class="check">{} <span>{}</span>'
            "</label>{}</div>",
            state,
            at,
            field,
            label,
            shown_errors,
        )
    if kind == "radioselect":
        choices = format_html_join(
            "",
            '<label for="{}" class="choice">{} <span>{}</span></label>',
            ((radio.id_for_label, radio.tag(), radio.choice_label) for radio in field),
        )
        return format_html(
            '<fieldset class="field choice-field{}"><legend>{}</legend>'
            '<div class="choices">{}</div>{}</fieldset>',
            state,
            label,
            choices,
            shown_errors,
        )
    return format_html(
        '<div class="field{}"><label for="{}">{}</label>{}{}</div>',
        state,
        at,
        label,
        field,
        shown_errors,
    )


def _stepper(field: forms.BoundField, label: str, at: str) -> SafeString:
    """The count between − and + buttons that move it by the game's unit."""
    step = getattr(field.field, "step", None) or 1
    if step == 1:
        less = _("One less: %(label)s") % {"label": label}
        more = _("One more: %(label)s") % {"label": label}
    else:
        less = _("%(step)s less: %(label)s") % {"step": step, "label": label}
        more = _("%(step)s more: %(label)s") % {"step": step, "label": label}
    return format_html(
        '<div class="stepper">'
        '<button type="button" class="step" data-step="-{}" aria-controls="{}" aria-label="{}">'
        "−</button>{}"
        '<button type="button" class="step" data-step="{}" aria-controls="{}" aria-label="{}">'
        "+</button></div>",
        step,
        at,
        less,
        field,
        step,
        at,
        more,
    )


def _meld_calculator(field: forms.BoundField, token: str | None) -> SafeString | str:
    calculator: Any = getattr(field.field, "calculator", None)
    if not calculator or not token:
        return ""
    return render_to_string(
        "scorekeeping/melds.html#opener",
        {"token": token, "seat": calculator["seat"], "name": calculator["player"]},
    )
