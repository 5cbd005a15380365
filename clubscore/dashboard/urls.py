from django.urls import path

from . import views

app_name = "dashboard"

urlpatterns = [
    path("events/<int:event_id>/dashboard/", views.event_dashboard, name="event"),
    path("events/<int:event_id>/standings/", views.standings, name="standings"),
]
