"""On a phone every link, button and field of the organizer's and the players' pages is
a tap target of at least 44 px both ways (bench/screens.py measures every page the
same way, tests/browser/figures.py): the events' names, the dashboard's card links,
its history and the next round's choices, names in the standings, the way back."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubscore.events.clock import start_clock
from clubscore.events.models import ScoreEntry, Seat
from tests.payloads import laus_round
from tests.playoffs import confirm, regular_tables, seat_names, sent_by_first_seat

from .conftest import PHONE, log_in
from .figures import measure

pytestmark = pytest.mark.django_db(transaction=True)


def test_every_target_of_the_organizers_pages_is_44_px_on_a_phone(
    new_page, live_server, organizer, drawn_event
):
    event = start_clock(drawn_event("laus", tables=2))
    first, second = regular_tables(event)
    confirm(first, 1, laus_round(seat_names(first)))
    sent_by_first_seat(
        table=second,
        number=1,
        payload=laus_round(seat_names(second), 1),
        status=ScoreEntry.Status.DISPUTED,
    )
    player = Seat.objects.filter(table=first).order_by("position")[0].player
    page = new_page(PHONE)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    for path in [
        reverse("home"),
        reverse("dashboard:event", args=[event.pk]),
        reverse("dashboard:standings", args=[event.pk]),
        reverse("dashboard:finish", args=[event.pk]),
        reverse("dashboard:player", args=[player.pk]),
    ]:
        page.goto(live_server.url + path)
        figures = measure(page)
        assert figures["small"] == [], path
        assert not figures["overflow"], path
        assert figures["boxed"] == [], path  # no table's last columns out of sight
