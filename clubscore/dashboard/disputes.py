"""Disputed hands of an event, with both versions scored side by side."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from clubscore.events.models import Event, ScoreEntry, Seat
from clubscore.events.results import exact_bid_payload
from clubscore.games import ScoreError, score

from .forms import SettleForm


@dataclass
class Version:
    label: str
    payload: dict | None
    choice: str  # the SettleForm choice that keeps this version
    action: str  # its button
    scores: list[tuple[str, int]] = field(default_factory=list)  # (who, points)
    errors: list[str] = field(default_factory=list)


@dataclass
class Dispute:
    entry: ScoreEntry
    versions: list[Version]
    form: SettleForm
    differences: list[tuple[str, str, str]] = field(default_factory=list)


def open_disputes(event: Event, *, bound: dict[int, SettleForm] | None = None) -> list[Dispute]:
    """The event's disputed entries with both versions scored: three queries in all.

    Each comes with its SettleForm: keep a version, or correct it in the game's entry
    form. `bound` replaces the blank form of an entry with one the organizer sent back
    with errors, so nothing typed is lost.
    """
    entries = (
        ScoreEntry.objects.disputed()
        .filter(table__round__event=event)
        .select_related("table__round")
        .prefetch_related(
            Prefetch(
                "table__seats",
                queryset=Seat.objects.select_related("player", "team").order_by("position"),
            ),
            Prefetch(
                "table__entries",
                queryset=ScoreEntry.objects.confirmed()
                .only("id", "table_id", "number", "payload")
                .order_by("number"),
                to_attr="counted",
            ),
        )
        .order_by("table__round__number", "table__number", "number")
    )
    disputes = []
    options = event.game_options
    for entry in entries:
        form = (bound or {}).get(entry.pk) or settle_form(event, entry, options=options)
        versions = [
            Version(_("Entered"), entry.payload, SettleForm.ENTERED, _("Keep the entered version"))
        ]
        if entry.proposed_payload is not None:
            versions.append(
                Version(
                    _("The other side's version"),
                    entry.proposed_payload,
                    SettleForm.PROPOSED,
                    _("Take the other side's version"),
                )
            )
        for version in versions:
            try:
                version.scores = version_scores(event, entry, version.payload)
            except ScoreError as error:
                version.errors = form.error_lines(error.errors)
        disputes.append(
            Dispute(entry=entry, versions=versions, form=form, differences=form.differences())
        )
    return disputes


def settle_form(
    event: Event, entry: ScoreEntry, data=None, *, options: dict | None = None
) -> SettleForm:
    """The organizer's decision form for `entry` (its table's seats prefetched)."""
    return SettleForm(
        data,
        entry=entry,
        game=event.game,
        options=event.game_options if options is None else options,
        seats=list(entry.table.seats.all()),
    )


def version_scores(event: Event, entry: ScoreEntry, payload) -> list[tuple[str, int]]:
    """Who would score what with `payload` as this entry (raises ScoreError when invalid).

    Hand and Foot: each team's hand total. Luxury Family, Laus: each player's round.
    Exact-bid: each player's points in this round (the game is scored as a whole with the
    table's confirmed rounds before it; the multiplier comes at the end of the game).
    """
    seats = list(entry.table.seats.all())
    options = event.game_options
    if event.game == "hand_and_foot":
        result = score(event.game, payload, options)
        names = {}
        for seat in seats:
            if seat.team is not None:
                names.setdefault(seat.team.number, []).append(seat.player.name)
        return [
            (" & ".join(names.get(number, [])) or str(number), team["total"])
            for number, team in enumerate(result["teams"], start=1)
        ]
    if event.game == "exact_bid":
        before = [e.payload for e in entry.table.counted if e.number < entry.number]
        player_ids = [str(seat.player_id) for seat in seats]
        start_cards = options["start_cards"]
        after = score(event.game, exact_bid_payload(player_ids, start_cards, [*before, payload]))
        points_before = [0] * len(seats)
        if before:
            earlier = score(event.game, exact_bid_payload(player_ids, start_cards, before))
            points_before = [player["points"] for player in earlier["players"]]
        return [
            (seat.player.name, player["points"] - earlier)
            for seat, player, earlier in zip(seats, after["players"], points_before, strict=True)
        ]
    result = score(event.game, payload, options)
    return [
        (seat.player.name, player["total"])
        for seat, player in zip(seats, result["players"], strict=False)
    ]
