"""The players' phones in a backup (issue 25): an event backup keeps the evening's
phone switches, player links and calls (a user who answered is left out, as every user
is); the phones' request counts are not the event's."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from clubscore.club.models import Couple, Player
from clubscore.events import calls, phones
from clubscore.events.models import Event, EventPhones, OrganizerCall, PhoneHit, PlayerLink, Seat

pytestmark = pytest.mark.django_db


def test_an_event_backup_keeps_its_phones(drawn_event, organizer, tmp_path):
    event = drawn_event(tables=1)
    seat = Seat.objects.filter(round__event=event).first()
    link = phones.link_for(event, seat.player)
    phones.switch(event, pages_on=False)
    call = calls.call_organizer(seat.table, reason="score", note="Hand 2", player=seat.player)
    calls.on_my_way(event, call.call.pk, organizer)
    PhoneHit.objects.create(key="phone:x", minute=1)
    token = phones.phones_of(event).checkin_token
    path = tmp_path / "event.json"
    call_command("backup", "--event", str(event.pk), "--out", str(path))

    Event.objects.all().delete()
    PhoneHit.objects.all().delete()
    Couple.objects.all().delete()
    Player.objects.all().delete()
    call_command("restore", str(path))

    assert PlayerLink.objects.get().token == link.token
    assert EventPhones.objects.get().checkin_token == token
    assert not EventPhones.objects.get().pages_on
    restored = OrganizerCall.objects.get()
    assert (restored.reason, restored.note) == ("score", "Hand 2")
    assert restored.player_id == seat.player_id
    assert restored.answered_at is not None and restored.answered_by is None
    assert not PhoneHit.objects.exists()
