"""The wall: a projector's full screen of table numbers and names, the clock, pages."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse

from clubscore.events import services
from clubscore.events.clock import start_clock
from clubscore.events.models import Event, ScorekeeperLink, Table

pytestmark = pytest.mark.django_db


def wall_url(event):
    return reverse("events:wall", args=[event.pk])


def test_it_shows_every_table_with_names_the_clock_and_no_site_navigation(
    organizer_client, drawn_event
):
    event = start_clock(drawn_event(tables=3))
    page = organizer_client.get(wall_url(event)).content.decode()
    for number in (1, 2, 3):
        assert f'<span class="wall-number-word">Table</span> {number}</h2>' in page
    assert "P2A Table2" in page
    assert re.search(
        r'<strong class="clock-time" data-countdown="ends" role="timer" aria-live="off">'
        r"1:[23]\d:\d\d</strong>",
        page,
    )
    assert 'class="site-nav"' not in page and 'class="site-header"' not in page
    # The wall refreshes itself and turns pages with a script file (the CSP allows no inline).
    assert f'hx-get="{wall_url(event)}?part=live"' in page
    assert "/static/js/wall.js" in page and "<script>" not in page


def test_the_tablets_links_are_on_the_dashboard_not_on_the_projector(organizer_client, drawn_event):
    event = drawn_event(tables=1)
    link, revoked = ScorekeeperLink.objects.order_by("pk")
    ScorekeeperLink.objects.filter(pk=revoked.pk).update(revoked_at="2026-11-27T20:00Z")
    assert link.token not in organizer_client.get(wall_url(event)).content.decode()
    dashboard = organizer_client.get(reverse("dashboard:event", args=[event.pk]))
    assert link.get_absolute_url() in dashboard.content.decode()
    assert revoked.token not in dashboard.content.decode()


def test_the_live_part_comes_alone_for_htmx(organizer_client, drawn_event):
    event = drawn_event(tables=2)
    response = organizer_client.get(
        wall_url(event), {"part": "live"}, headers={"HX-Request": "true"}
    )
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="wall-live"')
    assert "<html" not in body and "P2A Table2" in body


@pytest.mark.parametrize(
    ("tables", "pages", "grid"),
    [
        (1, 1, "cols-1 rows-1"),
        (10, 1, "cols-3 rows-4"),
        (25, 1, "cols-5 rows-5"),
        (26, 2, "cols-5 rows-5"),
        (60, 3, "cols-5 rows-5"),
    ],
)
def test_tables_come_in_pages_of_one_screen(organizer_client, drawn_event, tables, pages, grid):
    event = drawn_event("laus", tables=tables)
    page = organizer_client.get(wall_url(event)).content.decode()
    assert page.count("data-wall-page=") == pages
    assert page.count(f'class="wall-tables {grid}"') == pages
    assert page.count('<li class="wall-table') == tables
    if pages > 1:
        assert f"Page {pages} of {pages}" in page


def test_the_wall_speaks_german(organizer_client, drawn_event):
    event = drawn_event(tables=1)
    organizer_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    page = organizer_client.get(wall_url(event)).content.decode()
    assert '<html lang="de">' in page
    assert '<span class="wall-number-word">Tisch</span> 1</h2>' in page
    assert "Die Uhr läuft noch nicht." in page


def test_it_shows_who_sits_out_and_why(organizer_client, make_event, make_player):
    event = make_event(game="luxury_family", status=Event.Status.CHECK_IN)
    players = [make_player(f"Guest{i}", "Lux") for i in range(4)]
    services.check_in(event, players)
    outcome = services.draw_round(event, seed=4, allow_sit_out=True)
    (out,) = outcome.sitting_out
    name = next(p.name for p in players if str(p.pk) == out["player"])

    page = organizer_client.get(wall_url(event)).content.decode()
    assert "Sitting out this round" in page
    assert name in page and out["reason"] in page


def test_before_the_draw_it_says_so(organizer_client, make_event):
    event = make_event()
    assert "not been drawn yet" in organizer_client.get(wall_url(event)).content.decode()


def test_the_page_runs_a_fixed_number_of_queries(
    organizer_client, make_event, make_player, django_assert_num_queries
):
    event = make_event(status=Event.Status.CHECK_IN)

    def grow_and_draw(count):
        services.check_in(event, [make_player() for _ in range(count)])
        services.draw_round(event, seed=count, allow_sit_out=True)

    grow_and_draw(9)
    with django_assert_num_queries(8) as few:
        organizer_client.get(wall_url(event))
    grow_and_draw(81)  # ten times the players
    with django_assert_num_queries(len(few.captured_queries)):
        response = organizer_client.get(wall_url(event))
    assert response.content.decode().count('<li class="wall-table') == 22


@pytest.mark.parametrize(
    ("game", "legend"),
    [
        ("hand_and_foot", "plays first"),
        ("exact_bid", "bids first"),
        ("luxury_family", "deals first"),
        ("laus", "deals first"),
    ],
)
def test_the_star_is_explained_in_the_games_words(organizer_client, drawn_event, game, legend):
    """The wall said "plays first" beside the star at every game; the tablets and phones
    say "Bids first:" (exact-bid) or "Deals:" for the same player."""
    event = drawn_event(game, tables=1)
    page = organizer_client.get(wall_url(event)).content.decode()
    assert f'<span class="first-mark">★</span> {legend}</span>' in page
    assert f'title="{legend}">★</span>' in page


def test_a_finished_evening_wall_says_so_and_counts_nothing_down(organizer_client, drawn_event):
    from clubscore.events.finish import finish_event
    from clubscore.events.models import Table

    event = start_clock(drawn_event(tables=1))
    Event.objects.filter(pk=event.pk).update(status=Event.Status.TIME_CALLED)
    Table.objects.filter(round__event=event).update(not_played=True)
    finish_event(Event.objects.get(pk=event.pk))
    organizer_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    page = organizer_client.get(wall_url(event)).content.decode()
    assert "Der Abend ist abgeschlossen." in page
    assert "data-countdown" not in page and "Die Zeit ist um." not in page


def test_once_every_card_is_in_the_wall_counts_nothing_down(organizer_client, drawn_event):
    """Between rounds the dashboard said "Every card of this round is in" while the wall
    still counted the round's time down."""
    from django.utils import timezone

    from clubscore.events.models import Table

    event = start_clock(drawn_event(tables=2))
    first, second = Table.objects.filter(round__event=event).order_by("number")
    Table.objects.filter(pk=first.pk).update(turned_in_at=timezone.now())
    page = organizer_client.get(wall_url(event)).content.decode()
    assert 'data-countdown="ends"' in page  # one card still out
    Table.objects.filter(pk=second.pk).update(not_played=True)
    page = organizer_client.get(wall_url(event)).content.decode()
    assert "Every card is in." in page and "data-countdown" not in page


