"""The dashboard's table tiles: who plays, the hand in progress, the totals, the links to
the card, and late tables; disputes say who disputed whom; corrections preview their
total as they are typed."""

from __future__ import annotations

import datetime
import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from clubscore.events.clock import call_time, start_clock
from clubscore.events.models import ScoreChange, ScoreEntry, ScorekeeperLink
from clubscore.games import score
from tests.payloads import add_parts, lf_round

from .conftest import hf_hand, laus_round, tables_of
from .test_dashboard_views import correction

pytestmark = pytest.mark.django_db


def url(event):
    return reverse("dashboard:event", args=[event.pk])


def tile(page: str, table) -> str:
    """The HTML of one table's tile."""
    match = re.search(rf'<li class="tile[^"]*" id="table-{table.pk}".*?</li>', page, re.S)
    assert match, f"no tile for {table}"
    return match.group(0)


def test_a_tile_shows_the_teams_the_hand_in_progress_the_totals_and_the_cards(
    organizer_client, drawn_event, add_entry
):
    event = start_clock(drawn_event("hand_and_foot", tables=2))
    first, second = tables_of(event)
    add_entry(first, 1, hf_hand(1, 0))
    add_entry(first, 2, hf_hand(2, 1), status=ScoreEntry.Status.ENTERED)
    one = score("hand_and_foot", hf_hand(1, 0))["teams"]

    html = tile(organizer_client.get(url(event)).content.decode(), first)
    assert "Hand 2 of 3" in html
    assert "Team 1</span> P1A Table1 &amp; P1C Table1" in html
    assert "Team 2</span> P1B Table1 &amp; P1D Table1" in html
    totals = re.findall(r'<td class="num">(-?\d+)</td>', html)
    assert totals == [str(one[0]["total"]), str(one[1]["total"])]
    for link in ScorekeeperLink.objects.filter(table=first).select_related("team"):
        assert f'href="{link.get_absolute_url()}">Team {link.team.number}&#x27;s card' in html
    # Nothing confirmed yet: zero each.
    assert re.findall(
        r'<td class="num">(-?\d+)</td>',
        tile(organizer_client.get(url(event)).content.decode(), second),
    ) == ["0", "0"]


def test_a_tile_of_a_game_for_players_lists_each_player_with_their_points(
    organizer_client, drawn_event, add_entry
):
    event = start_clock(drawn_event("laus", tables=1))
    (table,) = tables_of(event)
    names = [seat.player.name for seat in table.seats.order_by("position")]
    payload = laus_round(names, ten_of_spades_to=2)
    add_entry(table, 1, payload)
    points = [player["total"] for player in score("laus", payload)["players"]]
    html = tile(organizer_client.get(url(event)).content.decode(), table)
    for name, total in zip(names, points, strict=True):
        assert f'<th scope="row">{name}</th><td class="num">{total}</td>' in html
    assert "Round 2 of" in html
    assert "Score card" in html


def test_a_late_table_reads_late_and_a_turned_in_one_does_not(
    organizer_client, drawn_event, add_entry
):
    started = timezone.now() - datetime.timedelta(minutes=200)
    event = start_clock(drawn_event("hand_and_foot", tables=2), now=started)
    first, second = tables_of(event)
    second.turned_in_at = timezone.now()
    second.save(update_fields=["turned_in_at"])
    page = organizer_client.get(url(event)).content.decode()
    assert 'class="tile state-over_time late"' in tile(page, first)
    assert '<strong class="tile-alert">Late</strong>' in tile(page, first)
    assert "tile-alert" not in tile(page, second)

    organizer_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    page = organizer_client.get(url(event)).content.decode()
    assert '<strong class="tile-alert">Verspätet</strong>' in tile(page, first)


def test_a_table_far_behind_the_others_reads_behind(organizer_client, drawn_event, add_entry):
    event = start_clock(drawn_event("hand_and_foot", tables=4))
    tables = tables_of(event)
    for table in tables[1:]:
        add_entry(table, 1, hf_hand(1))
        add_entry(table, 2, hf_hand(2))
    add_entry(tables[1], 3, hf_hand(3))
    page = organizer_client.get(url(event)).content.decode()
    assert '<strong class="tile-alert">Behind</strong>' in tile(page, tables[0])
    for table in tables[1:]:
        assert "tile-alert" not in tile(page, table)
    # Table 2 played its three hands: its card waits to be turned in, not behind.
    assert "Ready to turn in" in tile(page, tables[1])
    # Once time is called, every card not turned in is late, but a card played out.
    call_time(event)
    page = organizer_client.get(url(event)).content.decode()
    late = [table for table in tables if "Late</strong>" in tile(page, table)]
    assert late == [tables[0], *tables[2:]]
    assert "Ready to turn in" in tile(page, tables[1]) and "tile-alert" not in tile(page, tables[1])


