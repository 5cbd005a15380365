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


def in_sight(page, cell) -> bool:
    """Is `cell` wholly within the window's width, and its table not scrolled sideways?"""
    box = cell.bounding_box()
    hidden = cell.evaluate(
        "c => { const s = c.closest('.table-scroll');"
        " return s ? s.scrollWidth - s.clientWidth : 0 }"
    )
    return (
        box is not None
        and box["x"] >= 0
        and box["x"] + box["width"] <= page.viewport_size["width"]
        and hidden <= 1
    )


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
        # In sight as the page opens, on a phone too: nothing to scroll sideways to find it.
        assert in_sight(page, ladder.locator("td.rating").first)
        screenshot(page, f"ladder-rating-{locale}")

        ladder.locator("tbody tr").first.get_by_role("link").click()
        expect(page.locator("svg.chart")).to_be_visible()
        expect(page.locator("table.player-evenings tbody tr")).to_have_count(4)
        # Every evening's figures in sight: on a phone each evening reads as a block.
        for table in page.locator("table.player-evenings, table.partners").all():
            assert in_sight(page, table.locator("tbody td").last)
        csv_link = page.get_by_role(
            "link", name="Download CSV" if locale == "en-GB" else "CSV herunterladen"
        )
        expect(csv_link).to_be_visible()
        with page.expect_download() as download:
            csv_link.click()
        assert download.value.suggested_filename.endswith(".csv")
        screenshot(page, f"player-{locale}")


def test_a_phone_sees_the_laus_ladders_rating_and_per_round_figure(
    new_page,
    live_server,
    evening,  # noqa: F811
    members,  # noqa: F811
):
    """Laus ranks per round played: one column more than Hand and Foot, still in sight."""
    people = members(8)
    for index in range(2):
        seated = people[index:] + people[:index]
        event = evening(seated, [index, 2], game="laus", date=(2026, 3, 1 + index))
        Event.objects.filter(pk=event.pk).update(public_standings=True)
    page = new_page(PHONE, locale="de-DE")
    page.goto(f"{live_server.url}/ladder/?game=laus")
    ladder = page.locator("table.ladder")
    expect(ladder.locator("tbody tr")).to_have_count(8)
    expect(ladder.locator("th", has_text="Pro Runde")).to_be_visible()
    screenshot(page, "ladder-laus-phone-de-DE")
    assert in_sight(page, ladder.locator("td.rating").first)
    ladder.locator("tbody tr").first.get_by_role("link").click()
    expect(page.locator("table.player-evenings tbody tr")).to_have_count(2)
    assert in_sight(page, page.locator("table.player-evenings tbody td").last)


@pytest.mark.parametrize("viewport", [PHONE, TABLET], ids=["phone", "tablet"])
def test_in_german_the_rating_stays_in_sight_on_the_ladder_and_a_players_page(
    new_page,
    live_server,
    evening,  # noqa: F811
    members,  # noqa: F811
    viewport,
):
    """German headings are long ("Wertungszahl", "Veranstaltung") and a name may hold a
    long word: on the ladder as it opens (ranked by total) and on a player's page, the
    rating stays in sight all the same, on a phone and on a tablet."""
    people = members(8)
    people[0].first_name, people[0].last_name = "Pádraig", "Ó Súilleabháin"
    people[0].save()
    for index in range(2):
        seated = people[index:] + people[:index]
        event = evening(seated, [index % 2, 1], date=(2026, 3, 1 + index))
        Event.objects.filter(pk=event.pk).update(
            public_standings=True, name="Hand und Fuß am Freitagabend"
        )
    page = new_page(viewport, locale="de-DE")
    page.goto(f"{live_server.url}/ladder/")
    ladder = page.locator("table.ladder")
    expect(ladder.locator("tbody tr")).to_have_count(8)
    expect(ladder.locator("th", has_text="Gesamt")).to_be_visible()
    expect(ladder.locator("th", has_text="Wertungszahl")).to_be_visible()
    name = ladder.get_by_role("link", name="Pádraig Ó Súilleabháin")
    expect(name).to_be_visible()
    screenshot(page, f"ladder-total-de-DE-{viewport['width']}")
    for cell in ladder.locator("td.rating").all():
        assert in_sight(page, cell)

    name.click()
    evenings = page.locator("table.player-evenings")
    expect(evenings.locator("tbody tr")).to_have_count(2)
    screenshot(page, f"player-de-DE-{viewport['width']}")
    for row in evenings.locator("tbody tr").all():
        assert in_sight(page, row.locator("td").last)  # the rating after that evening


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_the_ladders_filter_fields_stand_level(new_page, live_server, locale):
    """ "At least M evenings" stood 20 px below "Best N evenings" beside it (its help
    takes one line, the other's two) at 1024 px (a walk): the fields of a line stand
    level, and "Show" with them."""
    page = new_page({"width": 1024, "height": 768}, locale=locale)
    page.goto(f"{live_server.url}/ladder/")
    form = page.locator("form.ladder-filter")
    tops = [form.locator(f"#id_{name}").bounding_box()["y"] for name in ("game", "year", "rank_by")]
    assert max(tops) - min(tops) <= 1, tops
    best, least = (form.locator(f"#id_{name}").bounding_box() for name in ("best", "at_least"))
    show = form.get_by_role("button").bounding_box()
    assert abs(best["y"] - least["y"]) <= 1 and abs(best["y"] - show["y"]) <= 1, (
        best,
        least,
        show,
    )
