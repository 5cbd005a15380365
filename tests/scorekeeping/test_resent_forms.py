"""A form sent again because its answer was lost (flaky Wi-Fi, a server restart) gets its
first outcome, even when the card moved on in the meantime, and counts once."""

from __future__ import annotations

import uuid

import pytest

from clubscore.events.models import IdempotencyKey, ScoreChange, ScoreEntry, Table

from .conftest import GOOD_TEAM, SMALL_TEAM, links, url

pytestmark = pytest.mark.django_db


def post(client, link, name, data, key=None):
    return client.post(url(link, name), {"idem": key or uuid.uuid4().hex, **data}, follow=True)


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


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
    assert "ask the organizer" not in again.content.decode()
    entry = ScoreEntry.objects.get()
    assert entry.parts["1"]["version"] == 1 and entry.parts["1"]["state"] == "confirmed"
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
    assert ScoreEntry.objects.get().parts["1"]["version"] == 1
