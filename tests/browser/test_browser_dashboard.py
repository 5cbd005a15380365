"""The organizer's dashboard follows a table live; standings read well on a tablet and a phone."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from clubscore.events.clock import start_clock
from clubscore.events.models import Event, ScoreEntry, ScorekeeperLink, Table
from clubscore.games import score
from tests.payloads import hf_hand

from .conftest import PHONE, TABLET, log_in, save_refused, screenshot

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
    # htmx keeps a swapped element's old class for its settle delay (20 ms, for CSS
    # transitions): the text can be new while the class is not yet, so wait for it.
    expect(organizer_page.locator(".tile.state-playing")).to_have_count(1)
    screenshot(organizer_page, "dashboard-live-768")


def played(drawn_event, **fields):
    """A Hand and Foot evening under way: hands confirmed, one disputed, one bonus."""
    event = start_clock(drawn_event("hand_and_foot", tables=4, **fields))
    tables = list(Table.objects.filter(round__event=event).order_by("number"))
    for index, table in enumerate(tables):
        for number in range(1, 4 - index % 3):
            payload = hf_hand(number, (index + number) % 2, low_left=2 + index + number)
            ScoreEntry.objects.create(
                table=table,
                number=number,
                payload=payload,
                result=score("hand_and_foot", payload),
                status=ScoreEntry.Status.CONFIRMED,
            )
    tables[0].turned_in_at = timezone.now()
    tables[0].has_bonus = True
    tables[0].save()
    ScoreEntry.objects.create(
        table=tables[2],
        number=2,
        payload=hf_hand(2, 0),
        result=score("hand_and_foot", hf_hand(2, 0)),
        proposed_payload=hf_hand(2, 1),
        dispute_note="We went out, not them",
        status=ScoreEntry.Status.DISPUTED,
    )
    return event


def test_the_organizer_corrects_a_number_in_the_tablets_form(
    new_page, live_server, organizer, drawn_event
):
    event = played(drawn_event)
    entry = ScoreEntry.objects.get(status="disputed")
    page = new_page(TABLET)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.goto(f"{live_server.url}/events/{event.pk}/dashboard/")
    dispute = page.locator(".dispute")
    expect(dispute).to_contain_text("We went out, not them")
    expect(dispute.locator(".differences")).to_contain_text("We went out")
    # Side by side, the two choices stand level and equally tall, though one's words take
    # two lines.
    keep, take = (
        dispute.get_by_role("button", name=name).bounding_box()
        for name in ("Keep the entered version", "Take the other side's version")
    )
    assert (keep["y"], keep["height"]) == (take["y"], take["height"]), (keep, take)
    dispute.get_by_text("Correct the numbers").click()
    team1 = dispute.get_by_role("group", name="Team 1: P3A Table3 & P3C Table3")
    team2 = dispute.get_by_role("group", name="Team 2: P3B Table3 & P3D Table3")
    left2 = team2.get_by_role("group", name="Cards left in hand and foot")
    # The entered version is filled in; the organizer changes what is wrong.
    expect(team1.get_by_label("Black books", exact=True)).to_have_value("2")
    team1.get_by_label("Black books", exact=True).fill("9")
    left2.get_by_role("button", name="One more: 9 down to 4").click()
    expect(left2.get_by_label("9 down to 4", exact=True)).to_have_value("3")
    # Two refreshes of the live part go by; what is being typed stays as it is.
    with page.expect_response(lambda r: "part=live" in r.url):
        pass
    with page.expect_response(lambda r: "part=live" in r.url):
        pass
    expect(team1.get_by_label("Black books", exact=True)).to_have_value("9")
    expect(left2.get_by_label("9 down to 4", exact=True)).to_have_value("3")

    save_refused(page, dispute.get_by_role("button", name="Save the correction"))
    error = page.locator(f"#err-entry-{entry.pk}-team1-black_books")
    expect(error).to_contain_text("2 red and 9 black books need")
    expect(left2.get_by_label("9 down to 4", exact=True)).to_have_value("3")
    screenshot(page, "dashboard-correction-error-768")
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.DISPUTED

    # "1e" typed on a keyboard (a number the browser cannot read, sent blank = 0): the
    # preview says so on the field, and the save is held with the browser's word on it.
    books = team1.get_by_label("Black books", exact=True)
    books.fill("")
    books.press_sequentially("1e")
    expect(page.locator(f"#err-entry-{entry.pk}-team1-black_books")).to_contain_text(
        "Enter a whole number with the digits 0 to 9."
    )
    dispute.get_by_role("button", name="Save the correction").click()
    page.wait_for_timeout(500)  # a post sent (it was, blank) lands well within this
    assert books.evaluate("input => input.validity.badInput")
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.DISPUTED

    books.fill("2")
    dispute.get_by_role("button", name="Save the correction").click()
    expect(page.locator(".message")).to_contain_text("settled")
    expect(page.locator(".dispute")).to_have_count(0)
    entry.refresh_from_db()
    corrected = hf_hand(2, 0)
    corrected["teams"][1]["in_hand"]["low"] = 3
    assert entry.status == ScoreEntry.Status.CONFIRMED and entry.payload == corrected


def test_the_organizer_takes_the_other_sides_version(new_page, live_server, organizer, drawn_event):
    event = played(drawn_event)
    page = new_page(PHONE)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.goto(f"{live_server.url}/events/{event.pk}/dashboard/")
    # On a phone, where the versions differ stacks: each question over its two answers,
    # inside the dispute's frame.
    differences = page.get_by_role("table", name="Where the versions differ")
    table = differences.bounding_box()
    question = differences.locator("th[scope=row]").first.bounding_box()
    answer = differences.locator("tbody").get_by_role("cell").first.bounding_box()
    assert question["width"] > 0.9 * table["width"] and answer["y"] >= question["y"] + 10
    frame = page.locator(".dispute").bounding_box()
    assert table["x"] + table["width"] <= frame["x"] + frame["width"]
    page.get_by_role("button", name="Take the other side's version").click()
    expect(page.locator(".message")).to_contain_text("settled")
    assert ScoreEntry.objects.get(table__number=3, number=2).payload == hf_hand(2, 1)


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
        if name == "dashboard":
            page.get_by_text("Correct the numbers").click()
            assert page.evaluate("document.documentElement.scrollWidth") <= width, name
            screenshot(page, f"dashboard-correction-{width}")


def test_a_field_tapped_as_the_correction_opens_keeps_the_focus(
    new_page, live_server, organizer, drawn_event
):
    """Opened, the panel puts the focus on its first field, once the browser has opened
    it. An organizer quicker than that, already in another field, stays there: what they
    type goes where they tapped (a busy tablet runs the panel's step late)."""
    event = played(drawn_event)
    page = new_page(TABLET)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.goto(f"{live_server.url}/events/{event.pk}/dashboard/")
    dispute = page.locator(".dispute")
    books = dispute.get_by_role("group", name="Team 1: P3A Table3 & P3C Table3").get_by_label(
        "Black books", exact=True
    )
    opener = dispute.get_by_role("button", name="Correct the numbers")
    # The tap on the button and the tap on the field in one go, before the panel's step.
    kept = opener.evaluate(
        """async (summary) => {
            summary.click();
            const books = document.querySelector("[name$='team1-black_books']");
            books.focus();
            books.select();
            await new Promise((done) => setTimeout(done, 100));
            return document.activeElement === books;
        }"""
    )
    assert kept
    page.keyboard.insert_text("9")
    expect(books).to_have_value("9")


def test_a_long_unbroken_note_wraps_on_the_organizers_phone(
    new_page, live_server, organizer, drawn_event
):
    """A call's note typed without a space (200 characters, as the form allows) made the
    dashboard 2,198 px wide on a 390 px phone, and the page scrolled sideways (a walk).
    Notes the players type wrap anywhere, a dispute's too."""
    from clubscore.events.calls import call_organizer

    event = played(drawn_event)
    ScoreEntry.objects.filter(status="disputed").update(dispute_note="y" * 200)
    table = Table.objects.get(round__event=event, number=1)
    call_organizer(table, reason="other", note="x" * 200)
    page = new_page(PHONE)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.goto(f"{live_server.url}/events/{event.pk}/dashboard/")
    expect(page.locator(".note").filter(has_text="x" * 200)).to_be_visible()
    expect(page.locator(".note").filter(has_text="y" * 200)).to_be_visible()
    screenshot(page, "dashboard-long-notes-390")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
