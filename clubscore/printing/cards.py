"""Score cards: one per table, pre-filled, or blank for clubs without tablets.

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
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from django.utils import formats
from django.utils.translation import gettext, gettext_noop
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from clubscore.games import GAMES, Game
from clubscore.translation import game_name, suit_label

from .data import EventInfo, LinkInfo, SeatInfo, TableInfo
from .pdf import (
    FONT,
    HEADING,
    INK,
    LIGHT,
    MARGIN,
    SHADE,
    SMALL,
    TABLE_NUMBER,
    TEXT,
    box,
    in_cell,
    new_canvas,
    page_size,
    qr_code,
    register_fonts,
    rule,
    wrapped,
    write,
    write_lines,
)

#: Half-page cards: this far from the paper's edge, and from the line to cut along.
OUTER = 7 * mm
CUT = 6 * mm
QR_SIZE = 20 * mm
#: Boxes to write in: never lower than ROW_MIN (a card that would need lower rows gets a
#: page of its own), never higher than ROW_MAX. Only a full-page card of very many
#: hands or rounds may go down to ROW_FLOOR.
ROW_MIN, ROW_MAX, ROW_FLOOR = 8 * mm, 12 * mm, 6.5 * mm
HEADER_H = 25 * mm
NUMBER_W, NUMBER_H = 24 * mm, 20 * mm
NAMES_H = 11.5 * mm  # a player's column heading: the name, on two lines when long
HEAD_H = 8 * mm  # a row of column headings
#: Column headings: centred, shaded, as close to the lines as reads well. A long word
#: (German "Meldungen" over a 13 mm column) goes down to 8.5 pt, then takes a hyphen.
HEAD = {
    "align": "center",
    "fill": SHADE,
    "size": SMALL,
    "smallest": 8.5,
    "pad": 0.5 * mm,
    "lines": 2,
    "hyphenate": True,
}
VALUE_LINE = 4.4 * mm
MELD_LINE = 4.2 * mm
GAP = 3 * mm
TITLE_SIZE = 15
NAME_SIZE = 12


def row_height(available: float, rows: int, smallest: float = ROW_MIN) -> float:
    """The height of each of ``rows`` boxes sharing ``available``: ROW_MIN..ROW_MAX, lower
    (down to ``smallest``) only when they would not fit otherwise."""
    return max(smallest, min(ROW_MAX, available / max(rows, 1)))


Cell = tuple[float, str] | tuple[float, str, dict]


def cells(canvas: Canvas, x: float, top: float, height: float, items: Sequence[Cell]) -> None:
    """One row of boxes: each item is (width, text) or (width, text, options).

    Options: ``bold``, ``size``, ``align`` ("left", "center", "right"), ``fill`` (a
    colour), ``color`` (of the text), ``lines`` (to wrap onto), ``smallest`` and ``pad``.
    A merged cell is simply a wider item.
    """
    column = x
    for item in items:
        width, text = item[0], item[1]
        options: dict = item[2] if len(item) > 2 else {}  # type: ignore[misc]
        box(canvas, column, top, width, height, fill=options.get("fill"))
        if text:
            in_cell(
                canvas,
                column,
                top,
                width,
                height,
                text,
                size=options.get("size", TEXT),
                bold=options.get("bold", False),
                align=options.get("align", "left"),
                color=options.get("color", INK),
                smallest=options.get("smallest", SMALL),
                lines=options.get("lines", 1),
                pad=options.get("pad", 1.2 * mm),
                hyphenate=options.get("hyphenate", False),
            )
        column += width


def table_notes(table: TableInfo | None) -> list[str]:
    """Who keeps score and who plays first, for the line(s) under a card's heading."""
    if table is None:
        return []
    parts = []
    keepers = [seat.name for seat in table.seats if seat.scorekeeper]
    if keepers:
        parts.append(gettext("Keeps score: %(name)s") % {"name": ", ".join(keepers)})
    first = table.seat(table.first_position)
    if first:
        parts.append(gettext("Plays first: %(name)s") % {"name": first.name})
    return parts


def table_note(table: TableInfo | None) -> str:
    return " · ".join(table_notes(table))


