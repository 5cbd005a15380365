"""The load test's tablets (bench/load.py) can play today's card page.

The load generator is not run by `make test`, so a change of the card page could break
it unnoticed (as when the entry form's action gained `#card`: every tablet gave up at
hand 1). Here two of its tablets play a whole table against the live server, and the
database holds what they sent; and its page reader sees the card's forms as a browser.
"""

from __future__ import annotations

import random
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse

from bench import load, rush
from bench.card_page import read
from clubscore.entry_forms import FORMS

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_tablets_play_a_table_through_and_the_database_holds_it(live_server):
    (evening,) = load.seed(random.Random(7), [("test evening", 1)], 1)
    port = urlsplit(live_server.url).port
    load.play_tables(evening, port, think=0.0, poll_s=0.0, play_polls=1)
    assert evening.problems == []
    assert not evening.stop.is_set()
    assert load.check(evening) == []
    kinds = {sample.kind for sample in evening.stats.samples}
    assert kinds == {"card", "live", "preview", "draft", "entry", "confirm", "turn-in"}


def test_a_tablet_that_cannot_play_stops_the_evening_with_what_went_wrong(live_server):
    (evening,) = load.seed(random.Random(9), [("test evening", 1)], 1)
    evening.tables[0]["links"][0] = "no-such-link"
    load.play_tables(evening, urlsplit(live_server.url).port, think=0.0, poll_s=0.0)
    assert evening.stop.is_set()  # the other tablet stopped too, without a word
    assert evening.problems == [
        "table link no-such-… side 1: gave up: GaveUp: card page answered 404"
    ]


def test_the_reader_sees_the_card_page_as_a_browser(client):
    (evening,) = load.seed(random.Random(8), [("test evening", 1)], 1)
    token = evening.tables[0]["links"][0]
    card = reverse("scorekeeping:card", args=[token])
    page = read(client.get(card).content.decode(), card)

    entry = page.form(reverse("scorekeeping:entry", args=[token]), number="1")
    assert entry is not None
    form = FORMS["hand_and_foot"](players=[], number=1, options=evening.options)
    assert set(form.fields) <= set(entry.names)
    assert entry.attrs["hx-post"] == reverse("scorekeeping:preview", args=[token])
    sent = entry.data({"red_books": "2", "went_out": True})
    assert sent["red_books"] == "2" and sent["went_out"] == "on"
    assert sent["number"] == "1" and sent["idem"] and sent["csrfmiddlewaretoken"]
    assert "went_out" not in entry.data()  # a tick box left unticked is not sent
    with pytest.raises(load.FormError):
        entry.data({"no_such_count": "1"})

    (poll,) = page.polls
    assert urlsplit(poll).path == card
    assert parse_qs(urlsplit(poll).query)["live"] == ["1"]


def test_the_rush_plays_a_table_and_its_four_phones_see_its_hand(live_server):
    # bench/rush.py's pieces at the size of one table, without waiting: the tablets
    # enter and confirm one hand, the phones open their pages and poll till it is in.
    (evening,) = load.seed(random.Random(11), [("rush", 1)], 1)
    for table in evening.tables:
        table["hands"] = table["hands"][:1]
    evening.turns_in = False
    port = urlsplit(live_server.url).port
    phones = rush.phones_for(evening, port, load.Stats(), per_table=4)
    assert len({phone.token for phone in phones}) == 4
    rush.open_phones(phones, load.Stats(), threads=2)
    assert all(phone.version for phone in phones)

    played = rush.Rush(evening, phones, think=0.0, poll_s=0.05, window_s=0, spread_s=0)
    played.apart_s = 0.0
    rush.play_rush(played, port, per_thread=2)
    assert evening.problems == []
    assert not evening.stop.is_set()
    assert load.check(evening) == []  # one hand, stored once as sent; the card stays open
    assert rush.check_phones(played) == []  # each phone saw it and shows what is stored
    (times,) = played.table_times().values()
    assert times[1] is not None
    kinds = {sample.kind for sample in evening.stats.samples}
    assert {"card", "preview", "draft", "entry", "confirm", "phone"} <= kinds
