"""Nothing a client sends makes a 500: arbitrary text, numbers, NUL bytes, other scripts'
digits and missing or extra fields, thrown at every scorekeeper and organizer endpoint.

The endpoints are read from the URLconf (`all_pages`), so a new one is covered without
anyone adding it here. Each answer is below 500; a refusal (4xx) says why (or is a
plain 404/405 that tells a stranger nothing) and stores nothing. Run it on PostgreSQL
too (DATABASE_URL): its integers and JSON refuse what SQLite takes.
"""

from __future__ import annotations

import hashlib
from urllib.parse import quote

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubscore.entry_forms import FORMS
from clubscore.events import calls
from clubscore.events.clock import start_clock
from clubscore.events.models import (
    CheckIn,
    Draft,
    Event,
    IdempotencyKey,
    OrganizerCall,
    Round,
    ScoreChange,
    ScoreEntry,
    ScorekeeperLink,
    Table,
    TeamPart,
)
from clubscore.games import GAMES
from tests.payloads import add_parts, hf_hand, laus_round, lf_round

from .conftest import all_pages

pytestmark = pytest.mark.django_db

# Not ours to harden (Django's admin and language switch have their own tests).
SKIPPED = ("admin:", "set_language", "javascript-catalog")
PAGES = [page for page in all_pages() if not page.name.startswith(SKIPPED)]
EVENTS = tuple(GAMES)
INT_SENTINEL = 987654321
TOKEN_SENTINEL = "SENTINELtoken"

HOSTILE = [
    "",
    " ",
    "0",
    "-1",
    "1",
    "2",
    "10",
    "2147483647",
    "2147483648",
    "4294967297",
    "9223372036854775808",
    "1" + "0" * 400,
    "١٢",  # Arabic-Indic digits
    "²",
    "1_000",
    "1e3",
    "0x10",
    " 7 ",
    "NaN",
    "\x00",
    "1\x00",
    "on",
    "S",
    "H",
    "corrected",
    "entered",
    "proposed",
    "start",
    "extend",
    "call",
    "couple",
    "individual",
    "csv",
    "https://evil.example/",
    "KH",  # the meld calculator's cards
    "KH,KH,KH",
    "AH,10H,KH,QH,JH," * 400,
]


def _field_names() -> list[str]:
    """Every field name a page of ours reads: the entry forms', and the pages' own."""
    names = {
        "number",
        "version",
        "idem",
        "player",
        "note",
        "propose",
        "action",
        "minutes",
        "next",
        "public",
        "basis",
        "seed",
        "allow_sit_out",
        "replace",
        "q",
        "first_name",
        "last_name",
        "round",
        "_export",
        "live",
        "v",
        "until",
        "edit",
        "dispute",
        "page",
        "sort",
        "game",
        "year",
        "username",
        "password",
        # The meld calculator (scorekeeping/melds.py).
        "seat",
        "cards",
        "tap",
        "untap",
        "clear",
    }
    for key, form_class in FORMS.items():
        players = ["A B", "C D", "E F", "G H"][: GAMES[key].max_players]
        options = GAMES[key].clean_options()
        form = form_class(players=players, number=1, options=options)
        names |= set(form.fields)
        names |= {f"p-{name}" for name in form.fields}
    return sorted(names)


FIELDS = _field_names()
values = st.one_of(
    st.sampled_from(HOSTILE),
    st.sampled_from(HOSTILE),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.text(max_size=30),
    st.text(alphabet=st.sampled_from("0123456789-\x00١٢³ "), max_size=12),
)
field_names = st.one_of(st.sampled_from(FIELDS), st.text(max_size=12))
#: The fields most pages read: each is sent (hostile) in about half of the examples.
form_data = st.fixed_dictionaries(
    {},
    optional={
        name: values
        for name in ("number", "version", "player", "note", "bid", "action", "minutes", "q")
        + ("seat", "cards", "tap")
    },
)


def _fields_of_settle(entry_id: int) -> list[str]:
    return [f"entry-{entry_id}-{name}" for name in ("choice", "round-bid", "team1-red_books")]


def _seed(event: Event) -> None:
    """Round 1 disputed (for the settle form), round 2 entered (to confirm or dispute)."""
    table = Table.objects.filter(round__event=event).order_by("pk").first()
    names = [seat.player.name for seat in table.seats.select_related("player")]
    game = event.game
    for number, status in ((1, ScoreEntry.Status.DISPUTED), (2, ScoreEntry.Status.ENTERED)):
        if game == "hand_and_foot":
            payload = hf_hand(number)
        elif game == "exact_bid":
            cards = event.game_options["start_cards"] - number + 1
            tricks = [cards] + [0] * (len(names) - 1)
            payload = {"bids": tricks, "tricks": tricks}
        elif game == "luxury_family":
            payload = lf_round(names)
        else:
            payload = laus_round(names)
        entry = ScoreEntry.objects.create(
            table=table,
            number=number,
            payload=payload,
            status=status,
            dispute_note="Wrong" if number == 1 else "",
        )
        if game == "hand_and_foot":
            add_parts(entry, "disputed" if number == 1 else "entered")


