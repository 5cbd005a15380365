"""A form sent again because its answer was lost (flaky Wi-Fi, a server restart) gets its
first outcome, even when the card moved on in the meantime, and counts once."""

from __future__ import annotations

import re
import uuid

import html5lib
import pytest

from clubscore.events.models import IdempotencyKey, ScoreChange, ScoreEntry, Table

from .conftest import GOOD_TEAM, SMALL_TEAM, links, url

pytestmark = pytest.mark.django_db


def post(client, link, name, data, key=None):
    return client.post(url(link, name), {"idem": key or uuid.uuid4().hex, **data}, follow=True)


def messages_of(response) -> list[str]:
    """The messages the page shows at its top, as a person reads them."""
    page = html5lib.parse(response.content.decode(), namespaceHTMLElements=False)
    return ["".join(li.itertext()) for li in page.iter("li") if "message" in li.get("class", "")]


def test_an_entry_sent_again_after_the_other_team_confirmed_it(client, running):
    one, two = links(running())
    key = uuid.uuid4().hex
    first = post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM}, key=key)
    assert "Hand 1 saved." in messages_of(first)
    post(client, two, "entry", {"number": 1, "version": 0, **SMALL_TEAM})
    post(client, two, "confirm", {"number": 1, "version": 1})
    # The answer to the first send never arrived; the tablet sends the same form again.
    again = post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM}, key=key)
    assert again.status_code == 200 and "Hand 1 saved." in messages_of(again)
    # No refusal on the page (the tablet's own words for its queue aside).
    shown = re.sub(r'<script id="offline-strings".*?</script>', "", again.content.decode())
    assert "ask the organizer" not in shown
    entry = ScoreEntry.objects.get()
    # Saved once (version 1), then confirmed (version 2): the resend changed nothing.
    assert entry.part(1).version == 2 and entry.part(1).state == "confirmed"
    assert ScoreChange.objects.filter(action="entered", changed_by_player=one.player).count() == 1


def test_a_confirmation_sent_again_after_the_card_was_turned_in(client, running):
    one, two = links(running())
    last_key = None
    for number in (1, 2, 3):
        post(client, one, "entry", {"number": number, "version": 0, **GOOD_TEAM})
        post(client, two, "entry", {"number": number, "version": 0, **SMALL_TEAM})
        post(client, one, "confirm", {"number": number, "version": 1})
        last_key = uuid.uuid4().hex
        post(client, two, "confirm", {"number": number, "version": 1}, key=last_key)
    post(client, one, "turn_in", {})
    assert Table.objects.get(pk=one.table_id).turned_in_at is not None
    again = post(client, two, "confirm", {"number": 3, "version": 1}, key=last_key)
    assert messages_of(again) == ["Confirmed."]
    assert ScoreChange.objects.filter(action="confirmed").count() == 6


def test_a_refused_form_leaves_its_key_free(client, drawn_event):
    # Before the clock starts nothing may be entered; the same form sent once the clock
    # runs is entered (the refusal did not use up its key).
    from clubscore.events.clock import start_clock

    event = drawn_event()
    one, _two = links(event)
    key = uuid.uuid4().hex
    refused = post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM}, key=key)
    assert "The clock has not started yet" in refused.content.decode()
    assert not IdempotencyKey.objects.exists()
    start_clock(event)
    entered = post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM}, key=key)
    assert "Hand 1 saved." in messages_of(entered)
    assert ScoreEntry.objects.get().part(1).version == 1


# -- a key stands for one request ------------------------------------------------------

OTHER_NUMBERS = "This was already sent with other numbers."


def keys_on(page: str) -> dict[str, str]:
    """The idempotency key of each form on the page, by the form's action."""
    import re

    found = {}
    for form in re.findall(r"<form[^>]*action=\"([^\"]+)\".*?</form>", page, flags=re.S):
        found.setdefault(form, None)
    for action, key in re.findall(
        r"<form[^>]*action=\"([^\"]+)\"(?:(?!</form>).)*?name=\"idem\" value=\"([0-9a-f]+)\"",
        page,
        flags=re.S,
    ):
        found[action.split("#")[0]] = key
    return {action: key for action, key in found.items() if key}


def test_the_same_key_with_other_numbers_is_refused_not_dropped(client, running):
    # The probe: GET the card, take its key, send 4, send again with 14.
    one, _two = links(running())
    page = client.get(url(one)).content.decode()
    key = keys_on(page)[url(one, "entry")]
    first = post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM}, key=key)
    assert "Hand 1 saved." in messages_of(first)
    fixed = {**GOOD_TEAM, "melded_high": 14}
    again = post(client, one, "entry", {"number": 1, "version": 0, **fixed}, key=key)
    html = again.content.decode()
    assert OTHER_NUMBERS in html and "Hand 1 saved." not in messages_of(again)
    assert html.count(OTHER_NUMBERS) == 1  # above the form, not in its preview too
    # What was typed is still in the form, with a fresh key and the saved version, so
    # sending it once more changes the hand.
    assert 'name="melded_high"' in html and 'value="14"' in html
    assert ScoreEntry.objects.get().part(1).data["melded"]["high"] == 12
    retry = keys_on(html)[url(one, "entry")]
    assert retry != key
    saved = post(client, one, "entry", {"number": 1, "version": 1, **fixed}, key=retry)
    assert "Hand 1 saved." in messages_of(saved)
    assert ScoreEntry.objects.get().part(1).data["melded"]["high"] == 14


