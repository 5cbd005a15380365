"""The tablet forms: one per game, whose cleaned data is exactly a `clubscore.games` payload.

Forms only parse what was typed (whole numbers, choices). Every rule, every limit
and every sum is checked by `clubscore.games.score()`; its `ScoreError` paths are
mapped back to the field at fault by `field_for_path`. Where the rules fix a sum
(240 power points, four aces, the cards of a round) the last value may be left
blank and is filled in from the constants of `clubscore.games`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import get_language, gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from clubscore.games import GAMES, hand_and_foot, laus, luxury_family
from clubscore.games.cards import SUITS
from clubscore.games.exact_bid import ExactBid, cards_in_round
from clubscore.games.hand_and_foot import WENT_OUT
from clubscore.markup import CountInput
from clubscore.numbers import WholeNumberField
from clubscore.translation import suit_label, translate

# No min="0": htmx checks the form's validity before each preview and would silently
# skip a negative count; the server says what is wrong instead. No `pattern` either:
# browsers ignore it on type="number" and the HTML checker refuses it (issue 27.6).
NUMBER_ATTRS = {"inputmode": "numeric", "class": "count"}

HF_KIND_LABELS = {
    "jokers": _("Jokers"),
    "twos": _("Twos"),
    "aces": _("Aces"),
    "high": _("K, Q, J, 10"),
    "low": _("9 down to 4"),
    "black_threes": _("Black threes"),
    "red_threes": _("Red threes"),
}
LAUS_FACE_LABELS = {"aces": _("Aces"), "kings": _("Kings"), "queens": _("Queens")}


class CountField(WholeNumberField):
    # The widget as a class, made afresh for each field: Django deep-copies a widget
    # instance given to a field, a third of building a count (a form has up to 16).
    widget = CountInput


def count_field(
    label: Any, *, required: bool = False, auto: bool = False, step: int = 1
) -> WholeNumberField:
    # No min/max here: the limits are the game's, and its messages say why. Only the
    # digits 0-9 make a number; a blank is 0 unless the count is required (see `count`).
    field = CountField(label=label, required=required)
    field.widget.attrs.update(NUMBER_ATTRS, placeholder="0")
    if auto:
        field.widget.attrs.update({"data-auto": "1", "placeholder": gettext("fills itself in")})
    field.step = step  # how far the template's − / + move it (the game's unit)
    return field


class EntryForm(forms.Form):
    """Base: `groups` lists (legend, field names) for the template; `auto` the fill-ins."""

    game_key = ""

    def __init__(
        self,
        *args: Any,
        players: Sequence[str],
        number: int,
        options: dict,
        first_seat: int = 0,
        **kw: Any,
    ):
        self.players = list(players)
        self.number = number
        self.options = options
        # Who deals, bids or plays first (an index of `players`): for the table's order.
        self.first_seat = first_seat if 0 <= first_seat < len(self.players) else 0
        self.groups: list[tuple[str, list[str]]] = []
        self.auto: dict[str, int] = {}  # field name -> value filled in from a fixed sum
        super().__init__(*args, **kw)
        self.build()

    def build(self) -> None:
        raise NotImplementedError

    def count(self, name: str) -> int | None:
        """A cleaned count; blank counts are 0 (a scorekeeper skips what did not happen),
        but a required one left blank is None: while the game checks what was typed
        (`checks_while_blank`), it is no 0 to add up ("power points add up to 0")."""
        value = self.cleaned_data.get(name)
        if value is None:
            return None if self.fields[name].required else 0
        return value

    def fill_fixed_sum(self, names: Sequence[str], total: int) -> None:
        """Fill the last of `names` when left blank: `total` minus the others. Not when
        the others pass `total` already, nor when one of them is below zero: the game
        then says what is wrong on the counts typed, rather than on the one nobody typed
        ("cannot be negative", or "at most 4" where a -1 made it 5)."""
        last = names[-1]
        if self.cleaned_data.get(last) is None and all(
            self.cleaned_data.get(n) is not None for n in names[:-1]
        ):
            others = [self.cleaned_data[n] for n in names[:-1]]
            value = total - sum(others)
            if value < 0 or min(others, default=0) < 0:
                return
            self.cleaned_data[last] = value
            self.auto[last] = value

    def markup_key(self, token: str | None) -> str | None:
        """The cache key of the fields' markup, which is the same whenever the form
        shows no values: drawn from what built the form (the game's form, its number,
        the event's options, the players, the language, and the card's link where a
        field opens the meld calculator). None when the form shows values (typed, or a
        draft or an entry as its initial values)."""
        if self.is_bound or self.initial:
            return None
        calculators = any(getattr(field, "calculator", None) for field in self.fields.values())
        built = (
            type(self).__module__,
            type(self).__qualname__,
            self.prefix,
            self.number,
            sorted(self.options.items()),
            self.players,
            self.first_seat,
            get_language(),
            token if calculators else None,
        )
        return (
            "clubscore:fields:" + hashlib.blake2b(repr(built).encode(), digest_size=16).hexdigest()
        )

    @property
    def field_groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        """`groups` with their bound fields: what `entry_groups` draws."""
        return [(legend, [self[name] for name in names]) for legend, names in self.groups]

    def fill(self) -> None:
        """Fill in the values fixed by a sum (after `is_valid()`)."""

    def as_other_side(self) -> EntryForm:
        """The form as one team fills it in for the other (its count in a dispute):
        labels that say "we" say "they"."""
        return self

    def payload(self) -> dict:
        raise NotImplementedError

    def field_for_path(self, path: str) -> str | None:
        raise NotImplementedError

    def add_score_errors(self, errors: Mapping[str, list[str]]) -> None:
        """Show the game's messages, translated, on the field at fault or above the form."""
        for path, messages in errors.items():
            field = self.field_for_path(path)
            if field not in self.fields:
                field = None
            if field is not None and self.has_error(field):
                continue  # the field says what is wrong with it already
            for message in messages:
                self.add_error(field, translate(message))

    #: Whether the game may check what was typed while a field is still left blank or
    #: unreadable, so every mistake shows at once (a Laus ten not chosen yet must not
    #: hide five aces, nor a "1e" typed for one player a -1 typed for another).
    checks_while_blank = False

    def game_may_check(self) -> bool:
        """Whether the game checks the rest while fields are in error: only the fields'
        own errors (a blank that must be given, a count it cannot read), which the game
        then reads as not given, and says nothing more about."""
        return self.checks_while_blank and not self.non_field_errors()

    @property
    def labelled_errors(self) -> list[tuple[str, str]]:
        """Each field's errors with its label, in the form's order: read from `errors`,
        without a bound field each (a preview is sent as each count is typed)."""
        errors = self.errors
        return [
            (str(field.label), error)
            for name, field in self.fields.items()
            for error in errors.get(name, ())
        ]

    @property
    def filled_in(self) -> list[tuple[str, str, int]]:
        """Each value a fixed sum filled in: (the field's name in the page, its label, the
        value). The name carries the form's prefix (the dashboard's corrections)."""
        return [
            (self.add_prefix(name), str(self.fields[name].label), value)
            for name, value in self.auto.items()
        ]

    @staticmethod
    def initial_from_payload(payload: dict, players: Sequence[str]) -> dict:
        raise NotImplementedError


