from django.urls import path

import clubscore.tokens  # noqa: F401  (registers the <token:...> converter)

from . import organizer, views

app_name = "playerpages"

urlpatterns = [
    path("c/<token:token>/", views.door, name="door"),
    path("c/<token:token>/here/", views.here, name="here"),
    path("c/<token:token>/qr.svg", views.door_qr, name="door_qr"),
    path("events/<int:event_id>/find-my-table/", views.find, name="find"),
    path("p/<token:token>/", views.player, name="player"),
    path("p/<token:token>/call/", views.call, name="call"),
    path("events/<int:event_id>/phones/", organizer.phones_page, name="phones"),
    path("events/<int:event_id>/phones/qr.svg", organizer.event_qr, name="event_qr"),
    path("events/<int:event_id>/phones/switch/", organizer.switch, name="switch"),
]
