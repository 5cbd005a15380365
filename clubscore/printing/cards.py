"""Score cards: one per table, pre-filled, or blank for clubs without tablets.

Fixed geometry, so they are drawn on the canvas. Hand and Foot and the exact-bid
game need a whole page each for boxes big enough to fill in with a pen; Luxury
Family and Laus fit two to a portrait page, one above the other, with a dashed
line to cut along. Every value printed on a card comes from ``clubscore.games``.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence

from django.utils import formats
from django.utils.translation import get_language, gettext
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from clubscore.games import GAMES
from clubscore.games.cards import SUIT_NAMES, SUIT_NAMES_DE, SUIT_SYMBOLS

from .data import EventInfo, LinkInfo, TableInfo
from .pdf import (
    FONT,
    HEADING,
    INK,
    LIGHT,
    MARGIN,
    NAME,
    SHADE,
    SMALL,
    TABLE_NUMBER,
    TEXT,
    TITLE,
    box,
    in_cell,
    new_canvas,
    page_size,
    qr_code,
    rule,
    write,
)

HALF_MARGIN = 9 * mm
QR_SIZE = 24 * mm
#: Boxes to write in: never lower than this, never higher than the second value.
ROW_MIN, ROW_MAX = 7 * mm, 12 * mm
VALUE_LINE = 5.2 * mm
MELD_LINE = 4.3 * mm


def is_german() -> bool:
    return (get_language() or "en").startswith("de")


def game_name(key: str) -> str:
    game = GAMES[key]
    return game.name_de if is_german() else game.name


def suit_label(suit: str | None) -> str:
    if suit not in SUIT_SYMBOLS:
        return ""
    names = SUIT_NAMES_DE if is_german() else SUIT_NAMES
    return f"{SUIT_SYMBOLS[suit]} {gettext(names[suit])}"


def row_height(available: float, rows: int) -> float:
    return max(ROW_MIN, min(ROW_MAX, available / max(rows, 1)))


Cell = tuple[float, str] | tuple[float, str, dict]


def cells(canvas: Canvas, x: float, top: float, height: float, items: Sequence[Cell]) -> None:
    """One row of boxes: each item is (width, text) or (width, text, options).

    Options: ``bold``, ``size``, ``align`` ("left", "center", "right"), ``fill`` (a
    colour) and ``color`` (of the text). A merged cell is simply a wider item.
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
                smallest=options.get("smallest", 8),
            )
        column += width


def header(
    canvas: Canvas,
    x: float,
    top: float,
    width: float,
    event: EventInfo,
    table: TableInfo | None,
    link: LinkInfo | None = None,
) -> float:
    """The card's heading: game, event, date, table number and (optionally) one QR code.

    Returns the height it took. A blank card gets lines to write on instead.
    """
    height = QR_SIZE + 6 * mm if link else 24 * mm
    number_w = 26 * mm
    qr_w = QR_SIZE + 4 * mm if link else 0
    text_w = width - number_w - qr_w - 4 * mm
    title = gettext("%(game)s · score card") % {"game": game_name(event.game)}
    write(canvas, x, top - 6 * mm, title, TITLE, bold=True, width=text_w)
    if event.name:
        write(canvas, x, top - 12.5 * mm, event.name, HEADING, width=text_w)
        date = formats.date_format(event.date, "DATE_FORMAT") if event.date else ""
        # Which round: a play-off's cards must not pass for the regular round's.
        when = " · ".join(part for part in (date, event.round) if part)
        write(canvas, x, top - 18.5 * mm, when, TEXT, width=text_w)
    else:
        label_w = 18 * mm
        write(canvas, x, top - 13 * mm, gettext("Event:"), TEXT)
        rule(canvas, x + label_w, top - 13.5 * mm, text_w - label_w)
        write(canvas, x, top - 20 * mm, gettext("Date:"), TEXT)
        rule(canvas, x + label_w, top - 20.5 * mm, text_w - label_w)
    # The table number, big, in a box of its own (empty on a blank card).
    number_x = x + width - number_w - qr_w
    box(canvas, number_x, top, number_w, 22 * mm, line=1.4)
    write(canvas, number_x + number_w / 2, top - 5 * mm, gettext("Table"), SMALL, align="center")
    if table is not None and table.number is not None:
        write(
            canvas,
            number_x + number_w / 2,
            top - 17 * mm,
            str(table.number),
            TABLE_NUMBER,
            bold=True,
            align="center",
            width=number_w - 2 * mm,
        )
    if link:
        qr_x = x + width - QR_SIZE
        qr_code(canvas, link.url, qr_x, top - QR_SIZE, QR_SIZE)
        caption = gettext("Scan to keep score")
        write(canvas, qr_x + QR_SIZE / 2, top - QR_SIZE - 4 * mm, caption, 8, align="center")
    return height


