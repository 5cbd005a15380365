"""Messages of the pure-Python engine (the games and the draw) that can be translated later.

Pure Python, no Django: the scoring and draw contracts promise plain English ``str``
messages, and outside tools read them as such. A ``Message`` is that English ``str``
and also carries the untranslated template and its parameters, so the Django layer
(``clubscore.translation.translate``) can show it in the reader's language as
``gettext(template).format(**params)``, long after the English text was made.

Templates stay inside ``_()`` so ``makemessages`` (xgettext) extracts them::

    message(_("Must be at most {maximum}."), maximum=maximum)

Parameters may be Messages themselves (translated in turn), numbers or plain text
(player names, card codes: shown as they are).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any


class Message(str):
    """English text that remembers how it was made: ``template`` and ``params``.

    It is a ``str`` equal to the English text, so everything that compares, joins,
    prints or serialises messages keeps working. ``params`` is ``None`` for a message
    that is its template as it stands (nothing to fill in).
    """

    template: str
    params: dict[str, Any] | None

    def __new__(cls, template: str, params: Mapping[str, Any] | None = None) -> Message:
        template = str(template)
        if params is None:
            self = super().__new__(cls, template)
        else:
            params = dict(params)
            self = super().__new__(cls, template.format(**params))
        self.template = template
        self.params = params
        return self

    def __repr__(self) -> str:
        return f"Message({str(self)!r})"


@cache
def _(template: str) -> Message:
    """Mark ``template`` for translation (like ``gettext_noop``); it stays English here."""
    return Message(template)


def message(template: str, /, **params: Any) -> Message:
    """``template.format(**params)`` as a Message that keeps ``template`` and ``params``."""
    return Message(template, params)


def join(separator: str, items: Iterable[str]) -> Message:
    """``separator.join(items)`` as a Message, so each item (and the separator) translates.

    Its template (``"{item0}{separator}{item1}"``) is no catalogue entry: the parts are.
    """
    parts = list(items)
    keys = [f"item{index}" for index in range(len(parts))]
    template = "{separator}".join("{" + key + "}" for key in keys)
    return Message(template, {"separator": separator, **dict(zip(keys, parts, strict=True))})


def rename(text: str, names: Mapping[str, str]) -> str:
    """``text`` with every plain-text parameter found in ``names`` replaced by its name.

    The draw speaks in player ids ("12 and 15 were partners..."); the organizer reads
    names. Only whole parameters are replaced, never digits inside a sentence, so a
    table number or a count is never mistaken for a player.
    """
    if not isinstance(text, Message) or text.params is None:
        return text
    params = {
        key: (
            rename(value, names)
            if isinstance(value, Message)
            else names.get(value, value)
            if isinstance(value, str)
            else value
        )
        for key, value in text.params.items()
    }
    return Message(text.template, params)


def to_data(text: Any) -> Any:
    """A JSON-ready form of ``text`` that ``from_data`` turns back into the same Message.

    Plain text, numbers, ``None`` and booleans stay as they are; a Message becomes
    ``{"template": ..., "params": {...}}``; anything else becomes its text.
    """
    if isinstance(text, Message):
        params = None
        if text.params is not None:
            params = {key: to_data(value) for key, value in text.params.items()}
        return {"template": text.template, "params": params}
    if isinstance(text, str):
        return str(text)
    if text is None or isinstance(text, int | float):
        return text
    return str(text)


def from_data(data: Any) -> Any:
    """Undo ``to_data``: a stored message comes back as a Message (its English recomputed)."""
    if isinstance(data, dict) and isinstance(data.get("template"), str):
        params = data.get("params")
        if not isinstance(params, dict):
            return Message(data["template"])
        return Message(data["template"], {key: from_data(value) for key, value in params.items()})
    return data
