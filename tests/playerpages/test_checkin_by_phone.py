"""Check-in at the door by phone (issue 25, item 1): the search the organizer uses,
"I'm here" and "We're both here", closed once drawn or switched off, replays change
nothing, the phone remembers whom it checked in, a flood is slowed."""

from __future__ import annotations

import datetime
import html

import pytest
import time_machine
from django.urls import reverse

from clubscore.club.models import Player
from clubscore.events import phones, services
from clubscore.events.models import CheckIn, Event, PhoneHit, PlayerLink

from .conftest import door_url

pytestmark = pytest.mark.django_db


def here(client, event, player, both=False):
    data = {"player": player.pk}
    if both:
        data["both"] = "1"
    return client.post(door_url(event, "here"), data)


def test_the_door_finds_a_name_with_an_umlaut(client, door_event):
    event, _couple = door_event
    page = client.get(door_url(event), {"q": "Müll"}).content.decode()
    assert "Jürgen Müller" in page and "I'm here" in page
    assert "Ann Lee" not in page
    assert "Not on the list? Ask the organizer" in page


@pytest.mark.parametrize("typed", ["Jurgen", "muller", "MUELL", "jürgen mül"])
def test_the_door_finds_a_name_typed_without_its_accents(client, door_event, typed):
    """A phone's keyboard makes "ü" a long press: "Jurgen" finds Jürgen (and "Muell",
    the German way of typing it without the dots, does not pretend to)."""
    event, _couple = door_event
    page = client.get(door_url(event), {"q": typed}).content.decode()
    found = "Jürgen Müller" in page
    assert found == (typed != "MUELL"), typed
    assert "Ann Lee" not in page


def test_the_organizers_search_ignores_accents_too(organizer_client, make_event, make_player):
    event = make_event(status=Event.Status.CHECK_IN)
    make_player("Zoë", "Núñez"), make_player("Łukasz", "Øberg"), make_player("Zoe", "Plain")
    url = reverse("events:checkin", args=[event.pk])
    page = organizer_client.get(url, {"q": "zoe nunez"}).content.decode()
    assert "Zoë Núñez" in page and "Zoe Plain" not in page
    page = organizer_client.get(url, {"q": "Lukasz Ob"}).content.decode()
    assert "Łukasz Øberg" in page and "Zoë" not in page
    assert {p.name for p in Player.objects.search("ZOË")} == {"Zoë Núñez", "Zoe Plain"}


def test_a_name_not_found_sends_the_player_to_the_organizer(client, door_event):
    event, _couple = door_event
    page = client.get(door_url(event), {"q": "Nobody"}).content.decode()
    assert "Not on the list? Ask the organizer" in page
    assert "I'm here" not in page


@pytest.mark.parametrize("typed", ["", "   ", "J"])
def test_a_search_without_two_letters_asks_for_them(client, door_event, typed):
    """Only spaces (a thumb on the space bar) read as a search of nothing: the phone
    says what to type rather than showing the door again as if nothing was sent."""
    event, _couple = door_event
    page = client.get(door_url(event), {"q": typed}).content.decode()
    assert "Type at least two letters of your name." in page
    assert "Not on the list?" not in page and "I'm here" not in page


def test_a_search_too_long_says_so_and_keeps_what_was_typed(client, door_event):
    event, _couple = door_event
    typed = "Jürgen " * 20
    response = client.get(door_url(event), {"q": typed})
    assert response.status_code == 200
    page = response.content.decode()
    assert "at most 100 characters (it has 139)" in page
    assert 'value="Jürgen Jürgen' in page and "I'm here" not in page


def test_a_search_with_a_nul_byte_says_so(client, door_event):
    event, _couple = door_event
    response = client.get(door_url(event), {"q": "Jü\x00rgen"})
    assert response.status_code == 200
    assert "Null characters are not allowed." in response.content.decode()


