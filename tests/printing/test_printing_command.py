"""python manage.py print EVENT --what ... --out FILE"""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from clubscore.club.models import Couple
from clubscore.events.models import Table

from .conftest import page_links, page_texts, round_tables, seated_names

pytestmark = pytest.mark.django_db

BASE = ("--base-url", "http://127.0.0.1:8000")


def test_it_writes_the_score_cards_with_links_on_the_base_url(drawn_event, tmp_path):
    event = drawn_event("exact_bid", tables=2)
    out = tmp_path / "cards.pdf"
    call_command(
        "print",
        str(event.pk),
        "--what",
        "cards",
        "--out",
        str(out),
        "--base-url",
        "https://club.example/",
    )
    content = out.read_bytes()
    tokens = [t.links.get().token for t in Table.objects.order_by("number")]
    assert page_links(content) == [[f"https://club.example/s/{token}/"] for token in tokens]


@pytest.mark.parametrize("what", ["cards", "tables", "poster"])
def test_what_has_qr_codes_needs_the_clubs_address(drawn_event, tmp_path, what):
    # A QR code on 127.0.0.1 (the old default) opens nothing on a tablet.
    event = drawn_event("laus", tables=1)
    out = tmp_path / "x.pdf"
    for given in ((), ("--base-url", "club.example")):
        with pytest.raises(CommandError, match=f"Give --base-url to print {what}"):
            call_command("print", str(event.pk), "--what", what, "--out", str(out), *given)
    assert not out.exists()
    call_command("print", str(event.pk), "--what", "standings", "--out", str(out))
    assert out.exists()


def test_it_writes_tables_and_standings(drawn_event, tmp_path):
    event = drawn_event("laus", tables=1, name="Laus night")
    for what in ("tables", "standings"):
        out = tmp_path / f"{what}.pdf"
        call_command("print", str(event.pk), "--what", what, "--out", str(out), *BASE)
        assert "Laus night" in page_texts(out.read_bytes())[0]


def test_unknown_event_or_document_is_a_clear_error(drawn_event, tmp_path):
    event = drawn_event("laus", tables=1)
    out = str(tmp_path / "x.pdf")
    with pytest.raises(CommandError, match="No event with id '999'"):
        call_command("print", "999", "--what", "cards", "--out", out)
    with pytest.raises(CommandError, match="No event with id 'abc'"):
        call_command("print", "abc", "--what", "cards", "--out", out)
    with pytest.raises(CommandError, match="choose one of: cards, tables, standings"):
        call_command("print", str(event.pk), "--what", "menu", "--out", out)
    assert not (tmp_path / "x.pdf").exists()


def links_in(content):
    return sorted(url for page in page_links(content) for url in page)


def scorekeeper_links(tables, base="http://127.0.0.1:8000"):
    return sorted(base + link.get_absolute_url() for t in tables for link in t.links.all())


def test_cards_and_tables_are_of_the_latest_round_by_default(playoff_event, tmp_path):
    playoff = round_tables(playoff_event, 2)
    out = tmp_path / "cards.pdf"
    call_command("print", str(playoff_event.pk), "--what", "cards", "--out", str(out), *BASE)
    content = out.read_bytes()
    assert links_in(content) == scorekeeper_links(playoff)
    assert "Round 2 (play-off)" in page_texts(content)[0]

    out = tmp_path / "tables.pdf"
    call_command("print", str(playoff_event.pk), "--what", "tables", "--out", str(out), *BASE)
    text = "\n".join(page_texts(out.read_bytes()))
    assert "Round 2 (play-off)" in text
    assert "Table 2" not in text  # the play-off has one table
    assert all(name in text for name in seated_names(playoff))


def test_round_chooses_which_rounds_cards_and_tables(playoff_event, tmp_path):
    regular = round_tables(playoff_event, 1)
    out = tmp_path / "cards.pdf"
    call_command(
        "print", str(playoff_event.pk), "--what", "cards", "--round", "1", "--out", str(out), *BASE
    )
    content = out.read_bytes()
    assert links_in(content) == scorekeeper_links(regular)
    text = "\n".join(page_texts(content))
    assert "Round 1" in text and "Play-off" not in text
    assert all(name in text for name in seated_names(regular))

    out = tmp_path / "tables.pdf"
    call_command(
        "print", str(playoff_event.pk), "--what", "tables", "--round", "1", "--out", str(out), *BASE
    )
    text = "\n".join(page_texts(out.read_bytes()))
    assert "Table 1" in text and "Table 2" in text and "Round 1" in text


def test_an_unknown_round_is_a_clear_error(playoff_event, tmp_path):
    out = tmp_path / "x.pdf"
    with pytest.raises(CommandError, match=f"Event {playoff_event.pk} has no round 3"):
        call_command(
            "print",
            str(playoff_event.pk),
            "--what",
            "cards",
            "--round",
            "3",
            "--out",
            str(out),
            *BASE,
        )
    assert not out.exists()


def test_basis_prints_the_individual_view_of_a_couples_evening(drawn_event, tmp_path):
    event = drawn_event("hand_and_foot", tables=1, standings_basis="couple")
    seats = list(event.rounds.get().tables.get().seats.select_related("player"))
    a, b = sorted((seats[0].player, seats[1].player), key=lambda player: player.pk)
    Couple.objects.create(player_a=a, player_b=b, scorekeeper=a)
    out = tmp_path / "standings.pdf"
    call_command(
        "print", str(event.pk), "--what", "standings", "--basis", "individual", "--out", str(out)
    )
    text = page_texts(out.read_bytes())[0]
    assert all(seat.player.name in text for seat in seats)
    assert f"{a.name} & {b.name}" not in text


def test_a_play_off_card_has_the_rows_of_the_games_play_off_length(playoff_event, tmp_path):
    out = tmp_path / "cards.pdf"
    call_command("print", str(playoff_event.pk), "--what", "cards", "--out", str(out), *BASE)
    playoff = "\n".join(page_texts(out.read_bytes()))
    call_command(
        "print", str(playoff_event.pk), "--what", "cards", "--round", "1", "--out", str(out), *BASE
    )
    regular = "\n".join(page_texts(out.read_bytes()))
    # Hand 1's meld minimum (90) on both; hands 2 and 3 (120, 150) on the regular one only.
    assert "90" in playoff and "120" not in playoff and "150" not in playoff
    assert "120" in regular and "150" in regular
