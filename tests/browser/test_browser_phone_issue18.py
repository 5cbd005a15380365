"""Issue 18 on a phone (390×844) and a tablet (768×1024): the clock stays while typing,
the navigation takes one line, the rounds table shows its Status column, the panel to
check arrives on screen, the preview speaks while fields are empty, long names wrap."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from playwright.sync_api import expect

from clubscore.club.models import Player
from clubscore.events.clock import start_clock
from clubscore.events.models import ScorekeeperLink

from .conftest import ARTIFACTS, PHONE, TABLET, log_in, screenshot
from .test_browser_dashboard import played
from .test_browser_tablet_hand_and_foot import LOSERS, WINNERS, enter
from .test_browser_tablet_issue18 import in_view

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = ["hand_and_foot", "exact_bid", "luxury_family", "laus"]
LONG = "Maximilianwolfgangsebastiansson-Oberhausenbergerstein"
ONE_LINE = 70  # px: one row of 48 px tap targets and the header's padding

# The figures a scorekeeper cares about, measured in the page.
FIGURES = """() => {
  const box = (el) => el.getBoundingClientRect();
  const heads = document.querySelectorAll('.hands-table thead th');
  const scroller = document.querySelector('.hands .table-scroll');
  return {
    header: box(document.querySelector('.site-header')).height,
    statusRight: box(heads[heads.length - 1]).right,
    tableOverflow: scroller.scrollWidth - scroller.clientWidth,
    pageWidth: document.documentElement.scrollWidth,
  };
}"""


CLIPPED_NAMES = """() => [...document.querySelectorAll('.wall-name')]
  .filter((name) => name.scrollWidth > name.clientWidth).length"""


def shot_of_the_screen(page, name: str) -> None:
    """What is on screen (screenshot() keeps the whole page, where nothing sticks)."""
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def lengthen_a_name(event) -> None:
    """The first player of each table gets a long name with no space to break at."""
    Player.objects.filter(seats__round__event=event, seats__position=1).update(last_name=LONG)


def card_token(event, team: int = 1) -> str:
    links = ScorekeeperLink.objects.filter(table__round__event=event, table__number=1)
    return links.order_by("team__number", "pk").values_list("token", flat=True)[team - 1]


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"], ids=["en", "de"])
@pytest.mark.parametrize("viewport", [PHONE, TABLET], ids=["phone", "tablet"])
@pytest.mark.parametrize("game", GAMES)
def test_the_card_fits_the_screen_and_the_clock_stays_while_typing(
    new_page, live_server, drawn_event, game, viewport, locale
):
    event = start_clock(drawn_event(game, tables=1))
    lengthen_a_name(event)
    page = new_page(viewport, locale=locale)
    page.goto(f"{live_server.url}/s/{card_token(event)}/")
    width, height = viewport["width"], viewport["height"]
    figures = page.evaluate(FIGURES)
    assert figures["header"] <= ONE_LINE, figures  # the navigation on one line
    assert figures["statusRight"] <= width, figures  # the Status column on screen
    assert figures["tableOverflow"] <= 0, figures  # the table does not scroll sideways
    assert figures["pageWidth"] <= width, figures  # long names wrap
    name = f"card-{game}-{width}-{locale[:2]}"
    screenshot(page, name)

    # Typing into the entry form's last count, far down the page: the clock stays on
    # screen, and does not cover the field.
    last = page.locator("#card .entry-form input.count").last
    last.fill("1")
    field = last.bounding_box()
    clock = page.locator("#live .clock").bounding_box()
    assert page.evaluate("window.scrollY") > 0
    assert clock["y"] >= 0 and clock["y"] + clock["height"] <= height, clock
    assert field["y"] >= clock["y"] + clock["height"], (field, clock)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot_of_the_screen(page, f"{name}-typing")


@pytest.mark.parametrize(
    "locale, menu, login", [("en-GB", "Menu", "Organizer login"), ("de-DE", "Menü", "Login")]
)
def test_the_navigation_takes_one_line_and_works_without_javascript(
    browser, live_server, locale, menu, login
):
    # A small phone (360 px) too: EN DE went under the brand there.
    for viewport in ({"width": 360, "height": 740}, PHONE, TABLET):
        context = browser.new_context(viewport=viewport, locale=locale, java_script_enabled=False)
        try:
            page = context.new_page()
            page.goto(f"{live_server.url}/")
            assert page.locator(".site-header").bounding_box()["height"] <= ONE_LINE
            link = page.get_by_role("link", name=re.compile(login))
            if viewport["width"] < 700:  # folded into a menu that opens without JavaScript
                expect(link).to_be_hidden()
                page.get_by_text(menu, exact=True).click()
                screenshot(page, f"menu-open-{viewport['width']}-{locale[:2]}")
            else:  # a tablet has room for the links
                expect(page.get_by_text(menu, exact=True)).to_be_hidden()
            expect(link).to_be_visible()
            link.click()
            page.wait_for_url(f"{live_server.url}/login/")
        finally:
            context.close()


def test_an_organizer_in_german_keeps_the_navigation_on_one_line(new_page, live_server, organizer):
    for viewport in (PHONE, TABLET):
        page = new_page(viewport)
        log_in(page, live_server, "director", "a-long-organizer-pass")
        page.context.add_cookies(
            [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "de", "url": live_server.url}]
        )
        page.goto(f"{live_server.url}/")
        assert page.locator(".site-header").bounding_box()["height"] <= ONE_LINE
        if viewport is PHONE:
            page.get_by_text("Menü", exact=True).click()
        expect(page.get_by_role("link", name="Club-Verwaltung")).to_be_visible()
        expect(page.get_by_role("button", name="Abmelden")).to_be_visible()
        screenshot(page, f"menu-organizer-{viewport['width']}-de")


def two_phones(new_page, live_server, drawn_event):
    """Hand and Foot: team 1 has saved hand 1 and is at hand 2; team 2 is on its card."""
    event = start_clock(drawn_event(tables=1))
    team1, team2 = new_page(PHONE), new_page(PHONE)
    team1.goto(f"{live_server.url}/s/{card_token(event, 1)}/")
    enter(team1, WINNERS, went_out=True)
    # The hand's row ("waiting for Team 2", Edit) keeps the Status column on screen.
    figures = team1.evaluate(FIGURES)
    assert figures["statusRight"] <= PHONE["width"] and figures["tableOverflow"] <= 0, figures
    team2.goto(f"{live_server.url}/s/{card_token(event, 2)}/")
    return team1, team2


def test_the_panel_to_check_comes_on_screen_with_the_live_refresh(
    new_page, live_server, drawn_event
):
    team1, team2 = two_phones(new_page, live_server, drawn_event)
    team1.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # reading, not typing
    enter(team2, LOSERS)
    heading = team1.get_by_role("heading", name=re.compile("Hand 1: check"))
    expect(heading).to_be_attached(timeout=15_000)  # the 10-second refresh
    expect(heading).to_be_in_viewport()
    assert in_view(team1, ".pending")
    shot_of_the_screen(team1, "i18-panel-refreshed-390")


def test_the_refresh_does_not_move_the_page_while_typing(new_page, live_server, drawn_event):
    team1, team2 = two_phones(new_page, live_server, drawn_event)
    field = team1.locator("#id_melded_aces")
    field.fill("3")
    at = field.bounding_box()["y"]  # where the field is on screen
    enter(team2, LOSERS)
    jump = team1.locator(".clock .pending-jump")
    expect(jump).to_be_visible(timeout=15_000)  # the 10-second refresh
    expect(jump).to_contain_text("Hand 1: check what Team 2 entered")
    expect(jump).to_be_in_viewport()
    assert abs(field.bounding_box()["y"] - at) <= 1  # the panel came above: nothing moved
    expect(field).to_be_focused()
    expect(field).to_have_value("3")
    shot_of_the_screen(team1, "i18-panel-jump-390")
    jump.click()
    assert in_view(team1, ".pending")
    team1.get_by_role("button", name="Confirm", exact=True).click()
    expect(team1.locator(".message")).to_contain_text("Confirmed")


def test_an_empty_required_count_still_previews_and_the_save_says_why(
    new_page, live_server, drawn_event
):
    event = start_clock(
        drawn_event("exact_bid", tables=1, players_per_table=2, options={"start_cards": 5})
    )
    page = new_page(PHONE)
    page.goto(f"{live_server.url}/s/{card_token(event)}/")

    def box(label):
        return page.get_by_role("spinbutton", name=label, exact=True)

    with page.expect_response(re.compile(r"/preview/")):
        box("P1A Table1 bid").fill("2")
    # A count not reached yet is not flagged while typing the first.
    expect(page.locator("#preview .preview-errors")).to_be_hidden()
    expect(page.locator("#err-bid_1")).to_be_hidden()
    box("P1B Table1 bid").fill("3")
    box("P1A Table1 took").fill("2")
    expect(box("P1B Table1 took")).to_have_value("3")  # the preview answered
    box("P1B Table1 bid").fill("")  # required: the browser would stop the preview
    expect(page.locator("#err-bid_1")).to_contain_text("required")
    expect(page.locator("#preview")).to_contain_text("P1B Table1 bid")
    page.get_by_role("button", name="Save the round").click()
    page.wait_for_load_state()
    expect(page.locator("#err-bid_1")).to_contain_text("required")
    expect(box("P1A Table1 bid")).to_have_value("2")
    expect(box("P1A Table1 took")).to_have_value("2")
    assert "saved" not in page.locator("main").inner_text()


@pytest.mark.parametrize("language", ["en", "de"])
def test_long_names_wrap_on_the_organizers_pages_on_a_phone(
    new_page, live_server, organizer, drawn_event, language
):
    event = played(drawn_event, public_standings=True)
    lengthen_a_name(event)
    page = new_page(PHONE)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    )
    for path, name in (
        (f"/events/{event.pk}/dashboard/", "dashboard"),
        (f"/events/{event.pk}/standings/", "standings"),
        (f"/events/{event.pk}/results/", "public-results"),
        (f"/events/{event.pk}/wall/", "wall"),
    ):
        page.goto(f"{live_server.url}{path}")
        expect(page.locator("main")).to_contain_text(LONG)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], name
        # Nothing cut off either (the wall's names end in "…" only on a projector).
        assert page.evaluate(CLIPPED_NAMES) == 0, name
        screenshot(page, f"long-name-{name}-390-{language}")


# Each legend total of the card's chart, and how many lines it takes.
LEGEND_TOTALS = """() => [...document.querySelectorAll('.card-page .chart-legend strong')].map(
  (total) => ({text: total.textContent, lines: total.getClientRects().length,
               height: total.getBoundingClientRect().height,
               line: parseFloat(getComputedStyle(total).lineHeight)}))"""


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"], ids=["en", "de"])
def test_the_charts_totals_keep_their_digits_together_on_a_phone(
    new_page, live_server, drawn_event, locale
):
    """A long team name wraps in the chart's legend; its total does not (5910 read as
    "59" above "10" on a 390 px phone, where the card lets long words break anywhere)."""
    event = played(drawn_event)
    lengthen_a_name(event)
    page = new_page(PHONE, locale=locale)
    page.goto(f"{live_server.url}/s/{card_token(event)}/")
    totals = page.evaluate(LEGEND_TOTALS)
    assert len(totals) == 2 and all(len(t["text"]) >= 3 for t in totals), totals
    for total in totals:
        assert total["lines"] == 1 and total["height"] <= total["line"] * 1.2, total
    screenshot(page, f"card-chart-legend-390-{locale[:2]}")
