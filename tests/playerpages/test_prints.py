"""The printed side of the players' phones (issue 25): the A4 "Player check-in" poster
with its QR code, and the table assignments with each player's QR code. The PDFs are
opened and read (pdfplumber): the text, and the links the QR codes carry."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from django.urls import reverse

from clubscore.events import phones
from clubscore.events.models import PlayerLink, Seat
from clubscore.qr import make_qr

pytestmark = pytest.mark.django_db


def links_of(pdf) -> list[str]:
    return [link["uri"] for page in pdf.pages for link in page.hyperlinks]


def test_the_poster_carries_the_check_in_code(organizer_client, make_event):
    event = make_event(status="check_in", name="Friday club night")
    response = organizer_client.get(reverse("printing:event_pdf", args=[event.pk, "poster"]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    with pdfplumber.open(io.BytesIO(response.content)) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        assert (round(page.width), round(page.height)) == (595, 842)  # A4
        text = page.extract_text()
        assert "Player check-in" in text and "Friday club night" in text
        assert "Not on the list? Ask the organizer" in text
        token = phones.phones_of(event).checkin_token
        assert links_of(pdf) == [f"http://testserver/c/{token}/"]


def test_the_table_assignments_carry_each_players_page(organizer_client, drawn_event):
    event = drawn_event(tables=2)
    response = organizer_client.get(reverse("printing:event_pdf", args=[event.pk, "tables"]))
    with pdfplumber.open(io.BytesIO(response.content)) as pdf:
        found = set(links_of(pdf))
    seated = Seat.objects.filter(round__event=event).count()
    links = PlayerLink.objects.filter(event=event)
    assert links.count() == seated == 8
    assert found == {f"http://testserver/p/{link.token}/" for link in links}


def test_the_poster_is_for_the_organizer_only(client, make_event):
    event = make_event()
    response = client.get(reverse("printing:event_pdf", args=[event.pk, "poster"]))
    assert response.status_code == 302


def test_each_players_code_has_white_room_around_it_to_scan(organizer_client, drawn_event):
    # A QR code scans when four modules of light surround it (its quiet zone). A phone
    # aimed at one player's code must not catch the next line's: no two codes' zones
    # meet, and no label runs into one.
    event = drawn_event(tables=3)
    response = organizer_client.get(reverse("printing:event_pdf", args=[event.pk, "tables"]))
    with pdfplumber.open(io.BytesIO(response.content)) as pdf:
        page = pdf.pages[-1]
        assert "Find your table" in page.extract_text()
        codes = page.hyperlinks
        assert len(codes) == 12
        zones = [_quiet_zone(code) for code in codes]
        for index, zone in enumerate(zones):
            assert not [other for other in zones[index + 1 :] if _overlaps(other, zone)]
            assert not [char["text"] for char in page.chars if _overlaps(char, zone)]


def _quiet_zone(code: dict) -> dict:
    margin = 4 * (code["x1"] - code["x0"]) / len(make_qr(code["uri"]).matrix)
    return {
        "x0": code["x0"] - margin,
        "top": code["top"] - margin,
        "x1": code["x1"] + margin,
        "bottom": code["bottom"] + margin,
    }


def _overlaps(box: dict, zone: dict) -> bool:
    return (
        box["x0"] < zone["x1"]
        and box["x1"] > zone["x0"]
        and box["top"] < zone["bottom"]
        and box["bottom"] > zone["top"]
    )
