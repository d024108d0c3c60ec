"""The log a player attaches to a bug report: -v and -vv on standard error, --log-file
rotated at a bounded size, the traceback of an internal error in the file and one line
for the player, and nothing on the terminal without -v (other tests compare it)."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from handheld import __main__ as cli
from handheld.logs import LOG_BACKUPS, LOG_FILE_NAME, MAX_LOG_BYTES, configure_logging


def run(argv: list[str], capsys: Any) -> tuple[int, str, str]:
    try:
        code = cli.main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_without_v_the_terminal_shows_no_log(capsys: Any, tmp_path: Path) -> None:
    code, out, err = run(["cards", "--text", "ecard1-1"], capsys)
    assert code == 0 and out.startswith("Alakazam")
    assert err == ""
    # A warning of ours with no -v stays off the terminal: Python's last-resort handler
    # would print it (pytest's own log capture hides that here, so a fresh process).
    for package in ("handheld", "scanner"):
        r = subprocess.run([sys.executable, "-c", f"import logging, {package}; logging."
                            f"getLogger('{package}.x').warning('nobody asked to see this')"],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 0 and r.stderr == "", r.stderr


def test_v_logs_info_and_vv_debug_on_stderr(capsys: Any) -> None:
    code, out, err = run(["-v", "cards", "--text", "ecard1-1"], capsys)
    assert code == 0 and out.startswith("Alakazam")  # stdout stays the command's own
    assert "INFO handheld.logs: pocket-tcg-handheld" in err and "Python" in err
    assert "INFO handheld.cli: command: cards" in err
    assert "DEBUG" not in err
    code, _, err = run(["-vv", "cards", "--text", "ecard1-1"], capsys)
    assert "DEBUG handheld.logs: command line:" in err


def test_log_file_gets_the_startup_and_the_saves(tmp_path: Path, capsys: Any) -> None:
    log_file = tmp_path / "report.log"
    code, _, err = run(["--log-file", str(log_file), "--data-dir", str(tmp_path / "data"),
                        "--headless", "--frames", "5"], capsys)
    assert code == 0 and "INFO" not in err  # the file only, not the terminal
    text = log_file.read_text(encoding="utf-8")
    assert "pocket-tcg-handheld" in text and "command: play" in text
    assert "screen: pygame-ce" in text and "(headless)" in text
    assert "saves: opened" in text and "saves.sqlite3" in text


def test_log_file_without_a_path_goes_beside_the_saves(tmp_path: Path, capsys: Any) -> None:
    data = tmp_path / "data"
    code, _, _ = run(["--data-dir", str(data), "--headless", "--frames", "2", "--log-file"],
                     capsys)
    assert code == 0
    assert "command: play" in (data / LOG_FILE_NAME).read_text(encoding="utf-8")


def test_log_file_refuses_a_command_taken_for_its_path(capsys: Any) -> None:
    code, _, err = run(["--log-file", "demo"], capsys)
    assert code == 2 and "must end in .log" in err


def test_an_internal_error_is_one_line_for_the_player_and_a_traceback_in_the_log(
        tmp_path: Path, capsys: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(args: Any) -> int:
        raise RuntimeError("a bug deep inside")

    monkeypatch.setattr(cli, "_cards", broken)
    log_file = tmp_path / "bug.log"
    code, _, err = run(["--log-file", str(log_file), "cards"], capsys)
    assert code == 70
    assert err.strip().splitlines() == [
        "internal error: RuntimeError: a bug deep inside -- please report this with the "
        "command you ran"]
    text = log_file.read_text(encoding="utf-8")
    assert "Traceback" in text and "RuntimeError: a bug deep inside" in text


def test_the_log_file_is_bounded(tmp_path: Path) -> None:
    path = tmp_path / "big.log"
    undo = configure_logging(0, path)
    try:
        chatty = logging.getLogger("handheld.test")
        for i in range(12000):  # about 3 MB: more than the file and its backups hold
            chatty.info("line %d %s", i, "x" * 200)
    finally:
        undo()
    files = sorted(tmp_path.glob("big.log*"))
    assert len(files) == 1 + LOG_BACKUPS  # rotated, and the oldest dropped
    assert all(f.stat().st_size <= MAX_LOG_BYTES for f in files)
    assert "line 11999" in path.read_text(encoding="utf-8")  # the newest kept
    assert not logging.getLogger().handlers or all(
        getattr(h, "baseFilename", "") != str(path) for h in logging.getLogger().handlers)
