"""The database away for a moment: the tablet is told to try again (503), not a bare 500."""

from __future__ import annotations

import pytest
from django.db import InterfaceError, OperationalError
from django.test import Client
from django.urls import reverse
from django.utils import translation

from clubscore import middleware
from clubscore.scorekeeping import services

MESSAGE = "The score server is busy, please try again."


@pytest.fixture
def database_down(monkeypatch):
    def down(error: type[Exception] = OperationalError):
        def fail(*args, **kwargs):
            raise error("connection to server at 127.0.0.1 port 5432 failed: Connection refused")

        # Every tablet request starts with one of these two reads.
        monkeypatch.setattr(services, "load_card", fail)
        monkeypatch.setattr(services, "live_version", fail)

    return down


def card_url() -> str:
    return reverse("scorekeeping:card", args=["a" * 43])


@pytest.mark.parametrize("error", [OperationalError, InterfaceError])
def test_a_page_says_try_again_with_503(client, database_down, error):
    database_down(error)
    response = client.get(card_url())
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
    database_down()
    client = Client(enforce_csrf_checks=False)
    url = reverse("scorekeeping:entry", args=["a" * 43])
    response = client.post(url, {"number": 1, "version": 0, "idem": "f" * 32})
    assert response.status_code == 503
    assert MESSAGE in response.content.decode()


def test_htmx_gets_a_fragment_the_tablet_shows(client, database_down):
    database_down()
    response = client.get(card_url() + "?live=1", headers={"HX-Request": "true"})
    assert response.status_code == 503
    html = response.content.decode()
    assert not html.startswith("<!doctype")
    assert html == f'<p class="message error server-busy" role="alert">{MESSAGE}</p>'


def test_the_message_is_translated(client, database_down, monkeypatch):
    database_down()
    catalog = {MESSAGE: "Der Server ist gerade beschäftigt, bitte noch einmal versuchen."}
    real = translation.gettext
    monkeypatch.setattr(middleware, "_", lambda text: catalog.get(text, real(text)))
    response = client.get(card_url(), headers={"Accept-Language": "de"})
    html = response.content.decode()
    assert response.status_code == 503
    assert 'lang="de"' in html and catalog[MESSAGE] in html


def test_other_errors_are_left_alone(client, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug, not the database")

    monkeypatch.setattr(services, "load_card", broken)
    client.raise_request_exception = False
    response = client.get(card_url())
    assert response.status_code == 500
