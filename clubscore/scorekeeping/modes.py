"""The tablet's side of a game's entry mode (`clubscore.games.entry`).

The game says how a hand or round is entered (`Game.entry`); this module does it on the
card: whose part a tablet enters, what its form starts from, how a save, a confirmation
and a dispute change the stored entry, and what waits to be checked. The card, its page
and its actions ask `card.mode`; none of them tests a flag of the game.

- `WholeTableEntry`: the scorekeeper enters the whole entry (side "0"); another player at
  the table confirms it on the same tablet.
- `TeamPartsEntry`: each team's tablet enters its team's part (a `TeamPart` row, side
  "1", "2", ...); the other team confirms or disputes it; the entry is in (and scored
  whole) when every team's part is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from clubscore.entry_forms import FORMS, EntryForm
from clubscore.events.models import ScoreChange, ScoreEntry, TeamPart
from clubscore.games import Game, ScoreError
from clubscore.games.entry import EntryMode, TeamParts
from clubscore.translation import translate

from .errors import Conflict, Invalid, Refused

if TYPE_CHECKING:
    from .card import ScoreCard


def record(
    entry: ScoreEntry, action: str, before: Any, after: Any, card: ScoreCard, player_id: int | None
) -> None:
    """One line of the card's history."""
    ScoreChange.objects.create(
        entry=entry,
        action=action,
        before=before,
        after=after,
        changed_by_user=card.user if card.organizer else None,
        changed_by_player_id=None if card.organizer else player_id,
    )


def score(card: ScoreCard, number: int, payload: Any) -> dict:
    """The game's score of `payload` as entry `number` of this card (raises `Invalid`)."""
    try:
        return card.score_with(number, payload)
    except ScoreError as error:
        raise Invalid(error.errors) from None


def checkers(card: ScoreCard, entry: ScoreEntry) -> list:
    """Who at the table may confirm or dispute `entry`: everyone but the player who
    entered it; at a play-off, only the tied players among them while there is one
    (whoever fills an empty seat has no part in the tie, and may be the scorekeeper's
    spouse)."""
    others = [seat for seat in card.seats if seat.player_id != entry.entered_by_id]
    fillers = set(card.table.round.playoff_fillers)
    return [seat for seat in others if seat.player_id not in fillers] or others


