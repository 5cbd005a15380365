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
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, TableStyle
from reportlab.platypus import Table as FlowTable

from clubscore.collation import sort_key
from clubscore.games import GAMES
from clubscore.standings.standings import COUPLE, Row, Standings
from clubscore.translation import game_name, translate

from .data import EventInfo, TableInfo
from .pdf import (
    BOLD,
    FONT,
    GREY,
    HEADING,
    INK,
    LIGHT,
    MARGIN,
    SHADE,
    SMALL,
    TEXT,
    TITLE,
    box,
    fitted_size,
    new_canvas,
    page_size,
    qr_code,
    register_fonts,
    wrapped,
    write,
    write_lines,
)

BLOCK_COLUMNS, BLOCK_ROWS = 2, 3
WALL_TITLE = 34  # "Table 7"
WALL_NAME = 22
WALL_SMALLEST = 16  # a name below this on the wall takes two lines instead


def subtitle(event: EventInfo) -> str:
    date = formats.date_format(event.date, "DATE_FORMAT") if event.date else ""
    parts = (event.name, date, game_name(event.game), event.round)
    return " · ".join(part for part in parts if part)


def _page_heading(canvas, event: EventInfo, title: str, width: float, top: float) -> None:
    write(canvas, MARGIN, top - 8 * mm, title, TITLE + 4, bold=True, width=width)
    write(canvas, MARGIN, top - 15 * mm, subtitle(event), HEADING, width=width, color=GREY)


def _table_block(canvas, x: float, top: float, width: float, height: float, table: TableInfo):
    """One table: its number huge, then the names big (by team in Hand and Foot); a name
    too long for one line at 16 pt takes two lines."""
    box(canvas, x, top, width, height, line=2)
    label = gettext("Table %(n)s") % {"n": table.number}
    write(canvas, x + 5 * mm, top - 14 * mm, label, WALL_TITLE, bold=True, width=width - 10 * mm)
    y = top - 20 * mm
    name_w = width - 10 * mm
    teams = sorted({seat.team for seat in table.seats if seat.team})
    groups = [(gettext("Team %(n)s") % {"n": team}, table.team(team)) for team in teams] or [
        ("", list(table.seats))
    ]
    label_h = 6 * mm if teams else 0
    # The names share what is left of the block, up to the wall's name size.
    name_h = (y - (top - height) - 3 * mm - label_h * len(groups)) / max(len(table.seats), 1)
    size = min(WALL_NAME, name_h / mm * 2.4)
    two_lines = min(size, name_h / mm * 2.835 / 2.35)  # two lines in the same height
    for title, seats in groups:
        if title:
            write(canvas, x + 5 * mm, y - 4.8 * mm, title, TEXT + 2, bold=True, color=GREY)
            y -= label_h
        for seat in seats:
            one = fitted_size(seat.name, BOLD, size, name_w, WALL_SMALLEST)
            if stringWidth(seat.name, BOLD, one) <= name_w:
                write(
                    canvas,
                    x + 5 * mm,
                    y - name_h * 0.75,
                    seat.name,
                    one,
                    True,
                    name_w,
                    smallest=one,
                )
            else:
                first = y - (name_h - two_lines * 2.2 / 2.835 * mm) / 2 - two_lines * 0.78
                write_lines(
                    canvas, x + 5 * mm, first, seat.name, two_lines, True, name_w, smallest=11
                )
            y -= name_h


