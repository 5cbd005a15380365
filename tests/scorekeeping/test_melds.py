"""The meld calculator's view: the game scores the tapped cards, by htmx or a plain form."""

from __future__ import annotations

import uuid

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubscore.events.links import revoke_table_links
from clubscore.events.models import Event

from .conftest import links, url

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def lf(running):
    return running("luxury_family", tables=1)


def ask(client, link, htmx=True, **params):
    return client.get(url(link, "melds"), {"seat": 0, **params}, **(HTMX if htmx else {}))


def hidden_cards(response) -> str:
    body = response.content.decode()
    start = body.index('name="cards" value="') + len('name="cards" value="')
    return body[start : body.index('"', start)]


def test_the_card_offers_a_calculator_beside_each_melds_field(client, lf):
    body = client.get(url(links(lf)[0])).content.decode()
    for seat in range(3):
        assert f'href="{url(links(lf)[0], "melds")}?seat={seat}"' in body
    assert body.count('<div class="meldcalc-slot"') == 3


def test_a_tap_adds_a_card_and_the_game_scores_it_with_the_trump(client, lf):
    link = links(lf)[0]
    response = ask(client, link, cards="AH,10H,KH,QH", tap="JH", trump="H")
    body = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in body  # the panel alone, for htmx
    assert hidden_cards(response) == "AH,10H,KH,QH,JH"
    assert "Trump luxury family (hearts)" in body and "<strong>150</strong>" in body
    assert 'data-use-melds="meld_0" data-value="150"' in body
    # In another suit the same five cards are a plain luxury family.
    plain = ask(client, link, cards="AS,10S,KS,QS,JS", trump="H").content.decode()
    assert "Luxury family (spades)" in plain and 'data-value="100"' in plain


def test_two_copies_count_and_one_can_be_taken_back(client, lf):
    link = links(lf)[0]
    both = ask(client, link, cards="7H", tap="7H", trump="H")
    assert hidden_cards(both) == "7H,7H"
    assert "Both sevens of trump" in both.content.decode()
    # The card shows its two copies and cannot be tapped a third time.
    assert 'value="7H" form="meldcalc-0-form" class="card-tap suit-H"' in both.content.decode()
    assert "×2" in both.content.decode()
    back = ask(client, link, cards="7H,7H", untap="7H", trump="H")
    assert hidden_cards(back) == "7H"
    assert 'data-value="10"' in back.content.decode()
    assert hidden_cards(ask(client, link, cards="7H,KH", clear="1", trump="H")) == ""


def test_a_third_copy_is_refused_and_the_cards_stay(client, lf):
    response = ask(client, links(lf)[0], cards="KH,KH", tap="KH", trump="S")
    assert response.status_code == 200
    assert "There are only two K♥ in the game." in response.content.decode()
    assert hidden_cards(response) == "KH,KH"


def test_a_seventeenth_card_is_refused(client, lf):
    sixteen = ",".join(["AS", "AS", "10S", "10S", "KS", "KS", "QS", "QS"] * 2)
    response = ask(client, links(lf)[0], cards=sixteen.replace("S", "H", 8), tap="7C")
    body = response.content.decode()
    assert "A hand has 16 cards: no more can be shown." in body
    assert len(hidden_cards(response).split(",")) == 16


@pytest.mark.parametrize(
    "cards",
    ["XH", "KH,,ZZ", "١٠H", "KH," * 5000, "KH,KH,KH", "10h", "\x00", "K♥"],
    ids=[
        "unknown",
        "blank-and-unknown",
        "arabic-digits",
        "thousands",
        "three",
        "lower",
        "nul",
        "sym",
    ],
)
def test_any_card_list_gets_a_clear_message_never_a_500(client, lf, cards):
    response = ask(client, links(lf)[0], cards=cards, trump="H")
    assert response.status_code == 200
    body = response.content.decode()
    assert "The calculator starts again with no cards." in body
    assert hidden_cards(response) == ""
    assert body.count("field-error") <= 3  # one message per kind of fault, not thousands


def test_without_trump_the_cards_are_kept_and_the_trump_asked_for(client, lf):
    response = ask(client, links(lf)[0], cards="KC,QC", tap="JC")
    body = response.content.decode()
    assert hidden_cards(response) == "KC,QC,JC"
    assert "trump to see the melds" in body
    assert "data-use-melds" not in body
    bad = ask(client, links(lf)[0], cards="KC", trump="X").content.decode()
    assert "Trump must be one of S, H, D, C." in bad


def test_without_javascript_the_same_panel_is_a_page_that_keeps_the_cards(client, lf):
    response = ask(client, links(lf)[0], htmx=False, seat=1, cards="KD,QD", tap="JD", trump="D")
    body = response.content.decode()
    assert response.status_code == 200 and "<html" in body
    assert '<form method="get"' in body and 'id="meldcalc-1-form"' in body
    assert hidden_cards(response) == "KD,QD,JD"
    assert 'value="D" form="meldcalc-1-form" checked' in body  # the trump kept
    assert "Trump family (diamonds)" in body and "Enter 60 as the melds of P1B Table1" in body
    assert 'type="submit" name="tap" value="KH"' in body


def test_the_calculator_speaks_german(client, lf):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    body = ask(client, links(lf)[0], cards="KH,QH", tap="JH", trump="H").content.decode()
    assert "Trumpffamilie (Herz)" in body and "Diese Meldungen übernehmen" in body
    assert "D♥" in body and "B♥" in body  # Dame and Bube
    assert "Meldungen berechnen" in client.get(url(links(lf)[0])).content.decode()


@pytest.mark.parametrize("seat", ["3", "-1", "", "x", "١", "1" * 500])
def test_a_bad_seat_is_a_clear_400(client, lf, seat):
    response = ask(client, links(lf)[0], seat=seat)
    assert response.status_code == 400
    assert "Seat: enter a whole number from 0 to 2." in response.content.decode()


def test_other_games_have_no_calculator(client, running):
    event = running("hand_and_foot", tables=1)
    assert ask(client, links(event)[0]).status_code == 404
    assert "meldcalc" not in client.get(url(links(event)[0])).content.decode()


def test_a_revoked_or_finished_link_opens_no_calculator(client, lf):
    link = links(lf)[0]
    assert ask(client, link).status_code == 200
    revoke_table_links(link.table)
    assert ask(client, link).status_code == 404
    other = links(lf)[0]  # a fresh table of a final evening
    event = Event.objects.get(pk=lf.pk)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINAL)
    assert ask(client, other).status_code == 404
    assert client.post(url(link, "melds"), {"seat": 0}).status_code == 405


def test_the_calculator_costs_the_same_queries_on_a_full_card(client, running):
    small = running("luxury_family", tables=1)
    big = running("luxury_family", tables=6)
    small_link, big_link = links(small)[0], links(big)[0]
    for number in (1, 2):
        saved = client.post(
            url(big_link, "entry"),
            {
                "idem": uuid.uuid4().hex,
                "number": number,
                "version": 0,
                "bid": 100,
                "game_maker": 0,
                "trump": "H",
                "power_0": 120,
                "power_1": 60,
            },
        )
        assert saved.status_code == 302

    def count(link) -> int:
        with CaptureQueriesContext(connection) as queries:
            response = ask(client, link, cards="KH,QH", tap="JH", trump="H")
        assert response.status_code == 200
        return len(queries)

    assert count(big_link) == count(small_link) <= 3