def header(
    canvas: Canvas,
    x: float,
    top: float,
    width: float,
    event: EventInfo,
    table: TableInfo | None,
    codes: Sequence[tuple[LinkInfo, str]] = (),
    note: str | Sequence[str] = "",
    reserve: float = 0,
) -> float:
    """The card's heading: game, event, date and round, a note (who keeps score, who plays
    first), the table number big in a box, and the QR codes of ``codes`` (a scorekeeper's
    link and the caption under it) at the right, in their order.

    ``reserve`` keeps that much room free left of the table number (the exact-bid card
    puts its point values there). Returns the height it took. A blank card gets lines to
    write on instead.
    """
    codes_w = len(codes) * (QR_SIZE + 3 * mm)
    number_x = x + width - codes_w - NUMBER_W
    text_w = number_x - x - 3 * mm - reserve
    title = gettext("%(game)s · score card") % {"game": game_name(event.game)}
    write(canvas, x, top - 5.5 * mm, title, TITLE_SIZE, bold=True, width=text_w)
    if event.name:
        write(canvas, x, top - 11.5 * mm, event.name, HEADING - 0.5, width=text_w)
        date = formats.date_format(event.date, "DATE_FORMAT") if event.date else ""
        # Which round: a play-off's cards must not pass for the regular round's.
        when = " · ".join(part for part in (date, event.round) if part)
        write(canvas, x, top - 17 * mm, when, TEXT, width=text_w)
    else:
        label_w = 18 * mm
        write(canvas, x, top - 12 * mm, gettext("Event:"), TEXT)
        rule(canvas, x + label_w, top - 12.5 * mm, text_w - label_w)
        write(canvas, x, top - 19.5 * mm, gettext("Date:"), TEXT)
        rule(canvas, x + label_w, top - 20 * mm, text_w - label_w)
    # The note: one line, or several lines (a list) where the heading is high enough.
    for index, line in enumerate([note] if isinstance(note, str) else note):
        if line:
            write(canvas, x, top - (22.8 + index * 4.6) * mm, line, SMALL + 0.5, width=text_w)
    # The table number, big, in a box of its own (empty on a blank card).
    box(canvas, number_x, top, NUMBER_W, NUMBER_H, line=1.4)
    centre = number_x + NUMBER_W / 2
    write(canvas, centre, top - 4.5 * mm, gettext("Table"), SMALL, align="center")
    if table is not None and table.number is not None:
        write(
            canvas,
            centre,
            top - 15.5 * mm,
            str(table.number),
            TABLE_NUMBER - 2,
            bold=True,
            align="center",
            width=NUMBER_W - 2 * mm,
        )
    for index, (link, caption) in enumerate(codes):
        qr_x = x + width - codes_w + 3 * mm + index * (QR_SIZE + 3 * mm)
        qr_code(canvas, link.url, qr_x, top - QR_SIZE, QR_SIZE)
        baseline = top - QR_SIZE - 4 * mm
        if len(codes) == 1:
            # One code: its caption may run on under the table number.
            write(canvas, x + width, baseline, caption, SMALL, align="right")
        else:
            write(canvas, qr_x + QR_SIZE / 2, baseline, caption, SMALL, True, QR_SIZE, "center")
    return HEADER_H


def seat_positions(table: TableInfo | None, game: Game) -> list[int]:
    """The seats of a table's columns; a blank card has the game's full table."""
    if table and table.seats:
        return [seat.position for seat in table.seats]
    return list(range(1, game.max_players + 1))


def scan_code(table: TableInfo | None) -> list[tuple[LinkInfo, str]]:
    """The table's one scorekeeper link, with the caption under its QR code."""
    link = table.link() if table else None
    return [(link, gettext("Scan to keep score"))] if link else []


def wrapped_values(
    rows: Sequence[tuple[str, int]], width: float, columns: int
) -> list[list[tuple[list[str], int]]]:
    """Lay (label, points) rows out in columns; a label too long for one line wraps."""
    labels = tuple(gettext(label) for label, _points in rows)
    return _laid_values(labels, tuple(points for _label, points in rows), width, columns)


