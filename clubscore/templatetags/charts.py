"""The one chart of the project: a line chart drawn on the server as SVG.

The standings, a player's rating and a scorekeeper's card all draw it (no JavaScript, no
CDN, readable in print, the strict content security policy holds). Python works out the
geometry, numbers only; the markup is the template `charts/line_chart.html`, autoescaped
like every other page, so a player's name is text however it was typed. It lives with the
template helpers because every page app uses it and none may import another.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _

TEMPLATE = "charts/line_chart.html"
# How many drawn charts a process keeps (`line_chart`), a few KB each.
CHARTS_KEPT = 512

# Colour AND a dash pattern and marker per line, so lines differ without colour too.
# The first four are the card's total boxes' (static/css/scorekeeping.css, side-1 to
# side-4), so a team or player reads in one colour on its card and in its chart; red,
# the pages' colour for what is wrong, only for a fifth line.
LINE_STYLES = [
    ("#1f6f50", "", "circle"),
    ("#8a3ffc", "8 4", "square"),
    ("#1d4ed8", "2 4", "diamond"),
    ("#a15c00", "12 4 2 4", "triangle"),
    ("#b3261e", "4 4", "circle"),
]

WIDTH, HEIGHT = 640, 320
LEFT, RIGHT, TOP, BOTTOM = 64, 24, 16, 40
# About the width of a character of the axis labels (17 px, clubscore.css), generously,
# and the room kept between two labels, in the chart's units.
LABEL_CHAR, LABEL_GAP = 10, 12


@dataclass
class Marker:
    kind: str  # circle, square or a path (diamond, triangle)
    x: str
    y: str
    corner_x: str = ""  # a square's top left corner
    corner_y: str = ""
    path: str = ""


@dataclass
class Line:
    name: str
    last: int
    colour: str
    dash: str
    points: str
    markers: list[Marker] = field(default_factory=list)
    key: Marker | None = None  # the marker in the legend


@dataclass
class Label:
    text: str
    x: str
    anchor: str


def _marker(kind: str, x: float, y: float) -> Marker:
    at = Marker(kind=kind, x=f"{x:.1f}", y=f"{y:.1f}")
    if kind == "square":
        at.corner_x, at.corner_y = f"{x - 4:.1f}", f"{y - 4:.1f}"
    elif kind == "diamond":
        at.path = (
            f"M{x:.1f} {y - 5:.1f} L{x + 5:.1f} {y:.1f} L{x:.1f} {y + 5:.1f} L{x - 5:.1f} {y:.1f} Z"
        )
    elif kind == "triangle":
        at.path = f"M{x:.1f} {y - 5:.1f} L{x + 5:.1f} {y + 4:.1f} L{x - 5:.1f} {y + 4:.1f} Z"
    return at


def _ticks(low: int, high: int, count: int = 5) -> list[int]:
    """Round tick values covering low..high."""
    span = max(high - low, 1)
    raw = span / (count - 1)
    magnitude = 10 ** (len(str(int(raw))) - 1)
    step = max(1, int(-(-raw // magnitude)) * magnitude)
    ticks = []
    value = (low // step) * step
    while value < high + step:
        ticks.append(value)
        value += step
    return ticks


def line_chart(
    series: Sequence[tuple[str, Sequence[int]]], labels: Sequence[str], *, title: str = ""
) -> str:
    """One (name, values) line per series, at most five, over the x positions `labels`
    (an empty label leaves its position unnamed): the SVG with a <title> and a legend, or
    "" when there is nothing to draw.

    A chart is drawn once for what it shows, in each language, and kept: a card's page
    and the standings show the same one until a score changes (a fifth of a card page
    with a hand in, issue 28)."""
    return _drawn(
        tuple((str(name), tuple(values)) for name, values in series[: len(LINE_STYLES)]),
        tuple(str(label) for label in labels),
        str(title),
        get_language(),
    )


@functools.lru_cache(maxsize=CHARTS_KEPT)
def _drawn(
    series: tuple[tuple[str, tuple[int, ...]], ...],
    labels: tuple[str, ...],
    title: str,
    language: str | None,
) -> str:
    """`line_chart` in `language`, which is the active one (a part of the key only)."""
    series = [(name, list(values)) for name, values in series if values]
    if not series or not labels:
        return ""
    values = [v for _name, vs in series for v in vs]
    ticks = _ticks(min(0, *values), max(0, *values))
    low, high = ticks[0], ticks[-1]
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    steps = max(len(labels) - 1, 1)

    def x_at(index: int) -> float:
        return LEFT + plot_w * index / steps if len(labels) > 1 else LEFT + plot_w / 2

    def y_at(value: int) -> float:
        return TOP + plot_h * (high - value) / max(high - low, 1)

    lines = []
    for (name, points), (colour, dash, kind) in zip(series, LINE_STYLES, strict=False):
        coords = [(x_at(i), y_at(v)) for i, v in enumerate(points)]
        lines.append(
            Line(
                name=name,
                last=points[-1],
                colour=colour,
                dash=dash,
                points=" ".join(f"{x:.1f},{y:.1f}" for x, y in coords),
                markers=[_marker(kind, x, y) for x, y in coords],
                key=_marker(kind, 18, 6),
            )
        )
    last = len(labels) - 1
    shown = _labels_shown(labels, plot_w / steps)
    context = {
        "title": title or _("Leaders' running totals"),
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "ticks": [(tick, f"{y_at(tick):.1f}", f"{y_at(tick) + 4:.1f}") for tick in ticks],
        "tick_x": LEFT - 6,
        "label_y": HEIGHT - BOTTOM + 20,
        # The last label ends at its point: centred, "Total" ("Gesamt") overran the edge;
        # the first starts at its point: centred, "Round 1" ran into the lowest value
        # of the axis beside it ("-200").
        "labels": [
            Label(label, f"{x_at(i):.1f}", _anchor(i, last))
            for i, label in enumerate(labels)
            if label and i in shown
        ],
        "lines": lines,
    }
    return render_to_string(TEMPLATE, context)


def _anchor(index: int, last: int) -> str:
    if last == 0:
        return "middle"  # one point, in the middle of the plot
    return {0: "start", last: "end"}.get(index, "middle")


def _labels_shown(labels: Sequence[str], step: float) -> set[int]:
    """Which x positions are named: all of them when their labels fit side by side, else
    every k-th counted back from the last (the total, or the last round), so that no two
    overlap ("Round 7" and "Round 8" of a long Laus evening did). The last label ends at
    its point and the others are centred: the last pair needs the most room."""
    widest = max((len(label) for label in labels), default=0) * LABEL_CHAR
    every = 1
    while every * step < 1.5 * widest + LABEL_GAP and every < len(labels):
        every += 1
    last = len(labels) - 1
    return {i for i in range(len(labels)) if (last - i) % every == 0}
