"""The home page lists the club's events in a fixed number of queries."""

import pytest
from django.urls import reverse

from clubscore.events.models import CheckIn, Event

pytestmark = pytest.mark.django_db


def test_it_lists_events(client, make_event):
    make_event(name="Friday Hand and Foot", status=Event.Status.CHECK_IN)
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert "Friday Hand and Foot" in response.content.decode()


def test_it_hides_drafts_from_strangers(client, make_event):
    make_event(name="Secret plans", status=Event.Status.DRAFT)
    assert "Secret plans" not in client.get(reverse("home")).content.decode()


def test_it_shows_drafts_to_the_organizer(organizer_client, make_event):
    make_event(name="Secret plans", status=Event.Status.DRAFT)
    assert "Secret plans" in organizer_client.get(reverse("home")).content.decode()


def test_query_count_does_not_grow_with_events(
    client, make_event, make_player, django_assert_num_queries
):
    def add_events(count):
        for index in range(count):
            event = make_event(name=f"Evening {index}", status=Event.Status.CHECK_IN)
            CheckIn.objects.create(event=event, player=make_player())

    add_events(2)
    with django_assert_num_queries(1) as few:
        client.get(reverse("home"))
    add_events(20)
    with django_assert_num_queries(len(few.captured_queries)):
        response = client.get(reverse("home"))
    assert response.content.decode().count("event-card") == 22


def test_it_speaks_german(client, make_event):
    make_event(name="Abend", status=Event.Status.CHECK_IN)
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="de")
    assert "Veranstaltungen" in response.content.decode()
