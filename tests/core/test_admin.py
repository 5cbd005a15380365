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


ADMIN_EVENT = {
    "name": "Broken",
    "game": "hand_and_foot",
    "options_game": "hand_and_foot",
    "date": "2026-11-27",
    "status": "draft",
    "language": "en",
    "standings_basis": "individual",
    "decks": "4",
    "hands": "3",
    "meld_minimums": "90, 120, 150",
    "time_limit_minutes": "ninety",
    "grace_minutes": "15",
    "playoff_time_limit_minutes": "30",
    "playoff_entries": "1",
    "first_table_bonus": "400",
    "checkins-TOTAL_FORMS": "0",
    "checkins-INITIAL_FORMS": "0",
    "rounds-TOTAL_FORMS": "0",
    "rounds-INITIAL_FORMS": "0",
}


def test_the_event_form_shows_the_games_options_as_fields_not_json(organizer_client, make_event):
    event = make_event(game="laus", options={"rounds": 5})
    page = organizer_client.get(reverse("admin:events_event_change", args=[event.pk]))
    html = page.content.decode()

    assert 'name="options"' not in html
    form = page.context["adminform"].form
    assert form["rounds"].value() == 5
    assert form["threshold"].label == "Play until a player passes"
    assert 'name="time_limit_minutes"' in html


def test_bad_options_are_shown_on_their_field_in_the_admin(organizer_client):
    response = organizer_client.post(reverse("admin:events_event_add"), ADMIN_EVENT)
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert list(errors) == ["time_limit_minutes"]
    # What was typed is kept.
    assert "Broken" in response.content.decode()


def test_the_admin_saves_the_options_the_game_cleans(organizer_client):
    data = {**ADMIN_EVENT, "time_limit_minutes": "75", "meld_minimums": "50,60"}
    response = organizer_client.post(reverse("admin:events_event_add"), data)
    assert response.status_code == 302
    from clubscore.events.models import Event

    event = Event.objects.get(name="Broken")
    assert event.options["time_limit_minutes"] == 75
    assert event.options["meld_minimums"] == [50, 60]
