"""Cards a 75-year-old fills in with a pen: two to a page where they fit, boxes at least
8 mm high, nothing to read below 9 pt, nothing across the line to cut along."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from django.test import override_settings
from reportlab.lib.units import mm

from clubscore.events.models import Seat
from clubscore.games import GAMES
from clubscore.printing import cards
from clubscore.printing.documents import blank_document, event_document

from .conftest import card_texts, page_texts, read_pdf

pytestmark = pytest.mark.django_db
PAPERS = ["A4", "LETTER"]

# Score cards of three tables: how many pages, on either paper.
PAGES = {"hand_and_foot": 2, "exact_bid": 3, "luxury_family": 2, "laus": 2}


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", list(GAMES))
def test_cards_go_two_to_a_page_where_they_fit(drawn_event, game, paper):
    event = drawn_event(game, tables=3)
    with override_settings(CLUB_PAPER_SIZE=paper):
        content = event_document(event, "cards", "").content
        per_page = cards.cards_per_page(game, event.game_options, paper)
    assert len(page_texts(content)) == PAGES[game]
    assert per_page == (1 if game == "exact_bid" else 2)
    assert len(card_texts(content)) == 3


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("hand_and_foot", {"hands": 5}),
        ("luxury_family", {"rounds": 6}),
        ("laus", {"rounds": 12}),
        ("exact_bid", {"start_cards": 5}),
    ],
)
def test_a_card_too_long_for_half_a_page_gets_a_page_of_its_own(game, options, paper):
    options = GAMES[game].clean_options(options)
    assert cards.cards_per_page(game, options, paper) == 1


def long_names(event) -> None:
    """The names that trip layouts up: long, accented, with markup."""
    names = [
        ("María José", "Núñez Ó Súilleabháin"),
        ("Ewa", "Nowak-Wójcik"),
        ("<b>Bob</b>", "Smith"),
        ("Łukasz", "Jürgens"),
    ]
    seats = Seat.objects.filter(round__event=event).select_related("player").order_by("id")
    for index, seat in enumerate(seats):
        first, last = names[index % len(names)]
        seat.player.first_name, seat.player.last_name = first, last
        seat.player.save()


def pages_of(content: bytes):
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        for page in pdf.pages:
            yield page, page.extract_text().count("score card")


def assert_fit_for_a_pen(content: bytes, smallest: float = 9) -> None:
    for page, count in pages_of(content):
        boxes = [rect for rect in page.rects if rect["stroke"]]
        assert boxes
        # Every box is big enough to write in (or to read a heading in).
        assert min(rect["height"] for rect in boxes) >= 8 * mm - 0.01
        assert min(char["size"] for char in page.chars) >= smallest
        # Everything is on the paper, at least 6 mm from its edges.
        for item in [*boxes, *page.chars]:
            assert item["x0"] >= 6 * mm and item["x1"] <= page.width - 6 * mm
            assert item["top"] >= 6 * mm and item["bottom"] <= page.height - 6 * mm
        if count == 2:
            # Nothing crosses the line to cut along.
            middle = page.height / 2
            for item in [*boxes, *page.chars]:
                assert item["bottom"] <= middle - 4 * mm or item["top"] >= middle + 4 * mm


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", list(GAMES))
def test_every_card_has_boxes_to_write_in_and_text_to_read(drawn_event, game, paper, language):
    event = drawn_event(game, tables=2, language=language)
    long_names(event)
    # Column headings in German (Meldungen, Ausgelegte Karten) may go down to 8.5 pt.
    smallest = 9 if language == "en" else 8.5
    with override_settings(CLUB_PAPER_SIZE=paper):
        content = event_document(event, "cards", "https://club.example").content
        assert_fit_for_a_pen(content, smallest)
        assert_fit_for_a_pen(blank_document(game, language).content, smallest)


def test_a_long_name_takes_two_lines_rather_than_shrinking_away(drawn_event):
    event = drawn_event("laus", tables=1)
    long_names(event)
    content = event_document(event, "cards", "").content
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size"])
    # Seat 2's double-barrelled name breaks after its hyphen; seat 1's is longer than two
    # lines of its column hold, so its end is cut short ("…"), never its size.
    for part in ("Ewa", "Nowak-", "Wójcik", "María", "José", "Núñez", "Łukasz", "Jürgens"):
        sizes = [word["size"] for word in words if word["text"] == part]
        assert sizes and min(sizes) >= 10, part
    assert any(word["text"].endswith("…") for word in words)


@pytest.mark.parametrize(("paper", "size"), [("A4", (842, 595)), ("LETTER", (792, 612))])
def test_exact_bid_cards_are_printed_across_the_page(drawn_event, paper, size):
    """Four players of three boxes each (bid, tricks, points) need the page's width."""
    event = drawn_event("exact_bid", tables=1)
    with override_settings(CLUB_PAPER_SIZE=paper):
        content = event_document(event, "cards", "").content
    box = read_pdf(content).pages[0].mediabox
    assert (round(box.width), round(box.height)) == size


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("what", ["tables", "standings"])
def test_the_sheets_for_the_wall_read_at_10_pt_or_more(drawn_event, what, paper, language):
    event = drawn_event("hand_and_foot", tables=8, language=language)
    long_names(event)
    with override_settings(CLUB_PAPER_SIZE=paper):
        content = event_document(event, what, "").content
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        for page in pdf.pages:
            assert min(char["size"] for char in page.chars) >= 10
            for item in [*page.rects, *page.chars]:
                assert item["x0"] >= 6 * mm and item["x1"] <= page.width - 6 * mm
                assert item["top"] >= 6 * mm and item["bottom"] <= page.height - 6 * mm


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(("players", "start_cards"), [(4, 1), (4, 11), (4, 16), (3, 21), (2, 32)])
def test_exact_bid_cards_print_every_round_the_decks_allow(
    drawn_event, paper, players, start_cards
):
    """From 1 card up to 64 ÷ players: a row per round, all on the paper; boxes a pen can
    fill in (8 mm) up to 11 rounds, smaller only for the longer games."""
    event = drawn_event(
        "exact_bid", tables=1, players_per_table=players, options={"start_cards": start_cards}
    )
    with override_settings(CLUB_PAPER_SIZE=paper):
        content = event_document(event, "cards", "").content
    if start_cards <= 11:
        assert_fit_for_a_pen(content)
    for page, _count in pages_of(content):
        for item in [*page.rects, *page.chars]:
            assert item["x0"] >= 6 * mm and item["x1"] <= page.width - 6 * mm
            assert item["top"] >= 6 * mm and item["bottom"] <= page.height - 6 * mm
        words = [word["text"] for word in page.extract_words()]
        assert str(start_cards) in words


@pytest.mark.parametrize("game", ["laus", "luxury_family", "exact_bid"])
def test_a_cards_names_print_at_one_size(drawn_event, game):
    """A short name shrunk onto one line beside a long one wrapped at full size read as
    two kinds of name ("Margaret Miller" big on two lines beside a small "Robert
    Miller", the walk's Laus card of 2026-11-30). A name too long for two lines even at
    the smallest size is cut short alone, not every name made small."""
    event = drawn_event(game, tables=1)
    names = [("Margaret", "Miller"), ("Robert", "Miller"), ("Ursula", "Schröder"), ("Bo", "Li")]
    seats = Seat.objects.filter(round__event=event).select_related("player").order_by("position")
    for seat, (first, last) in zip(seats, names, strict=False):
        seat.player.first_name, seat.player.last_name = first, last
        seat.player.save()
    content = event_document(event, "cards", "").content
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size", "fontname"])
    shown = {first for first, _last in names[: len(seats)]}
    sizes = {round(w["size"], 2) for w in words if w["text"] in shown and "Bold" in w["fontname"]}
    assert len(sizes) == 1, sizes
    assert min(sizes) >= 10
