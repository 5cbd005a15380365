"""Imports run one way, tier by tier, and the pages stand side by side.

Tiers, lowest first (see README, Layout):

- pure: the games' rules, the draw and the engine's messages (no Django);
- shared: helpers every tier above may use (numbers, collation, translation, the games'
  entry forms, ...), no models and no pages;
- domain: players, accounts, events (tables, entries, results, settling), standings (the
  one loader of counted tables, play-off results) and ratings;
- pages, side by side: the tablets (scorekeeping), the dashboard and printing. Pages
  never import each other: what two pages share lives in the domain or a shared module;
- the project: settings, URLs, the management commands that span apps, backups.

Inside a tier written as steps (a list of sets), a later step may import an earlier one;
parts in one set are siblings and never import each other. The project may import any
part. Every `import` and `from ... import` in clubscore/ (inside functions too) is read
with `ast`. Nothing reaches up by name either: `apps.get_model` is for migrations and the
project's backup only (the ratings answer the draw through a hook the events app offers).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "clubscore"

TIERS: list[tuple[str, list[set[str]]]] = [
    ("pure", [{"messages"}, {"games"}, {"draw"}]),
    (
        "shared",
        [
            {
                "numbers",
                "collation",
                "formats",
                "markup",
                "notices",
                "qr",
                "redirects",
                "translation",
            },
            {"errors", "middleware", "tokens"},
            {"templatetags", "entry_forms"},
            {"entry_changes"},
        ],
    ),
    ("domain", [{"club", "accounts"}, {"events"}, {"standings"}, {"ratings"}]),
    ("pages", [{"scorekeeping", "dashboard", "printing", "playerpages"}]),
    ("project", [{"backup", "management", "urls", "settings", "warmup", "asgi", "wsgi"}]),
]
PROJECT = TIERS[-1][1][0] | {"__init__"}
# Each part's place: (tier, step).
PLACE = {
    part: (tier, step)
    for tier, (_name, steps) in enumerate(TIERS)
    for step, parts in enumerate(steps)
    for part in parts
} | {"__init__": (len(TIERS) - 1, 0)}


def may_import(here: str, there: str) -> bool:
    """May part `here` import part `there`?"""
    if here == there or here in PROJECT:
        return True
    return PLACE[there] < PLACE[here]  # a lower tier, or an earlier step of the same tier


def part_of(path: Path, root: Path) -> str:
    relative = path.relative_to(root)
    return relative.parts[0] if len(relative.parts) > 1 else relative.stem


def module_of(path: Path, root: Path) -> list[str]:
    """The dotted name of `path`'s package (for relative imports)."""
    parts = ["clubscore", *path.relative_to(root).with_suffix("").parts]
    return parts if path.name == "__init__.py" else parts[:-1]


def imported(path: Path, root: Path) -> list[tuple[int, str]]:
    """(line, module) of every clubscore module `path` imports, relative ones resolved."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = module_of(path, root)
                base = package[: len(package) - node.level + 1]
                names = [".".join([*base, node.module] if node.module else base)]
            else:
                names = [node.module or ""]
            if names == ["clubscore"]:  # `from clubscore import backup`: each part named
                names = [f"clubscore.{alias.name}" for alias in node.names]
        else:
            continue
        found += [(node.lineno, name) for name in names if name.split(".")[0] == "clubscore"]
    return found


def upward_imports(root: Path) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        here = part_of(path, root)
        assert here in PLACE, f"{here} (clubscore/{here}) has no tier: add it to TIERS"
        for line, name in imported(path, root):
            there = name.split(".")[1] if "." in name else "__init__"
            assert there in PLACE, f"{path}:{line} imports {name}, which has no tier"
            if not may_import(here, there):
                found.append(f"{path.relative_to(root.parent)}:{line} {here} imports {name}")
    return found


def test_no_import_runs_upward():
    assert upward_imports(ROOT) == []


def test_every_part_of_clubscore_has_a_tier():
    parts = {part_of(path, ROOT) for path in ROOT.rglob("*.py")}
    assert parts <= set(PLACE), parts - set(PLACE)


def test_nothing_reaches_up_by_name():
    """`apps.get_model` only in migrations and the project's backup."""
    found = [
        f"{path.relative_to(ROOT.parent)}:{number}"
        for path in sorted(ROOT.rglob("*.py"))
        if "migrations" not in path.parts and part_of(path, ROOT) not in PROJECT
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(r"\bget_model\(", text)
    ]
    assert found == []


@pytest.mark.parametrize(
    ("where", "source", "upward"),
    [
        ("events/models.py", "from clubscore.dashboard import standings", True),
        ("games/laus.py", "import clubscore.events.models", True),
        ("club/models.py", "def f():\n    from clubscore.events import links", True),
        ("events/views.py", "from ..scorekeeping import services", True),
        ("club/admin.py", "from clubscore import backup", True),
        ("events/admin.py", "from clubscore import games, translation", False),
        ("scorekeeping/views.py", "from clubscore.events.models import Table", False),
        ("events/views.py", "from . import services\nfrom .models import Event", False),
        ("management/commands/demo.py", "from clubscore.printing import cards", False),
        # Pages side by side: never one page's code in another.
        ("printing/sheets.py", "from clubscore.dashboard.standings import Row", True),
        ("dashboard/forms.py", "from clubscore.scorekeeping.forms import FORMS", True),
        ("scorekeeping/views.py", "from clubscore.printing import pdf", True),
        ("dashboard/views.py", "from clubscore.standings.standings import Standings", False),
        ("printing/sheets.py", "from clubscore.standings.standings import Row", False),
        # The domain one way inside: events below standings below ratings.
        ("events/services.py", "from clubscore.ratings.models import Rating", True),
        ("standings/loading.py", "from clubscore.ratings import services", True),
        ("ratings/services.py", "from clubscore.standings.loading import load_events", False),
        ("club/models.py", "from clubscore.accounts import net", True),  # siblings
    ],
)
def test_the_check_sees_an_upward_import(tmp_path, where, source, upward):
    """The check itself can fail: a copy of clubscore/ with one import added."""
    path = tmp_path / "clubscore" / where
    path.parent.mkdir(parents=True)
    path.write_text(source + "\n", encoding="utf-8")
    found = upward_imports(tmp_path / "clubscore")
    assert bool(found) is upward, found
