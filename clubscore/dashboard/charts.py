"""Server-rendered SVG charts: no JavaScript, no CDN, readable in print.

Every piece of text that comes from data (players' names, labels) is escaped here;
the markup returned is safe to put in a template as it is.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

# Colour AND a dash pattern and marker per line, so lines differ without colour too.
LINE_STYLES = [
    ("#1f6f50", "", "circle"),
    ("#b3261e", "8 4", "square"),
    ("#1d4ed8", "2 4", "diamond"),
    ("#a15c00", "12 4 2 4", "triangle"),
    ("#6b21a8", "4 4", "circle"),
]

WIDTH, HEIGHT = 640, 320
LEFT, RIGHT, TOP, BOTTOM = 64, 24, 16, 40


def _marker(kind: str, x: float, y: float, colour: str) -> str:
    if kind == "square":
        return f'<rect x="{x - 4:.1f}" y="{y - 4:.1f}" width="8" height="8" fill="{colour}"/>'
    if kind == "diamond":
        return (
            f'<path d="M{x:.1f} {y - 5:.1f} L{x + 5:.1f} {y:.1f} L{x:.1f} {y + 5:.1f} '
            f'L{x - 5:.1f} {y:.1f} Z" fill="{colour}"/>'
        )
    if kind == "triangle":
        return (
            f'<path d="M{x:.1f} {y - 5:.1f} L{x + 5:.1f} {y + 4:.1f} L{x - 5:.1f} {y + 4:.1f} Z" '
            f'fill="{colour}"/>'
        )
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{colour}"/>'


def _ticks(low: int, high: int, count: int = 5) -> list[int]:
    """Round tick values covering low..high."""
    span = max(high - low, 1)
    raw = span / (count - 1)
    magnitude = 10 ** (len(str(int(raw))) - 1)
    step = max(1, int(-(-raw // magnitude)) * magnitude)
    start = (low // step) * step
    ticks = []
    value = start
    while value < high + step:
        ticks.append(value)
        value += step
    return ticks


def progress_chart(
    series: Sequence[tuple[str, Sequence[int]]], labels: Sequence[str], *, title: str = ""
) -> SafeString:
    """A line chart of running totals: one (name, values) series per line, at most five.

    `labels` name the x positions (hand 1, hand 2, ... total). Returns SVG markup with a
    <title> and a legend; an empty string when there is nothing to draw.
    """
    series = [(name, list(values)) for name, values in series[: len(LINE_STYLES)] if values]
    if not series or not labels:
        return mark_safe("")
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

    title = title or _("Leaders' running totals")
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="chart-title" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="chart-title">{escape(title)}</title>',
    ]
    for tick in ticks:
        y = y_at(tick)
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" class="grid"/>'
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" class="tick">{tick}</text>'
        )
    for index, label in enumerate(labels):
        # The last label ends at its point: centred, "Total" ("Gesamt") overran the edge.
        anchor = "end" if index == len(labels) - 1 and index > 0 else "middle"
        parts.append(
            f'<text x="{x_at(index):.1f}" y="{HEIGHT - BOTTOM + 20}" text-anchor="{anchor}" '
            f'class="tick">{escape(label)}</text>'
        )
    for (name, points), (colour, dash, marker) in zip(series, LINE_STYLES, strict=False):
        coords = [(x_at(i), y_at(v)) for i, v in enumerate(points)]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in coords)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<g class="series"><title>{escape(name)}: {points[-1]}</title>')
        parts.append(
            f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="3"{dash_attr}/>'
        )
        parts.extend(_marker(marker, x, y, colour) for x, y in coords)
        parts.append("</g>")
    parts.append("</svg>")
    legend = ['<ol class="chart-legend">']
    for (name, points), (colour, dash, marker) in zip(series, LINE_STYLES, strict=False):
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        legend.append(
            '<li><svg class="legend-line" viewBox="0 0 36 12" aria-hidden="true">'
            f'<line x1="0" y1="6" x2="36" y2="6" stroke="{colour}" stroke-width="3"{dash_attr}/>'
            f"{_marker(marker, 18, 6, colour)}</svg>"
            f"<span>{escape(name)}</span> <strong>{points[-1]}</strong></li>"
        )
    legend.append("</ol>")
    return mark_safe("".join(parts) + "".join(legend))  # every data string escaped above
