"""What third-party checkers asked for: private organizer pages, no indexing of the
cards, /robots.txt, the language cookie's flags, and one log line per 400."""

from __future__ import annotations

import io
import logging
import subprocess
import sys

import pytest
from django.test import Client
from django.urls import reverse

from clubscore.errors import OneLineFor400
from clubscore.events.models import ScorekeeperLink

from .conftest import all_pages, url_for
from .test_access import PUBLIC

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(drawn_event):
    return drawn_event("hand_and_foot", tables=2)


def cache_control(response) -> set[str]:
    return {part.strip() for part in response.get("Cache-Control", "").split(",")}


ORGANIZER_PAGES = [
    page
    for page in all_pages()
    if page.name not in PUBLIC
    and not page.name.startswith(("admin:", "scorekeeping:"))
    and "player_id" not in page.params  # players' pages are public (their own test)
]


def test_every_organizer_page_and_pdf_is_private_and_not_stored(organizer_client, event):
    table = event.rounds.get().tables.first()
    seen = set()
    for page in ORGANIZER_PAGES:
        url = url_for(page, event, table)
        response = organizer_client.get(url)
        if response.status_code != 200:
            continue
        seen.add(page.name)
        assert {"private", "no-store"} <= cache_control(response), url
    # The PDFs carry every table's private link (the QR codes).
    assert {"dashboard:event", "dashboard:standings", "printing:event_pdf"} <= seen
    assert {"events:detail", "events:checkin", "events:draw"} <= seen


def test_a_public_page_is_not_marked_private(client):
    assert "no-store" not in cache_control(client.get(reverse("dashboard:ladder")))


def test_scorekeeper_pages_say_noindex(client, event):
    link = ScorekeeperLink.objects.filter(table__round__event=event).first()
    for name in ("card", "qr", "manifest"):
        response = client.get(reverse(f"scorekeeping:{name}", args=[link.token]))
        assert response.status_code == 200, name
        assert response["X-Robots-Tag"] == "noindex, nofollow", name
    # A made-up link is not indexed either.
    missing = client.get(reverse("scorekeeping:card", args=["not-a-real-token"]))
    assert missing["X-Robots-Tag"] == "noindex, nofollow"
    assert "X-Robots-Tag" not in client.get(reverse("dashboard:ladder"))


def test_robots_txt_disallows_everything(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert response.content.decode().splitlines() == ["User-agent: *", "Disallow: /"]


def test_the_language_cookie_is_lax_httponly_and_secure_over_https(client, settings):
    settings.LANGUAGE_COOKIE_SECURE = True
    response = client.post(reverse("set_language"), {"language": "de", "next": "/"})
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "de"
    assert cookie["secure"] and cookie["httponly"] and cookie["samesite"] == "Lax"


@pytest.mark.parametrize(("https", "secure"), [(None, "True"), ("false", "False")])
def test_with_debug_off_the_language_cookie_is_secure_unless_plain_http(https, secure):
    env = {
        "PATH": "/usr/bin:/bin",
        "DEBUG": "false",
        "SECRET_KEY": "y" * 50,
        "DJANGO_SETTINGS_MODULE": "clubscore.settings",
    }
    if https:
        env["HTTPS"] = https
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.LANGUAGE_COOKIE_SECURE, s.LANGUAGE_COOKIE_SAMESITE)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
    )
    assert result.stdout.split() == [secure, "Lax"], result.stderr


@pytest.fixture
def log():
    """What the site's console handler writes (the handler of settings.LOGGING)."""
    handler = next(
        h
        for h in logging.getLogger().handlers
        if any(isinstance(f, OneLineFor400) for f in h.filters)
    )
    stream = io.StringIO()
    old = handler.setStream(stream)
    yield stream
    handler.setStream(old)


def test_a_bad_request_is_one_line_in_the_log(client, event, log):
    link = ScorekeeperLink.objects.filter(table__round__event=event).first()
    response = client.post(reverse("scorekeeping:entry", args=[link.token]), {"number": "999"})
    assert response.status_code == 400
    text = log.getvalue()
    assert "Traceback" not in text
    lines = text.strip().splitlines()
    assert len(lines) == 1 and "/entry/" in lines[0], text


def test_a_bad_host_header_is_one_line_in_the_log(log):
    response = Client(HTTP_HOST="evil.example").get("/")
    assert response.status_code == 400
    text = log.getvalue()
    assert "Traceback" not in text
    assert len(text.strip().splitlines()) == 1 and "evil.example" in text, text


def test_a_host_too_long_for_a_qr_code_is_a_bad_request(organizer_client, event, settings):
    """Where any host is allowed, a forged Host header thousands of characters long made
    every QR code (the SVGs and the PDFs that carry them) a 500."""
    settings.ALLOWED_HOSTS = ["*"]
    link = ScorekeeperLink.objects.filter(table__round__event=event).first()
    host = "x" * 2400 + ".example"
    urls = [
        reverse("scorekeeping:qr", args=[link.token]),
        reverse("playerpages:event_qr", args=[event.pk]),
        reverse("printing:event_pdf", args=[event.pk, "cards"]),
        reverse("printing:event_pdf", args=[event.pk, "poster"]),
    ]
    for url in urls:
        assert organizer_client.get(url, HTTP_HOST="club.example", follow=True).status_code == 200
        response = organizer_client.get(url, HTTP_HOST=host, follow=True)
        assert response.status_code == 400, url


def test_a_server_error_keeps_its_traceback():
    """Only 400s lose theirs: a 500 is a bug, and its traceback is what finds it."""
    try:
        raise ValueError("boom")
    except ValueError:
        record = logging.LogRecord(
            "django.request", logging.ERROR, __file__, 1, "x", None, sys.exc_info()
        )
    record.status_code = 500
    assert OneLineFor400().filter(record) and record.exc_info is not None
