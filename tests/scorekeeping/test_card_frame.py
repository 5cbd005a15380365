"""The card page is a Jinja2 template (issue 28) with its own base (jinja_templates/base.html
beside templates/base.html; the head and header are one file both draw, frame/): the frame a
tablet shows around the card is the one every other page shows, in both languages and for
an organizer too."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import html5lib
import pytest
from django.contrib.auth import get_user_model

from .conftest import links, url

pytestmark = pytest.mark.django_db


def frame(page: str) -> list[str]:
    """The parts of `page` around its content: the head's shared links, the site header,
    the footer; CSRF tokens and the language form's way back left out."""
    root = html5lib.parse(page, namespaceHTMLElements=False)
    parts = [root.find("head/meta[@name='viewport']"), root.find("head/link[@rel='icon']")]
    parts += [root.find("body/header"), root.find("body/footer"), root.find("body/a")]
    assert all(part is not None for part in parts), page[:400]
    texts = []
    for part in parts:
        text = ElementTree.tostring(part, encoding="unicode")
        text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", text)
        text = re.sub(r'name="next" value="[^"]*"', "", text)
        texts.append(re.sub(r"\s+", " ", text))
    texts.append(root.get("lang"))
    texts.append(root.find("body").get("hx-headers", "")[:15])
    return texts


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("organizer", [False, True], ids=["scorekeeper", "organizer"])
def test_the_card_shows_the_frame_of_every_other_page(client, running, language, organizer):
    link = links(running())[0]
    if organizer:
        user = get_user_model().objects.create_user("org", password="pw-long-enough", is_staff=True)
        client.force_login(user)
    client.cookies["django_language"] = language
    card = client.get(url(link)).content.decode()
    home = client.get("/").content.decode()
    assert frame(card) == frame(home)
    assert ("Club admin" in card or "Club-Verwaltung" in card) == organizer
