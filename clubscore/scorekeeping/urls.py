from django.urls import path

import clubscore.tokens  # noqa: F401  (registers the <token:...> converter)

from . import melds, offline, views

app_name = "scorekeeping"

urlpatterns = [
    # Served from /s/ so that the service worker's scope covers every card.
    # The card first: its poll is the request asked for most.
    path("s/<token:token>/", views.card, name="card"),
    path("s/sw.js", offline.service_worker, name="service_worker"),
    path("s/<token:token>/manifest.webmanifest", offline.manifest, name="manifest"),
    path("s/<token:token>/entry/", views.entry, name="entry"),
    path("s/<token:token>/preview/", views.preview, name="preview"),
    path("s/<token:token>/draft/", views.draft, name="draft"),
    path("s/<token:token>/confirm/", views.confirm, name="confirm"),
    path("s/<token:token>/dispute/", views.dispute, name="dispute"),
    path("s/<token:token>/turn-in/", views.turn_in, name="turn_in"),
    path("s/<token:token>/call/", views.call, name="call"),
    path("s/<token:token>/qr.svg", views.qr, name="qr"),
    path("s/<token:token>/melds/", melds.melds, name="melds"),
]
