"""A small server-rendered SVG chart of each team's or player's score over the evening.

No chart library and no script: a few polylines in an inline SVG, coloured by CSS
classes (`series-0` ...), so the strict content security policy holds.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

WIDTH, HEIGHT, PAD = 320, 160, 28


def score_chart(series: Sequence[tuple[str, Sequence[int]]], title: str) -> SafeString:
    """An SVG line chart: one line per (name, running totals), starting from 0."""
    longest = max((len(values) for _name, values in series), default=0)
    if longest == 0:
        return SafeString("")
    points = [0, *[v for _name, values in series for v in values]]
    low, high = min(points), max(points)
    span = (high - low) or 1
    steps = max(longest, 1)

    # Coordinates are formatted here: format_html escapes its arguments into strings.
    def x(i: int) -> str:
        return f"{PAD + (WIDTH - 2 * PAD) * i / steps:.1f}"

    def y(v: int) -> str:
        return f"{HEIGHT - PAD - (HEIGHT - 2 * PAD) * (v - low) / span:.1f}"

    def below(v: int) -> str:
        return f"{float(y(v)) + 4:.1f}"

    lines = []
    for index, (name, values) in enumerate(series):
        coords = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate([0, *values]))
        last_x, last_y = x(len(values)), y(values[-1] if values else 0)
        lines.append(
            format_html(
                '<g class="series-{}"><title>{}</title><polyline points="{}" fill="none"/>'
                '<circle cx="{}" cy="{}" r="4"/></g>',
                index,
                name,
                coords,
                last_x,
                last_y,
            )
        )
    zero = y(0)
    ticks = format_html_join(
        "",
        '<text x="{}" y="{}" class="tick">{}</text>',
        ((x(i), HEIGHT - 8, i) for i in range(1, longest + 1)),
    )
    return format_html(
        '<svg class="score-chart" viewBox="0 0 {} {}" role="img" aria-label="{}">'
        '<line x1="{}" x2="{}" y1="{}" y2="{}" class="zero"/>'
        '<text x="2" y="{}" class="tick">{}</text><text x="2" y="{}" class="tick">{}</text>'
        "{}{}</svg>",
        WIDTH,
        HEIGHT,
        title,
        PAD,
        WIDTH - PAD,
        zero,
        zero,
        below(high),
        high,
        below(low),
        low,
        ticks,
        SafeString("".join(lines)),
    )
