"""Hostile input at every endpoint of the players' phones (issue 25), with real tokens
(tests/security's sweep reaches them with the scorekeepers' tokens, a 404): arbitrary
text, NUL bytes, other scripts' digits, huge numbers, missing fields. Never a 500; a
refusal says why and stores nothing."""

from __future__ import annotations

import hashlib
import re

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubscore.events import calls, phones
from clubscore.events.models import CheckIn, Event, EventPhones, OrganizerCall, Seat

pytestmark = pytest.mark.django_db

HOSTILE = [
    "",
    " ",
    "0",
    "-1",
    "2147483648",
    "9223372036854775808",
    "1" + "0" * 400,
    "١٢",
    "²",
    "\x00",
    "1\x00",
    "question",
    "score",
    "other",
    "on",
    "1",
    "a" * 300,
    "<script>alert(1)</script>",
    "0" * 32,
    "f" * 48,
]
values = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(max_size=40),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
)
fields = st.sampled_from(["player", "both", "reason", "note", "idem", "q", "what", "on", "v"])
data = st.dictionaries(st.one_of(fields, st.text(max_size=8)), values, max_size=6)
CHECK = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    database=None,
)


def stored() -> str:
    rows = [
        list(CheckIn.objects.order_by("pk").values_list("pk", "player_id")),
        list(OrganizerCall.objects.order_by("pk").values_list("pk", "reason", "note", "closed_at")),
        list(EventPhones.objects.order_by("pk").values_list("checkin_open", "pages_on")),
        list(Event.objects.order_by("pk").values_list("status")),
    ]
    return hashlib.sha256(repr(rows).encode()).hexdigest()


@pytest.fixture
def evening(drawn_event, make_event, make_player, organizer):
    event = drawn_event(tables=1)
    seat = Seat.objects.filter(round__event=event).first()
    link = phones.link_for(event, seat.player)
    door_event = make_event(status=Event.Status.CHECK_IN)
    make_player("Jürgen", "Müller")
    door = phones.phones_of(door_event).checkin_token
    call = calls.call_organizer(seat.table, reason="question").call
    return {
        "event": event,
        "door_event": door_event,
        "urls": [
            ("get", reverse("playerpages:door", args=[door])),
            ("post", reverse("playerpages:here", args=[door])),
            ("get", reverse("playerpages:door_qr", args=[door])),
            ("get", reverse("playerpages:player", args=[link.token])),
            ("post", reverse("playerpages:call", args=[link.token])),
            ("post", reverse("playerpages:switch", args=[door_event.pk])),
            ("post", reverse("dashboard:call_on_my_way", args=[event.pk, call.pk])),
            ("post", reverse("dashboard:call_done", args=[event.pk, call.pk])),
        ],
        "organizer": organizer,
    }


@pytest.mark.parametrize("index", range(8))
def test_no_input_makes_a_server_error(evening, index):
    method, url = evening["urls"][index]
    stranger = Client(raise_request_exception=False)
    organizer = Client(raise_request_exception=False)
    organizer.force_login(evening["organizer"])

    @CHECK
    @given(sent=data, as_organizer=st.booleans(), htmx=st.booleans())
    def attempt(sent, as_organizer, htmx):
        client = organizer if as_organizer else stranger
        headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
        before = stored()
        response = getattr(client, method)(url, sent, **headers)
        assert response.status_code < 500, (url, sent, response.status_code)
        if 400 <= response.status_code < 500 and response.status_code != 404:
            assert stored() == before, (url, sent)
            assert response.content.strip()

    attempt()


@given(player=st.sampled_from(HOSTILE), both=st.sampled_from(HOSTILE))
@CHECK
def test_a_bad_check_in_is_refused_with_a_message(door_event_client, player, both):
    client, event = door_event_client
    # Counted before: an earlier example may have checked Ann in (her id can be "1").
    before = CheckIn.objects.filter(event=event).count()
    response = client.post(
        reverse("playerpages:here", args=[phones.phones_of(event).checkin_token]),
        {"player": player, "both": both},
    )
    # 400: a player field no phone sends; 200: the door page again, with its refusal.
    assert response.status_code in (200, 302, 400, 429)
    if response.status_code == 400:
        assert "That name could not be read" in response.content.decode()
    if response.status_code in (200, 400):
        assert 'role="alert"' in response.content.decode()
        assert CheckIn.objects.filter(event=event).count() == before