def test_before_the_draw_the_wall_shows_the_room_no_organizer_link(organizer_client, make_event):
    event = make_event("laus", status=Event.Status.CHECK_IN)
    page = organizer_client.get(wall_url(event)).content.decode()
    assert "The tables have not been drawn yet." in page
    assert reverse("events:draw", args=[event.pk]) not in page


@pytest.mark.parametrize(
    "game, said",
    [
        ("hand_and_foot", "Time is up: finish the hand in progress. Entry closes in"),
        ("laus", "Time is up: finish the round in progress. Entry closes in"),
    ],
)
def test_once_time_is_up_the_wall_says_what_its_countdown_is(
    organizer_client, drawn_event, game, said
):
    """It read "Time is up." beside a big red 0:47, which a room reads as time left to
    play; the tablets and the phones say what the minutes are for."""
    from clubscore.events.clock import call_time

    event = start_clock(drawn_event(game, tables=1))
    call_time(event)
    page = organizer_client.get(wall_url(event)).content.decode()
    assert re.search(
        rf'<span class="clock-word">{re.escape(said)}</span> '
        r'<strong class="clock-time" data-countdown="grace" role="timer" aria-live="off">'
        r"\d+:\d\d</strong>",
        page,
    )


def test_a_table_marked_not_played_says_so_on_the_wall(organizer_client, drawn_event):
    # "Every card is in." once the finish marked the rest: each tile says which way.
    event = start_clock(drawn_event(tables=2))
    played, not_played = event.rounds.get().tables.order_by("number")
    Table.objects.filter(pk=played.pk).update(turned_in_at="2026-11-27T20:00Z")
    Table.objects.filter(pk=not_played.pk).update(not_played=True)
    page = organizer_client.get(wall_url(event)).content.decode()
    assert page.count('<p class="wall-done">✓ Turned in</p>') == 1
    assert page.count('<p class="wall-done">– Did not play</p>') == 1
    assert 'class="wall-table not-played"' in page
