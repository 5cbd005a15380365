"""URLs for the load test: the whole app, plus one bare view to compare it with.

Only `bench/load_wsgi.py` uses this (it is never part of the app): the bare view is
a plain `HttpResponse("ok")` that goes through the same settings and middleware as
the app, so app / bare throughput says what the app's own work costs.
"""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from clubscore.urls import urlpatterns as app_urlpatterns


def bare(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


urlpatterns = [path("bench/bare/", bare), *app_urlpatterns]
