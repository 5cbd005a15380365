"""Forms of the organizer's event pages: every input goes through one, GET filters too."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from clubscore.club.models import Player
from clubscore.games.base import NAME_PART_LENGTH
from clubscore.numbers import WholeNumberField, parse_int

# Seeds fit the database's big integer; a person types a short one to reproduce a draw.
MAX_SEED = 10**15


class SearchForm(forms.Form):
    q = forms.CharField(
        label=_("Find a player"),
        required=False,
        max_length=100,
        widget=forms.TextInput(
            attrs={"type": "search", "autocomplete": "off", "placeholder": _("Name")}
        ),
    )


class PlayerField(forms.ModelChoiceField):
    """A player by id, written in the digits 0-9 only ("١٢" is no player, not player 12)."""

    def to_python(self, value):
        if value not in self.empty_values and parse_int(str(value)) is None:
            raise ValidationError(self.error_messages["invalid_choice"], code="invalid_choice")
        return super().to_python(value)


class ToggleForm(forms.Form):
    """One tap at the door: check a player (or a couple) in, or undo it."""

    ACTIONS = [("in", _("Check in")), ("out", _("Check out")), ("couple", _("Check in both"))]

    player = PlayerField(queryset=Player.objects.all())
    action = forms.ChoiceField(choices=ACTIONS)
    q = forms.CharField(required=False, max_length=100)


class WalkInForm(forms.Form):
    """A newcomer at the door: a name is enough to play tonight."""

    first_name = forms.CharField(label=_("First name"), max_length=NAME_PART_LENGTH)
    last_name = forms.CharField(label=_("Last name"), max_length=NAME_PART_LENGTH)

    def clean(self) -> dict:
        data = super().clean()
        first, last = data.get("first_name"), data.get("last_name")
        if first and last:
            same = Player.objects.filter(first_name__iexact=first, last_name__iexact=last)
            if same.exists():
                self.add_error(
                    "first_name",
                    _(
                        "%(name)s is already a member: find them with the search above "
                        "and check them in there."
                    )
                    % {"name": f"{first} {last}"},
                )
        return data


class DrawForm(forms.Form):
    seed = WholeNumberField(
        label=_("Seed (optional)"),
        required=False,
        min_value=0,
        max_value=MAX_SEED,
        help_text=_("Leave empty for a new random draw; enter an earlier seed to repeat it."),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    allow_sit_out = forms.BooleanField(required=False, widget=forms.HiddenInput)
    replace = forms.BooleanField(label=_("Yes, replace the tables drawn before"), required=False)

    def __init__(self, *args, redraw: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.redraw = redraw
        if not redraw:
            del self.fields["replace"]

    def clean_replace(self) -> bool:
        value = self.cleaned_data.get("replace")
        if self.redraw and not value:
            raise forms.ValidationError(
                _("Tick this box to replace the tables that were drawn before.")
            )
        return value
