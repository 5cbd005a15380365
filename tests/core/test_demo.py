"""The demo club loads, and loading it twice leaves the same data."""

import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from clubscore.club.models import Couple, Player
from clubscore.events.models import CheckIn, Event, ScoreEntry, Table
from clubscore.ratings.models import Rating
from clubscore.standings.ladder import season_ladder
from clubscore.standings.standings import event_standings

pytestmark = pytest.mark.django_db


def snapshot():
    return (
        sorted(Player.objects.values_list("first_name", "last_name")),
        sorted(Couple.objects.values_list("player_a__first_name", "player_b__first_name")),
        sorted(Event.objects.values_list("name", "game", "status")),
        CheckIn.objects.count(),
        sorted(ScoreEntry.objects.values_list("table__number", "number", "result__total")),
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
    evening = Event.objects.get(game="hand_and_foot", status=Event.Status.CHECK_IN)
    assert evening.checkins.count() % 4 == 0


@pytest.mark.parametrize("today", range(7))
def test_an_evening_named_for_a_day_falls_on_that_day(today):
    """ "Exact-bid Tuesday" is dated on the next Tuesday, whatever day the demo loads."""
    import datetime

    import time_machine

    with time_machine.travel(datetime.datetime(2026, 11, 23 + today, 12, 0), tick=False):
        call_command("demo", stdout=io.StringIO())
        tonight = datetime.date(2026, 11, 23 + today)
    tuesday = Event.objects.get(name="Exact-bid Tuesday").date
    assert tuesday.strftime("%A") == "Tuesday"
    assert tonight < tuesday <= tonight + datetime.timedelta(days=7)


def test_last_weeks_evening_is_played_final_and_on_the_ladder():
    call_command("demo", stdout=io.StringIO())
    played = Event.objects.get(game="hand_and_foot", status=Event.Status.FINAL)
    assert played.public_standings
    tables = Table.objects.filter(round__event=played)
    assert tables.count() == 8
    assert not tables.filter(turned_in_at__isnull=True).exists()
    assert tables.filter(has_bonus=True).count() == 1
    entries = ScoreEntry.objects.filter(table__round__event=played)
    assert entries.confirmed().count() == entries.count() == 8 * 3
    standings = event_standings(played)
    assert len(standings.rows) > 0 and standings.rows[0].total > 0
    ladder = season_ladder("hand_and_foot", None)
    assert [event.pk for event in ladder.events] == [played.pk]
    assert len(ladder.rows) == 32


def test_running_it_twice_leaves_the_same_data():
    call_command("demo", stdout=io.StringIO())
    first = snapshot()
    call_command("demo", stdout=io.StringIO())
    assert snapshot() == first


def test_with_debug_on_it_creates_the_organizer_the_readme_names(client, settings):
    settings.DEBUG = True  # `make run`
    out = io.StringIO()
    call_command("demo", stdout=out)
    assert "user 'organizer', password 'clubscore-demo'" in out.getvalue()
    assert client.login(username="organizer", password="clubscore-demo")


def test_with_debug_off_the_password_is_random_and_shown_once(client, settings):
    settings.DEBUG = False  # a real server: no known password on the club's Wi-Fi
    out = io.StringIO()
    call_command("demo", stdout=out)
    password = re.search(r"password '([^']+)'", out.getvalue()).group(1)
    assert password != "clubscore-demo" and len(password) >= 16
    assert not client.login(username="organizer", password="clubscore-demo")
    assert client.login(username="organizer", password=password)
    again = io.StringIO()
    call_command("demo", stdout=again)
    assert password not in again.getvalue()  # shown only when it was made
    assert "An organizer account exists" in again.getvalue()


def test_last_weeks_evening_is_rated_as_a_finished_evening_is(
    client, django_capture_on_commit_callbacks
):
    # The finish's event_finished signal runs after the commit, as on a real evening.
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo", stdout=io.StringIO())
    played = Event.objects.get(game="hand_and_foot", status=Event.Status.FINAL)
    rated = Rating.objects.filter(game="hand_and_foot")
    assert rated.count() == 32
    someone = rated.first().player
    page = client.get(reverse("dashboard:player", args=[someone.pk]), {"game": "hand_and_foot"})
    assert "No rated evenings yet" not in page.content.decode()
    rows = client.get(reverse("dashboard:ladder"), {"game": "hand_and_foot"}).context["ladder"]
    assert all(row.rating is not None for row in rows.rows)
    assert played.pk in {event.pk for event in rows.events}