def test_an_im_here_refused_after_the_switch_off_says_so_once(client, organizer_client, door_event):
    """A phone opened before the organizer switched check-in off: its tap is refused
    with one message (not the same sentence twice), and the page still reads
    "Player check-in" while the tables are not drawn."""
    event, _couple = door_event
    organizer_client.post(
        reverse("playerpages:switch", args=[event.pk]), {"what": "checkin", "on": "0"}
    )
    page = here(client, event, Player.objects.get(first_name="Jürgen")).content.decode()
    assert page.count("Check-in by phone is closed. Please ask the organizer.") == 1
    assert "<h1>Player check-in</h1>" in page and "Find my table" not in page


def test_im_here_checks_the_player_in_and_opens_their_page(client, organizer_client, door_event):
    event, _couple = door_event
    jurgen = Player.objects.get(first_name="Jürgen")
    response = here(client, event, jurgen)
    link = PlayerLink.objects.get(event=event, player=jurgen)
    assert response.status_code == 302
    assert response["Location"] == reverse("playerpages:player", args=[link.token])
    assert CheckIn.objects.filter(event=event, player=jurgen).exists()
    # The organizer's check-in page counts the player.
    page = organizer_client.get(reverse("events:checkin", args=[event.pk])).content.decode()
    assert "Checked in (1)" in page and "Jürgen Müller" in page
    # Next time the phone opens the door, it opens the player's page.
    again = client.get(door_url(event))
    assert again.status_code == 302 and again["Location"].endswith(f"/p/{link.token}/")


def test_were_both_here_checks_the_couple_in(client, door_event):
    event, couple = door_event
    page = client.get(door_url(event), {"q": "Weiß"}).content.decode()
    assert "We're both here" in page
    here(client, event, couple.player_a, both=True)
    assert set(CheckIn.objects.filter(event=event).values_list("player_id", flat=True)) == {
        couple.player_a_id,
        couple.player_b_id,
    }
    # The spouse's page is one tap away on the same phone, said as such (the button read
    # only the name).
    link_a = PlayerLink.objects.get(event=event, player=couple.player_a)
    link_b = PlayerLink.objects.get(event=event, player=couple.player_b)
    page = html.unescape(
        client.get(reverse("playerpages:player", args=[link_a.token])).content.decode()
    )
    button = f'href="/p/{link_b.token}/">{couple.player_b.name}\'s page</a>'
    assert button in page


def test_a_replayed_tap_changes_nothing_and_says_so(client, door_event):
    event, _couple = door_event
    jurgen = Player.objects.get(first_name="Jürgen")
    here(client, event, jurgen)
    first = CheckIn.objects.get(event=event, player=jurgen)
    response = client.post(door_url(event, "here"), {"player": jurgen.pk}, follow=True)
    assert "You were checked in already: nothing changed." in response.content.decode()
    assert list(CheckIn.objects.filter(event=event)) == [first]


def test_both_for_a_single_player_is_refused(client, door_event):
    event, _couple = door_event
    ann = Player.objects.get(first_name="Ann")
    response = here(client, event, ann, both=True)
    assert response.status_code == 200
    assert "checks in alone" in response.content.decode()
    assert not CheckIn.objects.filter(event=event).exists()


def test_check_in_closes_once_the_tables_are_drawn(client, make_event, make_player):
    event = make_event(status=Event.Status.CHECK_IN)
    players = [make_player() for _ in range(9)]
    services.check_in(event, players[:8])
    services.draw_round(event, seed=1)
    response = here(client, event, players[8])
    assert response.status_code == 200
    assert "check-in by phone is closed" in response.content.decode()
    assert CheckIn.objects.filter(event=event).count() == 8
    # The door now finds tonight's players and their tables.
    page = client.get(door_url(event), {"q": players[0].first_name}).content.decode()
    assert "Find my table" in page and "I'm here" not in page
    # A late arrival finds their name and what to do, not "Nobody called ...", and no
    # page of tonight's players is made for them.
    late = players[8]
    page = client.get(door_url(event), {"q": late.first_name}).content.decode()
    assert late.name in page
    assert "Not checked in tonight: please ask the organizer." in page
    assert "Nobody called" not in page and "phone-big" not in page  # no "Find my table" button
    assert not PlayerLink.objects.filter(event=event, player=late).exists()


