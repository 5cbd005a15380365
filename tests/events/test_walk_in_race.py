"""A walk-in's form sent several times at once (a double tap, a resend): one player."""

from __future__ import annotations

import pytest

from clubscore.club.models import Player
from clubscore.events.models import CheckIn
from clubscore.events.services import AlreadyMember, add_walk_in
from tests.races import at_once

pytestmark = pytest.mark.django_db(transaction=True)
TAPS = 4


def test_a_walk_in_sent_four_times_at_once_is_one_player_checked_in(make_event):
    event = make_event(status="check_in")
    players = at_once(lambda: add_walk_in(event, "Race", "Walker"), TAPS)
    assert len(players) == TAPS and len({player.pk for player in players}) == 1
    assert Player.objects.filter(first_name="Race", last_name="Walker").count() == 1
    assert CheckIn.objects.filter(event=event).count() == 1


def test_a_members_name_not_checked_in_is_refused(make_event, make_player):
    event = make_event(status="check_in")
    make_player("Ann", "Smith")
    with pytest.raises(AlreadyMember):
        add_walk_in(event, "ann", "SMITH")
    assert Player.objects.count() == 1 and not CheckIn.objects.exists()
