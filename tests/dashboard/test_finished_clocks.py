"""Issue 26.12 and 26.19: a finished round's clock offers nothing to run, a final
evening's clocks stand still, and Reopen finds the evening at "time called"."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubscore.events import finish, services
from clubscore.events.clock import clock_state, start_clock
from clubscore.events.models import ClockAction, Event, Round, ScoreEntry, Table
from clubscore.games import score
from tests.payloads import laus_round

pytestmark = pytest.mark.django_db


def play_round(event, number):
    """Every table of round `number` plays one Laus round and turns its card in."""
    round_ = Round.objects.get(event=event, number=number)
    start_clock(round_)
    for table in Table.objects.filter(round=round_):
        names = [seat.player.name for seat in table.seats.order_by("position")]
        ScoreEntry.objects.create(
            table=table,
            number=1,
            payload=laus_round(names),
            result=score("laus", laus_round(names)),
            status=ScoreEntry.Status.CONFIRMED,
        )
    Table.objects.filter(round=round_).update(turned_in_at="2026-11-27T20:00:00Z")


@pytest.fixture
def three_rounds(make_event, make_player):
    """A Laus evening of three rounds: rounds 1 and 2 played and in, round 3 playing."""
    event = make_event("laus", options={"rounds": 1, "time_limit_minutes": 120})
    services.check_in(event, [make_player(f"L{n}", "Laus") for n in range(8)])
    for number in (1, 2, 3):
        services.draw_round(event, seed=number, round_number=None, after=number - 1)
        if number < 3:
            play_round(event, number)
    start_clock(Round.objects.get(event=event, number=3))
    return Event.objects.get(pk=event.pk)


def panel(page: str, number: int) -> str:
    start = page.index(f'id="clock-controls-{number}"')
    return page[start : page.index("</div>\n  </div>", start)]


@pytest.mark.parametrize(
    "language, all_in",
    [
        ("en", "Every card of this round is in"),
        ("de", "Jeder Spielzettel dieser Runde ist abgegeben"),
    ],
)
def test_a_round_whose_cards_are_in_offers_no_extend_or_call_time(
    organizer_client, three_rounds, language, all_in
):
    organizer_client.cookies["django_language"] = language
    page = organizer_client.get(reverse("dashboard:event", args=[three_rounds.pk]))
    page = page.content.decode()
    for number in (1, 2):
        assert all_in in panel(page, number)
        assert 'value="extend"' not in panel(page, number)
        assert 'value="call"' not in panel(page, number)
    assert 'value="extend"' in panel(page, 3) and 'value="call"' in panel(page, 3)
    assert page.count('data-countdown="ends"') == 1  # round 3's clock only


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", ("Every card is in.", "“time called”", "The evening is final")),
        (
            "de",
            (
                "Alle Spielzettel sind abgegeben.",
                "„Zeit abgelaufen“",
                "Der Abend ist abgeschlossen",
            ),
        ),
    ],
)
def test_a_final_evening_stops_its_clocks_and_reopens_at_time_called(
    organizer_client, three_rounds, organizer, language, words
):
    Table.objects.filter(round__event=three_rounds, round__number=3).update(not_played=True)
    finish.finish_event(three_rounds, user=organizer)
    third = Round.objects.get(event=three_rounds, number=3)
    assert clock_state(third).phase != "running"
    call = ClockAction.objects.get(round=third, action=ClockAction.Action.CALL)
    assert call.user == organizer
    organizer_client.cookies["django_language"] = language
    url = reverse("dashboard:event", args=[three_rounds.pk])
    page = organizer_client.get(url).content.decode()
    assert "data-countdown" not in page  # no clock counts down on a final evening
    assert page.count(words[0]) == 3 and words[1] in page  # the Reopen text
    # Done, not a warning: the clocks of rounds whose cards are all in no longer read orange.
    assert page.count(" clock-all-in") == 3
    assert page.count(words[2]) == 1  # said once, not again over the clocks
    finish.reopen_event(three_rounds, user=organizer)
    assert Event.objects.get(pk=three_rounds.pk).status == Event.Status.TIME_CALLED
    page = organizer_client.get(url).content.decode()
    assert "data-countdown" not in page and 'value="call"' not in page