@lru_cache(maxsize=256)
def _laid_values(
    labels: tuple[str, ...], points: tuple[int, ...], width: float, columns: int
) -> list[list[tuple[list[str], int]]]:
    column_w = (width - 4 * mm) / columns
    wrapped = [
        (simpleSplit(label, FONT, SMALL, column_w - 14 * mm) or [""], value)
        for label, value in zip(labels, points, strict=True)
    ]
    per_column = math.ceil(sum(len(lines) for lines, _points in wrapped) / columns)
    laid: list[list[tuple[list[str], int]]] = [[]]
    used = 0
    for lines, value in wrapped:
        if used and used + len(lines) > per_column and len(laid) < columns:
            laid.append([])
            used = 0
        laid[-1].append((lines, value))
        used += len(lines)
    return laid


def values_height(rows: Sequence[tuple[str, int]], width: float, columns: int) -> float:
    laid = wrapped_values(rows, width, columns)
    lines = max(sum(len(label) for label, _points in column) for column in laid)
    return 7 * mm + lines * VALUE_LINE + 1.5 * mm


def point_values(
    canvas: Canvas,
    x: float,
    top: float,
    width: float,
    rows: Sequence[tuple[str, int]],
    columns: int,
    title: str,
) -> float:
    """A reference box of (label, points) in ``columns`` columns; returns its height.

    The points stand on the last line of a label that wraps, where the label ends.
    """
    height = values_height(rows, width, columns)
    box(canvas, x, top, width, height, fill=LIGHT, line=0.5)
    write(canvas, x + 2 * mm, top - 5 * mm, title, TEXT, bold=True)
    column_w = (width - 4 * mm) / columns
    for column, entries in enumerate(wrapped_values(rows, width, columns)):
        left = x + 2 * mm + column * column_w
        line = 0
        for labels, points in entries:
            for index, label in enumerate(labels):
                baseline = top - 7 * mm - (line + 1) * VALUE_LINE + 1.3 * mm
                write(canvas, left, baseline, label, SMALL)
                if index == len(labels) - 1:
                    right = left + column_w - 3 * mm
                    write(canvas, right, baseline, str(points), SMALL, bold=True, align="right")
                line += 1
    return height


def player_columns(
    canvas: Canvas,
    x: float,
    top: float,
    widths: Sequence[float],
    table: TableInfo | None,
    positions: Sequence[int],
    height: float = NAMES_H,
) -> None:
    """Header boxes with each player's name, big, on two lines when long, in seat order; a
    blank card gets the seat and a line to write the name on."""
    column = x
    for width, position in zip(widths, positions, strict=True):
        box(canvas, column, top, width, height, fill=SHADE)
        seat = table.seat(position) if table else None
        inner = width - 3 * mm
        if seat is not None:
            write_lines(
                canvas, column + 1.5 * mm, top - 4.8 * mm, seat.name, NAME_SIZE, True, inner
            )
        else:
            label = gettext("Seat %(n)s") % {"n": position}
            write(canvas, column + 1.5 * mm, top - 4 * mm, label, SMALL, width=inner)
            rule(canvas, column + 1.5 * mm, top - height + 1.5 * mm, inner)
        column += width


# -- Hand and Foot ----------------------------------------------------------------------

HF_PANEL_W = 62 * mm  # the teams and the final scores, beside the grid on a half page
HF_TEAM_H = 25 * mm
HF_HAND_W, HF_TEAM_W = 18 * mm, 17 * mm  # the grid's label columns
HF_FINAL_LABEL_W = 24 * mm
HF_FINAL_ROW = 9 * mm  # "First-table bonus" may take two lines
HF_FIRST_H = 9.5 * mm  # who plays first, on up to two lines under the final scores


#: The grid's columns: what adds up to a team's hand total.
HF_LABELS = (
    gettext_noop("Books"),
    gettext_noop("Cards melded (+)"),
    gettext_noop("Cards left in hand (−)"),
    gettext_noop("Going out, exact deals (+)"),
    gettext_noop("Hand total"),
)


def _hf_labels() -> list[str]:
    return [gettext(label) for label in HF_LABELS]


def _hf_head_h(grid_w: float) -> float:
    """The grid's heading row: high enough for its longest label (3 or 4 lines)."""
    value_w = (grid_w - HF_HAND_W - HF_TEAM_W) / len(HF_LABELS) - 1 * mm
    lines = max(
        len(wrapped(label, SMALL, value_w, False, 4, HEAD["smallest"], True)[1])
        for label in _hf_labels()
    )
    return max(13 * mm, lines * 9 * 1.15 + 2 * mm)


