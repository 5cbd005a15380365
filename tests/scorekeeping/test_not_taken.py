"""A refusal of a form the tablet's queue sent (static/js/offline.js marks its posts)
comes as a page that says it, not as a redirect: the queue cannot read a redirect and
took it for "stored", and the message waited for some later page."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client

from clubscore.events.clock import start_clock
from clubscore.events.models import ScorekeeperLink

pytestmark = pytest.mark.django_db

HAND = {"number": 1, "version": 0, "melded_aces": 3, "red_books": 0, "black_books": 0}


@pytest.fixture
def confirm_stale(drawn_event):
    """Team 1 confirms team 2's hand 1 as it was before team 2 changed it."""
    event = start_clock(drawn_event(tables=1))
    links = ScorekeeperLink.objects.filter(table__round__event=event).order_by("team__number")
    team1, team2 = links
    for link in (team1, team2):
        assert Client().post(f"/s/{link.token}/entry/", HAND).status_code == 302
    changed = {**HAND, "version": 1, "melded_aces": 5}
    assert Client().post(f"/s/{team2.token}/entry/", changed).status_code == 302

    def send(queued: bool):
        headers = {"HTTP_X_CLUBSCORE_QUEUE": "1"} if queued else {}
        sent = {"number": 1, "version": 1, "idem": uuid.uuid4().hex}
        return Client().post(f"/s/{team1.token}/confirm/", sent, **headers)

    return send


def test_the_queue_is_answered_with_a_page_that_says_it(confirm_stale):
    answer = confirm_stale(queued=True)
    assert answer.status_code == 200
    page = answer.content.decode()
    # Which hand: a queue sends several, shown above whichever the card shows first.
    assert 'role="alert">Hand 1: The hand changed in the meantime; check it again.</p>' in page
    assert "<form" not in page.split('id="main"')[1]  # the queue shows it above the card


def test_a_plain_form_is_redirected_to_the_card_with_the_message(confirm_stale):
    answer = confirm_stale(queued=False)
    assert answer.status_code == 302 and answer["Location"].endswith("#next")
