"""The organizer's forms sent twice (a double tap, a resend after a lost answer) get the
first answer: its page and its message, not a red refusal of the repeat over an action
that went through (walk of 2026-11-30). Each form is read from its page, as a browser
reads it, and posted twice with what it carries."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from clubscore.events.clock import start_clock
from clubscore.events.models import ClockAction, DrawRecord, Event, IdempotencyKey, Round
from clubscore.events.services import check_in
from tests.playoffs import hand_and_foot_tie, regular_tables, turn_in
from tests.races import at_once

pytestmark = pytest.mark.django_db


def form_on(page: str, action: str, button: str) -> dict[str, str]:
    """The fields of the form on `page` that posts to `action` with `button` in it."""
    for form in re.findall(r"<form\b.*?</form>", page, flags=re.S):
        opening = re.match(r"<form[^>]*>", form).group(0)
        target = unescape(re.search(r'action="([^"]*)"', opening).group(1)).split("#")[0]
        if target == action and button in form:
            fields = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form)
            return {name: unescape(value) for name, value in fields}
    raise AssertionError(f"no form to {action} with {button!r}")


def said(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def twice(client, url: str, data: dict):
    client.post(url, data)
    return client.post(url, data, follow=True)


def test_finish_the_evening_tapped_twice_lands_on_the_dashboard_with_its_message(
    drawn_event, organizer_client
):
    event = start_clock(drawn_event(tables=1))
    turn_in(regular_tables(event))
    finish_url = reverse("dashboard:finish_now", args=[event.pk])
    page = organizer_client.get(reverse("dashboard:finish", args=[event.pk])).content.decode()
    data = form_on(page, finish_url, "Finish the evening")
    assert re.fullmatch(r"[0-9a-f]{32}", data["resend"])

    second = twice(organizer_client, finish_url, data)

    assert second.redirect_chain[-1][0] == reverse("dashboard:event", args=[event.pk])
    words = "Finished: the final standings are ready to print."
    assert words in said(second) and "The evening is final already." not in said(second)
    assert second.content.decode().count("The evening is final") == 1  # the panel's, once
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINAL
    assert ClockAction.objects.filter(event=event, action=ClockAction.Action.FINISH).count() == 1


def test_a_draw_tapped_twice_draws_once_and_shows_its_tables(make_event, make_player, client):
    from django.contrib.auth import get_user_model

    organizer = get_user_model().objects.create_user("o", password="x", is_staff=True)
    client.force_login(organizer)
    event = make_event(game="hand_and_foot", status="check_in")
    check_in(event, [make_player() for _ in range(8)])
    draw_url = reverse("events:draw", args=[event.pk])
    data = form_on(client.get(draw_url).content.decode(), draw_url, "Draw the tables")

    second = twice(client, draw_url, data | {"seed": ""})

    (record,) = DrawRecord.objects.filter(round__event=event)
    assert said(second) == [f"The tables are drawn (seed {record.round.seed})."]
    assert "were drawn meanwhile" not in second.content.decode()


def test_decide_by_lot_tapped_twice_says_nothing_false(drawn_event, organizer_client):
    event = drawn_event(tables=2)
    hand_and_foot_tie(event)
    turn_in(regular_tables(event))
    standings = reverse("dashboard:standings", args=[event.pk])
    playoff_url = reverse("dashboard:playoff", args=[event.pk])
    data = form_on(organizer_client.get(standings).content.decode(), playoff_url, "by_lot")

    second = twice(organizer_client, playoff_url, data)

    assert said(second) == ["The tie was decided by lot."]
    assert "in progress" not in second.content.decode()
    assert Round.objects.filter(event=event, kind=Round.Kind.PLAYOFF).count() == 1


def test_the_same_form_with_other_values_is_a_new_request(drawn_event, organizer_client):
    """A key sent again with other minutes is not answered as the first: it is run, and
    the clock's own check (the page's `seen`) says the clock changed since."""
    event = start_clock(drawn_event(tables=1))
    clock_url = reverse("dashboard:clock", args=[event.pk])
    page = organizer_client.get(reverse("dashboard:event", args=[event.pk])).content.decode()
    data = form_on(page, clock_url, 'value="extend"') | {"action": "extend"}
    organizer_client.post(clock_url, data | {"minutes": "5"})
    other = organizer_client.post(clock_url, data | {"minutes": "10"}, follow=True)

    assert any("The clock was changed since this page was shown" in m for m in said(other))
    extended = ClockAction.objects.filter(action=ClockAction.Action.EXTEND)
    assert list(extended.values_list("minutes", flat=True)) == [5]


def test_a_refusal_drawn_with_its_form_keeps_no_key(make_event, make_player, organizer_client):
    event = make_event(game="hand_and_foot", status="check_in")
    check_in(event, [make_player() for _ in range(8)])
    draw_url = reverse("events:draw", args=[event.pk])
    data = form_on(organizer_client.get(draw_url).content.decode(), draw_url, "Draw the tables")
    answer = organizer_client.post(draw_url, data | {"seed": "not a number"})

    assert answer.status_code == 200 and not IdempotencyKey.objects.exists()
    assert not DrawRecord.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_two_taps_at_the_same_instant_finish_once_and_answer_alike(
    drawn_event, organizer, organizer_client
):
    from django.test import Client

    event = start_clock(drawn_event(tables=1))
    turn_in(regular_tables(event))
    finish_url = reverse("dashboard:finish_now", args=[event.pk])
    page = organizer_client.get(reverse("dashboard:finish", args=[event.pk])).content.decode()
    data = form_on(page, finish_url, "Finish the evening")

    def tap():
        client = Client()
        client.force_login(organizer)
        answer = client.post(finish_url, data)
        return answer["Location"], said(answer)

    answers = at_once(tap, 2)

    assert answers[0] == answers[1]
    assert answers[0][0] == reverse("dashboard:event", args=[event.pk])
    assert ClockAction.objects.filter(event=event, action=ClockAction.Action.FINISH).count() == 1
