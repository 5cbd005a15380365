"""An HTML checker for the tests: html5lib's parser (the WHATWG parsing algorithm, every
parse error it reports) plus the Nu checker's rules our pages could break.

The Nu HTML checker (vnu) needs Java, which neither the club's machines nor CI install
(a JRE is about 200 MB from Debian); html5lib is pure Python (README: dependencies).
What the parser does not see (content models and attribute values) is checked here
for what our templates use: the rules below are the Nu checker's, worded as its
messages. htmx's hx-* attributes are not HTML: they are left alone, as the issue asks.
"""

from __future__ import annotations

import re
from collections import Counter

import html5lib

TEXT_TYPES = {"text", "search", "url", "tel", "email", "password"}
INPUT_TYPES = TEXT_TYPES | {"hidden", "number", "checkbox", "radio", "submit", "button"}
INPUT_TYPES |= {"reset", "date", "time", "datetime-local", "month", "week", "range"}
INPUT_TYPES |= {"color", "file", "image"}
INTERACTIVE = {"a", "button", "input", "select", "textarea", "details", "label", "iframe"}
LIST_CHILDREN = {"li", "script", "template"}
ID_REFERENCES = ("aria-labelledby", "aria-describedby", "aria-controls", "list")

# Valid date and time strings of the HTML standard (a fraction has 1 to 3 digits).
_DATE = r"\d{4,}-\d\d-\d\d"
_TIME = r"\d\d:\d\d(?::\d\d(?:\.\d{1,3})?)?"
_ZONE = r"(?:Z|[+-]\d\d:?\d\d)"
DATETIME = re.compile(
    rf"^(?:{_DATE}|\d{{4,}}-\d\d|--\d\d-\d\d|{_TIME}|{_DATE}[T ]{_TIME}{_ZONE}?|{_ZONE}"
    rf"|\d{{4,}}|\d{{4,}}-W\d\d|P(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d{{1,3}})?S)?)?)$"
)


def check(text: str) -> list[str]:
    """Every error found in the page `text`, as a line a person can act on."""
    parser = html5lib.HTMLParser(namespaceHTMLElements=False)
    root = parser.parse(text)
    errors = [f"parse error {code} {data or ''}".strip() for _pos, code, data in parser.errors]
    if not text.lstrip().lower().startswith("<!doctype html>"):
        errors.append("the page does not begin with <!doctype html>")
    elements = list(root.iter())
    ids = Counter(element.get("id") for element in elements if element.get("id"))
    errors += [f'Duplicate ID "{name}" ({count} times)' for name, count in ids.items() if count > 1]
    for element in elements:
        errors += _element(element, ids)
    return errors


def _element(element, ids: Counter) -> list[str]:
    tag = element.tag if isinstance(element.tag, str) else ""
    errors = []
    if tag == "input":
        kind = (element.get("type") or "text").lower()
        if kind not in INPUT_TYPES:
            errors.append(f'Bad value "{kind}" for attribute "type" on element "input"')
        if element.get("pattern") is not None and kind not in TEXT_TYPES:
            errors.append(f'Attribute "pattern" is not allowed on input type="{kind}"')
    if tag == "time" and element.get("datetime") is not None:
        value = element.get("datetime")
        if not DATETIME.match(value):
            errors.append(f'Bad value "{value}" for attribute "datetime" on element "time"')
    if tag == "label" and element.get("for") and element.get("for") not in ids:
        errors.append(f'The "for" of a label must name a form control: "{element.get("for")}"')
    for attribute in ID_REFERENCES:
        for name in (element.get(attribute) or "").split():
            if name not in ids:
                errors.append(f'"{attribute}" names no element of the page: "{name}"')
    if tag in ("ul", "ol"):
        for child in element:
            if isinstance(child.tag, str) and child.tag not in LIST_CHILDREN:
                errors.append(f'Element "{child.tag}" not allowed as child of element "{tag}"')
    if tag in ("a", "button"):
        for inner in element.iter():
            if inner is not element and inner.tag in INTERACTIVE:
                errors.append(f'The element "{inner.tag}" must not appear inside "{tag}"')
    if tag == "button" and (element.get("type") or "submit") not in ("submit", "reset", "button"):
        errors.append(f'Bad value "{element.get("type")}" for attribute "type" on "button"')
    return errors
