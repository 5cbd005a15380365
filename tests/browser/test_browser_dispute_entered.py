"""A dispute with no other version shows what was entered, field by field, on the
organizer's tablet and phone, in both languages (a walk, 2026-11-30: a Luxury Family
dispute showed each player's round total alone)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import ScoreEntry, Seat
from tests.payloads import lf_round

from .conftest import PHONE, TABLET, log_in, screenshot
from .figures import measure

pytestmark = pytest.mark.django_db(transaction=True)

CAPTION = {"en": "What was entered", "de": "Was eingetragen wurde"}
POWER = {"en": "power points", "de": "Machtpunkte"}


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_organizer_weighs_a_note_against_what_was_entered(
    new_page, live_server, organizer, drawn_event, language
):
    event = start_clock(drawn_event("luxury_family", tables=1))
    seats = list(Seat.objects.filter(round__event=event).order_by("position"))
    names = [seat.player.name for seat in seats]
    payload = lf_round(names, bid=200, game_maker=2, power_points=[40, 80, 120])
    ScoreEntry.objects.create(
        table=seats[0].table,
        number=1,
        payload=payload,
        status=ScoreEntry.Status.DISPUTED,
        entered_by=seats[0].player,
        dispute_note="he had 50 power points, not 40",
    )
    for viewport, size in ((TABLET, "tablet"), (PHONE, "phone")):
        page = new_page(viewport, locale="de-DE" if language == "de" else "en-GB")
        log_in(page, live_server, "director", "a-long-organizer-pass", language)
        page.goto(f"{live_server.url}/events/{event.pk}/dashboard/")
        table = page.locator("table.entered-values")
        expect(table.locator("caption")).to_have_text(CAPTION[language])
        row = table.locator("tr", has_text=f"{names[0]}: {POWER[language]}")
        expect(row.locator("td")).to_have_text("40")
        assert not measure(page)["overflow"], f"{language} {size}: the page scrolls sideways"
        screenshot(page, f"dispute-entered-{language}-{size}")
