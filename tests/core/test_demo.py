"""The demo club loads, and loading it twice leaves the same data."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from clubscore.club.models import Couple, Player
from clubscore.events.models import CheckIn, Event

pytestmark = pytest.mark.django_db


def snapshot():
    return (
        sorted(Player.objects.values_list("first_name", "last_name")),
        sorted(Couple.objects.values_list("player_a__first_name", "player_b__first_name")),
        sorted(Event.objects.values_list("name", "game", "status")),
        CheckIn.objects.count(),
        get_user_model().objects.filter(is_staff=True).count(),
    )


def test_it_loads_a_club_with_every_game():
    call_command("demo", stdout=io.StringIO())
    assert 36 <= Player.objects.count() <= 45
    assert Couple.objects.count() * 2 > Player.objects.count() / 2
    assert set(Event.objects.values_list("game", flat=True)) == {
        "hand_and_foot",
        "exact_bid",
        "luxury_family",
        "laus",
    }
    names = set(Player.objects.values_list("first_name", flat=True))
    assert {"Zoë", "Jürgen", "Łukasz", "Siobhán"} <= names
    evening = Event.objects.get(game="hand_and_foot")
    assert evening.status == Event.Status.CHECK_IN
    assert evening.checkins.count() % 4 == 0


def test_running_it_twice_leaves_the_same_data():
    call_command("demo", stdout=io.StringIO())
    first = snapshot()
    call_command("demo", stdout=io.StringIO())
    assert snapshot() == first


def test_it_creates_an_organizer_who_can_log_in(client):
    call_command("demo", stdout=io.StringIO())
    assert client.login(username="organizer", password="clubscore-demo")