def _hf_wide(width: float, height: float) -> bool:
    """Half a page (landscape): the teams beside the grid; a whole page: above it."""
    return width > height


def _hf_parts(event: EventInfo, width: float, wide: bool) -> dict[str, float]:
    """The fixed heights of the Hand and Foot card's parts, and its writing rows."""
    values = GAMES["hand_and_foot"].point_values()
    if wide:
        grid_w = width - HF_PANEL_W - 4 * mm
        panel = 2 * HF_TEAM_H + 2 * mm + GAP + HEAD_H + 3 * HF_FINAL_ROW + HF_FIRST_H
        return {
            "values": values_height(values, grid_w, 2),
            "panel": panel,
            "rows": 2 * event.options["hands"],
            "head": _hf_head_h(grid_w),
        }
    return {
        "values": values_height(values, width - HF_PANEL_W - 4 * mm, 2),
        "panel": HF_TEAM_H,
        "rows": 2 * event.options["hands"],
        "head": _hf_head_h(width),
    }


def hand_and_foot_height(event: EventInfo, width: float, height: float) -> float:
    """The least height of a Hand and Foot card ``width`` wide (rows at ROW_MIN)."""
    wide = _hf_wide(width, height)
    parts = _hf_parts(event, width, wide)
    grid = parts["head"] + parts["rows"] * ROW_MIN
    if wide:
        return HEADER_H + 2 * mm + max(parts["panel"], grid + GAP + parts["values"])
    finals = HEAD_H + 3 * HF_FINAL_ROW + HF_FIRST_H
    return HEADER_H + 2 * mm + parts["panel"] + GAP + grid + GAP + max(finals, parts["values"])


def team_box(
    canvas: Canvas,
    x: float,
    top: float,
    width: float,
    number: int,
    table: TableInfo | None,
) -> None:
    """A team: its number, its two players and who keeps score (a blank card: lines)."""
    box(canvas, x, top, width, HF_TEAM_H, line=1.2)
    inner = width - 5 * mm
    write(canvas, x + 2.5 * mm, top - 5.5 * mm, gettext("Team %(n)s") % {"n": number}, 12, True)
    members: list[SeatInfo] = table.team(number) if table else []
    for line in range(2):
        baseline = top - 11.5 * mm - line * 6 * mm
        if line < len(members):
            write(canvas, x + 2.5 * mm, baseline, members[line].name, NAME_SIZE, True, inner)
        else:
            rule(canvas, x + 2.5 * mm, baseline - 1 * mm, inner)
    keeper = next((seat.name for seat in members if seat.scorekeeper), "")
    label = gettext("Keeps score: %(name)s") % {"name": keeper} if keeper else ""
    baseline = top - HF_TEAM_H + 2.5 * mm
    if label:
        write(canvas, x + 2.5 * mm, baseline, label, SMALL, width=inner)
    else:
        label = gettext("Keeps score:")
        write(canvas, x + 2.5 * mm, baseline, label, SMALL)
        label_w = stringWidth(label, FONT, SMALL) + 2 * mm
        rule(canvas, x + 2.5 * mm + label_w, baseline - 0.5 * mm, inner - label_w)


def hf_grid(
    canvas: Canvas, x: float, top: float, width: float, row_h: float, event: EventInfo
) -> float:
    """Per hand one row for each team; the columns add up to the hand's total."""
    game = GAMES["hand_and_foot"]
    labels = _hf_labels()
    value_w = (width - HF_HAND_W - HF_TEAM_W) / len(labels)
    head = {**HEAD, "lines": 4}
    head_h = _hf_head_h(width)
    cells(
        canvas,
        x,
        top,
        head_h,
        [
            (HF_HAND_W + HF_TEAM_W, gettext("Hand · meld minimum"), head),
            *(
                (value_w, label, {**head, "bold": index == len(labels) - 1})
                for index, label in enumerate(labels)
            ),
        ],
    )
    y = top - head_h
    for hand in range(1, event.options["hands"] + 1):
        # The hand and its meld minimum (the heading says so) in one cell over both
        # teams' rows.
        box(canvas, x, y, HF_HAND_W, 2 * row_h, fill=LIGHT)
        centre = x + HF_HAND_W / 2
        middle = y - row_h
        title = gettext("Hand %(hand)s") % {"hand": hand}
        write(canvas, centre, middle + 1.3 * mm, title, TEXT, True, HF_HAND_W - 2 * mm, "center")
        minimum = str(game.meld_minimum(hand, event.options))
        write(canvas, centre, middle - 4.2 * mm, minimum, TEXT, False, HF_HAND_W - 2 * mm, "center")
        for number in (1, 2):
            team = gettext("Team %(n)s") % {"n": number}
            cells(
                canvas,
                x + HF_HAND_W,
                y,
                row_h,
                [(HF_TEAM_W, team, {"size": SMALL}), *((value_w, "") for _ in labels)],
            )
            y -= row_h
    return top - y


