"""The import direction of DESIGN.md, checked on every module's source.

``engine``, ``etools``, ``scanner`` and ``firmware_sim`` import nothing of each other or of
the rest of the game; ``save`` uses only ``firmware_sim``; ``import pygame`` happens only in
``handheld/ui`` and in firmware_sim's display, input and preview backends. Imports are read
with ``ast`` (inside functions too), so a late import cannot hide.

The listed exceptions are two command-line entry points: the scanner's, which wires the
hardware seam's camera and preview window into the scanner (``python -m scanner scan``),
and ``python -m handheld.engine``, which starts the protocol. No library module imports
either.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# package (as a path prefix) -> the project packages it may import besides itself
ALLOWED: dict[str, set[str]] = {
    "handheld/engine": set(),
    "handheld/etools": set(),
    "scanner": set(),
    "firmware_sim": set(),
    "handheld/save": {"firmware_sim"},
}
PROJECT = ("handheld", "scanner", "firmware_sim")
# (module, imported package) pairs allowed by name: command-line entry points that wire
# packages together and that no library module imports. `python -m handheld.engine` is
# the protocol's entry point (the pure engine never reads stdin).
EXCEPTIONS = {("scanner/__main__.py", "firmware_sim"), ("handheld/engine/__main__.py", "handheld")}
PYGAME_ALLOWED = ("handheld/ui/", "firmware_sim/display.py", "firmware_sim/keyboard.py",
                  "firmware_sim/preview.py")


def _modules(root: Path) -> list[Path]:
    return sorted(p for pkg in PROJECT for p in (root / pkg).rglob("*.py"))


def _imports(path: Path, root: Path) -> list[str]:
    """Every module name ``path`` imports, made absolute (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = list(path.relative_to(root).with_suffix("").parts[:-1])
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                prefix = ".".join(base)
                if node.module:
                    names.append(f"{prefix}.{node.module}" if prefix else node.module)
                else:
                    names += [f"{prefix}.{alias.name}" for alias in node.names]
            elif node.module:
                names.append(node.module)
    return names


def _owner(name: str) -> str | None:
    """The guarded package an imported module belongs to (a path prefix), or its top."""
    path = name.replace(".", "/")
    for prefix in ALLOWED:
        if path == prefix or path.startswith(prefix + "/"):
            return prefix
    top = name.split(".")[0]
    return top if top in PROJECT else None


def violations(root: Path = ROOT) -> list[str]:
    found = []
    for path in _modules(root):
        rel = str(path.relative_to(root))
        own = next((p for p in ALLOWED if rel.startswith(p + "/") or rel == p + ".py"), None)
        for name in _imports(path, root):
            if name.split(".")[0] == "pygame" and not rel.startswith(PYGAME_ALLOWED):
                found.append(f"{rel} imports pygame (only handheld/ui and the display and "
                             "input backends may)")
            if own is None:
                continue
            target = _owner(name)
            if target is None or target == own or target in ALLOWED[own]:
                continue
            if target.split("/")[0] == own.split("/")[0] and "/" not in own:
                continue  # inside the same top-level package (firmware_sim, scanner)
            if (rel, target.split("/")[0]) in EXCEPTIONS:
                continue
            found.append(f"{rel} imports {name}: {own} may import only "
                         f"{sorted(ALLOWED[own]) or 'nothing of the project'}")
    return found


def test_the_import_direction_holds() -> None:
    assert violations() == []


@pytest.mark.parametrize(("module", "source", "expected"), [
    ("handheld/engine/x.py", "from ..ui import app", "handheld/engine/x.py imports handheld.ui"),
    ("scanner/x.py", "import handheld.cards", "scanner/x.py imports handheld.cards"),
    ("handheld/save/x.py", "from ..engine import Match", "handheld/save/x.py imports "
                                                         "handheld.engine"),
    ("handheld/engine/x.py", "def f():\n    import pygame", "imports pygame"),
])
def test_a_wrong_import_is_found(tmp_path, module: str, source: str, expected: str) -> None:
    """The check can fail: a module written against the direction is reported."""
    target = tmp_path / module
    target.parent.mkdir(parents=True)
    target.write_text(source + "\n", encoding="utf-8")
    found = violations(tmp_path)
    assert any(expected in v for v in found), found
