"""The link fuzz area notices a broken link: one that crashes on a payload, accepts a
wrong pairing code, delivers what it should refuse, or ignores its work budget."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from firmware_sim import link as link_module
from handheld.engine import EngineError
from handheld.netplay import Netplay, Stop
from tools.fuzzing import core
from tools.fuzzing import link as link_area

ATTEMPTS = 40  # with seed 1, every kind of attack comes up at least once


def run_area() -> core.AreaResult:
    result = core.AreaResult("link")
    link_area.run(result, ATTEMPTS, random.Random(1))
    assert result.attempts == ATTEMPTS
    return result


def test_the_unbroken_link_passes() -> None:
    result = run_area()
    assert result.failure_count == 0, result.failures


def test_a_decoder_without_limits_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def naive(payload: bytes) -> dict[str, Any]:
        value = json.loads(payload)  # recursion, huge numbers, any size
        if not isinstance(value, dict):
            raise link_module.MessageError("not an object")
        return value

    monkeypatch.setattr(link_module, "decode_message", naive)
    result = run_area()
    assert result.by_kind.get("traceback", 0) >= 1  # RecursionError, ValueError ...
    # And what it lets through is seen: an over-long string delivered as a message.
    code = link_module.new_pairing_code()
    payload = json.dumps({"s": "x" * (link_module.MAX_STRING + 1)}).encode()
    frame = link_module.encode_frame(link_module.Frame(link_module.FLAG_DATA, 1, 1, payload))
    attack = link_area.Attack("long string", [link_module.pairing_request(code), frame], code,
                              True)
    problems = link_area._attack(attack, code).problems
    assert [kind for kind, _ in problems] == ["false_accept"]
    assert "string of 4097 characters" in problems[0][1]


def test_the_oracle_checks_delivered_messages_on_their_own() -> None:
    assert link_area.message_problem({"a": [1, 2.5, None, True, {"b": "c"}]}) is None
    assert "deep" in (link_area.message_problem({"a": [[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]}) or "")
    assert "integer" in (link_area.message_problem({"n": 10**19}) or "")
    assert "string" in (link_area.message_problem({"s": "x" * 5000}) or "")
    assert "values" in (link_area.message_problem({"l": [0] * 5000}) or "")
    assert "nan" in (link_area.message_problem({"f": float("nan")}) or "")
    assert "not an object" in (link_area.message_problem([1]) or "")


def test_a_host_that_accepts_any_code_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(link_module.hmac, "compare_digest", lambda a, b: True)
    result = run_area()
    assert result.by_kind.get("false_accept", 0) >= 1
    assert any("no right pairing code" in f.detail for f in result.failures)


def test_a_reader_that_ignores_its_budget_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    decode = link_module.FrameDecoder.decode

    def greedy(self: link_module.FrameDecoder, max_frames: int | None = None,
               max_scan: int | None = None) -> list[link_module.Frame | link_module.Garbage]:
        return decode(self)  # everything buffered, however much

    monkeypatch.setattr(link_module.FrameDecoder, "decode", greedy)
    monkeypatch.setattr(link_module, "BAD_RUN", 10**9)  # no disconnect to hide the stall
    monkeypatch.setattr(link_module, "GARBAGE_RUN", 10**9)
    result = run_area()
    assert result.by_kind.get("hang", 0) >= 1
    assert any("over its budget" in f.detail for f in result.failures)


def test_a_crash_inside_poll_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(self: link_module.Link, *args: object) -> None:
        raise IndexError("a bug")

    monkeypatch.setattr(link_module.Link, "_deliver", crash)
    result = run_area()
    assert result.by_kind.get("traceback", 0) >= 1
    assert any("internal link error" in f.detail for f in result.failures)


def test_netplay_that_crashes_on_a_message_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Delivered messages go through the game's netplay checks: one that raises on a
    mutated message is a traceback."""
    assert link_area.netplay_problem(link_area.GOOD) is None
    assert link_area.netplay_problem({"t": "hello", "v": 2, "cards": [[1]] * 60}) is None

    def fragile(msg: dict[str, Any], *, game: str, era: str) -> Any:
        return msg["name"].strip()  # trusts the peer: a missing or non-text name raises

    monkeypatch.setattr(link_area, "parse_hello", fragile)
    result = run_area()
    assert result.by_kind.get("traceback", 0) >= 1
    assert any("netplay raised" in f.detail for f in result.failures), result.failures


def test_hostile_notation_reaches_a_real_match_and_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Answers whose text is hostile are delivered and applied to a match waiting for the
    friend's decision; the unbroken netplay refuses each without a failure."""
    judged: list[Any] = []
    judge = link_area.answer_problem

    def spy(message: Any) -> Any:
        if isinstance(message, dict) and message.get("t") == "answer" and \
                message != link_area.GOOD:
            judged.append(message)
        return judge(message)

    monkeypatch.setattr(link_area, "answer_problem", spy)
    result = run_area()
    assert result.failure_count == 0, result.failures
    assert len(judged) >= 5
    assert all(isinstance(m.get("action"), str) for m in judged)


def _lenient(self: Netplay) -> Stop | None:
    """A netplay that plays the first option when a text does not read (a false accept)."""
    msg = self.inbox.popleft()
    try:
        self.session.answer(msg["action"])
    except EngineError:
        self.session.answer(0)
    return None


def _fragile(self: Netplay) -> Stop | None:
    """A netplay that lets the engine's refusal of a text escape (a traceback)."""
    self.session.answer(self.inbox.popleft()["action"])
    return None


@pytest.mark.parametrize(("apply_next", "kind"), [(_lenient, "false_accept"),
                                                  (_fragile, "traceback")])
def test_a_netplay_that_mishandles_an_unreadable_answer_is_caught(
        monkeypatch: pytest.MonkeyPatch, apply_next: Any, kind: str) -> None:
    monkeypatch.setattr(Netplay, "apply_next", apply_next)
    message = {"t": "answer", "n": 3, "action": "teleport ecard1-1 bench9", "digest": "x"}
    assert link_area.answer_problem(message) is not None
    assert link_area.answer_problem(message)[0] == kind  # type: ignore[index]
    result = run_area()
    assert result.by_kind.get(kind, 0) >= 1, result.by_kind
