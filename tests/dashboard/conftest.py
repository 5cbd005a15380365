"""Score entries for the dashboard's tests, scored by the game itself."""

from __future__ import annotations

import pytest
from django.utils import translation

from clubscore.events.models import ScoreEntry, Table
from clubscore.games import score
from tests.payloads import hf_hand, laus_round  # noqa: F401  (the tests import them from here)


@pytest.fixture(autouse=True)
def english():
    """Marks and notes read outside a request speak the active language, which a German
    page requested earlier on this thread may have left behind (LocaleMiddleware
    activates it): these tests read the English."""
    with translation.override("en"):
        yield


@pytest.fixture
def add_entry(db):
    def add(
        table: Table,
        number: int,
        payload: dict,
        status: str = ScoreEntry.Status.CONFIRMED,
        **fields,
    ) -> ScoreEntry:
        game = table.round.event.game
        result = None if game == "exact_bid" else score(game, payload)
        return ScoreEntry.objects.create(
            table=table, number=number, payload=payload, result=result, status=status, **fields
        )

    return add


def tables_of(event) -> list[Table]:
    return list(Table.objects.filter(round__event=event).select_related("round").order_by("number"))


def by_name(standings) -> dict:
    """The standings' lines by name."""
    return {row.name: row for row in standings.rows}
