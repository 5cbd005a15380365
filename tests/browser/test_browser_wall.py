"""The wall on a projector and the dashboard's tiles, in real Chromium: every table on one
screen, readable, paged and refreshed by itself. (The autouse `console_errors` fixture of
conftest.py fails a test whose pages log any console error.)"""

from __future__ import annotations

import datetime

import pytest
from django.conf import settings
from django.utils import timezone
from playwright.sync_api import expect

from clubscore.club.models import Player
from clubscore.events.clock import start_clock
from clubscore.events.models import Event, ScoreEntry, Table
from clubscore.games import score
from tests.payloads import hf_hand
from tests.playoffs import confirm

from .conftest import PHONE, TABLET, log_in, screenshot

pytestmark = pytest.mark.django_db(transaction=True)

PROJECTOR = {"width": 1920, "height": 1080}
SMALL_PROJECTOR = {"width": 1280, "height": 720}
# Names as long as the club's (the fixture's "P1A Table1" are short).
LONG_NAMES = ["Annegret Schmidt-Bauer", "Łukasz Wiśniewski", "Özlem Yıldırım", "Émile Lefèvre"]


def evening(drawn_event, tables: int, game: str = "hand_and_foot") -> Event:
    event = start_clock(drawn_event(game, tables=tables, name="Friday club night"))
    players = Player.objects.filter(seats__round__event=event).order_by("pk")
    for index, player in enumerate(players[: len(LONG_NAMES) * 3]):
        first, last = LONG_NAMES[index % len(LONG_NAMES)].split(" ", 1)
        Player.objects.filter(pk=player.pk).update(first_name=first, last_name=last)
    return event


def open_wall(new_page, live_server, event, viewport, language="en"):
    page = new_page(viewport)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/events/{event.pk}/wall/")
    return page


def assert_all_tables_fit(page, viewport, count: int) -> None:
    tables = page.locator("[data-wall-page]:not([hidden]) .wall-table")
    expect(tables).to_have_count(count)
    for box in (tables.nth(i).bounding_box() for i in range(count)):
        assert box["x"] >= 0 and box["y"] >= 0
        assert box["x"] + box["width"] <= viewport["width"]
        assert box["y"] + box["height"] <= viewport["height"]
    # Nothing cut off inside a table, and no scrolling of the page.
    clipped = page.evaluate(
        """() => [...document.querySelectorAll('[data-wall-page]:not([hidden]) .wall-table')]
             .filter(t => t.scrollHeight > t.clientHeight + 1 || t.scrollWidth > t.clientWidth + 1)
             .map(t => t.querySelector('.wall-number').textContent.trim())"""
    )
    assert clipped == []
    assert page.evaluate("document.documentElement.scrollHeight") <= viewport["height"]


