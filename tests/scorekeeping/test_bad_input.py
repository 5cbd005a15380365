"""The bad input of issue 16, each answered with a 4xx and a clear message, nothing stored.

Only the ASCII digits 0-9 make a number. A blank count is 0 where a scorekeeper skips
what did not happen (melds, penalties, cards left); where a count must be given (a
bid, the tricks and power points but the last, which fills itself in) a blank is
refused as "This field is required." (docs/decisions.md).
"""

from __future__ import annotations

import html
import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from clubscore.club.models import Player
from clubscore.events.models import IdempotencyKey, ScoreChange, ScoreEntry, Seat
from clubscore.games.base import NAME_PART_LENGTH

from .conftest import GOOD_TEAM, SMALL_TEAM, links, url

pytestmark = pytest.mark.django_db

SCOREKEEPER_PAGES = ("card", "entry", "preview", "draft", "confirm", "dispute", "turn_in", "qr")
OUT_OF_RANGE = ["0", "-1", "2147483648", "4294967297", "9" * 30, "١", "²", "", "1.0"]


def post(client, link, name, data):
    return client.post(url(link, name), {"idem": uuid.uuid4().hex, **data})


def stored() -> tuple:
    return (
        list(ScoreEntry.objects.order_by("pk").values_list("number", "status", "version")),
        ScoreChange.objects.count(),
        IdempotencyKey.objects.count(),
    )


@pytest.fixture
def hand_entered(client, running):
    """Hand 1 entered by both teams, waiting to be confirmed."""
    event = running()
    one, two = links(event)
    post(client, one, "entry", {"number": 1, "version": 0, **GOOD_TEAM})
    post(client, two, "entry", {"number": 1, "version": 0, **SMALL_TEAM})
    return one, two


@pytest.mark.parametrize("number", OUT_OF_RANGE)
@pytest.mark.parametrize("action", ["confirm", "dispute"])
def test_confirm_and_dispute_refuse_a_number_out_of_range(hand_entered, action, number):
    one, _two = hand_entered
    client = Client(raise_request_exception=False)
    before = stored()
    response = post(client, one, action, {"number": number, "version": 1, "note": "Wrong"})
    assert response.status_code == 400
    assert "Hand number: enter a whole number from 1 to 3." in response.content.decode()
    assert stored() == before


def test_the_organizer_cannot_enter_hand_2147483648(hand_entered, organizer):
    one, _two = hand_entered
    client = Client(raise_request_exception=False)
    client.force_login(organizer)
    before = stored()
    data = {"number": "2147483648", "version": 0, **GOOD_TEAM}
    response = post(client, one, "entry", data)
    assert response.status_code == 400
    assert "Hand number: enter a whole number from 1 to 3." in response.content.decode()
    assert stored() == before


def test_a_round_game_says_round(running):
    (link,) = links(running("laus", tables=1))
    client = Client(raise_request_exception=False)
    response = post(client, link, "confirm", {"number": "101", "version": 1})
    assert response.status_code == 400
    assert "Round number: enter a whole number from 1 to 8." in response.content.decode()


def test_a_nul_byte_in_any_field_keeps_the_rest_of_the_draft(client, running):
    (link,) = links(running("luxury_family", tables=1))
    form = {"bid": "200", "game_maker": "0", "trump": "H", "meld_0": "60", "power_0": "120"}
    for field in [*form, "power_1", "penalty_2"]:
        data = form | {field: form.get(field, "7") + "\x00"}
        response = post(client, link, "draft", {"number": 1, **data})
        assert response.status_code == 204
        draft = ScoreEntry.objects.get().draft(0)
        assert "\x00" not in repr(draft)
        assert draft[field] == form.get(field, "7")


@pytest.mark.parametrize("page", SCOREKEEPER_PAGES)
def test_a_nul_byte_is_no_link(page):
    client = Client(raise_request_exception=False)
    address = reverse(f"scorekeeping:{page}", args=["TOKEN"]).replace("TOKEN", "%00")
    method = client.get if page in ("card", "qr") else client.post
    assert method(address).status_code == 404


def test_a_live_poll_with_a_superscript_time_reads_the_card(client, running):
    (link,) = links(running("laus", tables=1))
    page = client.get(url(link)).content.decode()
    address = html.unescape(re.search(r'hx-get="([^"]*live=1[^"]*)"', page).group(1))
    hostile = re.sub(r"until=\d+", "until=%C2%B2", address)
    assert "until=%C2%B2" in hostile
    response = Client(raise_request_exception=False).get(hostile, HTTP_HX_REQUEST="true")
    assert response.status_code == 200


@pytest.mark.parametrize("typed", ["١٢", "۴", "²", "1_0", "1e2", "0x10", "๑"])
def test_only_ascii_digits_are_numbers(client, running, typed):
    (link,) = links(running("luxury_family", tables=1))
    data = {"number": 1, "version": 0, "bid": typed, "game_maker": 0, "trump": "H"}
    data |= {"power_0": 120, "power_1": 60}
    response = post(client, link, "entry", data)
    page = response.content.decode()
    assert response.status_code == 200
    assert "Enter a whole number with the digits 0 to 9." in page
    assert f'value="{html.escape(typed)}"' in page  # what was typed is shown again
    assert not ScoreEntry.objects.exclude(status=ScoreEntry.Status.DRAFT).exists()


