"""The tablet page of one card, built by `CardPage` from the card and its game.

The template asks the page (which rows may be edited, the game's words, what waits
to be checked) and restates no rule: what a page shows comes from the `ScoreCard` and
from the `Game`, never from a test of which game it is.
"""

from __future__ import annotations

import math
import uuid
from dataclasses import dataclass
from functools import cached_property
from typing import Any
from urllib.parse import urlencode

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubscore.club.models import column_names
from clubscore.entry_changes import changed_values, shown_value
from clubscore.entry_forms import FORMS, EntryForm
from clubscore.events.forms import CallForm
from clubscore.events.models import ScoreEntry
from clubscore.games import ScoreError
from clubscore.games.words import Words
from clubscore.templatetags.charts import line_chart
from clubscore.translation import translate

from . import offline
from .card import ScoreCard
from .errors import Conflict
from .forms import DisputeForm

ACTIONS = {
    "entered": gettext_lazy("entered"),
    "changed": gettext_lazy("changed"),
    "confirmed": gettext_lazy("confirmed"),
    "disputed": gettext_lazy("disputed"),
    "settled": gettext_lazy("settled"),
}


def entry_form(card: ScoreCard, number: int, data: Any = None, initial: Any = None) -> EntryForm:
    """The game's entry form for hand or round `number` of this card (its counts in the
    order the table says them, from who deals or bids first, where the game asks so)."""
    first = card.dealer(number)
    return FORMS[card.game_key](
        data,
        initial=initial,
        players=card.player_names,
        number=number,
        options=card.options,
        first_seat=card.seats.index(first) if first is not None else 0,
    )


def proposal_form(card: ScoreCard, entry: ScoreEntry, data: Any = None) -> EntryForm | None:
    """The disputing side's own count of what it disputes (None: the mode has none)."""
    return card.mode.proposal_form(card, entry, data)


def preview_context(card: ScoreCard, form: EntryForm, result: dict | None) -> dict:
    """What the live preview under the form shows of `result` (the game's score of what
    is typed): a team's part alone, or each player's figure so far with the game's note."""
    # The game's words come along: the preview is sent alone as a count is typed, and
    # Django's engine showed a missing page's words as nothing (issue 28).
    shown: dict[str, Any] = {
        "card": card,
        "form": form,
        "result": result,
        "words": TranslatedWords(card.game.words),
    }
    if result is None:
        return shown
    return shown | card.mode.preview(card, result)


class TranslatedWords:
    """A game's words, each translated as the template reads it (a page shows a few of
    the game's two dozen)."""

    def __init__(self, words: Words) -> None:
        self._words = words

    def __getitem__(self, name: str) -> str:
        return translate(getattr(self._words, name))


@dataclass
class Disputing:
    """The dispute form open on the page: for hand `number`, as typed so far."""

    number: int
    form: DisputeForm
    proposal_form: EntryForm | None = None


