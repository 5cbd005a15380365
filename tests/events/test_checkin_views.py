"""The door: search, one-tap check-in and undo, couples, walk-ins and the live count."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from clubscore.club.models import Player
from clubscore.events import services
from clubscore.events.models import CheckIn, Event, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(make_event):
    return make_event(status=Event.Status.CHECK_IN)


def url(event, name="checkin"):
    return reverse(f"events:{name}", args=[event.pk])


@pytest.mark.parametrize("name", ["detail", "checkin", "draw", "wall"])
def test_strangers_and_visitors_are_sent_to_the_login(client, stranger, event, name):
    response = client.get(url(event, name))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))
    client.force_login(stranger)
    assert client.get(url(event, name)).url.startswith(reverse("login"))


def test_a_stranger_cannot_check_anyone_in(client, stranger, event, make_player):
    client.force_login(stranger)
    ann = make_player("Ann")
    response = client.post(url(event, "checkin_toggle"), {"player": ann.pk, "action": "in"})
    assert response.status_code == 302
    assert not CheckIn.objects.exists()


def test_it_finds_players_and_says_what_fits(organizer_client, event, make_player):
    make_player("Zoë", "Quist")
    make_player("Bob", "Baker")
    response = organizer_client.get(url(event), {"q": "zo"})
    page = response.content.decode()
    assert "Zoë Quist" in page and "Bob Baker" not in page
    assert "0 checked in: a table of four needs 4; add four more" in page


def test_one_tap_checks_in_and_one_more_undoes_it(organizer_client, event, make_player):
    ann = make_player("Ann")
    toggle = url(event, "checkin_toggle")
    response = organizer_client.post(toggle, {"player": ann.pk, "action": "in", "q": "an"})
    assert response.status_code == 302 and response.url == url(event) + "?q=an"
    assert event.checkins.filter(player=ann).exists()

    # A double tap (or a resent request) is harmless: still checked in once.
    organizer_client.post(toggle, {"player": ann.pk, "action": "in"})
    assert event.checkins.count() == 1

    organizer_client.post(toggle, {"player": ann.pk, "action": "out"})
    assert not event.checkins.exists()


def test_one_tap_checks_in_a_couple(organizer_client, event, make_couple):
    couple = make_couple("Ann", "Al")
    organizer_client.post(
        url(event, "checkin_toggle"), {"player": couple.player_b.pk, "action": "couple"}
    )
    assert set(event.checkins.values_list("player", flat=True)) == {
        couple.player_a.pk,
        couple.player_b.pk,
    }


def test_htmx_gets_the_panel_with_the_new_count(organizer_client, event, make_player):
    players = [make_player() for _ in range(4)]
    for player in players[:3]:
        CheckIn.objects.create(event=event, player=player)
    response = organizer_client.post(
        url(event, "checkin_toggle"),
        {"player": players[3].pk, "action": "in"},
        HTTP_HX_REQUEST="true",
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<div id="checkin-panel"')
    assert "4 checked in: 1 table of four" in page
    assert "<html" not in page


def test_live_search_answers_with_the_panel_only(organizer_client, event, make_player):
    make_player("Zoë", "Quist")
    response = organizer_client.get(url(event), {"q": "quist"}, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert "Zoë Quist" in page and "<html" not in page


def test_a_walk_in_is_created_and_checked_in(organizer_client, event):
    response = organizer_client.post(
        url(event, "walk_in"), {"first_name": "Nina", "last_name": "Neu"}, follow=True
    )
    nina = Player.objects.get(first_name="Nina", last_name="Neu")
    assert event.checkins.filter(player=nina).exists()
    assert "Nina Neu is checked in." in response.content.decode()
    # Sent again (the answer was lost, a double tap): the same Nina, checked in.
    again = organizer_client.post(
        url(event, "walk_in"), {"first_name": "Nina", "last_name": "Neu"}, follow=True
    )
    assert "Nina Neu is checked in." in again.content.decode()
    # Two taps before the page showed the answer: the message once.
    for _tap in range(2):
        organizer_client.post(url(event, "walk_in"), {"first_name": "Nina", "last_name": "Neu"})
    page = organizer_client.get(url(event, "checkin")).content.decode()
    assert page.count("Nina Neu is checked in.") == 1
    assert Player.objects.filter(first_name="Nina").count() == 1


def test_a_walk_in_written_like_a_member_asks_whether_it_is_someone_else(
    organizer_client, event, make_player
):
    """ "zoe hartmann" at the door while Zoë Hartmann is a member: the search finds her by
    either, so a second player of that name is made only when the organizer says it is
    someone else (it was made at once, and her evenings split between two players)."""
    zoe = make_player("Zoë", "Hartmann")
    typed = {"first_name": "zoe", "last_name": "HARTMANN"}
    response = organizer_client.post(url(event, "walk_in"), typed)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Zoë Hartmann is already a member: if it is them" in page
    assert "Someone else: add them as a new player" in page and 'value="HARTMANN"' in page
    assert list(Player.objects.all()) == [zoe]
    # Not offered for a name that is a member's as written.
    same = organizer_client.post(
        url(event, "walk_in"), {"first_name": "Zoë", "last_name": "Hartmann"}
    )
    assert "Someone else" not in same.content.decode()
    # Someone else indeed: a new player, checked in; sent again, that one player.
    for _tap in range(2):
        answer = organizer_client.post(url(event, "walk_in"), typed | {"someone_else": "on"})
        assert answer.status_code == 302
    newcomer = Player.objects.exclude(pk=zoe.pk).get()
    assert (newcomer.first_name, newcomer.last_name) == ("zoe", "HARTMANN")
    assert event.checkins.filter(player=newcomer).exists()
    assert not event.checkins.filter(player=zoe).exists()
    # Umlauts written out, and ß as ss, are the same name too.
    make_player("Günther", "Weiß")
    for first, last in (("Guenther", "Weiss"), ("gunther", "WEISS")):
        refused = organizer_client.post(
            url(event, "walk_in"), {"first_name": first, "last_name": last}
        )
        assert "Günther Weiß is already a member: if it is them" in refused.content.decode()
    # Not a name that only shares a part: Günter is someone else.
    organizer_client.post(url(event, "walk_in"), {"first_name": "Günter", "last_name": "Weiß"})
    assert Player.objects.filter(first_name="Günter").exists()


def test_walk_in_errors_are_on_the_field_and_keep_what_was_typed(
    organizer_client, event, make_player
):
    response = organizer_client.post(url(event, "walk_in"), {"first_name": "Nina"})
    assert response.status_code == 200
    form = response.context["walk_in"]
    assert form.errors == {"last_name": ["This field is required."]}
    assert 'value="Nina"' in response.content.decode()
    assert not Player.objects.exists()

    make_player("Ann", "Smith")
    response = organizer_client.post(
        url(event, "walk_in"), {"first_name": "ann", "last_name": "smith"}
    )
    assert "already a member" in response.context["walk_in"].errors["first_name"][0]
    assert 'value="smith"' in response.content.decode()
    assert Player.objects.count() == 1


@pytest.mark.parametrize("hidden", ["\u202e", "\u200b", "\x07"])
def test_a_walk_in_name_with_an_invisible_character_is_refused_on_its_field(
    organizer_client, event, hidden
):
    """A right-to-left override turned the name around on every page and printout."""
    response = organizer_client.post(
        url(event, "walk_in"), {"first_name": "Wally", "last_name": f"Walk{hidden}er"}
    )
    assert response.status_code == 200
    assert response.context["walk_in"].errors == {
        "last_name": ["A name cannot hold invisible characters (such as a zero-width space)."]
    }
    assert 'value="Wally"' in response.content.decode()
    assert not Player.objects.exists()
    with pytest.raises(ValidationError):  # nor in the club's records (the admin)
        Player(first_name="Wally", last_name=f"Walk{hidden}er").full_clean()


@pytest.mark.parametrize("blank", ["- -", "\u3164", "\u2800\u2800", "\uffa0.", "  _ "])
def test_a_walk_in_name_that_only_looks_blank_is_refused_on_its_field(
    organizer_client, event, blank
):
    """A Hangul filler or a braille blank printed as an empty line on the score card."""
    response = organizer_client.post(
        url(event, "walk_in"), {"first_name": blank, "last_name": "Walker"}
    )
    assert response.status_code == 200
    assert response.context["walk_in"].errors == {
        "first_name": ["A name needs a letter or a digit."]
    }
    assert 'value="Walker"' in response.content.decode()
    assert not Player.objects.exists()


@pytest.mark.parametrize("first_name", ["Ø", "李", "+1", "Jo-Ann"])
def test_a_walk_in_name_with_a_letter_or_a_digit_is_taken(organizer_client, event, first_name):
    response = organizer_client.post(
        url(event, "walk_in"), {"first_name": first_name, "last_name": "Walker"}
    )
    assert response.status_code == 302
    assert Player.objects.get().first_name == first_name


def test_the_page_runs_a_fixed_number_of_queries(
    organizer_client, event, make_player, make_couple, django_assert_num_queries
):
    def grow(count):
        for _ in range(count):
            couple = make_couple("Ann", "Al", "Smith")
            CheckIn.objects.create(event=event, player=couple.player_a)
            CheckIn.objects.create(event=event, player=make_player())

    grow(3)
    with django_assert_num_queries(7) as few:
        organizer_client.get(url(event))
    grow(27)  # ten times the players
    with django_assert_num_queries(len(few.captured_queries)):
        response = organizer_client.get(url(event))
    assert "60 checked in: 15 tables of four" in response.content.decode()


def test_everyone_is_listed_alphabetically_in_a_fixed_number_of_queries(
    organizer_client, event, make_player, django_assert_num_queries
):
    # Issue 26.6: the list stopped at 40 players without a search.
    for n in range(5):
        make_player(f"M{n}", f"Adler{n:02d}")
    with django_assert_num_queries(7) as few:
        organizer_client.get(url(event))
    for n in range(5, 60):
        make_player(f"M{n}", f"Adler{n:02d}")
    make_player("Ewa", "Wójcik")
    with django_assert_num_queries(len(few.captured_queries)):
        response = organizer_client.get(url(event))
    names = [row["player"].name for row in response.context["rows"]]
    assert len(names) == 61 and names[-1] == "Ewa Wójcik"
    assert names[:-1] == [f"M{n} Adler{n:02d}" for n in range(60)]
    found = organizer_client.get(url(event), {"q": "wój"}).context["rows"]
    assert [row["player"].name for row in found] == ["Ewa Wójcik"]


def test_after_the_draw_each_player_shows_their_table(organizer_client, make_event, make_player):
    """A seated player was checked out without a word of their seat (a walk, 2026-11-28):
    the door now says where each one sits, checked in or out."""
    event = make_event(status=Event.Status.CHECK_IN)
    players = [make_player(f"Seat{n}", "Player") for n in range(8)]
    services.check_in(event, players)
    services.draw_round(event, seed=1)
    table = {seat.player_id: seat.table.number for seat in Seat.objects.filter(round__event=event)}
    seated = players[0]
    organizer_client.post(url(event, "checkin_toggle"), {"player": seated.pk, "action": "out"})
    page = organizer_client.get(url(event)).content.decode()
    row = re.search(rf"{seated.name}</span>.*?</li>", page, re.S).group(0)
    assert f"at Table {table[seated.pk]}" in row and "Check in" in row  # out, but seated
    assert page.count("at Table ") == 8 + 7  # the list, and the checked-in list


def test_after_the_draw_the_page_says_a_check_out_counts_from_the_next_draw(
    organizer_client, make_event, make_player
):
    """Checking out a player in the middle of a round said nothing of what it does (a
    walk, 2026-12-01): the live count reads as the next draw's."""
    event = make_event(status=Event.Status.CHECK_IN)
    services.check_in(event, [make_player(f"Seat{n}", "Player") for n in range(8)])
    said = "a check-in or check-out now changes the tables only when they are drawn again"
    assert said not in organizer_client.get(url(event)).content.decode()
    services.draw_round(event, seed=1)
    assert said in organizer_client.get(url(event)).content.decode()


