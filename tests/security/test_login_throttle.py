"""Organizer logins are throttled against guessing, in the database (every process sees it)."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from clubscore.accounts.models import LoginAttempt

START = dt.datetime(2026, 11, 27, 19, 0, tzinfo=dt.UTC)
PASSWORD = "a-long-organizer-pass"


def attempt(client: Client, username: str = "director", password: str = "wrong", **extra):
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


def fail_five_times(client: Client, username: str = "director", **extra) -> None:
    for _ in range(5):
        response = attempt(client, username, **extra)
        assert response.status_code == 200
        assert "Too many failed attempts" not in response.content.decode()


@pytest.fixture
def frozen():
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller


def test_it_logs_the_organizer_in(client, organizer, frozen):
    response = attempt(client, password=PASSWORD)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(organizer.pk)
    assert LoginAttempt.objects.get().succeeded is True


def test_it_refuses_the_right_password_after_five_failures(client, organizer, frozen):
    fail_five_times(client)
    response = attempt(client, password=PASSWORD)
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session
    page = response.content.decode()
    assert "Too many failed attempts. Try again in 15 minutes." in page
    assert 'role="alert"' in page
    # What was typed is kept.
    assert 'value="director"' in page


def test_it_counts_the_minutes_down_and_lets_in_after_fifteen(client, organizer, frozen):
    fail_five_times(client)
    frozen.shift(dt.timedelta(minutes=6, seconds=10))
    assert "Try again in 9 minutes." in attempt(client, password=PASSWORD).content.decode()
    frozen.shift(dt.timedelta(minutes=9))
    assert attempt(client, password=PASSWORD).status_code == 302


def test_refused_attempts_do_not_extend_the_lock(client, organizer, frozen):
    fail_five_times(client)
    for _ in range(10):
        frozen.shift(dt.timedelta(minutes=1))
        attempt(client)
    frozen.shift(dt.timedelta(minutes=5, seconds=1))
    assert attempt(client, password=PASSWORD).status_code == 302


def test_it_locks_the_username_from_any_address(client, organizer, frozen):
    fail_five_times(client, REMOTE_ADDR="10.0.0.1")
    response = attempt(Client(), password=PASSWORD, REMOTE_ADDR="10.0.0.2")
    assert "Too many failed attempts" in response.content.decode()


def test_it_locks_an_address_that_tries_many_usernames(client, organizer, frozen):
    for name in ["ann", "bob", "cy", "dee", "eve"]:
        attempt(client, name, REMOTE_ADDR="10.0.0.9")
    response = attempt(client, password=PASSWORD, REMOTE_ADDR="10.0.0.9")
    assert "Too many failed attempts" in response.content.decode()
    # Another address is not locked out for the organizer's own username.
    assert attempt(Client(), password=PASSWORD, REMOTE_ADDR="10.0.0.10").status_code == 302


def test_a_success_clears_the_usernames_earlier_failures(client, organizer, frozen):
    for _ in range(4):
        attempt(client, REMOTE_ADDR="10.0.0.1")
    assert attempt(Client(), password=PASSWORD, REMOTE_ADDR="10.0.0.2").status_code == 302
    for _ in range(4):
        frozen.shift(dt.timedelta(seconds=1))
        attempt(Client(), REMOTE_ADDR="10.0.0.3")
    assert attempt(Client(), password=PASSWORD, REMOTE_ADDR="10.0.0.4").status_code == 302


def test_usernames_are_counted_whatever_their_case(client, organizer, frozen):
    for name in ["director", "Director", "DIRECTOR", " director", "director "]:
        attempt(client, name)
    assert "Too many failed" in attempt(client, password=PASSWORD).content.decode()


def test_the_lock_is_in_the_database_not_in_the_process(client, organizer, frozen):
    # Failures recorded by another app server are rows like these.
    for _ in range(5):
        LoginAttempt.objects.create(username="director", ip="192.0.2.7", succeeded=False)
    response = attempt(client, password=PASSWORD, REMOTE_ADDR="198.51.100.1")
    assert "Too many failed attempts" in response.content.decode()


def test_the_admin_login_is_throttled_too(client, organizer, frozen):
    url = reverse("admin:login")
    for _ in range(5):
        client.post(url, {"username": "director", "password": "wrong"})
    response = client.post(url, {"username": "director", "password": PASSWORD})
    assert response.status_code == 200
    assert "Too many failed attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_behind_a_trusted_proxy_it_counts_the_forwarded_address(
    client, organizer, frozen, settings
):
    settings.TRUSTED_PROXY_COUNT = 1
    for _ in range(5):
        # The client's own X-Forwarded-For entry ("1.2.3.4", "5.6.7.8"...) is not believed.
        attempt(client, "nobody", HTTP_X_FORWARDED_FOR=f"1.2.3.{_}, 203.0.113.5")
    assert LoginAttempt.objects.filter(ip="203.0.113.5").count() == 5
    response = attempt(client, password=PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.5")
    assert "Too many failed attempts" in response.content.decode()


def test_a_login_costs_the_same_queries_however_many_attempts_are_stored(
    client, organizer, frozen, django_assert_num_queries
):
    def failed_login_queries() -> int:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as queries:
            attempt(Client(), "someone", REMOTE_ADDR="10.9.9.9")
        return len(queries)

    few = failed_login_queries()
    LoginAttempt.objects.bulk_create(
        LoginAttempt(username=f"user{i}", ip=f"10.0.{i // 250}.{i % 250}", succeeded=i % 3 == 0)
        for i in range(500)
    )
    assert failed_login_queries() == few
    with django_assert_num_queries(few):
        attempt(Client(), "someone-else", REMOTE_ADDR="10.9.9.8")


def test_an_empty_password_between_guesses_does_not_clear_the_count(client, organizer, frozen):
    """A post with the password left empty passed the form's clean without a password
    checked, and was recorded as a success: it cleared the failures and marked the
    device known, so guesses went on without a lock (fuzz walk of 2026-11-30)."""
    for _ in range(4):
        for _ in range(4):
            attempt(client)
        attempt(client, password="")
    response = attempt(client, password=PASSWORD)
    assert response.status_code == 200 and "Too many failed attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session
    assert not LoginAttempt.objects.filter(succeeded=True).exists()
