"""The exact-bid score card: a landscape page of its own (see docs/decisions.md)."""

from __future__ import annotations

from django.utils.translation import gettext
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from clubscore.games import GAMES
from clubscore.games.exact_bid import ExactBid

from ..data import EventInfo, TableInfo
from ..pdf import (
    SHADE,
    TEXT,
    box,
)
from .layout import (
    GAP,
    HEAD,
    HEAD_H,
    HEADER_H,
    NAMES_H,
    NUMBER_W,
    QR_SIZE,
    ROW_FLOOR,
    ROW_MIN,
    CardKind,
    cells,
    header,
    player_columns,
    point_values,
    row_height,
    scan_code,
    seat_positions,
    suit_label,
    table_notes,
    values_height,
)

EB_FIXED = (14 * mm, 14 * mm, 26 * mm)  # round, cards, trump
EB_VALUES_W = 126 * mm  # the point values, in the heading


def _eb_header_h(event: EventInfo) -> float:
    """The heading: its two note lines (who keeps score, who plays first) or the point
    values beside them, whichever is higher."""
    values = values_height(GAMES[ExactBid.key].point_values(), EB_VALUES_W, 2)
    return max(HEADER_H + 4.6 * mm, values)


def exact_bid_height(event: EventInfo, width: float, height: float) -> float:
    rows = event.options["start_cards"] + 5
    return _eb_header_h(event) + GAP + NAMES_H + HEAD_H + rows * ROW_MIN


def exact_bid(
    canvas: Canvas,
    x: float,
    top: float,
    width: float,
    height: float,
    event: EventInfo,
    table: TableInfo | None,
) -> None:
    """A landscape page: up to four players of three boxes each (bid, tricks, points) need
    its width for boxes a pen can fill in; the point values go in the heading."""
    game = GAMES[ExactBid.key]
    bottom = top - height
    codes = scan_code(table)
    note = table_notes(table)
    reserve = EB_VALUES_W + 3 * mm
    header(canvas, x, top, width, event, table, codes, note, reserve)
    values_x = x + width - len(codes) * (QR_SIZE + 3 * mm) - NUMBER_W - reserve
    values = game.point_values()
    point_values(canvas, values_x, top, EB_VALUES_W, values, 2, gettext("Point values"))
    y = top - _eb_header_h(event) - GAP

    start = event.options["start_cards"]
    positions = seat_positions(table, game)
    fixed = sum(EB_FIXED)
    player_w = (width - fixed) / len(positions)
    subs = [player_w / 3] * 3
    finals = [
        gettext("Points"),
        gettext("Tricks"),
        gettext("Place"),
        gettext("Multiplier"),
        gettext("Final score"),
    ]
    available = y - bottom - NAMES_H - HEAD_H
    rows = start + len(finals)
    # Up to 64 ÷ players rounds: beyond what fits at the floor, rows shrink so the
    # card stays on its page (a long game at a table of two or three).
    row_h = row_height(available, rows, min(ROW_FLOOR, available / rows))

    # Names over each player's three boxes: bid, tricks, points.
    box(canvas, x, y, fixed, NAMES_H, fill=SHADE)
    player_columns(canvas, x + fixed, y, [player_w] * len(positions), table, positions)
    y -= NAMES_H
    head = HEAD
    sub = [gettext("Bid"), gettext("Tricks"), gettext("Points")]
    cells(
        canvas,
        x,
        y,
        HEAD_H,
        [
            (EB_FIXED[0], gettext("Round"), head),
            (EB_FIXED[1], gettext("Cards"), head),
            (EB_FIXED[2], gettext("Trump"), head),
            *((w, label, head) for _ in positions for w, label in zip(subs, sub, strict=True)),
        ],
    )
    y -= HEAD_H
    centred = {"align": "center", "bold": True, "size": TEXT + 1}
    for index in range(start):
        trump = table.trumps[index] if table and index < len(table.trumps) else None
        cells(
            canvas,
            x,
            y,
            row_h,
            [
                (EB_FIXED[0], str(index + 1), centred),
                (EB_FIXED[1], str(game.cards_in_round(index, start)), centred),
                (EB_FIXED[2], suit_label(game, trump), {"align": "center"}),
                *((w, "") for _ in positions for w in subs),
            ],
        )
        y -= row_h
    for index, label in enumerate(finals):
        last = index == len(finals) - 1
        style = {"bold": last, "fill": SHADE if last else None}
        cells(canvas, x, y, row_h, [(fixed, label, style), *((player_w, "") for _ in positions)])
        y -= row_h


# -- Luxury Family ------------------------------------------------------------------------


CARD = CardKind(
    ExactBid.key,
    exact_bid,
    exact_bid_height,
    # Four players of three boxes each, and the point values beside the heading: the
    # width of a landscape page, never half a page.
    width=240 * mm,
    landscape=True,
)
