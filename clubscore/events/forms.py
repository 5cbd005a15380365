"""Forms of the organizer's event pages: every input goes through one, GET filters too."""

from __future__ import annotations

import hashlib
import re
import uuid
from collections.abc import Mapping
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from clubscore.club.models import Player, visible_name, visible_text
from clubscore.games import GAMES
from clubscore.games.base import NAME_PART_LENGTH
from clubscore.numbers import WholeNumberField, parse_int
from clubscore.translation import game_name

from .calls import NOTE_LENGTH
from .models import CallReason, Event, option_initial_values
from .models.evening import EARLIEST_DATE, LATEST_DATE
from .options import clean_option_fields, option_fields

# Seeds fit the database's big integer; a person types a short one to reproduce a draw.
MAX_SEED = 10**15 - 1  # fifteen digits


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

    first_name = forms.CharField(
        label=_("First name"), max_length=NAME_PART_LENGTH, validators=[visible_name]
    )
    last_name = forms.CharField(
        label=_("Last name"), max_length=NAME_PART_LENGTH, validators=[visible_name]
    )
    # Shown once a member's name written alike was refused (`services.add_walk_in`).
    someone_else = forms.BooleanField(
        label=_("Someone else: add them as a new player"), required=False
    )

    # A name that is a member's is refused by `services.add_walk_in` (under a lock).


