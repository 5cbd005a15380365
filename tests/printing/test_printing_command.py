"""python manage.py print EVENT --what ... --out FILE"""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from clubscore.events.models import Table

from .conftest import page_links, page_texts

pytestmark = pytest.mark.django_db


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


def test_the_default_base_url_is_the_local_server(drawn_event, tmp_path):
    event = drawn_event("laus", tables=1)
    out = tmp_path / "cards.pdf"
    call_command("print", str(event.pk), "--what", "cards", "--out", str(out))
    assert page_links(out.read_bytes())[0][0].startswith("http://127.0.0.1:8000/s/")


def test_it_writes_tables_and_standings(drawn_event, tmp_path):
    event = drawn_event("laus", tables=1, name="Laus night")
    for what in ("tables", "standings"):
        out = tmp_path / f"{what}.pdf"
        call_command("print", str(event.pk), "--what", what, "--out", str(out))
        assert "Laus night" in page_texts(out.read_bytes())[0]


def test_unknown_event_or_document_is_a_clear_error(drawn_event, tmp_path):
    event = drawn_event("laus", tables=1)
    out = str(tmp_path / "x.pdf")
    with pytest.raises(CommandError, match="No event with id '999'"):
        call_command("print", "999", "--what", "cards", "--out", out)
    with pytest.raises(CommandError, match="No event with id 'abc'"):
        call_command("print", "abc", "--what", "cards", "--out", out)
    with pytest.raises(CommandError, match="choose one of: cards, tables, standings"):
        call_command("print", str(event.pk), "--what", "poster", "--out", out)
    assert not (tmp_path / "x.pdf").exists()
