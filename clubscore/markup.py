"""HTML drawn in Python for the tablet's hottest parts (the entry fields, a few dozen a page).

Django's `format_html` escapes each value through `conditional_escape`, whose lazy-text
wrapper cost more than the escaping itself: with a few hundred values a card page, it
was about a fifth of the page's rendering (issue 28, cProfile of `bench/bench_requests.py`).
`escaped` escapes exactly as Django does (`html.escape`, quotes included) and leaves safe
HTML alone, as `conditional_escape` does; the callers join plain f-strings.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.safestring import SafeString, mark_safe


def escaped(value: Any) -> str:
    """`value` as HTML text: safe HTML (`__html__`) as it is, anything else escaped."""
    if hasattr(value, "__html__"):
        return value.__html__()
    return html.escape(str(value))


def attributes(attrs: Mapping[str, Any]) -> str:
    """` name="value"` for each attribute, escaped, in order; then the bare names of those
    that are True. False or None leaves an attribute out (as Django's widget templates do)."""
    # The names are the code's own (widget attributes), never typed: only values escaped.
    pairs = "".join(
        f' {k}="{escaped(v)}"'
        for k, v in attrs.items()
        if v is not None and not isinstance(v, bool)
    )
    return pairs + "".join(f" {k}" for k, v in attrs.items() if v is True)


class CountInput(forms.NumberInput):
    """A number input drawn without the template engine, the same markup as Django's.

    A card page has a few dozen of them, and rendering each through the widget
    templates was about a third of the page's time (measured with cProfile).
    """

    def render(self, name: str, value: Any, attrs: dict | None = None, renderer=None) -> SafeString:
        # Widget.format_value and build_attrs, as get_context calls them.
        shown = self.format_value(value)
        value_attr = "" if shown is None else f' value="{escaped(shown)}"'
        return mark_safe(
            f'<input type="{self.input_type}" name="{escaped(name)}"{value_attr}'
            f"{attributes(self.build_attrs(self.attrs, attrs))}>"
        )