def value_columns(
    rows: Sequence[tuple[str, int]], width: float, columns: int
) -> list[list[tuple[list[str], int]]]:
    """Lay (label, points) rows out in columns; a label too long for one line wraps."""
    column_w = (width - 4 * mm) / columns
    wrapped = [
        (simpleSplit(gettext(label), FONT, SMALL, column_w - 14 * mm) or [""], points)
        for label, points in rows
    ]
    per_column = math.ceil(sum(len(lines) for lines, _points in wrapped) / columns)
    laid: list[list[tuple[list[str], int]]] = [[]]
    used = 0
    for lines, points in wrapped:
        if used and used + len(lines) > per_column and len(laid) < columns:
            laid.append([])
            used = 0
        laid[-1].append((lines, points))
        used += len(lines)
    return laid


def values_height(rows: Sequence[tuple[str, int]], width: float, columns: int) -> float:
    laid = value_columns(rows, width, columns)
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
    """A reference box of (label, points) in ``columns`` columns; returns its height."""
    height = values_height(rows, width, columns)
    box(canvas, x, top, width, height, fill=LIGHT, line=0.5)
    write(canvas, x + 2 * mm, top - 5 * mm, title, TEXT, bold=True)
    column_w = (width - 4 * mm) / columns
    for column, entries in enumerate(value_columns(rows, width, columns)):
        left = x + 2 * mm + column * column_w
        line = 0
        for labels, points in entries:
            for index, label in enumerate(labels):
                baseline = top - 7 * mm - (line + 1) * VALUE_LINE + 1.3 * mm
                write(canvas, left, baseline, label, SMALL)
                if index == 0:
                    right = left + column_w - 3 * mm
                    write(canvas, right, baseline, str(points), SMALL, bold=True, align="right")
                line += 1
    return height


def seat_heading(table: TableInfo | None, position: int) -> tuple[str, str]:
    """The two lines over a player's column: the name, and what they do at the table."""
    seat = table.seat(position) if table else None
    if seat is None:
        return "", gettext("Seat %(n)s") % {"n": position}
    marks = [gettext("Seat %(n)s") % {"n": position}]
    if seat.scorekeeper:
        marks.append(gettext("keeps score"))
    if table and table.first_position == position:
        marks.append(gettext("plays first"))
    return seat.name, " · ".join(marks)


def player_columns(
    canvas: Canvas,
    x: float,
    top: float,
    widths: Sequence[float],
    table: TableInfo | None,
    positions: Sequence[int],
    height: float,
) -> None:
    """Header boxes with each player's name (big) and seat (small); blank: a line to write on."""
    column = x
    for width, position in zip(widths, positions, strict=True):
        box(canvas, column, top, width, height, fill=SHADE)
        name, marks = seat_heading(table, position)
        if name:
            write(canvas, column + 1.5 * mm, top - 6 * mm, name, NAME - 1, True, width - 3 * mm)
        else:
            rule(canvas, column + 2 * mm, top - 7 * mm, width - 4 * mm)
        # What the player does at the table, on two lines when the column is narrow.
        lines = simpleSplit(marks, FONT, 7.5, width - 3 * mm)[:2]
        for index, line in enumerate(lines):
            baseline = top - height + 2.2 * mm + (len(lines) - 1 - index) * 3.1 * mm
            write(canvas, column + 1.5 * mm, baseline, line, 7.5, width=width - 3 * mm)
        column += width


