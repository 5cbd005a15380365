"""Every page of an evening, in every state it can be in: not drawn, drawn, hands in,
a play-off drawn.

The hostile-input walk (`test_hostile_input`) throws bad values at a running evening;
this walks the calm path of every other state: an evening still being set up, at the
door with nobody seated, drawn, running, time called, final; its organizer's pages,
PDFs, the table's card and its call, a player's phone and the door's code, each in
English and German, read and then posted with nothing filled in. The printed standings
of an evening at the door made a 500 (their column of marks had no width).
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from clubscore.club.models import Player
from clubscore.events import calls, phones
from clubscore.events.clock import start_clock
from clubscore.events.models import Event, ScoreEntry, ScorekeeperLink, Seat, Table
from clubscore.games import GAMES
from clubscore.printing.documents import EVENT_DOCUMENTS
from clubscore.standings.playoffs import start_playoff
from tests.events.test_finish_every_game import GAMES_PLAYED, play

from .conftest import all_pages
from .test_hostile_input import _seed

pytestmark = pytest.mark.django_db

PARAMS = {"event_id", "table_id", "entry_id", "call_id", "token", "what"}
# An evening's own pages: those its ids open (Django's admin has its own tests).
EVENING_PAGES = [
    page
    for page in all_pages()
    if page.params and set(page.params) <= PARAMS and not page.name.startswith("admin:")
]


def _urls(event: Event) -> list[str]:
    """Every page of `event` with its real ids (0 for what it has none of yet)."""
    # The latest round's first table: the play-off's, once one is drawn.
    table = Table.objects.filter(round__event=event).order_by("-round__number", "pk").first()
    link = ScorekeeperLink.objects.filter(table=table).order_by("pk").first()
    entry = ScoreEntry.objects.filter(table=table).order_by("number").first()
    call = calls.open_call(table) if table else None
    seated = Seat.objects.filter(table=table).order_by("position").first()
    player = seated.player if seated else Player.objects.create(first_name="Ann", last_name="Lee")
    ids = {
        "event_id": event.pk,
        "table_id": table.pk if table else 0,
        "entry_id": entry.pk if entry else 0,
        "call_id": call.pk if call else 0,
    }
    # Whose token a page opens: the table's scorekeeper, a player, the door's code.
    tokens = {
        "scorekeeping": link.token if link else "no-link-yet",
        "playerpages:player": phones.link_for(event, player).token,
        "playerpages:call": phones.link_for(event, player).token,
        "playerpages": phones.phones_of(event).checkin_token,
    }
    urls = []
    for page in EVENING_PAGES:
        if "what" in page.params:
            continue
        if "token" in page.params:
            ids["token"] = tokens.get(page.name) or tokens[page.name.split(":")[0]]
        urls.append(reverse(page.name, kwargs={name: ids[name] for name in page.params}))
    return urls + [f"/events/{event.pk}/print/{what}.pdf" for what in EVENT_DOCUMENTS]


@pytest.mark.parametrize("made", ["not drawn", "drawn", "hands in", "play-off"])
@pytest.mark.parametrize("status", Event.Status.values)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_state_of_an_evening_makes_a_server_error(
    organizer, make_event, drawn_event, game, status, made
):
    event = make_event(game) if made == "not drawn" else drawn_event(game, tables=1)
    if made == "hands in":
        start_clock(event)
        _seed(event)  # one hand disputed, one entered
        calls.call_organizer(Table.objects.get(round__event=event), reason="question")
    if made == "play-off":  # every table played to a tie for first, its play-off drawn
        options, tied, payload_of = GAMES_PLAYED[game]
        event = start_clock(drawn_event(game, tables=tied, options=options))
        for table in Table.objects.filter(round__event=event):
            play(table, payload_of)
        start_playoff(event, seed=1)
    Event.objects.filter(pk=event.pk).update(status=status)
    urls = _urls(event)
    organizer_client = Client(raise_request_exception=False)
    organizer_client.force_login(organizer)
    for client in (organizer_client, Client(raise_request_exception=False)):
        for language in ("en", "de"):
            client.cookies["django_language"] = language
            for url in urls:
                response = client.get(url)
                assert response.status_code < 500, (url, language, response.status_code)
    # What a click on each page sends with nothing filled in (a draw, finishing, ...).
    for url in urls:
        response = organizer_client.post(url, {})
        assert response.status_code < 500, ("POST", url, response.status_code)
