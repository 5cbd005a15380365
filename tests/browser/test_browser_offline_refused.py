"""A hand sent from the tablet's queue that the server will not take as it is: the
link was replaced while the hand waited (nothing is saved, and the scorekeeper is told,
with the numbers typed), or the form's CSRF token went stale (cookies cleared, a login
on the tablet): sent again once with the card's fresh token, and stored once.

Real Chromium, its service worker and IndexedDB; the network taken away with
`context.set_offline`, the link revoked and the cookies cleared as they happen.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from clubscore.events.links import revoke_table_links
from clubscore.events.models import IdempotencyKey, ScoreEntry

from .conftest import TABLET, screenshot
from .test_browser_offline import (
    BACK_ONLINE_MS,
    HAND,
    assert_stored_once,
    enter_offline,
    light,
    open_card,
)

pytestmark = pytest.mark.django_db(transaction=True)


def hand_waiting(new_page, live_server, link):
    """The card on a tablet, hand 1 saved without network: waiting to send."""
    page = open_card(new_page(TABLET), live_server, link)
    page.context.set_offline(True)
    enter_offline(page, HAND)
    expect(light(page)).to_contain_text("1 waiting to send")
    return page


def test_a_hand_waiting_when_its_link_is_replaced_is_not_dropped_silently(
    new_page, live_server, card, console_errors
):
    # The replaced link answers 404 (the post, and the card's preview and poll), which
    # the browser and htmx report; the page says why.
    console_errors.allow(r"404 \(Not Found\)|Response Status Error Code 404")
    _event, link = card
    page = hand_waiting(new_page, live_server, link)
    revoke_table_links(link.table)  # the organizer replaces the table's links meanwhile

    page.context.set_offline(False)
    said = page.locator("#server-said")
    expect(said).to_contain_text(
        "Nothing was saved: the server did not take this.", timeout=BACK_ONLINE_MS
    )
    expect(said).to_contain_text("ask the organizer for the table's new link")
    # What was typed stays on the screen, to enter again on the new link.
    expect(said).to_contain_text("What you typed:")
    # A label two groups share says its group: melded, or left in hand.
    expect(said).to_contain_text("Cards melded (laid down, books included): Aces 3")
    expect(said).to_contain_text("Cards left in hand and foot: 9 down to 4: 2")
    screenshot(page, "tablet-queued-hand-link-replaced-768")
    assert not ScoreEntry.objects.filter(table=link.table).exists()


def test_a_hand_waiting_with_a_stale_csrf_token_is_sent_with_a_fresh_one(
    new_page, live_server, card, console_errors
):
    # The first try is refused (403) before the fresh token is fetched; so is a preview
    # or a poll that set its own cookie meanwhile (the next one reads the fresh token).
    console_errors.allow(r"403 \(Forbidden\)|Response Status Error Code 403")
    _event, link = card
    page = hand_waiting(new_page, live_server, link)
    page.context.clear_cookies()  # the CSRF cookie the queued form was made with is gone

    page.context.set_offline(False)
    expect(light(page)).to_have_text("Online", timeout=BACK_ONLINE_MS)
    assert_stored_once(link, HAND)
    assert IdempotencyKey.objects.count() == 1


def test_a_card_open_when_its_link_is_replaced_says_so_at_its_next_poll(
    new_page, live_server, card, console_errors
):
    """The lost tablet's replacement made, this tablet still shows the card: its next
    poll (every 10 s) answers 404, and the card says the link no longer opens it,
    before anyone types a hand in vain."""
    console_errors.allow(r"404 \(Not Found\)|Response Status Error Code 404")
    _event, link = card
    page = open_card(new_page(TABLET), live_server, link, kept=False)
    revoke_table_links(link.table)
    expect(page.locator("#card-gone")).to_contain_text(
        "A table's card that no longer opens has a new link: ask the organizer.", timeout=15_000
    )


def test_a_hand_saved_after_the_final_keeps_what_was_typed_on_the_screen(
    new_page, live_server, card
):
    """The organizer finished the evening while a hand was typed: the save says so with
    the numbers typed (200, no console error), and the live part's next refresh, which
    reloads a card of a final evening to "The evening is over", leaves them there."""
    from clubscore.events.models import Event

    event, link = card
    page = open_card(new_page(TABLET), live_server, link, kept=False)
    for name, value in HAND.items():
        page.locator(f"#id_{name}").fill(value)
    # The save comes before the live part's next refresh (else that refresh reloads to
    # the page that says the evening is over, listing what was typed: a CI run met it).
    polls = re.compile(r"[?&]live=1")
    page.route(polls, lambda route: route.fulfill(status=204))
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
    page.get_by_role("button", name="Save our hand").click()
    said = page.locator("#server-said")
    expect(said).to_contain_text("is finished: the scores are final")
    expect(said).to_contain_text("Cards melded (laid down, books included): Aces 3")
    page.unroute(polls)
    with page.expect_response(lambda r: "live=1" in r.url) as refreshed:
        page.evaluate(
            "() => htmx.ajax('GET', location.pathname + '?live=1',"
            " {target: '#live', swap: 'outerHTML'})"
        )
    assert refreshed.value.headers.get("hx-refresh") == "true"
    page.wait_for_timeout(500)  # a reload it caused would have come by now
    expect(said).to_contain_text("Cards melded (laid down, books included): Aces 3")
    assert not ScoreEntry.objects.filter(table=link.table, parts__isnull=False).exists()
    # The scorekeeper's own reload shows the page that says the evening is over.
    page.reload()
    expect(page.get_by_role("heading", name="The evening is over")).to_be_visible()
