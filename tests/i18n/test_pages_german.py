"""With German chosen, the tablets and the draw page show the games' and the draw's messages
in German: errors on the field at fault, result lines, what fits, broken soft rules."""

from __future__ import annotations

import re
import uuid

import pytest
from django.conf import settings
from django.urls import reverse

from clubscore.club.models import Player
from clubscore.events import services
from clubscore.events.clock import start_clock
from clubscore.events.models import DrawRecord, Event, ScorekeeperLink

pytestmark = pytest.mark.django_db


def speak(client, language: str):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def tablet_links(event) -> list[ScorekeeperLink]:
    return list(
        ScorekeeperLink.objects.filter(table__round__event=event, table__number=1).order_by(
            "team__number"
        )
    )


def enter(client, link: ScorekeeperLink, data: dict):
    form = {"idem": uuid.uuid4().hex, "number": 1, "version": 0, **data}
    return client.post(reverse("scorekeeping:entry", args=[link.token]), form)


def test_an_impossible_entry_is_refused_in_german_on_its_field(client, drawn_event):
    one, _two = tablet_links(start_clock(drawn_event()))
    response = enter(speak(client, "de"), one, {"red_books": 1, "melded_aces": 3})
    page = response.content.decode()
    assert response.status_code == 200
    assert (
        '<div id="err-red_books" class="field-errors"><p class="field-error" role="alert">'
        "1 rote und 0 schwarze Bücher brauchen mindestens 7 natürliche Karten (Asse und K–4), "
        "ausgelegt wurden aber nur 3.</p>"
    ) in page
    assert "natural cards" not in page

    # The same entry in English reads as the game wrote it.
    page = enter(speak(client, "en"), one, {"red_books": 1, "melded_aces": 3}).content.decode()
    assert "1 red and 0 black books need at least 7 natural cards" in page


def test_the_other_team_checks_the_hand_in_german(client, drawn_event):
    one, two = tablet_links(start_clock(drawn_event()))
    team = {"red_books": 2, "black_books": 2, "went_out": "on", "exact_deals": 1}
    team |= {"melded_jokers": 1, "melded_twos": 2, "melded_aces": 4}
    team |= {"melded_high": 12, "melded_low": 10, "in_hand_low": 2}
    assert enter(client, one, team).status_code == 302
    assert enter(client, two, {"melded_aces": 3}).status_code == 302

    card = reverse("scorekeeping:card", args=[two.token])
    page = speak(client, "de").get(card).content.decode()
    for line in ("2 rote Bücher", "2 schwarze Bücher", "1 Joker", "4 Asse", "Ausgehen"):
        assert f"<li>{line} <span" in page
    assert "<li>Auf der Hand: 2 niedrige Karten (9–4) <span" in page
    assert "red books" not in page
    page = speak(client, "en").get(card).content.decode()
    assert "<li>In hand: 2 low cards (9–4) <span" in page


def test_the_draw_page_speaks_german(organizer_client, make_event, make_player):
    event = make_event(status=Event.Status.CHECK_IN)
    services.check_in(
        event, [make_player(name, "Lux") for name in ("Ann", "Bob", "Cy", "Di", "Ed")]
    )
    url = reverse("events:draw", args=[event.pk])
    speak(organizer_client, "de")

    page = organizer_client.get(url).content.decode()
    assert (
        "5 angemeldet: 1 Tisch mit vier Plätzen; einer übrig: aussetzen lassen oder noch drei dazu"
    ) in page

    # Refused: the draw's own message, in German.
    response = organizer_client.post(url, {})
    assert response.status_code == 200
    assert (
        "5 Spieler: ein Tisch mit vier Plätzen fasst 4; "
        "1 aussetzen lassen oder noch 3 Spieler dazuholen"
    ) in response.content.decode()

    # Drawn with a sit-out: why, in German; the same stored draw reads in English too.
    page = organizer_client.post(url, {"allow_sit_out": "on"}, follow=True).content.decode()
    (record,) = DrawRecord.objects.filter(round__event=event)
    (out,) = record.result["sitting_out"]
    assert out["reason"] == (
        "5 players: a table of four seats 4; has not sat out recently; drawn by lot"
    )
    assert (
        "5 Spieler: ein Tisch mit vier Plätzen fasst 4; hat zuletzt nicht ausgesetzt; "
        "per Los bestimmt"
    ) in page
    assert out["reason"] not in page
    assert out["reason"] in speak(organizer_client, "en").get(url).content.decode()


def test_broken_soft_rules_are_named_in_german(organizer_client, make_event, make_couple):
    event = make_event(status=Event.Status.CHECK_IN)
    couples = [make_couple("Ann", "Al", "Smith"), make_couple("Bea", "Bob", "Jones")]
    services.check_in(event, [p for c in couples for p in (c.player_a, c.player_b)])
    url = reverse("events:draw", args=[event.pk])
    speak(organizer_client, "de").post(url, {})

    # Four players, two couples, one table: both couples share it (a soft rule broken).
    (warning,) = DrawRecord.objects.get(round__event=event).result["warnings"]
    ids = re.fullmatch(
        r"2 couples share a table \(table 1: (\d+) and (\d+), (\d+) and (\d+)\)", warning
    )
    assert ids, warning
    names = {str(player.pk): player.name for player in Player.objects.all()}
    a, b, c, d = (names[pk] for pk in ids.groups())
    assert {a, b, c, d} == {"Ann Smith", "Al Smith", "Bea Jones", "Bob Jones"}
    german = f"2 Paare sitzen am selben Tisch (Tisch 1: {a} und {b}, {c} und {d})"
    page = organizer_client.get(url).content.decode()
    assert f"<li>{german}</li>" in page  # the draw's list of broken soft rules
    assert f"⚠ Paare an diesem Tisch: {a} und {b}, {c} und {d}</p>" in page  # at the table
    english = f"2 couples share a table (table 1: {a} and {b}, {c} and {d})"
    page = speak(organizer_client, "en").get(url).content.decode()
    assert f"<li>{english}</li>" in page
    assert f"⚠ Couples at this table: {a} and {b}, {c} and {d}</p>" in page


def test_the_game_is_named_in_german(organizer_client, make_event):
    event = make_event(game="exact_bid")
    page = speak(organizer_client, "de").get(reverse("events:detail", args=[event.pk]))
    assert "Stichansage" in page.content.decode()
    page = speak(organizer_client, "en").get(reverse("events:detail", args=[event.pk]))
    assert "Exact-bid trick game" in page.content.decode()
