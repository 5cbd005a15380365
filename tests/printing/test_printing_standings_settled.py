"""The printed standings after a play-off: one winner; who did not play; per round."""

from __future__ import annotations

import pytest

from clubscore.events.models import CheckIn, Event
from clubscore.printing.documents import event_document
from tests.payloads import laus_round
from tests.playoffs import confirm, laus_tie, play_off, regular_tables, seat_names

from .conftest import page_texts

pytestmark = pytest.mark.django_db


def printed(event) -> list[str]:
    content = event_document(event, "standings", "").content
    return [line for text in page_texts(content) for line in text.splitlines()]


def test_the_pdf_shows_one_winner_after_the_play_off(drawn_event):
    event = laus_tie(drawn_event, tables=4, status=Event.Status.FINAL)
    before = printed(event)
    # Final with the tie undecided: they share first place (no play-off pending).
    assert len([line for line in before if line == "shared first"]) == 4  # on two lines
    play_off(event, ten_of_spades_to=1)
    lines = printed(event)
    firsts = [line for line in lines if line.startswith("1 ")]
    assert len(firsts) == 1 and firsts[0].endswith("won the play-off")
    assert not any(line.endswith(" play-off") for line in lines if not line.startswith("1 "))
    assert [line.split()[0] for line in lines if "Table" in line][:4] == ["1", "2", "3", "4"]
    text = "\n".join(lines)
    assert "won the play-off." in text  # the note with the play-off's scores
    assert "Round 2 (play-off):" in text


def test_the_pdf_lists_who_did_not_play_at_the_bottom(drawn_event, make_player):
    event = drawn_event("laus", tables=1, status=Event.Status.FINAL)
    (table,) = regular_tables(event)
    confirm(table, 1, laus_round(seat_names(table), 0))
    CheckIn.objects.create(event=event, player=make_player("Sam", "Sitout"))
    lines = printed(event)
    rows = [line for line in lines if "Table1" in line or "Sitout" in line]
    # No round played, no total (a 0 read as the best where the lowest wins), no best round.
    assert rows[-1] == "– Sam Sitout 0 – – Did not play"


def test_the_pdf_shows_rounds_and_the_per_round_figure(drawn_event):
    event = drawn_event("laus", tables=2, status=Event.Status.FINAL)
    full, short = regular_tables(event)
    for number in (1, 2):
        confirm(full, number, laus_round(seat_names(full), 2))
    confirm(short, 1, laus_round(seat_names(short), 2))
    text = "\n".join(printed(event))
    assert "Rank Player Rounds Total" in text and "Per" in text
    assert "Lowest points per round played win" in text
    assert "P1C Table1 2 680 340.0" in text
    assert "P2C Table2 1 340 340.0" in text


@pytest.mark.parametrize("tables", [4, 28])  # no seat to fill; at 28 it was split
def test_the_play_off_note_is_never_split_between_pages(drawn_event, tables):
    """A walk's standings ended page 1 with "…630. Betty" and began page 2 with the rest
    of the play-off's note. Whatever the number of lines above it, it is whole on one
    page (the tables' count moves it across the foot of a page)."""
    event = laus_tie(drawn_event, tables=tables, status=Event.Status.FINAL)
    play_off(event, ten_of_spades_to=1)
    pages = page_texts(event_document(event, "standings", "").content)
    (page,) = [text for text in pages if "(play-off):" in text]
    after = " ".join(page.split("(play-off):", 1)[1].split())
    # The note's last words: who won, or that they are tied again.
    assert "won the play-off." in after or "decide it by lot." in after