def test_the_dashboard_runs_the_same_queries_for_10_and_100_tables(
    organizer_client, drawn_event, add_entry, django_assert_num_queries
):
    budgets = []
    for count in (10, 100):
        event = start_clock(drawn_event("hand_and_foot", tables=count))
        event.rounds.update(drawn_at=timezone.now())  # as the draw sets it
        for index, table in enumerate(tables_of(event)):
            add_entry(table, 1, hf_hand(1))
            if index % 3 == 0:
                entry = add_entry(table, 2, hf_hand(2), status=ScoreEntry.Status.DISPUTED)
                entry.proposed_payload = hf_hand(2, 1)
                entry.save()
        # 17: quiet tablets; the rounds' clocks and the clock's history; the disputed
        # hands' team parts (which team disputed which); the open calls (issue 25); who
        # checked in after the draw.
        with django_assert_num_queries(17) as context:
            response = organizer_client.get(url(event))
        page = response.content.decode()
        assert page.count('<li class="tile') == count
        assert page.count('class="dispute"') == len(range(0, count, 3))
        assert page.count("&#x27;s card</a>") == 2 * count
        budgets.append(len(context.captured_queries))
    assert budgets[0] == budgets[1]


def test_a_hand_and_foot_dispute_says_which_team_disputed_which(
    organizer_client, drawn_event, add_entry
):
    event = start_clock(drawn_event("hand_and_foot", tables=1))
    (table,) = tables_of(event)
    hand = hf_hand(1, 0)
    entry = add_entry(table, 1, hand, status=ScoreEntry.Status.DISPUTED)
    # Team 2's scorekeeper disputed team 1's part (the part marked disputed).
    add_parts(entry, "disputed", "entered")
    page = organizer_client.get(url(event)).content.decode()
    assert (
        "Team 2 (P1B Table1 &amp; P1D Table1) disputed what "
        "Team 1 (P1A Table1 &amp; P1C Table1) entered." in page
    )
    # Said at the top too: on a phone the disputes are screens below.
    assert '<a class="button danger" href="#disputes">1 dispute to settle</a>' in page
    assert 'id="disputes"' in page


def test_a_rounds_dispute_names_the_player_who_disputed_and_who_entered(
    organizer_client, drawn_event, add_entry
):
    event = start_clock(drawn_event("laus", tables=1))
    (table,) = tables_of(event)
    seats = list(table.seats.order_by("position").select_related("player"))
    names = [seat.player.name for seat in seats]
    entry = add_entry(
        table, 1, laus_round(names), status=ScoreEntry.Status.DISPUTED, entered_by=seats[0].player
    )
    ScoreChange.objects.create(entry=entry, action="disputed", changed_by_player=seats[2].player)
    page = organizer_client.get(url(event)).content.decode()
    assert f"{names[2]} disputed what {names[0]} entered." in page
    organizer_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    page = organizer_client.get(url(event)).content.decode()
    assert f"{names[2]} hat beanstandet, was {names[0]} eingetragen hat." in page


def disputed_hand(table, add_entry):
    entry = add_entry(table, 1, hf_hand(1, 0), status=ScoreEntry.Status.DISPUTED)
    entry.proposed_payload = hf_hand(1, 1)
    entry.save()
    return entry


