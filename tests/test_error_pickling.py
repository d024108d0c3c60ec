"""Errors with their own constructors survive pickling whole.

A game played in a worker process (``sim --jobs``, the Ray path, the benchmarks' pools)
hands its exception back to the parent pickled. Python rebuilds an exception from its
``args`` (the message alone), so a class whose constructor takes other arguments came back
garbled (a list of problems read as the message's characters) or not at all (a missing
argument). Each such class says how it is rebuilt (``__reduce__``)."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest

from firmware_sim.camera import CameraUnavailable
from handheld.assets import AssetError
from handheld.decklist import DeckListError
from handheld.engine.errors import InvalidDeck
from handheld.save.errors import SaveFileProblem

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("handheld", "scanner", "firmware_sim")

EXAMPLES = [
    (InvalidDeck(["12 cards named Metal Energy", "59 cards"]), ("violations",)),
    (DeckListError(["line 3: no such card", "line 9: count 0"]), ("problems",)),
    (AssetError("assets/cards/x.json", "not valid JSON"), ("path", "reason")),
    (SaveFileProblem("corrupt", "the save file is damaged"), ("kind", "message")),
    (CameraUnavailable("/dev/video9", "no such device", "plug it in"),
     ("what", "problem", "hint")),
]


@pytest.mark.parametrize(("error", "fields"), EXAMPLES,
                         ids=[type(e).__name__ for e, _ in EXAMPLES])
def test_an_error_comes_back_from_pickling_as_it_went(error: Exception,
                                                      fields: tuple[str, ...]) -> None:
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error)
    assert str(back) == str(error)
    for name in fields:
        assert getattr(back, name) == getattr(error, name)


def _exception_classes_with_constructors() -> set[str]:
    """Names of the project's exception classes (by their bases' names, to a fixpoint)
    that define ``__init__`` without ``__reduce__``."""
    classes: dict[str, tuple[list[str], set[str]]] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef):
                    bases = [b.id if isinstance(b, ast.Name) else
                             b.attr if isinstance(b, ast.Attribute) else "" for b in node.bases]
                    methods = {f.name for f in node.body if isinstance(f, ast.FunctionDef)}
                    classes[f"{path.stem}.{node.name}"] = (bases, methods)
    errors = {"Exception", "ValueError", "RuntimeError", "OSError", "KeyError", "TypeError"}
    grew = True
    while grew:
        grew = False
        for key, (bases, _) in classes.items():
            name = key.split(".", 1)[1]
            if name not in errors and any(b in errors for b in bases):
                errors.add(name)
                grew = True
    return {key for key, (_, methods) in classes.items()
            if key.split(".", 1)[1] in errors and "__init__" in methods
            and "__reduce__" not in methods}


def test_every_error_with_its_own_constructor_says_how_it_is_rebuilt() -> None:
    found = _exception_classes_with_constructors()
    # DataError's constructor keeps the message as its first argument, and its code is
    # only read in the process that raised it.
    assert found <= {"datacli.DataError"}, sorted(found)
