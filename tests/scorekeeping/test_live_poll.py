"""The card's live part polls all evening: nothing new costs one query and no rendering,
and every change a tablet must see still reaches it at the next poll."""

from __future__ import annotations

import html
import re
import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubscore.events.clock import call_time, extend_clock
from clubscore.events.links import revoke_table_links
from clubscore.events.models import Event, ScoreEntry
from clubscore.scorekeeping.live import live_version

from .conftest import GOOD_TEAM, SMALL_TEAM, links, url

pytestmark = pytest.mark.django_db

LIVE_URL = re.compile(r'<section id="live"[^>]*\bhx-get="([^"]+)"')


def poll_url(response) -> str:
    """The URL the page's live part polls, as htmx reads it from the page."""
    found = LIVE_URL.search(response.content.decode())
    assert found, "the card has no polling live part"
    return html.unescape(found.group(1))


def poll(client, address: str):
    return client.get(address, HTTP_HX_REQUEST="true")


def post(client, link, name, data):
    return client.post(url(link, name), {"idem": uuid.uuid4().hex, **data})


@pytest.fixture
def table(running):
    event = running(tables=2)
    one, two = links(event)
    return event, one, two


def test_nothing_new_answers_204_with_one_query(client, table):
    _event, one, _two = table
    address = poll_url(client.get(url(one)))
    assert "v=" in address and "until=" in address
    with CaptureQueriesContext(connection) as queries:
        response = poll(client, address)
    assert response.status_code == 204
    assert response.content == b""
    assert len(queries) == 1


def test_the_other_teams_hand_shows_at_the_next_poll(client, table):
    _event, one, two = table
    post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM})
    address = poll_url(client.get(url(one)))
    post(client, two, "entry", {"number": 1, "version": 0, **SMALL_TEAM})
    response = poll(client, address)
    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="pending-1"' in page
    # The hands and totals come along, swapped in below the entry form (out of band).
    hands = page[page.index('<section id="hands"') :]
    assert hands.startswith(
        '<section id="hands" class="hands" aria-labelledby="hands-title" hx-swap-oob="true">'
    )
    assert 'hands-table"' in hands and "Σ" in hands
    # The fresh part polls with the fresh version: nothing new again after it.
    assert poll(client, poll_url(response)).status_code == 204


def test_typing_a_draft_does_not_wake_the_other_tablet(client, table):
    _event, one, two = table
    post(client, two, "draft", {"number": 1, **SMALL_TEAM})  # the hand's row is made
    address = poll_url(client.get(url(one)))
    response = post(client, two, "draft", {"number": 1, **SMALL_TEAM, "melded_aces": 4})
    assert response.status_code == 204 and response["X-Clubscore-Draft"] == "kept"
    assert poll(client, address).status_code == 204


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda event, one, two, client: extend_clock(event, 10), id="clock extended"),
        pytest.param(lambda event, one, two, client: call_time(event), id="time called"),
        pytest.param(
            lambda event, one, two, client: Event.objects.filter(pk=event.pk).update(
                status=Event.Status.TIME_CALLED
            ),
            id="status",
        ),
        pytest.param(
            lambda event, one, two, client: ScoreEntry.objects.get(
                table=one.table, number=1
            ).save(),
            id="hand saved in the admin",
        ),
        pytest.param(
            lambda event, one, two, client: post(
                client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM}
            ),
            id="own hand saved on another tablet",
        ),
    ],
)
def test_every_change_the_live_part_shows_reaches_the_tablet(client, table, change):
    event, one, two = table
    post(client, two, "entry", {"number": 1, "version": 0, **SMALL_TEAM})
    address = poll_url(client.get(url(one)))
    change(event, one, two, client)
    assert poll(client, address).status_code == 200


def test_a_confirmation_and_a_turn_in_reach_the_other_tablet(client, table):
    _event, one, two = table
    for number in (1, 2, 3):
        post(client, one, "entry", {"number": number, "version": 0, **GOOD_TEAM})
        post(client, two, "entry", {"number": number, "version": 0, **SMALL_TEAM})
        post(client, two, "confirm", {"number": number, "version": 1})
        if number < 3:
            post(client, one, "confirm", {"number": number, "version": 1})
    address = poll_url(client.get(url(two)))
    post(client, one, "confirm", {"number": 3, "version": 1})
    response = poll(client, address)
    assert response.status_code == 200
    assert "Turn in the card" in response.content.decode()
    address = poll_url(response)
    post(client, one, "turn_in", {})
    response = poll(client, address)
    assert response.status_code == 200
    assert "Card turned in at" in response.content.decode()


def test_the_clock_phase_ending_renders_the_part_again(client, table):
    _event, one, _two = table
    address = poll_url(client.get(url(one)))
    # The page carries when its clock phase ends; a poll after that renders again.
    past = re.sub(r"until=\d+", "until=1", address)
    assert poll(client, past).status_code == 200
    assert poll(client, address).status_code == 204


def test_an_old_page_without_a_version_gets_the_part(client, table):
    _event, one, _two = table
    response = poll(client, url(one) + "?live=1")
    assert response.status_code == 200
    assert "v=" in poll_url(response)


def test_a_guessed_version_opens_nothing(client, table):
    _event, one, _two = table
    forged = url(one).replace(one.token, "x" * len(one.token))
    forged += f"?live=1&v={live_version(one.token)}"
    assert poll(client, forged).status_code == 404


@pytest.mark.parametrize("ending", ["revoked", "final"])
def test_a_dead_link_stops_answering_204(client, table, ending):
    event, one, _two = table
    address = poll_url(client.get(url(one)))
    if ending == "revoked":
        revoke_table_links(one.table)
        assert poll(client, address).status_code == 404
    else:
        Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
        # The tablet reloads, and the page says the evening is over.
        answer = poll(client, address)
        assert answer.status_code == 200 and answer.headers["HX-Refresh"] == "true"
        page = client.get(url(one))
        assert page.status_code == 200 and "The evening is over" in page.content.decode()
    assert live_version(one.token) is None


def test_the_version_tells_tables_apart(client, running):
    event = running(tables=2)
    first, second = links(event, 1)[0], links(event, 2)[0]
    assert live_version(first.token) != live_version(second.token)
    before = live_version(second.token)
    post(client, first, "entry", {"number": 1, "version": 0, **GOOD_TEAM})
    assert live_version(second.token) == before
