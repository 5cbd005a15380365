"""The exact-bid score card: a landscape page of its own (see docs/decisions.md)."""

from __future__ import annotations

from django.utils.translation import gettext
from reportlab.lib.units import mm

from clubscore.games import GAMES
from clubscore.games.exact_bid import ExactBid, place_multipliers

from ..data import EventInfo
from ..pdf import SHADE
from .layout import (
    GAP,
    HEAD,
    HEAD_H,
    HEADER_H,
    NAMES_H,
    NUMBER_CELL,
    NUMBER_W,
    QR_SIZE,
    ROW_FLOOR,
    ROW_MIN,
    PrintedCard,
    card_kind,
    point_values,
    row_height,
    suit_label,
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


def exact_bid(card: PrintedCard) -> None:
    """A landscape page: up to four players of three boxes each (bid, tricks, points) need
    its width for boxes a pen can fill in; the point values go in the heading."""
    game, x, top, width, table = card.game, card.x, card.top, card.width, card.table
    reserve = EB_VALUES_W + 3 * mm
    card.heading(note_lines=True, reserve=reserve)
    values_x = x + width - len(card.codes) * (QR_SIZE + 3 * mm) - NUMBER_W - reserve
    values = game.point_values()
    point_values(card.canvas, values_x, top, EB_VALUES_W, values, 2, gettext("Point values"))
    y = top - _eb_header_h(card.event) - GAP

    start = card.event.options["start_cards"]
    positions = card.positions
    fixed = sum(EB_FIXED)
    player_w = (width - fixed) / len(positions)
    subs = [player_w / 3] * 3
    multiplier = gettext("Multiplier")
    if table:  # the table's own multipliers by place, for a scorekeeper on paper
        by_place = " · ".join(str(m) for m in place_multipliers(len(positions)))
        multiplier = gettext("Multiplier (by place: %(multipliers)s)") % {"multipliers": by_place}
    finals = [
        gettext("Points"),
        gettext("Tricks"),
        gettext("Place"),
        multiplier,
        gettext("Final score"),
    ]
    available = y - card.bottom - NAMES_H - HEAD_H
    rows = start + len(finals)
    # Up to 64 ÷ players rounds: beyond what fits at the floor, rows shrink so the
    # card stays on its page (a long game at a table of two or three).
    row_h = row_height(available, rows, min(ROW_FLOOR, available / rows))

    # Names over each player's three boxes: bid, tricks, points.
    y = card.names(y, fixed, player_w)
    sub = [gettext("Bid"), gettext("Tricks"), gettext("Points")]
    heads = [gettext("Round"), gettext("Cards"), gettext("Trump")]
    y = card.row(
        y,
        HEAD_H,
        [(w, label, HEAD) for w, label in zip(EB_FIXED, heads, strict=True)],
        [(w, label, HEAD) for w, label in zip(subs, sub, strict=True)],
    )
    for index in range(start):
        trump = table.trumps[index] if table and index < len(table.trumps) else None
        labels = [
            (EB_FIXED[0], str(index + 1), NUMBER_CELL),
            (EB_FIXED[1], str(game.cards_in_round(index, start)), NUMBER_CELL),
            (EB_FIXED[2], suit_label(game, trump), {"align": "center"}),
        ]
        y = card.row(y, row_h, labels, [(w, "") for w in subs])
    for index, label in enumerate(finals):
        last = index == len(finals) - 1
        # Two lines where a label needs them (the multipliers by place, in German).
        style = {"bold": last, "fill": SHADE if last else None, "lines": 2}
        y = card.row(y, row_h, [(fixed, label, style)], [(player_w, "")])


CARD = card_kind(
    ExactBid.key,
    exact_bid,
    exact_bid_height,
    # Four players of three boxes each, and the point values beside the heading: the
    # width of a landscape page, never half a page.
    width=240 * mm,
    landscape=True,
)
