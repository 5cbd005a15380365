"""Every printable of an event, by name: what the views and the ``print`` command offer.

Each document is rendered in the event's language (``translation.override``), on
the club's paper (``settings.CLUB_PAPER_SIZE``), from plain data read in a fixed
number of queries.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.utils import translation
from django.utils.text import slugify

from clubscore.events.models import Event
from clubscore.games import GAMES
from clubscore.standings.standings import event_standings

from . import cards, data, poster, sheets

EVENT_DOCUMENTS = ("cards", "tables", "standings", "blank", "poster")


@dataclass(frozen=True)
class Document:
    """A rendered PDF and the file name to offer it under."""

    content: bytes
    filename: str


def paper() -> str:
    return getattr(settings, "CLUB_PAPER_SIZE", "A4")


SPELLED_OUT = str.maketrans(
    {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}
)


def event_document(
    event: Event,
    what: str,
    base_url: str,
    round_number: int | None = None,
    basis: str | None = None,
) -> Document:
    """Render ``what`` (one of ``EVENT_DOCUMENTS``) for ``event``; ``ValueError`` otherwise.

    ``base_url`` makes the scorekeepers' links absolute (``https://club.example``).
    Cards and table assignments are of round ``round_number`` (``data.NoSuchRound`` if
    the event has no such round), by default of the latest round, so the regular round
    and a play-off round can both be printed. The standings are the event's, whatever
    the round: play-off rounds decide a tie, they do not add to the totals; ``basis``
    (individual or couple) chooses their view, by default the event's own.
    """
    if what not in EVENT_DOCUMENTS:
        raise ValueError(what)
    with translation.override(event.language):
        # Blank cards are the evening's own (not the play-off's one-hand card) unless a
        # round is asked for.
        round_ = (
            data.event_round(event, round_number, regular=what == "blank")
            if what not in ("standings", "poster")
            else None
        )
        info = data.event_info(event, round_)
        if what == "cards":
            content = cards.render_cards(info, data.event_tables(event, base_url, round_), paper())
        elif what == "blank":
            count = len(data.event_tables(event, round_=round_)) or None
            content = cards.render_cards(
                info,
                [None] * (count or cards.cards_per_page(event.game, info.options, paper())),
                paper(),
            )
        elif what == "tables":
            tables = data.event_tables(event, base_url, round_, player_pages=True)
            away = data.sitting_out(round_)
            content = sheets.render_tables(info, tables, paper(), sitting_out=away)
        elif what == "poster":
            content = poster.render_poster(info, data.checkin_url(event, base_url), paper())
        else:
            # The standings page's own standings, in the event's basis (one home for them).
            content = sheets.render_standings(
                info,
                event_standings(event, basis=basis),
                paper(),
                final=event.status == Event.Status.FINAL,
            )
    # German letters spelled out, not dropped: "Fuß-Übungsabend" is fuss-uebungsabend.
    name = slugify(event.name.translate(SPELLED_OUT)) or "event"
    suffix = (
        f"-round-{round_number}"
        if round_number is not None and what not in ("standings", "poster")
        else ""
    )
    if what == "standings" and basis:
        suffix = f"-{basis}"
    return Document(content, f"{name}-{event.date:%Y-%m-%d}-{what}{suffix}.pdf")


def blank_document(game: str, language: str | None = None) -> Document:
    """One page of blank cards of ``game`` (``KeyError`` for an unknown game)."""
    GAMES[game]
    with translation.override(language or translation.get_language() or "en"):
        content = cards.render_blank_cards(game, paper=paper())
    return Document(content, f"blank-{game.replace('_', '-')}-cards.pdf")
