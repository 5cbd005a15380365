"""The one stylesheet of the printables: paper, fonts, sizes, and small canvas helpers.

Everything is measured in mm. Sizes are chosen for players of 75 and more reading
and writing under club lighting: names at 12 pt and more (a long name takes two lines
rather than shrinking), nothing to read below 10 pt, boxes to write in at least 8 mm
high and 17 mm wide for a score.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from clubscore.qr import make_qr

FONT_DIR = Path(__file__).resolve().parent / "fonts"
#: DejaVu Sans covers every Latin script (Zoë, Jürgen, Łukasz, Siobhán) and the suit
#: symbols; it is shipped in the repository and embedded (subset) in every PDF.
FONT = "ClubSans"
BOLD = "ClubSans-Bold"

PAPER = {"A4": A4, "LETTER": LETTER}

MARGIN = 12 * mm
INK = colors.black
GREY = colors.Color(0.35, 0.35, 0.35)
SHADE = colors.Color(0.88, 0.88, 0.88)
LIGHT = colors.Color(0.95, 0.95, 0.95)

# The stylesheet: sizes in points.
TITLE = 16
HEADING = 13
NAME = 14
TEXT = 11
SMALL = 10  # the smallest text there is to read
TABLE_NUMBER = 28

QR_MASK = 2  # vertical stripes (pattern 2: column % 3 == 0)

_registered = False


def register_fonts() -> None:
    """Register the embedded TrueType fonts with reportlab (once per process)."""
    global _registered
    if _registered:
        return
    pdfmetrics.registerFont(TTFont(FONT, str(FONT_DIR / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(FONT_DIR / "DejaVuSans-Bold.ttf")))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)
    _registered = True


def page_size(paper: str) -> tuple[float, float]:
    """The portrait page size of ``paper`` ("A4" or "LETTER"); unknown values mean A4."""
    return PAPER.get((paper or "A4").upper(), A4)


def new_canvas(buffer, paper: str, title: str) -> Canvas:
    register_fonts()
    # The initial font too: otherwise every page would reference a non-embedded Helvetica.
    canvas = Canvas(buffer, pagesize=page_size(paper), pageCompression=1, initialFontName=FONT)
    canvas.setTitle(title)
    canvas.setAuthor("ClubScore")
    return canvas


# Measuring text is most of the time of a big evening's cards, and every card measures
# the same labels at the same sizes: the measuring functions below remember their answers.
@lru_cache(maxsize=8192)
def fitted_size(text: str, font: str, size: float, width: float, smallest: float = SMALL) -> float:
    """The largest size up to ``size`` at which ``text`` fits ``width`` (``smallest`` at least)."""
    measured = pdfmetrics.stringWidth(text, font, size)
    if measured <= width or not measured:
        return size
    # A hair under the exact ratio, so rounding never clips the last letter.
    return max(smallest, size * width / measured * 0.995)


@lru_cache(maxsize=8192)
def clip(text: str, font: str, size: float, width: float) -> str:
    """``text`` shortened with an ellipsis when it does not fit ``width`` even when shrunk."""
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


def write(
    canvas: Canvas,
    x: float,
    y: float,
    text: str,
    size: float = TEXT,
    bold: bool = False,
    width: float | None = None,
    align: str = "left",
    smallest: float = SMALL,
    color=INK,
) -> None:
    """Draw one line of ``text`` with its baseline at ``y``; shrink it to fit ``width``.

    Text is drawn as text, never interpreted as markup, so a name like ``<b>Bob</b>``
    prints exactly as typed.
    """
    font = BOLD if bold else FONT
    if width is not None:
        size = fitted_size(text, font, size, width, smallest)
        text = clip(text, font, size, width)
    canvas.setFont(font, size)
    canvas.setFillColor(color)
    if align == "center":
        canvas.drawCentredString(x, y, text)
    elif align == "right":
        canvas.drawRightString(x, y, text)
    else:
        canvas.drawString(x, y, text)
    canvas.setFillColor(INK)


@lru_cache(maxsize=8192)
def split_lines(
    text: str, font: str, size: float, width: float, hyphenate: bool = False
) -> tuple[str, ...]:
    """Break ``text`` into lines that fit ``width``: at spaces, and after a hyphen, so a
    double-barrelled name (Łukasiewicz-Wójcik) can take two lines too. With
    ``hyphenate``, a word wider than ``width`` is broken with a hyphen of its own (at
    least three letters either side)."""
    # Each piece is a word, or the part of a word up to and including a hyphen.
    pieces = re.findall(r"[^\s-]*-+|[^\s-]+|\s+", text)
    if hyphenate:
        pieces = [part for piece in pieces for part in _hyphenated(piece, font, size, width)]
    lines: list[str] = []
    current = ""
    for piece in pieces:
        if piece.isspace():
            current += " " if current else ""
            continue
        candidate = current + piece
        if current and pdfmetrics.stringWidth(candidate.rstrip(), font, size) > width:
            lines.append(current.rstrip())
            current = piece
        else:
            current = candidate
    if current.strip():
        lines.append(current.rstrip())
    return tuple(lines)


def _hyphenated(word: str, font: str, size: float, width: float) -> list[str]:
    """``word`` in pieces that fit ``width``, each but the last ending in a hyphen."""
    pieces = []
    while pdfmetrics.stringWidth(word, font, size) > width and len(word) >= 6:
        cut = len(word) - 3
        while cut > 3 and pdfmetrics.stringWidth(word[:cut] + "-", font, size) > width:
            cut -= 1
        if cut <= 3:
            break
        pieces.append(word[:cut] + "-")
        word = word[cut:]
    return [*pieces, word]


@lru_cache(maxsize=8192)
def wrapped(
    text: str,
    size: float,
    width: float,
    bold: bool = False,
    lines: int = 2,
    smallest: float = SMALL,
    hyphenate: bool = False,
) -> tuple[float, tuple[str, ...]]:
    """``text`` broken into at most ``lines`` lines that fit ``width``, at the largest size
    from ``size`` down to ``smallest``; at ``smallest`` the last line is clipped ("…").
    With ``hyphenate`` (headings), a word too wide even at ``smallest`` is broken with a
    hyphen rather than clipped."""
    font = BOLD if bold else FONT

    def fits(parts: tuple[str, ...], at: float) -> bool:
        return all(pdfmetrics.stringWidth(part, font, at) <= width for part in parts)

    # One line a little smaller reads better than two: shrink by up to 1.5 pt first (not
    # below 9 pt: smaller than that only when nothing else fits).
    for count in range(1, lines + 1):
        lowest = smallest if count == lines else max(smallest, size - 1.5, min(size, 9))
        current = size
        while True:
            parts = split_lines(text, font, current, width) or ("",)
            if len(parts) <= count and fits(parts, current):
                return current, parts
            if current <= lowest:
                break
            current = max(lowest, current - 0.5)
    if hyphenate:
        for current in (size, smallest) if size > smallest else (smallest,):
            parts = split_lines(text, font, current, width, True) or ("",)
            if len(parts) <= lines and fits(parts, current):
                return current, parts
    parts = list(split_lines(text, font, smallest, width)[:lines]) or [""]
    if len(parts) == lines:
        # Whatever did not fit goes on the last line, shortened.
        done = 0
        for part in parts[:-1]:
            done = text.find(part, done) + len(part)
        parts[-1] = text[done:].strip()
    parts[-1] = clip(parts[-1], font, smallest, width)
    return smallest, tuple(parts)


def write_lines(
    canvas: Canvas,
    x: float,
    y: float,
    text: str,
    size: float = TEXT,
    bold: bool = False,
    width: float = 100 * mm,
    lines: int = 2,
    align: str = "left",
    smallest: float = SMALL,
    color=INK,
    leading: float = 1.18,
) -> int:
    """Write ``text`` on up to ``lines`` lines, the first baseline at ``y``; returns the
    number of lines written. A long name takes two lines instead of shrinking away."""
    size, parts = wrapped(text, size, width, bold, lines, smallest)
    for index, part in enumerate(parts):
        write(canvas, x, y - index * size * leading, part, size, bold, width, align, size, color)
    return len(parts)


def in_cell(
    canvas: Canvas,
    x: float,
    top: float,
    width: float,
    height: float,
    text: str,
    size: float = TEXT,
    bold: bool = False,
    align: str = "left",
    color=INK,
    smallest: float = SMALL,
    lines: int = 1,
    pad: float = 1.2 * mm,
    hyphenate: bool = False,
) -> None:
    """Write ``text`` vertically centred in the cell whose top-left corner is (x, top),
    on up to ``lines`` lines, ``pad`` from the cell's sides."""
    if align == "center":
        anchor = x + width / 2
    elif align == "right":
        anchor = x + width - pad
    else:
        anchor = x + pad
    # A row squeezed to keep a long game on its page (32 rounds of the exact-bid game)
    # is lower than its text: the text shrinks with it, never over the lines.
    size = min(size, height * 0.8)
    smallest = min(smallest, size)
    size, parts = wrapped(text, size, width - 2 * pad, bold, lines, smallest, hyphenate)
    leading = size * 1.15
    first = top - height / 2 + (len(parts) - 1) * leading / 2 - size * 0.35
    for index, part in enumerate(parts):
        baseline = first - index * leading
        write(canvas, anchor, baseline, part, size, bold, width - 2 * pad, align, size, color)


