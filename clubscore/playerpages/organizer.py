"""The organizer's side of the players' phones: the "Player check-in" QR code and
poster, and the two switches (check-in by phone, players' pages)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubscore.accounts.decorators import organizer_required
from clubscore.events import phones
from clubscore.events.models import Event

from . import views


class SwitchForm(forms.Form):
    what = forms.ChoiceField(choices=[("checkin", "checkin"), ("pages", "pages")])
    on = forms.ChoiceField(choices=[("1", "on"), ("0", "off")])


@organizer_required
def phones_page(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event.objects.with_counts(), pk=event_id)
    door = phones.phones_of(event)
    context = {
        "event": event,
        "door": door,
        "open": phones.checkin_is_open(event, door),
        # The poster may go up the week before; the phones wait for the evening's day.
        "opens_on": phones.opens_on(event),
    }
    return render(request, "playerpages/phones.html", context)


@organizer_required
def event_qr(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event page's "Player check-in" QR code (the door's token, made when asked)."""
    event = get_object_or_404(Event, pk=event_id)
    return views.door_qr(request, phones.phones_of(event).checkin_token)


@organizer_required
@require_POST
def switch(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    form = SwitchForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("That switch could not be read; try again."))
        return redirect("playerpages:phones", event.pk)
    on = form.cleaned_data["on"] == "1"
    if form.cleaned_data["what"] == "checkin":
        phones.switch(event, checkin_open=on)
        text = _("Check-in by phone is on.") if on else _("Check-in by phone is off.")
    else:
        phones.switch(event, pages_on=on)
        text = _("The players' pages are on.") if on else _("The players' pages are off.")
    messages.success(request, text)
    return redirect("playerpages:phones", event.pk)
