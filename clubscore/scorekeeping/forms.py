"""The card's own small forms: a dispute's note, and what was typed kept as a draft."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubscore.club.models import visible_text
from clubscore.entry_forms import EntryForm


class DisputeForm(forms.Form):
    note = forms.CharField(
        label=_("What is wrong?"),
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2}),
        validators=[visible_text],
    )


#: A draft keeps this much of each field: far more than any count, far less than a page.
DRAFT_FIELD_LENGTH = 40


def raw_values(form: EntryForm, data: Mapping[str, Any]) -> dict[str, str]:
    """What was typed in the form's fields, as text: kept as a draft, restored on reload.

    NUL bytes are left out: nobody types one, and PostgreSQL's JSON cannot hold it.
    """
    values = {}
    for name in form.fields:
        value = str(data.get(name, "")).replace("\x00", "")[:DRAFT_FIELD_LENGTH]
        if value != "":
            values[name] = value
    return values