class DrawForm(forms.Form):
    seed = WholeNumberField(
        label=_("Seed (optional)"),
        required=False,
        min_value=0,
        max_value=MAX_SEED,
        help_text=_("Leave empty for a new random draw; enter an earlier seed to repeat it."),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
        # Said in words: Django's "less than or equal to 1000000000000000" is hard to read.
        error_messages={"max_value": _("A seed has at most 15 digits.")},
    )
    allow_sit_out = forms.BooleanField(required=False, widget=forms.HiddenInput)
    replace = forms.BooleanField(label=_("Yes, replace the tables drawn before"), required=False)
    # The draw the page showed (0: none): a second tap, or another organizer's draw in
    # between, is not drawn over unseen (`services.draw_round`).
    seen = WholeNumberField(required=False, min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args, redraw: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.redraw = redraw
        if not redraw:
            del self.fields["replace"]

    def clean(self) -> dict:
        data = super().clean()
        if self.has_error("seen"):  # hidden: said above the form
            raise forms.ValidationError(
                _("This page was out of date: the tables are shown as drawn now. Try again.")
            )
        return data

    def clean_replace(self) -> bool:
        value = self.cleaned_data.get("replace")
        if self.redraw and not value:
            raise forms.ValidationError(
                _("Tick this box to replace the tables that were drawn before.")
            )
        return value


class EventForm(forms.ModelForm):
    """An event's settings and its game's options, each option a field of its own.

    The option fields are those of the chosen game (asked of `clubscore.games`). The
    hidden ``options_game`` says which game's options were on the page: when the game
    was changed without them being swapped (no JavaScript), the form is shown again
    with the new game's options (what was typed kept), never saved with unseen values.
    """

    options_game = forms.CharField(widget=forms.HiddenInput, required=False)
    # The event's settings as the page showed them (`settings_marks`): one changed on
    # another page meanwhile is not overwritten unseen.
    seen = forms.CharField(widget=forms.HiddenInput, required=False)
    # A new event's page key (`Event.form_key`): sent twice, one event.
    key = forms.CharField(required=False, widget=forms.HiddenInput)

    class Meta:
        model = Event
        fields = ["name", "date", "game", "language", "standings_basis", "public_standings"]
        widgets = {
            "date": forms.DateInput(
                attrs={"type": "date", "min": EARLIEST_DATE, "max": LATEST_DATE},
                format="%Y-%m-%d",
            )
        }
        help_texts = {
            # The tablets and phones follow each reader's language (EN/DE at the top).
            "language": _(
                "The printouts' language: score cards, standings, poster. The pages speak "
                "each reader's own language, chosen at the top of the page."
            ),
        }

    def __init__(self, *args, rules_locked: bool = False, **kwargs) -> None:
        """`rules_locked`: the first score is in, so the game and its options stand as
        saved (shown greyed out; whatever is sent for them is ignored), while the name,
        date, language and standings can still change."""
        super().__init__(*args, **kwargs)
        self.saved_marks = settings_marks(self.instance) if self.instance.pk else {}
        self.initial.setdefault("seen", _joined(self.saved_marks))
        if self.instance.pk:
            del self.fields["key"]
        else:
            self.initial.setdefault("key", uuid.uuid4().hex)
        key = (
            self.instance.game
            if rules_locked
            else self.game_shown(self.data if self.is_bound else self.initial, self.instance)
        )
        self.rules = GAMES[key]
        # The game select shows the game whose options are shown: no "---------".
        self.fields["game"].choices = [c for c in self.fields["game"].choices if c[0]]
        self.initial.setdefault("game", key)
        if not self.is_bound:
            _forget_old_defaults(self.initial, key)
        elif self.data.get("options_game") not in (None, key):
            self.data = self.data.copy()
            _forget_old_defaults(self.data, key)
        self.option_names = [option.name for option in self.rules.options]
        self.fields.update(option_fields(self.rules))
        saved = self.instance.options if self.instance.game == key else {}
        for name, value in option_initial_values(self.rules, saved).items():
            self.initial.setdefault(name, value)
        self.initial["options_game"] = key
        shown = self.data.get("options_game") if self.is_bound else key
        self.game_changed = self.is_bound and shown != key and not rules_locked
        for name in ["game", *self.option_names] if rules_locked else ():
            self.fields[name].disabled = True
        if self.game_changed:
            # Show the new game's options: what was typed for an option both games
            # have stays, the others start at the game's defaults.
            self.data = self.data.copy()
            for name in self.option_names:
                if name not in self.data:
                    value = self.fields[name].prepare_value(self.initial[name])
                    self.data[name] = "" if value is None else str(value)
            self.data["options_game"] = key

    @staticmethod
    def game_shown(values: Mapping[str, Any], instance: Event) -> str:
        """The game whose options the form shows: the one sent or given, else the event's."""
        key = values.get("game")
        if isinstance(key, str) and key in GAMES:
            return key
        return instance.game if instance.game in GAMES else next(iter(GAMES))

    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.option_names]

    def settings_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.Meta.fields if name != "game"]

    def clean_key(self) -> str:
        # Hidden, so never an error: a key not of the page's making is no key.
        key = self.cleaned_data["key"]
        return key if re.fullmatch(r"[0-9a-f]{32}", key) else ""

    def clean_game(self) -> str:
        game = self.cleaned_data["game"]
        if self.instance.pk and game != self.instance.game and self.instance.rounds.exists():
            raise forms.ValidationError(
                _("The tables are drawn for %(game)s: the game can no longer change.")
                % {"game": game_name(self.instance.game)}
            )
        return game

    def clean(self) -> dict:
        data = super().clean()
        self._changed_meanwhile()
        if self.game_changed:
            self.add_error(
                "game",
                _("These are the options of %(game)s now: check them, then save again.")
                % {"game": game_name(self.rules)},
            )
        if self.has_error("game"):
            # The game stays as saved (drawn already), and so do its options: the new
            # game's on the instance would fail the model's own check (a 500).
            return data
        options = clean_option_fields(self, self.rules)
        # The instance always holds options that fit its game, so the model's own
        # check never fails on a form that is shown again with errors.
        self.instance.options = options or option_initial_values(self.rules, {})
        return data

    def _changed_meanwhile(self) -> None:
        """A setting saved on another page since this one was opened: left alone here,
        it takes what was saved there; changed here too, its field says what was saved,
        and the page then carries the settings as saved now (saving again keeps what is
        typed). Never overwritten unseen."""
        if not self.saved_marks or "seen" not in self.data:
            return
        shown = _split(self.data.get("seen", ""))
        saved = settings_values(self.instance)
        for name, mark in self.saved_marks.items():
            field = self.fields.get(name)
            if shown.get(name) == mark or field is None or field.disabled:
                continue
            if name not in self.cleaned_data:
                continue  # wrong as typed: its own error says so
            if name != "game" and _mark(self.cleaned_data[name]) == shown.get(name):
                self.cleaned_data[name] = saved[name]  # not touched here: theirs stands
                continue
            value = field.prepare_value(saved[name])
            said = dict(getattr(field, "choices", ())).get(value, value)
            if isinstance(value, bool):
                said = _("ticked") if value else _("not ticked")
            self.add_error(
                name,
                _(
                    "Saved on another page as “%(value)s” since this page was opened: "
                    "check it, then save again."
                )
                % {"value": said},
            )
        self.data = self.data.copy()
        self.data["seen"] = _joined(self.saved_marks)


