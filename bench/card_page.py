"""A tablet's card page read as a browser reads it, for the load test (`bench/load.py`).

The load generator must keep playing while the card page's markup changes, so it
reads no markup detail: the forms (their action, their controls in page order, the
named submit buttons), which element polls (htmx `hx-get` with an `every` trigger)
and what the page says in its status and alert regions. A form is sent the way a
browser sends it: every named control with its current value, a checkbox only when
ticked, the tapped button's name and value. Pure Python (html.parser), no Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urldefrag, urljoin

#: Input types a browser never sends by themselves (a button only when it is tapped).
BUTTON_TYPES = {"submit", "button", "reset", "image"}


class FormError(Exception):
    """The page's form cannot take what the tablet wants to type in it."""


@dataclass
class Control:
    name: str
    kind: str  # "text", "number", "hidden", "checkbox", "radio", "textarea", "select", ...
    value: str
    checked: bool = False


@dataclass
class Form:
    action: str  # path and query, resolved against the page, without the #fragment
    attrs: dict[str, str]
    controls: list[Control] = field(default_factory=list)
    buttons: list[tuple[str, str]] = field(default_factory=list)  # named submit buttons

    @property
    def names(self) -> list[str]:
        """Every named control, in page order, once each."""
        return list(dict.fromkeys(control.name for control in self.controls))

    def hidden(self) -> dict[str, str]:
        return {c.name: c.value for c in self.controls if c.kind == "hidden"}

    def data(
        self, typed: dict[str, str | bool] | None = None, button: int | None = 0
    ) -> dict[str, str]:
        """What a browser sends after `typed` was entered (text for a field, True or False
        for a checkbox) and the `button`-th named submit button was tapped (the form's
        unnamed button, which sends nothing, when there is none)."""
        typed = dict(typed or {})
        unknown = set(typed) - set(self.names)
        if unknown:
            raise FormError(
                f"the form {self.action} has no field {', '.join(sorted(unknown))} "
                f"(its fields: {', '.join(self.names)})"
            )
        sent: dict[str, str] = {}
        for control in self.controls:
            name = control.name
            if control.kind == "checkbox":
                if bool(typed[name]) if name in typed else control.checked:
                    sent[name] = control.value or "on"
            elif control.kind == "radio":
                if (typed[name] == control.value) if name in typed else control.checked:
                    sent[name] = control.value
            else:
                value = typed.get(name, control.value)
                if isinstance(value, bool):
                    raise FormError(f"{name} is a {control.kind} field, not a tick box")
                sent[name] = str(value)
        if button is not None and self.buttons:
            name, value = self.buttons[button]
            sent[name] = value
        return sent


@dataclass
class Page:
    url: str
    forms: list[Form]
    polls: list[str]  # the URLs the page polls (htmx every ...), resolved
    notices: list[str]  # the text of status and alert regions (messages, errors)

    def form(self, action: str, **hidden: str) -> Form | None:
        """The first form sent to `action` (a path) whose hidden fields have these values."""
        for found in self.forms:
            if found.action == action and all(
                found.hidden().get(name) == value for name, value in hidden.items()
            ):
                return found
        return None

    def says(self) -> str:
        return " | ".join(self.notices) or "nothing in its status or alert regions"


class _Reader(HTMLParser):
    def __init__(self, url: str) -> None:
        super().__init__(convert_charrefs=True)
        self.url = url
        self.forms: list[Form] = []
        self.polls: list[str] = []
        self.notices: list[str] = []
        self.form: Form | None = None
        self.textarea: Control | None = None
        self.select: Control | None = None
        self.option: dict[str, str] | None = None
        self.region_depth: list[int] = []  # open status/alert regions, by element depth
        self.region_text: list[list[str]] = []
        self.depth = 0

    def resolve(self, url: str) -> str:
        return urldefrag(urljoin(self.url, url))[0]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {name: value or "" for name, value in attrs}
        if tag not in VOID:
            self.depth += 1
        if "hx-get" in a and "every " in a.get("hx-trigger", ""):
            self.polls.append(self.resolve(a["hx-get"]))
        if a.get("role") in ("status", "alert") and tag not in VOID:
            self.region_depth.append(self.depth)
            self.region_text.append([])
        if tag == "form":
            self.form = Form(action=self.resolve(a.get("action", self.url)), attrs=a)
            self.forms.append(self.form)
            return
        form = self.form
        if form is None or "disabled" in a:
            return
        name = a.get("name", "")
        if tag == "input":
            kind = a.get("type", "text").lower()
            if kind in BUTTON_TYPES:
                if kind in ("submit", "image") and name:
                    form.buttons.append((name, a.get("value", "")))
            elif name:
                form.controls.append(Control(name, kind, a.get("value", ""), "checked" in a))
        elif tag == "button" and a.get("type", "submit").lower() == "submit" and name:
            form.buttons.append((name, a.get("value", "")))
        elif tag == "textarea" and name:
            self.textarea = Control(name, "textarea", "")
            form.controls.append(self.textarea)
        elif tag == "select" and name:
            self.select = Control(name, "select", "")
            form.controls.append(self.select)
        elif tag == "option" and self.select is not None:
            self.option = a
            if "selected" in a or not self.select.value:
                self.select.value = a.get("value", "")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form = None
        elif tag == "textarea":
            self.textarea = None
        elif tag == "select":
            self.select = None
        if tag in VOID:
            return
        if self.region_depth and self.region_depth[-1] == self.depth:
            self.region_depth.pop()
            text = " ".join(" ".join(self.region_text.pop()).split())
            if text:
                self.notices.append(text)
        self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            self.textarea.value += data
        for texts in self.region_text:
            texts.append(data)


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}
VOID |= {"track", "wbr"}


def read(html: str, url: str) -> Page:
    """The page at `url` (a path), as a browser sees its forms, polls and messages."""
    reader = _Reader(url)
    reader.feed(html)
    reader.close()
    return Page(url=url, forms=reader.forms, polls=reader.polls, notices=reader.notices)