def test_a_required_count_left_blank_is_not_zero(client, running):
    (link,) = links(running("luxury_family", tables=1))
    data = {"number": 1, "version": 0, "bid": "", "game_maker": 0, "trump": "H", "power_0": 240}
    page = post(client, link, "entry", data).content.decode()
    assert "This field is required." in page
    assert not ScoreEntry.objects.exclude(status=ScoreEntry.Status.DRAFT).exists()


def test_a_bid_beyond_the_most_a_round_can_score_is_refused_on_its_field(client, running):
    (link,) = links(running("luxury_family", tables=1))
    data = {"number": 1, "version": 0, "bid": "1" + "0" * 400, "game_maker": 0, "trump": "H"}
    data |= {"power_0": 120, "power_1": 60}
    page = post(client, link, "entry", data).content.decode()
    assert "A bid is at most 2580, the most one round can score." in page
    assert not ScoreEntry.objects.exclude(status=ScoreEntry.Status.DRAFT).exists()


def longest_names(event) -> list[str]:
    """Give the first player of the table names at the model's maximum."""
    seat = Seat.objects.filter(table__round__event=event, position=1).select_related("player")
    player = seat.get().player
    Player.objects.filter(pk=player.pk).update(
        first_name="F" * NAME_PART_LENGTH, last_name="L" * NAME_PART_LENGTH
    )
    return [s.player.name for s in Seat.objects.filter(table__round__event=event)]


@pytest.mark.parametrize(
    ("game", "data"),
    [
        ("exact_bid", {"bid_0": 1, "bid_1": 0, "bid_2": 0, "tricks_0": 10, "tricks_1": 0}),
        (
            "luxury_family",
            {"bid": 100, "game_maker": 0, "trump": "H", "power_0": 120, "power_1": 60},
        ),
        (
            "laus",
            {"ten_S": 0, "ten_H": 1, "ten_D": 2, "ten_C": 3}
            | {f"{k}_{i}": 1 for k in ("aces", "kings", "queens") for i in range(3)},
        ),
    ],
)
def test_a_player_with_the_longest_names_can_be_scored(client, running, game, data):
    size = 3 if game != "laus" else 4
    event = running(game, tables=1, players_per_table=size)
    names = longest_names(event)
    assert max(len(name) for name in names) == 2 * NAME_PART_LENGTH + 1
    (link,) = links(event)
    response = post(client, link, "entry", {"number": 1, "version": 0, **data})
    assert response.status_code == 302, response.content.decode()[:3000]
    assert ScoreEntry.objects.get().status == ScoreEntry.Status.ENTERED


@pytest.mark.parametrize("extra", ["&x=1" * 20, "&v=%FF%FE", "&live=&live=1&v=" + "a" * 4000])
def test_a_live_poll_with_a_strange_query_answers_without_an_error(client, running, extra):
    """The poll reads its few parameters itself (not `request.GET`): too many fields is no
    poll (the card is sent), bytes that are no UTF-8 are no version, a repeated one
    counts its last value."""
    link = links(running("hand_and_foot", tables=1))[0]
    page = client.get(url(link)).content.decode()
    address = html.unescape(re.search(r'hx-get="([^"]*live=1[^"]*)"', page).group(1))
    response = Client(raise_request_exception=False).get(address + extra, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert b'id="live"' in response.content
    # The same poll as the page wrote it is the cheap "nothing new".
    assert client.get(address, HTTP_HX_REQUEST="true").status_code == 204


def test_a_laus_round_says_every_mistake_at_once(client, running):
    """Two tens not chosen, a "1e" for one player's aces, a -1 and a huge number for two
    others': one save says all five (before, the blank tens and the "1e" hid the -1 and
    the huge number until they were put right, so the scorekeeper saved three times)."""
    (link,) = links(running("laus", tables=1))
    data = {"number": 1, "version": 0, "ten_S": 0, "ten_H": 1}
    data |= {"aces_0": "-1", "aces_1": "9" * 20, "aces_2": "1e"}
    response = post(client, link, "entry", data)
    assert response.status_code == 200
    errors = {
        name: re.findall(r'<p class="field-error"[^>]*>([^<]*)</p>', chunk)
        for name, chunk in re.findall(
            r'name="(ten_[SHDC]|aces_\d)"(.*?)(?=name="(?:ten_[SHDC]|aces_\d|kings_0)")',
            response.content.decode(),
            re.S,
        )
    }
    assert "Cannot be negative." in errors["aces_0"]
    assert any("at most" in e for e in errors["aces_1"]), errors["aces_1"]
    assert "Enter a whole number with the digits 0 to 9." in errors["aces_2"]
    assert errors["ten_D"] and errors["ten_C"]
    # The list under the form, for a phone whose field is off screen: a question's label
    # takes no colon ("…diamonds?: This field…" before).
    listed = response.content.decode().split('<ul class="preview-field-errors">')[1]
    assert "<li>Who took the ten of ♦ diamonds? This field is required.</li>" in listed
    assert "<li>P1A Table1: Aces: Cannot be negative.</li>" in listed
    assert "<li>P1B Table1: Aces: Must be at most 4.</li>" in listed
    assert not ScoreEntry.objects.exclude(status=ScoreEntry.Status.DRAFT).exists()
