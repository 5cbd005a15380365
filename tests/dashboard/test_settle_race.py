"""Settling a dispute re-reads the entry under its row lock: a decision the organizer
took on a page read before someone else settled or changed the entry overwrites nothing."""

from __future__ import annotations

import pytest

from clubscore.events.clock import start_clock
from clubscore.events.models import ScoreChange, ScoreEntry, ScorekeeperLink
from clubscore.events.settling import settle_dispute
from clubscore.scorekeeping.actions import submit
from clubscore.scorekeeping.card import load_card
from clubscore.scorekeeping.errors import Refused

from .conftest import hf_hand, tables_of

pytestmark = pytest.mark.django_db


def test_a_second_decision_on_a_settled_hand_is_refused(drawn_event, add_entry, organizer):
    (table,) = tables_of(drawn_event(tables=1))
    entry = add_entry(table, 1, hf_hand(1, 0), status=ScoreEntry.Status.DISPUTED)
    # Two organizers opened the dashboard while the hand was disputed.
    seen_by_first = ScoreEntry.objects.get(pk=entry.pk)
    seen_by_second = ScoreEntry.objects.get(pk=entry.pk)
    settle_dispute(seen_by_first, payload=hf_hand(1, 1), user=organizer)
    with pytest.raises(Refused, match="Hand 1 of Table 1 is no longer disputed"):
        settle_dispute(seen_by_second, payload=hf_hand(1, 0), user=organizer)
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.CONFIRMED
    assert entry.payload == hf_hand(1, 1)  # the first decision stands
    assert ScoreChange.objects.filter(entry=entry, action="settled").count() == 1


def test_a_round_entered_again_meanwhile_is_not_overwritten(drawn_event, organizer):
    event = start_clock(drawn_event("luxury_family", tables=1))
    token = ScorekeeperLink.objects.get(table__round__event=event).token
    card = load_card(token)
    entered = {
        "players": card.player_names,
        "bid": 200,
        "game_maker": 0,
        "trump": "H",
        "melds": [60, 0, 0],
        "power_points": [120, 70, 50],
        "penalties": [0, 0, 0],
    }
    submit(card, 1, entered, version=0, key=None)
    entry = ScoreEntry.objects.get()
    entry.status = ScoreEntry.Status.DISPUTED
    entry.save()
    seen_by_organizer = ScoreEntry.objects.get(pk=entry.pk)
    # The scorekeeper corrects the round on the tablet: it waits to be checked again.
    corrected = {**entered, "power_points": [130, 60, 50]}
    submit(load_card(token), 1, corrected, version=entry.version, key=None)
    with pytest.raises(Refused, match="Round 1 of Table 1 is no longer disputed"):
        settle_dispute(seen_by_organizer, payload=entered, user=organizer)
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.ENTERED and entry.payload == corrected
    assert not ScoreChange.objects.filter(action="settled").exists()
