"""Nothing on a card is cut short or runs into its neighbour: every game, English and
German, A4 and Letter, every table size the game allows, filled in and blank."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from django.test import override_settings
from django.utils import translation
from reportlab.lib.units import mm

from clubscore.games import GAMES
from clubscore.printing.cards.layout import heading_width
from clubscore.printing.cards.luxury_family import lf_columns, lf_sub_heads
from clubscore.printing.documents import blank_document, event_document
from clubscore.printing.pdf import register_fonts

from .conftest import page_texts

pytestmark = pytest.mark.django_db
PAPERS = ["A4", "LETTER"]

#: Headings and labels that were printed cut short ("Tric…", "Ges…") or hyphenated.
WHOLE = {
    "en": {"luxury_family": ["Melds", "Tricks", "Total", "Game maker"], "laus": ["Total"]},
    "de": {
        "luxury_family": ["Meldung", "Stiche", "Gesamt", "Spielmacher"],
        "laus": ["Gesamt"],
    },
}


def assert_nothing_cut(content: bytes, language: str, game: str) -> None:
    for text in page_texts(content):
        # The players' names here are short: any "…" is a heading or label cut short.
        assert "…" not in text
        words = text.split()
        # Nor broken with a hyphen ("Meldu-ngen") where the whole word fits.
        assert not [word for word in words if word.endswith("-")]
        for label in WHOLE[language].get(game, []):
            assert all(word in words for word in label.split()), label


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", list(GAMES))
def test_no_heading_or_label_is_cut_short(drawn_event, game, paper, language):
    with override_settings(CLUB_PAPER_SIZE=paper):
        for players in GAMES[game].table_sizes:
            event = drawn_event(game, tables=1, players_per_table=players, language=language)
            content = event_document(event, "cards", "https://club.example").content
            assert_nothing_cut(content, language, game)
        assert_nothing_cut(blank_document(game, language).content, language, game)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", list(GAMES))
def test_a_blank_cards_labels_end_before_their_write_in_lines(game, paper, language):
    with override_settings(CLUB_PAPER_SIZE=paper):
        content = blank_document(game, language).content
    with translation.override(language):
        labels = [translation.gettext("Event:"), translation.gettext("Date:")]
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        page = pdf.pages[0]
        for label in labels:
            found = page.search(label)
            assert found, label
            for word in found:
                # The line to write on beside the label: on (or just under) its baseline.
                beside = [
                    line
                    for line in page.lines
                    if abs(line["top"] - word["bottom"]) < 3 * mm and line["x1"] > word["x1"]
                ]
                assert beside, label
                assert min(line["x0"] for line in beside) >= word["x1"] + 1 * mm, label


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("paper", PAPERS)
def test_luxury_familys_columns_are_as_wide_as_their_headings(paper, language):
    """Each player's Melds, Tricks and Total boxes hold their headings on one line and a
    four-digit score (13 mm); the dealer's column gives up room for them, never below two
    lines of a name."""
    register_fonts()
    width = {"A4": 210 * mm, "LETTER": 215.9 * mm}[paper] - 14 * mm  # a half-page card
    with translation.override(language):
        players = GAMES["luxury_family"].max_players
        fixed, subs = lf_columns(width, players)
        needs = [max(13 * mm, heading_width(label)) for label in lf_sub_heads()]
    assert sum(fixed) + players * sum(subs) == pytest.approx(width)
    assert all(sub >= need - 0.01 for sub, need in zip(subs, needs, strict=True))
    assert fixed[1] >= 24 * mm
