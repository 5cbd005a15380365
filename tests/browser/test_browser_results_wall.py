"""The wall once the evening is over, in real Chromium: the organizer publishes the
standings and the projector in the room turns to them by itself, readable from the back.
(The autouse `console_errors` fixture of conftest.py fails a test whose pages log any
console error.)"""

from __future__ import annotations

import pytest
from django.conf import settings
from playwright.sync_api import expect

from clubscore.events.models import Event, Table
from tests.payloads import hf_hand, laus_round
from tests.playoffs import confirm, seat_names

from .conftest import PHONE, log_in, screenshot

pytestmark = pytest.mark.django_db(transaction=True)

SMALL_PROJECTOR = {"width": 1280, "height": 720}
WORDS = {
    "en": ("The evening is final.", "Final standings", "Page 2 of 2"),
    "de": ("Der Abend ist abgeschlossen.", "Endgültige Ergebnisliste", "Seite 2 von 2"),
}


def final_evening(drawn_event, game: str = "hand_and_foot", tables: int = 3) -> Event:
    """A finished evening of 12 players, ranked one by one (ten lines a screen: two)."""
    event = drawn_event(
        game,
        tables=tables,
        status=Event.Status.FINAL,
        name="Friday club night",
        standings_basis="individual",
    )
    for index, table in enumerate(Table.objects.filter(round__event=event).order_by("number")):
        if game == "hand_and_foot":
            confirm(table, 1, hf_hand(1, index % 2, low_left=2 + index))
        else:
            confirm(table, 1, laus_round(seat_names(table), ten_of_spades_to=index % 3))
    return event


def open_as_organizer(new_page, live_server, viewport, language):
    page = new_page(viewport, locale="de-DE" if language == "de" else "en-GB")
    log_in(page, live_server, "director", "a-long-organizer-pass", language)
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    )
    return page


def assert_lines_fit(page, viewport) -> None:
    lines = page.locator("[data-wall-page]:not([hidden]) tbody tr")
    for box in (lines.nth(i).bounding_box() for i in range(lines.count())):
        assert box["y"] + box["height"] <= viewport["height"]
    assert page.evaluate("document.documentElement.scrollHeight") <= viewport["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


@pytest.mark.parametrize("language", ["en", "de"])
def test_publishing_the_standings_turns_the_projector_to_them(
    new_page, live_server, organizer, drawn_event, language
):
    event = final_evening(drawn_event)
    final, title, second_page = WORDS[language]
    wall = open_as_organizer(new_page, live_server, SMALL_PROJECTOR, language)
    wall.clock.install()
    wall.goto(f"{live_server.url}/events/{event.pk}/wall/")
    expect(wall.locator(".wall-clock")).to_contain_text(final)

    # The organizer publishes the standings from the dashboard, on a tablet of their own.
    tablet = open_as_organizer(new_page, live_server, None, "en")
    tablet.goto(f"{live_server.url}/events/{event.pk}/dashboard/")
    tablet.get_by_role("button", name="Publish standings").click()
    expect(tablet.get_by_text("The standings are public now.")).to_be_visible()

    # At the wall's next look (every 15 s) the projector shows who won, nobody touching it.
    with wall.expect_navigation(url=f"**/events/{event.pk}/wall/results/"):
        wall.clock.run_for(15_500)
    expect(wall.locator(".wall-clock")).to_contain_text(title)
    first = wall.locator("[data-wall-page='1'] tbody tr").first
    expect(first).to_have_class("wall-winner")
    expect(first.locator(".wall-place")).to_have_text("1")
    expect(wall.locator("[data-wall-page='1'] tbody tr")).to_have_count(10)
    assert_lines_fit(wall, SMALL_PROJECTOR)
    screenshot(wall, f"results-wall-{language}-1280")
    # The last two lines come on the next screen.
    wall.clock.run_for(15_000)
    expect(wall.locator("[data-wall-page='2']")).to_be_visible()
    expect(wall.locator("[data-wall-page='2']")).to_contain_text(second_page)
    expect(wall.locator("[data-wall-page='2'] tbody tr")).to_have_count(2)


def test_where_the_lowest_wins_on_an_upright_phone(new_page, live_server, organizer, drawn_event):
    event = final_evening(drawn_event, "laus")
    Event.objects.filter(pk=event.pk).update(public_standings=True)
    page = open_as_organizer(new_page, live_server, PHONE, "de")
    page.goto(f"{live_server.url}/events/{event.pk}/wall/")
    expect(page).to_have_url(f"{live_server.url}/events/{event.pk}/wall/results/")
    expect(page.locator(".wall-meta")).to_contain_text("niedrigste")
    # Upright, every line shows, one below the other; nothing runs off the side.
    expect(page.locator("tbody tr")).to_have_count(12)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "results-wall-laus-de-phone")


def test_long_names_still_fit_every_line_on_the_screen(
    new_page, live_server, organizer, drawn_event
):
    """Ten lines a screen fit ordinary names; names that wrap (a walk's 120 characters,
    over three lines) and the play-off's notes pushed the tenth line off the projector,
    and a place nobody could see. The type gets smaller until every line shows."""
    from clubscore.club.models import Player
    from clubscore.events.models import Seat

    event = final_evening(drawn_event)
    Event.objects.filter(pk=event.pk).update(public_standings=True)
    seated = Seat.objects.filter(table__round__event=event).values("player")
    long = "Müller-Lüdenscheidt von Hohenzollern-Sigmaringen und Oberammergau"
    for number, player in enumerate(Player.objects.filter(pk__in=seated).order_by("pk")[:6]):
        Player.objects.filter(pk=player.pk).update(
            first_name=f"Walburga Kunigunde {number}", last_name=long
        )
    wall = open_as_organizer(new_page, live_server, SMALL_PROJECTOR, "de")
    wall.goto(f"{live_server.url}/events/{event.pk}/wall/results/")
    expect(wall.locator("[data-wall-page='1'] tbody tr")).to_have_count(10)
    assert_lines_fit(wall, SMALL_PROJECTOR)
    screenshot(wall, "results-wall-long-names-de-1280")
