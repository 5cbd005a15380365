"""Scorekeeper pages: a private link opens one table's card, and nothing else."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from clubscore.events.models import ScorekeeperLink


def _get_link(token: str) -> ScorekeeperLink:
    """The live link for `token`, or 404 without a hint of what exists."""
    link = (
        ScorekeeperLink.objects.select_related("table__round__event", "team", "player")
        .filter(token=token, revoked_at__isnull=True)
        .first()
    )
    if link is None:
        raise Http404
    return link


def card(request: HttpRequest, token: str) -> HttpResponse:
    link = _get_link(token)
    return render(request, "scorekeeping/card.html", {"link": link, "table": link.table})
