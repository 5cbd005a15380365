"""The database away for a moment: the tablet is told to try again (503), not a bare 500."""

from __future__ import annotations

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse

from clubscore import middleware

MESSAGE = "The score server is busy, please try again."


@pytest.fixture
def database_down(outage, drawn_event):
    """A real card's link, with the database gone: each request fails in the driver."""
    from clubscore.events.clock import start_clock
    from clubscore.events.models import ScorekeeperLink

    event = start_clock(drawn_event(tables=1))
    link = ScorekeeperLink.objects.filter(table__round__event=event).first()
    outage.away()
    return link


def card_url(link, name: str = "card") -> str:
    return reverse(f"scorekeeping:{name}", args=[link.token])


def test_a_page_says_try_again_with_503(client, database_down):
    response = client.get(card_url(database_down))
    assert response.status_code == 503
    assert response["Retry-After"] == str(middleware.RETRY_AFTER_SECONDS)
    assert response["Cache-Control"] == "no-store"
    html = response.content.decode()
    assert html.startswith("<!doctype html>") and 'lang="en"' in html
    assert MESSAGE in html and 'role="alert"' in html
    # The site's headers still apply (the response passes the other middleware).
    assert "Content-Security-Policy" in response
    assert response["X-Frame-Options"] == "DENY"


def test_a_score_form_sent_while_the_database_is_away_says_try_again(database_down):
    client = Client(enforce_csrf_checks=False)
    url = card_url(database_down, "entry")
    response = client.post(url, {"number": 1, "version": 0, "idem": "f" * 32})
    assert response.status_code == 503
    assert MESSAGE in response.content.decode()


def test_htmx_gets_a_fragment_the_tablet_shows(client, database_down):
    response = client.get(card_url(database_down) + "?live=1", headers={"HX-Request": "true"})
    assert response.status_code == 503
    html = response.content.decode()
    assert not html.startswith("<!doctype")
    assert html == f'<p class="message error server-busy" role="alert">{MESSAGE}</p>'


def test_the_message_is_translated(client, database_down):
    response = client.get(card_url(database_down), headers={"Accept-Language": "de"})
    html = response.content.decode()
    assert response.status_code == 503
    assert 'lang="de"' in html
    # The real German catalogue's words.
    assert "Der Punkte-Server ist gerade ausgelastet" in html and MESSAGE not in html


def test_the_card_opens_again_once_the_database_is_back(client, outage, database_down):
    assert client.get(card_url(database_down)).status_code == 503
    outage.back()
    assert client.get(card_url(database_down)).status_code == 200


def test_other_errors_are_left_alone():
    """Only the database's errors become "try again": a bug stays a 500 (Django's)."""
    request = RequestFactory().get("/")
    unavailable = middleware.DatabaseUnavailableMiddleware(lambda request: None)
    assert unavailable.process_exception(request, RuntimeError("a bug")) is None
    assert unavailable.process_exception(request, ValueError("a bug")) is None