def settings_values(event: Event) -> dict[str, Any]:
    """The event's settings and its game's options as saved, each by its field's name."""
    values = {name: getattr(event, name) for name in EventForm.Meta.fields}
    if event.game in GAMES:
        values.update(option_initial_values(GAMES[event.game], event.options))
    return values


def settings_marks(event: Event) -> dict[str, str]:
    """A short fingerprint of each saved setting, as an edit page carries them."""
    return {name: _mark(value) for name, value in settings_values(event).items()}


def _mark(value: Any) -> str:
    return hashlib.blake2b(repr(value).encode(), digest_size=4).hexdigest()


def _joined(marks: Mapping[str, str]) -> str:
    return ";".join(f"{name}={mark}" for name, mark in marks.items())


def _split(text: str) -> dict[str, str]:
    return dict(part.split("=", 1) for part in text.split(";") if "=" in part)


def _forget_old_defaults(values: Any, key: str) -> None:
    """When the game changes, an option left at the old game's default takes the new
    game's own (Laus's play-off minutes are 15, not Hand and Foot's 30); an option the
    organizer changed keeps what was typed. `values`: typed data, changed in place."""
    old = values.get("options_game")
    if not isinstance(old, str) or old not in GAMES or old == key:
        return
    was = {option.name: option for option in GAMES[old].options}
    fields = option_fields(GAMES[old])
    for name in [o.name for o in GAMES[key].options if o.name in was]:
        typed = values.get(name)
        default = fields[name].prepare_value(was[name].default)
        if typed is not None and str(typed).strip() == ("" if default is None else str(default)):
            del values[name]


def typed_initial(data: Mapping[str, Any], instance: Event | None = None) -> dict[str, Any]:
    """What was typed into an event form, as initial values for showing it again unsaved.

    A checkbox left unticked is not sent at all, so it reads as unticked, not as saved.
    """
    initial = {key: data.get(key) for key in data if key != "csrfmiddlewaretoken"}
    rules = GAMES[EventForm.game_shown(data, instance or Event())]
    ticks = ["public_standings", *(o.name for o in rules.options if o.kind == "bool")]
    for name in ticks:
        initial[name] = name in data
    return initial


class CallForm(forms.Form):
    """ "Call the organizer" with a reason and an optional note (a scorekeeper's card, a
    player's page); `idem` is the form's key, so a resent call is stored once."""

    reason = forms.ChoiceField(
        label=_("Why?"), choices=CallReason.choices, widget=forms.RadioSelect
    )
    note = forms.CharField(
        label=_("Note (optional)"),
        required=False,
        max_length=NOTE_LENGTH,
        widget=forms.Textarea(attrs={"rows": 2}),
        validators=[visible_text],
    )
    idem = forms.RegexField(regex=r"^[0-9a-f]{32,48}$", required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Its own ids: the card's dispute form has a "note" too (one id per page).
        kwargs.setdefault("auto_id", "call_%s")
        super().__init__(*args, **kwargs)

    def problem(self) -> str:
        """What is wrong with the form, in one sentence for the caller (after is_valid)."""
        return (
            self.reason_problem
            or self.note_problem
            or str(_("The call could not be made; try again."))
        )

    @property
    def reason_problem(self) -> str:
        """What is wrong with the reason, said on it ("" when nothing is)."""
        return str(_("Choose why you call the organizer.")) if "reason" in self.errors else ""

    @property
    def note_problem(self) -> str:
        """What is wrong with the note, said on it ("" when nothing is)."""
        if "note" not in self.errors:
            return ""
        if not self.has_error("note", "max_length"):
            return self.errors["note"][0]  # its own words (a character no note may hold)
        return str(
            _("The note is too long: at most %(count)d characters.") % {"count": NOTE_LENGTH}
        )
