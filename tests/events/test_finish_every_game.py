"""Finishing an evening of each of the four games, as the club plays it (issue 24.1).

Every hand or round goes in through the tablets' own actions (each side enters, the
other confirms: the results stored are what the tablet stores), one table is scored as
it lies, the tie for first is played off to its winner, and the organizer finishes the
evening on the dashboard. Then every player of the regular tables is rated (the ladder
shows a rating and one evening) and their page lists the evening.

Before the fix an exact-bid evening answered 500 here: the ratings read no payload
where a result was stored, and the exact-bid game scores a table from its payloads.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubscore.events.clock import start_clock
from clubscore.events.models import Event, Round, ScoreEntry, ScorekeeperLink, Table
from clubscore.games import GAMES
from clubscore.ratings.models import Rating, RatingHistory
from clubscore.scorekeeping.actions import confirm, submit, turn_in_card
from clubscore.scorekeeping.card import load_card
from clubscore.standings.playoff_results import WON
from clubscore.standings.standings import event_standings
from tests.payloads import hf_hand, laus_round, lf_round

pytestmark = pytest.mark.django_db


def exact_bid_round(players: list[str], number: int) -> dict:
    """Seat 1 bids every trick and takes them (two rounds: two cards, then one)."""
    cards = 3 - number
    rest = [0] * (len(players) - 1)
    return {"bids": [cards, *rest], "tricks": [cards, *rest]}


# game: (options, tables that tie (their winners tie for first), the payload of an entry)
GAMES_PLAYED = {
    "hand_and_foot": (
        {"hands": 1, "first_table_bonus": 0},
        2,  # the winning team of each table: four players, one play-off table
        lambda players, number: hf_hand(number, went_out_team=0),
    ),
    "exact_bid": ({"start_cards": 2}, 2, exact_bid_round),
    "luxury_family": ({"rounds": 1}, 3, lambda players, number: lf_round(players)),
    # The fourth seat takes the ten of diamonds: 0 points, the lowest.
    "laus": ({"rounds": 1}, 4, lambda players, number: laus_round(players, 0)),
}


def keepers(table: Table) -> list[str]:
    links = ScorekeeperLink.objects.filter(table=table).order_by("team__number", "pk")
    return [link.token for link in links]


def enter(table: Table, number: int, payload_of, *, confirmed: bool = True) -> None:
    """One hand or round through the tablets: entered, then confirmed by the other side."""
    tokens = keepers(table)
    card = load_card(tokens[0])
    payload = payload_of(card.player_names, number)
    if card.game.entry.parts(card.game) > 1:
        for index, token in enumerate(tokens):
            submit(load_card(token), number, payload["teams"][index], version=0, key=None)
        if confirmed:
            for token in tokens:
                confirm(load_card(token), number, version=1, key=None)
        return
    submit(card, number, payload, version=0, key=None)
    if confirmed:
        card = load_card(tokens[0])
        other = next(seat.player_id for seat in card.seats if seat.player_id != card.link.player_id)
        confirm(card, number, version=card.entries[number].version, key=None, player_id=other)


def play(table: Table, payload_of, *, last_confirmed: bool = True) -> None:
    """A whole game at `table`; turned in unless its last entry waits unconfirmed."""
    card = load_card(keepers(table)[0])
    count = card.target
    for number in range(1, count + 1):
        enter(table, number, payload_of, confirmed=last_confirmed or number < count)
    if last_confirmed:
        turn_in_card(load_card(keepers(table)[0]), key=None)


@pytest.mark.parametrize("game", list(GAMES_PLAYED))
def test_finishing_an_evening_rates_every_player(
    game, drawn_event, organizer_client, django_capture_on_commit_callbacks
):
    options, tied, payload_of = GAMES_PLAYED[game]
    event = start_clock(drawn_event(game, tables=tied, options=options))
    tables = list(Table.objects.filter(round__event=event).order_by("number"))
    for table in tables[:-1]:
        play(table, payload_of)
    play(tables[-1], payload_of, last_confirmed=False)  # its last entry is not confirmed

    finishing = reverse("dashboard:finish", args=[event.pk])
    settle = reverse("dashboard:settle_card", args=[event.pk, tables[-1].pk])
    assert organizer_client.post(settle, {"action": "as_it_lies"}).status_code == 302
    assert not ScoreEntry.objects.filter(table__round__event=event).exclude(
        status=ScoreEntry.Status.CONFIRMED
    )

    standings = event_standings(event)
    assert len(standings.playoff_rows) == (4 if GAMES[game].teams else tied)
    response = organizer_client.post(reverse("dashboard:playoff", args=[event.pk]))
    assert response.status_code == 302
    playoff = Round.objects.get(event=event, kind=Round.Kind.PLAYOFF)
    for table in playoff.tables.order_by("number"):
        play(table, payload_of)
    standings = event_standings(event)
    assert [row.playoff_state for row in standings.rows].count(WON) == (
        2 if GAMES[game].teams else 1
    )

    with django_capture_on_commit_callbacks(execute=True):
        response = organizer_client.post(reverse("dashboard:finish_now", args=[event.pk]))
    assert response.status_code == 302  # to the dashboard, which says it is final
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINAL
    assert organizer_client.get(finishing).context["is_final"]

    players = {
        pid
        for table in tables
        for pid in table.seats.values_list("player_id", flat=True)  # the regular tables
    }
    ratings = Rating.objects.filter(game=game)
    assert {rating.player_id for rating in ratings} == players
    assert {rating.evenings for rating in ratings} == {1}
    assert RatingHistory.objects.filter(event=event).count() == len(players)

    ladder = organizer_client.get(reverse("dashboard:ladder"), {"game": game})
    rows = ladder.context["ladder"].rows
    assert {row.player_id for row in rows} == players
    assert all(row.rating is not None and row.rated_evenings == 1 for row in rows)
    assert "–" not in ladder.content.decode().split('class="num rating"', 1)[1][:20]

    for pid in players:
        page = organizer_client.get(reverse("dashboard:player", args=[pid]))
        assert [line.event_id for line in page.context["page"].evenings] == [event.pk]
        assert event.name in page.content.decode()