def render_tables(
    event: EventInfo,
    tables: Sequence[TableInfo],
    paper: str = "A4",
    *,
    sitting_out: Sequence[tuple[str, tuple]] = (),
) -> bytes:
    """The table assignments for the wall, then who sits where in alphabetical order
    by surname, as the check-in list (who sits out this round too, each name with its
    place in that order, `data.sitting_out`: they look for their name like everyone)."""
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
        if not tables:  # printed at the door, before the draw
            top = page_h - MARGIN - heading_h
            write(canvas, MARGIN, top, gettext("No tables drawn yet."), HEADING, width=width)
        for index, table in enumerate(tables[start : start + per_page]):
            row, column = divmod(index, BLOCK_COLUMNS)
            x = MARGIN + column * (block_w + block_gap)
            top = page_h - MARGIN - heading_h - row * (block_h + block_gap)
            _table_block(canvas, x, top, block_w, block_h, table)
        canvas.showPage()

    # Find your table: everyone in alphabetical order with their table number, every
    # other line shaded so the eye stays on the line across to the number.
    # With the players' pages (issue 25) each line carries the player's QR code.
    listed = sorted(
        [
            *(
                (seat.alphabetical_key, seat.name, table.number, seat.page)
                for table in tables
                for seat in table.seats
            ),
            *((key, name, None, None) for name, key in sitting_out),
        ],
        key=lambda item: (item[0], sort_key(item[1]), item[2] or 0),
    )
    seated = [item[1:] for item in listed]
    qr = 15 * mm if any(page for _name, _number, page in seated) else 0
    # A QR code scans when four modules of light surround it (its quiet zone, about 2 mm
    # at this size; the shading is light enough): a phone aimed at one player's code must
    # not catch the next line's, nor a label run up to it.
    quiet = 2.5 * mm if qr else 0

    def label_of(number: int | None) -> str:
        return gettext("Sits out") if number is None else gettext("Table %(n)s") % {"n": number}

    if seated:
        columns, line_h, size = 2, max(9 * mm, qr + 2 * quiet), TEXT + 4
        column_w = (width - 6 * mm) / columns
        # The names have the room the widest label leaves (they were shrunk to fit a
        # fixed 30 mm of label that "Table 2" does not need).
        label_w = max(stringWidth(label_of(n), BOLD, size) for _name, n, _page in seated)
        name_w = column_w - label_w - 4 * mm - (qr + quiet if qr else 0)
        top = page_h - MARGIN - heading_h
        bottom = MARGIN
        column = 0
        y = top
        _page_heading(canvas, event, gettext("Find your table"), width, page_h - MARGIN)
        for index, (name, number, page) in enumerate(seated):
            lines = wrapped(name, size, name_w, False, 2, 12)[1]
            entry_h = line_h + (len(lines) - 1) * size * 1.18
            if y - entry_h < bottom:
                column += 1
                y = top
                if column == columns:
                    canvas.showPage()
                    _page_heading(canvas, event, gettext("Find your table"), width, page_h - MARGIN)
                    column = 0
            x = MARGIN + column * (column_w + 6 * mm)
            if index % 2:
                canvas.setFillColor(LIGHT)
                canvas.rect(x - 1.5 * mm, y - entry_h, column_w + 3 * mm, entry_h, stroke=0, fill=1)
                canvas.setFillColor(INK)
            baseline = y - line_h / 2 - 2 * mm if qr else y - line_h + 2.6 * mm
            write_lines(canvas, x, baseline, name, size, False, name_w, 2, smallest=12)
            label = label_of(number)
            right = x + column_w - (qr + quiet if qr else 0)
            write(canvas, right, baseline, label, size, bold=True, align="right")
            if page:
                qr_code(canvas, page, x + column_w - qr, y - entry_h + quiet, qr)
            y -= entry_h
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def standings_columns(standings: Standings) -> list[str]:
    """The column headings of the printed standings: the standings page's columns, in its
    order (rank, name, hands or rounds played, total, the per-round figure when it ranks,
    the game's tie-break columns), then the page's badge ("play-off", "won the
    play-off", "tie", "Did not play") in a column of its own."""
    played = translate(GAMES[standings.event.game].words.many)
    return [
        gettext("Rank"),
        gettext("Couple") if standings.basis == COUPLE else gettext("Player"),
        played,
        gettext("Total"),
        *([gettext("Per round")] if standings.per_round else []),
        *(str(tiebreaker.label) for tiebreaker in standings.tiebreakers),
        "",
    ]


def standings_mark(row: Row) -> str:
    """The page's badge in words (one home: `Row.mark`)."""
    return row.mark


def standings_name(row: Row) -> str:
    """The name as the page shows it: a single on the couple basis is marked so."""
    return f"{row.name} ({gettext('single')})" if row.single else row.name


def _column_width(text: str, minimum: float, size: float = TEXT) -> float:
    """The width of a standings column whose header (or mark) is ``text`` in bold."""
    padding = 12  # reportlab's default cell padding, left and right
    words = text.split() or [""]
    return max(minimum, max(stringWidth(word, BOLD, size) for word in words) + padding + 2)


