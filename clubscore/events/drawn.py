"""A drawn round as the organizer's pages read it (the draw page, the wall, the phones):
its tables with their seats and scorekeeper links, who sits out and the soft rules the
draw broke, named as the organizer reads them."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from django.db import models

from clubscore.club.models import Player, short_names
from clubscore.games.cards import SUIT_NAMES, SUIT_SYMBOLS
from clubscore.messages import Message, from_data, rename

from .models import DrawRecord, Event, Round, ScorekeeperLink, Seat, Table

# Numbers in the draw's warnings that are not player ids: "table 3", "2 couples",
# "(3 events ago)".
_PLAYER_ID = re.compile(r"(?<!table )\b(\d+)\b(?! couples?\b| events\b)")


def name_players(text: str, names: dict[str, str]) -> str:
    """The draw speaks in player ids; the organizer reads names.

    For English texts stored before the draw's messages kept their templates; a
    ``Message`` is named by ``clubscore.messages.rename`` instead.
    """
    return _PLAYER_ID.sub(lambda match: names.get(match.group(1), match.group(1)), text)


def stored_messages(record: DrawRecord, key: str, texts: list[str]) -> list[str]:
    """The draw's ``texts`` of ``record`` (``"warnings"``, ``"sitting_out"`` reasons) as
    ``Message``s again when the record kept their templates, else as stored (English)."""
    kept = (record.result.get("messages") or {}).get(key)
    if not isinstance(kept, list) or len(kept) != len(texts):
        return texts
    return [from_data(data) for data in kept]


@dataclass
class SeatedTable:
    """One drawn table as the organizer's pages show it."""

    table: Table
    seats: list[Seat]
    teams: list[tuple[int, list[Seat]]]
    high_cards: list[tuple[Seat, str, str]]  # seat, name to show, card(s) drawn
    first_card: str
    trumps: list[dict[str, Any]]
    warnings: list[str]
    links: list[ScorekeeperLink]
    # Who at a play-off table only fills an empty seat, scoring nothing ("" elsewhere).
    fillers_note: str = ""

    @property
    def keepers(self) -> list[Seat]:
        return [seat for seat in self.seats if seat.is_scorekeeper]

    @property
    def first_drawn(self) -> str:
        """The first card the first player drew ("A♠" of "A♠, 9♥": a redraw after equal cards)."""
        return self.first_card.split(", ")[0]

    @property
    def beaten_by_suit(self) -> str:
        """The strongest card of the first player's rank that lost to it on suit alone
        ("A♥" beside "A♠"; "" when none): the page says the suit decided, or the ace of
        spades playing first reads as chance. The game's deck orders the suits."""
        first = self.first_drawn
        rank = _rank(first)
        if not rank:
            return ""
        drawn = [card.split(", ")[0] for _seat, _name, card in self.high_cards]
        return next((card for card in drawn if card != first and _rank(card) == rank), "")


def _rank(card: str) -> str:
    """The rank of a card as the draw wrote it ("10" of "10♥"); "" for a joker."""
    if card[-1:] in SUIT_SYMBOLS.values():
        return card[:-1]
    return ""


def seated_tables(round_: Round | None, *, with_links: bool = False) -> list[SeatedTable]:
    """The round's tables with seats, teams, high cards and trumps, in three or four queries."""
    if round_ is None:
        return []
    tables = Table.objects.filter(round=round_).select_related("first_player").order_by("number")
    seats = Seat.objects.select_related("player", "team").order_by("position")
    tables = tables.prefetch_related(models.Prefetch("seats", queryset=seats))
    if with_links:
        links = ScorekeeperLink.objects.filter(revoked_at__isnull=True).select_related(
            "player", "team"
        )
        tables = tables.prefetch_related(
            models.Prefetch("links", queryset=links.order_by("team__number", "pk"))
        )
    game, options = round_.event.game_rules, round_.event.game_options
    # The same for every table of the round: asked of the game once per round number.
    hand_size = functools.cache(lambda number: game.hand_size(number, options))
    result = []
    for table in tables:
        table_seats = list(table.seats.all())
        cards = table.draw_details.get("high_cards", {})
        teams: dict[int, list[Seat]] = {}
        for seat in table_seats:
            if seat.team is not None:
                teams.setdefault(seat.team.number, []).append(seat)
        players = [seat.player for seat in table_seats]
        trumps = [
            {
                "round": index + 1,
                "cards": hand_size(index + 1),
                "symbol": SUIT_SYMBOLS.get(suit, suit),
                "name": SUIT_NAMES.get(suit, suit),
            }
            for index, suit in enumerate(table.draw_details.get("trumps", []))
        ]
        result.append(
            SeatedTable(
                table=table,
                seats=table_seats,
                teams=sorted(teams.items()),
                high_cards=[
                    (seat, name, cards.get(str(seat.player_id), ""))
                    for seat, name in zip(table_seats, short_names(players), strict=True)
                ],
                first_card=cards.get(str(table.first_player_id), ""),
                trumps=trumps,
                warnings=[from_data(w) for w in table.draw_details.get("warnings", [])],
                links=list(table.links.all()) if with_links else [],
                fillers_note=round_.fillers_note(table_seats),
            )
        )
    return result


def latest_round(event: Event, *, regular: bool = False) -> Round | None:
    """The event's last round (`regular`: the last that is not a play-off)."""
    # A tie decided by lot has no tables: never the round to show.
    rounds = Round.objects.filter(event=event, playoff_lot=[]).select_related("event")
    if regular:
        rounds = rounds.filter(kind=Round.Kind.REGULAR)
    return rounds.order_by("-number").first()


def named_sit_outs(record: DrawRecord | None) -> list[dict[str, Any]]:
    """Who sits out in a draw, with their names and the draw's reason (to translate)."""
    if record is None:
        return []
    entries = record.result.get("sitting_out", [])
    reasons = stored_messages(record, "sitting_out", [entry["reason"] for entry in entries])
    players = Player.objects.in_bulk([int(entry["player"]) for entry in entries])
    return [
        {"player": players.get(int(entry["player"])), "reason": reason}
        for entry, reason in zip(entries, reasons, strict=True)
    ]


def named_warnings(record: DrawRecord | None, names: dict[str, str]) -> list[str]:
    """The soft rules a draw broke, naming the players (to translate when shown)."""
    if record is None:
        return []
    warnings = stored_messages(record, "warnings", record.result.get("warnings", []))
    return [
        rename(warning, names) if isinstance(warning, Message) else name_players(warning, names)
        for warning in warnings
    ]
