"""The German catalogue: complete, placeholders intact, compiled, and in step with the games.

No gettext tools needed: the .po is read here and the committed .mo with the standard
library's ``gettext.GNUTranslations``, the reader Django itself uses.
"""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from clubscore.games import GAMES
from clubscore.games.cards import SUIT_NAMES

LOCALE = Path(settings.BASE_DIR) / "clubscore" / "locale" / "de" / "LC_MESSAGES"
PO = LOCALE / "django.po"
MO = LOCALE / "django.mo"
ENGINE = [Path(settings.BASE_DIR) / "clubscore" / name for name in ("games", "draw")]

PERCENT = re.compile(r"%(?:\(\w+\))?[-#0 +]*\d*(?:\.\d+)?[sdifr]")
BRACE = re.compile(r"(?<!\{)\{[^{}]*\}(?!\})")


def unquote(text: str) -> str:
    return ast.literal_eval(text)  # a PO string is a subset of a Python string literal


def read_po(path: Path) -> list[dict]:
    """Entries of a PO file: flags, msgctxt, msgid, msgid_plural and msgstr by index."""
    entries: list[dict] = []
    entry: dict | None = None
    key: tuple[str, int] | None = None
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip():
            if entry is not None:
                entries.append(entry)
            entry, key = None, None
            continue
        if entry is None:
            entry = {"flags": [], "msgctxt": None, "msgid_plural": None, "msgstr": {}}
        if line.startswith("#,"):
            entry["flags"] += [flag.strip() for flag in line[2:].split(",")]
        elif line.startswith("#~"):
            entry["obsolete"] = True
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            name, index = key
            if name == "msgstr":
                entry["msgstr"][index] += unquote(line)
            else:
                entry[name] += unquote(line)
        else:
            match = re.fullmatch(r'(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])? (".*")', line)
            assert match, f"unreadable line in {path.name}: {line!r}"
            name, index, value = match.group(1), int(match.group(2) or 0), unquote(match.group(3))
            if name == "msgstr":
                entry["msgstr"][index] = value
            else:
                entry[name] = value
            key = (name, index)
    return entries


ENTRIES = read_po(PO)
# Obsolete entries ("#~", left by makemessages without --no-obsolete) never reach the .mo.
MESSAGES = [e for e in ENTRIES if e.get("msgid") and not e.get("obsolete")]


def placeholders(text: str) -> set[str]:
    return set(PERCENT.findall(text)) | set(BRACE.findall(text))


def test_every_message_is_translated_and_none_is_fuzzy():
    assert len(MESSAGES) > 500
    fuzzy = [e["msgid"] for e in MESSAGES if "fuzzy" in e["flags"]]
    untranslated = [e["msgid"] for e in MESSAGES if not all(e["msgstr"].values())]
    assert fuzzy == []
    assert untranslated == []
    assert all(len(e["msgstr"]) == (2 if e["msgid_plural"] else 1) for e in MESSAGES)


def test_every_translation_keeps_the_placeholders_of_its_message():
    broken = []
    for entry in MESSAGES:
        sources = [entry["msgid"], entry["msgid_plural"] or entry["msgid"]]
        for index, text in entry["msgstr"].items():
            if placeholders(text) != placeholders(sources[min(index, 1)]):
                broken.append((entry["msgid"], text))
    assert broken == []


def test_the_placeholder_check_sees_a_lost_or_renamed_placeholder():
    # The check above compares these sets; make sure it tells them apart.
    assert placeholders("{n} checked in: {tables}") != placeholders("{n} angemeldet: {tische}")
    assert placeholders("%(name)s is checked in.") != placeholders("ist angemeldet.")
    assert placeholders("Unknown game {game!r}") != placeholders("Unbekanntes Spiel {game}")


def test_the_committed_mo_holds_exactly_the_po_translations():
    with MO.open("rb") as handle:
        compiled = dict(gettext.GNUTranslations(handle)._catalog)
    expected = {}
    for entry in MESSAGES:
        msgid = entry["msgid"]
        if entry["msgctxt"] is not None:
            msgid = f"{entry['msgctxt']}\x04{msgid}"
        if entry["msgid_plural"] is None:
            expected[msgid] = entry["msgstr"][0]
        else:
            for index, text in entry["msgstr"].items():
                expected[(msgid, index)] = text
    compiled.pop("", None)  # the header: its dates change with every makemessages
    assert compiled == expected, "run: python manage.py compilemessages (see Makefile: messages)"


def engine_templates() -> list[tuple[str, str]]:
    """(file, template) of every ``_("...")`` in the games and the draw."""
    found = []
    for folder in ENGINE:
        for path in sorted(folder.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id == "_"
                    and node.args
                    and isinstance(node.args[0], ast.Constant)
                ):
                    found.append((path.name, node.args[0].value))
    return found


def test_every_message_of_the_games_and_the_draw_is_in_the_catalogue():
    templates = engine_templates()
    assert len(templates) > 150
    known = {e["msgid"] for e in MESSAGES}
    assert [t for t in templates if t[1] not in known] == [], "run: make messages, then translate"


def test_the_games_and_the_draw_never_format_a_marked_template_themselves():
    # `_("... {x}").format(x=...)` would give a plain str that can only be English;
    # `message(_("... {x}"), x=...)` keeps the template for the pages to translate.
    formatted = []
    for folder in ENGINE:
        for path in sorted(folder.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "format"
                    and isinstance(node.func.value, ast.Call)
                    and isinstance(node.func.value.func, ast.Name)
                    and node.func.value.func.id == "_"
                ):
                    formatted.append(f"{path.name}:{node.lineno}")
    assert formatted == []


GERMAN_NAMES = {
    "hand_and_foot": "Hand und Fuß",
    "exact_bid": "Stichansage",
    "luxury_family": "Luxusfamilie",
    "laus": "Laus",
}


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_game_names_and_option_texts_are_german_through_the_catalogue(game):
    # The games keep English only (marked with _); German comes from the catalogue.
    assert not hasattr(game, "name_de")
    assert all(not hasattr(option, "label_de") for option in game.options)
    translated = {e["msgid"] for e in MESSAGES if e["msgstr"].get(0)}
    texts = [game.name, *(o.label for o in game.options), *(o.help for o in game.options)]
    assert [text for text in texts if text not in translated] == []
    with translation.override("de"):
        assert translation.gettext(game.name) == GERMAN_NAMES[game.key]
        german = [translation.gettext(o.label) for o in game.options]
    assert all(label != option.label for label, option in zip(german, game.options, strict=True))


def test_suit_names_have_their_german_names_in_the_catalogue():
    german = {"S": "Pik", "H": "Herz", "D": "Karo", "C": "Kreuz"}
    with translation.override("de"):
        assert {s: translation.gettext(n) for s, n in SUIT_NAMES.items()} == german


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_every_label_a_printout_takes_from_a_game_translates_as_it_is(game):
    # The printouts translate point values and the meld table with plain gettext, so
    # each label must be a catalogue entry itself (card codes like "10♠" need none).
    labels = [label for label, _points in game.point_values()]
    labels += [label for label, *_values in getattr(game, "meld_table", list)()]
    known = {e["msgid"] for e in MESSAGES}
    cards = re.compile(r"(A|K|Q|J|10|[2-9])[♠♥♦♣]")
    assert [label for label in labels if label not in known and not cards.fullmatch(label)] == []
