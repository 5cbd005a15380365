"""Pages about events. Views stay thin: parse, ask the model layer, render."""

from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from .models import Event


def home(request: HttpRequest) -> HttpResponse:
    """The club's events, upcoming first, with how many have checked in."""
    events = Event.objects.with_counts().order_by("-date", "-id")
    if not (request.user.is_authenticated and request.user.is_staff):
        events = events.exclude(status=Event.Status.DRAFT)
    return render(request, "events/home.html", {"events": events})


@staff_member_required
def event_detail(request: HttpRequest, event_id: int) -> HttpResponse:
    """The organizer's hub for one event: check-in, draw, clock, dashboard, prints."""
    event = get_object_or_404(Event.objects.with_counts(), pk=event_id)
    return render(request, "events/event_detail.html", {"event": event})
