"""Laus played to a threshold on the tablet: the round in which someone passes it is the last."""

from __future__ import annotations

import uuid

import pytest

from clubscore.events.models import ScoreEntry, Table

from .conftest import links, url

pytestmark = pytest.mark.django_db

THRESHOLD = 500


def round_data(number: int) -> dict:
    """Player 1 takes the ten of spades, 2 clubs, 3 hearts, 4 diamonds (null); one face each.

    Player 1 scores 340 a round (300 + 25 + 10 + 5): 680 after two rounds, past 500.
    """
    data = {"number": number, "version": 0, "ten_S": 0, "ten_C": 1, "ten_H": 2, "ten_D": 3}
    for key in ("aces", "kings", "queens"):
        data |= {f"{key}_{i}": 1 for i in range(3)}  # the fourth player's fills itself in
    return data


def post(client, link, name, data):
    return client.post(url(link, name), {"idem": uuid.uuid4().hex, **data})


def play_round(client, link, number: int) -> None:
    assert post(client, link, "entry", round_data(number)).status_code == 302
    entry = ScoreEntry.objects.get(table=link.table, number=number)
    confirmer = link.table.seats.order_by("position")[1].player_id
    response = post(
        client, link, "confirm", {"number": number, "version": entry.version, "player": confirmer}
    )
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.CONFIRMED


def test_a_laus_table_plays_to_the_threshold_and_turns_in(client, running):
    event = running("laus", tables=1, options={"rounds": None, "threshold": THRESHOLD})
    assert event.game_options["rounds"] is None
    (link,) = links(event)

    play_round(client, link, 1)
    page = client.get(url(link)).content.decode()
    assert "Round 2" in page and 'name="ten_S"' in page  # 340: the game goes on
    assert "Game over" not in page and "Turn in the card</button>" not in page

    play_round(client, link, 2)
    page = client.get(url(link)).content.decode()
    assert [t["total"] for t in ScoreEntry.objects.get(number=2).result["players"]] == [
        340,
        240,
        140,
        0,
    ]
    # The card says the game is over, and why; no round 3 is offered.
    assert "Game over: P1A Table1 passed 500 points in round 2." in page
    assert 'name="ten_S"' not in page and "Round 3" not in page
    assert "Turn in the card" in page
    assert "Every round is in and confirmed: check the card, then turn it in." in page
    # A round 3 sent anyway (an old page) is refused.
    response = post(client, link, "entry", round_data(3))
    assert "Game over: P1A Table1 passed 500 points in round 2." in response.content.decode()
    assert not ScoreEntry.objects.filter(number=3).exists()

    assert post(client, link, "turn_in", {}).status_code == 302
    assert Table.objects.get(pk=link.table_id).turned_in_at is not None
    page = client.get(url(link)).content.decode()
    assert "Card turned in at" in page
    assert "Game over: P1A Table1 passed 500 points in round 2." in page


def test_a_laus_sum_says_its_own_words_and_a_negative_count_fills_nothing_in(client, running):
    """Aces 1, 2, 2 said "Check the marked fields." with no field marked; a king typed
    as -1 filled the last player's kings with 5 and blamed them ("at most 4"). The sum
    is said once, on the last player's aces (they fill themselves in)."""
    (link,) = links(running("laus", tables=1, options={"rounds": 3}))
    data = round_data(1) | {"aces_0": 1, "aces_1": 2, "aces_2": 2}
    html = post(client, link, "preview", data).content.decode()
    assert html.count("5 aces were taken, but there are 4.") == 1
    assert "<li>P1D Table1: Aces: 5 aces were taken, but there are 4.</li>" in html
    page = post(client, link, "entry", data).content.decode()  # saved: refused, kept
    said = '<p class="field-error" role="alert">5 aces were taken, but there are 4.</p>'
    assert f'<div id="err-aces_3" class="field-errors">{said}</div>' in page
    # On the field, and in the list of marked fields under it; not above the form too.
    assert page.count("5 aces were taken, but there are 4.") == 2
    one = round_data(1) | {"aces_0": 1, "aces_1": 0, "aces_2": 0, "aces_3": 0}
    html = post(client, link, "preview", one).content.decode()
    assert "1 ace was taken, but there are 4." in html

    data = round_data(1) | {"kings_1": -1}
    html = post(client, link, "preview", data).content.decode()
    assert "filled in: 5" not in html and "at most 4" not in html
    assert "Check the marked fields." in html


