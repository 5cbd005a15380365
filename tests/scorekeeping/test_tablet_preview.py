"""Issue 18's tablet items 6, 10 and 11: the live preview says what is wrong."""

from __future__ import annotations

import uuid

import pytest

from .conftest import links, url

pytestmark = pytest.mark.django_db


def preview(client, link, data):
    return client.post(
        url(link, "preview"),
        {"idem": uuid.uuid4().hex, "version": 0, **data},
        HTTP_HX_REQUEST="true",
    ).content.decode()


def test_a_negative_count_shows_its_message_in_the_preview(client, running):
    one, _ = links(running())
    html = preview(client, one, {"number": 1, "melded_aces": -3})
    part = html.split('<ul class="preview-field-errors">', 1)[1].split("</ul>", 1)[0]
    assert "Aces: Cannot be negative." in part  # the field's label, then its message
    assert "<strong>0</strong>" not in html


def test_the_count_inputs_leave_the_limits_to_the_server(client, running):
    # With min="0" the browser marks -3 invalid and htmx skips the preview silently.
    one, _ = links(running())
    html = client.get(url(one)).content.decode()
    assert 'class="count"' in html
    assert 'min="0"' not in html


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        (
            {"bid_0": 10, "tricks_0": 9, "tricks_1": 0},
            "A bid may be at most 9: this round was played with 9 cards each.",
        ),
        ({"bid_0": 1, "tricks_0": 5, "tricks_1": 3, "tricks_2": 2}, "Tricks add up to 10"),
    ],
    ids=["bid-over-the-cards", "tricks-over-the-cards"],
)
def test_an_impossible_exact_bid_round_shows_the_games_message_in_the_preview(
    client, running, typed, message
):
    event = running("exact_bid", tables=1, players_per_table=3, options={"start_cards": 9})
    (link,) = links(event)
    html = preview(client, link, {"number": 1, "bid_1": 0, "bid_2": 0, **typed})
    part = html.split('<ul class="preview-field-errors">', 1)[1].split("</ul>", 1)[0]
    assert message in part


def errors_of(html: str) -> str:
    return html.split('<ul class="preview-field-errors">', 1)[1].split("</ul>", 1)[0]


def test_a_luxury_family_mistake_shows_before_the_game_maker_and_trump_are_chosen(client, running):
    """Only "This field is required." showed until both were chosen (a walk, 2026-11-28)."""
    event = running("luxury_family", tables=1, players_per_table=3)
    (link,) = links(event)
    part = errors_of(preview(client, link, {"number": 1, "bid": 5000, "meld_0": -20}))
    assert "A bid is at most 2580" in part
    assert "Cannot be negative." in part
    assert "This field is required." in part  # the game maker and the trump, still blank
    # Power points left blank are not added up as zeros ("add up to 0, but ... 240").
    assert "add up to" not in part


def test_an_exact_bid_over_the_cards_shows_before_every_bid_is_in(client, running):
    event = running("exact_bid", tables=1, players_per_table=3, options={"start_cards": 9})
    (link,) = links(event)
    part = errors_of(preview(client, link, {"number": 1, "bid_0": 10}))
    assert "A bid may be at most 9: this round was played with 9 cards each." in part
    assert "This field is required." in part  # the other bids


def test_each_game_names_its_units_for_the_steppers():
    from clubscore.games import GAMES

    lux = GAMES["luxury_family"]
    assert [lux.step(f) for f in ("bid", "melds", "penalties", "power_points")] == [10, 10, 10, 1]
    assert {GAMES[key].step("bid") for key in ("exact_bid", "laus", "hand_and_foot")} == {1}


def test_luxury_family_steps_its_bid_and_melds_by_ten(client, running):
    (link,) = links(running("luxury_family", tables=1, players_per_table=3))
    html = client.get(url(link)).content.decode()
    assert 'data-step="10" aria-controls="id_bid"' in html
    assert 'data-step="-10" aria-controls="id_meld_0"' in html
    assert 'data-step="1" aria-controls="id_power_0"' in html


def test_going_out_in_the_hand_finished_as_it_lies_is_said_in_the_preview(client, running):
    """Time called in hand 1: the preview showed "Went out 100" in the team's points, and
    only the save said nobody goes out in a hand scored as it lies (a walk, 2026-11-30)."""
    from clubscore.events.clock import call_time

    from .conftest import GOOD_TEAM

    event = running()
    one, _two = links(event)
    call_time(event)
    html = preview(client, one, {"number": 1, **GOOD_TEAM})
    said = "Time was called: this hand is scored as it lies and nobody went out."
    assert said in html.split('id="err-went_out"', 1)[1].split("</div>", 1)[0]
    assert "Went out" not in html.split('id="err-', 1)[0]  # no points shown with it
    without = {k: v for k, v in GOOD_TEAM.items() if k != "went_out"}
    assert said not in preview(client, one, {"number": 1, **without})