@pytest.fixture
def door_event_client(make_event, make_player):
    event = make_event(status=Event.Status.CHECK_IN)
    make_player("Ann", "Lee")
    return Client(raise_request_exception=False), event


def test_a_forged_remembered_cookie_opens_nothing(client, door_event_client):
    _client, event = door_event_client
    client.cookies[f"clubscore_mine_{event.pk}"] = "1,2,3"
    response = client.get(reverse("playerpages:door", args=[phones.phones_of(event).checkin_token]))
    assert response.status_code == 200 and "Player check-in" in response.content.decode()


def test_a_call_with_a_note_too_long_is_refused(client, drawn_event):
    event = drawn_event(tables=1)
    seat = Seat.objects.filter(round__event=event).first()
    link = phones.link_for(event, seat.player)
    response = client.post(
        reverse("playerpages:call", args=[link.token]),
        {"reason": "other", "note": "x" * 201},
    )
    page = response.content.decode()
    assert response.status_code == 200
    # Said on the note, the call form open, and what was typed kept (not a message at
    # the top of a page reloaded with the form closed and the note gone).
    assert '<details class="phone-call" id="call" hx-preserve="true" open>' in page
    note = page[page.index('id="call-note-error"') :]
    assert note.index("The note is too long: at most 200 characters.") < note.index("x" * 201)
    assert re.search(r'<input type="radio" name="reason" value="other"[^>]* checked>', page)
    assert not OrganizerCall.objects.exists()
    response = client.post(reverse("playerpages:call", args=[link.token]), {"note": "Hand 2"})
    page = response.content.decode()
    assert 'id="call-reason-error"' in page and "Choose why you call the organizer." in page
    assert "Hand 2</textarea>" in page


def test_a_call_note_with_a_character_no_note_may_hold_says_so_not_too_long(client, drawn_event):
    event = drawn_event(tables=1)
    seat = Seat.objects.filter(round__event=event).first()
    link = phones.link_for(event, seat.player)
    response = client.post(
        reverse("playerpages:call", args=[link.token]), {"reason": "other", "note": "a\x00b"}
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "invisible characters" in page and "too long" not in page


@pytest.mark.parametrize("note", ["Hand 2 \u202ewrong", "zero\u200bwidth"])
def test_a_call_note_with_an_invisible_character_is_refused_and_kept(client, drawn_event, note):
    """A right-to-left override showed the note turned around on the dashboard."""
    event = drawn_event(tables=1)
    seat = Seat.objects.filter(round__event=event).first()
    link = phones.link_for(event, seat.player)
    response = client.post(
        reverse("playerpages:call", args=[link.token]), {"reason": "other", "note": note}
    )
    page = response.content.decode()
    assert "A note cannot hold invisible characters (such as a right-to-left mark)." in page
    assert not OrganizerCall.objects.exists()


def test_a_call_note_of_two_lines_is_taken(client, drawn_event):
    event = drawn_event(tables=1)
    seat = Seat.objects.filter(round__event=event).first()
    link = phones.link_for(event, seat.player)
    client.post(
        reverse("playerpages:call", args=[link.token]),
        {"reason": "other", "note": "Hand 2:\r\nthe aces"},
    )
    assert OrganizerCall.objects.get().note == "Hand 2:\r\nthe aces"


def test_a_link_checker_asking_head_gets_the_page_not_405(client, door_event, drawn_event):
    """The printed QR codes' pages answered HEAD (link previews, uptime checks) with 405
    (fuzz walk of 2026-11-30): HEAD is answered as GET, without its body."""
    from clubscore.events.models import ScorekeeperLink

    from .conftest import door_url, page_url

    event, _couple = door_event
    running = drawn_event(tables=1)
    seat = Seat.objects.filter(round__event=running).first()
    card = ScorekeeperLink.objects.filter(table__round__event=running).first()
    for address in (
        door_url(event),
        page_url(phones.link_for(running, seat.player)),
        card.get_absolute_url(),
        "/s/sw.js",
    ):
        assert client.head(address).status_code == 200, address
