from django.urls import path

from . import views

app_name = "dashboard"

urlpatterns = [
    path("events/<int:event_id>/dashboard/", views.event_dashboard, name="event"),
    path("events/<int:event_id>/dashboard/publish/", views.publish, name="publish"),
    path(
        "events/<int:event_id>/dashboard/entries/<int:entry_id>/settle/",
        views.settle,
        name="settle",
    ),
    path(
        "events/<int:event_id>/dashboard/entries/<int:entry_id>/preview/",
        views.settle_preview,
        name="settle_preview",
    ),
    path("events/<int:event_id>/standings/", views.standings, name="standings"),
    path("events/<int:event_id>/standings/playoff/", views.playoff, name="playoff"),
    path("events/<int:event_id>/results/", views.public_standings, name="public_standings"),
    path("ladder/", views.ladder, name="ladder"),
    path("players/<int:player_id>/", views.player, name="player"),
    path("players/<int:player_id>/evenings.csv", views.player_export, name="player_csv"),
]
