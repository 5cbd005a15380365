"""The server's part of offline tablets: the service worker, the manifest, the strings,
and when each link was last heard from (at most one write a minute)."""

from __future__ import annotations

import datetime
import json
import re

import pytest
import time_machine
from django.conf import settings
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from clubscore.events.models import ScorekeeperLink

from .conftest import links, url

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()
    yield
    cache.clear()


def test_the_service_worker_is_served_from_the_cards_scope(client):
    response = client.get("/s/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/s/"
    body = response.content.decode()
    # It knows the static files by the names the pages use; no template syntax is left.
    assert "/static/js/offline.js" in body and "/static/vendor/idb-keyval-6.3.0.umd.js" in body
    assert "{{" not in body and "{%" not in body


def test_the_service_worker_keeps_every_script_and_style_the_card_loads(client, running):
    """A card reloaded without network shows from what the worker kept: a script it does
    not keep (csrf.js, added to every page's head) would be missing offline."""
    link = links(running())[0]
    page = client.get(url(link)).content.decode()
    loaded = set(re.findall(r'(?:src|href)="(/static/[^"]+\.(?:js|css))"', page))
    assert loaded and "/static/js/csrf.js" in loaded
    kept = client.get("/s/sw.js").content.decode()
    assert {asset for asset in loaded if asset not in kept} == set()


def test_the_manifest_opens_the_card_and_stays_within_the_site(client, running):
    link = links(running())[0]
    response = client.get(url(link, "manifest"))
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["start_url"] == data["scope"] == url(link)
    assert {icon["sizes"] for icon in data["icons"]} >= {"192x192", "512x512"}
    assert all(icon["src"].startswith("/static/") for icon in data["icons"])
    assert client.get(url(link, "manifest").replace(link.token, "x" * 43)).status_code == 404


def test_the_card_page_links_the_manifest_and_passes_its_words_as_json(client, running):
    link = links(running())[0]
    page = client.get(url(link), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert url(link, "manifest") in page
    start = page.index('<script id="offline-strings" type="application/json">')
    words = json.loads(page[start:].split(">", 1)[1].split("</script>", 1)[0])
    assert words["waitingOne"] == "{count} wartet auf Versand"
    assert words["waitingOther"] == "{count} warten auf Versand"
    assert words["offlineSince"] == "Offline seit {time}"


def test_a_link_is_heard_from_at_most_once_a_minute(client, running):
    link = links(running())[0]
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        client.get(url(link))
        link.refresh_from_db()
        assert link.last_seen_at == start
        # Polls within the minute write nothing: the same queries as a poll always had.
        with CaptureQueriesContext(connection) as polled:
            client.get(url(link) + "?live=1&v=0", HTTP_HX_REQUEST="true")
        assert not [q for q in polled.captured_queries if q["sql"].startswith("UPDATE")]
    later = start + datetime.timedelta(seconds=61)
    with time_machine.travel(later, tick=False), CaptureQueriesContext(connection) as polled:
        client.get(url(link) + "?live=1&v=0", HTTP_HX_REQUEST="true")
    assert len([q for q in polled.captured_queries if q["sql"].startswith("UPDATE")]) == 1
    link.refresh_from_db()
    assert link.last_seen_at == later
    other = ScorekeeperLink.objects.exclude(pk=link.pk).filter(table=link.table).get()
    assert other.last_seen_at is None


def test_the_service_worker_is_served_with_the_production_static_files(client, tmp_path):
    """With DEBUG off the static files have hashed names from a manifest, which has no
    entry for the folder itself: the worker must not ask it for one (a 500 on every
    card, and no offline card, on the club's laptop)."""
    manifest = {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"}
    with override_settings(
        STATIC_ROOT=tmp_path, STORAGES={**settings.STORAGES, "staticfiles": manifest}
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
        response = client.get("/s/sw.js")
    assert response.status_code == 200
    body = response.content.decode()
    prefix = re.search(r'STATIC_PREFIX = ("[^"]*");', body).group(1)
    assert json.loads(prefix) == "/static/"
    assert "css/clubscore." in body and "css/clubscore.css" not in body  # the hashed name
