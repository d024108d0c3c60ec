"""The protocol fuzz area notices each kind of failure it is there for: a broken target
(monkeypatched) must be reported, so that its 0 failures on the real one mean something."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from handheld import cards
from handheld.engine.errors import InvalidDeck
from handheld.protocol import session as protocol_session
from handheld.protocol.decks import DeckSources
from handheld.protocol.session import COMMANDS, Session, _Command
from tools.fuzzing import core
from tools.fuzzing import protocol as area

ATTEMPTS = 800


def run_area(seed: int = 2) -> core.AreaResult:
    result = core.AreaResult("protocol")
    area.run(result, ATTEMPTS, random.Random(seed))
    assert result.attempts >= ATTEMPTS
    return result


def test_a_command_that_crashes_is_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(session: Session, req: dict[str, Any]) -> dict[str, Any]:
        raise KeyError("boom")

    monkeypatch.setitem(COMMANDS, "legal", _Command(crash, frozenset()))
    result = run_area()
    assert result.by_kind.get("internal_error", 0) >= 5
    assert any("KeyError" in f.detail for f in result.failures)


def test_an_unbounded_parser_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The old reader: json.loads on whatever came (bad bytes, NaN, deep nesting)."""
    monkeypatch.setattr(protocol_session, "parse_request",
                        lambda raw: json.loads(raw if isinstance(raw, (str, bytes)) else "x"))
    result = run_area()
    assert result.by_kind.get("internal_error", 0) >= 5


def test_a_crash_out_of_serve_is_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    real = protocol_session.reply_to

    def fragile(session: Session, raw: Any) -> Any:
        if isinstance(raw, bytes):
            raw.decode("utf-8")  # the original bug: one bad byte ended the session
        return real(session, raw)

    monkeypatch.setattr(protocol_session, "reply_to", fragile)
    result = run_area()
    assert result.by_kind.get("traceback", 0) >= 1
    assert "UnicodeDecodeError" in result.failures[0].detail


def test_a_deck_file_echoed_in_an_error_is_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """The old deck lookup: any path with an extension, the reader's message passed on."""
    def leaky(self: DeckSources, spec: Any, where: str, pool_has: Any) -> list[str]:
        if isinstance(spec, str):
            try:
                ids = cards.load_deck(spec)
            except cards.DeckFileError as exc:
                raise InvalidDeck([f"{where}: {exc}"]) from None
            unknown = sorted(set(c for c in ids if not pool_has(c)))
            if unknown:
                raise InvalidDeck([f"unknown card id {c!r}" for c in unknown])
            return ids
        return DeckSources._inline(spec, where)

    monkeypatch.setattr(DeckSources, "load", leaky)
    result = run_area(seed=4)
    leaks = [f for f in result.failures if "file content echoed" in f.detail]
    assert result.by_kind.get("false_accept", 0) >= 1 and leaks


def test_a_view_that_shows_the_hidden_hand_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def omniscient(session: Session, req: dict[str, Any]) -> dict[str, Any]:
        m = session._need_match()
        return {"view": {"players": [{"hand": list(p.hand), "deck": list(p.deck)}
                                     for p in m.players]}}

    monkeypatch.setitem(COMMANDS, "view", _Command(omniscient, frozenset({"player"})))
    result = run_area()
    assert any("hidden cards" in f.detail for f in result.failures)


def test_mutated_positions_stay_json_and_leave_the_hostile_values_alone() -> None:
    """Positions are kept and mutated again and again; a hostile value placed in one was
    the shared constant itself, so a card moved into it changed the constant and could put
    a list inside itself (a whole long run failed on it, seed 3035)."""
    hostile_before = json.dumps(area.HOSTILE_VALUES)
    rng = random.Random(3035)
    pos: dict[str, Any] = {"players": [{"hand": ["ecard1-98#0"], "deck": [[], {}]},
                                       {"hand": [], "deck": [[0], [[0]]]}], "turn": 3}
    kept = [pos]
    for _ in range(3000):
        pos = area.mutate_position(rng.choice(kept), rng)
        json.dumps(pos)  # no circular reference
        if isinstance(pos, dict) and len(kept) < 40:
            kept.append(pos)
        elif isinstance(pos, dict):
            kept[rng.randrange(len(kept))] = pos
    assert json.dumps(area.HOSTILE_VALUES) == hostile_before
