"""Finishing an exact-bid and a Laus evening on the dashboard, then the ladder and a
player's page show it (issue 24.1: an exact-bid evening answered 500 here and was never
rated).

The tablets' part is played through their own actions (tests/events/test_finish_every_game);
the organizer's part is clicked: a card scored as it lies, the play-off started from the
standings, the evening finished on the dashboard, the ladder and a player's page read.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import Event, Round, Table
from tests.events.test_finish_every_game import GAMES_PLAYED, play

from .conftest import TABLET, log_in, screenshot

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("game", ["exact_bid", "laus"])
def test_the_organizer_finishes_and_the_ladder_counts_it(
    new_page, live_server, organizer, drawn_event, game
):
    options, tied, payload_of = GAMES_PLAYED[game]
    event = start_clock(drawn_event(game, tables=tied, options=options, name="Club night"))
    tables = list(Table.objects.filter(round__event=event).order_by("number"))
    for table in tables[:-1]:
        play(table, payload_of)
    play(tables[-1], payload_of, last_confirmed=False)

    page = new_page(TABLET)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    dashboard = f"{live_server.url}/events/{event.pk}/dashboard/"
    page.goto(dashboard)
    page.get_by_role("link", name="Finish the evening").click()
    page.locator(f"#open-table-{tables[-1].pk}").get_by_role(
        "button", name="Score as it lies"
    ).click()
    expect(page.locator(".open-card")).to_have_count(0)

    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    page.get_by_role("button", name="Start a play-off round").click()
    expect(page.locator(".playoff-note")).to_have_count(0)
    playoff = Round.objects.get(event=event, kind=Round.Kind.PLAYOFF)
    for table in playoff.tables.order_by("number"):
        play(table, payload_of)
    page.reload()
    expect(page.get_by_text("won the play-off").first).to_be_visible()

    page.goto(dashboard)
    page.get_by_role("link", name="Finish the evening").click()
    page.get_by_role("button", name="Finish the evening").click()
    expect(page.locator("details.reopen > summary")).to_have_text("Reopen")
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINAL

    page.goto(f"{live_server.url}/ladder/?game={game}")
    ladder = page.locator("table.ladder")
    players = 4 * tied  # the regular tables' players, all of them rated
    expect(ladder.locator("tbody tr")).to_have_count(players)
    ratings = ladder.locator("td.rating").all_inner_texts()
    assert "–" not in ratings and all(re.fullmatch(r"-?\d+\.\d", r) for r in ratings)
    evenings = ladder.locator("tbody td.rating + td").all_inner_texts()  # "Evenings"
    assert evenings == ["1"] * players
    screenshot(page, f"ladder-after-finishing-{game}")

    ladder.locator("tbody tr").first.get_by_role("link").click()
    rows = page.locator("table.player-evenings tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Club night")
    screenshot(page, f"player-after-finishing-{game}")
