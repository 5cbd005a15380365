"""Organizer login (throttled) and the security actions of the organizer."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from clubscore.events.links import revoke_table_links
from clubscore.events.models import Table
from clubscore.redirects import redirect_back

from .decorators import organizer_required
from .forms import ThrottledAuthenticationForm


class LoginView(auth_views.LoginView):
    """Django's login, refusing after too many failed attempts (see ThrottleMixin)."""

    form_class = ThrottledAuthenticationForm
    redirect_authenticated_user = False


login = LoginView.as_view()


@require_POST
@organizer_required
def revoke_links(request: HttpRequest, table_id: int) -> HttpResponse:
    """Revoke a table's scorekeeper links and issue fresh ones, then go back."""
    table = get_object_or_404(Table.objects.select_related("round__event"), pk=table_id)
    links = revoke_table_links(table)
    messages.success(
        request,
        ngettext(
            "%(table)s has a new scorekeeper link; the old one no longer opens the card. "
            "Print the table's card again for the new QR code.",
            "%(table)s has %(count)d new scorekeeper links; the old ones no longer open "
            "the card. Print the table's card again for the new QR codes.",
            len(links),
        )
        % {"table": table, "count": len(links)},
    )
    return redirect_back(request, reverse("events:detail", args=[table.round.event_id]))
