"""The board_config fuzz area notices a loader that crashes or converts what it should
refuse (the short run with 0 failures is in test_fuzz.py)."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

import pytest

from firmware_sim.board import BoardConfig, BoardConfigError
from firmware_sim.config import _check_key_depth as check_key_depth
from tools.fuzzing import board_config, core


def test_a_loader_that_crashes_is_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def crashing(path: Path) -> BoardConfig:
        raise AttributeError("'int' object has no attribute 'values'")

    monkeypatch.setattr(board_config, "load_config", crashing)
    monkeypatch.setattr(board_config, "CLI_EVERY", 10**9)  # in-process attempts only
    result = core.AreaResult("board_config")
    board_config.run(result, 40, random.Random(1))
    assert result.by_kind.get("traceback", 0) >= 39, result.by_kind


def lenient(path: Path) -> BoardConfig:
    """The loader as it was: every value converted, nothing refused. (It keeps today's
    bound on a dotted key's depth, so the parser's slow cases cost no test time.)"""
    if not path.is_file():
        raise BoardConfigError(f"{path} is not a file")
    text = path.read_text(encoding="utf-8", errors="replace")
    check_key_depth(text)
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError) as exc:
        raise BoardConfigError(str(exc)) from None
    sections = {k: v for k, v in data.items() if isinstance(v, dict)}
    buttons, power = sections.get("buttons", {}), sections.get("power", {})
    link = sections.get("link", {})
    try:
        return BoardConfig(kind=str(data.get("kind", "auto")),
                           active_low=bool(buttons.get("active_low", True)),
                           power_poll_frames=int(power.get("poll_frames", 30)),
                           link_port=int(link.get("port", 47115)) % 65536,
                           shutdown_command=tuple(power.get("shutdown_command", ())))
    except (TypeError, ValueError, OverflowError) as exc:
        raise BoardConfigError(str(exc)) from None


def test_a_loader_that_converts_wrong_types_is_a_false_accept(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(board_config, "load_config", lenient)
    monkeypatch.setattr(board_config, "CLI_EVERY", 10**9)
    result = core.AreaResult("board_config")
    board_config.run(result, 200, random.Random(2))
    assert result.by_kind.get("false_accept", 0) >= 10, result.by_kind
    details = " ".join(f.detail for f in result.failures)
    assert "wrote" in details and "loaded" in details


def test_field_check_catches_each_conversion_the_issue_names() -> None:
    base = board_config.documented_example()
    for section, key, written, loaded in (
            ("power", "shutdown_command", "poweroff", {"shutdown_command": tuple("poweroff")}),
            ("buttons", "active_low", "no", {"active_low": True}),
            ("link", "port", 70000, {"link_port": 4464}),
            ("power", "poll_frames", 0, {"power_poll_frames": 0})):
        data = {**base, section: {**base[section], key: written}}
        assert board_config.field_problems(data, BoardConfig(**loaded)), key
    # The documented example, loaded faithfully, has nothing wrong with it.
    assert board_config.field_problems(base, _faithful(base)) == []


def _faithful(data: dict[str, Any]) -> BoardConfig:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "board.toml"
        path.write_text(board_config.to_toml(data))
        return board_config.load_config(path)
