"""Call the organizer (issue 25, item 4): from a scorekeeper's card or a player's page;
the dashboard marks the tile and lists the open calls with the waiting time, "On my way"
and "Done"; the caller reads "The organizer is on the way", then it clears. One open call
per table (the database's rule); every call recorded; a resent call stored once."""

from __future__ import annotations

import datetime
import html
import re
import uuid

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from clubscore.events import calls, phones
from clubscore.events.models import OrganizerCall, ScorekeeperLink, Seat

from .conftest import page_url

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return html.unescape(response.content.decode())


def seated(event, table_number=1):
    seat = Seat.objects.filter(round__event=event, table__number=table_number).first()
    return seat, phones.link_for(event, seat.player)


def test_a_call_from_a_phone_reaches_the_dashboard_and_is_answered(
    client, organizer_client, drawn_event
):
    event = drawn_event(tables=2)
    seat, link = seated(event)
    response = client.post(
        page_url(link, "call"), {"reason": "score", "note": "Hand 2", "idem": uuid.uuid4().hex}
    )
    assert response.status_code == 302
    call = OrganizerCall.objects.get()
    assert (call.table, call.player, call.reason, call.note) == (
        seat.table,
        seat.player,
        "score",
        "Hand 2",
    )
    page = text(client.get(page_url(link)))
    assert "The organizer has been called. Please wait at your table." in page
    assert page.count("The organizer has been called") == 1  # said once, not above it too
    dashboard = text(organizer_client.get(reverse("dashboard:event", args=[event.pk])))
    assert "We disagree about a score" in dashboard and "called just now" in dashboard
    # Who called, said as such (it ran on after the time: "called just now Ann Smith").
    words = " ".join(re.sub(r"<[^>]+>", " ", dashboard).split())
    # Said at the top too, before the dashboard's buttons (on a phone the list of calls
    # is screens below), and kept live by the poll.
    top = dashboard.index('<a class="button danger" href="#calls">1 table is calling</a>')
    assert top < dashboard.index('class="event-actions dash-actions"')
    live = organizer_client.get(
        reverse("dashboard:event", args=[event.pk]), {"part": "live"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert 'id="dash-alerts" class="dash-alerts" hx-swap-oob="true"' in live
    assert "1 table is calling" in live
    assert f"We disagree about a score · by {seat.player.name} · called just now" in words
    assert "waiting 0" not in dashboard  # "waiting 0 minutes", before
    OrganizerCall.objects.update(called_at=call.called_at - datetime.timedelta(minutes=5))
    dashboard = text(organizer_client.get(reverse("dashboard:event", args=[event.pk])))
    assert "waiting 5\xa0minutes" in dashboard and "called just now" not in dashboard
    assert f'id="table-{seat.table.pk}"' in dashboard and " called" in dashboard
    # The note in the page language's quotation marks (a <q>: „Hand 2“ in German).
    assert '<p class="note"><q>Hand 2</q></p>' in dashboard
    organizer_client.post(reverse("dashboard:call_on_my_way", args=[event.pk, call.pk]))
    # Answered: the list says "On my way ✓"; the top no longer calls for it.
    answered = organizer_client.get(reverse("dashboard:event", args=[event.pk])).content
    assert "table is calling" not in answered.decode()
    assert "The organizer is on the way" in text(client.get(page_url(link)))
    organizer_client.post(reverse("dashboard:call_done", args=[event.pk, call.pk]))
    page = text(client.get(page_url(link)))
    assert "The organizer is on the way" not in page and "has been called" not in page
    call.refresh_from_db()
    assert call.answered_at and call.closed_at and call.answered_by and call.closed_by
    assert "No table is calling." in text(
        organizer_client.get(reverse("dashboard:event", args=[event.pk]))
    )


def test_a_call_from_the_scorekeepers_card(client, drawn_event):
    event = drawn_event(tables=1)
    link = ScorekeeperLink.objects.filter(table__round__event=event).first()
    card = reverse("scorekeeping:card", args=[link.token])
    assert "Call the organizer" in text(client.get(card))
    key = uuid.uuid4().hex
    for _ in range(2):  # resent from the offline queue: one call
        response = client.post(
            reverse("scorekeeping:call", args=[link.token]), {"reason": "question", "idem": key}
        )
        assert response.status_code == 302
    call = OrganizerCall.objects.get()
    assert call.source == "card" and call.player == link.player
    assert "The organizer has been called. Please wait at your table." in text(client.get(card))
    calls.on_my_way(event, call.pk)
    assert "The organizer is on the way" in text(client.get(card))
    # The card is kept under its fingerprint (issue 28), which covers the open call.
    calls.done(event, call.pk)
    page = text(client.get(card))
    assert "The organizer is on the way" not in page and "has been called" not in page


@pytest.mark.parametrize(
    ("sent", "said"),
    [
        ({"reason": "other", "note": "Zebra \u200bstripes"}, "A note cannot hold invisible"),
        ({"reason": "bribe", "note": "Zebra stripes"}, "Choose why you call the organizer."),
    ],
)
def test_a_call_refused_from_the_card_keeps_its_note_and_says_why(client, drawn_event, sent, said):
    """The card's call form opens again with the reason and the note as sent, and what
    is wrong above them (a redirect lost the note)."""
    event = drawn_event(tables=1)
    link = ScorekeeperLink.objects.filter(table__round__event=event).first()
    response = client.post(reverse("scorekeeping:call", args=[link.token]), sent)
    page = text(response)
    assert response.status_code == 200
    assert '<details class="call-organizer" id="call" open>' in page
    assert said in page and sent["note"] in page
    if sent["reason"] == "other":
        assert 'value="other" id="call_reason_2" required checked' in page
    assert not OrganizerCall.objects.exists()
    # A fresh card has it closed and empty.
    fresh = text(client.get(reverse("scorekeeping:card", args=[link.token])))
    assert '<details class="call-organizer" id="call">' in fresh and "Zebra" not in fresh


def test_the_cards_call_form_reads_in_each_tablets_language(client, drawn_event):
    """Its reasons are drawn once per language and kept (issue 28): a German tablet after
    an English one reads German, and the English one English again."""
    event = drawn_event(tables=1)
    link = ScorekeeperLink.objects.filter(table__round__event=event).first()
    card = reverse("scorekeeping:card", args=[link.token])
    assert "A question" in text(client.get(card))
    client.cookies["django_language"] = "de"
    german = text(client.get(card))
    assert "Eine Frage" in german and "A question" not in german
    client.cookies["django_language"] = "en"
    assert "A question" in text(client.get(card))


def test_a_call_sent_again_with_other_words_says_they_were_not_added(drawn_event):
    """The same call's key with another reason or note (a form resent after an edit):
    it answered "called already", and the new words were dropped without a word."""
    event = drawn_event(tables=1)
    seat, _link = seated(event)
    first = calls.call_organizer(seat.table, reason="question", note="first note", key="k1")
    resent = calls.call_organizer(seat.table, reason="question", note="first note", key="k1")
    assert first.new and not resent.new and not resent.not_added
    changed = calls.call_organizer(seat.table, reason="score", note="second note", key="k1")
    assert changed.call == first.call and changed.not_added
    assert "your call was not added" in changed.message
    # The note typed is said back (a walk's second caller lost "Zweiter Ruf" unseen).
    assert changed.message.endswith("Your note: “second note”")
    assert OrganizerCall.objects.get().note == "first note"


def test_one_open_call_per_table(drawn_event):
    event = drawn_event(tables=1)
    seat, _link = seated(event)
    first = calls.call_organizer(seat.table, reason="question")
    second = calls.call_organizer(seat.table, reason="other")
    assert first.new and not second.new and second.call == first.call
    # Its reason and note went nowhere: the answer says so (it said "called already").
    assert second.not_added and "your call was not added" in second.message
    assert "Your note" not in second.message  # none was typed
    resent = calls.call_organizer(seat.table, reason="question")
    assert not resent.not_added and resent.message == "The organizer has been called already."
    with pytest.raises(IntegrityError), transaction.atomic():
        OrganizerCall.objects.create(event=event, table=seat.table, reason="other", source="phone")
    # Once done, the table may call again; both calls stay on record.
    calls.done(event, first.call.pk)
    assert calls.call_organizer(seat.table, reason="other").new
    assert OrganizerCall.objects.count() == 2


def test_a_call_of_another_evening_cannot_be_answered(organizer_client, drawn_event):
    event, other = drawn_event(tables=1), drawn_event(tables=1)
    seat, _link = seated(other)
    call = calls.call_organizer(seat.table, reason="question").call
    response = organizer_client.post(
        reverse("dashboard:call_on_my_way", args=[event.pk, call.pk]), follow=True
    )
    assert "not one of this evening" in text(response)
    call.refresh_from_db()
    assert call.answered_at is None


def count(client, url) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_dashboard_costs_the_same_with_one_call_or_many(organizer_client, drawn_event):
    event = drawn_event(tables=6)
    url = reverse("dashboard:event", args=[event.pk])
    seat, _link = seated(event, 1)
    calls.call_organizer(seat.table, reason="question")
    one = count(organizer_client, url)
    for number in range(2, 7):
        seat, _link = seated(event, number)
        calls.call_organizer(seat.table, reason="score", player=seat.player)
    assert count(organizer_client, url) == one


def test_another_tables_key_neither_answers_for_it_nor_tells_its_words(drawn_event):
    """A call sent with another table's key was answered with that table's call ("called
    already (A question)") and nothing was stored for the caller's table (fuzz walk of
    2026-11-30): it is this table's own call now."""
    event = drawn_event(tables=2)
    one, _link = seated(event, 1)
    two, _link = seated(event, 2)
    first = calls.call_organizer(one.table, reason="question", note="ours", key="k1")
    other = calls.call_organizer(two.table, reason="score", note="", key="k1")

    assert other.new and other.call.table == two.table and other.call != first.call
    assert other.call.reason == "score"
    assert OrganizerCall.objects.filter(closed_at__isnull=True).count() == 2
