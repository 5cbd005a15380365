"""The admin shows the club's scores and changes none of them: a score changes only
through the card and the dashboard, where the game checks it and the change log keeps it."""

import json

import pytest
from django.urls import reverse

from clubscore.events.models import Draft, ScoreChange, ScoreEntry, Table, TeamPart
from clubscore.games import score
from tests.payloads import add_parts, hf_hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def entry(drawn_event):
    table = Table.objects.filter(round__event=drawn_event("hand_and_foot", tables=1)).get()
    payload = hf_hand(1)
    entry = ScoreEntry.objects.create(
        table=table,
        number=1,
        payload=payload,
        result=score("hand_and_foot", payload),
        status=ScoreEntry.Status.CONFIRMED,
    )
    add_parts(entry, "confirmed")
    entry.drafts.create(side=1, data={"melded_aces": "9"})
    ScoreChange.objects.create(entry=entry, action="entered", after=payload)
    return entry


def stored(entry: ScoreEntry) -> tuple:
    entry = ScoreEntry.objects.get(pk=entry.pk)
    parts = list(TeamPart.objects.values_list("team", "data", "state", "version"))
    return entry.payload, entry.result, entry.status, entry.version, parts


def test_a_post_to_the_change_page_does_not_alter_a_score(organizer_client, entry):
    before = stored(entry)
    changed = hf_hand(1, went_out_team=1)
    page = reverse("admin:events_scoreentry_change", args=[entry.pk])
    response = organizer_client.post(
        page,
        {
            "table": entry.table_id,
            "number": 1,
            "payload": json.dumps(changed),
            "result": json.dumps({"teams": []}),
            "status": "disputed",
            "version": 9,
            "dispute_note": "",
            "parts-TOTAL_FORMS": 2,
            "parts-INITIAL_FORMS": 2,
            "parts-0-id": entry.part(1).pk,
            "parts-0-data": json.dumps(changed["teams"][0]),
            "parts-0-state": "disputed",
        },
    )
    assert response.status_code == 403
    assert stored(entry) == before
    assert ScoreChange.objects.count() == 1


@pytest.mark.parametrize("model", [TeamPart, Draft, ScoreChange])
def test_the_parts_drafts_and_change_log_cannot_be_changed_either(organizer_client, entry, model):
    row = model.objects.first()
    info = model._meta.app_label, model._meta.model_name
    change = reverse("admin:{}_{}_change".format(*info), args=[row.pk])
    assert organizer_client.get(change).status_code == 200  # shown, to read
    assert organizer_client.post(change, {"data": "{}", "action": "x"}).status_code == 403
    delete = reverse("admin:{}_{}_delete".format(*info), args=[row.pk])
    assert organizer_client.post(delete, {"post": "yes"}).status_code == 403
    assert organizer_client.get(reverse("admin:{}_{}_add".format(*info))).status_code == 403
    assert model.objects.filter(pk=row.pk).exists()


def test_the_entry_page_shows_the_parts_and_the_log_to_read(organizer_client, entry):
    page = organizer_client.get(reverse("admin:events_scoreentry_change", args=[entry.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "melded_aces" in html and "Confirmed" in html
    assert 'name="parts-0-state"' not in html and 'name="payload"' not in html
    delete = reverse("admin:events_scoreentry_delete", args=[entry.pk])
    assert organizer_client.post(delete, {"post": "yes"}).status_code == 403
    assert ScoreEntry.objects.filter(pk=entry.pk).exists()


def test_the_table_page_lists_its_scores_without_fields_to_change(organizer_client, entry):
    page = organizer_client.get(reverse("admin:events_table_change", args=[entry.table_id]))
    html = page.content.decode()
    assert page.status_code == 200
    assert 'name="entries-0-status"' not in html and 'name="entries-0-number"' not in html
