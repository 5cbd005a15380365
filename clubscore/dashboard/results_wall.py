"""The wall once the evening is over: the final standings in big type for the projector.

The organizer finishes the evening and publishes the standings; the wall, which showed
the tables, turns to this page by itself (`events.views.wall`), so the room sees who won
as the prizes are handed out. A long list is shown page after page, as the tables were
(static/js/wall.js). Reopened or made private again, the page turns back to the tables.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from clubscore.accounts.decorators import organizer_required
from clubscore.events.models import Event
from clubscore.events.wall import PAGE_SECONDS
from clubscore.standings.standings import Row, event_standings

# Lines on one screen: read from the back of the room on a 1280x720 projector.
ROWS_PER_PAGE = 10


def pages_of(rows: list[Row], per_page: int = ROWS_PER_PAGE) -> list[list[Row]]:
    """The ranked lines, a screen at a time."""
    return [rows[start : start + per_page] for start in range(0, len(rows), per_page)]


@organizer_required  # as the wall of tables: the projector is the organizer's
def final_standings_wall(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    if not event.has_public_results:
        # Reopened, or made private: back to the tables (htmx's poll navigates too).
        tables = reverse("events:wall", args=[event.pk])
        if request.htmx:
            return HttpResponse(headers={"HX-Redirect": tables})
        return redirect(tables)
    standings = event_standings(event)
    context = {
        "event": event,
        "standings": standings,
        "pages": pages_of(standings.ranked),
        "page_seconds": PAGE_SECONDS,
    }
    template = "dashboard/results_wall.html"
    if request.htmx and request.GET.get("part") == "live":
        template += "#live"
    return render(request, template, context)
