"""The "Player check-in" poster (issue 25): one page for the door, the QR code of the
evening's check-in page large, and three steps in large type."""

from __future__ import annotations

import io

from django.utils.translation import gettext
from reportlab.lib.units import mm

from .data import EventInfo
from .pdf import GREY, MARGIN, new_canvas, page_size, qr_code, write, write_lines
from .sheets import subtitle


def render_poster(event: EventInfo, url: str, paper: str = "A4") -> bytes:
    buffer = io.BytesIO()
    title = gettext("Player check-in")
    canvas = new_canvas(buffer, paper, f"{title} · {event.name}")
    page_w, page_h = page_size(paper)
    width = page_w - 2 * MARGIN
    top = page_h - MARGIN
    write(canvas, page_w / 2, top - 22 * mm, title, 40, bold=True, width=width, align="center")
    write(
        canvas,
        page_w / 2,
        top - 34 * mm,
        subtitle(event),
        16,
        width=width,
        align="center",
        color=GREY,
    )
    size = min(width, 140 * mm)
    qr_top = top - 44 * mm
    qr_code(canvas, url, (page_w - size) / 2, qr_top - size, size)
    steps = [
        gettext("1. Scan the code with your phone's camera."),
        gettext("2. Find your name."),
        gettext("3. Tap “I'm here” (a couple: “We're both here”)."),
        gettext("Not on the list? Ask the organizer."),
    ]
    y = qr_top - size - 14 * mm
    for step in steps:
        lines = write_lines(canvas, MARGIN, y, step, 20, False, width, 2, smallest=14)
        y -= 11 * mm * max(1, lines)
    write(canvas, page_w / 2, MARGIN + 2 * mm, url, 9, width=width, align="center", color=GREY)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
