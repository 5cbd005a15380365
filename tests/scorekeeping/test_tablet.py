"""Issue 18's tablet items, through the card's views."""

from __future__ import annotations

import re
import uuid

import pytest
from django.utils import timezone

from clubscore.events.models import ScoreEntry
from clubscore.games import GAMES

from .conftest import GOOD_TEAM, SMALL_TEAM, links, url

pytestmark = pytest.mark.django_db


def post(client, link, name, data):
    return client.post(url(link, name), {"idem": uuid.uuid4().hex, **data})


def test_an_empty_hand_and_foot_hand_is_refused(client, running):
    one, _two = links(running())
    response = post(client, one, "entry", {"number": 1, "version": 0})
    html = response.content.decode()
    assert response.status_code == 200
    assert "a team always holds or has laid down cards" in html
    assert not ScoreEntry.objects.exclude(status=ScoreEntry.Status.DRAFT).exists()


def test_hand_and_foot_says_who_plays_first_not_who_deals(client, running):
    one, _two = links(running())
    html = client.get(url(one, "card")).content.decode()
    assert "Plays first:" in html
    assert "Deals:" not in html


def test_each_game_names_the_first_seat():
    labels = {key: str(game.first_seat_label) for key, game in GAMES.items()}
    assert labels["hand_and_foot"] == "Plays first:"
    assert labels["exact_bid"] == "Bids first:"
    assert labels["laus"] == labels["luxury_family"] == "Deals:"


def test_the_conflict_shows_yes_or_no_and_opens_at_the_form(client, running):
    one, _two = links(running())
    post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM})
    response = post(client, one, "entry", {"number": 1, "version": 0, **SMALL_TEAM})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<dt>We went out</dt><dd>Yes</dd>" in html
    assert "True" not in html
    # The answer to the form opens at the form (and its conflict box), not at the top.
    assert 'action="' + url(one, "entry") + '#card"' in html


def test_the_hands_table_labels_hand_points_running_totals_and_the_multiplied_total(
    client, running
):
    event = running("exact_bid", tables=1, players_per_table=3, options={"start_cards": 5})
    (link,) = links(event)
    data = {"number": 1, "version": 0, "bid_0": 1, "bid_1": 2, "bid_2": 0}
    data.update({"tricks_0": 1, "tricks_1": 2, "tricks_2": 2})
    assert post(client, link, "entry", data).status_code == 302
    html = client.get(url(link, "card")).content.decode()
    assert "Σ " in html and "the running total" in html
    # Mid-game the totals are the points so far, as on the dashboard and the phones: a
    # place's multiplier after round 1 of 5 is no one's final total.
    so_far = [int(v) for v in re.findall(r'<span class="total-value">(-?\d+)</span>', html)]
    assert "Final total (× multiplier)" not in html
    assert "Points so far, before the final multiplier." in html
    # Once the card is in, the final totals with each player's multiplier.
    link.table.turned_in_at = timezone.now()
    link.table.save(update_fields=["turned_in_at"])
    html = client.get(url(link, "card")).content.decode()
    final = [int(v) for v in re.findall(r'<span class="total-value">(-?\d+)</span>', html)]
    factors = [int(m) for m in re.findall(r'<span class="running">× (\d+)</span>', html)]
    assert "Final total (× multiplier)" in html and sorted(factors) == [1, 2, 3]
    assert final == [p * m for p, m in zip(so_far, factors, strict=True)] != so_far
    assert "Points so far, before the final multiplier." not in html
    # Equal points can end with different multipliers: the card says how places go.
    assert "where both are equal, the earlier seat ranks higher" in html


def test_the_last_round_in_shows_the_final_totals_the_table_turns_in(client, running):
    """ "Check the card, then turn it in" showed the points before the multiplier: the
    table could not check the result it signs off (a walk, 2026-11-30). Once the last
    round is in, the places are settled: the card shows the final totals before it is
    turned in, as it does after."""
    event = running("exact_bid", tables=1, players_per_table=3, options={"start_cards": 2})
    (link,) = links(event)
    rounds = [
        {"bid_0": 1, "bid_1": 1, "bid_2": 0, "tricks_0": 1, "tricks_1": 1, "tricks_2": 0},
        {"bid_0": 0, "bid_1": 1, "bid_2": 0, "tricks_0": 0, "tricks_1": 0, "tricks_2": 1},
    ]
    for number, counts in enumerate(rounds, start=1):
        data = {"number": number, "version": 0, **counts}
        assert post(client, link, "entry", data).status_code == 302
        html = client.get(url(link, "card")).content.decode()
        if number == 1:
            assert "Final total (× multiplier)" not in html
    totals = [int(v) for v in re.findall(r'<span class="total-value">(-?\d+)</span>', html)]
    factors = [int(m) for m in re.findall(r'<span class="running">× (\d+)</span>', html)]
    assert "Final total (× multiplier)" in html and sorted(factors) == [1, 2, 3]
    assert "Points so far, before the final multiplier." not in html
    assert "where both are equal, the earlier seat ranks higher" in html
    # 21 / 11 / 11 points (a trick 1, an exact bid 10), the last two with a trick each:
    # the earlier seat ranks higher, so ×3, ×2, ×1.
    assert totals == [21 * 3, 11 * 2, 11 * 1]