def name_sizes(page) -> tuple[float, float]:
    """(smallest, usual) size of the names in view, in px: a table of very long names is
    set a little smaller; the last table has the fixture's ordinary names."""
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('[data-wall-page]:not([hidden]) .wall-name')]
             .map(n => parseFloat(getComputedStyle(n).fontSize))"""
    )
    return min(sizes), sizes[-1]


@pytest.mark.parametrize("game", ["hand_and_foot", "laus"])
def test_25_tables_fit_one_1920x1080_screen(new_page, live_server, organizer, drawn_event, game):
    event = evening(drawn_event, 25, game)
    page = open_wall(new_page, live_server, event, PROJECTOR)
    screenshot(page, f"wall-25-{game}-1920")
    assert_all_tables_fit(page, PROJECTOR, 25)
    expect(page.locator(".site-nav")).to_have_count(0)
    # Names at 26 px and more on a 1080-line projector; the clock far bigger.
    smallest, usual = name_sizes(page)
    assert usual >= 26 and smallest >= 20
    clock = page.locator(".wall-clock .clock-time")
    expect(clock).to_be_visible()
    assert clock.bounding_box()["height"] >= 80


def test_10_tables_fit_1280x720_with_bigger_type(new_page, live_server, organizer, drawn_event):
    event = evening(drawn_event, 10)
    page = open_wall(new_page, live_server, event, SMALL_PROJECTOR)
    screenshot(page, "wall-10-1280")
    assert_all_tables_fit(page, SMALL_PROJECTOR, 10)
    smallest, usual = name_sizes(page)
    assert usual >= 20 and smallest >= 16


def test_a_big_evening_turns_its_pages_and_the_wall_refreshes_itself(
    new_page, live_server, organizer, drawn_event
):
    event = evening(drawn_event, 30, "laus")
    page = new_page(PROJECTOR)
    page.clock.install()
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.goto(f"{live_server.url}/events/{event.pk}/wall/")
    first, second = page.locator("[data-wall-page='1']"), page.locator("[data-wall-page='2']")
    expect(first).to_be_visible()
    expect(second).to_be_hidden()
    assert_all_tables_fit(page, PROJECTOR, 25)
    expect(first).to_contain_text("Page 1 of 2")

    # A card is turned in; the next refresh shows it, and the page in view stays.
    Table.objects.filter(round__event=event, number=3).update(turned_in_at=timezone.now())
    with page.expect_response(lambda response: "part=live" in response.url):
        page.clock.run_for(15_500)
    expect(page.locator(".wall-table.turned-in")).to_have_count(1)
    expect(page.locator(".wall-table.turned-in")).to_contain_text("Turned in")
    expect(page.locator("[data-wall-page='2']")).to_be_visible()  # 15 s: the next page
    expect(page.locator("[data-wall-page='1']")).to_be_hidden()
    assert_all_tables_fit(page, PROJECTOR, 5)
    screenshot(page, "wall-30-page-2-1920")
    page.clock.run_for(15_000)
    expect(page.locator("[data-wall-page='1']")).to_be_visible()  # and round again


def test_the_wall_in_german(new_page, live_server, organizer, drawn_event):
    event = evening(drawn_event, 25)
    page = open_wall(new_page, live_server, event, PROJECTOR, language="de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator(".wall-table").first).to_contain_text("Tisch")
    expect(page.locator(".wall-clock")).to_contain_text("übrig")
    assert_all_tables_fit(page, PROJECTOR, 25)
    screenshot(page, "wall-25-de-1920")


@pytest.mark.parametrize("viewport", [PHONE, TABLET], ids=["phone", "tablet"])
def test_the_wall_on_an_upright_screen_scrolls_one_column(
    new_page, live_server, organizer, drawn_event, viewport
):
    event = evening(drawn_event, 6)
    page = open_wall(new_page, live_server, event, viewport)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"]
    expect(page.locator(".wall-table")).to_have_count(6)
    screenshot(page, f"wall-6-{viewport['width']}")


def test_an_upright_projector_reads_across_the_room(new_page, live_server, organizer, drawn_event):
    """A projector turned on its side (1080×1920) got a phone's sizes: 23 px names under
    a 41 px clock, the tables in the top sixth of the screen."""
    event = evening(drawn_event, 6)
    upright = {"width": 1080, "height": 1920}
    page = open_wall(new_page, live_server, event, upright)
    size = page.locator(".wall-name").first.evaluate(
        "n => parseFloat(getComputedStyle(n).fontSize)"
    )
    clock = page.locator(".wall-clock .clock-time, .wall-clock .clock-word").first
    clock_size = clock.evaluate("n => parseFloat(getComputedStyle(n).fontSize)")
    assert size >= 34 and clock_size >= 25, (size, clock_size)
    assert page.evaluate("document.documentElement.scrollWidth") <= upright["width"]
    screenshot(page, "wall-6-upright-1080")


def test_on_an_upright_screen_a_wrapped_name_reads_as_one(
    new_page, live_server, organizer, drawn_event
):
    """A long name wraps on a phone held upright; its second line stands in, so the four
    names of a table do not read as five."""
    event = evening(drawn_event, 2)
    player = Player.objects.filter(seats__table__round__event=event).order_by("pk").first()
    Player.objects.filter(pk=player.pk).update(
        first_name="Maximiliane", last_name="Schwarzenberger-Wittgenstein"
    )
    page = open_wall(new_page, live_server, event, PHONE)
    name = page.locator(".wall-name", has_text="Schwarzenberger")
    lines = name.evaluate(
        """n => { const text = document.createRange(); text.selectNodeContents(n);
                  return [...text.getClientRects()].map(r => [Math.round(r.top), r.left]); }"""
    )
    tops = sorted({top for top, _left in lines})
    assert len(tops) > 1, lines
    first = min(left for top, left in lines if top == tops[0])
    assert all(left > first for top, left in lines if top != tops[0]), lines


def dashboard_evening(drawn_event, tables: int) -> Event:
    started = timezone.now() - datetime.timedelta(minutes=100)
    event = start_clock(drawn_event("hand_and_foot", tables=tables), now=started)
    for table in Table.objects.filter(round__event=event).order_by("number")[1:]:
        for number in (1, 2):
            confirm(table, number, hf_hand(number, number % 2))
    first = Table.objects.get(round__event=event, number=2)
    first.turned_in_at = timezone.now()
    first.save(update_fields=["turned_in_at"])
    return event


@pytest.mark.parametrize(
    "viewport", [PHONE, TABLET, PROJECTOR], ids=["phone", "tablet", "projector"]
)
def test_dashboard_tiles_show_names_totals_cards_and_late_tables(
    new_page, live_server, organizer, drawn_event, viewport
):
    event = dashboard_evening(drawn_event, 8)
    page = new_page(viewport)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.goto(f"{live_server.url}/events/{event.pk}/dashboard/")
    tiles = page.locator(".tile")
    expect(tiles).to_have_count(8)
    one = tiles.nth(0)
    expect(one).to_contain_text("P1A Table1 & P1C Table1")
    expect(one.locator(".tile-alert")).to_have_text("Late")
    expect(tiles.nth(1).locator(".tile-alert")).to_have_count(0)  # turned in
    expect(tiles.nth(2)).to_contain_text("Hand 3 of 3")
    # The late word is big and white on dark red: it reads across the room.
    alert = one.locator(".tile-alert")
    colour = alert.evaluate("e => getComputedStyle(e).backgroundColor")
    assert colour == "rgb(143, 23, 16)"
    assert alert.bounding_box()["height"] >= 24
    for index in range(8):
        box = tiles.nth(index).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    screenshot(page, f"dashboard-tiles-{viewport['width']}")
    # The card link opens the table's card, as the organizer.
    one.get_by_role("link", name="Team 1's card").click()
    page.wait_for_url("**/s/**")
    expect(page.locator("h1")).to_contain_text("Table 1")


def test_the_correction_previews_its_total_as_it_is_typed(
    new_page, live_server, organizer, drawn_event
):
    event = start_clock(drawn_event("hand_and_foot", tables=1))
    table = Table.objects.get(round__event=event)
    ScoreEntry.objects.create(
        table=table,
        number=1,
        payload=hf_hand(1, 0),
        result=score("hand_and_foot", hf_hand(1, 0)),
        proposed_payload=hf_hand(1, 1),
        status=ScoreEntry.Status.DISPUTED,
    )
    page = new_page(TABLET)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.goto(f"{live_server.url}/events/{event.pk}/dashboard/")
    dispute = page.locator(".dispute")
    dispute.get_by_text("Correct the numbers").click()
    preview = dispute.locator(".correction-preview")
    entered = score("hand_and_foot", hf_hand(1, 0))["teams"]
    expect(preview).to_contain_text(str(entered[1]["total"]))
    team2 = dispute.get_by_role("group", name="Team 2: P1B Table1 & P1D Table1")
    left = team2.get_by_role("group", name="Cards left in hand and foot")
    left.get_by_role("button", name="One more: 9 down to 4").click()
    typed = hf_hand(1, 0)
    typed["teams"][1]["in_hand"]["low"] += 1
    expect(preview).to_contain_text(str(score("hand_and_foot", typed)["teams"][1]["total"]))
    screenshot(page, "dashboard-correction-preview-768")


def test_a_very_long_name_is_set_smaller_alone(new_page, live_server, organizer, drawn_event):
    """One name too long for its line is set smaller; the three others at its table keep
    the size of every other table's names (the whole table used to shrink)."""
    event = evening(drawn_event, 25)
    table = Table.objects.get(round__event=event, number=10)
    player = Player.objects.filter(seats__table=table).order_by("pk").last()
    Player.objects.filter(pk=player.pk).update(
        first_name="Maximiliane", last_name="Schwarzenberger-Wittgenstein"
    )
    page = open_wall(new_page, live_server, event, PROJECTOR)
    assert_all_tables_fit(page, PROJECTOR, 25)
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.wall-table')[9].querySelectorAll('.wall-name')]
             .map(n => [n.textContent.trim(), parseFloat(getComputedStyle(n).fontSize)])"""
    )
    _smallest, usual = name_sizes(page)
    long_size = next(size for name, size in sizes if "Schwarzenberger" in name)
    assert usual * 0.75 - 1 <= long_size < usual  # (in steps of 1 px)
    assert [size for name, size in sizes if "Schwarzenberger" not in name] == [usual] * 3


def test_the_dashboard_uses_a_wide_screen_for_its_tiles(
    new_page, live_server, organizer, drawn_event
):
    """On a 1920 px screen 25 tables take five rows of tiles, not seven of four (the
    page was held to 1400 px, as wide as a laptop's)."""
    event = evening(drawn_event, 25)
    page = new_page(PROJECTOR)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.goto(f"{live_server.url}/events/{event.pk}/dashboard/")
    tiles = page.locator(".tile")
    expect(tiles).to_have_count(25)
    rows = {round(tiles.nth(index).bounding_box()["y"]) for index in range(25)}
    assert len(rows) <= 5
    assert page.evaluate("document.documentElement.scrollWidth") <= PROJECTOR["width"]
