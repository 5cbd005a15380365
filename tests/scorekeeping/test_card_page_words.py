"""The tablet page speaks each game's words: asked of the game, not restated per game."""

from __future__ import annotations

import pytest

from clubscore.events.models import ScoreEntry, Table
from clubscore.games import GAMES
from tests.payloads import laus_round

from .conftest import links, url

pytestmark = pytest.mark.django_db


def test_a_laus_round_is_disputed_as_a_round(client, running):
    event = running("laus", tables=1)
    (link,) = links(event)
    names = [seat.player.name for seat in link.table.seats.order_by("position")]
    payload = laus_round(names)
    ScoreEntry.objects.create(
        table=link.table,
        number=1,
        payload=payload,
        result=GAMES["laus"].score(payload),
        status=ScoreEntry.Status.ENTERED,
    )
    page = client.get(url(link) + "?dispute=1").content.decode()
    assert "<h2>Dispute round 1</h2>" in page
    assert "Dispute hand" not in page
    assert "<h2>Round 1: please check</h2>" in page
    # A way back to the round's numbers that sends nothing (only "Send" was there).
    dispute = page.split('<section id="dispute"', 1)[1].split("</section>", 1)[0]
    assert f'<a class="button big" href="{url(link)}#pending-1">Cancel</a>' in dispute
    assert 'id="pending-1"' in page


def test_the_exact_bid_trump_shows_its_suit(client, running):
    event = running("exact_bid", tables=1)
    (link,) = links(event)
    Table.objects.filter(pk=link.table_id).update(draw_details={"trumps": ["H", "S"]})
    page = client.get(url(link)).content.decode()
    assert '<strong class="trump">♥ hearts</strong>' in page
    client.cookies["django_language"] = "de"
    page = client.get(url(link), headers={"accept-language": "de"}).content.decode()
    assert '<strong class="trump">♥ Herz</strong>' in page


def _post(client, link, name, data):
    import uuid

    return client.post(url(link, name), {"idem": uuid.uuid4().hex, **data}, follow=True)


def test_every_message_of_a_round_game_says_round_in_english_and_german(
    client, organizer_client, running
):
    from django.test import Client
    from django.urls import reverse

    from .test_laus_threshold import round_data

    event = running("laus", tables=1)
    (link,) = links(event)
    tablet = Client()
    saved = _post(tablet, link, "entry", round_data(1)).content.decode()
    assert "Round 1 saved." in saved and "Hand 1" not in saved
    # Sent again from the page of an older version: the round changed in the meantime.
    stale = round_data(1) | {"version": 0}
    changed = _post(tablet, link, "entry", stale).content.decode()
    assert "Someone else changed this round in the meantime" in changed
    player = link.table.seats.order_by("position")[1].player_id
    confirm = {"number": 1, "version": 0, "player": player}
    changed = _post(tablet, link, "confirm", confirm).content.decode()
    assert "Round 1: The round changed in the meantime; check it again." in changed
    refused = _post(tablet, link, "turn_in", {}).content.decode()
    assert "Every round must be entered and confirmed before the card is turned in." in refused
    dashboard = organizer_client.get(reverse("dashboard:event", args=[event.pk]))
    assert "No disputed rounds." in dashboard.content.decode()

    tablet.cookies["django_language"] = "de"
    german = _post(tablet, link, "entry", round_data(2) | {"number": 2}).content.decode()
    assert "Runde 2 gespeichert." in german
    changed = _post(tablet, link, "confirm", confirm).content.decode()
    assert "Die Runde wurde inzwischen geändert; prüfen Sie sie noch einmal." in changed


def test_the_organizer_on_a_teams_card_is_not_spoken_to_as_its_scorekeeper(
    organizer_client, running
):
    """Opened from the dashboard, a team's card names whose it is, saves "as the
    organizer" and has no button to call the organizer; the team's own tablet keeps its
    words."""
    from django.test import Client
    from django.utils import timezone

    client = Client()  # the team's tablet (the organizer's client is logged in)
    one, _two = links(running())
    mine = client.get(url(one)).content.decode()
    assert "You keep score for" in mine and "Save our hand" in mine
    assert "Call the organizer" in mine
    page = organizer_client.get(url(one)).content.decode()
    assert "The card of" in page and "You keep score for" not in page
    assert "Save as the organizer" in page and "Save our hand" not in page
    assert "Call the organizer" not in page
    # A call from the table is read of the table, not as the table.
    from clubscore.events.calls import call_organizer

    call_organizer(one.table, reason="question")
    page = organizer_client.get(url(one)).content.decode()
    assert "This table has called the organizer." in page
    assert "Please wait at your table" not in page
    assert "Please wait at your table" in client.get(url(one)).content.decode()
    Table.objects.filter(pk=one.table_id).update(turned_in_at=timezone.now())
    page = organizer_client.get(url(one)).content.decode()
    assert "Thank you" not in page  # the organizer may still enter: the form shows
