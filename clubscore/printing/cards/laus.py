"""The Laus score card: a row per round, the point cards beside."""

from __future__ import annotations

from django.utils.translation import gettext
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from clubscore.games import GAMES
from clubscore.games.laus import Laus

from ..data import EventInfo, TableInfo
from ..pdf import (
    SHADE,
    SMALL,
    TEXT,
    box,
    write,
    write_lines,
)
from .layout import (
    HEADER_H,
    NAMES_H,
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
    table_note,
    values_height,
)

LAUS_OPEN_ROUNDS = 10  # rows printed when the game is played to a threshold
LAUS_SIDE_W = 50 * mm
LAUS_ROUND_W = 14 * mm


def laus_height(event: EventInfo, width: float, height: float) -> float:
    rounds = event.options["rounds"] or LAUS_OPEN_ROUNDS
    side = values_height(GAMES[Laus.key].point_values(), LAUS_SIDE_W, 1) + 14 * mm
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
    game = GAMES[Laus.key]
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
    low = game.standings_order == "low"
    notes = [gettext("Lowest total wins.") if low else gettext("Highest total wins.")]
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


CARD = CardKind(Laus.key, laus, laus_height)