# -- Hand and Foot ----------------------------------------------------------------------


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
    bottom = top - height
    y = top - header(canvas, x, top, width, event, table) - 2 * mm

    # The two teams, each with its own scorekeeper's QR code.
    gap = 4 * mm
    team_w = (width - gap) / 2
    team_h = QR_SIZE + 8 * mm
    for index, number in enumerate((1, 2)):
        left = x + index * (team_w + gap)
        box(canvas, left, y, team_w, team_h, line=1.2)
        link = table.link(number) if table else None
        name_w = team_w - 6 * mm - (QR_SIZE + 2 * mm if link else 0)
        team = gettext("Team %(n)s") % {"n": number}
        write(canvas, left + 3 * mm, y - 6 * mm, team, HEADING, True)
        members = table.team(number) if table else []
        for line in range(2):
            baseline = y - 14 * mm - line * 8 * mm
            if line < len(members):
                seat = members[line]
                write(canvas, left + 3 * mm, baseline, seat.name, NAME, True, width=name_w)
            else:
                rule(canvas, left + 3 * mm, baseline - 1 * mm, name_w)
        keeper = next((seat.name for seat in members if seat.scorekeeper), "")
        label = gettext("Keeps score:")
        write(canvas, left + 3 * mm, y - team_h + 4 * mm, f"{label} {keeper}", SMALL, width=name_w)
        if link:
            qr_x = left + team_w - QR_SIZE - 2 * mm
            qr_code(canvas, link.url, qr_x, y - QR_SIZE - 2 * mm, QR_SIZE)
            caption = gettext("Scan to keep score")
            write(canvas, qr_x + QR_SIZE / 2, y - team_h + 2.2 * mm, caption, 8, align="center")
    y -= team_h + 6 * mm
    first = table.seat(table.first_position) if table else None
    write(canvas, x, y, gettext("Plays first:"), TEXT)
    if first:
        write(canvas, x + 28 * mm, y, first.name, TEXT, True, width=width - 28 * mm)
    else:
        rule(canvas, x + 28 * mm, y - 1 * mm, 80 * mm)
    y -= 4 * mm

    # The score grid: per hand a band with its meld minimum, then the boxes to fill in.
    values = game.point_values()
    columns = 3
    hands = event.options["hands"]
    band_h = 7.5 * mm
    lines = [
        gettext("Books"),
        gettext("Cards melded (+)"),
        gettext("Cards left in hand (−)"),
        gettext("Going out, exact deals (+)"),
        gettext("Hand total"),
    ]
    finals = [gettext("All hands"), gettext("First-table bonus"), gettext("Final score")]
    writing_rows = 1 + hands * len(lines) + len(finals)
    available = y - bottom - values_height(values, width, columns) - 3 * mm - hands * band_h
    row_h = row_height(available, writing_rows)
    label_w = width * 0.40
    score_w = (width - label_w) / 2
    head = {"bold": True, "align": "center", "fill": SHADE}
    teams = [gettext("Team %(n)s") % {"n": n} for n in (1, 2)]
    cells(
        canvas,
        x,
        y,
        row_h,
        [(label_w, "", {"fill": SHADE}), (score_w, teams[0], head), (score_w, teams[1], head)],
    )
    y -= row_h
    for hand in range(1, hands + 1):
        band = gettext("Hand %(hand)s · meld minimum %(minimum)s") % {
            "hand": hand,
            "minimum": game.meld_minimum(hand, event.options),
        }
        cells(canvas, x, y, band_h, [(width, band, {"bold": True, "fill": LIGHT})])
        y -= band_h
        for index, label in enumerate(lines):
            style = {"bold": index == len(lines) - 1}
            cells(canvas, x, y, row_h, [(label_w, label, style), (score_w, ""), (score_w, "")])
            y -= row_h
    for index, label in enumerate(finals):
        last = index == len(finals) - 1
        style = {"bold": last, "fill": SHADE if last else None}
        cells(canvas, x, y, row_h, [(label_w, label, style), (score_w, ""), (score_w, "")])
        y -= row_h
    top_of_values = bottom + values_height(values, width, columns)
    point_values(canvas, x, top_of_values, width, values, columns, gettext("Point values"))


# -- Exact-bid trick game -----------------------------------------------------------------


