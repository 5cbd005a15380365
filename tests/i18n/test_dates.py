"""Dates read one way per language, on pages and in PDFs: English "Friday, 27 November
2026" (short "27 Nov 2026"), German "Freitag, 27. November 2026" (short "27.11.2026")."""

from __future__ import annotations

import datetime

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import formats, translation

from clubscore.events.models import DrawRecord, Round
from clubscore.printing.documents import event_document
from tests.printing.conftest import page_texts

pytestmark = pytest.mark.django_db

LONG = {"en": "Friday, 27 November 2026", "de": "Freitag, 27. November 2026"}
SHORT = {"en": "27 Nov 2026", "de": "27.11.2026"}


@pytest.mark.parametrize("language", ["en", "de"])
def test_one_long_and_one_short_format_per_language(language):
    day = datetime.date(2026, 11, 27)
    with translation.override(language):
        assert formats.date_format(day, "DATE_FORMAT") == LONG[language]
        assert formats.date_format(day, "SHORT_DATE_FORMAT") == SHORT[language]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("page", ["home", "events:detail", "events:wall", "dashboard:standings"])
def test_pages_write_the_events_date_in_the_readers_language(
    organizer_client, drawn_event, language, page
):
    event = drawn_event(tables=1)
    organizer_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    address = reverse(page) if page == "home" else reverse(page, args=[event.pk])
    assert LONG[language] in organizer_client.get(address).content.decode()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_draw_history_writes_the_short_date(organizer_client, drawn_event, language):
    event = drawn_event(tables=1)
    DrawRecord.objects.create(
        round=Round.objects.get(event=event),
        seed=1,
        drawn_at=datetime.datetime(2026, 11, 27, 19, 5, 9, tzinfo=datetime.UTC),
    )
    organizer_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = organizer_client.get(reverse("events:draw", args=[event.pk])).content.decode()
    assert f"{SHORT[language]}, 20:05:09" in page  # Berlin time


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("what", ["cards", "tables", "standings"])
def test_pdfs_write_the_date_in_the_events_language(drawn_event, language, what):
    event = drawn_event(tables=1, language=language)
    text = page_texts(event_document(event, what, "http://club.example/").content)[0]
    assert LONG[language] in text
    assert "Nov." not in text
