from django.urls import path

from . import views

app_name = "scorekeeping"

urlpatterns = [
    path("s/<str:token>/", views.card, name="card"),
]
