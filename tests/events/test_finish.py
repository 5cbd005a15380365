"""Finishing the evening: settle each open card, make it final, reopen it (recorded)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from clubscore.events import finish
from clubscore.events.clock import start_clock
from clubscore.events.models import ClockAction, Event, ScoreChange, ScoreEntry, Table
from clubscore.events.signals import event_finished, event_reopened
from clubscore.games import score
from tests.payloads import add_parts, hf_hand

pytestmark = pytest.mark.django_db


def tables_of(event) -> list[Table]:
    return list(Table.objects.filter(round__event=event).order_by("number"))


def entry(table, number, status, **fields):
    payload = hf_hand(number)
    entry = ScoreEntry.objects.create(
        table=table,
        number=number,
        payload=payload,
        result=score("hand_and_foot", payload),
        status=status,
        **fields,
    )
    add_parts(entry, "entered")
    return entry


@pytest.fixture
def evening(drawn_event):
    """Three tables: one turned in, one with a hand waiting, one with a dispute."""
    event = start_clock(drawn_event("hand_and_foot", tables=3))
    done, waiting, disputed = tables_of(event)
    for number in (1, 2, 3):
        entry(done, number, ScoreEntry.Status.CONFIRMED)
    Table.objects.filter(pk=done.pk).update(turned_in_at="2026-11-27T20:00:00Z")
    entry(waiting, 1, ScoreEntry.Status.CONFIRMED)
    entry(waiting, 2, ScoreEntry.Status.ENTERED)
    entry(disputed, 1, ScoreEntry.Status.DISPUTED)
    return event


def test_the_open_cards_are_those_not_in(evening, django_assert_num_queries):
    with django_assert_num_queries(3):
        cards = finish.open_cards(evening)
    assert [card.number for card in cards] == [2, 3]
    assert (cards[0].entered, cards[0].confirmed, cards[0].disputed) == (2, 1, [])
    assert [e.number for e in cards[1].disputed] == [1]


def test_a_card_scored_as_it_lies_confirms_what_was_entered(evening, organizer):
    waiting = tables_of(evening)[1]
    table = finish.score_as_it_lies(evening, waiting.pk, user=organizer)
    assert table.turned_in_at is not None and not table.has_bonus
    second = ScoreEntry.objects.get(table=waiting, number=2)
    assert second.status == ScoreEntry.Status.CONFIRMED
    assert {part.state for part in second.parts.all()} == {"confirmed"}
    change = ScoreChange.objects.get(entry=second)
    assert change.action == "confirmed" and change.changed_by_user == organizer
    with pytest.raises(finish.FinishRefused, match="turned in its card already"):
        finish.score_as_it_lies(evening, waiting.pk, user=organizer)


def test_a_disputed_card_is_settled_first(evening):
    disputed = tables_of(evening)[2]
    with pytest.raises(finish.FinishRefused, match="settle it on the dashboard first"):
        finish.score_as_it_lies(evening, disputed.pk)
    finish.mark_not_played(evening, disputed.pk)
    assert Table.objects.get(pk=disputed.pk).not_played
    with pytest.raises(finish.FinishRefused, match="not played already"):
        finish.mark_not_played(evening, disputed.pk)


def test_a_table_of_another_evening_is_refused(evening, drawn_event):
    other = drawn_event("laus", tables=1)
    with pytest.raises(finish.FinishRefused, match="not part of this evening"):
        finish.mark_not_played(evening, tables_of(other)[0].pk)


def test_the_evening_is_final_once_nothing_is_open_and_can_be_reopened(evening, organizer):
    heard = []

    def listen(sender, event, **kwargs):
        heard.append((sender, event.pk, event.status))

    event_finished.connect(listen)
    event_reopened.connect(listen)
    try:
        with pytest.raises(finish.FinishRefused, match="2 card"):
            finish.finish_event(evening, user=organizer)
        _done, waiting, disputed = tables_of(evening)
        finish.score_as_it_lies(evening, waiting.pk, user=organizer)
        finish.mark_not_played(evening, disputed.pk, user=organizer)
        finish.finish_event(evening, user=organizer)
        assert heard == []  # sent once committed; this test's transaction never commits
    finally:
        event_finished.disconnect(listen)
        event_reopened.disconnect(listen)
    assert Event.objects.get(pk=evening.pk).status == Event.Status.FINAL
    with pytest.raises(finish.FinishRefused, match="final"):
        finish.mark_not_played(evening, waiting.pk)
    finish.reopen_event(evening, user=organizer)
    assert Event.objects.get(pk=evening.pk).status == Event.Status.TIME_CALLED
    assert list(ClockAction.objects.filter(event=evening).values_list("action", "user")) == [
        ("reopen", organizer.pk),
        ("finish", organizer.pk),
        ("call", organizer.pk),  # the clock still ran: finishing stops it (issue 26.12)
        ("start", None),
    ]
    with pytest.raises(finish.FinishRefused, match="Only a final evening"):
        finish.reopen_event(evening)


@pytest.mark.django_db(transaction=True)
def test_the_signals_are_sent_once_committed(drawn_event):
    event = drawn_event("laus", tables=1)
    (table,) = tables_of(event)
    heard = []

    def listen(sender, event, **kwargs):
        heard.append((event.pk, event.status, connection.in_atomic_block))

    event_finished.connect(listen)
    event_reopened.connect(listen)
    try:
        finish.mark_not_played(event, table.pk)
        finish.finish_event(event)
        finish.reopen_event(event)
    finally:
        event_finished.disconnect(listen)
        event_reopened.disconnect(listen)
    assert heard == [(event.pk, "final", False), (event.pk, "time_called", False)]


def test_the_card_page_says_the_evening_is_over(client, evening):
    link = tables_of(evening)[1].links.first()
    Event.objects.filter(pk=evening.pk).update(status=Event.Status.FINAL)
    page = client.get(link.get_absolute_url())
    assert page.status_code == 200
    assert "The evening is over" in page.content.decode()
    assert evening.name in page.content.decode()


def test_a_card_scored_as_it_lies_takes_nothing_more_after_reopen(client, evening, organizer):
    # Its clock runs again once the evening is reopened, but the card is in: no form
    # for its third hand that the server would refuse ("This card has been turned in").
    _done, waiting, disputed = tables_of(evening)
    ScoreEntry.objects.filter(table=waiting, number=2).delete()  # hand 2 being played
    ScoreEntry.objects.filter(table=waiting).update(entered_at=timezone.now())
    finish.score_as_it_lies(evening, waiting.pk, user=organizer)
    finish.mark_not_played(evening, disputed.pk, user=organizer)
    finish.finish_event(evening, user=organizer)
    finish.reopen_event(evening, user=organizer)
    link = waiting.links.first()
    page = client.get(link.get_absolute_url()).content.decode()
    assert "Card turned in at" in page
    assert reverse("scorekeeping:entry", args=[link.token]) not in page


def test_finishing_from_the_pages(organizer_client, evening):
    _done, waiting, disputed = tables_of(evening)
    page_url = reverse("dashboard:finish", args=[evening.pk])
    page = organizer_client.get(page_url).content.decode()
    assert "Table 2" in page and "Table 3" in page and "Score as it lies" in page
    assert "Did not play" in page and "#dispute-" in page
    settle = reverse("dashboard:settle_card", args=[evening.pk, waiting.pk])
    organizer_client.post(settle, {"action": "as_it_lies"})
    settle = reverse("dashboard:settle_card", args=[evening.pk, disputed.pk])
    organizer_client.post(settle, {"action": "not_played"})
    assert organizer_client.post(settle, {"action": "bogus"}).status_code == 302
    page = organizer_client.get(page_url).content.decode()
    assert "Every card is in" in page
    response = organizer_client.post(
        reverse("dashboard:finish_now", args=[evening.pk]), follow=True
    )
    assert "The evening is final" in response.content.decode()
    assert "Reopen" in response.content.decode()
    response = organizer_client.post(reverse("dashboard:reopen", args=[evening.pk]), follow=True)
    page = response.content.decode()
    assert "The evening is open again" in page and "Evening reopened" in page


def test_a_stranger_cannot_finish(client, evening):
    response = client.post(reverse("dashboard:finish_now", args=[evening.pk]))
    assert response.status_code == 302 and "login" in response["Location"]
    assert Event.objects.get(pk=evening.pk).status != Event.Status.FINAL


def test_finishing_closes_the_calls_still_open(drawn_event, organizer):
    """A call answered "On my way" but never "Done" stayed on the dashboard of a final
    evening, and "The organizer is on the way" on its card."""
    from clubscore.events import calls
    from clubscore.events.finish import finish_event
    from clubscore.events.models import OrganizerCall, Table

    event = drawn_event("laus", tables=1)
    table = Table.objects.get(round__event=event)
    table.turned_in_at = timezone.now()
    table.save(update_fields=["turned_in_at"])
    called = calls.call_organizer(table, reason="question")
    calls.on_my_way(event, called.call.pk)
    finish_event(event, user=organizer)
    assert not OrganizerCall.objects.filter(closed_at__isnull=True).exists()
    assert calls.open_calls(event) == []


def test_a_card_with_nothing_entered_is_marked_not_played_not_scored_as_it_lies(
    drawn_event, organizer_client
):
    """Scored as it lies, an empty card read "Turned in" over players who "did not
    play", its tablet still asking for the first round: it is not offered, and refused
    if sent, with what to do instead."""
    event = start_clock(drawn_event("exact_bid", tables=2))
    empty, typed_only = tables_of(event)
    draft = ScoreEntry.objects.create(table=typed_only, number=1, status=ScoreEntry.Status.DRAFT)
    draft.keep_draft(0, {"bid_1": "3"})
    page = organizer_client.get(reverse("dashboard:finish", args=[event.pk])).content.decode()
    assert "Score as it lies" not in page and page.count(">Did not play</button>") == 2
    for table in (empty, typed_only):
        settle = reverse("dashboard:settle_card", args=[event.pk, table.pk])
        answer = organizer_client.post(settle, {"action": "as_it_lies"}, follow=True)
        assert (
            f"Round 1 · {table} has nothing entered: mark it not played, or enter its scores."
            in answer.content.decode()
        )
        assert Table.objects.get(pk=table.pk).turned_in_at is None


def test_a_table_marked_not_played_by_mistake_plays_after_all(evening, organizer_client):
    """ "Did not play" on a card with hands in took them with one tap, for good: the
    page asks a second tap, lists the table under "Marked not played", and "It played
    after all" opens its card again, nothing lost."""
    waiting = tables_of(evening)[1]  # hand 1 confirmed, hand 2 waiting
    finish_url = reverse("dashboard:finish", args=[evening.pk])
    page = organizer_client.get(finish_url).content.decode()
    card = page.split(f'id="open-table-{waiting.pk}"', 1)[1].split("</li>", 1)[0]
    assert '<details class="not-played">' in card and "Yes, it did not play" in card
    assert "2 entries on this card will count for nothing." in card
    settle = reverse("dashboard:settle_card", args=[evening.pk, waiting.pk])
    organizer_client.post(settle, {"action": "not_played"})
    page = organizer_client.get(finish_url).content.decode()
    marked = page.split(f'id="not-played-table-{waiting.pk}"', 1)[1].split("</li>", 1)[0]
    assert "2 entries on this card count for nothing while it is marked." in marked
    answer = organizer_client.post(settle, {"action": "played"}, follow=True).content.decode()
    assert "Table 2 played after all: its card is open again." in answer
    assert f'id="open-table-{waiting.pk}"' in answer and "not-played-table" not in answer
    assert not Table.objects.get(pk=waiting.pk).not_played
    again = organizer_client.post(settle, {"action": "played"}, follow=True).content.decode()
    assert "Round 1 · Table 2 is not marked not played." in again


