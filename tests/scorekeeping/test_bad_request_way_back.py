"""The 400 page of a card offers a way back to it: an installed card has no back button."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from .conftest import GOOD_TEAM, links, url

pytestmark = pytest.mark.django_db


def test_a_cards_400_page_links_back_to_the_card(running):
    one, _two = links(running())
    client = Client(raise_request_exception=False)
    answer = client.post(
        url(one, "entry"), {"idem": uuid.uuid4().hex, "number": "0", "version": 0, **GOOD_TEAM}
    )
    assert answer.status_code == 400
    page = answer.content.decode()
    card = reverse("scorekeeping:card", args=[one.token])
    assert f'href="{card}#next"' in page
    assert "Back to the card" in page
    assert "back button" not in page


def test_another_400_page_keeps_the_browsers_back_button():
    # A host the site does not serve: Django's own 400, through the site's 400 page.
    answer = Client(raise_request_exception=False).get("/", HTTP_HOST="not.our.host")
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "This cannot be used" in page
    assert "back button" in page
    assert "Back to the card" not in page
