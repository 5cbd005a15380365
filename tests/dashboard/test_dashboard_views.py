"""The organizer's live dashboard: staff only, table states, clock, disputes, publishing."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from django.utils import timezone

from clubscore.events.models import ScoreChange, ScoreEntry

from .conftest import hf_hand, tables_of

pytestmark = pytest.mark.django_db


def url(event):
    return reverse("dashboard:event", args=[event.pk])


def test_it_is_for_staff_only(client, stranger, drawn_event):
    event = drawn_event()
    assert client.get(url(event)).status_code == 302
    client.force_login(stranger)
    assert client.get(url(event)).status_code == 302
    assert client.post(reverse("dashboard:publish", args=[event.pk])).status_code == 302
    event.refresh_from_db()
    assert not event.public_standings


def test_it_shows_every_table_state_and_polls_a_partial(organizer_client, drawn_event, add_entry):
    event = drawn_event(tables=3)
    first, second, third = tables_of(event)
    add_entry(first, 1, hf_hand(1), status=ScoreEntry.Status.ENTERED)
    second.has_first_table_bonus = True
    second.turned_in_at = timezone.now()
    second.save()

    page = organizer_client.get(url(event)).content.decode()
    assert 'hx-trigger="every 5s"' in page
    assert f'hx-get="{url(event)}?part=live"' in page
    assert "Waiting for confirmation" in page
    assert "Turned in" in page
    assert "Not started" in page
    assert "Table 2 holds the first-table bonus." in page
    assert reverse("scorekeeping:clock", args=[event.pk]) in page

    partial = organizer_client.get(url(event), {"part": "live"}, headers={"HX-Request": "true"})
    body = partial.content.decode()
    assert body.lstrip().startswith('<div id="live"')
    assert "<html" not in body
    assert "Waiting for confirmation" in body


def test_the_dashboard_runs_the_same_queries_for_2_and_20_tables(
    organizer_client, drawn_event, add_entry, django_assert_num_queries
):
    budgets = []
    for tables in (2, 20):
        event = drawn_event(tables=tables)
        for table in tables_of(event)[::2]:
            entry = add_entry(table, 1, hf_hand(1), status=ScoreEntry.Status.DISPUTED)
            entry.proposed_payload = hf_hand(1, 1)
            entry.save()
        with django_assert_num_queries(9) as context:
            response = organizer_client.get(url(event))
        assert response.status_code == 200
        assert response.content.decode().count('class="dispute"') == tables // 2
        budgets.append(len(context.captured_queries))
    assert budgets[0] == budgets[1]


def disputed(table, add_entry):
    entry = add_entry(table, 1, hf_hand(1, 0), status=ScoreEntry.Status.DISPUTED)
    entry.proposed_payload = hf_hand(1, 1)
    entry.dispute_note = "They did not go out"
    entry.save()
    return entry


def test_a_dispute_shows_both_versions_with_their_scores(organizer_client, drawn_event, add_entry):
    from clubscore.games import score

    event = drawn_event(tables=1)
    (table,) = tables_of(event)
    disputed(table, add_entry)
    page = organizer_client.get(url(event)).content.decode()
    entered = score("hand_and_foot", hf_hand(1, 0))["teams"]
    proposed = score("hand_and_foot", hf_hand(1, 1))["teams"]
    assert "They did not go out" in page
    assert "The other side&#x27;s version" in page or "The other side's version" in page
    for team in entered + proposed:
        assert f'<td class="num">{team["total"]}</td>' in page


def test_settling_takes_the_other_sides_version(organizer_client, drawn_event, add_entry):
    event = drawn_event(tables=1)
    (table,) = tables_of(event)
    entry = disputed(table, add_entry)
    settle = reverse("dashboard:settle", args=[event.pk, entry.pk])
    prefix = f"entry-{entry.pk}"
    response = organizer_client.post(settle, {f"{prefix}-choice": "proposed"})
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.CONFIRMED
    assert entry.payload == hf_hand(1, 1)
    assert ScoreChange.objects.filter(entry=entry, action="settled").exists()


def test_a_bad_correction_is_refused_on_the_field_and_kept(
    organizer_client, drawn_event, add_entry
):
    event = drawn_event(tables=1)
    (table,) = tables_of(event)
    entry = disputed(table, add_entry)
    settle = reverse("dashboard:settle", args=[event.pk, entry.pk])
    prefix = f"entry-{entry.pk}"
    bad = hf_hand(1, 0)
    bad["teams"][0]["red_books"] = -1
    typed = json.dumps(bad)
    response = organizer_client.post(
        settle, {f"{prefix}-choice": "corrected", f"{prefix}-payload": typed}
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "teams.0.red_books" in page
    assert 'role="alert"' in page
    assert "&quot;red_books&quot;: -1" in page  # what was typed is still there
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.DISPUTED

    response = organizer_client.post(
        settle, {f"{prefix}-choice": "corrected", f"{prefix}-payload": "{not json"}
    )
    assert "This is not valid JSON" in response.content.decode()


def test_publishing_switches_the_public_page_on_and_off(organizer, drawn_event):
    from django.test import Client

    event = drawn_event()
    public = reverse("dashboard:public_standings", args=[event.pk])
    publish = reverse("dashboard:publish", args=[event.pk])
    visitor, director = Client(), Client()
    director.force_login(organizer)
    assert visitor.get(public).status_code == 404
    director.post(publish, {"public": "on"})
    assert visitor.get(public).status_code == 200
    director.post(publish, {"public": "off"})
    assert visitor.get(public).status_code == 404


def test_the_clock_buttons_come_back_to_the_dashboard(organizer_client, drawn_event):
    event = drawn_event(status="drawn")
    response = organizer_client.post(
        reverse("scorekeeping:clock", args=[event.pk]), {"action": "start", "next": url(event)}
    )
    assert response.url == url(event)
    page = organizer_client.get(url(event)).content.decode()
    assert "clock-running" in page
