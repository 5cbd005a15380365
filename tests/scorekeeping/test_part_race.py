"""Two tablets save the same team's part at the same instant: the database settles it.

Each tablet sends the part's version its form was built on; under the entry's lock the
first save makes version 1 and the second, still built on version 0, is refused with
the part as saved (`Conflict`) instead of overwriting it.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connections

from clubscore.events.models import ScoreChange, TeamPart
from clubscore.scorekeeping.actions import submit
from clubscore.scorekeeping.card import load_card
from clubscore.scorekeeping.errors import Conflict
from tests.payloads import hf_hand

from .conftest import links

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("hand_exists", [False, True], ids=["new-hand", "other-team-first"])
def test_two_tablets_saving_one_teams_part_keep_exactly_one(running, hand_exists):
    one, two = links(running())
    if hand_exists:  # the entry row is there already: both lock the same row
        submit(load_card(two.token), 1, hf_hand(1)["teams"][1], version=0, key=None)
    cards = [load_card(one.token), load_card(one.token)]  # the same link on two tablets
    sent = [hf_hand(1, went_out_team=0)["teams"][0], hf_hand(1, went_out_team=None)["teams"][0]]
    barrier = threading.Barrier(2)
    outcomes: list = []

    def go(card, part):
        try:
            barrier.wait()
            outcomes.append(submit(card, 1, part, version=0, key=None))
        except Conflict as conflict:
            outcomes.append(conflict)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=go, args=pair) for pair in zip(cards, sent, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    conflicts = [o for o in outcomes if isinstance(o, Conflict)]
    assert len(outcomes) == 2 and len(conflicts) == 1
    part = TeamPart.objects.get(team=1)
    assert part.version == 1 and part.data in sent
    assert conflicts[0].version == 1 and conflicts[0].theirs == part.data
    assert ScoreChange.objects.filter(action="entered").count() == 1 + hand_exists
