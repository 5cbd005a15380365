"""Forms of the organizer's pages: settling a dispute, the clock, the ladder's filter."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubscore.entry_changes import changed_values, entered_values, field_label, initial_of
from clubscore.entry_forms import FORMS, EntryForm
from clubscore.events.models import ScoreEntry, Seat
from clubscore.games import GAMES, ScoreError
from clubscore.numbers import WholeNumberField
from clubscore.translation import game_name, translate


@dataclass
class Correction:
    """One entry form of a correction: the whole round, or one team's part of a hand."""

    legend: str  # "Team 1: Ann & Bob" for a team's part; "" for a whole round
    form: EntryForm


class SettleForm(forms.Form):
    """The organizer's decision on a disputed hand or round.

    Keep the entered version, take the other side's, or correct it in the game's own
    entry form (the tablet's fields, labels and steppers), prefilled from the entered
    version; where teams enter separate parts, the correction is the whole entry, one form
    per team.
    The game judges the decision when it is settled (`disputes.settle_dispute`), and
    `add_score_errors` shows its messages on the field at fault.

    Every field name carries the prefix `entry-<id>`, so the disputes on one page never
    mix; the correction's fields are read only when the decision is to correct.
    """

    ENTERED = "entered"
    PROPOSED = "proposed"
    CORRECTED = "corrected"

    choice = forms.ChoiceField(
        label=_("Decision"),
        widget=forms.HiddenInput,
        choices=[
            (ENTERED, _("Keep the entered version")),
            (PROPOSED, _("Take the other side's version")),
            (CORRECTED, _("Save the correction")),
        ],
    )
    # The entry's version as the page showed it: a dispute sent again or a count changed
    # at the table since is never settled unseen.
    seen = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        entry: ScoreEntry,
        game: str,
        options: dict,
        seats: Sequence[Seat],
    ) -> None:
        self.entry = entry
        self.game = game
        self.rules = GAMES[game]
        super().__init__(data, prefix=f"entry-{entry.pk}", initial={"seen": str(entry.version)})
        if entry.proposed_payload is None:
            self.fields["choice"].choices = [
                c for c in self.fields["choice"].choices if c[0] != self.PROPOSED
            ]
        #: Was the correction sent (its fields are bound and checked)?
        self.correcting = data is not None and data.get(self.add_prefix("choice")) == self.CORRECTED
        self.corrections = self._corrections(data if self.correcting else None, options, seats)

    @property
    def entry_label(self) -> str:
        """ "Hand 2", "Round 2": the disputed entry in the game's words."""
        return translate(GAMES[self.game].words.label(self.entry.number))

    def _corrections(
        self, data: Mapping[str, Any] | None, options: dict, seats: Sequence[Seat]
    ) -> list[Correction]:
        form_class = FORMS[self.game]
        number = self.entry.number
        # The counts in the order the table says them, as on the card (who bids first).
        drawn_first = next(
            (i for i, s in enumerate(seats) if s.player_id == self.entry.table.first_player_id), 0
        )
        first_seat = self.rules.dealer(drawn_first, number, len(seats)) if seats else 0
        corrections = []
        # One form per part the game's entry mode enters: a team's part, or the whole
        # entry of the table (no team: every player's numbers).
        for side, part in self.rules.entry.sections(self.rules, self.entry.payload):
            if side is None:
                legend, prefix = "", "round"
                players = [seat.player.name for seat in seats]
            else:
                names = self.entry.table.team_names(side, seats)
                legend = gettext("Team %(number)s: %(names)s") % {"number": side, "names": names}
                prefix, players = f"team{side}", []
            form = form_class(
                data,
                prefix=self.add_prefix(prefix),
                initial=initial_of(form_class, part, players),
                players=players,
                number=number,
                options=options,
                first_seat=first_seat,
            )
            corrections.append(Correction(legend, form))
        return corrections

    def clean(self) -> dict:
        cleaned = super().clean()
        if self.has_error("choice"):  # hidden: said above the form
            raise forms.ValidationError(gettext("Choose one of the decisions shown."))
        seen = self.data.get(self.add_prefix("seen"))
        if seen is not None and seen != str(self.entry.version):
            # Shown again with the versions as they are now; deciding again settles it.
            self.data = self.data.copy()
            self.data[self.add_prefix("seen")] = str(self.entry.version)
            raise forms.ValidationError(
                gettext(
                    "%(entry)s was changed at the table since this page was shown: the "
                    "versions below are as they are now. Decide again."
                )
                % {"entry": self.entry_label}
            )
        choice = cleaned.get("choice")
        if choice == self.ENTERED:
            cleaned["settled"] = self.entry.payload
        elif choice == self.PROPOSED:
            cleaned["settled"] = self.entry.proposed_payload
        elif choice == self.CORRECTED:
            # Check every form, so each shows its own errors.
            if not all([correction.form.is_valid() for correction in self.corrections]):
                raise forms.ValidationError(gettext("Check the marked fields."))
            cleaned["settled"] = self._corrected_payload()
        return cleaned

    def _corrected_payload(self) -> dict:
        for correction in self.corrections:
            correction.form.fill()
        parts = [correction.form.payload() for correction in self.corrections]
        return self.rules.entry.whole_entry(self.rules, self.entry.number, parts)

    def add_score_errors(self, errors: Mapping[str, list[str]]) -> None:
        """The game refused the decision: say why, on the field at fault when correcting."""
        if self.cleaned_data.get("choice") != self.CORRECTED:
            for text in self.error_lines(errors):
                self.add_error(None, text)
            return
        for path, messages in errors.items():
            correction = self._correction_for(path)
            if correction is None:
                for text in _translated(messages):
                    self.add_error(None, text)
            else:
                correction.form.add_score_errors({path: messages})
        if any(correction.form.errors for correction in self.corrections):
            self.add_error(None, gettext("Check the marked fields."))

    def _correction_for(self, path: str) -> Correction | None:
        """The form a payload path belongs to (None: the whole entry, e.g. "teams")."""
        part = self.rules.entry.part_of_path(self.rules, path)
        return None if part is None else self.corrections[part]

    def _where(self, path: str) -> str:
        """A payload path as the organizer reads it: "Team 1: Ann & Bob · Red books"."""
        correction = self._correction_for(path)
        if correction is None:
            return ""
        name = correction.form.field_for_path(path)
        label = field_label(correction.form, name) if name in correction.form.fields else ""
        return " · ".join(part for part in (correction.legend, label) if part)

    def error_lines(self, errors: Mapping[str, list[str]]) -> list[str]:
        """The game's messages, translated, each after the field it is about."""
        lines = []
        for path, messages in errors.items():
            where = self._where(path)
            lines += [f"{where} — {text}" if where else text for text in _translated(messages)]
        return lines

    def entered(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """What was entered, field by field, when no other version says where it differs
        (a game where one scorekeeper enters and another player disputes with a note):
        (team or "", [(what, value)]), so the organizer weighs the note against it."""
        if self.entry.proposed_payload is not None:
            return []
        parts = self.rules.entry.parts_of(self.rules, self.entry.payload)
        sections = []
        for correction, part in zip(self.corrections, parts, strict=False):
            rows = entered_values(correction.form, part)
            if rows:
                sections.append((correction.legend, rows))
        return sections

    def differences(self) -> list[tuple[str, list[tuple[str, str, str]]]]:
        """Where the two versions disagree: (team or "", [(what, entered, other side's)])."""
        proposed = self.entry.proposed_payload
        if proposed is None:
            return []
        pairs = zip(
            self.rules.entry.parts_of(self.rules, self.entry.payload),
            self.rules.entry.parts_of(self.rules, proposed),
            strict=True,
        )
        sections = []
        for correction, (entered, theirs) in zip(self.corrections, pairs, strict=False):
            rows = changed_values(correction.form, entered, theirs)
            if rows:
                sections.append((correction.legend, rows))
        return sections


def _translated(messages: list[str]) -> list[str]:
    """The game's messages in the reader's language, without a path."""
    return score_error_messages(ScoreError({"": list(messages)}))


def score_error_messages(error) -> list[str]:
    """A ScoreError's messages, translated, each with the field it is about."""
    messages = []
    for path, texts in error.errors.items():
        for text in texts:
            text = translate(text)
            messages.append(f"{path}: {text}" if path else text)
    return messages


class NextRoundForm(forms.Form):
    """ "Next round": how the next round of the evening is seated."""

    LOT = "lot"
    STANDINGS = "standings"

    seating = forms.ChoiceField(
        label=_("Seating"),
        choices=[
            (LOT, _("A fresh draw by lot (avoids tonight's tablemates)")),
            (STANDINGS, _("By tonight's standings (leaders together at table 1)")),
        ],
        initial=LOT,
        widget=forms.RadioSelect,
    )
    allow_sit_out = forms.BooleanField(
        label=_("Let the fewest players sit out when the tables do not fit"), required=False
    )
    # The last round the organizer saw: a resent form does not add a second round.
    after = WholeNumberField(min_value=0, max_value=10_000, widget=forms.HiddenInput)


def first_game() -> str:
    """The game a page shows when none is chosen: the first of the club's games."""
    return next(iter(GAMES))


class LadderFilterForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), required=False)
    year = forms.TypedChoiceField(label=_("Season"), coerce=int, required=False, empty_value=None)

    def __init__(self, *args, years: list[int], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(key, game_name(game)) for key, game in GAMES.items()]
        self.fields["year"].choices = [("", _("All seasons"))] + [(y, str(y)) for y in years]

    def cleaned_or_default(self) -> tuple[str, int | None]:
        if self.is_valid():
            return self.cleaned_data["game"] or first_game(), self.cleaned_data["year"]
        return first_game(), None
