"""Names sort where a reader looks for them: Élodie with the Es, Łukasz with the Ls,
Óscar and Özil with the Os, not after Z (code-point order), on every list."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubscore.club.models import Player
from clubscore.collation import sort_key
from clubscore.events.models import Event, Seat
from clubscore.standings.standings import event_standings

pytestmark = pytest.mark.django_db

# In the order a reader expects (DIN 5007-1: accents and case do not count).
SURNAMES = ["Ebert", "Élodie", "Lang", "Łukasz", "Olsen", "Óscar", "Özil", "Zimmermann"]


def test_the_key_files_accented_letters_with_their_base_letter():
    assert sorted(reversed(SURNAMES), key=sort_key) == SURNAMES
    assert sorted(["Zoe", "öztürk", "Ohm"], key=sort_key) == ["Ohm", "öztürk", "Zoe"]
    # Names equal but for accents keep one fixed order.
    assert sorted(["Öl", "Ol"], key=sort_key) == sorted(["Ol", "Öl"], key=sort_key)


def test_the_door_lists_players_alphabetically(organizer_client, make_event, make_player):
    event = make_event(status=Event.Status.CHECK_IN)
    for surname in reversed(SURNAMES):
        make_player("Kim", surname)
    page = organizer_client.get(reverse("events:checkin", args=[event.pk])).content.decode()
    positions = [page.index(f"Kim {surname}") for surname in SURNAMES]
    assert positions == sorted(positions)


def test_the_door_pages_in_alphabetical_order(make_player):
    for surname in reversed(SURNAMES):
        make_player("Kim", surname)
    first = Player.objects.alphabetical(3)
    assert [player.last_name for player in first] == SURNAMES[:3]


def test_tied_rows_of_the_standings_are_in_alphabetical_order(drawn_event):
    event = drawn_event("laus", tables=2)
    seats = Seat.objects.filter(table__round__event=event).select_related("player")
    for seat, surname in zip(seats, reversed(SURNAMES), strict=True):
        Player.objects.filter(pk=seat.player_id).update(first_name="Kim", last_name=surname)
    rows = event_standings(event).rows  # nobody has scored: all share rank 1
    assert [row.name for row in rows] == [f"Kim {surname}" for surname in SURNAMES]
