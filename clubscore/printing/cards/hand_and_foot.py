"""The Hand and Foot score card: the teams, a grid per hand, the final scores."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from clubscore.games import GAMES
from clubscore.games.hand_and_foot import HandAndFoot

from ..data import EventInfo, SeatInfo, TableInfo
from ..pdf import (
    FONT,
    LIGHT,
    SHADE,
    SMALL,
    TEXT,
    box,
    rule,
    wrapped,
    write,
    write_lines,
)
from .layout import (
    GAP,
    HEAD,
    HEAD_H,
    HEADER_H,
    NAME_SIZE,
    ROW_MIN,
    PrintedCard,
    card_kind,
    cells,
    header,
    plays_first,
    point_values,
    values_height,
)

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
    values = GAMES[HandAndFoot.key].point_values()
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
            seat = members[line]
            # A play-off's empty seat, filled: what that means beside the name, as the
            # other games' cards and the tablet say it.
            name_w = inner * 0.5 if seat.filler else inner
            write(canvas, x + 2.5 * mm, baseline, seat.name, NAME_SIZE, True, name_w)
            if seat.filler:
                note, note_x = gettext("Fills in: scores nothing"), x + 3.5 * mm + name_w
                write(canvas, note_x, baseline, note, SMALL, width=inner - name_w - mm, smallest=5)
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
    game = GAMES[HandAndFoot.key]
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
        # Half a millimetre from the box's sides: "Hand 10" keeps its number whole.
        write(canvas, centre, middle + 1.3 * mm, title, TEXT, True, HF_HAND_W - 1 * mm, "center")
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


def hf_finals(
    canvas: Canvas, x: float, top: float, width: float, row_h: float, bonus: bool = True
) -> float:
    """All hands, the first-table bonus (where the card can earn one) and the final score
    of each team."""
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
    if not bonus:
        del finals[1]
    for index, label in enumerate(finals):
        last = index == len(finals) - 1
        style = {"bold": last, "fill": SHADE if last else None, "size": SMALL, "lines": 2}
        cells(canvas, x, y, row_h, [(HF_FINAL_LABEL_W, label, style), (team_w, ""), (team_w, "")])
        y -= row_h
    return top - y


def hand_and_foot(card: PrintedCard) -> None:
    canvas, x, top, width, height = card.canvas, card.x, card.top, card.width, card.height
    event, table = card.event, card.table
    values = card.game.point_values()
    bottom = card.bottom
    first = plays_first(table, card.game)
    # No bonus row where none is given: the club's option at 0, or a play-off's card.
    bonus = card.game.first_table_points(event.options) > 0 and not event.playoff
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
        row_h = card.box_height(available, parts["rows"])
        hf_grid(canvas, grid_x, y, grid_w, row_h, event)
        finals_top = y - 2 * HF_TEAM_H - 2 * mm - GAP
        finals_h = hf_finals(canvas, x, finals_top, HF_PANEL_W, HF_FINAL_ROW, bonus)
        if first:
            baseline = finals_top - finals_h - 4 * mm
            write_lines(canvas, x, baseline, first, TEXT, True, HF_PANEL_W, smallest=SMALL)
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
    row_h = card.box_height(available, parts["rows"])
    y -= hf_grid(canvas, x, y, width, row_h, event) + GAP
    finals_h = hf_finals(canvas, x, y, HF_PANEL_W, HF_FINAL_ROW, bonus)
    if first:
        baseline = y - finals_h - 4 * mm
        write_lines(canvas, x, baseline, first, TEXT, True, HF_PANEL_W, smallest=SMALL)
    values_x = x + HF_PANEL_W + 4 * mm
    values_w = width - HF_PANEL_W - 4 * mm
    point_values(canvas, values_x, y, values_w, values, 2, gettext("Point values"))


CARD = card_kind(HandAndFoot.key, hand_and_foot, hand_and_foot_height)