def test_a_card_turned_in_after_it_was_marked_not_played_counts(evening):
    """The organizer marked it, then the table turned its card in (or the organizer did
    on the card): the tile said "Turned in" over its totals, the standings "Did not
    play". Turned in, it counts."""
    from clubscore.scorekeeping.actions import turn_in
    from clubscore.standings.standings import event_standings

    waiting = tables_of(evening)[1]
    finish.mark_not_played(evening, waiting.pk)
    ScoreEntry.objects.filter(table=waiting).update(status=ScoreEntry.Status.CONFIRMED)
    entry(waiting, 3, ScoreEntry.Status.CONFIRMED)  # the card complete: it can be turned in
    turn_in(waiting, organizer=True)
    assert not Table.objects.get(pk=waiting.pk).not_played
    seated = set(waiting.seats.values_list("player_id", flat=True))
    rows = [row for row in event_standings(evening).rows if seated & set(row.player_ids)]
    assert rows and all(row.played == 3 for row in rows)


def test_a_final_evenings_table_is_not_marked_played(evening):
    disputed = tables_of(evening)[2]
    finish.mark_not_played(evening, disputed.pk)
    Event.objects.filter(pk=evening.pk).update(status=Event.Status.FINAL)
    evening.refresh_from_db()
    with pytest.raises(finish.FinishRefused, match="reopen it"):
        finish.mark_played(evening, disputed.pk)


