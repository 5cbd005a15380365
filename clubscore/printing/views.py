"""Printable PDFs of an event (renderers live outside the views)."""

from django.contrib.admin.views.decorators import staff_member_required
from django.http import Http404, HttpRequest, HttpResponse


@staff_member_required
def event_pdf(request: HttpRequest, event_id: int, what: str) -> HttpResponse:
    raise Http404
