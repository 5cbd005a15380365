"""Issue 26.19 on a phone: a round whose cards are all in offers no Extend or Call time,
and counts nothing down."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from clubscore.events import services
from clubscore.events.clock import start_clock
from clubscore.events.models import Round
from tests.dashboard.test_finished_clocks import play_round

from .conftest import PHONE, choose_language, log_in

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    "language, all_in",
    [("en", "Every card of this round is in"), ("de", "Jeder Spielzettel dieser Runde")],
)
def test_the_phone_dashboard_offers_the_clock_only_for_the_round_playing(
    new_page, live_server, organizer, make_event, make_player, language, all_in
):
    event = make_event("laus", options={"rounds": 1, "time_limit_minutes": 120})
    services.check_in(event, [make_player(f"L{n}", "Laus") for n in range(8)])
    for number in (1, 2, 3):
        services.draw_round(event, seed=number, round_number=None, after=number - 1)
        if number < 3:
            play_round(event, number)
    start_clock(Round.objects.get(event=event, number=3))

    page = new_page(PHONE)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    choose_language(page, language)
    page.goto(live_server.url + reverse("dashboard:event", args=[event.pk]))
    for number in (1, 2):
        controls = page.locator(f"#clock-controls-{number}")
        expect(controls).to_contain_text(all_in)
        expect(controls.locator("button")).to_have_count(0)
    expect(page.locator("#clock-controls-3 button")).not_to_have_count(0)
    expect(page.locator("[data-countdown]")).to_have_count(1)
