"""The standings page, the public results and the standings PDF at the games' limits:
every player at the most the game allows, and at the least (negative totals)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from clubscore.events.models import ScoreEntry
from clubscore.games import score
from clubscore.games.hand_and_foot import MAX_DECKS, MAX_HANDS
from clubscore.games.luxury_family import (
    MAX_BID,
    MAX_MELD,
    MAX_PENALTY_POINTS,
    MAX_ROUND_POINTS,
)
from clubscore.templatetags.charts import line_chart
from tests.printing.conftest import page_texts

from .conftest import tables_of

pytestmark = pytest.mark.django_db

LF_ROUNDS = 30  # the most rounds the Luxury Family option allows


def lf_round(players: list[str], number: int, *, top: bool) -> dict:
    """Round `number`: the game maker turns with every round. At the top everyone melds
    the most a hand can and the maker takes every trick; at the bottom the maker fails
    the highest bid and everyone has the most penalties."""
    maker = number % 3
    return {
        "players": players,
        "bid": MAX_BID,
        "game_maker": maker,
        "trump": "H",
        "melds": [MAX_MELD if top else 0] * 3,
        "power_points": [240 if i == maker else 0 for i in range(3)],
        "penalties": [0 if top else MAX_PENALTY_POINTS] * 3,
    }


def hf_team(*, top: bool, went_out: bool) -> dict:
    """Half of twelve decks, all melded into books (top) or all left in hand (bottom)."""
    half = {"jokers": 12, "twos": 24, "aces": 24, "high": 96, "low": 144}
    if top:
        return {
            "red_books": 30,
            "black_books": 12,
            "went_out": went_out,
            "exact_deals": 2,
            "melded": half | {"black_threes": 0},
            "in_hand": dict.fromkeys([*half, "black_threes", "red_threes"], 0),
        }
    return {
        "red_books": 0,
        "black_books": 0,
        "went_out": False,
        "exact_deals": 0,
        "melded": dict.fromkeys([*half, "black_threes"], 0),
        "in_hand": half | {"black_threes": 12, "red_threes": 12},
    }


def digits(text: str) -> str:
    """Text with its numbers' separators and minus signs made plain."""
    text = text.replace("\u2212", "-")
    return re.sub(r"(?<=\d)[,.\u202f\u00a0\u2009'](?=\d{3})", "", text)


def add_entry(table, number: int, payload: dict) -> None:
    """A confirmed entry, scored by the game with the event's options."""
    options = table.round.event.game_options
    ScoreEntry.objects.create(
        table=table,
        number=number,
        payload=payload,
        result=score(table.round.event.game, payload, options),
        status=ScoreEntry.Status.CONFIRMED,
    )


def played(drawn_event, game: str, *, top: bool):
    if game == "luxury_family":
        event = drawn_event(game, tables=2, options={"rounds": LF_ROUNDS}, public_standings=True)
        for table in tables_of(event):
            names = [seat.player.name for seat in table.seats.order_by("position")]
            for number in range(1, LF_ROUNDS + 1):
                add_entry(table, number, lf_round(names, number, top=top))
        # Each player makes the game in a third of the rounds.
        rounds_as_maker = LF_ROUNDS // 3
        if top:
            total = rounds_as_maker * MAX_ROUND_POINTS + (LF_ROUNDS - rounds_as_maker) * MAX_MELD
        else:
            total = -rounds_as_maker * MAX_BID - (LF_ROUNDS - rounds_as_maker) * 1000
        return event, [total]
    options = {"decks": MAX_DECKS, "hands": MAX_HANDS, "meld_minimums": [0]}
    event = drawn_event(game, tables=2, options=options, public_standings=True)
    for table in tables_of(event):
        for number in range(1, MAX_HANDS + 1):
            teams = [hf_team(top=top, went_out=top and i == 0) for i in range(2)]
            add_entry(table, number, {"hand": number, "decks": MAX_DECKS, "teams": teams})
    per_hand = [22140, 22040] if top else [-9240, -9240]
    return event, [MAX_HANDS * points for points in per_hand]


@pytest.mark.parametrize("top", [True, False], ids=["most", "least"])
@pytest.mark.parametrize("game", ["luxury_family", "hand_and_foot"])
def test_pages_and_the_pdf_show_the_largest_and_smallest_totals(
    organizer_client, drawn_event, game, top
):
    event, totals = played(drawn_event, game, top=top)
    pages = [
        organizer_client.get(reverse("dashboard:standings", args=[event.pk])),
        Client().get(reverse("dashboard:public_standings", args=[event.pk])),
    ]
    for response in pages:
        assert response.status_code == 200
        text = digits(response.content.decode())
        assert '<svg class="chart"' in text
        for total in totals:
            assert str(total) in text
    pdf = organizer_client.get(reverse("printing:event_pdf", args=[event.pk, "standings"]))
    assert pdf.status_code == 200
    printed = digits(" ".join(page_texts(pdf.content)))
    for total in totals:
        assert str(total) in printed


@pytest.mark.parametrize("value", [250_000, -100_000, 10**9, -(10**9)])
def test_charts_draw_the_largest_values_inside_the_picture(value):
    chart = line_chart([("Ann", [0, value // 2, value])], ["1", "2", "Total"])
    numbers = [float(n) for n in re.findall(r'(?:cy|y1|y2)="(-?[\d.]+)"', chart)]
    assert numbers and all(0 <= n <= 320 for n in numbers)