class WholeTableEntry:
    """The whole table at once; another player at the table confirms."""

    # -- what a tablet enters and shows ----------------------------------------------

    def side(self, card: ScoreCard) -> str:
        """Whose part this card's link enters: "0", the whole table."""
        return "0"

    def side_is_in(self, card: ScoreCard, number: int) -> bool:
        return card.is_in(card.entries.get(number))

    def version(self, card: ScoreCard, entry: ScoreEntry | None) -> int:
        """The version of this side's part of `entry` a form is built on (0: none yet)."""
        if entry is None:
            return 0
        return entry.version if card.is_in(entry) else 0

    def initial(self, card: ScoreCard, entry: ScoreEntry) -> dict:
        """What the form shows of an entry already sent (the draft aside)."""
        if card.is_in(entry):
            return FORMS[card.game_key].initial_from_payload(entry.payload, card.player_names)
        return {}

    def preview(self, card: ScoreCard, result: dict) -> dict:
        """What the live preview shows of the game's score of what is typed."""
        game = card.game
        return {
            "figures": [(p["name"], p[game.figure_so_far]) for p in result["players"]],
            "note": game.figure_so_far_note,
        }

    def own_part(self, card: ScoreCard, number: int, entry: ScoreEntry | None) -> tuple | None:
        """This side's part of an entry not in yet: (column, its points or None, the
        note "waiting for ..."); None when there is nothing of its own to show."""
        return None

    def my_team(self, card: ScoreCard) -> str | None:
        return None

    def to_check(self, page: Any, number: int, entry: ScoreEntry) -> dict | None:
        """What this tablet should confirm or dispute of an entered `entry` (None: nothing)."""
        card = page.card
        described = card.game.describe_entry(entry.payload)
        if described is not None:
            results = [
                (seat.player.name, {"lines": [], "total": translate(line)})
                for seat, line in zip(card.seats, described, strict=False)
            ]
        else:
            players = page.shown_result(entry).get("players", [])
            results = [
                (seat.player.name, player)
                for seat, player in zip(card.seats, players, strict=False)
            ]
        headline = card.game.entry_headline(entry.payload)
        return {
            "entry": entry,
            "heading": _("%(entry)s: please check") % {"entry": page.entry_label(number)},
            "headline": translate(headline) if headline is not None else "",
            "version": entry.version,
            "results": results,
            "confirmers": checkers(card, entry),
        }

    def disputed_version(self, card: ScoreCard, entry: ScoreEntry) -> int:
        return entry.version

    def is_disputed(self, card: ScoreCard, entry: ScoreEntry) -> bool:
        """Whether this side disputed it already (its dispute then waits for the organizer)."""
        return entry.status == ScoreEntry.Status.DISPUTED

    def may_dispute(self, card: ScoreCard, entry: ScoreEntry) -> bool:
        """Whether this tablet's page offers the dispute form of `entry` (an address
        typed by hand, `?dispute=N`, asks for any): not once the card is turned in."""
        return card.organizer or (card.is_in(entry) and card.table.turned_in_at is None)

    def disputers(self, card: ScoreCard, entry: ScoreEntry) -> list:
        """Who may send the dispute from this tablet ("Dispute as …"): the players at the
        table but the one who entered it, as for "Confirm as …"."""
        return checkers(card, entry)

    def proposal_form(
        self, card: ScoreCard, entry: ScoreEntry, data: Any = None
    ) -> EntryForm | None:
        """The disputing side's own count (None: the game's mode has none)."""
        return None

    # -- the actions ----------------------------------------------------------------------

    def preview_result(self, card: ScoreCard, number: int, payload: dict) -> dict:
        return score(card, number, payload)

    def check_change(self, card: ScoreCard, entry: ScoreEntry) -> None:
        """Refuse a scorekeeper's change of what is confirmed."""
        if entry.status == ScoreEntry.Status.CONFIRMED:
            raise Refused(translate(card.game.words.confirmed_already))

    def submit(
        self, card: ScoreCard, entry: ScoreEntry, number: int, payload: dict, version: int
    ) -> dict:
        was_in = card.is_in(entry)
        if was_in and version != entry.version:
            raise Conflict(entry.payload, entry.version)
        result = score(card, number, payload)
        before = entry.payload if was_in else None
        entry.payload = payload
        entry.result = result
        # The organizer's correction of a confirmed round stays confirmed: it is the
        # organizer's word, recorded in the change log (issue 26.1).
        kept = card.organizer and entry.status == ScoreEntry.Status.CONFIRMED
        entry.status = ScoreEntry.Status.CONFIRMED if kept else ScoreEntry.Status.ENTERED
        entry.entered_by_id = card.actor_player_id
        entry.confirmed_by = None
        entry.drop_drafts()
        entry.version += 1
        entry.save()
        changed = "changed" if was_in else "entered"
        record(entry, changed, before, payload, card, card.actor_player_id)
        return {"message": translate(card.game.words.saved_message(number)), "number": number}

    def confirm(
        self, card: ScoreCard, entry: ScoreEntry, version: int, player_id: int | None
    ) -> Any:
        """Mark `entry` confirmed (as far as this side can); returns who confirmed."""
        if entry.status == ScoreEntry.Status.CONFIRMED:  # from another tablet or tab
            raise Refused(_("Confirmed already."))
        if entry.version != version:
            raise Conflict(entry.payload, entry.version)
        if player_id not in {seat.player_id for seat in checkers(card, entry)}:
            raise Refused(_("Another player at the table confirms."))
        entry.status = ScoreEntry.Status.CONFIRMED
        return player_id

    def dispute(
        self, card: ScoreCard, entry: ScoreEntry, number: int, version: int, proposed: dict | None
    ) -> dict | None:
        """Mark the disputed part; returns the whole entry the disputing side proposes."""
        if entry.version != version:
            raise Conflict(entry.payload, entry.version)
        return None

    def disputer(self, card: ScoreCard, entry: ScoreEntry, player_id: int | None) -> int | None:
        """The player at the table the dispute was sent as (the link's own otherwise);
        not the one who entered it, as for confirming (the tablet offers only the others;
        a post sent as the enterer was taken)."""
        seated = {s.player_id for s in card.seats}
        if player_id in seated and player_id == entry.entered_by_id and not card.organizer:
            raise Refused(_("Another player at the table disputes it."))
        return player_id if player_id in seated else card.link.player_id


