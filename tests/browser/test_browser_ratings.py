"""The ladder ranked by rating, and a player's page with the chart and the CSV link."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from clubscore.events.models import Event
from tests.ratings.conftest import add_entry, evening, members  # noqa: F401  (fixtures)
from tests.ratings.test_services import season

from .conftest import PHONE, TABLET, screenshot

pytestmark = pytest.mark.django_db(transaction=True)


def test_ladder_by_rating_and_a_players_page(
    new_page,
    live_server,
    organizer,
    evening,  # noqa: F811
    members,  # noqa: F811
):
    people, events = season(evening, members, count=4)
    Event.objects.filter(pk__in=[e.pk for e in events]).update(public_standings=True)
    for viewport, locale, rating, rank_by in (
        (TABLET, "en-GB", "Rating", "Rank by"),
        (PHONE, "de-DE", "Wertungszahl", "Rangfolge nach"),
    ):
        page = new_page(viewport, locale=locale)
        page.goto(f"{live_server.url}/ladder/")
        page.get_by_label(rank_by).select_option("rating")
        page.get_by_role("button", name="Show" if locale == "en-GB" else "Anzeigen").click()
        expect(page).to_have_url(re.compile(r"rank_by=rating"))
        ladder = page.locator("table.ladder")
        expect(ladder.locator("th", has_text=rating)).to_be_visible()
        shown = [float(v.replace(",", ".")) for v in ladder.locator("td.rating").all_inner_texts()]
        assert shown == sorted(shown, reverse=True) and len(shown) == 8
        screenshot(page, f"ladder-rating-{locale}")

        ladder.locator("tbody tr").first.get_by_role("link").click()
        expect(page.locator("svg.chart")).to_be_visible()
        expect(page.locator("table.player-evenings tbody tr")).to_have_count(4)
        csv_link = page.get_by_role(
            "link", name="Download CSV" if locale == "en-GB" else "CSV herunterladen"
        )
        expect(csv_link).to_be_visible()
        with page.expect_download() as download:
            csv_link.click()
        assert download.value.suggested_filename.endswith(".csv")
        screenshot(page, f"player-{locale}")
