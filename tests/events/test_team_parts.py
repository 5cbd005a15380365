"""Each team's part and each draft is a row the database keeps honest."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from clubscore.events.models import Draft, ScoreEntry, Table, TeamPart
from tests.payloads import hf_hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def entry(drawn_event):
    table = Table.objects.filter(round__event=drawn_event("hand_and_foot", tables=1)).get()
    return ScoreEntry.objects.create(table=table, number=1)


def refused(**fields) -> bool:
    try:
        with transaction.atomic():
            fields["model"].objects.create(**{k: v for k, v in fields.items() if k != "model"})
    except IntegrityError:
        return True
    return False


def test_one_part_per_team_per_hand(entry):
    entry.parts.create(team=1, data=hf_hand(1)["teams"][0])
    assert refused(model=TeamPart, entry=entry, team=1, data={})
    assert not refused(model=TeamPart, entry=entry, team=2, data={})


@pytest.mark.parametrize(
    "fields", [{"state": "lost"}, {"state": ""}, {"version": 0}, {"team": 0}], ids=str
)
def test_a_part_has_a_known_state_a_version_and_a_team(entry, fields):
    assert refused(model=TeamPart, entry=entry, **{"team": 1, **fields})


def test_one_draft_per_side_per_hand(entry):
    entry.drafts.create(side=0, data={"a": "1"})
    assert refused(model=Draft, entry=entry, side=0, data={})
    assert not refused(model=Draft, entry=entry, side=1, data={})


def test_the_entry_answers_for_its_parts_from_one_read(entry, django_assert_num_queries):
    entry.parts.create(team=2, data={"went_out": True}, version=3, state="confirmed")
    entry.drafts.create(side=1, data={"melded_aces": "4"})
    with django_assert_num_queries(2):
        (read,) = ScoreEntry.objects.filter(pk=entry.pk).with_parts()
    with django_assert_num_queries(0):
        assert read.part(1) is None and read.part_version(1) == 0
        assert read.part("2").is_confirmed and read.part_version(2) == 3
    assert read.draft(1) == {"melded_aces": "4"} and read.draft("0") is None


def test_an_event_has_scores_once_a_part_is_in(entry):
    event = entry.table.round.event
    assert not event.has_scores()
    entry.parts.create(team=1, data={})
    assert event.has_scores()
