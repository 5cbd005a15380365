"""The wall: table numbers and names for the room, with the tablets' links for the organizer."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubscore.events import services
from clubscore.events.models import Event, ScorekeeperLink

pytestmark = pytest.mark.django_db


def wall_url(event):
    return reverse("events:wall", args=[event.pk])


def test_it_shows_every_table_with_names_and_the_tablets_links(organizer_client, drawn_event):
    event = drawn_event(tables=3)
    page = organizer_client.get(wall_url(event)).content.decode()
    for number in (1, 2, 3):
        assert f"Table {number}</h2>" in page
    assert "P2A Table2" in page
    links = ScorekeeperLink.objects.filter(table__round__event=event)
    assert links.count() == 6
    for link in links:
        assert f'href="{link.get_absolute_url()}"' in page


def test_revoked_links_are_not_shown(organizer_client, drawn_event):
    event = drawn_event(tables=1)
    link = ScorekeeperLink.objects.first()
    ScorekeeperLink.objects.filter(pk=link.pk).update(revoked_at="2026-11-27T20:00Z")
    assert link.token not in organizer_client.get(wall_url(event)).content.decode()


def test_it_shows_who_sits_out_and_why(organizer_client, make_event, make_player):
    event = make_event(game="luxury_family", status=Event.Status.CHECK_IN)
    players = [make_player(f"Guest{i}", "Lux") for i in range(4)]
    services.check_in(event, players)
    outcome = services.draw_round(event, seed=4, allow_sit_out=True)
    (out,) = outcome.sitting_out
    name = next(p.name for p in players if str(p.pk) == out["player"])

    page = organizer_client.get(wall_url(event)).content.decode()
    assert "Sitting out this round" in page
    assert name in page and out["reason"] in page


def test_before_the_draw_it_says_so(organizer_client, make_event):
    event = make_event()
    assert "not been drawn yet" in organizer_client.get(wall_url(event)).content.decode()


def test_the_page_runs_a_fixed_number_of_queries(
    organizer_client, make_event, make_player, django_assert_num_queries
):
    event = make_event(status=Event.Status.CHECK_IN)

    def grow_and_draw(count):
        services.check_in(event, [make_player() for _ in range(count)])
        services.draw_round(event, seed=count, allow_sit_out=True)

    grow_and_draw(9)
    with django_assert_num_queries(9) as few:
        organizer_client.get(wall_url(event))
    grow_and_draw(81)  # ten times the players
    with django_assert_num_queries(len(few.captured_queries)):
        response = organizer_client.get(wall_url(event))
    assert response.content.decode().count('class="wall-table"') == 22
