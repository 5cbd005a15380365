"""A player checked in after the draw has no seat: the dashboard says so at the top and
links the draw page (a walk saw the warning on the draw page only)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

from clubscore.events import services
from clubscore.events.models import Event

pytestmark = pytest.mark.django_db

ALERT = "checked in after the draw and"


def dashboard(client, event) -> str:
    return client.get(reverse("dashboard:event", args=[event.pk])).content.decode()


def test_a_late_check_in_is_said_at_the_top_until_the_tables_are_drawn_again(
    organizer_client, make_event, make_player
):
    event = make_event("laus", options={"rounds": 1})
    services.check_in(event, [make_player(f"L{n}", "Laus") for n in range(8)])
    services.draw_round(event, seed=7)
    assert ALERT not in dashboard(organizer_client, event)

    services.check_in(event, [make_player("Late", "Comer")])
    page = dashboard(organizer_client, event)
    draw_url = reverse("events:draw", args=[event.pk])
    assert f'<a class="button warning" href="{draw_url}">1 player checked in after the draw' in page
    assert "1 player checked in after the draw and has no seat</a>" in page
    services.check_in(event, [make_player("Later", "Comer")])
    assert "2 players checked in after the draw and have no seat" in dashboard(
        organizer_client, event
    )
    organizer_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    assert "2 Spieler nach der Auslosung angemeldet, noch ohne Platz" in dashboard(
        organizer_client, event
    )
    organizer_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"

    # Drawn again (10 players: tables of five do not fit Laus, so by lot some sit out):
    # whoever sits out checked in before this draw, and nobody is said late.
    services.draw_round(event, seed=8, allow_sit_out=True)
    assert ALERT not in dashboard(organizer_client, event)


def test_a_final_evening_says_nothing_of_late_check_ins(organizer_client, make_event, make_player):
    event = make_event("laus", options={"rounds": 1})
    services.check_in(event, [make_player(f"L{n}", "Laus") for n in range(4)])
    services.draw_round(event, seed=7)
    services.check_in(event, [make_player("Late", "Comer")])
    assert "1 player checked in after the draw" in dashboard(organizer_client, event)
    event.status = Event.Status.FINAL
    event.save(update_fields=["status"])
    assert ALERT not in dashboard(organizer_client, event)