def box(canvas: Canvas, x: float, top: float, width: float, height: float, **kw) -> None:
    """A rectangle given by its top-left corner (fill with ``fill=colour``)."""
    fill = kw.get("fill")
    canvas.setLineWidth(kw.get("line", 0.8))
    if fill is not None:
        canvas.setFillColor(fill)
    canvas.rect(x, top - height, width, height, stroke=1, fill=1 if fill is not None else 0)
    canvas.setFillColor(INK)


def grid(canvas: Canvas, x: float, top: float, widths: list[float], heights: list[float]) -> None:
    """The lines of a table: columns of ``widths``, rows of ``heights``, from (x, top) down."""
    canvas.setLineWidth(0.8)
    right = x + sum(widths)
    bottom = top - sum(heights)
    y = top
    for height in [0, *heights]:
        y -= height
        canvas.line(x, y, right, y)
    column = x
    for width in [0, *widths]:
        column += width
        canvas.line(column, top, column, bottom)


def rule(canvas: Canvas, x: float, y: float, width: float, dashed: bool = False) -> None:
    """A line to write on (or a dashed line to cut along)."""
    canvas.setLineWidth(0.6)
    canvas.setStrokeColor(GREY)
    if dashed:
        canvas.setDash(3, 3)
    canvas.line(x, y, x + width, y)
    canvas.setDash()
    canvas.setStrokeColor(INK)


