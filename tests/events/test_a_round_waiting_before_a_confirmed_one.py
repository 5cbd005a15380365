"""An exact-bid table whose round 2 waits (entered, not confirmed, or disputed) while
round 3 is confirmed. The pages that count confirmed rounds (the dashboard, the
standings, the public results, the standings PDF, the players' phones) answered 500:
round 3 was scored as if it were round 2 ("Tricks add up to 1, but 2 cards were played
this round"), and the organizer could not reach the dispute to settle it (a walk)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubscore.events import phones
from clubscore.events.clock import start_clock
from clubscore.events.models import ScoreEntry, Table
from clubscore.events.results import table_score
from clubscore.games import GAMES

from .test_finish_every_game import enter

pytestmark = pytest.mark.django_db


def round_of(players: list[str], number: int) -> dict:
    """Seat 1 bids every trick and takes them (three cards, then two, then one)."""
    cards = 4 - number
    rest = [0] * (len(players) - 1)
    return {"bids": [cards, *rest], "tricks": [cards, *rest]}


def test_the_counted_rounds_stop_at_the_first_that_waits():
    game = GAMES["exact_bid"]
    assert game.counted_so_far([1, 3]) == [1]
    assert game.counted_so_far([3, 1, 2]) == [1, 2, 3]
    assert game.counted_so_far([2, 3]) == []
    # A game that scores each hand on its own counts every confirmed one.
    assert GAMES["hand_and_foot"].counted_so_far([1, 3]) == [1, 3]


@pytest.mark.parametrize("waiting", ["entered", "disputed"])
def test_a_round_waiting_before_a_confirmed_one_leaves_every_page_up(
    organizer_client, drawn_event, waiting
):
    event = drawn_event("exact_bid", tables=1, players_per_table=2, options={"start_cards": 3})
    start_clock(event)
    table = Table.objects.get(round__event=event)
    enter(table, 1, round_of)
    enter(table, 2, round_of, confirmed=False)
    if waiting == "disputed":
        ScoreEntry.objects.filter(table=table, number=2).update(
            status=ScoreEntry.Status.DISPUTED, dispute_note="I took one, not none"
        )
    enter(table, 3, round_of)
    assert ScoreEntry.objects.get(table=table, number=3).status == ScoreEntry.Status.CONFIRMED
    event.public_standings = True
    event.save(update_fields=["public_standings"])
    seat = table.seats.order_by("position").first()
    pages = [
        reverse("dashboard:event", args=[event.pk]),
        reverse("dashboard:standings", args=[event.pk]),
        reverse("dashboard:public_standings", args=[event.pk]),
        reverse("printing:event_pdf", args=[event.pk, "standings"]),
        reverse("playerpages:player", args=[phones.link_for(event, seat.player).token]),
    ]
    for url in pages:
        assert organizer_client.get(url).status_code == 200, url
    if waiting == "disputed":
        page = organizer_client.get(pages[0]).content.decode()
        assert "I took one, not none" in page  # the organizer can settle it
    # Round 1 counts so far: seat 1's three tricks bid and taken.
    confirmed = ScoreEntry.objects.filter(table=table, status=ScoreEntry.Status.CONFIRMED)
    outcome = table_score(event.game, event.game_options, table.seats.all(), confirmed)
    assert [len(progress) for progress in outcome.progress.values()] == [1, 1]