def test_the_organizer_switches_phone_check_in_off(client, organizer_client, door_event):
    event, _couple = door_event
    organizer_client.post(
        reverse("playerpages:switch", args=[event.pk]), {"what": "checkin", "on": "0"}
    )
    jurgen = Player.objects.get(first_name="Jürgen")
    response = here(client, event, jurgen)
    assert response.status_code == 200
    assert "Check-in by phone is closed" in response.content.decode()
    assert not CheckIn.objects.filter(event=event).exists()


def test_the_organizer_can_undo_a_phone_check_in(client, organizer_client, door_event):
    event, _couple = door_event
    jurgen = Player.objects.get(first_name="Jürgen")
    here(client, event, jurgen)
    organizer_client.post(
        reverse("events:checkin_toggle", args=[event.pk]), {"player": jurgen.pk, "action": "out"}
    )
    assert not CheckIn.objects.filter(event=event).exists()
    link = PlayerLink.objects.get(event=event, player=jurgen)
    page = client.get(reverse("playerpages:player", args=[link.token])).content.decode()
    assert "You are not checked in tonight" in page


@time_machine.travel(datetime.datetime(2026, 11, 27, 19, 0, 30, tzinfo=datetime.UTC), tick=False)
def test_a_flood_from_one_phone_is_slowed(client, door_event):
    # The clock stands still: the count is per minute, and a slow machine could otherwise
    # cross into the next minute half-way through the flood.
    event, _couple = door_event
    client.get(door_url(event))  # the phone's cookie
    jurgen = Player.objects.get(first_name="Jürgen")
    statuses = [here(client, event, jurgen).status_code for _ in range(phones.PHONE_LIMIT + 2)]
    assert statuses[: phones.PHONE_LIMIT] == [302] * phones.PHONE_LIMIT
    assert statuses[-1] == 429
    slowed = here(client, event, jurgen)
    assert "Please wait a minute" in slowed.content.decode()
    assert slowed["Retry-After"] == "60"
    # Another phone is not slowed by this one.
    from django.test import Client

    other = Client()
    other.get(door_url(event))
    assert here(other, event, jurgen).status_code == 302


def test_the_count_prunes_what_is_older_than_an_hour(db):
    PhoneHit.objects.create(key="phone:old", minute=1000, count=5)
    assert not phones.too_many("phone:new", 10, now=(1000 + 61) * 60)
    assert not PhoneHit.objects.filter(key="phone:old").exists()
    assert PhoneHit.objects.get(key="phone:new").count == 1


def test_the_count_is_shared_through_the_database(db):
    for _ in range(3):
        phones.too_many("phone:x", 2, now=60_000)
    assert phones.too_many("phone:x", 2, now=60_000)
    assert PhoneHit.objects.get(key="phone:x").count == 4


def test_the_door_after_the_evening_is_over(client, door_event):
    event, _couple = door_event
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
    page = client.get(door_url(event)).content.decode()
    assert "The evening is over" in page


def test_the_door_reads_in_german(client, door_event):
    from django.conf import settings

    event, _couple = door_event
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    page = client.get(door_url(event), {"q": "Weiß"}).content.decode()
    assert "Spieler-Anmeldung" in page and "Ich bin da" in page
    assert (
        "Wir sind beide da" in page and "Nicht auf der Liste? Fragen Sie den Turnierleiter" in page
    )


def test_the_prune_command(db):
    from io import StringIO

    from django.core.management import call_command

    PhoneHit.objects.create(key="phone:old", minute=1, count=5)
    out = StringIO()
    call_command("prune_phone_hits", stdout=out)
    assert "1 old count(s) deleted." in out.getvalue()
    assert not PhoneHit.objects.exists()


