"""The tablets' number inputs are drawn without templates, as Django would draw them."""

from __future__ import annotations

import re

import pytest
from django import forms

from clubscore.entry_forms import NUMBER_ATTRS
from clubscore.markup import CountInput


def parts(html: str) -> tuple[str, set[str]]:
    """The tag and its set of attributes (the order of attributes does not matter)."""
    tag, attrs = re.fullmatch(r"<(\w+)(.*?)>", html).groups()
    return tag, set(re.findall(r'\s([\w-]+(?:="[^"]*")?)', attrs))


@pytest.mark.parametrize("value", [None, "", 0, 12, "-3", '"><script>'])
@pytest.mark.parametrize(
    "attrs", [{"id": "id_low", "required": True, "aria-describedby": "err"}, {"disabled": False}]
)
def test_it_draws_what_djangos_number_input_draws(value, attrs):
    widget_attrs = dict(NUMBER_ATTRS, placeholder="0", **{"data-auto": "1"})
    django = forms.NumberInput(widget_attrs).render("teams-1-low", value, attrs)
    ours = CountInput(widget_attrs).render("teams-1-low", value, attrs)
    assert parts(ours) == parts(django)
    assert "<script>" not in ours
