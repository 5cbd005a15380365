"""Numbers a client sends: only the ASCII digits 0-9 (and a leading minus) make a number.

Python's ``int()`` and ``str.isdigit()`` also read other scripts' digits ("١٢" is 12
to ``int``, "²" is a digit to ``isdigit`` but not to ``int``), so every number a form
or a query string brings is read here, never by ``int()`` on the raw text.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

ASCII_INT = re.compile(r"-?[0-9]+")
#: Far longer than any number a page could mean (the games then say their limit);
#: Python refuses to read more than 4300 digits anyway.
MAX_DIGITS = 1000


def parse_int(text: Any) -> int | None:
    """The whole number ``text`` spells in ASCII digits, else None (blank, words, ``²``)."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    if len(text) > MAX_DIGITS or not ASCII_INT.fullmatch(text):
        return None
    return int(text)


class WholeNumberField(forms.IntegerField):
    """Django's IntegerField, but reading only the digits 0-9 (no "١٢", "²", "1_000", "1e3")."""

    default_error_messages = {
        "invalid": _("Enter a whole number with the digits 0 to 9."),
        "too_long": _("This number is far too long."),
        # The limits in the words the games use for theirs, not Django's "Ensure this
        # value is greater than or equal to 1."
        "min_value": _("Must be at least %(limit_value)s."),
        "max_value": _("Must be at most %(limit_value)s."),
    }

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        text = str(value).strip()
        if len(text) > MAX_DIGITS and ASCII_INT.fullmatch(text):
            raise ValidationError(self.error_messages["too_long"], code="too_long")
        number = parse_int(text)
        if number is None:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return number
