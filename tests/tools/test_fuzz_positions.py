"""The positions fuzz area notices a loader that crashes, accepts impossible positions or
changes what it is given (so its 0 failures can mean something)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import handheld.engine.validate as validate
from handheld.engine import Match
from tools.fuzzing import core, positions


def run(attempts: int) -> core.AreaResult:
    result = core.AreaResult("positions")
    positions.run(result, attempts, random.Random(5))
    return result


def test_a_loader_that_crashes_is_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(pool: Any, pos: Any, **kw: Any) -> Match:
        raise KeyError("players")

    monkeypatch.setattr(positions, "load", broken)
    result = run(20)
    assert result.by_kind.get("traceback", 0) == 20


def test_a_loader_without_the_validator_accepts_impossible_positions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(validate, "validate_state", lambda m: None)
    result = run(200)
    assert result.by_kind.get("false_accept", 0) > 0, result.as_dict()


def test_a_loader_that_refuses_real_positions_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    from handheld.engine.errors import InvalidPosition

    def refuses(pool: Any, pos: Any, **kw: Any) -> Match:
        raise InvalidPosition("no")

    monkeypatch.setattr(positions, "load", refuses)
    result = run(40)
    assert result.by_kind.get("false_accept", 0) == 2  # the unmutated ones, 1 in 20


def test_a_loader_that_changes_its_input_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    def meddles(pool: Any, pos: Any, **kw: Any) -> Match:
        if isinstance(pos, dict):
            pos["meddled"] = True
        return Match.from_position(pool, pos, **kw)

    monkeypatch.setattr(positions, "load", meddles)
    result = run(20)
    assert result.by_kind.get("file_changed", 0) >= 15


def test_the_invariants_are_checked_independently() -> None:
    """A match broken after loading (a Benched Pokémon Paralyzed) is reported."""
    pool = positions.default_pool()
    pos = positions.corpus(pool, random.Random(1), games=1)[-40]
    m = Match.from_position(pool, pos)
    assert positions.broken_invariant(m) is None
    bench = next(p.bench for p in m.players if p.bench)
    bench[0].conditions = 4
    assert "Special Condition" in str(positions.broken_invariant(m))
