"""Issue 18's tablet items, through the card's views."""

from __future__ import annotations

import uuid

import pytest

from clubscore.events.models import ScoreEntry
from clubscore.games import GAMES

from .conftest import links, url

pytestmark = pytest.mark.django_db


def post(client, link, name, data):
    return client.post(url(link, name), {"idem": uuid.uuid4().hex, **data})


def test_an_empty_hand_and_foot_hand_is_refused(client, running):
    one, _two = links(running())
    response = post(client, one, "entry", {"number": 1, "version": 0})
    html = response.content.decode()
    assert response.status_code == 200
    assert "a team always holds or has laid down cards" in html
    assert not ScoreEntry.objects.exclude(status=ScoreEntry.Status.DRAFT).exists()


def test_hand_and_foot_says_who_plays_first_not_who_deals(client, running):
    one, _two = links(running())
    html = client.get(url(one, "card")).content.decode()
    assert "Plays first:" in html
    assert "Deals:" not in html


def test_each_game_names_the_first_seat():
    labels = {key: str(game.first_seat_label) for key, game in GAMES.items()}
    assert labels["hand_and_foot"] == "Plays first:"
    assert labels["exact_bid"] == "Bids first:"
    assert labels["laus"] == labels["luxury_family"] == "Deals:"
