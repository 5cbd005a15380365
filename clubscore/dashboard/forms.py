"""Forms of the organizer's pages: settling a dispute, the clock, the ladder's filter."""

from __future__ import annotations

import json

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubscore.events.models import ScoreEntry
from clubscore.games import GAMES


class SettleForm(forms.Form):
    """Pick the entered version, the other side's, or a corrected payload (JSON)."""

    ENTERED = "entered"
    PROPOSED = "proposed"
    CORRECTED = "corrected"

    choice = forms.ChoiceField(
        label=_("Decision"),
        widget=forms.RadioSelect,
        choices=[
            (ENTERED, _("Keep the entered version")),
            (PROPOSED, _("Take the other side's version")),
            (CORRECTED, _("Correct it (edit the payload below)")),
        ],
        initial=ENTERED,
    )
    payload = forms.CharField(
        label=_("Corrected payload (JSON)"),
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        required=False,
        help_text=_("Only read when you choose to correct it."),
    )

    def __init__(self, *args, entry: ScoreEntry, **kwargs) -> None:
        self.entry = entry
        kwargs.setdefault("prefix", f"entry-{entry.pk}")
        super().__init__(*args, **kwargs)
        self.fields["payload"].initial = json.dumps(entry.payload, indent=1)
        if entry.proposed_payload is None:
            self.fields["choice"].choices = [
                c for c in self.fields["choice"].choices if c[0] != self.PROPOSED
            ]

    def clean(self) -> dict:
        cleaned = super().clean()
        choice = cleaned.get("choice")
        if choice == self.ENTERED:
            cleaned["settled"] = self.entry.payload
        elif choice == self.PROPOSED:
            cleaned["settled"] = self.entry.proposed_payload
        elif choice == self.CORRECTED:
            text = cleaned.get("payload", "").strip()
            if not text:
                self.add_error("payload", gettext("Enter the corrected payload."))
                return cleaned
            try:
                cleaned["settled"] = json.loads(text)
            except ValueError as error:
                self.add_error(
                    "payload",
                    gettext("This is not valid JSON (line %(line)s, column %(col)s).")
                    % {"line": getattr(error, "lineno", "?"), "col": getattr(error, "colno", "?")},
                )
                return cleaned
            if not isinstance(cleaned["settled"], dict):
                self.add_error("payload", gettext("The payload must be a group of fields {…}."))
        return cleaned


def score_error_messages(error) -> list[str]:
    """A ScoreError's English messages, translated, each with the field it is about."""
    messages = []
    for path, texts in error.errors.items():
        for text in texts:
            text = gettext(text)
            messages.append(f"{path}: {text}" if path else text)
    return messages


class LadderFilterForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), required=False)
    year = forms.TypedChoiceField(label=_("Season"), coerce=int, required=False, empty_value=None)

    def __init__(self, *args, years: list[int], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(key, game.name) for key, game in GAMES.items()]
        self.fields["year"].choices = [("", _("All seasons"))] + [(y, str(y)) for y in years]

    def cleaned_or_default(self) -> tuple[str, int | None]:
        if self.is_valid():
            return self.cleaned_data["game"] or "hand_and_foot", self.cleaned_data["year"]
        return "hand_and_foot", None
