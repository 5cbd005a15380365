"""QR codes of the club's addresses: the tablets' links, the door's check-in, the cards."""

from __future__ import annotations

import segno
from django.core.exceptions import BadRequest
from django.http import HttpResponse
from django.utils.translation import gettext as _


def make_qr(url: str, **options) -> segno.QRCode:
    """The QR code of `url` (error correction M, never a micro code).

    An address no QR code can hold is a bad request (400), not a server error: it comes
    from a forged Host header thousands of characters long (when any host is allowed)."""
    try:
        return segno.make(url, error="m", micro=False, **options)
    except segno.DataOverflowError as error:
        raise BadRequest(_("This address is too long for a QR code.")) from error


def qr_svg(url: str) -> HttpResponse:
    """`url`'s QR code as a standalone SVG document: with its xmlns (svg_inline leaves it
    out, and a browser then shows the markup as text) and a white ground, so it scans on
    a dark screen. Private: each address opens a card or the door."""
    response = HttpResponse(content_type="image/svg+xml")
    make_qr(url).save(response, kind="svg", scale=8, border=4, light="#fff", xmldecl=False)
    response["Cache-Control"] = "private, no-store"
    return response
