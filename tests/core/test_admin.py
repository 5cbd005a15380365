"""The admin is the organizer's, and only the organizer's."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

ADMIN_PAGES = [
    "admin:index",
    "admin:club_player_changelist",
    "admin:club_couple_changelist",
    "admin:events_event_changelist",
    "admin:events_event_add",
    "admin:events_round_changelist",
    "admin:events_table_changelist",
    "admin:events_scoreentry_changelist",
    "admin:events_checkin_changelist",
]


@pytest.mark.parametrize("name", ADMIN_PAGES)
def test_it_loads_for_an_organizer(organizer_client, name, make_couple, make_event):
    make_couple()
    make_event()
    response = organizer_client.get(reverse(name))
    assert response.status_code == 200


@pytest.mark.parametrize("name", ADMIN_PAGES)
def test_it_refuses_a_stranger(client, stranger, name):
    client.force_login(stranger)
    response = client.get(reverse(name))
    assert response.status_code == 302
    assert reverse("admin:login") in response["Location"]


def test_player_search_finds_accented_names(organizer_client, make_player):
    make_player("Łukasz", "Nowak")
    make_player("Harold", "Johnson")
    response = organizer_client.get(reverse("admin:club_player_changelist"), {"q": "Nowak"})
    assert "Łukasz" in response.content.decode()
    assert "Harold" not in response.content.decode()


def test_player_filter_by_couple(organizer_client, make_couple, make_player):
    make_couple("Ann", "Al")
    make_player("Sol", "Single")
    response = organizer_client.get(reverse("admin:club_player_changelist"), {"in_couple": "no"})
    page = response.content.decode()
    assert "Sol" in page and ">Ann<" not in page


def test_bad_options_are_shown_on_the_event_form(organizer_client):
    response = organizer_client.post(
        reverse("admin:events_event_add"),
        {
            "name": "Broken",
            "game": "hand_and_foot",
            "date": "2026-11-27",
            "status": "draft",
            "language": "en",
            "standings_basis": "individual",
            "options": '{"time_limit_minutes": "ninety"}',
            "checkins-TOTAL_FORMS": "0",
            "checkins-INITIAL_FORMS": "0",
            "rounds-TOTAL_FORMS": "0",
            "rounds-INITIAL_FORMS": "0",
        },
    )
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert "options" in errors
    # What was typed is kept.
    assert "Broken" in response.content.decode()