class CardPage:
    """One card's tablet page: the entry form (or the panel to check), the hands, the
    history. `number` is the hand the form is for (None: the next one to enter)."""

    def __init__(
        self,
        card: ScoreCard,
        *,
        number: int | None = None,
        form: EntryForm | None = None,
        conflict: Conflict | None = None,
        disputing: Disputing | None = None,
        call: CallForm | None = None,
    ) -> None:
        self.card = card
        # A call the server refused (after is_valid): open again, with what was typed.
        self.call = call
        self.game = card.game
        if number is None and not card.entry_closed:
            number = card.next_number
        self.number = number
        if form is None and self.number is not None:
            form = entry_form(card, self.number, initial=self._initial(self.number))
            if self._draft(self.number):
                _typed_over(form)
        self.form = form
        self.conflict = conflict
        self.disputing = disputing
        # Each form has its own key: a key stands for one request (idempotency.claim).
        self.idem = {
            name: uuid.uuid4().hex for name in ("entry", "confirm", "dispute", "turn_in", "call")
        }

    # -- the game's words ------------------------------------------------------

    @cached_property
    def words(self) -> TranslatedWords:
        """The game's words for the template: ``page.words.as_it_lies`` and so on."""
        return TranslatedWords(self.game.words)

    @property
    def entries_title(self) -> str:
        return translate(self.game.words.many)

    @property
    def save_label(self) -> str:
        if self.card.organizer:  # not "Save our hand": the organizer is no team of it
            return _("Save as the organizer")
        return translate(self.game.words.save)

    def entry_label(self, number: int) -> str:
        return translate(self.game.words.label(number))

    @property
    def disputed(self) -> list[tuple[str, str]]:
        """Each disputed hand or round of the card and its note: both sides see what the
        organizer is asked to settle, not only a "Disputed" badge."""
        return [
            (self.entry_label(number), entry.dispute_note)
            for number, entry in sorted(self.card.entries.items())
            if entry.status == ScoreEntry.Status.DISPUTED
        ]

    # -- the entry form --------------------------------------------------------

    def _draft(self, number: int) -> dict | None:
        """What this side typed for hand `number` and has not sent (None: nothing)."""
        if self.card.entries.get(number) is None:
            return None  # no draft without the hand's row
        return self.card.drafts.get(number) or None

    def _initial(self, number: int) -> dict:
        """What the form shows: the draft typed so far, else what was entered, else zeros."""
        card, entry = self.card, self.card.entries.get(number)
        if entry is None:
            return {}
        return self._draft(number) or card.mode.initial(card, entry)

    @property
    def version(self) -> int:
        """The version the form is built on (the other tablet's, after a conflict)."""
        if self.conflict is not None:
            return self.conflict.version
        if self.number is None:
            return 0
        return self.card.mode.version(self.card, self.card.entries.get(self.number))

    def facts(self, number: int) -> dict:
        """What the table needs to know about hand `number`: who deals, the game's facts."""
        card = self.card
        facts: dict = {
            "number": number,
            "title": self.entry_label(number),
            "dealer": card.dealer(number),
            "first_seat_label": self.game.first_seat_label,
            "lines": self.game.entry_facts(number, card.options),
        }
        trumps = (card.table.draw_details or {}).get("trumps") or []
        if 0 < number <= len(trumps):
            facts["trump"] = self.game.trump(trumps[number - 1])
        return facts

    @property
    def head(self) -> dict | None:
        return self.facts(self.number) if self.number else None

    @property
    def upcoming(self) -> list[dict]:
        """The facts of the next hands (but the form's), for the tablet to show when it
        keeps hands offline, one after the other (static/js/offline.js)."""
        first, limit = self.card.next_number, self.card.limit
        if first is None:
            return []
        last = first + 8 if limit is None else min(limit, first + 8)
        return [self.facts(n) for n in range(first, last + 1) if n != self.number]

    @property
    def as_it_lies(self) -> bool:
        return self.card.finishes_as_it_lies(self.number)

    @property
    def theirs(self) -> list[tuple[str, list[tuple[str, Any]]]] | None:
        """After a conflict: the other tablet's numbers, labelled and grouped as in the
        form ("Cards melded: Aces 3" and "Cards left: Aces 1" told apart), a choice by
        its words (a player's name, not their seat number)."""
        conflict, form = self.conflict, self.form
        if conflict is None or conflict.theirs is None or form is None:
            return None
        values = type(form).initial_from_payload(conflict.theirs, self.card.player_names)

        def shown(names) -> list[tuple[str, Any]]:
            return [
                (form.fields[name].label, shown_value(form.fields[name], values[name]))
                for name in names
                if name in values and name in form.fields
            ]

        grouped = [name for _legend, names in form.groups for name in names]
        ungrouped = [("", shown(name for name in values if name not in grouped))]
        groups = ungrouped + [(str(legend), shown(names)) for legend, names in form.groups]
        return [(legend, rows) for legend, rows in groups if rows]

    @property
    def preview(self) -> dict:
        return preview_context(self.card, self.form, None) if self.form is not None else {}

    # -- the hands table ---------------------------------------------------------

    @cached_property
    def columns(self) -> list[dict]:
        """The card's columns: heading in full and short (a phone's width), and the player
        whose running total it shows (a team's first player, in a game of teams)."""
        card = self.card
        if not self.game.teams:
            players = [s.player for s in card.seats]
            return [
                {"full": player.name, "short": short, "pid": player.pk}
                for player, short in zip(players, column_names(players), strict=True)
            ]
        columns = []
        for number in range(1, self.game.teams + 1):
            seat = next((s for s in card.seats if s.team and s.team.number == number), None)
            if seat is not None:
                names = card.team_names(number)
                columns.append(
                    {
                        "full": _("Team %(number)s: %(names)s")
                        % {"number": number, "names": names},
                        "short": _("Team %(number)s") % {"number": number},
                        "pid": seat.player_id,
                    }
                )
        return columns

    @cached_property
    def totals(self) -> list[int]:
        """Each column's points so far; once they are final (the card is in, or nothing
        is left to enter on it), its final totals, as the dashboard shows them."""
        score, done = self.card.score, self._card_done
        return [score.shown(column["pid"], card_in=done) for column in self.columns]

    @property
    def totals_note(self) -> str:
        """What the totals leave for the end while the card is out ("Points so far, before
        the final multiplier."), and how the end decided them once they are final; "" for
        a game whose totals are the points added up."""
        game = self.card.game
        return game.final_note if self._final else game.figure_so_far_note

    @property
    def _card_done(self) -> bool:
        """The card is in, or every hand or round it will have is in (the game's end, or
        time called): "check the card, then turn it in" shows what will be turned in, the
        exact-bid game's multipliers too (a walk: the table checked the points before)."""
        return self.card.table.turned_in_at is not None or self.card.complete

    @property
    def _final(self) -> bool:
        return self.card.score.is_final(card_in=self._card_done)

    @property
    def rows(self) -> list[dict]:
        """Hand by hand: status, whether it may be edited, and each column's points of the
        hand with its running total (not entered: blank). A team's own part shows at once
        where the game can score a part alone; the hand then waits for the other team."""
        card = self.card
        progress = card.score.progress
        counted = [n for n in sorted(card.entries) if card.is_in(card.entries[n])]
        rows = []
        for number in card.numbers:
            entry = card.entries.get(number)
            index = counted.index(number) if number in counted else None
            cells: list[dict | None] = []
            for column in self.columns:
                running = progress[column["pid"]]
                if index is not None and index < len(running):
                    before = running[index - 1] if index else 0
                    cells.append({"hand": running[index] - before, "running": running[index]})
                else:
                    cells.append(None)
            waiting = None
            own = card.mode.own_part(card, number, entry) if index is None else None
            if own is not None:
                column, points, waiting = own
                if points is not None:
                    cells[column] = {"hand": points, "running": None}
            rows.append(
                {
                    "number": number,
                    "entry": entry,
                    "cells": cells,
                    "waiting": waiting,
                    "can_edit": card.can_edit(number),
                }
            )
        return rows

    @property
    def multipliers(self) -> list[int] | None:
        """Each column's final multiplier, when the game's total multiplies the points
        and the totals are final (until then they are the points so far)."""
        if not self._final:
            return None
        players = (self.card.score.result or {}).get("players") or []
        factors = [player.get("multiplier", 1) for player in players]
        return factors if any(factor != 1 for factor in factors) else None

    @property
    def chart(self) -> str:
        score = self.card.score
        progress = score.progress
        # Every line starts from 0 before the first hand; the x axis numbers the hands.
        series = [(column["full"], [0, *progress[column["pid"]]]) for column in self.columns]
        longest = max((len(values) for _name, values in series), default=1)
        if longest < 2:
            return ""  # no hand yet
        labels = ["", *(str(number) for number in range(1, longest))]
        # What the totals add after the last hand (the first-table bonus, a final
        # multiplier) is the line's last step, so its legend reads as the totals do.
        totals = self.totals
        if any(total != values[-1] for total, (_name, values) in zip(totals, series, strict=True)):
            series = [
                (name, [*values, total])
                for total, (name, values) in zip(totals, series, strict=True)
            ]
            labels.append(_("Total"))
        return line_chart(series, labels, title=_("Score over the evening"))

    # -- what waits to be checked ---------------------------------------------------

    def shown_result(self, entry: ScoreEntry) -> dict:
        """The entry's result as the page shows it: scored again from its payload.

        The stored result keeps only the English of its line labels (JSON has no room for
        their templates); scoring the same payload again gives the same lines as messages
        that read in the page's language. Should that fail, the stored result is shown.
        """
        try:
            return self.game.score(entry.payload, self.card.options)
        except ScoreError:
            return entry.result or {}

    @cached_property
    def pending(self) -> list[dict]:
        """Entries this card's scorekeeper should confirm or dispute."""
        card = self.card
        pending = []
        for number, entry in sorted(card.entries.items()):
            if entry.status != ScoreEntry.Status.ENTERED:
                continue
            item = card.mode.to_check(self, number, entry)
            if item is not None:
                pending.append(item)
        return pending

    # -- the dispute form ----------------------------------------------------------

    @cached_property
    def dispute(self) -> dict | None:
        """The open dispute form: its entry, label, the version disputed and, in a game of
        teams' parts, this team's own count of the other team's part."""
        disputing, card = self.disputing, self.card
        entry = card.entries.get(disputing.number) if disputing else None
        if disputing is None or entry is None or not card.mode.may_dispute(card, entry):
            return None
        version = card.mode.disputed_version(card, entry)
        # The disputing side may give its own count, so the organizer sees both versions
        # side by side; it starts from what was entered.
        proposal = disputing.proposal_form or proposal_form(card, entry)
        return {
            "entry": entry,
            "label": translate(self.game.words.dispute_label(entry.number)),
            "form": disputing.form,
            "version": version,
            "again": card.mode.is_disputed(card, entry),
            "proposal_form": proposal,
            "disputers": card.mode.disputers(card, entry),
        }

    # -- the rest ----------------------------------------------------------------------

    @cached_property
    def my_team(self) -> str | None:
        return self.card.mode.my_team(self.card)

    @cached_property
    def history(self) -> list[dict]:
        return [
            {
                "change": change,
                "entry": self.entry_label(change.entry_number),
                "label": ACTIONS.get(change.action, change.action),
                "differences": self._differences(change),
            }
            for change in self.card.changes
        ]

    def _differences(self, change) -> list[tuple[str, list[tuple[str, str, str]]]]:
        """A correction's "Before and after": (team or "", [(what, before, after)]). A
        team's own change is of its part; the organizer's settling, of the whole entry (a
        dispute's two versions are the dashboard's to show)."""
        if change.action not in ("changed", "settled") or None in (change.before, change.after):
            return []
        game, form = self.game, entry_form(self.card, change.entry_number)
        if game.entry.parts(game) > 1 and change.action != "settled":
            pairs = [("", change.before, change.after)]
        else:
            before, after = (game.entry.parts_of(game, v) for v in (change.before, change.after))
            teams = len(before) > 1
            pairs = [
                (_("Team %(number)s") % {"number": n} if teams else "", old, new)
                for n, (old, new) in enumerate(zip(before, after, strict=True), start=1)
            ]
        sections = [(legend, changed_values(form, old, new)) for legend, old, new in pairs]
        return [(legend, rows) for legend, rows in sections if rows]

    @property
    def live_query(self) -> str:
        """The live poll's query: what the tablet shows now, and when its clock phase ends."""
        version = self.card.live_version
        if version is None:
            return "live=1"
        query: dict[str, Any] = {"live": 1, "v": version}
        ends = self.card.clock.phase_ends_at
        if ends is not None:
            query["until"] = math.ceil(ends.timestamp())
        return urlencode(query)

    @property
    def offline_strings(self) -> dict:
        return offline.strings()

    def context(self) -> dict:
        card = self.card
        return {
            "page": self,
            "card": card,
            "event": card.event,
            "table": card.table,
            "token": card.link.token,
            "clock": card.clock,
            "form": self.form,
            "facts": self.head,
            # The table's open call to the organizer (issue 25).
            "organizer_call": card.organizer_call,
            # The form is written out on the card: its fields' labels and choices, and
            # what a refused call sent (`call_form`, None otherwise).
            "call_fields": CallForm.base_fields,
            "call_form": self.call,
            **self.preview,
        }


def _typed_over(form: EntryForm) -> None:
    """A value that fills itself in which the draft holds was typed over (a draft keeps
    such a value blank unless typed): it stays as typed (`data-touched`, which
    static/js/scorekeeping.js keeps), or the next preview would fill it in again."""
    for name, value in form.initial.items():
        field = form.fields.get(name)
        if field is not None and value != "" and "data-auto" in field.widget.attrs:
            field.widget.attrs["data-touched"] = "1"
