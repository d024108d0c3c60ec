"""The fuzz suite's own machinery, and every area's short run (0 failures).

An area that cannot notice a failure would be a check that cannot fail, so the machinery
is tested on targets that crash, hang and succeed, and each area's short run must report
its attempts."""

from __future__ import annotations

import random
import sys
import time

import pytest

from tools.fuzz import area_modules, run_area
from tools.fuzzing import core


def test_guard_tells_refusals_from_crashes_and_hangs() -> None:
    result = core.AreaResult("t")
    assert core.guard(result, "ok", lambda: 3) == (True, 3)
    done, exc = core.guard(result, "refused", lambda: int("x"), (ValueError,))
    assert not done and isinstance(exc, ValueError)
    core.guard(result, "crash", lambda: [][1], (ValueError,))
    core.guard(result, "hang", lambda: time.sleep(5), seconds=0.2)
    assert result.attempts == 4
    assert result.by_kind == {"traceback": 1, "hang": 1}
    assert "IndexError" in result.failures[0].detail


def test_check_command_flags_tracebacks_bad_exits_and_hangs() -> None:
    result = core.AreaResult("t")
    core.check_command(result, core.python("-c", "print('fine')"))
    core.check_command(result, core.python("-c", "raise SystemExit(2)"))
    core.check_command(result, core.python("-c", "1/0"))
    core.check_command(result, core.python("-c", "raise SystemExit(7)"))
    core.check_command(result, core.python("-c", "import time; time.sleep(9)"), timeout=1)
    core.check_command(result, core.python("-c", "b = bytearray(2 * 1024 ** 3)"))
    assert result.attempts == 6
    assert result.by_kind == {"traceback": 1, "bad_exit": 1, "hang": 1, "memory": 1}


def test_failures_are_kept_bounded() -> None:
    result = core.AreaResult("t")
    for i in range(core.KEPT_FAILURES + 10):
        result.fail("traceback", "x", "y" * 10_000 + str(i))
    assert result.failure_count == core.KEPT_FAILURES + 10
    assert len(result.failures) == core.KEPT_FAILURES
    assert len(result.failures[0].sample) < 400


def test_peak_rss_is_this_process() -> None:
    assert 5 < core.peak_rss_mb() < core.MEMORY_LIMIT_MB


@pytest.mark.parametrize("name", sorted(area_modules()))
def test_every_area_short_run_finds_nothing(name: str) -> None:
    module = area_modules()[name]
    out = run_area(name, module.SHORT, 1)
    assert out["attempts"] >= module.SHORT, out
    assert out["failures"] == 0, out["examples"]


def test_the_deck_files_area_notices_a_reader_that_crashes(monkeypatch) -> None:
    from tools.fuzzing import deck_files

    def broken(path: object) -> list[str]:
        raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "boom")

    monkeypatch.setattr(deck_files, "read_deck_file", broken)
    result = core.AreaResult("deck_files")
    deck_files.run(result, 10, random.Random(1))
    assert result.by_kind.get("traceback", 0) >= 9


def test_the_data_files_area_notices_readers_that_crash_or_accept_too_much(
        monkeypatch) -> None:
    from handheld.decklist import DeckList
    from handheld.engine.eras import HOME
    from tools.fuzzing import data_files

    def broken(*args: object, **kwargs: object) -> object:
        raise KeyError("boom")

    monkeypatch.setattr(data_files, "read_csv", broken)
    monkeypatch.setattr(data_files, "read_json", broken)
    result = core.AreaResult("data_files")
    data_files.run(result, 20, random.Random(1))
    assert result.by_kind.get("traceback", 0) == 10  # every collection attempt
    monkeypatch.setattr(data_files, "parse_deck_text",
                        lambda *a, **k: DeckList(["nope-1"] * 500, HOME))
    result = core.AreaResult("data_files")
    data_files.run(result, 20, random.Random(1))
    assert result.by_kind.get("false_accept", 0) == 10  # every deck attempt


def test_the_runner_prints_json_and_fails_on_findings(tmp_path) -> None:
    done = core.run_command(core.python("tools/fuzz.py", "--area", "deck_files",
                                        "--attempts", "30"))
    assert done.returncode == 0, done.stderr
    import json

    report = json.loads(done.stdout)
    assert report["areas"][0]["attempts"] >= 30 and report["failures"] == 0
    assert "deck_files: 30 attempts" in done.stderr
    bad = core.run_command(core.python("tools/fuzz.py", "--attempts", "0"))
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    # --skip-area takes areas out of the run; none left is a usage error.
    done = core.run_command(core.python("tools/fuzz.py", "--area", "deck_files", "--area",
                                        "link", "--skip-area", "link", "--attempts", "2"))
    assert done.returncode == 0, done.stderr
    assert [a["area"] for a in json.loads(done.stdout)["areas"]] == ["deck_files"]
    none = core.run_command(core.python("tools/fuzz.py", "--area", "link", "--skip-area",
                                        "link"))
    assert none.returncode == 2 and "leaves no area" in none.stderr
    assert sys.executable


def test_the_cli_area_finds_every_command_and_notices_a_traceback(monkeypatch) -> None:
    from tools.fuzzing import cli

    options = cli.discover({"HANDHELD_BOARD": "headless", "SDL_VIDEODRIVER": "dummy"})
    commands = {(o.command, o.sub) for o in options}
    assert {("handheld", "sim"), ("scanner", "decode"), ("firmware_sim", "battery"),
            ("tools/soak_ui.py", None), ("handheld", "collection import"),
            ("handheld", "decks export"), ("handheld", "saves check")} <= commands
    assert any(o.sub == "collection import" and o.flag == "--skip-bad" for o in options)
    assert any(o.flag == "--frames" and o.takes_value for o in options)
    monkeypatch.setattr(cli, "COMMANDS", {"broken": core.python("-c", BROKEN_CLI)})
    result = core.AreaResult("cli")
    cli.run(result, 1000, random.Random(1))  # more than there are: every value once
    assert result.attempts == len(cli.HOSTILE_VALUES)
    assert result.by_kind.get("traceback", 0) >= 5  # "abc", "", "1e308"... crash int()


BROKEN_CLI = """
import argparse, sys
p = argparse.ArgumentParser()
p.add_argument("--count", type=str)
a = p.parse_args()
print(int(a.count or "x"))
"""