class HandAndFootForm(EntryForm):
    """One team's part of one hand."""

    game_key = hand_and_foot.HandAndFoot.key

    def build(self) -> None:
        self.fields["red_books"] = count_field(_("Red books"))
        self.fields["black_books"] = count_field(_("Black books"))
        self.fields[WENT_OUT] = forms.BooleanField(label=_("We went out"), required=False)
        self.fields["exact_deals"] = count_field(_("Exact deals (players who picked up exactly)"))
        for kind in hand_and_foot.MELDED_KINDS:
            self.fields[f"melded_{kind}"] = count_field(HF_KIND_LABELS[kind])
        for kind in hand_and_foot.IN_HAND_KINDS:
            self.fields[f"in_hand_{kind}"] = count_field(HF_KIND_LABELS[kind])
        self.groups = [
            (_("Books and going out"), list(hand_and_foot.COUNT_KEYS)),
            (
                _("Cards melded (laid down, books included)"),
                [f"melded_{k}" for k in hand_and_foot.MELDED_KINDS],
            ),
            (
                _("Cards left in hand and foot"),
                [f"in_hand_{k}" for k in hand_and_foot.IN_HAND_KINDS],
            ),
        ]

    def as_other_side(self) -> EntryForm:
        self.fields[WENT_OUT].label = _("They went out")
        return self

    def payload(self) -> dict:
        """This team's part of the hand payload."""
        return {
            "red_books": self.count("red_books"),
            "black_books": self.count("black_books"),
            WENT_OUT: bool(self.cleaned_data.get(WENT_OUT)),
            "exact_deals": self.count("exact_deals"),
            "melded": {k: self.count(f"melded_{k}") for k in hand_and_foot.MELDED_KINDS},
            "in_hand": {k: self.count(f"in_hand_{k}") for k in hand_and_foot.IN_HAND_KINDS},
        }

    def field_for_path(self, path: str) -> str | None:
        parts = path.split(".")
        if len(parts) < 3 or parts[0] != "teams":
            return None
        if parts[2] in ("melded", "in_hand"):
            return f"{parts[2]}_{parts[3]}" if len(parts) > 3 else None
        return parts[2]

    @staticmethod
    def initial_from_payload(payload: dict, players: Sequence[str]) -> dict:
        initial = {k: payload[k] for k in hand_and_foot.COUNT_KEYS}
        for group in ("melded", "in_hand"):
            for kind, value in payload[group].items():
                initial[f"{group}_{kind}"] = value
        return initial


