"""The entry fields of a form that shows no values are drawn once and kept (issue 28):
what is kept must be what would be drawn afresh, for this card, in this language."""

from __future__ import annotations

import re
import uuid

import pytest
from django.core.cache import cache

from clubscore.games import GAMES

from .conftest import links, url

pytestmark = pytest.mark.django_db


def fields_of(page: bytes) -> str:
    """The entry form's fields: from the first group to the preview below them."""
    text = page.decode()
    start = text.index('<fieldset class="group">')
    return text[start : text.index('<div id="preview"', start)]


@pytest.mark.parametrize("game", list(GAMES))
def test_kept_fields_are_the_fields_drawn_afresh_in_each_language(client, running, game):
    link = links(running(game))[0]
    english = fields_of(client.get(url(link)).content)
    german = fields_of(client.get(url(link), HTTP_ACCEPT_LANGUAGE="de").content)
    assert german != english  # not the English fields kept a moment ago
    assert fields_of(client.get(url(link)).content) == english
    assert fields_of(client.get(url(link), HTTP_ACCEPT_LANGUAGE="de").content) == german
    cache.clear()
    assert fields_of(client.get(url(link), HTTP_ACCEPT_LANGUAGE="de").content) == german
    assert fields_of(client.get(url(link)).content) == english


def test_each_card_keeps_the_meld_calculator_of_its_own_link(client, running):
    event = running("luxury_family")
    first, second = links(event, 1)[0], links(event, 2)[0]
    assert first.token in fields_of(client.get(url(first)).content)
    other = fields_of(client.get(url(second)).content)
    assert second.token in other and first.token not in other


def test_what_was_typed_shows_after_a_reload_though_the_empty_fields_are_kept(client, running):
    link = links(running("hand_and_foot"))[0]
    empty = fields_of(client.get(url(link)).content)
    assert 'value="7"' not in empty
    data = {"number": 1, "version": 0, "idem": uuid.uuid4().hex, "red_books": "7"}
    assert client.post(url(link, "draft"), data).status_code == 204  # typing paused
    typed = fields_of(client.get(url(link)).content)
    assert re.search(r'name="red_books" value="7"', typed)
