"""Every card with something entered and no dispute scored as it lies at once: a busy
evening's organizer need not settle twenty cards one by one."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from clubscore.events import finish
from clubscore.events.clock import start_clock
from clubscore.events.models import Event, ScoreEntry, Table, TeamPart

from .test_finish import entry, tables_of
from .test_half_entered import MINUS_45

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english_after():
    """A German request leaves German active in this thread: the next test reads English."""
    yield
    translation.activate("en")


@pytest.fixture
def busy_evening(drawn_event):
    """Six tables: turned in; two waiting to be confirmed; one team's part of a hand in;
    a dispute; nothing entered (only typed)."""
    event = start_clock(drawn_event("hand_and_foot", tables=6))
    done, waiting, also_waiting, half, disputed, empty = tables_of(event)
    entry(done, 1, ScoreEntry.Status.CONFIRMED)
    Table.objects.filter(pk=done.pk).update(turned_in_at="2026-11-27T20:00:00Z")
    entry(waiting, 1, ScoreEntry.Status.CONFIRMED)
    entry(waiting, 2, ScoreEntry.Status.ENTERED)
    entry(also_waiting, 1, ScoreEntry.Status.ENTERED)
    part = ScoreEntry.objects.create(table=half, number=1, status=ScoreEntry.Status.DRAFT)
    TeamPart.objects.create(entry=part, team=1, data=MINUS_45, state="entered", version=1)
    entry(disputed, 1, ScoreEntry.Status.DISPUTED)
    ScoreEntry.objects.create(table=empty, number=1, status=ScoreEntry.Status.DRAFT).keep_draft(
        1, {"red_books": "1"}
    )
    return event


def open_numbers(event) -> list[int]:
    return [card.number for card in finish.open_cards(event)]


def test_every_card_with_hands_in_is_scored_the_rest_stay(busy_evening, organizer):
    cards = finish.open_cards(busy_evening)
    assert [card.number for card in finish.ready_to_score(cards)] == [2, 3, 4]
    assert finish.score_all_as_they_lie(busy_evening, user=organizer) == (3, [])
    # The dispute is settled on the dashboard; whether the empty table played is asked.
    assert open_numbers(busy_evening) == [5, 6]
    scored = ScoreEntry.objects.filter(table__round__event=busy_evening, table__number__in=[2, 3])
    assert {e.status for e in scored} == {ScoreEntry.Status.CONFIRMED}
    half = ScoreEntry.objects.get(table__round__event=busy_evening, table__number=4)
    assert half.status == ScoreEntry.Status.CONFIRMED and half.result is not None
    assert finish.score_all_as_they_lie(busy_evening, user=organizer) == (0, [])


def test_a_card_that_cannot_be_scored_says_why_and_the_others_go_on(busy_evening):
    TeamPart.objects.filter(entry__table__round__event=busy_evening).update(
        data={**MINUS_45, "red_books": 999}
    )
    scored, refusals = finish.score_all_as_they_lie(busy_evening)
    assert scored == 2
    assert refusals == ["Round 1 · Table 4: Hand 1 cannot be scored as entered; correct it first."]
    assert open_numbers(busy_evening) == [4, 5, 6]


def test_a_final_evening_is_refused(busy_evening):
    Event.objects.filter(pk=busy_evening.pk).update(status=Event.Status.FINAL)
    busy_evening.refresh_from_db()
    with pytest.raises(finish.FinishRefused, match="reopen it"):
        finish.score_all_as_they_lie(busy_evening)
    assert open_numbers(busy_evening) == [2, 3, 4, 5, 6]


@pytest.mark.parametrize(
    ("language", "button", "done"),
    [
        ("en", "Score all 3 cards as they lie", "3 cards scored as they lie."),
        ("de", "Alle 3 Spielzettel werten, wie sie liegen", "3 Spielzettel gewertet, wie sie"),
    ],
)
def test_the_finish_page_scores_them_in_one_click(
    organizer_client, busy_evening, language, button, done
):
    organizer_client.cookies["django_language"] = language
    page_url = reverse("dashboard:finish", args=[busy_evening.pk])
    assert button in organizer_client.get(page_url).content.decode()
    response = organizer_client.post(
        reverse("dashboard:settle_all", args=[busy_evening.pk]), follow=True
    )
    page = response.content.decode()
    assert done in page and button not in page  # two cards left: one to settle, one asked
    assert open_numbers(busy_evening) == [5, 6]


def test_one_card_left_has_its_own_button_only(organizer_client, drawn_event):
    event = start_clock(drawn_event("hand_and_foot", tables=1))
    entry(tables_of(event)[0], 1, ScoreEntry.Status.ENTERED)
    page = organizer_client.get(reverse("dashboard:finish", args=[event.pk])).content.decode()
    assert "Score as it lies" in page and "as they lie" not in page


def test_a_stranger_cannot_score_them(client, busy_evening):
    response = client.post(reverse("dashboard:settle_all", args=[busy_evening.pk]))
    assert response.status_code == 302 and "login" in response["Location"]
    assert open_numbers(busy_evening) == [2, 3, 4, 5, 6]
