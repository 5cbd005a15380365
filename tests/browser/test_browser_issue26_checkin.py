"""Issue 26.6: the check-in list shows everyone, alphabetically; the search filters.

With 45 members, "Ewa Wójcik" (last by name) had no button until searched: the list
stopped at 40. At 390×844, in English and German; the page's queries stay fixed."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from clubscore.events.models import CheckIn, Event

from .conftest import PHONE, log_in

pytestmark = pytest.mark.django_db(transaction=True)

BUTTON = {"en": "Check in {}", "de": "{} anmelden"}


@pytest.mark.parametrize("language", ["en", "de"])
def test_everyone_has_a_button_without_a_search(
    new_page, live_server, organizer, make_event, make_player, language
):
    event = make_event(status=Event.Status.CHECK_IN)
    for n in range(44):
        make_player(f"Member{n:02d}", f"Adler{n:02d}")
    ewa = make_player("Ewa", "Wójcik")
    page = new_page(PHONE)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    if language == "de":
        page.get_by_role("button", name="DE").click()
    page.goto(live_server.url + reverse("events:checkin", args=[event.pk]))
    names = page.locator(".player-list .player-row .name")
    expect(names).to_have_count(45)
    listed = names.all_inner_texts()
    assert listed[-1] == "Ewa Wójcik" and listed[:-1] == sorted(listed[:-1])
    page.get_by_role("button", name=BUTTON[language].format("Ewa Wójcik")).click()
    expect(page.locator(".checked-in-list")).to_contain_text("Ewa Wójcik")
    assert CheckIn.objects.filter(event=event, player=ewa).exists()
    # The search filters the same list.
    page.locator("#id_q").fill("wój")
    expect(names).to_have_count(1)
    page.locator("#id_q").fill("")
    expect(names).to_have_count(45)