def test_the_conflict_names_players_and_suits_and_keeps_the_forms_groups(client, running):
    """A conflict on a Laus round said who took each ten by seat number ("0"), and a
    Hand and Foot hand's "Aces" twice, melded and in hand, without saying which."""
    from .test_laus_threshold import round_data

    laus = running("laus", tables=1)
    (link,) = links(laus)
    names = [seat.player.name for seat in link.table.seats.order_by("position")]
    post(client, link, "entry", round_data(1))
    again = round_data(1) | {"ten_S": 1}
    html = post(client, link, "entry", again).content.decode()
    assert f"<dt>Who took the ten of ♠ spades?</dt><dd>{names[0]}</dd>" in html
    assert '<p class="theirs-legend">The tens</p>' in html

    one, _two = links(running())
    post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM})
    html = post(client, one, "entry", {"number": 1, "version": 0, **SMALL_TEAM}).content.decode()
    melded = html.index('<p class="theirs-legend">Cards melded (laid down, books included)</p>')
    in_hand = html.index('<p class="theirs-legend">Cards left in hand and foot</p>')
    assert melded < html.index("<dt>Aces</dt><dd>4</dd>", melded) < in_hand


def test_time_called_the_last_round_in_shows_the_final_totals_too(client, running):
    """Time called after round 1 of 5: once the round in progress is in, nothing is left
    to enter and the card is turned in with the places of the rounds played, so "check
    the card, then turn it in" shows those final totals, not the points before them."""
    from clubscore.events.clock import call_time

    event = running("exact_bid", tables=1, players_per_table=3, options={"start_cards": 5})
    (link,) = links(event)
    first = {"bid_0": 1, "bid_1": 2, "bid_2": 0, "tricks_0": 1, "tricks_1": 2, "tricks_2": 2}
    assert post(client, link, "entry", {"number": 1, "version": 0, **first}).status_code == 302
    call_time(event)
    html = client.get(url(link, "card")).content.decode()
    assert "Final total (× multiplier)" not in html  # round 2, in progress, is to come
    second = {"bid_0": 0, "bid_1": 1, "bid_2": 0, "tricks_0": 0, "tricks_1": 1, "tricks_2": 3}
    assert post(client, link, "entry", {"number": 2, "version": 0, **second}).status_code == 302
    html = client.get(url(link, "card")).content.decode()
    assert "Final total (× multiplier)" in html
    assert "Points so far, before the final multiplier." not in html
    factors = [int(m) for m in re.findall(r'<span class="running">× (\d+)</span>', html)]
    assert sorted(factors) == [1, 2, 3]


def test_the_bids_are_asked_in_the_order_the_table_bids(client, running):
    """Round 1 said "Bids first: Betty" while the first bid field was Élodie's: the
    scorekeeper types the bids as they are said (a walk, 2026-11-30). The bids start at
    the first bidder and go round the table; the tricks follow in the same order, so each
    player has the same place in both (a walk, 2026-12-01: in seat order, the second
    place was another player's, and tricks went on the wrong name); the last bidder's
    fills itself in."""
    event = running("exact_bid", tables=1, players_per_table=3, options={"start_cards": 5})
    (link,) = links(event)
    seats = list(link.table.seats.order_by("position").select_related("player"))
    link.table.first_player = seats[2].player
    link.table.save(update_fields=["first_player"])
    html = client.get(url(link, "card")).content.decode()
    assert f"Bids first: <strong>{seats[2].player.name}</strong>" in html
    asked = re.findall(r'name="((?:bid|tricks)_\d)"', html)
    assert asked == ["bid_2", "bid_0", "bid_1", "tricks_2", "tricks_0", "tricks_1"]
    (auto,) = re.findall(r"<input[^>]*data-auto[^>]*>", html)
    assert 'name="tricks_1"' in auto  # the last bidder's fills itself in
    # The next round, the next seat bids first.
    data = {"number": 1, "version": 0, "bid_0": 1, "bid_1": 2, "bid_2": 0}
    data.update({"tricks_0": 1, "tricks_2": 2})  # the last bidder's left to fill itself in
    assert post(client, link, "entry", data).status_code == 302
    assert ScoreEntry.objects.get(table=link.table, number=1).payload["tricks"] == [1, 2, 2]
    html = client.get(url(link, "card")).content.decode()
    assert re.findall(r'name="(bid_\d)"', html) == ["bid_0", "bid_1", "bid_2"]
