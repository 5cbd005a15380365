"""The whole evening on the organizer's terms, in Chromium: a second round ("Next
round"), a play-off on its own clock, finishing the evening and reopening it."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from clubscore.events import services
from clubscore.events.clock import call_time, start_clock
from clubscore.events.models import Event, Round, ScoreEntry, ScorekeeperLink, Table
from clubscore.games import score
from tests.payloads import hf_hand, laus_round

from .conftest import PHONE, TABLET, log_in, screenshot
from .test_browser_tablet_games import box, finish, save_and_confirm
from .test_browser_tablet_hand_and_foot import WINNERS, enter

pytestmark = pytest.mark.django_db(transaction=True)


def confirmed(table, number, payload, game):
    ScoreEntry.objects.create(
        table=table,
        number=number,
        payload=payload,
        result=score(game, payload),
        status=ScoreEntry.Status.CONFIRMED,
    )


def test_a_laus_evening_of_two_rounds(new_page, live_server, organizer, make_event, make_player):
    event = make_event("laus", options={"rounds": 1}, name="Laus night")
    services.check_in(event, [make_player(f"L{n}", "Laus") for n in range(8)])
    services.draw_round(event, seed=7)
    start_clock(event)
    for table in Table.objects.filter(round__event=event):
        names = [seat.player.name for seat in table.seats.order_by("position")]
        confirmed(table, 1, laus_round(names), "laus")
        Table.objects.filter(pk=table.pk).update(turned_in_at=table.round.clock_started_at)

    page = new_page(TABLET)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.goto(f"{live_server.url}/events/{event.pk}/dashboard/")
    page.get_by_label("By tonight's standings (leaders together at table 1)").check()
    page.get_by_role("button", name="Next round", exact=True).click()
    expect(page.locator(".message").first).to_contain_text("Round 2 is drawn: 2 tables.")
    # Round 2's own clock: not started, while round 1's stands where it was.
    controls = page.locator("#clock-controls-2")
    expect(controls.get_by_role("heading", name="Round 2")).to_be_visible()
    controls.get_by_role("button", name="Start the clock").click()
    expect(page.locator("#clock-controls-2 .call-time")).to_be_visible()
    screenshot(page, "dashboard-next-round-768")

    # A round-2 card opens on its own, running clock and plays its round.
    token = ScorekeeperLink.objects.get(table__round__number=2, table__number=1).token
    phone = new_page(PHONE)
    phone.goto(f"{live_server.url}/s/{token}/")
    expect(phone.locator(".round-label")).to_have_text("Round 2")
    expect(phone.locator(".clock")).to_contain_text("Time left")
    names = [
        seat.player.name
        for seat in Table.objects.get(round__number=2, number=1).seats.order_by("position")
    ]
    for suit in ("♠ spades", "♥ hearts", "♦ diamonds", "♣ clubs"):
        phone.get_by_label(f"Who took the ten of {suit}?").select_option(label=names[0])
    box(phone, f"{names[1]}: Aces").fill("2")
    save_and_confirm(phone)
    finish(phone, "phone-laus-round-2-390")
    assert Round.objects.filter(event=event).count() == 2


def test_a_hand_and_foot_play_off_on_its_own_clock(new_page, live_server, organizer, drawn_event):
    event = drawn_event("hand_and_foot", tables=2, name="Cup final")
    for table, winners in zip(Table.objects.filter(round__event=event), (0, 1), strict=True):
        confirmed(table, 1, hf_hand(1, went_out_team=winners), "hand_and_foot")
    start_clock(event)
    call_time(event)  # the main round's time is called
    Table.objects.filter(round__event=event).update(turned_in_at=timezone.now())

    page = new_page(TABLET)
    log_in(page, live_server, "director", "a-long-organizer-pass")
    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    page.get_by_role("button", name="Start a play-off round").click()
    expect(page.locator(".message").first).to_contain_text("its clock is running")

    playoff = Round.objects.get(event=event, kind=Round.Kind.PLAYOFF)
    token = (
        ScorekeeperLink.objects.filter(table__round=playoff)
        .order_by("team__number")
        .values_list("token", flat=True)
        .first()
    )
    card = new_page(TABLET)
    card.goto(f"{live_server.url}/s/{token}/")
    expect(card.locator(".round-label")).to_contain_text("Round 2 (play-off)")
    clock = card.locator(".clock")
    expect(clock).to_contain_text("Time left")
    expect(clock).not_to_contain_text("Time is up")
    expect(clock.locator(".clock-time")).to_have_text(re.compile(r"^(29:\d\d|30:00)$"))
    enter(card, WINNERS, went_out=True, expect_total="2140")
    screenshot(card, "tablet-playoff-went-out-768")
    part = ScoreEntry.objects.get(table__round=playoff, number=1).part(1)
    assert part.data["went_out"] is True

    page.goto(f"{live_server.url}/events/{event.pk}/dashboard/")
    expect(page.get_by_role("heading", name="Clock · Round 2 (play-off)")).to_be_visible()
    screenshot(page, "dashboard-playoff-clock-768")


CANCEL = {"en": "Cancel", "de": "Abbrechen"}


@pytest.mark.parametrize("language", ["en", "de"])
def test_finishing_the_evening_then_reopening_it(
    new_page, live_server, organizer, drawn_event, language
):
    words = {
        "en": ("Finish the evening", "Score as it lies", "Did not play", "Reopen"),
        "de": ("Abend abschließen", "Werten, wie er liegt", "Nicht gespielt", "Wieder öffnen"),
    }[language]
    finish_words, as_it_lies, not_played, reopen = words
    event = start_clock(drawn_event("hand_and_foot", tables=3, name="Club night"))
    first, second, third = Table.objects.filter(round__event=event).order_by("number")
    for number in (1, 2, 3):
        confirmed(first, number, hf_hand(number), "hand_and_foot")
    Table.objects.filter(pk=first.pk).update(turned_in_at=first.round.clock_started_at)
    confirmed(second, 1, hf_hand(1), "hand_and_foot")
    keeper = ScorekeeperLink.objects.filter(table=second).first().token

    page = new_page(TABLET if language == "en" else PHONE, locale="en-GB")
    log_in(page, live_server, "director", "a-long-organizer-pass")
    if language == "de":
        page.get_by_role("button", name="DE").click()
    page.goto(f"{live_server.url}/events/{event.pk}/dashboard/")
    page.get_by_role("link", name=finish_words).click()
    cards = page.locator(".open-card:not(.not-played-card)")
    expect(cards).to_have_count(2)
    screenshot(page, f"finish-open-cards-{language}")
    # A card with a hand in asks a second tap before its hands count for nothing.
    page.locator(f"#open-table-{second.pk} details.not-played > summary").click()
    expect(page.locator(f"#open-table-{second.pk} details.not-played form")).to_be_visible()
    screenshot(page, f"finish-not-played-asked-{language}")
    page.locator(f"#open-table-{second.pk}").get_by_role("button", name=CANCEL[language]).click()
    page.locator(f"#open-table-{second.pk}").get_by_role("button", name=as_it_lies).click()
    page.locator(f"#open-table-{third.pk}").get_by_role("button", name=not_played).click()
    expect(cards).to_have_count(0)
    page.get_by_role("button", name=finish_words).click()
    expect(page.locator("details.reopen > summary")).to_have_text(reopen)
    screenshot(page, f"dashboard-final-{language}")
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINAL
    assert Table.objects.get(pk=third.pk).not_played
    assert Table.objects.get(pk=second.pk).turned_in_at is not None

    # The scorekeeper's link is dead: the card page says the evening is over.
    phone = new_page(PHONE)
    phone.goto(f"{live_server.url}/s/{keeper}/")
    expect(phone.get_by_role("heading", name="The evening is over")).to_be_visible()

    page.locator("details.reopen > summary").click()
    page.locator("details.reopen").get_by_role("button", name=reopen).click()
    expect(page.get_by_role("link", name=finish_words)).to_be_visible()
    page.locator("details.clock-history > summary").click()
    expect(page.locator(".clock-history li").first).to_contain_text(
        "Evening reopened" if language == "en" else "Abend wieder geöffnet"
    )
    screenshot(page, f"dashboard-reopened-{language}")
    assert Event.objects.get(pk=event.pk).status == Event.Status.TIME_CALLED