def test_an_exact_bid_round_resent_with_other_numbers_is_refused(client, running):
    event = running("exact_bid", tables=1, players_per_table=3, options={"start_cards": 5})
    (link,) = links(event)
    key = uuid.uuid4().hex
    data = {"number": 1, "version": 0, "bid_0": 1, "bid_1": 2, "bid_2": 1}
    data |= {"tricks_0": 1, "tricks_1": 2, "tricks_2": 2}
    assert "Round 1 saved." in messages_of(post(client, link, "entry", data, key=key))
    again = post(client, link, "entry", {**data, "bid_2": 2}, key=key)
    assert OTHER_NUMBERS in again.content.decode()
    assert ScoreEntry.objects.get().payload == {"bids": [1, 2, 1], "tricks": [1, 2, 2]}
    # The same numbers again are a resend: the first outcome, counted once.
    assert messages_of(post(client, link, "entry", data, key=key)) == ["Round 1 saved."]
    assert ScoreChange.objects.count() == 1


def test_a_dispute_resent_with_another_note_is_refused_and_keeps_the_note(client, running):
    one, two = links(running())
    post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM})
    post(client, two, "entry", {"number": 1, "version": 0, **SMALL_TEAM})
    key = uuid.uuid4().hex
    data = {"number": 1, "version": 1, "note": "They had 3 books"}
    assert messages_of(post(client, two, "dispute", data, key=key)) == ["Sent to the organizer."]
    again = post(client, two, "dispute", {**data, "note": "They had 4 books"}, key=key)
    html = again.content.decode()
    assert again.status_code == 200 and OTHER_NUMBERS in html
    assert "They had 4 books" in html
    assert ScoreEntry.objects.get().dispute_note == "They had 3 books"
    assert ScoreChange.objects.filter(action="disputed").count() == 1


def test_a_confirmation_key_is_not_an_entry_key(client, running):
    # A key sent with another form (another action) is not a resend of it.
    one, two = links(running())
    key = uuid.uuid4().hex
    post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM}, key=key)
    post(client, two, "entry", {"number": 1, "version": 0, **SMALL_TEAM})
    response = post(client, one, "confirm", {"number": 1, "version": 1}, key=key)
    assert messages_of(response) == [
        OTHER_NUMBERS + " Check them and send again to change what was saved."
    ]
    assert ScoreEntry.objects.get().part(2).state == "entered"


def test_each_form_on_the_page_has_its_own_key(client, running):
    one, two = links(running())
    for number in (1, 2):
        post(client, one, "entry", {"number": number, "version": 0, **GOOD_TEAM})
    post(client, two, "entry", {"number": 1, "version": 0, **SMALL_TEAM})
    page = client.get(url(two) + "?dispute=1").content.decode()
    keys = keys_on(page)
    assert {url(two, "entry"), url(two, "dispute"), url(two, "confirm")} <= set(keys)
    assert len(set(keys.values())) == len(keys)


def play_three_hands(client, one, two):
    for number in (1, 2, 3):
        post(client, one, "entry", {"number": number, "version": 0, **GOOD_TEAM})
        post(client, two, "entry", {"number": number, "version": 0, **SMALL_TEAM})
        post(client, one, "confirm", {"number": number, "version": 1})
        post(client, two, "confirm", {"number": number, "version": 1})


def test_a_resent_turn_in_gets_its_first_outcome(client, running):
    one, two = links(running(options={"hands": 3, "first_table_bonus": 100}))
    play_three_hands(client, one, two)
    page = client.get(url(one)).content.decode()
    key = keys_on(page)[url(one, "turn_in")]
    first = post(client, one, "turn_in", {}, key=key)
    assert messages_of(first) == ["Card turned in: first table! The bonus is yours."]
    again = post(client, one, "turn_in", {}, key=key)
    assert messages_of(again) == ["Card turned in: first table! The bonus is yours."]
    assert "This card has been turned in." not in again.content.decode()
    table = Table.objects.get(pk=one.table_id)
    assert table.turned_in_at is not None and table.has_bonus
    # Another tablet's own turn-in (another key) hears that the card is in already.
    other = post(client, two, "turn_in", {})
    assert messages_of(other) == ["The card was turned in already."]
