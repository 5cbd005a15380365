"""Issue 26.16: the printouts leave nobody out and keep "Did not play" on one line."""

from __future__ import annotations

import pytest
from django.utils import translation

from clubscore.club.models import Player
from clubscore.events import services
from clubscore.events.models import CheckIn, Event, Seat, Table
from clubscore.printing.documents import event_document

from .conftest import page_texts

pytestmark = pytest.mark.django_db

DID_NOT_PLAY = {"en": "Did not play", "de": "Nicht gespielt"}


@pytest.fixture(autouse=True)
def _english_after():
    yield
    translation.activate("en")


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", ["hand_and_foot", "laus", "luxury_family", "exact_bid"])
@pytest.mark.parametrize("basis", ["individual", "couple"])
def test_did_not_play_stays_on_one_line(drawn_event, make_player, game, basis, language):
    event = drawn_event(
        game, tables=2, status=Event.Status.FINAL, standings_basis=basis, language=language
    )
    Table.objects.filter(round__event=event, number=2).update(not_played=True)
    CheckIn.objects.create(event=event, player=make_player("Sam", "Sitout"))
    content = event_document(event, "standings", "").content
    lines = [line for text in page_texts(content) for line in text.splitlines()]
    mark = DID_NOT_PLAY[language]
    words = mark.split()
    # Nobody played (nothing entered): the mark is printed whole on every row.
    pieces = [line for line in lines if any(line.endswith(word) for word in words)]
    assert pieces and all(line.endswith(mark) for line in pieces), lines
    absent = Seat.objects.filter(table__round__event=event).count() + 1  # nothing entered
    assert len(pieces) == absent


@pytest.mark.parametrize(
    "language, sits_out, table", [("en", "Sits out", "Table 1"), ("de", "Setzt aus", "Tisch 1")]
)
def test_find_your_table_lists_who_sits_out(make_event, make_player, language, sits_out, table):
    event = make_event("hand_and_foot", language=language)
    players = [make_player(f"Pat{n}", "Player") for n in range(4)]
    services.check_in(event, [*players, make_player("Zelda", "Away")])
    outcome = services.draw_round(event, seed=3, allow_sit_out=True)
    (away,) = [Player.objects.get(pk=entry["player"]).name for entry in outcome.sitting_out]
    content = event_document(event, "tables", "").content
    texts = page_texts(content)
    find = texts[-1].splitlines()
    assert any(line.startswith(away) and line.endswith(sits_out) for line in find), find
    seated = [line for line in find if line.endswith(table)]
    assert len(seated) == 4
