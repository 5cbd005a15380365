"""The organizer's dashboard follows a table live; standings read well on a tablet and a phone."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import Event, ScoreEntry, ScorekeeperLink, Table
from clubscore.games import score

from .conftest import PHONE, TABLET, log_in, screenshot

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_dashboard_changes_while_a_scorekeeper_enters_a_round(
    new_page, live_server, organizer, drawn_event
):
    event = start_clock(
        drawn_event("exact_bid", tables=3, players_per_table=2, options={"start_cards": 5})
    )
    organizer_page = new_page(TABLET)
    log_in(organizer_page, live_server, "director", "a-long-organizer-pass")
    organizer_page.goto(f"{live_server.url}/events/{event.pk}/dashboard/")
    tile = organizer_page.locator(f"#table-{Table.objects.get(round__event=event, number=1).pk}")
    expect(tile).to_contain_text("Not started")
    # A mark on this very document: it survives only if the page is never reloaded.
    organizer_page.evaluate("document.body.dataset.sameDocument = 'yes'")

    # The scorekeeper, in a second browser, enters round 1 on the real tablet page.
    token = ScorekeeperLink.objects.get(table__round__event=event, table__number=1).token
    phone = new_page(PHONE)
    phone.goto(f"{live_server.url}/s/{token}/")
    phone.get_by_label("P1A Table1 bid", exact=True).fill("2")
    phone.get_by_label("P1B Table1 bid", exact=True).fill("3")
    phone.get_by_label("P1A Table1 took", exact=True).fill("2")
    expect(phone.get_by_label("P1B Table1 took", exact=True)).to_have_value("3")
    phone.get_by_role("button", name="Save the round").click()
    expect(phone.locator(".message")).to_contain_text("saved")

    expect(tile).to_contain_text("Waiting for confirmation", timeout=12_000)
    phone.locator(".confirm-form button").first.click()
    expect(tile).to_contain_text("Round 2 of 5", timeout=12_000)
    assert organizer_page.evaluate("document.body.dataset.sameDocument") == "yes"
    assert organizer_page.locator(".tile.state-playing").count() == 1
    screenshot(organizer_page, "dashboard-live-768")


def hand(number: int, went_out_team: int, low_left: int = 2) -> dict:
    """A valid Hand and Foot hand (the team that went out has two red and two black books)."""
    teams = []
    for index in range(2):
        out = index == went_out_team
        teams.append(
            {
                "red_books": 2 if out else 1,
                "black_books": 2 if out else 0,
                "went_out": out,
                "exact_deals": 0,
                "melded": {
                    "jokers": 0,
                    "twos": 0,
                    "aces": 4,
                    "high": 12,
                    "low": 14,
                    "black_threes": 0,
                },
                "in_hand": {
                    "jokers": 0,
                    "twos": 0,
                    "aces": 0,
                    "high": 0,
                    "low": 0 if out else low_left,
                    "black_threes": 0,
                    "red_threes": 0,
                },
            }
        )
    return {"hand": number, "teams": teams}


def played(drawn_event, **fields):
    """A Hand and Foot evening under way: hands confirmed, one disputed, one bonus."""
    event = start_clock(drawn_event("hand_and_foot", tables=4, **fields))
    tables = list(Table.objects.filter(round__event=event).order_by("number"))
    for index, table in enumerate(tables):
        for number in range(1, 4 - index % 3):
            payload = hand(number, (index + number) % 2, low_left=2 + index + number)
            ScoreEntry.objects.create(
                table=table,
                number=number,
                payload=payload,
                result=score("hand_and_foot", payload),
                status=ScoreEntry.Status.CONFIRMED,
            )
    tables[0].turned_in_at = timezone.now()
    tables[0].has_first_table_bonus = True
    tables[0].save()
    ScoreEntry.objects.create(
        table=tables[2],
        number=2,
        payload=hand(2, 0),
        result=score("hand_and_foot", hand(2, 0)),
        proposed_payload=hand(2, 1),
        dispute_note="We went out, not them",
        status=ScoreEntry.Status.DISPUTED,
    )
    return event


def test_typing_a_correction_survives_the_live_refresh(
    new_page, live_server, organizer, drawn_event
):
    event = played(drawn_event)
    page = new_page(TABLET)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.goto(f"{live_server.url}/events/{event.pk}/dashboard/")
    dispute = page.locator(".dispute")
    expect(dispute).to_contain_text("We went out, not them")
    dispute.get_by_label("Correct it (edit the payload below)").check()
    box = dispute.get_by_label("Corrected payload (JSON)")
    box.fill('{"hand": 2, "teams": "half typed')
    # Two refreshes of the live part go by; what is being typed stays as it is.
    with page.expect_response(lambda r: "part=live" in r.url):
        pass
    with page.expect_response(lambda r: "part=live" in r.url):
        pass
    expect(box).to_have_value('{"hand": 2, "teams": "half typed')
    page.get_by_role("button", name="Settle").click()
    expect(page.get_by_role("alert").first).to_contain_text("not valid JSON")
    dispute.get_by_label("Take the other side's version").check()
    page.get_by_role("button", name="Settle").click()
    expect(page.locator(".message")).to_contain_text("settled")
    assert ScoreEntry.objects.get(status="confirmed", table__number=3, number=2).payload == hand(
        2, 1
    )


@pytest.mark.parametrize("viewport", [TABLET, PHONE], ids=["tablet", "phone"])
def test_the_pages_fit_the_screen(new_page, live_server, organizer, drawn_event, viewport):
    event = played(drawn_event, public_standings=True)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)  # on the ladder too
    page = new_page(viewport)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    width = viewport["width"]
    for path, name in (
        (f"/events/{event.pk}/dashboard/", "dashboard"),
        (f"/events/{event.pk}/standings/", "standings"),
        (f"/events/{event.pk}/results/", "public-results"),
        ("/ladder/", "ladder"),
    ):
        page.goto(f"{live_server.url}{path}")
        assert page.evaluate("document.documentElement.scrollWidth") <= width, name
        screenshot(page, f"{name}-{width}")
