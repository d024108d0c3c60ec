"""The import direction of DESIGN.md, checked on every module's source.

``kernel`` (DESIGN.md's "Where the engine goes next": game-agnostic, both games share it)
imports nothing of the project; ``engine`` and ``pieces`` (the two games) import only the
kernel; ``etools``, ``scanner``
and ``firmware_sim`` import nothing of each other or of the rest of the game; ``save`` uses
only ``firmware_sim``; ``netplay`` (the app layer) never imports the screens (``ui``);
``import pygame`` happens only in ``handheld/ui`` and in firmware_sim's display, input and
preview backends. Imports are read with ``ast`` (inside functions too), so a late import
cannot hide.

Inside the engine no two modules import each other when they load, directly or around a
loop (imports for type hints only, under ``TYPE_CHECKING``, and imports inside functions do
not count): such a cycle is what forced the bottom-of-file imports that are gone now.

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
    "handheld/kernel": set(),
    "handheld/engine": {"handheld/kernel"},
    # the Legend-piece game: a sibling of the card engine on the kernel
    "handheld/pieces": {"handheld/kernel"},
    "handheld/etools": set(),
    "scanner": set(),
    "firmware_sim": set(),
    "handheld/save": {"firmware_sim"},
    # the app layer's netplay: the kernel, the engine and the link, never the screens
    "handheld/netplay": {"handheld", "handheld/kernel", "handheld/engine", "handheld/pieces",
                         "firmware_sim"},
    # the screens may import everything (listed so that importing them is checkable)
    "handheld/ui": {"handheld", "handheld/kernel", "handheld/engine", "handheld/pieces",
                    "handheld/etools",
                    "handheld/save", "handheld/netplay", "scanner", "firmware_sim"},
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
    ("handheld/kernel/x.py", "from ..engine import Match", "handheld/kernel/x.py imports "
                                                           "handheld.engine"),
    ("handheld/engine/x.py", "from .. import session", "handheld/engine/x.py imports "
                                                       "handheld.session"),
    ("handheld/netplay.py", "from .ui.scenes import duel", "handheld/netplay.py imports "
                                                           "handheld.ui.scenes"),
    ("handheld/pieces/x.py", "from ..engine import Match", "handheld/pieces/x.py imports "
                                                           "handheld.engine"),
    ("handheld/engine/x.py", "from ..pieces import PieceMatch", "handheld/engine/x.py imports "
                                                               "handheld.pieces"),
])
def test_a_wrong_import_is_found(tmp_path, module: str, source: str, expected: str) -> None:
    """The check can fail: a module written against the direction is reported."""
    target = tmp_path / module
    target.parent.mkdir(parents=True)
    target.write_text(source + "\n", encoding="utf-8")
    found = violations(tmp_path)
    assert any(expected in v for v in found), found


def engine_cycles(root: Path = ROOT) -> list[list[str]]:
    """The load-time import cycles among the engine's modules (strongly connected
    components of two or more modules), from module-level imports. Imports under ``if
    TYPE_CHECKING`` are left out, and so are imports inside functions: ``Match.position()``
    and its siblings delegate to ``position`` that way, which is a facade for issue 12 to
    move, not a cycle at load time."""
    engine = root / "handheld" / "engine"
    names = {}
    for path in engine.rglob("*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {name: set() for name in names}
    for name, path in names.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        for node in _module_level_imports(tree.body):
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            # `from .effects import steps` loads the submodule steps, not only the package
            targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in names else module
                       for a in node.names]
            for target in targets:
                while target and target not in names:
                    target = target.rpartition(".")[0]
                if target and target != name and not name.startswith(target + "."):
                    graph[name].add(target)
    return [sorted(c) for c in _strongly_connected(graph) if len(c) > 1]


def _module_level_imports(body: list[ast.stmt]) -> list[ast.ImportFrom]:
    """The ``from ... import`` statements that run when the module loads (at its top level,
    or inside a top-level ``if``/``try`` that is not ``if TYPE_CHECKING``)."""
    out: list[ast.ImportFrom] = []
    for node in body:
        if isinstance(node, ast.ImportFrom):
            out.append(node)
        elif isinstance(node, ast.If) and getattr(node.test, "id", "") != "TYPE_CHECKING":
            out += _module_level_imports(node.body) + _module_level_imports(node.orelse)
        elif isinstance(node, ast.Try):
            out += _module_level_imports(node.body)
    return out


def _strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    out.append(component)
    return out


def test_the_engine_has_no_import_cycle() -> None:
    assert engine_cycles() == []


def test_an_engine_import_cycle_is_found(tmp_path) -> None:
    engine = tmp_path / "handheld" / "engine"
    (engine / "effects").mkdir(parents=True)
    (engine / "__init__.py").write_text("")
    (engine / "effects" / "__init__.py").write_text("")
    (engine / "rules.py").write_text("from . import actions\n")
    (engine / "actions.py").write_text("from .effects import steps\n")
    (engine / "effects" / "steps.py").write_text("from .. import rules\n")
    (engine / "match.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                     "    from .rules import x\nfrom . import state\n")
    (engine / "state.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                     "    from .match import Match\n")
    assert engine_cycles(tmp_path) == [["handheld.engine.actions",
                                        "handheld.engine.effects.steps",
                                        "handheld.engine.rules"]]
