"""The home page lists the club's events in a fixed number of queries."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

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


def test_tonights_evening_comes_first_then_upcoming_then_recent(client, make_event):
    today = timezone.localdate()
    day = datetime.timedelta(days=1)
    make_event(name="Last week", date=today - 7 * day, status=Event.Status.FINAL)
    make_event(name="In two weeks", date=today + 14 * day, status=Event.Status.CHECK_IN)
    make_event(name="Yesterday", date=today - day, status=Event.Status.FINAL)
    make_event(name="Tonight", date=today, status=Event.Status.RUNNING)
    make_event(name="In four days", date=today + 4 * day, status=Event.Status.CHECK_IN)
    names = [event.name for event in client.get(reverse("home")).context["events"]]
    assert names == ["Tonight", "In four days", "In two weeks", "Yesterday", "Last week"]


def test_strangers_get_a_link_to_public_final_results_only(client, make_event):
    public = make_event(name="Open", status=Event.Status.FINAL, public_standings=True)
    hidden = make_event(name="Closed", status=Event.Status.FINAL)
    running = make_event(name="Now", status=Event.Status.RUNNING, public_standings=True)
    html = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert reverse("dashboard:public_standings", args=[public.pk]) in html
    assert "Ergebnisse" in html
    for other in (hidden, running):
        assert reverse("dashboard:public_standings", args=[other.pk]) not in html
