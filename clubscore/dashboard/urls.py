from django.urls import path

from . import calls, evening, results_wall, views

app_name = "dashboard"

urlpatterns = [
    path("events/<int:event_id>/dashboard/", views.event_dashboard, name="event"),
    path("events/<int:event_id>/dashboard/publish/", views.publish, name="publish"),
    path(
        "events/<int:event_id>/dashboard/entries/<int:entry_id>/settle/",
        views.settle,
        name="settle",
    ),
    path("events/<int:event_id>/clock/", evening.clock_action, name="clock"),
    path("events/<int:event_id>/dashboard/next-round/", evening.next_round, name="next_round"),
    path("events/<int:event_id>/dashboard/finish/", evening.finish_page, name="finish"),
    path(
        "events/<int:event_id>/dashboard/finish/tables/<int:table_id>/",
        evening.settle_card,
        name="settle_card",
    ),
    path("events/<int:event_id>/dashboard/finish/all/", evening.settle_all, name="settle_all"),
    path("events/<int:event_id>/dashboard/finish/now/", evening.finish_evening, name="finish_now"),
    path("events/<int:event_id>/dashboard/reopen/", evening.reopen, name="reopen"),
    path(
        "events/<int:event_id>/dashboard/entries/<int:entry_id>/preview/",
        views.settle_preview,
        name="settle_preview",
    ),
    path(
        "events/<int:event_id>/dashboard/calls/<int:call_id>/on-my-way/",
        calls.on_my_way,
        name="call_on_my_way",
    ),
    path("events/<int:event_id>/dashboard/calls/<int:call_id>/done/", calls.done, name="call_done"),
    path("events/<int:event_id>/standings/", views.standings, name="standings"),
    path("events/<int:event_id>/standings/playoff/", views.playoff, name="playoff"),
    path("events/<int:event_id>/results/", views.public_standings, name="public_standings"),
    path(
        "events/<int:event_id>/wall/results/",
        results_wall.final_standings_wall,
        name="wall_results",
    ),
    path("ladder/", views.ladder, name="ladder"),
    path("players/<int:player_id>/", views.player, name="player"),
    path("players/<int:player_id>/evenings.csv", views.player_export, name="player_csv"),
    path(
        "players/<int:player_id>/evenings.xlsx",
        views.player_export,
        {"fmt": "xlsx"},
        name="player_xlsx",
    ),
]
