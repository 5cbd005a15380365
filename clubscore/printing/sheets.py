"""Sheets for the wall: the table assignments (large type) and the standings.

Table assignments have a fixed geometry (blocks of tables, several to a page) and
are drawn on the canvas, followed by an alphabetical "find your table" list.
Standings flow over as many pages as they need, so they use Platypus.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import partial
from xml.sax.saxutils import escape

from django.utils import formats
from django.utils.translation import gettext
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, TableStyle
from reportlab.platypus import Table as FlowTable

from .cards import game_name
from .data import EventInfo, StandingsInfo, TableInfo
from .pdf import (
    BOLD,
    FONT,
    GREY,
    HEADING,
    INK,
    MARGIN,
    SHADE,
    SMALL,
    TEXT,
    TITLE,
    box,
    new_canvas,
    page_size,
    register_fonts,
    write,
)

BLOCK_COLUMNS, BLOCK_ROWS = 2, 3
WALL_TITLE = 34  # "Table 7"
WALL_NAME = 22


def subtitle(event: EventInfo) -> str:
    date = formats.date_format(event.date, "DATE_FORMAT") if event.date else ""
    return " · ".join(part for part in (event.name, date, game_name(event.game)) if part)


def _page_heading(canvas, event: EventInfo, title: str, width: float, top: float) -> None:
    write(canvas, MARGIN, top - 8 * mm, title, TITLE + 4, bold=True, width=width)
    write(canvas, MARGIN, top - 15 * mm, subtitle(event), HEADING, width=width, color=GREY)


def _table_block(canvas, x: float, top: float, width: float, height: float, table: TableInfo):
    """One table: its number huge, then the names big (by team in Hand and Foot)."""
    box(canvas, x, top, width, height, line=2)
    label = gettext("Table %(n)s") % {"n": table.number}
    write(canvas, x + 5 * mm, top - 14 * mm, label, WALL_TITLE, bold=True, width=width - 10 * mm)
    y = top - 20 * mm
    name_w = width - 10 * mm
    teams = sorted({seat.team for seat in table.seats if seat.team})
    groups = [(gettext("Team %(n)s") % {"n": team}, table.team(team)) for team in teams] or [
        ("", list(table.seats))
    ]
    label_h = 5 * mm if teams else 0
    # The names share what is left of the block, up to the wall's name size.
    name_h = (y - (top - height) - 3 * mm - label_h * len(groups)) / max(len(table.seats), 1)
    size = min(WALL_NAME, name_h / mm * 2.4)
    for title, seats in groups:
        if title:
            write(canvas, x + 5 * mm, y - 4 * mm, title, SMALL + 1, bold=True, color=GREY)
            y -= label_h
        for seat in seats:
            y -= name_h * 0.75
            write(canvas, x + 5 * mm, y, seat.name, size, bold=True, width=name_w, smallest=12)
            y -= name_h * 0.25


def render_tables(event: EventInfo, tables: Sequence[TableInfo], paper: str = "A4") -> bytes:
    """The table assignments for the wall, then who sits where in alphabetical order."""
    buffer = io.BytesIO()
    title = gettext("Table assignments")
    canvas = new_canvas(buffer, paper, f"{title} · {event.name}")
    page_w, page_h = page_size(paper)
    width = page_w - 2 * MARGIN
    heading_h = 22 * mm
    block_gap = 5 * mm
    block_w = (width - block_gap * (BLOCK_COLUMNS - 1)) / BLOCK_COLUMNS
    block_h = (page_h - 2 * MARGIN - heading_h - block_gap * (BLOCK_ROWS - 1)) / BLOCK_ROWS
    per_page = BLOCK_COLUMNS * BLOCK_ROWS
    for start in range(0, max(len(tables), 1), per_page):
        _page_heading(canvas, event, title, width, page_h - MARGIN)
        for index, table in enumerate(tables[start : start + per_page]):
            row, column = divmod(index, BLOCK_COLUMNS)
            x = MARGIN + column * (block_w + block_gap)
            top = page_h - MARGIN - heading_h - row * (block_h + block_gap)
            _table_block(canvas, x, top, block_w, block_h, table)
        canvas.showPage()

    # Find your table: everyone in alphabetical order with their table number.
    seated = sorted(
        ((seat.name, table.number) for table in tables for seat in table.seats),
        key=lambda item: (item[0].casefold(), item[1] or 0),
    )
    if seated:
        columns, line_h = 2, 8.5 * mm
        column_w = (width - 6 * mm) / columns
        lines = int((page_h - 2 * MARGIN - heading_h) / line_h)
        for start in range(0, len(seated), lines * columns):
            _page_heading(canvas, event, gettext("Find your table"), width, page_h - MARGIN)
            for index, (name, number) in enumerate(seated[start : start + lines * columns]):
                column, line = divmod(index, lines)
                x = MARGIN + column * (column_w + 6 * mm)
                y = page_h - MARGIN - heading_h - (line + 1) * line_h + 2 * mm
                write(canvas, x, y, name, TEXT + 4, width=column_w - 30 * mm, smallest=10)
                label = gettext("Table %(n)s") % {"n": number}
                write(canvas, x + column_w, y, label, TEXT + 4, bold=True, align="right")
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def render_standings(event: EventInfo, standings: StandingsInfo, paper: str = "A4") -> bytes:
    """The standings: rank, player (or couple), total, tables; ties for first: play-off."""
    register_fonts()
    buffer = io.BytesIO()
    title = gettext("Final standings") if standings.final else gettext("Standings (provisional)")
    page_w, page_h = page_size(paper)
    doc = SimpleDocTemplate(
        buffer,
        pagesize=(page_w, page_h),
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN + 4 * mm,
        title=f"{title} · {event.name}",
        author="ClubScore",
    )
    heading = ParagraphStyle("heading", fontName=BOLD, fontSize=TITLE + 6, leading=TITLE + 10)
    lead = ParagraphStyle("lead", fontName=FONT, fontSize=HEADING, leading=HEADING + 4)
    cell = ParagraphStyle("cell", fontName=FONT, fontSize=TEXT + 2, leading=TEXT + 6)
    strong = ParagraphStyle("strong", parent=cell, fontName=BOLD)
    order = (
        gettext("Lowest total wins.")
        if standings.order == "low"
        else gettext("Highest total wins.")
    )
    basis = (
        gettext("Couples: both spouses' scores together.")
        if standings.couples
        else gettext("Each player's own score.")
    )
    story = [
        Paragraph(escape(title), heading),
        Paragraph(escape(subtitle(event)), lead),
        Paragraph(escape(f"{order} {basis}"), lead),
        Spacer(1, 5 * mm),
    ]
    header = [
        gettext("Place"),
        gettext("Couple") if standings.couples else gettext("Player"),
        gettext("Total"),
        gettext("Tables"),
        "",
    ]
    rows: list[list] = [header]
    playoff = gettext("play-off")
    for row in standings.rows:
        # Names are printed as text: escape() keeps "<b>Bob</b>" from becoming markup.
        style = strong if row.rank == 1 else cell
        rows.append(
            [
                str(row.rank),
                Paragraph(escape(row.name), style),
                str(row.total),
                row.tables,
                playoff if row.playoff else "",
            ]
        )
    if not standings.rows:
        rows.append(["", gettext("No scores yet."), "", "", ""])
    width = page_w - 2 * MARGIN
    widths = [18 * mm, width - 18 * mm - 28 * mm - 26 * mm - 28 * mm, 28 * mm, 26 * mm, 28 * mm]
    table = FlowTable(rows, colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, TEXT + 2),
                ("FONT", (0, 0), (-1, 0), BOLD, TEXT),
                ("FONT", (2, 1), (2, -1), BOLD, TEXT + 2),
                ("FONT", (4, 1), (4, -1), BOLD, TEXT),
                ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                ("ALIGN", (0, 0), (0, -1), "CENTER"),
                ("ALIGN", (2, 0), (2, -1), "RIGHT"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LINEBELOW", (0, 0), (-1, -1), 0.5, GREY),
                ("BOX", (0, 0), (-1, -1), 1, INK),
                ("TOPPADDING", (0, 0), (-1, -1), 2.2 * mm),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2 * mm),
            ]
        )
    )
    story.append(table)

    def footer(canvas, document) -> None:
        canvas.saveState()
        text = gettext("Page %(n)s") % {"n": document.page}
        write(canvas, page_w - MARGIN, MARGIN - 2 * mm, text, SMALL, align="right", color=GREY)
        canvas.restoreState()

    canvasmaker = partial(Canvas, initialFontName=FONT)  # no stray, non-embedded Helvetica
    doc.build(story, onFirstPage=footer, onLaterPages=footer, canvasmaker=canvasmaker)
    return buffer.getvalue()