def hf_finals(canvas: Canvas, x: float, top: float, width: float, row_h: float) -> float:
    """All hands, the first-table bonus and the final score of each team."""
    team_w = (width - HF_FINAL_LABEL_W) / 2
    head = {"align": "center", "fill": SHADE, "size": SMALL, "bold": True}
    teams = [gettext("Team %(n)s") % {"n": n} for n in (1, 2)]
    cells(
        canvas,
        x,
        top,
        HEAD_H,
        [(HF_FINAL_LABEL_W, "", {"fill": SHADE}), *((team_w, t, head) for t in teams)],
    )
    y = top - HEAD_H
    finals = [gettext("All hands"), gettext("First-table bonus"), gettext("Final score")]
    for index, label in enumerate(finals):
        last = index == len(finals) - 1
        style = {"bold": last, "fill": SHADE if last else None, "size": SMALL, "lines": 2}
        cells(canvas, x, y, row_h, [(HF_FINAL_LABEL_W, label, style), (team_w, ""), (team_w, "")])
        y -= row_h
    return top - y


def hand_and_foot(
    canvas: Canvas,
    x: float,
    top: float,
    width: float,
    height: float,
    event: EventInfo,
    table: TableInfo | None,
) -> None:
    game = GAMES["hand_and_foot"]
    values = game.point_values()
    bottom = top - height
    first = table.seat(table.first_position) if table else None
    plays_first = gettext("Plays first: %(name)s") % {"name": first.name} if first else ""
    codes = []
    for number in (1, 2):
        link = table.link(number) if table else None
        if link:
            codes.append((link, gettext("Team %(n)s") % {"n": number}))
    note = gettext("Scorekeepers: scan your team's code.") if codes else ""
    y = top - header(canvas, x, top, width, event, table, codes, note) - 2 * mm
    wide = _hf_wide(width, height)
    parts = _hf_parts(event, width, wide)
    if wide:
        # Half a page: the teams and the final scores on the left, the grid on the right.
        for index, number in enumerate((1, 2)):
            team_box(canvas, x, y - index * (HF_TEAM_H + 2 * mm), HF_PANEL_W, number, table)
        grid_x = x + HF_PANEL_W + 4 * mm
        grid_w = width - HF_PANEL_W - 4 * mm
        available = y - bottom - parts["head"] - GAP - parts["values"]
        row_h = row_height(available, parts["rows"], ROW_FLOOR)
        hf_grid(canvas, grid_x, y, grid_w, row_h, event)
        finals_top = y - 2 * HF_TEAM_H - 2 * mm - GAP
        finals_h = hf_finals(canvas, x, finals_top, HF_PANEL_W, HF_FINAL_ROW)
        if plays_first:
            baseline = finals_top - finals_h - 4 * mm
            write_lines(canvas, x, baseline, plays_first, TEXT, True, HF_PANEL_W, smallest=SMALL)
        point_values(
            canvas, grid_x, bottom + parts["values"], grid_w, values, 2, gettext("Point values")
        )
        return
    # A whole page: the teams side by side, the grid below, then the finals and the values.
    team_w = (width - 4 * mm) / 2
    for index, number in enumerate((1, 2)):
        team_box(canvas, x + index * (team_w + 4 * mm), y, team_w, number, table)
    y -= HF_TEAM_H + GAP
    finals_h = HEAD_H + 3 * HF_FINAL_ROW + HF_FIRST_H
    available = y - bottom - parts["head"] - GAP - max(finals_h, parts["values"])
    row_h = row_height(available, parts["rows"], ROW_FLOOR)
    y -= hf_grid(canvas, x, y, width, row_h, event) + GAP
    finals_h = hf_finals(canvas, x, y, HF_PANEL_W, HF_FINAL_ROW)
    if plays_first:
        baseline = y - finals_h - 4 * mm
        write_lines(canvas, x, baseline, plays_first, TEXT, True, HF_PANEL_W, smallest=SMALL)
    values_x = x + HF_PANEL_W + 4 * mm
    values_w = width - HF_PANEL_W - 4 * mm
    point_values(canvas, values_x, y, values_w, values, 2, gettext("Point values"))


