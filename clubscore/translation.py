"""Showing the pure-Python engine's messages in the reader's language.

The games and the draw return English ``Message`` strings that keep their template
and parameters (``clubscore.messages``). ``translate`` is the one place that turns
them into the active language: ``gettext(template).format(**params)``, parameters
translated in turn. Everything that shows a game's or the draw's message to a person
goes through it (forms, pages, flash messages); plain strings pass unchanged.
"""

from __future__ import annotations

from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext, pgettext_lazy

from clubscore.games import GAMES, Game
from clubscore.games.cards import SUIT_NAMES, SUIT_SYMBOLS
from clubscore.messages import Message


def translate(text: str) -> str:
    """``text`` in the active language when it is a ``Message``; any other text as it is.

    A translation whose placeholders do not fit (a broken catalogue entry) falls back
    to the English text rather than failing the page.
    """
    if not isinstance(text, Message):
        return text
    # A template that is no catalogue entry (a join of parts) translates to itself;
    # gettext("") would return the catalogue's header, so it is never asked.
    template = gettext(text.template) if text.template else text.template
    if text.params is None:
        return template
    params = {key: _translate_param(value) for key, value in text.params.items()}
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return str(text)


def _translate_param(value: Any) -> Any:
    return translate(value) if isinstance(value, Message) else value


def game_name(game: Game | str) -> str:
    """The game's name in the active language (the games mark it with ``_``)."""
    rules = GAMES[game] if isinstance(game, str) else game
    return translate(rules.name)


#: ``game_name`` for model choices and other text made at import time.
game_name_lazy = lazy(game_name, str)


def game_choices() -> list[tuple[str, str]]:
    """The club's games as model and form choices, read from the registry whenever they
    are asked (a game registered later, a test's toy game, is one of them; no migration
    per game)."""
    return [(key, game_name_lazy(key)) for key in GAMES]


def suit_label(suit: str | None) -> str:
    """A suit code ("S") as the tablets and cards show it: "♠ spades" ("♠ Pik" in
    German, from the catalogue); empty for no suit."""
    if suit not in SUIT_SYMBOLS:
        return ""
    return f"{SUIT_SYMBOLS[suit]} {translate(SUIT_NAMES[suit])}"


#: The ranks as German and English players write them (Q is D for Dame, J is B for Bube).
RANK_LABELS = {
    "A": pgettext_lazy("card rank: ace", "A"),
    "10": pgettext_lazy("card rank: ten", "10"),
    "K": pgettext_lazy("card rank: king", "K"),
    "Q": pgettext_lazy("card rank: queen", "Q"),
    "J": pgettext_lazy("card rank: jack", "J"),
    "7": pgettext_lazy("card rank: seven", "7"),
}


def card_label(card: str) -> str:
    """A card as written ("Q♦", the draw's high cards) in the reader's letters ("D♦" in
    German), each card of a tie drawn again so too ("A♦, Q♥"); anything else as it is."""
    if ", " in card:
        return ", ".join(card_label(one) for one in card.split(", "))
    if len(card) < 2 or card[-1] not in SUIT_SYMBOLS.values():
        return card
    rank = card[:-1]
    return f"{RANK_LABELS.get(rank, rank)}{card[-1]}"