def exact_bid(
    canvas: Canvas,
    x: float,
    top: float,
    width: float,
    height: float,
    event: EventInfo,
    table: TableInfo | None,
) -> None:
    game = GAMES["exact_bid"]
    bottom = top - height
    link = table.link() if table else None
    y = top - header(canvas, x, top, width, event, table, link) - 3 * mm

    start = event.options["start_cards"]
    positions = [s.position for s in table.seats] if table and table.seats else [1, 2, 3, 4]
    fixed = [13 * mm, 13 * mm, 22 * mm]
    player_w = (width - sum(fixed)) / len(positions)
    sub_w = player_w / 3
    values = game.point_values()
    finals = [
        gettext("Points"),
        gettext("Tricks"),
        gettext("Place"),
        gettext("Multiplier"),
        gettext("Final score"),
    ]
    names_h = 15 * mm
    available = y - bottom - names_h - values_height(values, width, 2) - 3 * mm
    row_h = row_height(available, start + 1 + len(finals))

    # Names over each player's three boxes: bid, tricks, points.
    box(canvas, x, y, sum(fixed), names_h, fill=SHADE)
    player_columns(
        canvas, x + sum(fixed), y, [player_w] * len(positions), table, positions, names_h
    )
    y -= names_h
    head = {"bold": True, "align": "center", "fill": SHADE, "size": SMALL, "smallest": 7}
    sub = [gettext("Bid"), gettext("Tricks"), gettext("Points")]
    cells(
        canvas,
        x,
        y,
        row_h,
        [
            (fixed[0], gettext("Round"), head),
            (fixed[1], gettext("Cards"), head),
            (fixed[2], gettext("Trump"), head),
            *((sub_w, label, head) for _ in positions for label in sub),
        ],
    )
    y -= row_h
    centred = {"align": "center", "bold": True}
    for index in range(start):
        trump = table.trumps[index] if table and index < len(table.trumps) else None
        cells(
            canvas,
            x,
            y,
            row_h,
            [
                (fixed[0], str(index + 1), centred),
                (fixed[1], str(game.cards_in_round(index, start)), centred),
                (fixed[2], suit_label(trump), {"align": "center"}),
                *((sub_w, "") for _ in positions for _label in sub),
            ],
        )
        y -= row_h
    for index, label in enumerate(finals):
        last = index == len(finals) - 1
        style = {"bold": last, "fill": SHADE if last else None}
        cells(
            canvas, x, y, row_h, [(sum(fixed), label, style), *((player_w, "") for _ in positions)]
        )
        y -= row_h
    top_of_values = bottom + values_height(values, width, 2)
    point_values(canvas, x, top_of_values, width, values, 2, gettext("Point values"))