# -- Exact-bid trick game -----------------------------------------------------------------

EB_FIXED = (14 * mm, 14 * mm, 26 * mm)  # round, cards, trump
EB_VALUES_W = 126 * mm  # the point values, in the heading


def _eb_header_h(event: EventInfo) -> float:
    """The heading: its two note lines (who keeps score, who plays first) or the point
    values beside them, whichever is higher."""
    values = values_height(GAMES["exact_bid"].point_values(), EB_VALUES_W, 2)
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
    game = GAMES["exact_bid"]
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
                (EB_FIXED[2], suit_label(trump), {"align": "center"}),
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

LF_FIXED = (11 * mm, 34 * mm, 14 * mm, 20 * mm)  # deal, dealer, bid, game maker


def _meld_height(rows: int) -> float:
    return 7 * mm + math.ceil(rows / 2) * MELD_LINE + 1 * mm


def luxury_family_height(event: EventInfo, width: float, height: float) -> float:
    rows = event.options["rounds"] + 1
    meld = _meld_height(len(GAMES["luxury_family"].meld_table()))
    return HEADER_H + 2 * mm + NAMES_H + HEAD_H + rows * ROW_MIN + 2 * mm + meld


def luxury_family(
    canvas: Canvas,
    x: float,
    top: float,
    width: float,
    height: float,
    event: EventInfo,
    table: TableInfo | None,
) -> None:
    game = GAMES["luxury_family"]
    bottom = top - height
    codes = scan_code(table)
    y = top - header(canvas, x, top, width, event, table, codes, table_note(table)) - 2 * mm

    deals = event.options["rounds"]
    positions = seat_positions(table, game)
    fixed = sum(LF_FIXED)
    player_w = (width - fixed) / len(positions)
    sub_w = player_w / 3
    meld_rows = game.meld_table()
    meld_h = _meld_height(len(meld_rows))
    available = y - bottom - NAMES_H - HEAD_H - meld_h - 2 * mm
    row_h = row_height(available, deals + 1, ROW_FLOOR)

    box(canvas, x, y, fixed, NAMES_H, fill=SHADE)
    player_columns(canvas, x + fixed, y, [player_w] * len(positions), table, positions)
    y -= NAMES_H
    head = HEAD
    sub = [gettext("Melds"), gettext("Tricks"), gettext("Total")]
    heads = [gettext("Deal"), gettext("Dealer"), gettext("Bid"), gettext("Game maker")]
    cells(
        canvas,
        x,
        y,
        HEAD_H,
        [
            *((w, label, head) for w, label in zip(LF_FIXED, heads, strict=True)),
            *((sub_w, label, head) for _ in positions for label in sub),
        ],
    )
    y -= HEAD_H
    for deal in range(deals):
        dealer = table.dealer(deal) if table else None
        cells(
            canvas,
            x,
            y,
            row_h,
            [
                (LF_FIXED[0], str(deal + 1), {"align": "center", "bold": True, "size": TEXT + 1}),
                (LF_FIXED[1], dealer.name if dealer else "", {"size": SMALL, "lines": 2}),
                (LF_FIXED[2], ""),
                (LF_FIXED[3], ""),
                *((sub_w, "") for _ in positions for _label in sub),
            ],
        )
        y -= row_h
    total = {"bold": True, "fill": SHADE}
    cells(
        canvas,
        x,
        y,
        row_h,
        [(fixed, gettext("Total after %(n)s deals") % {"n": deals}, total)]
        + [(player_w, "") for _ in positions],
    )
    meld_table(canvas, x, bottom + meld_h, width, meld_h, meld_rows)


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


