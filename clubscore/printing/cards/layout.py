"""The shared layout of the score cards: geometry, headings, point values, player columns.

Fixed geometry, so the cards are drawn on the canvas. Each game's card (a module beside
this one) knows the least height (and width) it needs with every box big enough to fill
in with a pen (rows of ``ROW_MIN`` at least); where that fits half the page, cards are
printed two to a page. Every value printed on a card comes from ``clubscore.games``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial

from django.utils import formats
from django.utils.translation import gettext
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from clubscore.games import GAMES, Game
from clubscore.games.cards import SUIT_SYMBOLS
from clubscore.translation import game_name, translate

from ..data import EventInfo, LinkInfo, TableInfo
from ..pdf import (
    BOLD,
    FONT,
    HEADING,
    INK,
    LIGHT,
    SHADE,
    SMALL,
    TABLE_NUMBER,
    TEXT,
    box,
    in_cell,
    qr_code,
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
#: A row's number (its round or deal), the first thing a scorekeeper looks for.
NUMBER_CELL = {"align": "center", "bold": True, "size": TEXT + 1}


def suit_label(game: Game, suit: str | None) -> str:
    """A trump as the game shows it, the same as on the tablet: its symbol and name."""
    if suit not in SUIT_SYMBOLS:
        return ""
    trump = game.trump(suit)
    return f"{trump.symbol} {translate(trump.name)}"


def label_width(
    labels: Iterable[str],
    size: float = SMALL,
    *,
    bold: bool = False,
    pad: float = 1.2 * mm,
    least: float = 0,
) -> float:
    """The width of a box (or of a label's room) that holds the longest of ``labels`` on
    one line at ``size``, ``pad`` either side; ``least`` at least. German words are longer
    than English ones: a fixed width cuts them short ("Ges…")."""
    font = BOLD if bold else FONT
    widest = max((stringWidth(label, font, size) for label in labels), default=0)
    return max(least, widest + 2 * pad + 0.1 * mm)  # a hair over: rounding never clips


def heading_width(label: str) -> float:
    """The least width of a column whose heading (``HEAD``) is ``label``, on one line."""
    return label_width([label], HEAD["smallest"], pad=HEAD["pad"])


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


def table_notes(table: TableInfo | None, game: Game) -> list[str]:
    """Who keeps score and who plays first, for the line(s) under a card's heading."""
    if table is None:
        return []
    parts = []
    keepers = [seat.name for seat in table.seats if seat.scorekeeper]
    if keepers:
        parts.append(gettext("Keeps score: %(name)s") % {"name": ", ".join(keepers)})
    first = plays_first(table, game)
    if first:
        parts.append(first)
    return parts


def plays_first(table: TableInfo | None, game: Game) -> str:
    """The line that says who starts the first deal, in the game's words as the tablet
    says them ("Deals: Ann", "Plays first: Ann"); "" on a blank card or before the draw."""
    first = table.seat(table.first_position) if table else None
    return f"{translate(game.first_seat_label)} {first.name}" if first else ""


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
        labels = [gettext("Event:"), gettext("Date:")]
        # The lines to write on start after the longer label (German "Veranstaltung:").
        label_w = label_width(labels, TEXT, pad=1 * mm, least=18 * mm)
        for index, label in enumerate(labels):
            baseline = top - (12 + index * 7.5) * mm
            write(canvas, x, baseline, label, TEXT)
            rule(canvas, x + label_w, baseline - 0.5 * mm, text_w - label_w)
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
    # One size for the row's names (each column as wide): a short name shrunk onto one
    # line beside a long one wrapped at full size read as two kinds of name. A name too
    # long even at the smallest size is cut short alone, not every name made small.
    seats = [table.seat(p) for p in positions] if table else []
    inner_w = min(widths, default=0) - 3 * mm
    fitted = {s.name: wrapped(s.name, NAME_SIZE, inner_w, True)[0] for s in seats if s}
    players = [fitted[s.name] for s in seats if s and not s.filler]
    size = min((f for f in players if f > SMALL), default=NAME_SIZE)
    for width, position in zip(widths, positions, strict=True):
        box(canvas, column, top, width, height, fill=SHADE)
        seat = table.seat(position) if table else None
        inner = width - 3 * mm
        if seat is not None and seat.filler:
            # A play-off's empty seat, filled: the name on one line (shrunk to fit it, not
            # cut short) and under it what that means, as the tablet says it.
            name_y = top - 4.8 * mm
            write(canvas, column + 1.5 * mm, name_y, seat.name, NAME_SIZE, True, inner, smallest=6)
            note = gettext("Fills in: scores nothing")
            write(
                canvas,
                column + 1.5 * mm,
                top - height + 2 * mm,
                note,
                SMALL,
                width=inner,
                smallest=6,
            )
        elif seat is not None:
            write_lines(
                canvas,
                column + 1.5 * mm,
                top - 4.8 * mm,
                seat.name,
                size,
                True,
                inner,
                smallest=size if fitted[seat.name] > SMALL else SMALL,
            )
        else:
            label = gettext("Seat %(n)s") % {"n": position}
            write(canvas, column + 1.5 * mm, top - 4 * mm, label, SMALL, width=inner)
            rule(canvas, column + 1.5 * mm, top - height + 1.5 * mm, inner)
        column += width


@dataclass(frozen=True)
class CardKind:
    """How a game's card is drawn, the least height it needs ``width`` wide, the least
    width it needs, and whether a card of a page of its own is printed across the page
    (landscape)."""

    game: str  # the key of the game in clubscore.games.GAMES
    draw: Callable[..., None]
    height: Callable[[EventInfo, float, float], float]
    width: float = 0
    landscape: bool = False


@dataclass(frozen=True)
class PrintedCard:
    """One card being drawn: its place on the page (``x``, ``top``, ``width``,
    ``height``), its event and table (``None``: a blank card), and the parts every card of
    a grid of players begins with: the heading, the players' names over their columns,
    rows of boxes across them."""

    canvas: Canvas
    x: float
    top: float
    width: float
    height: float
    event: EventInfo
    table: TableInfo | None

    @property
    def game(self) -> Game:
        return GAMES[self.event.game]

    @property
    def bottom(self) -> float:
        return self.top - self.height

    @property
    def positions(self) -> list[int]:
        """The seats of the players' columns, in order."""
        return seat_positions(self.table, self.game)

    @property
    def codes(self) -> list[tuple[LinkInfo, str]]:
        return scan_code(self.table)

    def box_height(self, available: float, rows: int) -> float:
        """The height of each of ``rows`` boxes sharing ``available`` (see ``row_height``),
        down to ROW_FLOOR where the card has a page of its own for very many rows, and
        lower still where even those would not fit (30 deals of Luxury Family ran under
        the meld table): the card stays whole on its page, its text shrinking with them."""
        return row_height(available, rows, min(ROW_FLOOR, available / max(rows, 1)))

    def heading(self, *, note_lines: bool = False, reserve: float = 0) -> float:
        """The heading with the table's scorekeeper code and who keeps score and plays
        first: on one line, or one line each (``note_lines``). Returns its height."""
        notes = table_notes(self.table, self.game)
        note = notes if note_lines else " · ".join(notes)
        args = (self.canvas, self.x, self.top, self.width, self.event, self.table)
        return header(*args, self.codes, note, reserve)

    def names(self, y: float, label_w: float, player_w: float, label: str = "") -> float:
        """The players' names over their columns (each ``player_w`` wide), right of a
        shaded box ``label_w`` wide over the label columns (with ``label``, if any).
        Returns the ``y`` under them."""
        box(self.canvas, self.x, y, label_w, NAMES_H, fill=SHADE)
        if label:
            bottom = y - NAMES_H + 2 * mm
            centre = self.x + label_w / 2
            write(
                self.canvas,
                centre,
                bottom,
                label,
                SMALL,
                align="center",
                width=label_w - 1 * mm,
                smallest=9,
            )
        positions = self.positions
        player_columns(
            self.canvas, self.x + label_w, y, [player_w] * len(positions), self.table, positions
        )
        return y - NAMES_H

    def row(self, y: float, height: float, labels: Sequence[Cell], each: Sequence[Cell]) -> float:
        """A row of boxes: ``labels`` at the left, then ``each`` again for every player.
        Returns the ``y`` under it."""
        players = len(self.positions)
        cells(
            self.canvas,
            self.x,
            y,
            height,
            [*labels, *(cell for _ in range(players) for cell in each)],
        )
        return y - height


def card_kind(
    game: str,
    draw: Callable[[PrintedCard], None],
    height: Callable[[EventInfo, float, float], float],
    *,
    width: float = 0,
    landscape: bool = False,
) -> CardKind:
    """The ``CardKind`` of a game whose ``draw`` draws a ``PrintedCard``."""
    return CardKind(game, partial(_draw_card, draw), height, width=width, landscape=landscape)


def _draw_card(
    draw: Callable[[PrintedCard], None],
    canvas: Canvas,
    x: float,
    top: float,
    width: float,
    height: float,
    event: EventInfo,
    table: TableInfo | None,
) -> None:
    draw(PrintedCard(canvas, x, top, width, height, event, table))
