"""What every page's head carries for the browser: the icon and htmx's CSP-safe config."""

from __future__ import annotations

import json
import re

from django.contrib.staticfiles import finders


def test_favicon_ico_answers_with_the_sites_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"] == "/static/img/favicon.svg"
    assert finders.find("img/favicon.svg")


def test_every_page_links_the_icon_and_turns_off_htmxs_inline_style(client, db):
    page = client.get("/login/").content.decode()
    assert '<link rel="icon" href="/static/img/favicon.svg" type="image/svg+xml">' in page
    config = re.search(r"<meta name=\"htmx-config\" content='([^']*)'>", page)
    assert config and json.loads(config.group(1)) == {"includeIndicatorStyles": False}