def qr_code(canvas: Canvas, url: str, x: float, y: float, size: float) -> None:
    """Draw the QR code of ``url`` with its lower-left corner at (x, y), ``size`` wide.

    The same area is also a clickable link to ``url``: a PDF viewer opens it, and
    tests read the link back to check each card carries the right scorekeeper link.
    """
    # A fixed mask: segno would otherwise try all eight to pick the best-looking one,
    # which is most of the time of a 100-table evening; any mask scans as well here.
    matrix = make_qr(url, mask=QR_MASK).matrix
    count = len(matrix)
    # Draw in module units (one unit = one module, rows from the top), so every run of
    # dark modules is a rectangle of whole numbers, written straight as PDF operators:
    # thousands of them per evening, far faster than one path call each.
    runs = []
    for row_index, row in enumerate(matrix):
        column = 0
        while column < count:
            if row[column]:
                start = column
                while column < count and row[column]:
                    column += 1
                runs.append(f"{start} {row_index} {column - start} 1 re")
            else:
                column += 1
    module = size / count
    canvas.saveState()
    canvas.setFillColor(INK)
    canvas.transform(module, 0, 0, -module, x, y + size)
    canvas.addLiteral("\n".join(runs) + "\nf")
    canvas.restoreState()
    canvas.linkURL(url, (x, y, x + size, y + size), relative=0, thickness=0)
