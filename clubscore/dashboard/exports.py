"""The one path of every CSV and XLSX the club downloads (standings, ladder, a player's
evenings), and the one place of the formula-injection rule.

Names are typed by people, at the door too: one that begins like a formula (`=`, `+`,
`-`, `@`, a tab or a carriage return, the OWASP list) would run as one when a spreadsheet
opens the file. In a CSV such a cell gets a leading apostrophe, which every spreadsheet
reads as "this is text"; in an XLSX every text cell is written with the text type (and
the quote prefix a typed apostrophe sets), so the name stays exactly as typed and is never
a formula. Numbers stay numbers (a negative score is not a formula).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from typing import Any

import django_tables2 as tables
from django.http import HttpResponse
from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

CSV, XLSX = "csv", "xlsx"
CONTENT_TYPES = {
    CSV: "text/csv; charset=utf-8",
    XLSX: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
SHEET_TITLE_LENGTH = 31  # Excel's limit
# What a sheet's title may not hold (Excel), and what an XLSX cannot store at all.
NOT_IN_TITLE = re.compile(r"[\\*?:/\[\]]")
NOT_IN_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
WIDEST = 50  # characters: a column wider than this is cut on screen, not in the cell


def is_export(fmt: str | None) -> bool:
    """Whether `?_export=` asks for a download we make."""
    return fmt in CONTENT_TYPES


def looks_like_formula(value: Any) -> bool:
    return isinstance(value, str) and value.startswith(FORMULA_START)


def as_text(value: Any) -> Any:
    """A CSV cell: text that begins like a formula behind an apostrophe (OWASP)."""
    return "'" + value if looks_like_formula(value) else value


def spreadsheet(
    fmt: str, rows: Iterable[Sequence[Any]], *, title: str, filename: str
) -> HttpResponse:
    """`rows` (the first is the header) as a download: `filename` plus the format's
    extension, the sheet of an XLSX called `title`."""
    response = HttpResponse(content_type=CONTENT_TYPES[fmt])
    response["Content-Disposition"] = f'attachment; filename="{filename}.{fmt}"'
    if fmt == CSV:
        writer = csv.writer(response)
        for row in rows:
            writer.writerow([as_text(value) for value in row])
    else:
        response.write(_xlsx(rows, title))
    return response


def table_export(fmt: str, table: tables.Table, *, title: str, filename: str) -> HttpResponse:
    """A django-tables2 table as the page shows it (every row, its export values)."""
    return spreadsheet(fmt, table.as_values(), title=title, filename=filename)


def _xlsx(rows: Iterable[Sequence[Any]], title: str) -> bytes:
    book = Workbook()
    sheet = book.active
    sheet.title = NOT_IN_TITLE.sub("-", title)[:SHEET_TITLE_LENGTH] or "Sheet"
    widths: dict[int, int] = {}
    bold = Font(bold=True)
    for row_number, row in enumerate(rows, start=1):
        for column, value in enumerate(row, start=1):
            cell = sheet.cell(row=row_number, column=column)
            if isinstance(value, str):
                value = NOT_IN_XML.sub("", value)
                cell.value = value
                # Assigned text that begins with "=" would be stored as a formula (and "#N/A"
                # as an error): the type says text, whatever it begins with.
                cell.data_type = "s"
                if looks_like_formula(value):
                    cell.quotePrefix = True
            else:
                cell.value = value
            if row_number == 1:
                cell.font = bold
            shown = len(str(value)) if value is not None else 0
            widths[column] = max(widths.get(column, 0), shown)
    sheet.freeze_panes = "A2"
    for column, width in widths.items():
        sheet.column_dimensions[get_column_letter(column)].width = min(width + 2, WIDEST)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
