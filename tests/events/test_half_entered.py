"""Issue 26.4: "Score as it lies" counts a hand one team entered: that team's part as
entered, the team that entered nothing 0 (as the finish page says)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from clubscore.events import finish
from clubscore.events.clock import start_clock
from clubscore.events.models import Event, ScoreChange, ScoreEntry, Table, TeamPart
from clubscore.games import GAMES, score
from clubscore.standings.standings import event_standings
from tests.payloads import add_parts, hf_hand

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english_after():
    """A German request leaves German active in this thread: the next test reads English."""
    yield
    translation.activate("en")


# Team 1 melded nothing and holds cards: -45 (nine low cards in hand).
MINUS_45 = {
    "red_books": 0,
    "black_books": 0,
    "went_out": False,
    "exact_deals": 0,
    "melded": {"jokers": 0, "twos": 0, "aces": 0, "high": 0, "low": 0, "black_threes": 0},
    "in_hand": {
        "jokers": 0,
        "twos": 0,
        "aces": 0,
        "high": 0,
        "low": 9,
        "black_threes": 0,
        "red_threes": 0,
    },
}


@pytest.fixture
def half_entered(drawn_event):
    event = start_clock(drawn_event("hand_and_foot", tables=1))
    table = Table.objects.get(round__event=event)
    payload = hf_hand(1)
    first = ScoreEntry.objects.create(
        table=table,
        number=1,
        payload=payload,
        result=score("hand_and_foot", payload),
        status=ScoreEntry.Status.CONFIRMED,
    )
    add_parts(first, "confirmed")
    second = ScoreEntry.objects.create(table=table, number=2, status=ScoreEntry.Status.DRAFT)
    TeamPart.objects.create(entry=second, team=1, data=MINUS_45, state="entered", version=1)
    # Hand 3 was only typed on a tablet, never saved: nothing was entered.
    third = ScoreEntry.objects.create(table=table, number=3, status=ScoreEntry.Status.DRAFT)
    third.keep_draft(2, {"red_books": "1"})
    return event, table, first


def test_a_hand_one_team_entered_counts_as_entered(half_entered, organizer):
    event, table, first = half_entered
    assert GAMES["hand_and_foot"].score_team(MINUS_45, 2, 0)["total"] == -45
    finish.score_as_it_lies(event, table.pk, user=organizer)
    second = ScoreEntry.objects.get(table=table, number=2)
    assert second.status == ScoreEntry.Status.CONFIRMED
    assert [team["total"] for team in second.result["teams"]] == [-45, 0]
    assert {part.state for part in second.parts.all()} == {"confirmed"}
    assert ScoreChange.objects.get(entry=second).changed_by_user == organizer
    third = ScoreEntry.objects.get(table=table, number=3)
    assert third.status == ScoreEntry.Status.DRAFT  # typed, never saved: not counted
    finish.finish_event(event, user=organizer)
    totals = {row.name: (row.total, row.played) for row in event_standings(event).rows}
    team_totals = [team["total"] for team in first.result["teams"]]
    assert totals == {
        "P1A Table1": (team_totals[0] - 45, 2),
        "P1C Table1": (team_totals[0] - 45, 2),
        "P1B Table1": (team_totals[1], 2),
        "P1D Table1": (team_totals[1], 2),
    }


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", "A hand or round only one team entered counts as entered for that team"),
        ("de", "Eine Hand oder Runde, die nur ein Team eingetragen hat"),
    ],
)
def test_the_finish_page_says_what_happens_to_a_half_entered_hand(
    half_entered, organizer_client, language, words
):
    event, _table, _first = half_entered
    organizer_client.cookies["django_language"] = language
    page = organizer_client.get(reverse("dashboard:finish", args=[event.pk])).content.decode()
    assert words in page


def test_the_finish_page_counts_a_half_entered_hand_as_entered(half_entered, organizer_client):
    """Hand 2, which one team saved, is entered: a card with only such a hand read
    "0 entered", as one to mark not played, though "Score as it lies" counts it."""
    event, table, _first = half_entered
    (card,) = finish.open_cards(event)
    assert (card.entered, card.confirmed, card.has_hands) == (2, 1, True)
    page = organizer_client.get(reverse("dashboard:finish", args=[event.pk])).content.decode()
    assert "2 entered, 1 confirmed." in page


def test_a_half_entered_hand_that_cannot_be_scored_is_refused_not_a_500(half_entered):
    event, table, _first = half_entered
    TeamPart.objects.filter(entry__table=table, entry__number=2).update(
        data={**MINUS_45, "red_books": 999}
    )
    with pytest.raises(finish.FinishRefused, match="Hand 2 cannot be scored as entered"):
        finish.score_as_it_lies(event, table.pk)
    assert Table.objects.get(pk=table.pk).turned_in_at is None


def test_a_game_without_teams_is_not_told_about_teams_on_the_finish_page(
    drawn_event, organizer_client
):
    """The note comes from the game's entry mode: a Luxury Family evening, entered for
    the whole table at once, has no "team" that entered alone."""
    event = drawn_event("luxury_family", tables=1, status=Event.Status.TIME_CALLED)
    page = organizer_client.get(reverse("dashboard:finish", args=[event.pk])).content.decode()
    assert "1 card is not in yet." in page
    assert "team" not in page.split("<main", 1)[1].split("</main>", 1)[0].lower()
