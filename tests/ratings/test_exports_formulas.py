"""Every download (standings, ladder, a player's evenings; CSV and XLSX) keeps a name
typed at the door that begins like a formula as text (OWASP: =, +, -, @, tab, CR)."""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse

from clubscore.club.models import Player
from clubscore.dashboard.exports import as_text, spreadsheet

pytestmark = pytest.mark.django_db

# What people type at the door (the form strips leading tabs and line breaks).
DOOR = [("=1+2", "Door"), ("+49", "Caller"), ("-Minus", "Dash"), ("@SUM(A1)", "At")]


@pytest.fixture
def walk_ins(organizer_client, make_event) -> list[Player]:
    """Four walk-ins added on the check-in page, as the organizer types them."""
    door = make_event(name="Door")
    for first, last in DOOR:
        response = organizer_client.post(
            reverse("events:walk_in", args=[door.pk]), {"first_name": first, "last_name": last}
        )
        assert response.status_code == 302, response.content.decode()[:500]
    players = [Player.objects.get(first_name=first, last_name=last) for first, last in DOOR]
    assert [p.name[0] for p in players] == ["=", "+", "-", "@"]
    return players


@pytest.fixture
def played(walk_ins, evening, members):
    """A finished evening where the walk-ins play (seats 1 and 3 of each table are partners)."""
    people = [walk_ins[0], members(1)[0], walk_ins[1], walk_ins[2], *members(3), walk_ins[3]]
    return evening(people, [0, 1]), walk_ins


def csv_cells(response) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(response.content.decode())) for cell in row]


def xlsx_cells(response) -> list[openpyxl.cell.Cell]:
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    return [cell for row in sheet.iter_rows() for cell in row]


def assert_text_everywhere(client, url, names, query=None):
    """The CSV holds each name behind an apostrophe, the XLSX as text, never a formula."""
    csv_response = client.get(url, {**(query or {}), "_export": "csv"})
    assert csv_response["Content-Type"].startswith("text/csv")
    cells = csv_cells(csv_response)
    for name in names:
        assert any(cell.startswith("'" + name) for cell in cells), (name, cells)
        assert not any(cell.startswith(name) for cell in cells), name
    return cells


def assert_xlsx_text(response, names):
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    cells = xlsx_cells(response)
    assert not [cell.coordinate for cell in cells if cell.data_type == "f"]
    for name in names:
        found = [cell for cell in cells if isinstance(cell.value, str) and name in cell.value]
        assert found, name
        assert all(cell.data_type == "s" for cell in found)
        assert any(cell.value.startswith(name) for cell in found)  # exactly as typed


def test_the_standings_export_keeps_door_names_as_text(organizer_client, played):
    event, walk_ins = played
    names = [p.name for p in walk_ins]
    url = reverse("dashboard:standings", args=[event.pk])
    assert_text_everywhere(organizer_client, url, names, {})
    assert_xlsx_text(organizer_client.get(url, {"_export": "xlsx"}), names)


def test_the_ladder_export_keeps_door_names_as_text(played):
    _event, walk_ins = played
    names = [p.name for p in walk_ins]
    client = Client()
    query = {"game": "hand_and_foot", "year": "2026"}
    assert_text_everywhere(client, reverse("dashboard:ladder"), names, query)
    assert_xlsx_text(client.get(reverse("dashboard:ladder"), {**query, "_export": "xlsx"}), names)


def test_the_player_export_keeps_door_names_as_text(organizer_client, played):
    _event, walk_ins = played
    me, partner = walk_ins[0], walk_ins[1]  # seats 1 and 3: partners
    response = organizer_client.get(reverse("dashboard:player_csv", args=[me.pk]))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[1][4] == "'" + partner.name  # the "Played with" column
    response = organizer_client.get(reverse("dashboard:player_xlsx", args=[me.pk]))
    assert_xlsx_text(response, [partner.name])
    cell = xlsx_cells(response)[9 + 4]  # row 2, the "Played with" column
    assert (cell.value, cell.data_type, cell.quotePrefix) == (partner.name, "s", True)


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_every_formula_start_is_text_in_both_formats(start):
    text = f'{start}HYPERLINK("https://evil.example")'
    rows = [["Name", "Score"], [text, -120], ["Ann", 5]]
    assert as_text(text) == "'" + text
    written = csv_cells(spreadsheet("csv", rows, title="t", filename="f"))
    assert written == ["Name", "Score", "'" + text, "-120", "Ann", "5"]
    cells = xlsx_cells(spreadsheet("xlsx", rows, title="a/b:c", filename="f"))
    # (XML reads a carriage return as a line break: the text is the same otherwise.)
    assert (cells[2].value.replace("\n", "\r"), cells[2].data_type) == (text, "s")
    assert cells[2].quotePrefix
    assert (cells[3].value, cells[3].data_type) == (-120, "n")  # a number stays a number
    assert cells[4].value == "Ann" and not cells[4].quotePrefix
