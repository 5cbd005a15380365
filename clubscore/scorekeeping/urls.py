from django.urls import path

from . import offline, views

app_name = "scorekeeping"

urlpatterns = [
    # Served from /s/ so that the service worker's scope covers every card.
    path("s/sw.js", offline.service_worker, name="service_worker"),
    path("s/<str:token>/manifest.webmanifest", offline.manifest, name="manifest"),
    path("s/<str:token>/", views.card, name="card"),
    path("s/<str:token>/entry/", views.entry, name="entry"),
    path("s/<str:token>/preview/", views.preview, name="preview"),
    path("s/<str:token>/confirm/", views.confirm, name="confirm"),
    path("s/<str:token>/dispute/", views.dispute, name="dispute"),
    path("s/<str:token>/turn-in/", views.turn_in, name="turn_in"),
    path("s/<str:token>/qr.svg", views.qr, name="qr"),
    path("events/<int:event_id>/clock/", views.clock_action, name="clock"),
]
