"""A card's "Before and after" on a phone: each changed field by its label, both values,
in English and German, with no sideways scroll (it was raw JSON, for the organizer's
changes only)."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import ScoreEntry, ScorekeeperLink
from tests.playoffs import regular_tables
from tests.scorekeeping.conftest import GOOD_TEAM, SMALL_TEAM

from .conftest import PHONE, screenshot

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    ("locale", "summary", "label"),
    [
        ("en-GB", "Before and after", "Cards melded (laid down, books included) · Aces"),
        ("de-DE", "Vorher und nachher", "Ausgelegte Karten (gemeldet, Bücher mitgezählt) · Asse"),
    ],
)
def test_a_corrected_hand_reads_before_and_after_on_a_phone(
    new_page, live_server, drawn_event, locale, summary, label
):
    event = start_clock(drawn_event("hand_and_foot", tables=1))
    (table,) = regular_tables(event)
    one, two = ScorekeeperLink.objects.filter(table=table).order_by("team__number")
    client = Client()

    def send(link, **data):
        url = link.get_absolute_url() + "entry/"
        assert client.post(url, {"idem": uuid.uuid4().hex, "number": 1, **data}).status_code == 302

    send(one, version=0, **GOOD_TEAM)
    send(two, version=0, **SMALL_TEAM)
    send(one, version=ScoreEntry.objects.get().part(1).version, **{**GOOD_TEAM, "melded_aces": 3})
    page = new_page(PHONE, locale=locale)
    page.goto(live_server.url + one.get_absolute_url())
    details = page.locator(".change-details")
    details.locator("summary", has_text=summary).click()
    row = details.locator("tbody tr")
    expect(row).to_have_count(1)
    expect(row.locator("th")).to_have_text(label)
    expect(row.locator("td")).to_have_text(["4", "3"])
    details.scroll_into_view_if_needed()
    screenshot(page, f"card-history-before-after-{locale}-390")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
