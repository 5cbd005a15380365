"""Score cards: one per table, pre-filled, or blank for clubs without tablets.

The registry of card renderers, keyed by game (each in its own module here, the shared
layout in ``layout``), and the pages they are printed on.

Fixed geometry, so they are drawn on the canvas. Each game's card knows the least
height (and width) it needs with every box big enough to fill in with a pen (rows of
``ROW_MIN`` at least); where that fits half the page, cards are printed two to a page,
one above the other, with a dashed line to cut along: Luxury Family (up to 3 deals, 4 on
A4), Laus (up to 10 rounds, 11 on A4) and Hand and Foot (up to 3 hands, the teams beside
the grid). The exact-bid card takes a whole landscape page: see docs/decisions.md.
Every value printed on a card comes from ``clubscore.games``.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from django.utils.translation import gettext
from reportlab.lib.units import mm

from clubscore.games import GAMES
from clubscore.translation import game_name

from ..data import EventInfo, TableInfo
from ..pdf import (
    MARGIN,
    new_canvas,
    page_size,
    register_fonts,
    rule,
)
from . import exact_bid, hand_and_foot, laus, luxury_family
from .layout import (
    CUT,
    OUTER,
    CardKind,
)

CARDS: dict[str, CardKind] = {
    kind.game: kind for kind in (hand_and_foot.CARD, exact_bid.CARD, luxury_family.CARD, laus.CARD)
}


def register(kind: CardKind) -> None:
    """Add (or replace) a game's card renderer: a new game's module calls this."""
    CARDS[kind.game] = kind


Slot = tuple[float, float, float, float]  # x, top, width, height


def card_page(paper: str, game: str, per_page: int) -> tuple[float, float]:
    """The page size of ``game``'s cards: portrait, or landscape for a card of its own
    page that is printed across it."""
    page_w, page_h = page_size(paper)
    if per_page == 1 and CARDS[game].landscape:
        return page_h, page_w
    return page_w, page_h


def slots(paper: str, per_page: int, game: str = "") -> list[Slot]:
    """Where the cards of one page go: the whole page, or its top and bottom halves."""
    page_w, page_h = card_page(paper, game, per_page) if game else page_size(paper)
    if per_page == 1:
        return [(MARGIN, page_h - MARGIN, page_w - 2 * MARGIN, page_h - 2 * MARGIN)]
    half = page_h / 2
    width, height = page_w - 2 * OUTER, half - OUTER - CUT
    return [(OUTER, page_h - OUTER, width, height), (OUTER, half - CUT, width, height)]


def cards_per_page(game: str, options: dict, paper: str = "A4") -> int:
    """Two cards to a page when a card fits half the page with every box at least ROW_MIN
    high; else one."""
    register_fonts()  # the heights depend on how the labels wrap in the card's font
    event = EventInfo(game=game, options=options)
    _x, _top, width, height = slots(paper, 2)[0]
    kind = CARDS[game]
    fits = width >= kind.width and kind.height(event, width, height) <= height
    return 2 if fits else 1


def render_cards(event: EventInfo, tables: Sequence[TableInfo | None], paper: str = "A4") -> bytes:
    """The score cards of ``tables`` (``None``: a blank card) as a PDF."""
    buffer = io.BytesIO()
    title = gettext("Score cards · %(event)s") % {"event": event.name or game_name(event.game)}
    canvas = new_canvas(buffer, paper, title)
    per_page = cards_per_page(event.game, event.options, paper)
    page_w, page_h = card_page(paper, event.game, per_page)
    canvas.setPageSize((page_w, page_h))
    draw = CARDS[event.game].draw
    places = slots(paper, per_page, event.game)
    for start in range(0, max(len(tables), 1), per_page):
        batch = list(tables[start : start + per_page]) or [None]
        for (x, top, width, height), table in zip(places, batch, strict=False):
            draw(canvas, x, top, width, height, event, table)
        if per_page == 2:
            rule(canvas, 4 * mm, page_h / 2, page_w - 8 * mm, dashed=True)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def render_blank_cards(
    game: str,
    options: dict | None = None,
    count: int | None = None,
    paper: str = "A4",
) -> bytes:
    """Blank cards of ``game``: no names, no QR codes, lines to write on; one page by default."""
    options = GAMES[game].clean_options(options or {})
    event = EventInfo(game=game, options=options)
    count = count or cards_per_page(game, options, paper)
    return render_cards(event, [None] * count, paper)
