"""The Luxury Family score card: deals, melds and the meld table."""

from __future__ import annotations

import math
from collections.abc import Sequence

from django.utils.translation import gettext, ngettext, pgettext
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from clubscore.games import GAMES
from clubscore.games.luxury_family import POWER_TOTAL, LuxuryFamily
from clubscore.translation import translate

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
    PrintedCard,
    card_kind,
    heading_width,
)

LF_DEAL_W, LF_BID_W, LF_MAKER_W = 13 * mm, 14 * mm, 22 * mm  # "Round", "Runde" whole
LF_BOX_LEAST = 13 * mm  # a player's box: room for a four-digit score in pen
#: The dealer's column: as wide as this, narrower (down to LF_DEALER_LEAST, two lines of
#: a name) where the players' boxes need the room for their headings on one line.
LF_DEALER_W, LF_DEALER_LEAST = 34 * mm, 24 * mm


def lf_sub_heads() -> list[str]:
    """The headings of each player's three boxes (German "Meldung": "Meldungen" would
    not fit its box on one line)."""
    return [
        pgettext("a player's box on the score card", "Melds"),
        gettext("Tricks"),
        gettext("Total"),
    ]


def lf_columns(width: float, players: int) -> tuple[tuple[float, ...], list[float]]:
    """The label columns (deal, dealer, bid, game maker) and each player's boxes (melds,
    tricks, total) of a card ``width`` wide: the boxes share a player's width as their
    headings need it ("Meldungen" is wider than "Stiche")."""
    needs = [max(LF_BOX_LEAST, heading_width(label)) for label in lf_sub_heads()]
    others = LF_DEAL_W + LF_BID_W + LF_MAKER_W
    room = width - others - players * sum(needs)
    dealer = max(LF_DEALER_LEAST, min(LF_DEALER_W, room))
    player_w = (width - others - dealer) / players
    return (LF_DEAL_W, dealer, LF_BID_W, LF_MAKER_W), [player_w * n / sum(needs) for n in needs]


def _meld_height(rows: int) -> float:
    return 7 * mm + math.ceil(rows / 2) * MELD_LINE + 1 * mm


def luxury_family_height(event: EventInfo, width: float, height: float) -> float:
    rows = event.options["rounds"] + 1
    meld = _meld_height(len(GAMES[LuxuryFamily.key].meld_table()))
    return HEADER_H + 2 * mm + NAMES_H + HEAD_H + rows * ROW_MIN + 2 * mm + meld


def luxury_family(card: PrintedCard) -> None:
    game, x, width, table = card.game, card.x, card.width, card.table
    y = card.top - card.heading() - 2 * mm

    deals = card.event.options["rounds"]
    positions = card.positions
    columns, subs = lf_columns(width, len(positions))
    fixed = sum(columns)
    player_w = sum(subs)
    meld_rows = game.meld_table()
    meld_h = _meld_height(len(meld_rows))
    available = y - card.bottom - NAMES_H - HEAD_H - meld_h - 2 * mm
    row_h = card.box_height(available, deals + 1)

    y = card.names(y, fixed, player_w)
    # The game's own word for an entry ("Round", as the tablet and the rule sheet say).
    bid = pgettext("Luxury Family: the points a game maker bid", "Bid")  # German: gereizt
    # The game maker writes the trump they named beside their name: melds count more in
    # it (the meld table below), so a card scored on paper needs it.
    maker = pgettext(
        "Luxury Family score card: the game maker and the trump they named", "Game maker and trump"
    )
    heads = [translate(game.words.one), gettext("Dealer"), bid, maker]
    y = card.row(
        y,
        HEAD_H,
        [(w, label, HEAD) for w, label in zip(columns, heads, strict=True)],
        [(w, label, HEAD) for w, label in zip(subs, lf_sub_heads(), strict=True)],
    )
    for deal in range(deals):
        dealer = table.dealer(deal, game) if table else None
        labels = [
            (columns[0], str(deal + 1), NUMBER_CELL),
            (columns[1], dealer.name if dealer else "", {"size": SMALL, "lines": 2}),
            (columns[2], ""),
            (columns[3], ""),
        ]
        y = card.row(y, row_h, labels, [(w, "") for w in subs])
    total = {"bold": True, "fill": SHADE}
    label = ngettext("Total (%(n)s round)", "Total (%(n)s rounds)", deals) % {"n": deals}
    card.row(y, row_h, [(fixed, label, total)], [(player_w, "")])
    meld_table(card.canvas, x, card.bottom + meld_h, width, meld_h, meld_rows, conversion(game))


def meld_table(
    canvas: Canvas,
    x: float,
    top: float,
    width: float,
    height: float,
    rows: Sequence[tuple[str, int | None, int | None]],
    last_line: str = "",
) -> None:
    """The meld table in two halves: combination, plain suit, trump suit; `last_line` in
    the second half's free line (the halves are as long as the first, which has one more)."""
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
    if last_line and len(rows) < 2 * per_half:
        left = x + 2 * mm + half_w
        baseline = top - 7 * mm - per_half * MELD_LINE + 1.2 * mm
        write(
            canvas, left, baseline, last_line, SMALL, bold=True, width=half_w - 2 * mm, smallest=8
        )


def conversion(game: LuxuryFamily) -> str:
    """How power points (after penalties) become trick points, read off the game's own
    count: "Trick points: 60+ ×2, 120+ ×3, 180+ ×4" (a paper card is scored without
    a tablet to convert them)."""
    steps, last = [], 1
    for power in range(1, POWER_TOTAL):
        times = game.trick_points(power + 1) - game.trick_points(power)
        if times != last:
            steps.append(gettext("%(points)s+ ×%(times)s") % {"points": power, "times": times})
            last = times
    return gettext("Trick points: %(steps)s") % {"steps": ", ".join(steps)}


CARD = card_kind(LuxuryFamily.key, luxury_family, luxury_family_height)
