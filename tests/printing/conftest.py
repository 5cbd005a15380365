"""Helpers to open the PDFs the printing app renders (real parsing with pypdf)."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from django.utils import timezone
from pypdf import PdfReader


def read_pdf(content: bytes) -> PdfReader:
    assert content.startswith(b"%PDF-")
    return PdfReader(io.BytesIO(content))


def page_texts(content: bytes) -> list[str]:
    """Each page's text, line by line as printed (pdfplumber keeps a row of boxes together)."""
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        return [page.extract_text() for page in pdf.pages]


def card_texts(content: bytes) -> list[str]:
    """The text of each score card: a page with two cards is read as its two halves."""
    texts = []
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        for page in pdf.pages:
            if page.extract_text().count("score card") == 2:
                middle = page.height / 2
                texts.append(page.crop((0, 0, page.width, middle)).extract_text())
                texts.append(page.crop((0, middle, page.width, page.height)).extract_text())
            else:
                texts.append(page.extract_text())
    return texts


def in_order(text: str, *parts: str) -> bool:
    """Whether ``parts`` occur in ``text`` one after the other (text read from a grid
    comes line by line, so a cell of two lines is interleaved with its neighbours)."""
    position = 0
    for part in parts:
        found = text.find(part, position)
        if found < 0:
            return False
        position = found + len(part)
    return True


def page_links(content: bytes) -> list[list[str]]:
    """The URLs of the link annotations on each page (the QR codes are links too)."""
    links = []
    for page in read_pdf(content).pages:
        found = []
        for annotation in page.get("/Annots") or []:
            action = annotation.get_object().get("/A")
            if action and "/URI" in action:
                found.append(str(action["/URI"]))
        links.append(found)
    return links


@pytest.fixture
def links_of():
    """The absolute scorekeeper links of a table, as the views build them."""

    def make(table, base="http://testserver"):
        return [base + link.get_absolute_url() for link in table.links.order_by("id")]

    return make


@pytest.fixture
def playoff_event(drawn_event):
    """A Hand and Foot evening of two tables whose winning teams tied: round 1 is the
    regular round, round 2 the play-off among the four tied (drawn by the real draw)."""
    from clubscore.events.models import Table
    from clubscore.standings.playoffs import start_playoff
    from tests.playoffs import hand_and_foot_tie

    event = drawn_event("hand_and_foot", tables=2, name="Cup final")
    hand_and_foot_tie(event)
    Table.objects.filter(round__event=event).update(turned_in_at=timezone.now())
    start_playoff(event, seed=1)
    return event


def round_tables(event, number):
    """The tables of round ``number`` of ``event``, by table number."""
    from clubscore.events.models import Table

    return list(Table.objects.filter(round__event=event, round__number=number).order_by("number"))


def seated_names(tables):
    return [seat.player.name for table in tables for seat in table.seats.select_related("player")]


def text_over_lines(content: bytes) -> list[str]:
    """Each letter printed across a ruled line (a row lower than its text), as
    "letter on page N": a row's text belongs between its lines."""
    crossed = []
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            rules = [edge for edge in page.edges if edge["orientation"] == "h"]
            for char in page.chars:
                if not char["text"].strip():
                    continue
                middle = (char["x0"] + char["x1"]) / 2
                if any(
                    rule["x0"] <= middle <= rule["x1"]
                    and char["top"] + 1 < rule["top"] < char["bottom"] - 1
                    for rule in rules
                ):
                    crossed.append(f"{char['text']} on page {number}")
    return crossed