def test_the_event_page_offers_the_check_in_code_while_check_in_is_open(
    organizer_client, door_event
):
    event, _couple = door_event
    page = organizer_client.get(reverse("events:detail", args=[event.pk])).content.decode()
    assert reverse("playerpages:event_qr", args=[event.pk]) in page and "Player check-in" in page
    assert reverse("printing:event_pdf", args=[event.pk, "poster"]) in page
    svg = organizer_client.get(reverse("playerpages:event_qr", args=[event.pk]))
    assert svg["Content-Type"] == "image/svg+xml" and b"<svg" in svg.content
    phones_page = organizer_client.get(reverse("playerpages:phones", args=[event.pk]))
    assert "Switch check-in by phone off" in phones_page.content.decode()
    Event.objects.filter(pk=event.pk).update(status=Event.Status.DRAWN)
    page = organizer_client.get(reverse("events:detail", args=[event.pk])).content.decode()
    assert reverse("playerpages:event_qr", args=[event.pk]) not in page
    # Drawn: "check-in by phone is closed", and no switch offers to turn it off again.
    phones_page = organizer_client.get(reverse("playerpages:phones", args=[event.pk]))
    text = phones_page.content.decode()
    assert "check-in by phone is closed" in text and "Switch check-in by phone" not in text


def test_a_player_the_organizer_checked_in_finds_their_page(client, door_event):
    event, _couple = door_event
    ann = Player.objects.get(first_name="Ann")
    services.check_in(event, ann)
    page = client.get(door_url(event), {"q": "Lee"}).content.decode()
    link = PlayerLink.objects.get(event=event, player=ann)
    assert "My page" in page and reverse("playerpages:player", args=[link.token]) in page


# Europe/Berlin: 23:30 UTC on the 26th is already the 27th, the evening's day.
@pytest.mark.parametrize(
    ("now", "opens"),
    [
        (datetime.datetime(2026, 11, 20, 18, 0, tzinfo=datetime.UTC), False),  # a week ahead
        # 23:30 in Berlin, the day before
        (datetime.datetime(2026, 11, 26, 22, 30, tzinfo=datetime.UTC), False),
        (datetime.datetime(2026, 11, 26, 23, 30, tzinfo=datetime.UTC), True),  # 00:30 on the day
        (datetime.datetime(2026, 11, 28, 9, 0, tzinfo=datetime.UTC), True),  # a day late
    ],
)
def test_check_in_by_phone_opens_on_the_evenings_day(client, door_event, now, opens):
    """A poster put up the week before must not check a member in for an evening they
    may not come to: before the evening's day the door says when it opens and a tap
    (a page kept open, a replay) checks nobody in."""
    event, couple = door_event
    with time_machine.travel(now, tick=False):
        page = client.get(door_url(event), {"q": "Weiß"}).content.decode()
        response = here(client, event, couple.player_a, both=True)
    opens_words = "Check-in by phone opens on the evening's day, Friday, 27 November 2026."
    assert ("We're both here" in page) == opens
    assert "Not checked in tonight" not in page  # nobody is, a week ahead
    assert (opens_words in html.unescape(page)) != opens
    checked_in = set(CheckIn.objects.filter(event=event).values_list("player_id", flat=True))
    if opens:
        assert response.status_code == 302
        assert checked_in == {couple.player_a_id, couple.player_b_id}
    else:
        assert response.status_code == 200 and checked_in == set()
        assert opens_words in html.unescape(response.content.decode())


@time_machine.travel(datetime.datetime(2026, 11, 20, 18, 0, tzinfo=datetime.UTC), tick=False)
def test_the_organizer_prints_the_poster_ahead_and_is_told_when_the_phones_open(
    organizer_client, door_event
):
    event, _couple = door_event
    page = html.unescape(
        organizer_client.get(reverse("playerpages:phones", args=[event.pk])).content.decode()
    )
    assert "Print the poster (A4)" in page
    assert "Check-in by phone opens on the evening's day, Friday, 27 November 2026." in page


@time_machine.travel(datetime.datetime(2026, 11, 20, 18, 0, tzinfo=datetime.UTC), tick=False)
def test_a_week_ahead_the_door_says_in_german_when_check_in_opens(client, door_event):
    event, _couple = door_event
    client.cookies["django_language"] = "de"
    page = html.unescape(client.get(door_url(event)).content.decode())
    assert "Die Anmeldung per Handy öffnet am Tag des Abends, Freitag, 27. November 2026." in page
