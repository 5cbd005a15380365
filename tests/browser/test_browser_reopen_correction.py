"""Issue 26.1 as the organizer clicks it: a finished Hand and Foot evening is reopened,
table 3's hand 1 corrected on its card, the evening finished again, and table 3's
players stay in the standings with the corrected hand."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from clubscore.events import finish
from clubscore.events.clock import start_clock
from clubscore.events.models import Event, ScoreEntry, ScorekeeperLink, Table
from tests.payloads import confirmed_hf_hands

from .conftest import TABLET, choose_language, log_in

pytestmark = pytest.mark.django_db(transaction=True)

WORDS = {
    "en": {
        "save": "Save as the organizer",  # the organizer corrects it
        "saved": "Hand 1 saved.",
        "finish": "Finish the evening",
        "final": "The evening is final",
        "finished": "Finished: the final standings are ready to print.",
        "absent": "Did not play",
    },
    "de": {
        "save": "Als Turnierleiter speichern",
        "saved": "Hand 1 gespeichert.",
        "finish": "Abend abschließen",
        "final": "Der Abend ist abgeschlossen",
        "finished": "Beendet: Das Endergebnis ist bereit zum Drucken.",
        "absent": "Nicht gespielt",
    },
}


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_correction_after_reopen_keeps_the_table(
    new_page, live_server, organizer, drawn_event, language
):
    words = WORDS[language]
    event = start_clock(drawn_event("hand_and_foot", tables=3, name="Friday"))
    for table in Table.objects.filter(round__event=event):
        confirmed_hf_hands(table, (1, 2, 3))
    Table.objects.filter(round__event=event).update(turned_in_at=timezone.now())
    finish.finish_event(event, user=organizer)
    finish.reopen_event(event, user=organizer)
    token = ScorekeeperLink.objects.get(table__number=3, table__round__event=event, team__number=1)
    token = token.token

    page = new_page(TABLET)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    choose_language(page, language)
    page.goto(f"{live_server.url}/s/{token}/?edit=1#card")
    aces = page.locator("#id_melded_aces")
    expect(aces).to_have_value("4")
    aces.fill("5")
    page.get_by_role("button", name=words["save"]).click()
    expect(page.locator(".message").first).to_contain_text(words["saved"])

    page.goto(f"{live_server.url}/events/{event.pk}/dashboard/finish/")
    page.get_by_role("button", name=words["finish"]).click()
    expect(page.locator(".message").first).to_have_text(words["finished"])
    expect(page.locator(".evening-panel .message")).to_contain_text(words["final"])
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINAL
    entries = ScoreEntry.objects.filter(table__round__event=event, table__number=3)
    assert {entry.status for entry in entries} == {"confirmed"}
    assert (
        ScoreEntry.objects.get(table__number=3, number=1, table__round__event=event).payload[
            "teams"
        ][0]["melded"]["aces"]
        == 5
    )

    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    expect(page.locator("table")).to_contain_text("P3A Table3")
    expect(page.locator("main")).not_to_contain_text(words["absent"])