def test_the_correction_previews_its_total_scored_by_the_game(
    organizer_client, drawn_event, add_entry
):
    event = start_clock(drawn_event("hand_and_foot", tables=1))
    (table,) = tables_of(event)
    entry = disputed_hand(table, add_entry)
    page = organizer_client.get(url(event)).content.decode()
    preview = reverse("dashboard:settle_preview", args=[event.pk, entry.pk])
    assert f'hx-post="{preview}"' in page
    assert 'hx-target="#preview-' in page

    typed = hf_hand(1, 1, low_left=5)
    response = organizer_client.post(
        preview, correction(entry, typed), headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert "<html" not in body
    for team in score("hand_and_foot", typed)["teams"]:
        assert f'<td class="num"><strong>{team["total"]}</strong></td>' in body
    entry.refresh_from_db()
    assert entry.status == ScoreEntry.Status.DISPUTED  # a preview saves nothing
    assert entry.payload == hf_hand(1, 0)


def test_a_correction_shows_the_count_that_fills_itself_in(
    organizer_client, drawn_event, add_entry
):
    """The last player's power points showed the entered 60 while the correction was
    scored with what the others' numbers left (a walk, 2026-11-28)."""
    event = start_clock(drawn_event("luxury_family", tables=1, players_per_table=3))
    (table,) = tables_of(event)
    names = [seat.player.name for seat in table.seats.order_by("position").select_related("player")]
    entry = add_entry(table, 1, lf_round(names), status=ScoreEntry.Status.DISPUTED)
    preview = reverse("dashboard:settle_preview", args=[event.pk, entry.pk])
    prefix = f"entry-{entry.pk}"
    typed = {"bid": 100, "game_maker": 0, "trump": "H", "power_0": 90, "power_1": 60}
    typed |= {f"{what}_{i}": 0 for what in ("meld", "penalty") for i in range(3)}
    data = {f"{prefix}-choice": "corrected", f"{prefix}-round-power_2": ""}
    data |= {f"{prefix}-round-{name}": value for name, value in typed.items()}
    body = organizer_client.post(preview, data, headers={"HX-Request": "true"}).content.decode()
    assert f'data-fill="{prefix}-round-power_2" data-value="90"' in body
    assert f"{names[2]}: power points — filled in: 90" in body


def test_a_bad_correction_previews_its_message_on_the_field(
    organizer_client, drawn_event, add_entry
):
    event = start_clock(drawn_event("hand_and_foot", tables=1))
    (table,) = tables_of(event)
    entry = disputed_hand(table, add_entry)
    preview = reverse("dashboard:settle_preview", args=[event.pk, entry.pk])
    data = correction(entry, hf_hand(1, 0))
    data[f"entry-{entry.pk}-team1-red_books"] = "many"
    body = organizer_client.post(preview, data, headers={"HX-Request": "true"}).content.decode()
    field = f'id="err-entry-{entry.pk}-team1-red_books" class="field-errors" hx-swap-oob="true">'
    assert f'{field}<p class="field-error"' in body
    assert "Check the marked fields." in body

    # Settled in the meantime: the preview says so (no error page, no console error).
    ScoreEntry.objects.filter(pk=entry.pk).update(status=ScoreEntry.Status.CONFIRMED)
    body = organizer_client.post(preview, data, headers={"HX-Request": "true"}).content.decode()
    assert "This has been settled already." in body


def test_a_dispute_with_no_other_version_shows_what_was_entered(
    organizer_client, drawn_event, add_entry
):
    """A Luxury Family dispute ("he had 50 power points, not 40") showed each player's
    round total alone: no bid, game maker, trump or power points to weigh the note
    against (a walk, 2026-11-30). The entered version now shows field by field."""
    event = start_clock(drawn_event("luxury_family", tables=1))
    (table,) = tables_of(event)
    seats = list(table.seats.order_by("position").select_related("player"))
    names = [seat.player.name for seat in seats]
    payload = lf_round(names, bid=200, game_maker=2, power_points=[40, 80, 120])
    entry = add_entry(
        table, 1, payload, status=ScoreEntry.Status.DISPUTED, entered_by=seats[0].player
    )
    entry.dispute_note = "he had 50 power points, not 40"
    entry.save()
    page = organizer_client.get(url(event)).content.decode()
    entered = page.split("<caption>What was entered</caption>", 1)[1].split("</table>", 1)[0]
    cells = r'<th scope="row">([^<]+)</th><td class="value">([^<]+)</td>'
    rows = dict(re.findall(cells, entered))
    assert rows["Bid"] == "200" and rows["Game maker"] == names[2]
    assert rows["Trump"] == "♥ hearts"
    powers = [rows[f"{name}: power points"] for name in names]
    assert powers == ["40", "80", "120"] and rows[f"{names[0]}: penalties"] == "0"
    # Where the other side sent its own version, the differences say it instead.
    hand_and_foot = start_clock(drawn_event("hand_and_foot", tables=1))
    disputed_hand(tables_of(hand_and_foot)[0], add_entry)
    page = organizer_client.get(url(hand_and_foot)).content.decode()
    assert "Where the versions differ" in page and "What was entered" not in page
