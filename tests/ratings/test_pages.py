"""The ladder's rating column and season rules; each player's page and its CSV."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from clubscore.events.models import Event
from clubscore.ratings.models import Rating

from .test_services import season

pytestmark = pytest.mark.django_db
LADDER = reverse("dashboard:ladder")


def test_the_ladder_shows_and_ranks_by_the_rating(evening, members):
    people, _events = season(evening, members, count=3)
    page = Client().get(LADDER, {"game": "hand_and_foot", "rank_by": "rating"})
    rows = page.context["ladder"].rows
    assert [row.rating for row in rows] == sorted((row.rating for row in rows), reverse=True)
    best = Rating.objects.filter(game="hand_and_foot").order_by("-mu", "sigma").first()
    assert rows[0].rating == round(best.shown, 1)
    html = page.content.decode()
    assert ">Rating<" in html and f'href="/players/{rows[0].player_id}/?game=hand_and_foot"' in html


def test_the_ladders_rating_reads_in_the_readers_language(evening, members):
    season(evening, members, count=3)
    query = {"game": "hand_and_foot", "rank_by": "rating"}
    best = Rating.objects.filter(game="hand_and_foot").order_by("-mu", "sigma").first()
    shown = f"{best.shown:.1f}"
    assert "." in shown
    cells = {
        language: re.findall(
            r'<td class="num rating">([^<]*)</td>',
            Client().get(LADDER, query, HTTP_ACCEPT_LANGUAGE=language).content.decode(),
        )
        for language in ("en", "de")
    }
    assert cells["en"][0] == shown
    assert cells["de"][0] == shown.replace(".", ",")


def test_best_n_and_at_least_m_evenings(evening, members):
    people = members(8)
    evening(people, [0, 0], date=(2026, 3, 1))
    evening(people, [1, 1], date=(2026, 3, 8))
    evening(people[:4], [0], date=(2026, 3, 15))
    client = Client()
    every = {row.player_id: row for row in client.get(LADDER).context["ladder"].rows}
    best = {row.player_id: row for row in client.get(LADDER, {"best": 1}).context["ladder"].rows}
    for pid, row in best.items():
        assert row.total == max(total for total, _rank in every[pid].results)
    regulars = client.get(LADDER, {"at_least": 3}).context["ladder"].rows
    assert {row.player_id for row in regulars} == {p.pk for p in people[:4]}


@pytest.mark.parametrize("bad", [{"best": "0"}, {"at_least": "x"}, {"rank_by": "<script>"}])
def test_bad_ladder_options_are_refused_on_their_field(evening, members, bad):
    evening(members(4), [0])
    page = Client().get(LADDER, {"game": "hand_and_foot", **bad})
    assert page.status_code == 200
    field = next(iter(bad))
    assert page.context["form"].errors[field]
    assert page.context["ladder"].rows  # the rest of the ladder still shows


def test_a_players_page_lists_evenings_chart_partners_and_csv(evening, members, organizer_client):
    people, events = season(evening, members, count=3)
    me = people[0]
    page = organizer_client.get(reverse("dashboard:player", args=[me.pk]))
    assert page.status_code == 200
    data = page.context["page"]
    assert len(data.evenings) == 3
    assert [line.evenings for line in data.evenings] == [1, 2, 3]
    html = page.content.decode()
    assert '<svg class="chart"' in html and "<script" not in str(data.chart)
    assert data.partners and data.partners[0].evenings >= 1
    assert reverse("dashboard:player_csv", args=[me.pk]) in html
    assert all(reverse("dashboard:standings", args=[e.pk]) in html for e in events)
    response = organizer_client.get(reverse("dashboard:player_csv", args=[me.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:3] == ["Date", "Event", "Game"] and len(rows) == 4
    assert rows[1][0] == events[0].date.isoformat()


def test_a_players_page_says_a_couples_evening_places_the_couple(
    evening, members, organizer_client
):
    """A walk read "Score 5340, Place 1" beside a partner's "5340, Place 7": on an
    evening ranked by couples the place is the couple's, the score the player's own."""
    people, events = season(evening, members, count=2)
    url = reverse("dashboard:player", args=[people[0].pk])
    said = "A place marked “couple” is the couple's, on an evening ranked by couples"
    mark = ' <span class="badge">couple</span></span></td>'
    page = organizer_client.get(url).content.decode()
    assert said not in page and mark not in page
    Event.objects.filter(pk=events[0].pk).update(standings_basis=Event.StandingsBasis.COUPLE)
    page = organizer_client.get(url).content.decode()
    assert said in page and page.count(mark) == 1  # the one evening ranked by couples


def test_the_public_sees_only_public_evenings(evening, members):
    people, events = season(evening, members, count=2)
    Event.objects.filter(pk__in=[event.pk for event in events]).update(public_standings=False)
    url = reverse("dashboard:player", args=[people[0].pk])
    assert Client().get(url).status_code == 404  # nothing public yet
    Event.objects.filter(pk=events[1].pk).update(public_standings=True)
    page = Client().get(url)
    assert [line.event_id for line in page.context["page"].evenings] == [events[1].pk]
    # Each evening's name opens its standings: the public page for a visitor, the
    # organizer's for the organizer.
    assert reverse("dashboard:public_standings", args=[events[1].pk]) in page.content.decode()
    assert Client().get(reverse("dashboard:player", args=[999999])).status_code == 404


def test_a_visitor_sees_the_rating_of_the_public_evenings_on_the_page_and_the_ladder(
    evening, members
):
    """The first evening public, the second not: a visitor reads the rating as it stood
    after the first, with one evening counted, on the player's page and on the ladder
    (the rating now holds the second, which a visitor does not see); the organizer
    reads it as it stands."""
    from clubscore.ratings.models import RatingHistory, one_decimal

    people, events = season(evening, members, count=2)
    Event.objects.filter(pk=events[1].pk).update(public_standings=False)
    me = people[0]
    after_first = RatingHistory.objects.get(player=me, event=events[0])
    now = Rating.objects.get(player=me, game="hand_and_foot")
    assert one_decimal(after_first.shown) != one_decimal(now.shown)
    page = Client().get(reverse("dashboard:player", args=[me.pk])).context["page"]
    assert page.ratings == [("Hand and Foot", one_decimal(after_first.shown), 1)]
    ladder = Client().get(LADDER, {"game": "hand_and_foot"}).context["ladder"]
    (row,) = [row for row in ladder.rows if row.player_id == me.pk]
    assert (row.rating, row.rated_evenings, row.events) == (one_decimal(after_first.shown), 1, 1)
    staff = Client()
    staff.force_login(get_user_model().objects.create_user("org", is_staff=True))
    assert staff.get(reverse("dashboard:player", args=[me.pk])).context["page"].ratings == [
        ("Hand and Foot", one_decimal(now.shown), 2)
    ]


def test_the_players_page_runs_the_same_queries_for_2_and_20_evenings(
    evening, members, organizer_client, django_assert_max_num_queries
):
    people = members(8)
    counts = []
    for total in (2, 20):
        while len(people[0].rating_history.all()) < total:
            done = people[0].rating_history.count()
            evening(
                people[done % 8 :] + people[: done % 8],
                [0, 1],
                date=(2026, 1 + done // 28, 1 + done % 28),
            )
        with django_assert_max_num_queries(8) as context:
            assert (
                organizer_client.get(reverse("dashboard:player", args=[people[0].pk])).status_code
                == 200
            )
        counts.append(len(context.captured_queries))
    assert counts[0] == counts[1]


def test_favourite_partners_are_team_mates_not_everyone_at_a_laus_table(
    evening, members, organizer_client
):
    """In a game without teams the evening's line says whom the player played with; the
    favourite partners count team-mates only (three Laus evenings make none)."""
    people = members(4)
    for day in (1, 2, 3):
        evening(people, [0], game="laus", date=(2026, 3, day))
    page = organizer_client.get(reverse("dashboard:player", args=[people[0].pk]))
    data = page.context["page"]
    assert len(data.evenings) == 3 and data.partners == []
    assert all(people[1].name in line.partners for line in data.evenings)
    html = page.content.decode()
    assert "Played with" in html and "Favourite partners" not in html
    organizer_client.cookies["django_language"] = "de"
    html = organizer_client.get(reverse("dashboard:player", args=[people[0].pk])).content.decode()
    assert "Gespielt mit" in html
