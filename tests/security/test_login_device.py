"""The throttle per username and address: someone guessing on the Wi-Fi does not lock the
organizer's own device out, and guessing stays as slow as before."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.core import signing
from django.test import Client
from django.urls import reverse

from clubscore.accounts import device
from clubscore.accounts.models import MAX_FAILURES, LoginAttempt

pytestmark = pytest.mark.django_db
START = dt.datetime(2026, 11, 27, 19, 0, tzinfo=dt.UTC)
PASSWORD = "a-long-organizer-pass"
ORGANIZERS_TABLET = "192.168.1.20"
GUESSER = "192.168.1.66"


@pytest.fixture
def frozen():
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller


def attempt(client: Client, password: str = "wrong", username: str = "director", **extra):
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


def locked(response) -> bool:
    return "Too many failed attempts" in response.content.decode()


@pytest.fixture
def tablet(organizer, frozen) -> Client:
    """The organizer's own tablet: it logged in last week (and logged out)."""
    client = Client(REMOTE_ADDR=ORGANIZERS_TABLET)
    assert attempt(client, PASSWORD).status_code == 302
    assert device.COOKIE in client.cookies
    client.post(reverse("logout"))
    frozen.shift(dt.timedelta(days=7))
    return client


def test_a_guesser_does_not_lock_the_organizers_own_device_out(tablet):
    guesser = Client(REMOTE_ADDR=GUESSER)
    for _ in range(MAX_FAILURES):
        assert not locked(attempt(guesser))
    assert locked(attempt(guesser, PASSWORD))  # the guesser stays locked, right or wrong
    # Any other device without the cookie is locked for the username too (as before).
    assert locked(attempt(Client(REMOTE_ADDR="192.168.1.30"), PASSWORD))
    assert attempt(tablet, PASSWORD).status_code == 302


def test_guessing_from_many_addresses_stays_as_slow_as_before(organizer, frozen):
    for n in range(MAX_FAILURES):
        assert not locked(attempt(Client(REMOTE_ADDR=f"10.0.0.{n}")))
    # The sixth guess, from yet another address, is not checked.
    assert locked(attempt(Client(REMOTE_ADDR="10.0.0.99")))
    assert LoginAttempt.objects.filter(succeeded=False).count() == MAX_FAILURES


def test_the_organizers_device_is_throttled_for_its_own_guesses(tablet):
    for _ in range(MAX_FAILURES):
        assert not locked(attempt(tablet))
    assert locked(attempt(tablet, PASSWORD))


def test_the_device_cookie_counts_only_for_its_username(tablet):
    guesser = Client(REMOTE_ADDR=GUESSER)
    for name in ["ann", "bob", "cy", "dee", "eve"]:
        attempt(guesser, username=name)
    for n in range(MAX_FAILURES):
        attempt(Client(REMOTE_ADDR=f"10.0.0.{n}"), username="nobody")
    # The tablet knows "director", not "nobody": for "nobody" it is any device.
    assert locked(attempt(tablet, username="nobody"))
    assert attempt(tablet, PASSWORD).status_code == 302


def test_a_made_up_cookie_is_not_believed(organizer, frozen):
    guesser = Client(REMOTE_ADDR=GUESSER)
    for _ in range(MAX_FAILURES):
        attempt(Client(REMOTE_ADDR="10.0.0.1"))
    guesser.cookies[device.COOKIE] = '["director"]'  # not signed
    assert locked(attempt(guesser, PASSWORD))
    guesser.cookies[device.COOKIE] = signing.get_cookie_signer(salt="other").sign('["director"]')
    assert locked(attempt(guesser, PASSWORD))


def test_the_cookie_is_httponly_lax_and_lasts_a_season(organizer, frozen, settings):
    settings.SESSION_COOKIE_SECURE = True
    client = Client(REMOTE_ADDR=ORGANIZERS_TABLET)
    response = attempt(client, PASSWORD)
    cookie = response.cookies[device.COOKIE]
    assert cookie["httponly"] and cookie["secure"] and cookie["samesite"] == "Lax"
    assert int(cookie["max-age"]) >= 300 * 24 * 3600


def test_the_admin_login_knows_the_device_too(tablet):
    for _ in range(MAX_FAILURES):
        attempt(Client(REMOTE_ADDR=GUESSER))
    response = tablet.post(reverse("admin:login"), {"username": "director", "password": PASSWORD})
    assert response.status_code == 302