def test_the_finish_page_costs_the_same_for_a_small_and_a_big_evening(
    drawn_event, organizer_client
):
    """Open cards and tables marked not played, each with its seats and counts: the
    same queries for 2 tables as for 12."""
    from django.test.utils import CaptureQueriesContext

    def cost(tables: int) -> int:
        event = start_clock(drawn_event("hand_and_foot", tables=tables))
        everyone = tables_of(event)
        for table in everyone:
            entry(table, 1, ScoreEntry.Status.CONFIRMED)
        half = everyone[: tables // 2]
        Table.objects.filter(pk__in=[t.pk for t in half]).update(not_played=True)
        with CaptureQueriesContext(connection) as queries:
            page = organizer_client.get(reverse("dashboard:finish", args=[event.pk]))
        assert page.content.decode().count("not-played-table-") == len(half)
        return len(queries)

    assert cost(2) == cost(12)


def test_a_stale_did_not_play_does_not_void_a_hand_entered_since_the_page_was_read(
    drawn_event, organizer_client
):
    """The finish page opened on an empty card offers "Did not play" in one tap; the table
    then saves its first round. That tap voided the round unseen (walk of 2026-11-30):
    it is refused now, the page showing the card as it is, and nothing is marked."""
    event = start_clock(drawn_event("exact_bid", tables=1))
    (table,) = tables_of(event)
    finish_url = reverse("dashboard:finish", args=[event.pk])
    page = organizer_client.get(finish_url).content.decode()
    card = page.split(f'id="open-table-{table.pk}"', 1)[1].split("</li>", 1)[0]
    assert '<input type="hidden" name="entered" value="0">' in card
    ScoreEntry.objects.create(table=table, number=1, status=ScoreEntry.Status.ENTERED)
    settle = reverse("dashboard:settle_card", args=[event.pk, table.pk])
    answer = organizer_client.post(settle, {"action": "not_played", "entered": "0"}, follow=True)
    words = "Round 1 · Table 1 has 1 entry now; this page showed 0. Nothing was marked"
    assert words in answer.content.decode()
    assert not Table.objects.get(pk=table.pk).not_played
    # The page now warns of the entry, and its second tap (it carries the count) marks it.
    assert "1 entry on this card will count for nothing." in answer.content.decode()
    organizer_client.post(settle, {"action": "not_played", "entered": "1"})
    assert Table.objects.get(pk=table.pk).not_played