class TeamPartsEntry(WholeTableEntry):
    """Each team its part; the other team confirms."""

    def side(self, card: ScoreCard) -> str:
        if card.link is not None and card.link.team is not None:
            return str(card.link.team.number)
        return "1"

    def side_is_in(self, card: ScoreCard, number: int) -> bool:
        entry = card.entries.get(number)
        # A confirmed entry is in for every side, also one stored whole (the demo club,
        # cards from before the parts were rows).
        if not card.is_confirmed(entry):
            return entry is not None and entry.part(card.side) is not None
        return card.is_in(entry)

    def version(self, card: ScoreCard, entry: ScoreEntry | None) -> int:
        return 0 if entry is None else entry.part_version(card.side)

    def initial(self, card: ScoreCard, entry: ScoreEntry) -> dict:
        mine = entry.part(card.side)
        if mine:
            return FORMS[card.game_key].initial_from_payload(mine.data, [])
        return {}

    def preview(self, card: ScoreCard, result: dict) -> dict:
        return {"team": result["teams"][int(card.side) - 1]}

    def own_part(self, card: ScoreCard, number: int, entry: ScoreEntry | None) -> tuple | None:
        mine = entry.part(card.side) if entry is not None else None
        if mine is None:
            return None
        index = int(card.side) - 1
        try:
            points = card.game.entry.score_part(card.game, mine.data, number, index, card.options)
        except ScoreError:
            points = None
        waiting = _("waiting for Team %(number)s") % {"number": card.other_side}
        return index, None if points is None else points["total"], waiting

    def my_team(self, card: ScoreCard) -> str | None:
        return card.team_names(int(card.side))

    def to_check(self, page: Any, number: int, entry: ScoreEntry) -> dict | None:
        card = page.card
        other = entry.part(card.other_side)
        if not other or other.state != TeamPart.State.ENTERED:
            return None
        who = _("Team %(number)s") % {"number": card.other_side}
        team = page.shown_result(entry)["teams"][int(card.other_side) - 1]
        return {
            "entry": entry,
            "heading": _("%(entry)s: check what %(who)s entered")
            % {"entry": page.entry_label(number), "who": who},
            "version": other.version,
            "results": [(card.team_names(int(card.other_side)), team)],
            "confirmers": [],
        }

    def disputed_version(self, card: ScoreCard, entry: ScoreEntry) -> int:
        return entry.part_version(card.other_side)

    def is_disputed(self, card: ScoreCard, entry: ScoreEntry) -> bool:
        other = entry.part(card.other_side)
        return other is not None and other.state == TeamPart.State.DISPUTED

    def may_dispute(self, card: ScoreCard, entry: ScoreEntry) -> bool:
        """The other team's part, in and not confirmed (a confirmed one is the
        organizer's to change: "call the organizer")."""
        other = entry.part(card.other_side)
        if other is None or (other.is_confirmed and not card.organizer):
            return False
        return super().may_dispute(card, entry)

    def proposal_form(
        self, card: ScoreCard, entry: ScoreEntry, data: Any = None
    ) -> EntryForm | None:
        """The other team's part of a disputed hand, as this team counts it (prefix "p"):
        the organizer sees both versions side by side; it starts from what was entered."""
        form_class = FORMS[card.game_key]
        entered = getattr(entry.part(card.other_side), "data", None)
        initial = form_class.initial_from_payload(entered, []) if entered else None
        return form_class(
            data, prefix="p", initial=initial, players=[], number=entry.number, options=card.options
        ).as_other_side()

    # -- the actions ----------------------------------------------------------------------

    @staticmethod
    def status(card: ScoreCard, parts: dict[str, TeamPart]) -> str:
        """The entry's status from its teams' parts: in when every team's part is."""
        if len(parts) < card.game.entry.parts(card.game):
            return ScoreEntry.Status.DRAFT
        states = {part.state for part in parts.values()}
        if TeamPart.State.DISPUTED in states:
            return ScoreEntry.Status.DISPUTED
        if states == {TeamPart.State.CONFIRMED}:
            return ScoreEntry.Status.CONFIRMED
        return ScoreEntry.Status.ENTERED

    @staticmethod
    def whole(card: ScoreCard, number: int, parts: dict[str, TeamPart]) -> Any:
        game = card.game
        sides = game.entry.sides(game)
        return game.entry.whole_entry(
            game, number, [getattr(parts.get(str(n)), "data", None) for n in sides]
        )

    def score_parts(self, card: ScoreCard, number: int, parts: dict[str, TeamPart]) -> dict:
        """Score a hand from the parts in so far: all teams together, or a team alone
        (its points stand; the checks between the teams wait for the other part)."""
        game = card.game
        count = game.entry.parts(game)
        if len(parts) == count:
            return score(card, number, self.whole(card, number, parts))
        teams: list[dict | None] = [None] * count
        for side, part in parts.items():
            try:
                teams[int(side) - 1] = game.entry.score_part(
                    game, part.data, number, int(side) - 1, card.options
                )
            except ScoreError as error:
                raise Invalid(error.errors) from None
        return {"teams": teams}

    @staticmethod
    def check_part(card: ScoreCard, number: int, payload: dict) -> None:
        """The game's rules on this side's part beyond its score (nobody went out in the
        hand finished as it lies), for the save and its preview alike."""
        game, as_it_lies = card.game, card.finishes_as_it_lies(number)
        errors = game.entry.check_part(game, payload, int(card.side) - 1, as_it_lies=as_it_lies)
        if errors:
            raise Invalid(errors)

    def preview_result(self, card: ScoreCard, number: int, payload: dict) -> dict:
        # What the save refuses, the preview says (it showed "Went out 100" for a hand
        # finished as it lies, which the save then refused).
        self.check_part(card, number, payload)
        entry = card.entries.get(number)
        parts = entry.parts_by_team() if entry else {}
        parts[card.side] = TeamPart(team=int(card.side), data=payload)
        return self.score_parts(card, number, parts)

    def check_change(self, card: ScoreCard, entry: ScoreEntry) -> None:
        part = entry.part(card.side)
        if part and part.is_confirmed:
            raise Refused(translate(card.game.words.confirmed_already))

    def submit(
        self, card: ScoreCard, entry: ScoreEntry, number: int, payload: dict, version: int
    ) -> dict:
        game = card.game
        parts = entry.parts_by_team()
        mine = parts.get(card.side)
        # Read under the entry's lock (the card was read before): the other team's
        # confirmation that came first stands.
        if mine is not None and mine.is_confirmed and not card.organizer:
            raise Refused(translate(game.words.confirmed_already))
        current = mine.version if mine else 0
        if version != current:
            raise Conflict(mine.data if mine else None, current)
        self.check_part(card, number, payload)
        before = mine.data if mine else None
        new = parts[card.side] = mine or TeamPart(entry=entry, team=int(card.side))
        # The organizer's correction of a confirmed part stays confirmed (the organizer's
        # word, recorded in the change log), so a hand changed after Reopen keeps counting;
        # so does a missing team's part added to a hand confirmed as it lay (else the hand
        # counted for neither team); anything else waits for the other team's eyes (26.1).
        confirmed = mine.is_confirmed if mine else entry.status == ScoreEntry.Status.CONFIRMED
        kept = card.organizer and confirmed
        new.data = payload
        new.state = TeamPart.State.CONFIRMED if kept else TeamPart.State.ENTERED
        new.entered_by_id = card.actor_player_id
        result = self.score_parts(card, number, parts)
        new.version = current + 1
        new.save()
        entry.status = self.status(card, parts)
        if len(parts) == game.entry.parts(game):
            entry.payload = self.whole(card, number, parts)
            entry.result = result
        entry.drop_drafts(card.side)
        entry.version += 1
        if entry.entered_by_id is None:
            entry.entered_by_id = card.actor_player_id
        entry.save()
        changed = "changed" if mine else "entered"
        record(entry, changed, before, payload, card, card.actor_player_id)
        return {"message": translate(game.words.saved_message(number)), "number": number}

    def confirm(
        self, card: ScoreCard, entry: ScoreEntry, version: int, player_id: int | None
    ) -> Any:
        parts = entry.parts_by_team()
        other = parts.get(card.other_side)
        if other is None:  # a hand stored whole (scored as it lay at the finish): no part
            raise Refused(_("There is nothing to confirm yet."))
        if other.state == TeamPart.State.DISPUTED:  # no page offers it: another tablet's
            raise Refused(
                _("This was disputed meanwhile, from another tablet: the organizer settles it.")
            )
        if other.is_confirmed:  # a form sent again without its key: nothing more to do
            raise Refused(_("Confirmed already."))
        if other.version != version:
            raise Conflict(other.data, other.version)
        # A new version, as the whole table's confirmation makes: a dispute or a change
        # built on the part as it was (another tablet, a queued form) is refused, never
        # applied over the confirmation unseen.
        other.state = TeamPart.State.CONFIRMED
        other.version += 1
        other.save(update_fields=["state", "version", "updated_at"])
        entry.status = self.status(card, parts)
        return card.actor_player_id

    def dispute(
        self, card: ScoreCard, entry: ScoreEntry, number: int, version: int, proposed: dict | None
    ) -> dict | None:
        parts = entry.parts_by_team()
        other = parts.get(card.other_side)
        if other is None:  # a hand stored whole: no part of the other team's to dispute
            raise Refused(_("There is nothing to dispute yet."))
        if other.is_confirmed and not card.organizer:  # confirmed from another tablet
            raise Refused(
                _(
                    "This was confirmed meanwhile, from another tablet. If it is wrong, "
                    "call the organizer."
                )
            )
        if other.version != version:
            raise Conflict(other.data, other.version)
        # A new version too: a confirmation from a page that showed the part before the
        # dispute (another tablet, a queued form) is refused, and the dispute stands.
        other.state = TeamPart.State.DISPUTED
        other.version += 1
        other.save(update_fields=["state", "version", "updated_at"])
        if proposed is None:
            return None
        theirs = {**parts, card.other_side: TeamPart(team=other.team, data=proposed)}
        whole = self.whole(card, number, theirs)
        score(card, number, whole)
        return whole

    def disputer(self, card: ScoreCard, entry: ScoreEntry, player_id: int | None) -> int | None:
        return card.actor_player_id

    def disputers(self, card: ScoreCard, entry: ScoreEntry) -> list:
        return []  # the team's own link sends it


#: The tablet's strategy for each kind of entry mode (the nearest class of the game's
#: mode decides, so a game's own subclass of `TeamParts` is served as team parts).
STRATEGIES: dict[type[EntryMode], WholeTableEntry] = {
    EntryMode: WholeTableEntry(),
    TeamParts: TeamPartsEntry(),
}


def mode_of(game: Game) -> WholeTableEntry:
    """How the tablet enters the game's hands or rounds (asked of `Game.entry`)."""
    for kind in type(game.entry).__mro__:
        if kind in STRATEGIES:
            return STRATEGIES[kind]
    raise TypeError(f"{game!r} has no entry mode")