# -- Luxury Family ------------------------------------------------------------------------


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
    link = table.link() if table else None
    y = top - header(canvas, x, top, width, event, table, link) - 2 * mm

    deals = event.options["rounds"]
    positions = [s.position for s in table.seats] if table and table.seats else [1, 2, 3]
    fixed = [12 * mm, 34 * mm, 16 * mm, 24 * mm]
    player_w = (width - sum(fixed)) / len(positions)
    sub_w = player_w / 3
    meld_rows = game.meld_table()
    meld_h = 7 * mm + math.ceil(len(meld_rows) / 2) * MELD_LINE + 1 * mm
    names_h = 14 * mm
    available = y - bottom - names_h - meld_h - 2 * mm
    row_h = row_height(available, deals + 2)

    box(canvas, x, y, sum(fixed), names_h, fill=SHADE)
    player_columns(
        canvas, x + sum(fixed), y, [player_w] * len(positions), table, positions, names_h
    )
    y -= names_h
    head = {"bold": True, "align": "center", "fill": SHADE, "size": SMALL, "smallest": 7}
    sub = [gettext("Melds"), gettext("Tricks"), gettext("Total")]
    heads = [gettext("Deal"), gettext("Dealer"), gettext("Bid"), gettext("Game maker")]
    cells(
        canvas,
        x,
        y,
        row_h,
        [
            *((w, label, head) for w, label in zip(fixed, heads, strict=True)),
            *((sub_w, label, head) for _ in positions for label in sub),
        ],
    )
    y -= row_h
    for deal in range(deals):
        dealer = table.dealer(deal) if table else None
        cells(
            canvas,
            x,
            y,
            row_h,
            [
                (fixed[0], str(deal + 1), {"align": "center", "bold": True}),
                (fixed[1], dealer.name if dealer else "", {"size": SMALL}),
                (fixed[2], ""),
                (fixed[3], ""),
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
        [(sum(fixed), gettext("Total after %(n)s deals") % {"n": deals}, total)]
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
        write(canvas, plain_x + number_w / 2, top - 5 * mm, gettext("Plain"), 8, align="center")
        write(canvas, plain_x + 1.5 * number_w, top - 5 * mm, gettext("Trump"), 8, align="center")
        for line, (label, plain, trump) in enumerate(rows[half * per_half : (half + 1) * per_half]):
            baseline = top - 7 * mm - (line + 1) * MELD_LINE + 1.2 * mm
            write(canvas, left, baseline, gettext(label), 9, width=half_w - 2 * number_w - 3 * mm)
            if plain == trump:
                # Four (or eight) of a rank count the same whatever the trump.
                write(canvas, plain_x + number_w, baseline, str(plain), 9, True, align="center")
                continue
            for column, points in enumerate((plain, trump)):
                text = "–" if points is None else str(points)
                centre = plain_x + (column + 0.5) * number_w
                write(canvas, centre, baseline, text, 9, True, align="center")


# -- Laus ---------------------------------------------------------------------------------

LAUS_OPEN_ROUNDS = 10  # rows printed when the game is played to a threshold


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
    link = table.link() if table else None
    y = top - header(canvas, x, top, width, event, table, link) - 2 * mm

    rounds = event.options["rounds"] or LAUS_OPEN_ROUNDS
    positions = [s.position for s in table.seats] if table and table.seats else [1, 2, 3, 4]
    side_w = 56 * mm
    grid_w = width - side_w - 3 * mm
    round_w = 16 * mm
    player_w = (grid_w - round_w) / len(positions)
    names_h = 15 * mm
    row_h = row_height(y - bottom - names_h, rounds + 1)

    box(canvas, x, y, round_w, names_h, fill=SHADE)
    write(canvas, x + round_w / 2, y - names_h + 3 * mm, gettext("Round"), 8, align="center")
    player_columns(canvas, x + round_w, y, [player_w] * len(positions), table, positions, names_h)
    grid_top = y
    y -= names_h
    for number in range(1, rounds + 1):
        centred = {"align": "center", "bold": True}
        cells(
            canvas,
            x,
            y,
            row_h,
            [(round_w, str(number), centred), *((player_w, "") for _ in positions)],
        )
        y -= row_h
    total = {"bold": True, "fill": SHADE, "size": SMALL}
    cells(
        canvas,
        x,
        y,
        row_h,
        [(round_w, gettext("Total"), total)] + [(player_w, "")] * len(positions),
    )

    # Beside the grid: the point cards, and how the game ends.
    side_x = x + width - side_w
    values = game.point_values()
    side_h = values_height(values, side_w, 1)
    point_values(canvas, side_x, grid_top, side_w, values, 1, gettext("Point cards"))
    notes = [gettext("Lowest total wins.")]
    if event.options.get("threshold"):
        notes.append(
            gettext("Play until a player passes %(n)s.") % {"n": event.options["threshold"]}
        )
    for index, note in enumerate(notes):
        baseline = grid_top - side_h - 6 * mm - index * 5.5 * mm
        write(canvas, side_x + 2 * mm, baseline, note, TEXT, bold=index == 0, width=side_w - 4 * mm)


# -- Pages ------------------------------------------------------------------------------

DRAWERS: dict[str, Callable[..., None]] = {
    "hand_and_foot": hand_and_foot,
    "exact_bid": exact_bid,
    "luxury_family": luxury_family,
    "laus": laus,
}


def cards_per_page(game: str, options: dict) -> int:
    """Two cards to a page where their boxes stay big enough to write in, else one."""
    if game == "luxury_family":
        return 2 if options["rounds"] <= 4 else 1
    if game == "laus":
        return 2 if (options["rounds"] or LAUS_OPEN_ROUNDS) <= 10 else 1
    return 1


def render_cards(event: EventInfo, tables: Sequence[TableInfo | None], paper: str = "A4") -> bytes:
    """The score cards of ``tables`` (``None``: a blank card) as a PDF."""
    buffer = io.BytesIO()
    title = gettext("Score cards · %(event)s") % {"event": event.name or game_name(event.game)}
    canvas = new_canvas(buffer, paper, title)
    page_w, page_h = page_size(paper)
    per_page = cards_per_page(event.game, event.options)
    draw = DRAWERS[event.game]
    for start in range(0, max(len(tables), 1), per_page):
        batch = list(tables[start : start + per_page]) or [None]
        if per_page == 1:
            draw(
                canvas,
                MARGIN,
                page_h - MARGIN,
                page_w - 2 * MARGIN,
                page_h - 2 * MARGIN,
                event,
                batch[0],
            )
        else:
            slot_h = page_h / 2
            for index, table in enumerate(batch):
                slot_top = page_h - index * slot_h
                draw(
                    canvas,
                    HALF_MARGIN,
                    slot_top - HALF_MARGIN,
                    page_w - 2 * HALF_MARGIN,
                    slot_h - 2 * HALF_MARGIN,
                    event,
                    table,
                )
            rule(canvas, 4 * mm, slot_h, page_w - 8 * mm, dashed=True)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def render_blank_cards(
    game: str, options: dict | None = None, count: int | None = None, paper: str = "A4"
) -> bytes:
    """Blank cards of ``game``: no names, no QR codes, lines to write on; one page by default."""
    options = GAMES[game].clean_options(options or {})
    event = EventInfo(game=game, options=options)
    count = count or cards_per_page(game, options)
    return render_cards(event, [None] * count, paper)
