"""The tablet page speaks each game's words: asked of the game, not restated per game."""

from __future__ import annotations

import pytest

from clubscore.events.models import ScoreEntry, Table
from clubscore.games import GAMES
from tests.payloads import laus_round

from .conftest import links, url

pytestmark = pytest.mark.django_db


def test_a_laus_round_is_disputed_as_a_round(client, running):
    event = running("laus", tables=1)
    (link,) = links(event)
    names = [seat.player.name for seat in link.table.seats.order_by("position")]
    payload = laus_round(names)
    ScoreEntry.objects.create(
        table=link.table,
        number=1,
        payload=payload,
        result=GAMES["laus"].score(payload),
        status=ScoreEntry.Status.ENTERED,
    )
    page = client.get(url(link) + "?dispute=1").content.decode()
    assert "<h2>Dispute round 1</h2>" in page
    assert "Dispute hand" not in page
    assert "<h2>Round 1: please check</h2>" in page


def test_the_exact_bid_trump_shows_its_suit(client, running):
    event = running("exact_bid", tables=1)
    (link,) = links(event)
    Table.objects.filter(pk=link.table_id).update(draw_details={"trumps": ["H", "S"]})
    page = client.get(url(link)).content.decode()
    assert '<strong class="trump">♥ hearts</strong>' in page
    client.cookies["django_language"] = "de"
    page = client.get(url(link), headers={"accept-language": "de"}).content.decode()
    assert '<strong class="trump">♥ Herz</strong>' in page