# -- Laus ---------------------------------------------------------------------------------

LAUS_OPEN_ROUNDS = 10  # rows printed when the game is played to a threshold
LAUS_SIDE_W = 50 * mm
LAUS_ROUND_W = 14 * mm


def laus_height(event: EventInfo, width: float, height: float) -> float:
    rounds = event.options["rounds"] or LAUS_OPEN_ROUNDS
    side = values_height(GAMES["laus"].point_values(), LAUS_SIDE_W, 1) + 14 * mm
    grid = NAMES_H + (rounds + 1) * ROW_MIN
    return HEADER_H + 2 * mm + max(grid, side)


def laus(
    canvas: Canvas,
    x: float,
    top: float,
    width: float,
    height: float,
    event: EventInfo,
    table: TableInfo | None,
) -> None:
    game = GAMES["laus"]
    bottom = top - height
    codes = scan_code(table)
    y = top - header(canvas, x, top, width, event, table, codes, table_note(table)) - 2 * mm

    rounds = event.options["rounds"] or LAUS_OPEN_ROUNDS
    positions = seat_positions(table, game)
    grid_w = width - LAUS_SIDE_W - 3 * mm
    player_w = (grid_w - LAUS_ROUND_W) / len(positions)
    row_h = row_height(y - bottom - NAMES_H, rounds + 1, ROW_FLOOR)

    box(canvas, x, y, LAUS_ROUND_W, NAMES_H, fill=SHADE)
    round_label = gettext("Round")
    write(
        canvas,
        x + LAUS_ROUND_W / 2,
        y - NAMES_H + 2 * mm,
        round_label,
        SMALL,
        align="center",
        width=LAUS_ROUND_W - 1 * mm,
        smallest=9,
    )
    player_columns(canvas, x + LAUS_ROUND_W, y, [player_w] * len(positions), table, positions)
    grid_top = y
    y -= NAMES_H
    centred = {"align": "center", "bold": True, "size": TEXT + 1}
    for number in range(1, rounds + 1):
        cells(
            canvas,
            x,
            y,
            row_h,
            [(LAUS_ROUND_W, str(number), centred), *((player_w, "") for _ in positions)],
        )
        y -= row_h
    total = {"bold": True, "fill": SHADE, "size": SMALL, "smallest": 9}
    cells(
        canvas,
        x,
        y,
        row_h,
        [(LAUS_ROUND_W, gettext("Total"), total)] + [(player_w, "")] * len(positions),
    )

    # Beside the grid: the point cards, and how the game ends.
    side_x = x + width - LAUS_SIDE_W
    values = game.point_values()
    side_h = values_height(values, LAUS_SIDE_W, 1)
    point_values(canvas, side_x, grid_top, LAUS_SIDE_W, values, 1, gettext("Point cards"))
    notes = [gettext("Lowest total wins.")]
    if event.options.get("threshold"):
        notes.append(
            gettext("Play until a player passes %(n)s.") % {"n": event.options["threshold"]}
        )
    baseline = grid_top - side_h - 6 * mm
    for index, note in enumerate(notes):
        used = write_lines(
            canvas, side_x + 2 * mm, baseline, note, TEXT, index == 0, LAUS_SIDE_W - 4 * mm
        )
        baseline -= used * 5 * mm + 1 * mm


# -- Pages ------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardKind:
    """How a game's card is drawn, the least height it needs ``width`` wide, the least
    width it needs, and whether a card of a page of its own is printed across the page
    (landscape)."""

    draw: Callable[..., None]
    height: Callable[[EventInfo, float, float], float]
    width: float = 0
    landscape: bool = False


CARDS: dict[str, CardKind] = {
    "hand_and_foot": CardKind(hand_and_foot, hand_and_foot_height),
    # Four players of three boxes each, and the point values beside the heading: the
    # width of a landscape page, never half a page.
    "exact_bid": CardKind(exact_bid, exact_bid_height, width=240 * mm, landscape=True),
    "luxury_family": CardKind(luxury_family, luxury_family_height),
    "laus": CardKind(laus, laus_height),
}

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
