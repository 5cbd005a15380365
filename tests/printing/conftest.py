"""Helpers to open the PDFs the printing app renders (real parsing with pypdf)."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from pypdf import PdfReader


def read_pdf(content: bytes) -> PdfReader:
    assert content.startswith(b"%PDF-")
    return PdfReader(io.BytesIO(content))


def page_texts(content: bytes) -> list[str]:
    """Each page's text, line by line as printed (pdfplumber keeps a row of boxes together)."""
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        return [page.extract_text() for page in pdf.pages]


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
