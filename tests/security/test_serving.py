"""Production serving: gunicorn's settings and the settings' refusal to run half-configured."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")


def run(args: list[str], **env: str) -> subprocess.CompletedProcess:
    # Only what the test sets: not the browser tests' flag, not the caller's secrets.
    dropped = {"DJANGO_ALLOW_ASYNC_UNSAFE", "SECRET_KEY", "DEBUG", "HTTPS"}
    clean = {k: v for k, v in os.environ.items() if k not in dropped}
    return subprocess.run(
        args, cwd=ROOT, env=clean | env, capture_output=True, text=True, timeout=120
    )


def test_gunicorn_takes_its_workers_and_bind_from_the_environment():
    result = run(
        [str(GUNICORN), "--print-config", "clubscore.wsgi"],
        WEB_CONCURRENCY="5",
        HOST="0.0.0.0",
        PORT="8123",
        SECRET_KEY="x" * 50,
        DEBUG="false",
    )
    assert result.returncode == 0, result.stderr
    config = {
        key.strip(): value.strip()
        for key, _, value in (line.partition(" = ") for line in result.stdout.splitlines())
    }
    assert config["workers"] == "5"
    assert config["bind"] == "['0.0.0.0:8123']"
    assert config["accesslog"] == "-"
    assert int(config["timeout"]) == 30


def test_without_a_secret_key_production_refuses_to_start_and_says_what_to_set():
    code = "import django, os; os.environ['DJANGO_SETTINGS_MODULE'] = 'clubscore.settings'; "
    result = run([sys.executable, "-c", code + "django.setup()"], DEBUG="false")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_a_plain_http_club_laptop_gets_no_https_redirect_or_secure_cookies():
    code = (
        "from django.conf import settings as s; "
        "print(s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, "
        "s.SECURE_HSTS_SECONDS)"
    )
    env = {"DEBUG": "false", "SECRET_KEY": "y" * 50, "DJANGO_SETTINGS_MODULE": "clubscore.settings"}
    plain = run(
        [sys.executable, "-c", "import django; django.setup(); " + code], HTTPS="false", **env
    )
    assert plain.stdout.split() == ["False", "False", "False", "0"], plain.stderr
    secure = run([sys.executable, "-c", "import django; django.setup(); " + code], **env)
    assert secure.stdout.split() == ["True", "True", "True", "31536000"], secure.stderr
