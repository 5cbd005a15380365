"""Ratings in the database: finished evenings count, reopened ones stop counting, and a
rebuild gives exactly the numbers of the step-by-step updates."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.urls import reverse

from clubscore.events.models import Event, Round, Seat, Table
from clubscore.events.signals import event_reopened
from clubscore.ratings.models import Rating, RatingHistory
from clubscore.ratings.services import recompute_from

from .conftest import finish

pytestmark = pytest.mark.django_db


def snapshot():
    ratings = sorted(Rating.objects.values_list("player_id", "game", "mu", "sigma", "evenings"))
    history = sorted(
        RatingHistory.objects.values_list(
            "player_id",
            "event_id",
            "mu_before",
            "sigma_before",
            "mu",
            "sigma",
            "evenings",
            "score",
            "place",
            "tables",
            "partners",
        )
    )
    return ratings, history


def season(evening, members, count=4):
    """`count` evenings of the same eight members in rotating seats (finished in order)."""
    people = members(8)
    events = []
    for index in range(count):
        seated = people[index:] + people[:index]
        events.append(evening(seated, [index % 2, 1], date=(2026, 3, 1 + index)))
    return people, events


def test_finishing_an_evening_rates_its_players(evening, members):
    people = members(4)
    event = evening(people, [0])
    ratings = {r.player_id: r for r in Rating.objects.filter(game="hand_and_foot")}
    assert set(ratings) == {p.pk for p in people}
    assert all(r.evenings == 1 for r in ratings.values())
    winners = (people[0].pk, people[2].pk)
    assert all(ratings[pid].mu > 25 for pid in winners)
    row = RatingHistory.objects.get(player=people[0], event=event)
    assert (row.place, row.tables, row.partners) == (1, [1], [people[2].pk])
    assert row.score > 0


def test_rebuild_gives_the_same_numbers_as_the_updates(evening, members):
    season(evening, members)
    step_by_step = snapshot()
    assert step_by_step[0] and len(step_by_step[1]) == 4 * 8
    call_command("ratings", "--rebuild")
    assert snapshot() == step_by_step


def test_an_evening_finished_late_is_put_in_its_place(evening, members):
    people = members(8)
    later = evening(people, [0, 1], date=(2026, 5, 1))
    evening(people[::-1], [1, 0], date=(2026, 4, 1))  # finished after, dated before
    incremental = snapshot()
    call_command("ratings", "--rebuild")
    assert snapshot() == incremental
    assert RatingHistory.objects.get(player=people[0], event=later).evenings == 2


def test_reopening_an_evening_removes_its_effect(evening, members):
    people, events = season(evening, members, count=3)
    reopened = events[1]
    reopened.status = Event.Status.TIME_CALLED
    reopened.save(update_fields=["status"])
    event_reopened.send(sender=Event, event=reopened)
    after_reopen = snapshot()
    assert not RatingHistory.objects.filter(event=reopened).exists()
    assert Rating.objects.get(player=people[0], game="hand_and_foot").evenings == 2
    call_command("ratings", "--rebuild")
    assert snapshot() == after_reopen
    # Finishing it again puts it back where it was.
    finish(reopened)
    again = snapshot()
    call_command("ratings", "--rebuild")
    assert snapshot() == again


def test_tables_not_played_and_play_offs_do_not_count(evening, members, drawn_event):
    people = members(8)
    event = evening(people, [0, 1], final=False)
    Table.objects.filter(round__event=event, number=2).update(not_played=True)
    playoff = Round.objects.create(event=event, number=2, kind=Round.Kind.PLAYOFF)
    first = Table.objects.get(round__event=event, number=1)
    table = Table.objects.create(round=playoff, number=1)
    for seat in Seat.objects.filter(table=first):
        Seat.objects.create(round=playoff, table=table, position=seat.position, player=seat.player)
    finish(event)
    rated = set(RatingHistory.objects.values_list("player_id", flat=True))
    assert rated == {p.pk for p in people[:4]}
    assert all(row.tables == [1] for row in RatingHistory.objects.all())


def test_laus_ratings_favour_the_lowest_score(evening, members):
    people = members(4)
    evening(people, [3], game="laus")
    best = Rating.objects.filter(game="laus").order_by("-mu").first()
    assert best.player_id == people[3].pk
    assert RatingHistory.objects.get(player=people[3]).place == 1


def test_a_fixed_number_of_queries_whatever_the_number_of_evenings(
    evening, members, django_assert_max_num_queries
):
    season(evening, members, count=2)
    with django_assert_max_num_queries(14) as few:
        recompute_from("hand_and_foot", None)
    season(evening, members, count=8)
    with django_assert_max_num_queries(30) as many:
        recompute_from("hand_and_foot", None)

    def reads(context):
        return [q for q in context.captured_queries if "INSERT" not in q["sql"]]

    # The same reads and deletes for 10 evenings as for 2; only the history rows' inserts
    # grow, in batches as large as the database takes (SQLite: about 60 rows).
    assert len(reads(many)) == len(reads(few))
    rows = RatingHistory.objects.count()
    inserts = len(many.captured_queries) - len(reads(many))
    assert inserts <= 2 + rows // 60


def test_the_admin_making_an_evening_final_rates_it(
    evening, members, organizer_client, django_capture_on_commit_callbacks
):
    people = members(4)
    event = evening(people, [0], final=False)
    url = reverse("admin:events_event_change", args=[event.pk])
    page = organizer_client.get(url)
    data = {
        key: value
        for key, value in page.context["adminform"].form.initial.items()
        if value is not None
    }
    data.update(
        {
            "name": event.name,
            "game": event.game,
            "date": event.date.isoformat(),
            "status": Event.Status.FINAL,
            "language": event.language,
            "standings_basis": event.standings_basis,
            "options": "{}",
            "extra_minutes": 0,
            "clock_started_at_0": "",
            "clock_started_at_1": "",
            "time_called_at_0": "",
            "time_called_at_1": "",
        }
    )
    for inline in page.context["inline_admin_formsets"]:
        management = inline.formset.management_form
        for name, field in management.fields.items():
            data[management.add_prefix(name)] = management.initial.get(name, field.initial)
        for form in inline.formset.forms:
            for name in form.fields:
                value = form.instance.pk if name == "id" else form.initial.get(name)
                if value is not None:
                    data[form.add_prefix(name)] = getattr(value, "pk", value)
    with django_capture_on_commit_callbacks(execute=True):
        response = organizer_client.post(url, data)
    assert response.status_code == 302
    assert Rating.objects.filter(player__in=people).count() == 4


def test_the_draw_service_balances_by_rating_when_asked(evening, members):
    from clubscore.events import services

    people = members(8)
    evening(people, [0, 0], date=(2026, 3, 1))
    event = evening(people, [0, 0], date=(2026, 3, 8), final=False)
    assert "ratings" not in services.draw_arguments(event, seed=1, allow_sit_out=False)
    event.options = {**event.game_options, "balance_by_rating": True}
    event.save(update_fields=["options"])
    services.check_in(event, people)
    arguments = services.draw_arguments(event, seed=1, allow_sit_out=False)
    mus = dict(Rating.objects.values_list("player_id", "mu"))
    assert arguments["ratings"] == {str(p.pk): mus[p.pk] for p in people}


def test_a_players_place_is_the_one_the_evening_announced_after_its_play_off(drawn_event):
    """The place kept with each rated evening (the player's page shows it) is the
    standings' rank: the play-off's winner alone is first, not all who tied on points."""
    from clubscore.ratings.models import RatingHistory
    from clubscore.ratings.services import rebuild
    from clubscore.standings.standings import event_standings
    from tests.playoffs import laus_tie, play_off

    event = laus_tie(drawn_event, tables=4, status=Event.Status.FINAL)
    play_off(event)
    rebuild(["laus"])
    places = dict(RatingHistory.objects.filter(event=event).values_list("player_id", "place"))
    announced = {pid: row.rank for row in event_standings(event).ranked for pid in row.player_ids}
    assert places == announced
    assert list(places.values()).count(1) == 1