class ExactBidForm(EntryForm):
    """One round: each player's bid in the order they bid (from the first bidder,
    clockwise: a scorekeeper types them as they are said), then the tricks in the same
    order, so each player is in the same place in both (the last one fills itself in)."""

    game_key = ExactBid.key
    checks_while_blank = True  # a bid over the cards shows before every bid is in

    @property
    def cards(self) -> int:
        return cards_in_round(self.number - 1, self.options["start_cards"])

    @property
    def bidding(self) -> list[int]:
        """The seats in the order they bid this round."""
        seats = len(self.players)
        return [(self.first_seat + k) % seats for k in range(seats)]

    def build(self) -> None:
        last = self.bidding[-1]
        for i, name in enumerate(self.players):
            self.fields[f"bid_{i}"] = count_field(_("%(name)s bid") % {"name": name}, required=True)
            self.fields[f"tricks_{i}"] = count_field(
                _("%(name)s took") % {"name": name}, required=i != last, auto=i == last
            )
        self.groups = [
            (_("Bids"), [f"bid_{i}" for i in self.bidding]),
            (_("Tricks taken"), [f"tricks_{i}" for i in self.bidding]),
        ]

    def fill(self) -> None:
        self.fill_fixed_sum([f"tricks_{i}" for i in self.bidding], self.cards)

    def payload(self) -> dict:
        n = len(self.players)
        return {
            "bids": [self.count(f"bid_{i}") for i in range(n)],
            "tricks": [self.count(f"tricks_{i}") for i in range(n)],
        }

    def field_for_path(self, path: str) -> str | None:
        parts = path.split(".")
        if len(parts) >= 3 and parts[0] == "rounds" and parts[2] in ("bids", "tricks"):
            prefix = "bid" if parts[2] == "bids" else "tricks"
            # A wrong sum belongs to the last bidder's tricks, the value that fills itself.
            index = parts[3] if len(parts) > 3 else str(self.bidding[-1])
            return f"{prefix}_{index}"
        return None

    @staticmethod
    def initial_from_payload(payload: dict, players: Sequence[str]) -> dict:
        initial = {}
        for i in range(len(players)):
            initial[f"bid_{i}"] = payload["bids"][i]
            initial[f"tricks_{i}"] = payload["tricks"][i]
        return initial