def test_a_ten_nobody_took_is_said_once_on_its_own_field(client, running):
    """A blank ten said "This field is required." on it and "Nobody took the ten of
    clubs" above the form: two messages for one mistake. Now the game's words, on it."""
    (link,) = links(running("laus", tables=1, options={"rounds": 3}))
    data = round_data(1) | {"ten_C": ""}
    page = post(client, link, "entry", data).content.decode()
    said = "Nobody took the ten of clubs; every ten is taken by one player."
    box = page.split('<div id="err-ten_C" class="field-errors">', 1)[1].split("</div>", 1)[0]
    assert box == f'<p class="field-error" role="alert">{said}</p>'
    assert "This field is required." not in page
    # On the field, and in the list of marked fields under it; not above the form too.
    assert page.count(said) == 2
    assert not ScoreEntry.objects.filter(table=link.table).exists()
    # Two tens blank: each its own words, on its own field.
    page = post(client, link, "entry", data | {"ten_S": ""}).content.decode()
    assert "Nobody took the ten of spades" in page.split('id="err-ten_S"', 1)[1].split("</div>")[0]
    assert "Nobody took the ten of clubs" in page.split('id="err-ten_C"', 1)[1].split("</div>")[0]


def test_a_whole_table_dispute_is_sent_as_the_player_who_disputes(client, running):
    """On a tablet the whole table shares, a dispute was recorded under the scorekeeper
    who entered the round ("Zoë disputed what Zoë entered"): "Dispute as …" names who."""
    from clubscore.events.models import ScoreChange

    (link,) = links(running("laus", tables=1, options={"rounds": 3}))
    assert post(client, link, "entry", round_data(1)).status_code == 302
    entry = ScoreEntry.objects.get(table=link.table, number=1)
    seats = list(link.table.seats.order_by("position").select_related("player"))
    others = [s for s in seats if s.player_id != entry.entered_by_id]
    page = client.get(url(link) + "?dispute=1").content.decode()
    for seat in others:
        assert f'name="player" value="{seat.player_id}"' in page
        assert f"Dispute as {seat.player.name}" in page
    assert f"Dispute as {link.player.name}<" not in page
    data = {"number": 1, "version": entry.version, "note": "The ten went elsewhere"}
    assert post(client, link, "dispute", data | {"player": others[1].player_id}).status_code == 302
    change = ScoreChange.objects.get(entry=entry, action="disputed")
    assert change.changed_by_player_id == others[1].player_id


def test_once_entry_has_closed_the_card_offers_no_confirmation_it_would_refuse(
    client, running, organizer
):
    """A round waiting to be checked when entry closed: the card said "Entry has closed.
    Only the organizer can change the card." over "Confirm as …" and "Dispute", which
    then answered "Entry has closed" (a walk, 2026-11-30). The organizer still can."""
    import datetime

    from django.test import Client
    from django.utils import timezone

    from clubscore.events.models import Round

    event = running("laus", tables=1, options={"rounds": 3})
    (link,) = links(event)
    assert post(client, link, "entry", round_data(1)).status_code == 302
    assert "Confirm as" in client.get(url(link)).content.decode()
    Round.objects.filter(event=event).update(
        clock_started_at=timezone.now() - datetime.timedelta(hours=3)
    )
    page = client.get(url(link)).content.decode()
    assert "Entry has closed: the organizer confirms it or changes it." in page
    assert "Confirm as" not in page and "?dispute=1" not in page
    boss = Client()
    boss.force_login(organizer)
    assert "Confirm as" in boss.get(url(link)).content.decode()
