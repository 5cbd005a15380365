"""Issue 18's tablet items, through the card's views."""

from __future__ import annotations

import uuid

import pytest

from clubscore.events.models import ScoreEntry

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
