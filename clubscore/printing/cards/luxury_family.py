"""The Luxury Family score card: deals, melds and the meld table."""

from __future__ import annotations

import math
from collections.abc import Sequence

from django.utils.translation import gettext
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from clubscore.games import GAMES
from clubscore.games.luxury_family import LuxuryFamily

from ..data import EventInfo
from ..pdf import LIGHT, SHADE, SMALL, box, write
from .layout import (
    HEAD,
    HEAD_H,
    HEADER_H,
    MELD_LINE,
    NAMES_H,
    NUMBER_CELL,
    ROW_MIN,
    Card,
    card_kind,
)

LF_FIXED = (11 * mm, 34 * mm, 14 * mm, 20 * mm)  # deal, dealer, bid, game maker


def _meld_height(rows: int) -> float:
    return 7 * mm + math.ceil(rows / 2) * MELD_LINE + 1 * mm


def luxury_family_height(event: EventInfo, width: float, height: float) -> float:
    rows = event.options["rounds"] + 1
    meld = _meld_height(len(GAMES[LuxuryFamily.key].meld_table()))
    return HEADER_H + 2 * mm + NAMES_H + HEAD_H + rows * ROW_MIN + 2 * mm + meld


def luxury_family(card: Card) -> None:
    game, x, width, table = card.game, card.x, card.width, card.table
    y = card.top - card.heading() - 2 * mm

    deals = card.event.options["rounds"]
    positions = card.positions
    fixed = sum(LF_FIXED)
    player_w = (width - fixed) / len(positions)
    sub_w = player_w / 3
    meld_rows = game.meld_table()
    meld_h = _meld_height(len(meld_rows))
    available = y - card.bottom - NAMES_H - HEAD_H - meld_h - 2 * mm
    row_h = card.box_height(available, deals + 1)

    y = card.names(y, fixed, player_w)
    sub = [gettext("Melds"), gettext("Tricks"), gettext("Total")]
    heads = [gettext("Deal"), gettext("Dealer"), gettext("Bid"), gettext("Game maker")]
    y = card.row(
        y,
        HEAD_H,
        [(w, label, HEAD) for w, label in zip(LF_FIXED, heads, strict=True)],
        [(sub_w, label, HEAD) for label in sub],
    )
    for deal in range(deals):
        dealer = table.dealer(deal, game) if table else None
        labels = [
            (LF_FIXED[0], str(deal + 1), NUMBER_CELL),
            (LF_FIXED[1], dealer.name if dealer else "", {"size": SMALL, "lines": 2}),
            (LF_FIXED[2], ""),
            (LF_FIXED[3], ""),
        ]
        y = card.row(y, row_h, labels, [(sub_w, "")] * len(sub))
    total = {"bold": True, "fill": SHADE}
    label = gettext("Total after %(n)s deals") % {"n": deals}
    card.row(y, row_h, [(fixed, label, total)], [(player_w, "")])
    meld_table(card.canvas, x, card.bottom + meld_h, width, meld_h, meld_rows)


def meld_table(
    canvas: Canvas,
    x: float,
    top: float,
    width: float,
    height: float,
    rows: Sequence[tuple[str, int | None, int | None]],
) -> None:
    """The meld table in two halves: combination, plain suit, trump suit."""
    box(canvas, x, top, width, height, fill=LIGHT, line=0.5)
    per_half = math.ceil(len(rows) / 2)
    half_w = (width - 4 * mm) / 2
    number_w = 14 * mm
    for half in range(2):
        left = x + 2 * mm + half * half_w
        plain_x = left + half_w - 2 * number_w - 2 * mm
        write(canvas, left, top - 5 * mm, gettext("Melds"), SMALL, bold=True)
        write(canvas, plain_x + number_w / 2, top - 5 * mm, gettext("Plain"), SMALL, align="center")
        write(
            canvas, plain_x + 1.5 * number_w, top - 5 * mm, gettext("Trump"), SMALL, align="center"
        )
        for line, (label, plain, trump) in enumerate(rows[half * per_half : (half + 1) * per_half]):
            baseline = top - 7 * mm - (line + 1) * MELD_LINE + 1.2 * mm
            label_w = half_w - 2 * number_w - 3 * mm
            write(canvas, left, baseline, gettext(label), SMALL, width=label_w, smallest=9)
            if plain == trump:
                # Four (or eight) of a rank count the same whatever the trump.
                write(canvas, plain_x + number_w, baseline, str(plain), SMALL, True, align="center")
                continue
            for column, points in enumerate((plain, trump)):
                text = "–" if points is None else str(points)
                centre = plain_x + (column + 0.5) * number_w
                write(canvas, centre, baseline, text, SMALL, True, align="center")


CARD = card_kind(LuxuryFamily.key, luxury_family, luxury_family_height)
