"""``{{ text|translated }}``: a game's or the draw's message in the reader's language."""

from __future__ import annotations

from django import template

from clubscore.translation import card_label, translate

register = template.Library()


@register.filter
def translated(text: object) -> object:
    """A ``clubscore.messages.Message`` translated (see ``clubscore.translation``)."""
    return translate(text) if isinstance(text, str) else text


@register.filter
def card(code: str) -> str:
    """A card as the draw wrote it ("Q♦") in the reader's letters ("D♦" in German)."""
    return card_label(code)