def test_a_final_evening_takes_no_check_in_nor_walk_in(organizer_client, make_event, make_player):
    """A finished evening took check-ins and walk-ins, and its standings then listed
    them (fuzz walk of 2026-11-30). Refused, saying why; the page says so too."""
    event = make_event(status=Event.Status.FINAL)
    ann, bob = make_player("Ann"), make_player("Bob")
    CheckIn.objects.create(event=event, player=ann)  # checked in before the finish
    toggle = url(event, "checkin_toggle")
    words = "The evening is final: check-in is closed. Reopen it to change who came."
    for data in ({"player": bob.pk, "action": "in"}, {"player": ann.pk, "action": "out"}):
        answer = organizer_client.post(toggle, data, follow=True)
        assert words in answer.content.decode()
        htmx = organizer_client.post(toggle, data, headers={"HX-Request": "true"})
        assert htmx["HX-Redirect"] == url(event)
    walk_in = {"first_name": "Yan", "last_name": "Yolo"}
    answer = organizer_client.post(url(event, "walk_in"), walk_in, follow=True)
    page = answer.content.decode()
    # Said once, at the top, and no button or form left that would be refused.
    assert page.count(words) == 1 and "Add and check in" not in page
    assert 'name="action"' not in page and "✓ In" in page  # Ann, as she was
    assert list(event.checkins.values_list("player__first_name", flat=True)) == ["Ann"]
    assert not Player.objects.filter(last_name="Yolo").exists()
    with pytest.raises(services.CheckInClosed):
        services.check_in(event, bob)
