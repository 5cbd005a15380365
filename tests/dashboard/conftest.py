"""Score entries for the dashboard's tests, scored by the game itself."""

from __future__ import annotations

import pytest
from django.utils import translation

from clubscore.events.models import ScoreEntry, Table
from tests.payloads import (  # noqa: F401  (the tests import hf_hand, laus_round from here)
    hf_hand,
    laus_round,
    stored_result,
)


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
        result = stored_result(table, number, payload)  # as the tablet stores it
        return ScoreEntry.objects.create(
            table=table, number=number, payload=payload, result=result, status=status, **fields
        )

    return add


def tables_of(event) -> list[Table]:
    return list(Table.objects.filter(round__event=event).select_related("round").order_by("number"))


def by_name(standings) -> dict:
    """The standings' lines by name."""
    return {row.name: row for row in standings.rows}
