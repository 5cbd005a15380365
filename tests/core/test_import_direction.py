"""Imports run one way: games and draw <- events <- scorekeeping, dashboard, printing.

Every `import` and `from ... import` in clubscore/ (inside functions too) is read with
`ast`; a module may import its own part and the parts on lower layers, never a higher
one. The project's own level (settings, URLs, the management commands that span apps,
backups of everything) may import any part.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "clubscore"

# Lowest first. A part is a package of clubscore/ or one of its top-level modules.
LAYERS: list[set[str]] = [
    {"messages", "games", "draw"},  # the rules, pure Python
    {"translation", "collation", "formats", "numbers", "errors", "templatetags", "middleware"}
    | {"redirects"},
    {"club", "accounts"},
    {"events"},
    {"scorekeeping", "ratings", "playerpages"},  # playerpages: the players' phones
    {"dashboard"},  # reads the tablets' forms
    {"printing"},  # prints the dashboard's standings
    {"backup", "management", "urls", "settings", "warmup", "asgi", "wsgi", "__init__"},
]
LAYER = {part: level for level, parts in enumerate(LAYERS) for part in parts}


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
        assert here in LAYER, f"{here} (clubscore/{here}) has no layer: add it to LAYERS"
        for line, name in imported(path, root):
            there = name.split(".")[1] if "." in name else "__init__"
            assert there in LAYER, f"{path}:{line} imports {name}, which has no layer"
            if LAYER[there] > LAYER[here]:
                found.append(f"{path.relative_to(root.parent)}:{line} {here} imports {name}")
    return found


def test_no_import_runs_upward():
    assert upward_imports(ROOT) == []


def test_every_part_of_clubscore_has_a_layer():
    parts = {part_of(path, ROOT) for path in ROOT.rglob("*.py")}
    assert parts <= set(LAYER), parts - set(LAYER)


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
    ],
)
def test_the_check_sees_an_upward_import(tmp_path, where, source, upward):
    """The check itself can fail: a copy of clubscore/ with one import added."""
    path = tmp_path / "clubscore" / where
    path.parent.mkdir(parents=True)
    path.write_text(source + "\n", encoding="utf-8")
    found = upward_imports(tmp_path / "clubscore")
    assert bool(found) is upward, found