@pytest.fixture
def world(drawn_event, organizer):
    """One running event per game (one table each), with entries to answer and settle."""
    events = {}
    for game in EVENTS:
        event = start_clock(drawn_event(game=game, tables=1))
        _seed(event)
        events[game] = event
    return events


def _fingerprint() -> str:
    """Everything a request could store, as one hash."""
    rows = [
        list(
            ScoreEntry.objects.order_by("pk").values_list(
                "pk",
                "number",
                "status",
                "version",
                "payload",
                "proposed_payload",
                "dispute_note",
            )
        ),
        list(TeamPart.objects.order_by("pk").values_list("pk", "team", "data", "state", "version")),
        list(Draft.objects.order_by("pk").values_list("pk", "side", "data")),
        ScoreChange.objects.count(),
        IdempotencyKey.objects.count(),
        list(CheckIn.objects.order_by("pk").values_list("pk", flat=True)),
        list(
            Round.objects.order_by("pk").values_list(
                "pk", "clock_started_at", "time_called_at", "extra_minutes"
            )
        ),
        list(Table.objects.order_by("pk").values_list("pk", "turned_in_at", "has_bonus")),
        list(Event.objects.order_by("pk").values_list("pk", "status", "public_standings")),
        list(ScorekeeperLink.objects.order_by("pk").values_list("token", "revoked_at")),
        list(OrganizerCall.objects.order_by("pk").values_list("pk", "answered_at", "closed_at")),
    ]
    return hashlib.sha256(repr(rows).encode()).hexdigest()


def _url(page, event: Event, hostile: str | None) -> str:
    """The page's URL for `event`; with `hostile`, one of its parameters replaced by it."""
    from django.urls import reverse

    table = Table.objects.filter(round__event=event).order_by("pk").first()
    link = ScorekeeperLink.objects.filter(table=table).order_by("pk").first()
    entry = ScoreEntry.objects.get(table=table, number=1)
    real = {
        "event_id": event.pk,
        "table_id": table.pk,
        "entry_id": entry.pk,
        "token": link.token,
        "what": "standings",
        "game": event.game,
        "player_id": table.seats.order_by("position").first().player_id,
        # A call to the organizer of this table (issue 25), open or done.
        "call_id": (
            OrganizerCall.objects.filter(table=table).values_list("pk", flat=True).first()
            or calls.call_organizer(table, reason="question").call.pk
        ),
    }
    if hostile is None or not page.params:
        return reverse(page.name, kwargs={name: real[name] for name in page.params})
    target = page.params[0]
    sentinel = TOKEN_SENTINEL if target in ("token", "what", "game") else INT_SENTINEL
    kwargs = {name: real[name] for name in page.params} | {target: sentinel}
    url = reverse(page.name, kwargs=kwargs)
    return url.replace(str(sentinel), quote(hostile, safe=""))


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_no_input_makes_a_server_error(page, world, organizer):
    organizer_client = Client(raise_request_exception=False)
    stranger_client = Client(raise_request_exception=False)

    @settings(
        max_examples=15,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        database=None,
    )
    @given(
        game=st.sampled_from(EVENTS),
        as_organizer=st.booleans(),
        method=st.sampled_from(["get", "post", "post"]),
        data=form_data,
        extra=st.dictionaries(field_names, values, max_size=8),
        settle_data=st.dictionaries(
            st.integers(0, 2), st.sampled_from(HOSTILE + ["corrected"]), max_size=3
        ),
        # Mostly the real page (its fields are the point), sometimes a hostile parameter.
        hostile_path=st.one_of(
            st.none(),
            st.none(),
            st.none(),
            st.sampled_from(["0", "-1", "2147483648", "9223372036854775808", "1" + "0" * 40]),
            st.text(max_size=10),
        ),
    )
    def attempt(game, as_organizer, method, data, extra, settle_data, hostile_path):
        event = world[game]
        client = organizer_client if as_organizer else stranger_client
        if as_organizer:
            client.force_login(organizer)  # a posted logout may have ended the session
        url = _url(page, event, hostile_path)
        entry = ScoreEntry.objects.get(table__round__event=event, number=1)
        names = _fields_of_settle(entry.pk)
        data = extra | data | {names[key]: value for key, value in settle_data.items()}
        before = _fingerprint()
        response = getattr(client, method)(url, data)
        status = response.status_code
        assert status < 500, (url, method, data, status)
        if 400 <= status < 500:
            assert _fingerprint() == before, (url, method, data, status)
            if status in (400, 409, 422):
                assert response.content.strip(), (url, method, data, status)
        elif status == 200 and method == "post":
            # A form shown again with its messages (a refusal a person can meet answers
            # 200: no console error) stored nothing, nor did a preview.
            assert _fingerprint() == before, (url, method, data, status)

    attempt()
