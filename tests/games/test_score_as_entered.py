"""Issue 26.4: a hand scored as it lies when only some teams entered their part."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clubscore.games import GAMES, ScoreError
from tests.payloads import hf_hand

HF = GAMES["hand_and_foot"]


def test_the_part_entered_counts_as_entered_and_the_missing_team_0():
    part = hf_hand(2, went_out_team=None)["teams"][0]
    whole, result = HF.score_as_entered(2, [part, None], {})
    assert whole["teams"][0] == part and whole["hand"] == 2
    alone = HF.score_team(part, 2, 0, {})
    assert [team["total"] for team in result["teams"]] == [alone["total"], 0]
    # The standings read each team's total from the stored result.
    assert HF.seat_points(result, 0, 0) == alone["total"] and HF.seat_points(result, 1, 1) == 0


def test_both_parts_in_is_the_whole_hand():
    hand = hf_hand(1)
    whole, result = HF.score_as_entered(1, hand["teams"], {})
    assert whole == hand and result == HF.score(hand, {})


def test_a_part_that_cannot_be_scored_is_refused():
    part = {**hf_hand(1)["teams"][0], "red_books": 999}
    with pytest.raises(ScoreError):
        HF.score_as_entered(1, [None, part], {})


@given(st.dictionaries(st.sampled_from(["red_books", "went_out", "melded"]), st.integers()))
def test_hostile_parts_raise_score_error_only(junk):
    part = {**hf_hand(1)["teams"][0], **junk}
    with contextlib.suppress(ScoreError):  # refused is fine; any other error is a bug
        HF.score_as_entered(1, [part, None], {})