class LuxuryFamilyForm(EntryForm):
    """One deal of three players: bid, game maker, trump, melds, power points, penalties."""

    game_key = luxury_family.LuxuryFamily.key
    checks_while_blank = True  # a bid too high shows before the game maker is chosen

    def build(self) -> None:
        step = GAMES[self.game_key].step
        # The sheet's word for it ("gereizt" in German), not the trick games' "Ansage".
        bid = pgettext_lazy("Luxury Family: the points a game maker bid", "Bid")
        self.fields["bid"] = count_field(bid, required=True, step=step("bid"))
        self.fields["game_maker"] = forms.TypedChoiceField(
            label=_("Game maker"),
            choices=[(str(i), name) for i, name in enumerate(self.players)],
            coerce=int,
            widget=forms.RadioSelect,
        )
        self.fields["trump"] = forms.ChoiceField(
            label=_("Trump"), choices=[(s, suit_label(s)) for s in SUITS], widget=forms.RadioSelect
        )
        last = len(self.players) - 1
        for i, name in enumerate(self.players):
            self.fields[f"meld_{i}"] = count_field(
                _("%(name)s: melds") % {"name": name}, step=step("melds")
            )
            # The meld calculator (scorekeeping/melds.py) fills it from the cards shown.
            self.fields[f"meld_{i}"].calculator = {"seat": i, "player": name}
        for i, name in enumerate(self.players):
            self.fields[f"power_{i}"] = count_field(
                _("%(name)s: power points") % {"name": name}, required=i != last, auto=i == last
            )
        for i, name in enumerate(self.players):
            self.fields[f"penalty_{i}"] = count_field(
                _("%(name)s: penalties") % {"name": name}, step=step("penalties")
            )
        n = len(self.players)
        self.groups = [
            (_("The game"), ["bid", "game_maker", "trump"]),
            (_("Melds (points)"), [f"meld_{i}" for i in range(n)]),
            (_("Power points in tricks"), [f"power_{i}" for i in range(n)]),
            (_("Penalties"), [f"penalty_{i}" for i in range(n)]),
        ]

    def fill(self) -> None:
        names = [f"power_{i}" for i in range(len(self.players))]
        self.fill_fixed_sum(names, luxury_family.POWER_TOTAL)

    def payload(self) -> dict:
        n = len(self.players)
        return {
            "players": self.players,
            "bid": self.count("bid"),
            "game_maker": self.cleaned_data.get("game_maker"),
            "trump": self.cleaned_data.get("trump"),
            "melds": [self.count(f"meld_{i}") for i in range(n)],
            "power_points": [self.count(f"power_{i}") for i in range(n)],
            "penalties": [self.count(f"penalty_{i}") for i in range(n)],
        }

    def field_for_path(self, path: str) -> str | None:
        parts = path.split(".")
        last = str(len(self.players) - 1)
        simple = {"bid": "bid", "game_maker": "game_maker", "trump": "trump"}
        if parts[0] in simple:
            return simple[parts[0]]
        prefix = {"melds": "meld", "power_points": "power", "penalties": "penalty"}.get(parts[0])
        if prefix is None:
            return None
        if len(parts) > 1:
            return f"{prefix}_{parts[1]}"
        return f"power_{last}" if prefix == "power" else None

    @staticmethod
    def initial_from_payload(payload: dict, players: Sequence[str]) -> dict:
        initial = {
            "bid": payload["bid"],
            "game_maker": str(payload["game_maker"]),
            "trump": payload["trump"],
        }
        for i in range(len(players)):
            meld = payload["melds"][i]
            initial[f"meld_{i}"] = meld if isinstance(meld, int) else 0
            initial[f"power_{i}"] = payload["power_points"][i]
            penalty = payload.get("penalties", [0] * len(players))[i]
            initial[f"penalty_{i}"] = penalty if isinstance(penalty, int) else sum(penalty)
        return initial


