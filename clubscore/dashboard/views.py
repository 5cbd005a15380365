"""Organizer pages: the live dashboard and the standings."""

from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from clubscore.events.models import Event


@staff_member_required
def event_dashboard(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    return render(request, "dashboard/event.html", {"event": event})


def standings(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    return render(request, "dashboard/standings.html", {"event": event})
