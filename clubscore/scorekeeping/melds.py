"""The meld calculator: tap the cards a player showed, and the game says what they meld.

One GET view (it changes nothing): ``/s/<token>/melds/?seat=0&cards=KH,QH&tap=JH&trump=H``.
The cards tapped so far travel in ``cards``; ``tap``, ``untap`` and ``clear`` change
them by one step. htmx asks for the panel alone, beside the player's melds field; without
JavaScript the same panel is a page of its own whose form keeps the cards tapped so far.
Every card and every point comes from the game module (``meld_cards``, ``score_melds``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from clubscore.entry_forms import FORMS
from clubscore.errors import BadInput
from clubscore.games import GAMES, ScoreError
from clubscore.games.cards import card_name
from clubscore.numbers import parse_int
from clubscore.translation import RANK_LABELS, translate

from .views import _card, says_when_the_evening_is_over


def calculator_fields(game_key: str, players: list[str], options: dict) -> dict[int, str]:
    """Seat -> the entry form's field the calculator fills (none: the game has none)."""
    form = FORMS[game_key](players=players, number=1, options=options)
    return {
        field.calculator["seat"]: name
        for name, field in form.fields.items()
        if getattr(field, "calculator", None)
    }


def _label(code: str) -> str:
    rank, suit = code[:-1], code[-1]
    return card_name(str(RANK_LABELS.get(rank, rank)), suit)


def _messages(error: ScoreError) -> list[str]:
    return [translate(text) for texts in error.errors.values() for text in texts]


def _shown(game: Any, request: HttpRequest) -> tuple[list[str], list[str]]:
    """The cards tapped so far, one tap, take-back or clearing applied, and what was wrong.

    A step the game refuses (a third K♥, a 17th card) leaves the cards as they were.
    """
    raw = request.GET.get("cards", "")
    cards = [code.strip() for code in raw.split(",") if code.strip()]
    try:
        cards = game.shown_cards(cards)
    except ScoreError as error:
        return [], [*_messages(error), _("The calculator starts again with no cards.")]
    if request.GET.get("clear"):
        return [], []
    untap = request.GET.get("untap")
    if untap is not None:
        if untap in cards:
            cards.remove(untap)  # one copy of it
        return cards, []
    tap = request.GET.get("tap")
    if tap is None:
        return cards, []
    try:
        return game.shown_cards([*cards, tap.strip()]), []
    except ScoreError as error:
        return cards, _messages(error)


@require_GET
@says_when_the_evening_is_over
def melds(request: HttpRequest, token: str) -> HttpResponse:
    """The calculator panel for one seat: its cards by suit, and what the game scores."""
    card = _card(request, token)
    game = GAMES[card.game_key]
    calculator = game.melds
    fields = calculator_fields(card.game_key, card.player_names, card.options)
    if calculator is None or not fields:
        raise Http404
    seat = parse_int(request.GET.get("seat"))
    if seat not in fields:
        raise BadInput(
            _("Seat: enter a whole number from 0 to %(last)s.") % {"last": len(fields) - 1}
        )
    cards, errors = _shown(calculator, request)
    trump = request.GET.get("trump")
    result = None
    if trump:
        try:
            result = calculator.score_melds(cards, trump)
        except ScoreError as error:
            errors += _messages(error)
            trump = None
    counts = Counter(cards)
    copies = game.deck.packs
    suits = [
        {
            "suit": game.trump(suit),
            "is_trump": suit == trump,
            "cards": [
                {
                    "code": code,
                    "label": _label(code),
                    "count": counts[code],
                    "full": counts[code] >= copies,
                }
                for code in codes
            ],
        }
        for suit, codes in calculator.meld_cards()
    ]
    context = {
        "token": token,
        "url": reverse("scorekeeping:melds", args=[token]),
        "seat": seat,
        "name": card.player_names[seat],
        "field": fields[seat],
        "suits": suits,
        "cards": ",".join(cards),
        "count": len(cards),
        "copies": copies,
        "trump": game.trump(trump) if trump else None,
        "trumps": [game.trump(entry["suit"].suit) for entry in suits],
        "result": result,
        "errors": errors,
        "inline": bool(request.htmx),
    }
    template = "scorekeeping/melds.html"
    if request.htmx:
        template += "#panel"
    return render(request, template, context)