class LausForm(EntryForm):
    """One round of four: who took each ten, and the aces, kings and queens each took."""

    game_key = laus.Laus.key
    checks_while_blank = True

    def build(self) -> None:
        choices = [("", "—")] + [(str(i), name) for i, name in enumerate(self.players)]
        for suit in SUITS:
            self.fields[f"ten_{suit}"] = forms.TypedChoiceField(
                label=_("Who took the ten of %(suit)s?") % {"suit": suit_label(suit)},
                choices=choices,
                coerce=int,
                empty_value=None,
            )
        last = len(self.players) - 1
        for key in laus.FACE_KEYS:
            for i, name in enumerate(self.players):
                self.fields[f"{key}_{i}"] = count_field(
                    _("%(name)s: %(cards)s") % {"name": name, "cards": LAUS_FACE_LABELS[key]},
                    auto=i == last,
                )
        self.groups = [(_("The tens"), [f"ten_{s}" for s in SUITS])] + [
            (LAUS_FACE_LABELS[key], [f"{key}_{i}" for i in range(len(self.players))])
            for key in laus.FACE_KEYS
        ]

    def fill(self) -> None:
        # Blank counts are 0, except the last player's, which fills itself in.
        n = len(self.players)
        for key in laus.FACE_KEYS:
            for i in range(n - 1):
                if self.cleaned_data.get(f"{key}_{i}") is None:
                    self.cleaned_data[f"{key}_{i}"] = 0
            self.fill_fixed_sum([f"{key}_{i}" for i in range(n)], laus.PER_RANK)

    def payload(self) -> dict:
        taken = []
        for i in range(len(self.players)):
            tens = [s for s in SUITS if self.cleaned_data.get(f"ten_{s}") == i]
            taken.append({"tens": tens, **{k: self.count(f"{k}_{i}") for k in laus.FACE_KEYS}})
        return {"players": self.players, "taken": taken}

    def add_score_errors(self, errors: Mapping[str, list[str]]) -> None:
        # The round's own ("taken") said where it is put right, not above the form and
        # again below it: "5 aces were taken" on the last player's aces, which fill
        # themselves in; a ten nobody took on its field, in place of a bare "required".
        placed: dict[str, list[str]] = {}
        for path, messages in errors.items():
            for error in messages:
                suit = laus.untaken_ten(error) if path == "taken" else None
                face = laus.miscounted_face(error) if path == "taken" else None
                where = path
                if suit is not None:
                    self.errors.pop(f"ten_{suit}", None)
                    where = f"tens.{suit}"
                elif face is not None:
                    where = f"taken.{len(self.players) - 1}.{face}"
                placed.setdefault(where, []).append(error)
        super().add_score_errors(placed)

    def field_for_path(self, path: str) -> str | None:
        parts = path.split(".")
        if parts[0] == "tens":  # a ten nobody took (`add_score_errors`)
            return f"ten_{parts[1]}"
        if len(parts) >= 3 and parts[0] == "taken" and parts[2] in laus.FACE_KEYS:
            return f"{parts[2]}_{parts[1]}"
        return None

    @staticmethod
    def initial_from_payload(payload: dict, players: Sequence[str]) -> dict:
        initial: dict[str, Any] = {}
        for i, taken in enumerate(payload["taken"]):
            for suit in taken["tens"]:
                initial[f"ten_{suit}"] = str(i)
            for key in laus.FACE_KEYS:
                initial[f"{key}_{i}"] = taken[key]
        return initial


FORMS: dict[str, type[EntryForm]] = {
    form.game_key: form for form in (HandAndFootForm, ExactBidForm, LuxuryFamilyForm, LausForm)
}
