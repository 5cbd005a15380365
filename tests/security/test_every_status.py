"""Every organizer page and PDF of an evening, in every state it can be in, drawn or not.

The hostile-input walk (`test_hostile_input`) throws bad values at a running evening
with tables; this walks the calm path of every other state: an evening still being set
up, at the door with nobody seated, drawn, running, time called, final. The printed
standings of an evening at the door made a 500 (their column of marks had no width).
"""

from __future__ import annotations

import pytest
from django.test import Client

from clubscore.events.models import Event, Table
from clubscore.games import GAMES
from clubscore.printing.documents import EVENT_DOCUMENTS

from .conftest import all_pages, url_for

pytestmark = pytest.mark.django_db

# An evening's own pages: those its id opens (Django's admin and the ones that need a
# table, an entry or a call of it are walked by the other tests).
EVENING_PAGES = [
    page
    for page in all_pages()
    if page.params
    and set(page.params) <= {"event_id", "what"}
    and not page.name.startswith("admin:")
]


@pytest.mark.parametrize("drawn", [False, True], ids=["not drawn", "drawn"])
@pytest.mark.parametrize("status", Event.Status.values)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_state_of_an_evening_makes_a_server_error(
    organizer, make_event, drawn_event, game, status, drawn
):
    event = drawn_event(game, tables=1) if drawn else make_event(game)
    Event.objects.filter(pk=event.pk).update(status=status)
    table = Table.objects.filter(round__event=event).first() or Table(pk=0)
    client = Client(raise_request_exception=False)
    client.force_login(organizer)
    urls = [url_for(page, event, table) for page in EVENING_PAGES if "what" not in page.params]
    urls += [f"/events/{event.pk}/print/{what}.pdf" for what in EVENT_DOCUMENTS]
    for language in ("en", "de"):
        client.cookies["django_language"] = language
        for url in urls:
            response = client.get(url)
            assert response.status_code < 500, (url, language, response.status_code)
    # What a click on each page sends with nothing filled in (a draw, finishing, ...).
    for url in urls:
        response = client.post(url, {})
        assert response.status_code < 500, ("POST", url, response.status_code)
