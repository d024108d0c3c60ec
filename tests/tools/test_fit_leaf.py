"""tools/fit_leaf.py: the logistic fit recovers known weights, a small run writes a weights
module that loads (the same file twice for the same arguments), and a bad --out is refused
before any game is played."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from handheld.players.leaf import FEATURES
from tools import fit_leaf


def load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("fitted_weights", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fit_recovers_known_weights() -> None:
    rng = np.random.default_rng(4)
    truth = np.array([-0.8, 0.5, 0.0, 0.3])
    x = rng.normal(size=(40_000, len(truth)))
    y = (rng.random(len(x)) < 1.0 / (1.0 + np.exp(-(x @ truth)))).astype(float)
    w = fit_leaf.fit(x, y)
    assert np.allclose(w, truth, atol=0.05)
    p = 1.0 / (1.0 + np.exp(-(x @ w)))
    assert fit_leaf.log_loss(p, y) < fit_leaf.log_loss(np.full(len(y), y.mean()), y)


def test_a_small_run_writes_a_module_that_loads(tmp_path: Path) -> None:
    first, second = tmp_path / "a.py", tmp_path / "b.py"
    for out in (first, second):
        assert fit_leaf.main(["--games", "6", "--seed", "3", "--out", str(out)]) == 0
    assert first.read_text() == second.read_text()
    module = load(first)
    assert set(module.WEIGHTS) == {*fit_leaf.FIT_ERAS, "all"}
    for weights in module.WEIGHTS.values():
        assert len(weights) == len(FEATURES) + 1
    assert "--games 6 --seed 3" in first.read_text()
    assert all(len(line) <= 100 for line in first.read_text().splitlines())


@pytest.mark.parametrize("out", ["weights.txt", "no/such/folder/w.py", "."])
def test_a_bad_out_is_refused(tmp_path: Path, out: str,
                              capsys: pytest.CaptureFixture[str]) -> None:
    target = str(tmp_path / out) if out != "." else str(tmp_path)
    assert fit_leaf.main(["--games", "2", "--out", target]) == 2
    assert "--out must name a .py file" in capsys.readouterr().err
