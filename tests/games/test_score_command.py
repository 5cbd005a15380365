"""``manage.py score GAME [FILE]``: JSON in, JSON out, errors on standard error."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

LAUS = {
    "players": ["Ann", "Bob", "Cy", "Di"],
    "taken": [
        {"tens": ["S"], "aces": 1, "kings": 2, "queens": 0},
        {"tens": ["C", "H"], "aces": 1, "kings": 0, "queens": 2},
        {"tens": [], "aces": 2, "kings": 1, "queens": 1},
        {"tens": ["D"], "aces": 0, "kings": 1, "queens": 1},
    ],
}


def run(*args, stdin=""):
    out, err = io.StringIO(), io.StringIO()
    call_command("score", *args, stdout=out, stderr=err, stdin=io.StringIO(stdin))
    return out.getvalue(), err.getvalue()


def test_it_scores_a_file(tmp_path):
    payload = tmp_path / "round.json"
    payload.write_text(json.dumps(LAUS), encoding="utf-8")

    out, err = run("laus", str(payload))

    assert [p["total"] for p in json.loads(out)["players"]] == [345, 335, 65, 0]
    assert err == ""


def test_a_file_saved_with_a_byte_order_mark_is_scored(tmp_path):
    # Windows Notepad saves UTF-8 with a byte-order mark, which JSON does not allow.
    payload = tmp_path / "round.json"
    payload.write_text(json.dumps(LAUS), encoding="utf-8-sig")

    out, err = run("laus", str(payload))

    assert [p["total"] for p in json.loads(out)["players"]] == [345, 335, 65, 0]
    assert err == ""


@pytest.mark.parametrize("args", [("laus",), ("laus", "-")])
def test_it_reads_standard_input_when_the_file_is_dash_or_absent(args):
    out, _err = run(*args, stdin=json.dumps(LAUS))

    assert json.loads(out)["players"][3]["null"] is True


def test_bad_input_prints_the_errors_on_stderr_and_nothing_on_stdout():
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError):
        call_command(
            "score",
            "laus",
            stdout=out,
            stderr=err,
            stdin=io.StringIO(json.dumps({**LAUS, "players": ["Ann"]})),
        )

    assert out.getvalue() == ""
    assert "players: Expected 4 entries, got 1." in err.getvalue()


@pytest.mark.parametrize(("game", "text"), [("laus", "{not json"), ("poker", "{}")])
def test_bad_json_and_unknown_games_are_refused(game, text):
    out = io.StringIO()
    with pytest.raises(CommandError):
        call_command("score", game, stdout=out, stderr=io.StringIO(), stdin=io.StringIO(text))
    assert out.getvalue() == ""


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        run("laus", str(tmp_path / "missing.json"))


def test_from_the_command_line_it_exits_non_zero_on_bad_input():
    manage = Path(__file__).resolve().parents[2] / "manage.py"
    good = subprocess.run(
        [sys.executable, str(manage), "score", "laus"],
        input=json.dumps(LAUS),
        capture_output=True,
        text=True,
        check=False,
    )
    bad = subprocess.run(
        [sys.executable, str(manage), "score", "laus", "-"],
        input="[]",
        capture_output=True,
        text=True,
        check=False,
    )

    assert good.returncode == 0 and json.loads(good.stdout)["players"]
    assert bad.returncode != 0
    assert bad.stdout == ""
    assert "Expected a group of fields" in bad.stderr
