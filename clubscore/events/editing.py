"""The organizer's "New event" and "Edit" pages: an event's settings and game options.

The option fields come from the game (`clubscore.games`); changing the game swaps
them in (htmx, or a plain submit without JavaScript) and keeps what was typed.
Settings can change until the first score, checked with the event row locked.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from clubscore.accounts.decorators import organizer_required
from clubscore.numbers import parse_int

from .forms import EventForm, typed_initial
from .models import Event

TEMPLATE = "events/event_form.html"


class NewEventQuery(forms.Form):
    """What the New event page may be asked for: a game, or an earlier event to copy."""

    game = forms.CharField(required=False, max_length=32)
    like = forms.ModelChoiceField(queryset=Event.objects.all(), required=False)

    def clean_like(self) -> Event | None:
        # The id in ASCII digits only (Django reads "٥" as event 5).
        if parse_int(self.data.get("like")) is None:
            return None
        return self.cleaned_data["like"]


def _page(
    request: HttpRequest,
    form: EventForm,
    *,
    event: Event | None = None,
    locked: str | None = None,
) -> HttpResponse:
    # Only a new event offers to start "like last time" (the game's latest event).
    like = None if event else Event.objects.latest_of(form.rules.key)
    context = {"form": form, "event": event, "locked": locked, "like": like}
    if request.htmx and request.method == "GET" and not request.htmx.history_restore_request:
        return render(request, f"{TEMPLATE}#options", context)
    return render(request, TEMPLATE, context)


@organizer_required
def new_event(request: HttpRequest) -> HttpResponse:
    """A new event: its settings and its game's options; "Like last time" copies the
    game's latest event."""
    if request.method == "POST":
        if "refresh" in request.POST:
            return _page(request, EventForm(initial=typed_initial(request.POST)))
        form = EventForm(request.POST)
        if form.is_valid():
            event = form.save(commit=False)
            event.form_key = form.cleaned_data["key"] or None
            try:
                with transaction.atomic():
                    event.save()
            except IntegrityError:
                # The same page sent twice (a double tap): the event it made already.
                event = get_object_or_404(Event, form_key=event.form_key)
            messages.success(request, _("“%(name)s” is ready.") % {"name": event.name})
            return redirect("events:detail", event.pk)
        return _page(request, form)
    if request.htmx:
        return _page(request, EventForm(initial=typed_initial(request.GET)))
    query = NewEventQuery(request.GET)
    # Its papers print in the organizer's language unless they choose another.
    initial: dict = {"date": timezone.localdate(), "language": get_language()}
    if query.is_valid():
        earlier = query.cleaned_data["like"]
        if earlier is not None:
            initial = earlier.copied_settings(timezone.localdate())
        elif query.cleaned_data["game"]:
            initial["game"] = query.cleaned_data["game"]
    return _page(request, EventForm(initial=initial))


def _rules_changed(request: HttpRequest, event: Event) -> bool:
    """Whether the form sent another game or other options than the event has."""
    wanted = EventForm(request.POST, instance=Event(game=event.game, options=event.options))
    if not wanted.is_valid():
        return True
    return wanted.cleaned_data["game"] != event.game or wanted.instance.options != event.options


@organizer_required
def edit_event(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event's settings and options; once the first score is in, all but the game
    and its options (`Event.settings_locked_reason`)."""
    event = get_object_or_404(Event, pk=event_id)
    locked = event.settings_locked_reason()
    if request.method != "POST":
        if request.htmx:
            form = EventForm(initial=typed_initial(request.GET, event), instance=event)
            return _page(request, form, event=event)
        form = EventForm(instance=event, rules_locked=locked is not None)
        return _page(request, form, event=event, locked=locked)
    if "refresh" in request.POST:
        form = EventForm(initial=typed_initial(request.POST, event), instance=event)
        return _page(request, form, event=event, locked=locked)
    with transaction.atomic():
        # The row lock orders this save after a concurrent one (and after a draw),
        # so the check for scores and the save see the same event.
        event = Event.objects.select_for_update().get(pk=event_id)
        locked = event.settings_locked_reason()
        form = EventForm(request.POST, instance=event, rules_locked=locked is not None)
        # A page opened before the first score may send changed options: never dropped
        # unsaid (the rest is saved, and the message says the options were not).
        dropped = locked is not None and _rules_changed(request, event)
        if form.is_valid():
            event = form.save(commit=False)
            # Only the settings: the clock and status may move meanwhile on the dashboard;
            # once scored, not the game nor its options either.
            fields = [*EventForm.Meta.fields, "options"]
            if locked:
                fields = [name for name in fields if name not in ("game", "options")]
            event.save(update_fields=fields)
            saved = _("The settings of “%(name)s” are saved.") % {"name": event.name}
            if dropped:
                messages.warning(
                    request, f"{saved} {locked} {_('The options you changed were not saved.')}"
                )
            else:
                messages.success(request, saved)
            return redirect("events:detail", event.pk)
    return _page(request, form, event=event, locked=locked)
