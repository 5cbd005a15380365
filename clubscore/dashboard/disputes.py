"""Disputed hands of an event, with both versions scored side by side (settling one is
the domain's: `clubscore.events.settling`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from clubscore.club.models import together
from clubscore.events.models import Event, ScoreChange, ScoreEntry, Seat, Table, TeamPart
from clubscore.games import GAMES, ScoreError
from clubscore.translation import translate

from .forms import SettleForm


@dataclass
class Version:
    label: str
    payload: dict | None
    choice: str  # the SettleForm choice that keeps this version
    action: str  # its button
    scores: list[tuple[str, int]] = field(default_factory=list)  # (who, points)
    errors: list[str] = field(default_factory=list)
    #: Each player's line of the entry where its points say little ("bid 2, took 3" in a
    #: game scored as a whole: `Game.describe_entry`, as the tablet shows it); else empty.
    described: list[str] = field(default_factory=list)

    @property
    def rows(self) -> list[tuple[str, str, int]]:
        """(who, what they entered or "", points) for each line of `scores`."""
        described = self.described if len(self.described) == len(self.scores) else []
        lines = described or [""] * len(self.scores)
        return [(who, line, points) for (who, points), line in zip(self.scores, lines, strict=True)]


@dataclass
class Dispute:
    entry: ScoreEntry
    versions: list[Version]
    form: SettleForm
    differences: list[tuple[str, str, str]] = field(default_factory=list)
    #: What was entered, field by field, when there is no other version to compare.
    entered: list[tuple[str, list[tuple[str, str]]]] = field(default_factory=list)
    by: str = ""  # who disputed: "Team 2 (Cy & Di)" or a player's name
    whom: str = ""  # whose entry: "Team 1 (Ann & Bob)" or a player's name

    @property
    def preview_scores(self) -> list[tuple[str, int]]:
        """What the correction form scores before anything is typed: the entered version
        (it is filled in with it); nothing when a sent correction came back."""
        return [] if self.form.correcting else self.versions[0].scores


def _side(table: Table, seats: list[Seat], team_number: int) -> str:
    names = table.team_names(team_number, seats)
    return _("Team %(number)s (%(names)s)") % {"number": team_number, "names": names}


def who_disputed_whom(entry: ScoreEntry) -> tuple[str, str]:
    """(who disputed, whose entry), from what the entry recorded.

    A team's part marked disputed was disputed by the other team; otherwise the player
    recorded on the latest "disputed" change disputed what `entered_by` entered.
    """
    seats = list(entry.table.seats.all())
    disputed = [part.team for part in entry.parts.all() if part.state == TeamPart.State.DISPUTED]
    if disputed:
        teams = sorted({s.team.number for s in seats if s.team is not None})
        others = [number for number in teams if number not in disputed]
        by = ", ".join(_side(entry.table, seats, number) for number in others)
        return by, ", ".join(_side(entry.table, seats, number) for number in sorted(disputed))
    change = entry.dispute_changes[0] if entry.dispute_changes else None
    by = change.changed_by_player.name if change and change.changed_by_player else ""
    return by, entry.entered_by.name if entry.entered_by else ""


def disputed_entries(event: Event):
    """The event's disputed entries with what showing them needs: their table's seats,
    its confirmed entries (the exact-bid game scores a round with those before it), who
    entered and who disputed. Five queries, however many."""
    return (
        ScoreEntry.objects.disputed()
        .filter(table__round__event=event)
        .select_related("table__round", "entered_by")
        .prefetch_related(
            "parts",  # a team's part marked disputed says who disputed
            # Who disputed (the latest "disputed" change names the player).
            Prefetch(
                "changes",
                queryset=ScoreChange.objects.filter(action="disputed")
                .select_related("changed_by_player")
                .order_by("-changed_at", "-id"),
                to_attr="dispute_changes",
            ),
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


def open_disputes(event: Event, *, bound: dict[int, SettleForm] | None = None) -> list[Dispute]:
    """The event's disputed entries with both versions scored, and who disputed whom:
    four queries in all.

    Each comes with its SettleForm: keep a version, or correct it in the game's entry
    form. `bound` replaces the blank form of an entry with one the organizer sent back
    with errors, so nothing typed is lost.
    """
    entries = disputed_entries(event)
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
            else:
                described = GAMES[event.game].describe_entry(version.payload)
                version.described = [translate(line) for line in described or []]
        by, whom = who_disputed_whom(entry)
        disputes.append(
            Dispute(
                entry=entry,
                versions=versions,
                form=form,
                differences=form.differences(),
                entered=form.entered(),
                by=by,
                whom=whom,
            )
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


def correction_preview(event: Event, entry: ScoreEntry, data) -> dict:
    """What the correction being typed would score: {"form", "scores", "errors"}.

    The game scores it (as when it is saved); a field the game or the form refuses
    gets its message on that field, the rest in `errors`.
    """
    form = settle_form(event, entry, data)
    scores: list[tuple[str, int]] = []
    errors: list[str] = []
    if form.is_valid():
        try:
            scores = version_scores(event, entry, form.cleaned_data["settled"])
        except ScoreError as error:
            form.add_score_errors(error.errors)
    if form.errors:
        errors = list(form.non_field_errors())
    return {"form": form, "scores": scores, "errors": errors}


def version_scores(event: Event, entry: ScoreEntry, payload) -> list[tuple[str, int]]:
    """Who would score what with `payload` as this entry (raises ScoreError when invalid).

    In teams: each team's total of the entry. Otherwise each player's points in this
    entry, as the game says (`Game.entry_points`: a game scored as a whole scores it
    with the table's confirmed entries before it).
    """
    seats = list(entry.table.seats.all())
    game = GAMES[event.game]
    before = [e.payload for e in entry.table.counted if e.number < entry.number]
    player_ids = [str(seat.player_id) for seat in seats]
    points = game.entry_points(player_ids, before, payload, event.game_options)
    if game.teams:
        names: dict[int, list[str]] = {}
        for seat in seats:
            if seat.team is not None:
                names.setdefault(seat.team.number, []).append(seat.player.name)
        return [
            (together(names.get(number, [])) or str(number), total)
            for number, total in enumerate(points, start=1)
        ]
    return [(seat.player.name, total) for seat, total in zip(seats, points, strict=False)]
