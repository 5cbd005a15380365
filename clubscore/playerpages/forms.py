"""What a player's phone sends: a name to find, "I'm here", a call to the organizer."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from clubscore.events.forms import CallForm
from clubscore.numbers import WholeNumberField

__all__ = ["CallForm", "FindForm", "HereForm"]


class FindForm(forms.Form):
    q = forms.CharField(
        label=_("Your name"),
        required=False,
        max_length=100,
        widget=forms.TextInput(attrs={"type": "search", "autocomplete": "off"}),
    )


class HereForm(forms.Form):
    """ "I'm here" (a player) or "We're both here" (`both`: the player and their spouse)."""

    player = WholeNumberField(min_value=1, max_value=2**31 - 1)
    both = forms.BooleanField(required=False)
