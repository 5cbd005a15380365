"""The Laus score card: a row per round, the point cards beside."""

from __future__ import annotations

from django.utils.translation import gettext
from reportlab.lib.units import mm

from clubscore.games import GAMES
from clubscore.games.laus import Laus
from clubscore.translation import translate

from ..data import EventInfo
from ..pdf import SHADE, SMALL, TEXT, write_lines
from .layout import (
    HEADER_H,
    NAMES_H,
    NUMBER_CELL,
    ROW_MIN,
    PrintedCard,
    card_kind,
    label_width,
    point_values,
    values_height,
)

LAUS_OPEN_ROUNDS = 10  # rows printed when the game is played to a threshold
LAUS_SIDE_W = 50 * mm
LAUS_ROUND_W = 14 * mm  # the round's column, wider where its labels need it


def laus_height(event: EventInfo, width: float, height: float) -> float:
    rounds = event.options["rounds"] or LAUS_OPEN_ROUNDS
    side = values_height(GAMES[Laus.key].point_values(), LAUS_SIDE_W, 1) + 14 * mm
    grid = NAMES_H + (rounds + 1) * ROW_MIN
    return HEADER_H + 2 * mm + max(grid, side)


def laus(card: PrintedCard) -> None:
    game, x, width, event = card.game, card.x, card.width, card.event
    y = card.top - card.heading() - 2 * mm

    rounds = event.options["rounds"] or LAUS_OPEN_ROUNDS
    positions = card.positions
    grid_w = width - LAUS_SIDE_W - 3 * mm
    labels = [gettext("Round"), gettext("Total")]
    round_w = label_width(labels, SMALL, bold=True, least=LAUS_ROUND_W)
    player_w = (grid_w - round_w) / len(positions)
    row_h = card.box_height(y - card.bottom - NAMES_H, rounds + 1)

    grid_top = y
    y = card.names(y, round_w, player_w, labels[0])
    for number in range(1, rounds + 1):
        y = card.row(y, row_h, [(round_w, str(number), NUMBER_CELL)], [(player_w, "")])
    total = {"bold": True, "fill": SHADE, "size": SMALL, "smallest": 9}
    card.row(y, row_h, [(round_w, labels[1], total)], [(player_w, "")])

    # Beside the grid: the point cards, and how the game ends.
    side_x = x + width - LAUS_SIDE_W
    values = game.point_values()
    side_h = values_height(values, LAUS_SIDE_W, 1)
    point_values(card.canvas, side_x, grid_top, LAUS_SIDE_W, values, 1, gettext("Point cards"))
    low = game.standings_order == "low"
    notes = [gettext("Lowest total wins.") if low else gettext("Highest total wins.")]
    end = game.end_note(event.options)
    if end is not None:
        notes.append(translate(end))
    baseline = grid_top - side_h - 6 * mm
    for index, note in enumerate(notes):
        used = write_lines(
            card.canvas, side_x + 2 * mm, baseline, note, TEXT, index == 0, LAUS_SIDE_W - 4 * mm
        )
        baseline -= used * 5 * mm + 1 * mm


CARD = card_kind(Laus.key, laus, laus_height)
