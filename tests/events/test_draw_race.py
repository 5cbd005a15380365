"""Three taps on "Draw the tables" at the same instant: one draw, no tables replaced unseen."""

from __future__ import annotations

import pytest

from clubscore.draw import DrawError
from clubscore.events import services
from clubscore.events.models import DrawRecord, Round
from tests.races import at_once

pytestmark = pytest.mark.django_db(transaction=True)


def test_three_taps_at_once_draw_once(make_event, make_player):
    event = make_event(game="hand_and_foot", status="check_in")
    services.check_in(event, [make_player() for _ in range(8)])

    def tap():
        try:
            return services.draw_round(event, seen_record=0)
        except DrawError as refusal:
            return refusal

    outcomes = at_once(tap, 3)
    assert sum(isinstance(outcome, DrawError) for outcome in outcomes) == 2
    assert DrawRecord.objects.count() == 1 and Round.objects.count() == 1
