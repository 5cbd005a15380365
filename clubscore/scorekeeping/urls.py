from django.urls import path

from . import views

app_name = "scorekeeping"

urlpatterns = [
    path("s/<str:token>/", views.card, name="card"),
    path("s/<str:token>/entry/", views.entry, name="entry"),
    path("s/<str:token>/preview/", views.preview, name="preview"),
    path("s/<str:token>/confirm/", views.confirm, name="confirm"),
    path("s/<str:token>/dispute/", views.dispute, name="dispute"),
    path("s/<str:token>/turn-in/", views.turn_in, name="turn_in"),
    path("s/<str:token>/qr.svg", views.qr, name="qr"),
]
