"""The draw page: what fits, the choice when it does not, the seed, redraws and history."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from clubscore.club.models import Player
from clubscore.events import services
from clubscore.events.models import CheckIn, DrawRecord, Event, ScoreEntry, Seat, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(make_event):
    return make_event(status=Event.Status.CHECK_IN)


@pytest.fixture
def check_in(event, make_player):
    def add(count: int) -> list:
        players = [make_player() for _ in range(count)]
        services.check_in(event, players)
        return players

    return add


def draw_url(event):
    return reverse("events:draw", args=[event.pk])


def test_it_draws_the_tables_and_shows_them(organizer_client, event, check_in):
    check_in(8)
    response = organizer_client.get(draw_url(event))
    assert "8 checked in: 2 tables of four" in response.content.decode()

    response = organizer_client.post(draw_url(event), {"seed": "20261122"}, follow=True)
    page = response.content.decode()
    assert Table.objects.filter(round__event=event).count() == 2
    assert "The tables are drawn (seed 20261122)." in page
    table = Table.objects.select_related("first_player").first()
    card = table.draw_details["high_cards"][str(table.first_player_id)]
    assert f"Plays first: {table.first_player.name} (drew {card})" in page
    assert "Table 2" in page and "keeps score" in page
    record = DrawRecord.objects.get()
    assert record.drawn_by.username == "director"
    assert "· by director" in page  # the draw's history: the login, without a name
    record.drawn_by.first_name, record.drawn_by.last_name = "Anna", "Weber"
    record.drawn_by.save()
    assert "· by Anna Weber" in organizer_client.get(draw_url(event)).content.decode()


def test_when_players_do_not_fit_the_organizer_chooses(organizer_client, event, check_in):
    check_in(9)
    page = organizer_client.get(draw_url(event)).content.decode()
    assert "9 checked in: 2 tables of four; one must sit out, or three more join" in page
    assert "Let 1 sit out (chosen by who sat out least recently)" in page
    assert "Back to check-in: add 3 more players" in page

    # Nobody is dropped silently: a plain draw is refused with the draw's message.
    response = organizer_client.post(draw_url(event), {})
    assert response.status_code == 200
    assert "let 1 sit out or add 3 players" in response.content.decode()
    assert not Table.objects.exists()

    response = organizer_client.post(draw_url(event), {"allow_sit_out": "on"}, follow=True)
    page = response.content.decode()
    (out,) = DrawRecord.objects.get().result["sitting_out"]
    assert Seat.objects.count() == 8
    sitting = Player.objects.get(pk=int(out["player"]))
    assert f"{sitting.name}</span> — {out['reason']}" in page


def test_too_few_players_is_a_clear_message_not_an_error_page(organizer_client, event, check_in):
    check_in(2)
    response = organizer_client.post(draw_url(event), {"allow_sit_out": "on"})
    assert response.status_code == 200
    assert "2 players: a table of four needs 4; add 2 players" in response.content.decode()


@pytest.mark.parametrize(
    ("seed", "message"),
    [
        ("twelve", "Enter a whole number with the digits 0 to 9."),
        ("١٢", "Enter a whole number with the digits 0 to 9."),
        ("-1", "Must be at least 0."),
        ("1" + "0" * 15, "A seed has at most 15 digits."),
    ],
)
def test_a_bad_seed_is_refused_on_its_field_and_kept(
    organizer_client, event, check_in, seed, message
):
    check_in(4)
    response = organizer_client.post(draw_url(event), {"seed": seed})
    assert response.status_code == 200
    assert response.context["form"].errors == {"seed": [message]}
    assert f'value="{seed}"' in response.content.decode()
    assert not DrawRecord.objects.exists()


def test_a_redraw_must_be_confirmed_and_is_kept_in_the_history(organizer_client, event, check_in):
    check_in(8)
    organizer_client.post(draw_url(event), {"seed": "1"})

    response = organizer_client.post(draw_url(event), {"seed": "2"})
    assert response.status_code == 200
    assert "replace" in response.context["form"].errors
    assert DrawRecord.objects.count() == 1

    organizer_client.post(draw_url(event), {"seed": "2", "replace": "on"})
    assert list(DrawRecord.objects.values_list("seed", flat=True)) == [2, 1]
    page = organizer_client.get(reverse("events:detail", args=[event.pk])).content.decode()
    assert page.count('class="num seed"') == 2


def test_a_redraw_after_the_first_score_is_refused(organizer_client, event, check_in):
    check_in(8)
    outcome = services.draw_round(event, seed=1)
    ScoreEntry.objects.create(table=outcome.tables[0], number=1, payload={})

    page = organizer_client.get(draw_url(event)).content.decode()
    assert "Scores have been entered" in page and "Draw again" not in page
    response = organizer_client.post(draw_url(event), {"seed": "2", "replace": "on"})
    assert "scores have been entered at its tables" in response.content.decode()
    assert DrawRecord.objects.count() == 1


def test_late_arrivals_after_the_draw_are_pointed_out(organizer_client, event, check_in):
    check_in(8)
    services.draw_round(event, seed=1)
    assert "check-ins changed" not in organizer_client.get(draw_url(event)).content.decode()
    check_in(5)
    page = organizer_client.get(draw_url(event)).content.decode()
    # 13 here: one sits out all the same, so not "draw again so everyone plays" (a walk).
    assert "Drawing again seats whoever is here now (what fits is said above)" in page
    assert '<a href="#draw-form">To the draw</a>' in page and 'id="draw-form"' in page
    assert "13 checked in" in page


def test_late_arrivals_after_the_first_score_are_told_the_next_round(
    organizer_client, event, check_in
):
    """Once scored the tables stay: the page does not also say "draw again"."""
    check_in(8)
    outcome = services.draw_round(event, seed=1)
    ScoreEntry.objects.create(table=outcome.tables[0], number=1, payload={})
    check_in(4)
    page = organizer_client.get(draw_url(event)).content.decode()
    assert "whoever came later plays from the next round" in page
    assert "Drawing again" not in page


def test_a_play_off_round_is_named_so_on_the_draw_page(organizer_client, drawn_event):
    from tests.playoffs import laus_tie, play_off

    event = laus_tie(drawn_event, tables=4)
    play_off(event, done=False)
    page = organizer_client.get(draw_url(event)).content.decode()
    assert "A play-off round: drawn on the standings page" in page
    assert "Round 2 (play-off) · seed" in page
    assert "Scores have been entered" not in page and "checked in" not in page


def test_exact_bid_tables_show_every_rounds_trump(organizer_client, make_event, make_player):
    event = make_event(game="exact_bid", options={"start_cards": 5})
    services.check_in(event, [make_player() for _ in range(5)])
    services.draw_round(event, seed=3)
    page = organizer_client.get(draw_url(event)).content.decode()
    assert "Round 5 (1 card)" in page and "Round 6" not in page


def test_the_page_runs_a_fixed_number_of_queries(
    organizer_client, event, make_player, django_assert_num_queries
):
    def grow_and_draw(count):
        services.check_in(event, [make_player() for _ in range(count)])
        services.draw_round(event, seed=count, allow_sit_out=True)

    grow_and_draw(9)
    with django_assert_num_queries(10) as few:
        organizer_client.get(draw_url(event))
    grow_and_draw(81)  # ten times the players
    with django_assert_num_queries(len(few.captured_queries)):
        response = organizer_client.get(draw_url(event))
    assert response.content.decode().count('class="drawn-table"') == 22
    assert CheckIn.objects.count() == 90


def test_the_hub_links_every_step_and_lists_the_draws(organizer_client, event, check_in):
    check_in(8)
    services.draw_round(event, seed=77)
    page = organizer_client.get(reverse("events:detail", args=[event.pk])).content.decode()
    for name in ("events:checkin", "events:draw", "events:wall", "dashboard:event"):
        assert f'href="{reverse(name, args=[event.pk])}"' in page
    assert f'href="{reverse("dashboard:standings", args=[event.pk])}"' in page
    # Drawn: the count alone (how tables would fit, who must sit out, was the draw's).
    assert "<dd>8 checked in</dd>" in page and ">77<" in page
    assert "2 tables of four" not in page.split("</dl>", 1)[0]


def test_high_cards_show_full_names_where_first_names_collide(organizer_client, event, make_player):
    players = [
        make_player("Walter", "Smith"),
        make_player("Walter", "Jones"),
        make_player("Ann", "Brown"),
        make_player("Cy", "Green"),
    ]
    services.check_in(event, players)
    organizer_client.post(draw_url(event), {"seed": "7"})
    page = organizer_client.get(draw_url(event)).content.decode()
    table = Table.objects.get()
    cards = table.draw_details["high_cards"]
    for player in players[:2]:
        assert f'<span class="high-card">{player.name} {cards[str(player.pk)]}</span>' in page
    ann = players[2]
    assert f'<span class="high-card">Ann {cards[str(ann.pk)]}</span>' in page


@pytest.mark.parametrize(
    ("language", "deals", "drew", "cards"),
    [("en", "Deals:", "drew", "(1 card)"), ("de", "Gibt:", "gezogen", "(1 Karte)")],
)
def test_the_draw_page_says_who_starts_in_the_games_words(
    organizer_client, make_event, make_player, language, deals, drew, cards
):
    """Luxury Family: the high card deals first, as the card and the phones say; the
    exact-bid trumps of a one-card round read "1 card"."""
    event = make_event("luxury_family", status=Event.Status.CHECK_IN)
    services.check_in(event, [make_player() for _ in range(3)])
    services.draw_round(event, seed=5)
    table = Table.objects.select_related("first_player").get(round__event=event)
    organizer_client.cookies["django_language"] = language
    page = organizer_client.get(draw_url(event)).content.decode()
    assert f"{deals} {table.first_player.name} (" in page and drew in page
    exact_bid = make_event("exact_bid", status=Event.Status.CHECK_IN, options={"start_cards": 2})
    services.check_in(exact_bid, [make_player() for _ in range(3)])
    services.draw_round(exact_bid, seed=5)
    assert cards in organizer_client.get(draw_url(exact_bid)).content.decode()


def test_the_cards_drawn_read_in_the_pages_language(organizer_client, event, check_in):
    """The German draw page said "Chloé Q♦" where German players write D♦ (Dame)."""
    from django.conf import settings

    check_in(4)
    services.draw_round(event, seed=1)
    table = Table.objects.get(round__event=event)
    cards = {str(table.first_player_id): "Q♦"}
    table.draw_details = {**table.draw_details, "high_cards": cards}
    table.save(update_fields=["draw_details"])
    organizer_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    page = organizer_client.get(draw_url(event)).content.decode()
    assert f"{table.first_player.name} (hat D♦ gezogen)" in page and "Q♦" not in page
    organizer_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = organizer_client.get(draw_url(event)).content.decode()
    assert f"{table.first_player.name} (drew Q♦)" in page


def test_a_second_tap_on_draw_does_not_draw_over_tables_nobody_has_seen(
    organizer_client, event, check_in
):
    """The page sends back the draw it showed (none): a second tap (or a resend) finds
    the tables drawn meanwhile and shows them instead of drawing again unconfirmed; a
    redraw sends the draw it replaces."""
    check_in(8)
    page = organizer_client.get(draw_url(event))
    assert 'name="seen" value="0"' in page.content.decode()
    first = organizer_client.post(draw_url(event), {"seed": "1", "seen": "0"})
    assert first.status_code == 302
    again = organizer_client.post(draw_url(event), {"seed": "", "seen": "0"})
    assert "The tables were drawn meanwhile" in again.content.decode()
    assert DrawRecord.objects.count() == 1
    shown = DrawRecord.objects.get().pk
    redraw = {"seed": "2", "replace": "on", "seen": str(shown)}
    assert organizer_client.post(draw_url(event), redraw).status_code == 302
    # The same redraw sent twice: the second finds another draw than the one it saw.
    assert "drawn meanwhile" in organizer_client.post(draw_url(event), redraw).content.decode()
    assert list(DrawRecord.objects.values_list("seed", flat=True)) == [2, 1]


def test_the_page_shown_after_a_refused_draw_draws_again_and_junk_is_told(
    organizer_client, event, check_in
):
    check_in(8)
    organizer_client.post(draw_url(event), {"seed": "1", "seen": "0"})
    again = organizer_client.post(draw_url(event), {"seed": "", "seen": "0"}).content.decode()
    assert "The tables were drawn meanwhile" in again
    # The page shown now carries the draw it shows: "Draw again" from it redraws.
    seen = re.search(r'name="seen" value="([^"]*)"', again).group(1)
    assert seen == str(DrawRecord.objects.get().pk)
    redraw = {"seed": "2", "replace": "on", "seen": seen}
    assert organizer_client.post(draw_url(event), redraw).status_code == 302
    for junk in ("٣", "abc", "-5", "9" * 40):
        page = organizer_client.post(draw_url(event), {**redraw, "seen": junk})
        assert page.status_code == 200
        said = page.content.decode()
        assert "This page was out of date" in said or "drawn meanwhile" in said, junk
    assert DrawRecord.objects.count() == 2


def test_once_drawn_the_draw_page_leads_on_to_the_dashboard(
    organizer_client, make_event, make_player
):
    event = make_event("laus", status=Event.Status.CHECK_IN)
    services.check_in(event, [make_player() for _ in range(4)])
    before = organizer_client.get(draw_url(event)).content.decode()
    dashboard = f'href="{reverse("dashboard:event", args=[event.pk])}"'
    assert dashboard not in before  # nothing to run yet
    services.draw_round(event, seed=5)
    assert dashboard in organizer_client.get(draw_url(event)).content.decode()


def test_a_first_player_who_won_on_suit_alone_is_said_so(organizer_client, event, check_in):
    """The exact-bid draw showed "Élodie A♥, Betty A♠" and gave Betty first bid with no
    reason (a walk, 2026-11-30): where the suit decided, the page says so."""
    check_in(8)
    organizer_client.post(draw_url(event), {"seed": "1"})
    first, second = Table.objects.select_related("first_player").order_by("number")
    for table, cards in ((first, ["A♠", "A♥", "7♦", "K♣"]), (second, ["A♠", "K♥", "A♠, 9♦"])):
        ids = [str(table.first_player_id)] + [
            str(seat.player_id)
            for seat in Seat.objects.filter(table=table).exclude(player=table.first_player)
        ]
        table.draw_details["high_cards"] = dict(zip(ids, cards, strict=False))
        table.draw_details["high_cards"][ids[0]] = "A♠, K♦" if table == second else "A♠"
        table.save(update_fields=["draw_details"])
    page = organizer_client.get(draw_url(event)).content.decode()
    assert page.count("Between equal ranks the suit decides") == 1
    assert "Between equal ranks the suit decides: A♠ beats A♥." in page
    # Two equal aces (two packs) drew again: no suit decided that.
    organizer_client.cookies["django_language"] = "de"
    page = organizer_client.get(draw_url(event)).content.decode()
    assert "Bei gleichem Rang entscheidet die Farbe: A♠ schlägt A♥." in page