def render_standings(
    event: EventInfo, standings: Standings, paper: str = "A4", *, final: bool = True
) -> bytes:
    """The standings as the standings page shows them (``clubscore.standings.standings``):
    rank, player or couple, hands or rounds, total, tie-break columns, "play-off"."""
    register_fonts()
    buffer = io.BytesIO()
    title = gettext("Final standings") if final else gettext("Standings (provisional)")
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
    head = ParagraphStyle("head", fontName=BOLD, fontSize=TEXT, leading=TEXT + 3)
    head_right = ParagraphStyle("head_right", parent=head, alignment=TA_RIGHT)
    note = ParagraphStyle("note", fontName=FONT, fontSize=TEXT, leading=TEXT + 4)
    mark = ParagraphStyle("mark", fontName=BOLD, fontSize=TEXT, leading=TEXT + 2)
    order = (
        gettext("Lowest total wins.")
        if standings.order == "low"
        else gettext("Highest total wins.")
    )
    if standings.per_round:
        order = (
            gettext("Lowest points per round played win (tables played different rounds).")
            if standings.order == "low"
            else gettext("Highest points per round played win (tables played different rounds).")
        )
    basis = (
        gettext("Couples: both spouses' scores together.")
        + " "
        + gettext("Every column adds up both spouses; a player without a couple is single.")
        + (" " + standings.best_of_note if standings.best_of_note else "")
        if standings.basis == COUPLE
        else gettext("Each player's own score.")
    )
    # Every name is escaped: "<b>Bob</b>" prints as typed, never as markup.
    story = [
        Paragraph(escape(title), heading),
        Paragraph(escape(subtitle(event)), lead),
        Paragraph(escape(f"{order} {basis}"), lead),
        Spacer(1, 5 * mm),
    ]
    columns = standings_columns(standings)
    numbers = range(2, len(columns) - 1)  # played, total and the tie-break columns
    rows: list[list] = [
        [
            Paragraph(escape(label), head_right if index in numbers else head)
            for index, label in enumerate(columns)
        ]
    ]
    for row in standings.rows:
        per_round = [formats.number_format(row.per_round_value, 1)] if standings.per_round else []
        rows.append(
            [
                "–" if row.rank is None else str(row.rank),
                Paragraph(escape(standings_name(row)), strong if row.rank == 1 else cell),
                str(row.played),
                str(row.shown_total),
                *(per_round if row.per_round is not None else [""] * len(per_round)),
                *(str(value) for value in row.tiebreak_values),
                Paragraph(escape(standings_mark(row)), mark),
            ]
        )
    if not standings.rows:
        rows.append(["", gettext("No scores yet."), *([""] * (len(columns) - 2))])
    # Every column but the name's is as wide as its heading's longest word (never split
    # mid-word) or its widest figure, in the body's font (totals are bold).
    widths = [_column_width(label, 14 * mm) for label in columns[:-1]]
    for index in numbers:
        font = BOLD if index == 3 else FONT
        figures = (stringWidth(str(row[index]), font, TEXT + 2) + 14 for row in rows[1:])
        widths[index] = max(widths[index], *figures)
    # The mark column fits its longest mark on one line up to 40 mm ("Did not play" on
    # one line, never three), as long as the names keep 45 mm (a long name wraps onto a
    # second line rather than the mark onto three); else it narrows to its longest word.
    # (No rows yet, nobody drawn: an empty mark, whose column still holds its padding.)
    marks = {standings_mark(row) for row in standings.rows} or {""}
    narrowest = max((_column_width(mark, 4 * mm, TEXT) for mark in marks), default=4 * mm)
    whole = min(max((stringWidth(m, BOLD, TEXT) + 14 for m in marks), default=0), 40 * mm)
    room = page_w - 2 * MARGIN - sum(widths) + widths[1] - 45 * mm
    widths.append(max(narrowest, min(whole, room)))
    widths[1] = page_w - 2 * MARGIN - sum(widths) + widths[1]
    table = FlowTable(rows, colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, TEXT + 2),
                ("FONT", (3, 1), (3, -1), BOLD, TEXT + 2),
                ("FONT", (-1, 1), (-1, -1), BOLD, TEXT),
                ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                ("ALIGN", (0, 0), (0, -1), "CENTER"),
                ("ALIGN", (2, 0), (-2, -1), "RIGHT"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LINEBELOW", (0, 0), (-1, -1), 0.5, GREY),
                ("BOX", (0, 0), (-1, -1), 1, INK),
                ("TOPPADDING", (0, 0), (-1, -1), 2.2 * mm),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2 * mm),
            ]
        )
    )
    story.append(table)
    # Each note whole on one page: a play-off's result was split, "…630. Betty" at the
    # foot of a page and the rest of her name on the next.
    for result in standings.playoffs:
        story.append(KeepTogether([Spacer(1, 4 * mm), Paragraph(escape(result.text), strong)]))
    if standings.playoff_pending:
        names = standings.playoff_names
        first = standings.playoff_rows[0]
        if first.shared_first:
            # Finished undecided: no play-off is coming, they share the place.
            figure = (
                formats.number_format(first.compared_value, 1)
                if standings.per_round
                else first.total
            )
            tied = gettext("Shared first place: %(names)s, tied with %(figure)s.") % {
                "names": names,
                "figure": figure,
            }
        elif standings.per_round:
            tied = gettext(
                "Play-off: %(names)s are tied for first place with %(figure)s points per round."
            ) % {"names": names, "figure": formats.number_format(first.compared_value, 1)}
        else:
            tied = gettext("Play-off: %(names)s are tied for first place with %(total)s.") % {
                "names": names,
                "total": first.total,
            }
        story.append(KeepTogether([Spacer(1, 4 * mm), Paragraph(escape(tied), strong)]))
    story.append(
        KeepTogether([Spacer(1, 3 * mm), Paragraph(escape(standings.tiebreak_hint), note)])
    )

    def footer(canvas, document) -> None:
        canvas.saveState()
        text = gettext("Page %(n)s") % {"n": document.page}
        write(canvas, page_w - MARGIN, MARGIN - 2 * mm, text, SMALL, align="right", color=GREY)
        canvas.restoreState()

    canvasmaker = partial(Canvas, initialFontName=FONT)  # no stray, non-embedded Helvetica
    doc.build(story, onFirstPage=footer, onLaterPages=footer, canvasmaker=canvasmaker)
    return buffer.getvalue()
