"""Guesses sent at once are all counted: no more passwords are checked than the limit."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from clubscore.accounts import device
from clubscore.accounts.models import MAX_FAILURES, LoginAttempt
from tests.races import at_once

from .hashers import CountingHasher

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL: SQLite's test database serialises every request anyway; "
        "CI runs this test on PostgreSQL",
    ),
]
PASSWORD = "a-long-organizer-pass"
BEFORE = 3  # wrong passwords one after another
AT_ONCE = 8  # then sent in parallel


@pytest.fixture
def counting_hasher(settings):
    settings.PASSWORD_HASHERS = ["tests.security.hashers.CountingHasher"]
    CountingHasher.checked = 0
    return CountingHasher


def login(username: str, password: str, address: str) -> str:
    response = Client(REMOTE_ADDR=address).post(
        reverse("login"), {"username": username, "password": password}
    )
    return response.content.decode() if response.status_code == 200 else "logged in"


def burst(username: str, addresses: list[str]) -> list[str]:
    """Send one wrong password per address, all released at the same instant."""
    return at_once(lambda address: login(username, "wrong", address), [(a,) for a in addresses])


@pytest.mark.parametrize("rounds", range(3))
def test_parallel_guesses_for_one_username_check_at_most_the_limit(
    counting_hasher, organizer, rounds
):
    for n in range(BEFORE):
        login("director", "wrong", f"10.0.0.{n}")
    checked_before = counting_hasher.checked
    assert checked_before == BEFORE

    pages = burst("director", [f"10.1.0.{n}" for n in range(AT_ONCE)])

    checked = counting_hasher.checked - checked_before
    assert checked <= MAX_FAILURES - BEFORE, f"{checked} of {AT_ONCE} guesses were checked"
    refused = [page for page in pages if "Too many failed attempts" in page]
    assert len(refused) == AT_ONCE - checked
    assert LoginAttempt.objects.filter(succeeded=False).count() == BEFORE + checked
    # Two guesses that race may both see the other and both be refused (fewer checked,
    # never more); once the limit is reached, the organizer's right password waits too.
    locked = BEFORE + checked >= MAX_FAILURES
    assert ("Too many failed attempts" in login("director", PASSWORD, "192.0.2.1")) == locked
    print(f"checked {checked} of {AT_ONCE} parallel guesses after {BEFORE}")


def test_parallel_guesses_from_one_address_check_at_most_the_limit(counting_hasher, organizer):
    pages = burst("director", ["203.0.113.9"] * AT_ONCE)
    assert counting_hasher.checked <= MAX_FAILURES
    assert sum("Too many failed attempts" in page for page in pages) >= AT_ONCE - MAX_FAILURES


def test_parallel_guesses_from_the_organizers_own_device_check_at_most_the_limit(
    counting_hasher, organizer
):
    """The device cookie (accounts/device.py) counts per username and address: guesses
    sent at once from a device that logged in before are still counted race-safely."""
    tablet = Client(REMOTE_ADDR="192.0.2.20")
    tablet.post(reverse("login"), {"username": "director", "password": PASSWORD})
    cookie = tablet.cookies[device.COOKIE].value
    checked_before = counting_hasher.checked

    def guess() -> str:
        client = Client(REMOTE_ADDR="192.0.2.20")
        client.cookies[device.COOKIE] = cookie
        response = client.post(reverse("login"), {"username": "director", "password": "x"})
        return response.content.decode()

    pages = at_once(guess, AT_ONCE)
    checked = counting_hasher.checked - checked_before
    assert checked <= MAX_FAILURES, f"{checked} of {AT_ONCE} guesses were checked"
    assert sum("Too many failed attempts" in page for page in pages) == AT_ONCE - checked
