"""The wall on a projector: the tables in pages that each fill one screen.

A page holds at most `PER_PAGE` tables (25 fit a 1920x1080 screen with names readable
from the back of the room); a bigger evening is shown page after page (static/js/wall.js
turns them). Each page has a grid of columns and rows chosen for a wide screen, so the
tables of a small evening are big and those of a full page still fit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Generic, TypeVar

PER_PAGE = 25
# Seconds each page stays on the screen before the next.
PAGE_SECONDS = 15

T = TypeVar("T")


@dataclass
class WallPage(Generic[T]):
    number: int
    count: int  # how many pages there are
    tables: list[T]
    columns: int
    rows: int


def grid(count: int) -> tuple[int, int]:
    """(columns, rows) for `count` tables on a 16:9 screen: a table's box about twice
    as wide as high (a number beside two to four names)."""
    if count <= 1:
        return 1, 1
    columns = min(count, math.ceil(math.sqrt(count * 16 / 9 / 2)))
    # At least two columns from 3 tables on (a 16:9 screen is wide); 25 -> 5 x 5.
    columns = max(columns, 2)
    rows = math.ceil(count / columns)
    return columns, rows


def wall_pages(tables: list[T], per_page: int = PER_PAGE) -> list[WallPage[T]]:
    chunks = [tables[start : start + per_page] for start in range(0, len(tables), per_page)]
    # The pages of one evening share one grid, so the tables keep their size page to page.
    columns, rows = grid(min(len(tables), per_page))
    return [
        WallPage(number, len(chunks), chunk, columns, rows)
        for number, chunk in enumerate(chunks, start=1)
    ]
