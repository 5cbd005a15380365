"""A game's options as form fields, asked of `clubscore.games` and never restated here.

Each `Option` of the game (label, default, limits, help, suggested values) becomes
one field; the game's own `clean_options` then checks the values, and its errors
(keyed by option name) land on the field at fault. The organizer's event form and
the Django admin's both use this builder.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from clubscore.games import Game, Option, ScoreError
from clubscore.numbers import WholeNumberField
from clubscore.translation import translate

# One whole number in a list: ASCII digits only, short enough for any option's limit.
LIST_ITEM = re.compile(r"-?[0-9]{1,9}")


class IntListField(forms.CharField):
    """Whole numbers separated by commas, such as "90, 120, 150"."""

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list | tuple):
            return ", ".join(str(item) for item in value)
        return value

    def to_python(self, value: Any) -> list[int]:
        # A disabled field (the options once scored) is cleaned from its saved list.
        text = super().to_python(self.prepare_value(value))
        if not text:
            return []
        items = [item.strip() for item in text.split(",")]
        if not all(LIST_ITEM.fullmatch(item) for item in items):
            raise forms.ValidationError(
                _("Enter whole numbers separated by commas, such as 90, 120, 150."),
                code="invalid",
            )
        return [int(item) for item in items]


def limits_text(option: Option) -> str:
    """The option's limits in words, shown after its help."""
    limits = {"minimum": option.minimum, "maximum": option.maximum}
    if option.kind == "int_list":
        return _("Up to %(count)s values, each from %(minimum)s to %(maximum)s.") % {
            **limits,
            "count": option.max_items,
        }
    if option.kind == "optional_int":
        return _("From %(minimum)s to %(maximum)s, or empty.") % limits
    return _("From %(minimum)s to %(maximum)s.") % limits


def option_field(option: Option) -> forms.Field:
    """The form field of one option, in the active language."""
    label = translate(option.label)
    if option.kind == "bool":
        return forms.BooleanField(
            label=label, initial=option.default, help_text=translate(option.help), required=False
        )
    help_text = f"{translate(option.help)} {limits_text(option)}".strip()
    if option.kind == "int_list":
        return IntListField(
            label=label,
            initial=option.default,
            help_text=help_text,
            max_length=20 * option.max_items,
            widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
        )
    attrs: dict[str, Any] = {"min": option.minimum, "max": option.maximum, "step": 1}
    if option.suggestions:
        # The template renders the game's suggested values as a <datalist> of this id.
        attrs["list"] = f"{option.name}-suggestions"
    field = WholeNumberField(
        label=label,
        initial=option.default,
        help_text=help_text,
        # The game decides what is allowed (its messages, its limits); an optional
        # option is left empty for "none".
        required=option.kind != "optional_int",
        widget=forms.NumberInput(attrs=attrs),
    )
    field.suggestions = option.suggestions
    return field


def option_fields(game: Game) -> dict[str, forms.Field]:
    """Every option of ``game`` as a form field, keyed by the option's name."""
    return {option.name: option_field(option) for option in game.options}


def clean_option_fields(form: forms.Form, game: Game) -> dict[str, Any] | None:
    """Check the option fields of ``form`` with the game; its errors go on their fields.

    Returns the game's cleaned options, or ``None`` when something is wrong.
    """
    names = {option.name for option in game.options}
    typed = {name: form.cleaned_data[name] for name in names if name in form.cleaned_data}
    try:
        cleaned = game.clean_options(typed)
    except ScoreError as error:
        # A field that could not even be read keeps its own message.
        unread = {name for name in names if name in form.errors}
        for path, messages in error.errors.items():
            name = path.split(".", 1)[0]
            field = name if name in names else None
            if field not in unread:
                for text in messages:
                    form.add_error(field, translate(text))
        return None
    if any(name in form.errors for name in names):
        return None
    return cleaned
