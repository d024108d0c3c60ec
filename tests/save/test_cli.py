"""``python -m handheld saves check|backup|restore``."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from handheld.__main__ import main
from handheld.save import SAVE_FILE, SCHEMA_VERSION, Saves, inspect

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def data(tmp_path) -> Path:
    directory = tmp_path / "data"
    directory.mkdir()
    with Saves.open(directory / SAVE_FILE, now=lambda: 1.0) as saves:
        pid = saves.create_profile("Ash").id
        saves.add_cards(pid, {"ecard1-98": 3})
        saves.set_setting(pid, "settings", {"volume": 4})
    return directory


def saves_cmd(data: Path, *args: str) -> int:
    return main(["saves", *args[:1], "--data-dir", str(data), *args[1:]])


def damage(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("UPDATE settings SET value = 'not json'")
    conn.commit()
    conn.close()


def test_check_a_sound_file(data, capsys) -> None:
    assert saves_cmd(data, "check") == 0
    out = capsys.readouterr().out
    assert out.startswith("ok: ") and f"save format version {SCHEMA_VERSION}" in out


def test_check_a_damaged_file_lists_each_problem_and_exits_1(data, capsys) -> None:
    damage(data / SAVE_FILE)
    before = (data / SAVE_FILE).read_bytes()
    assert saves_cmd(data, "check") == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 and lines[0].startswith("damaged: ")
    assert "settings (1, 'settings')" in lines[0] and "not valid JSON" in lines[0]
    assert saves_cmd(data, "check", "--json") == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False and report["kind"] == "corrupt"
    assert report["version"] == SCHEMA_VERSION
    assert len(report["problems"]) == 1
    assert (data / SAVE_FILE).read_bytes() == before


def test_check_refuses_what_is_not_a_regular_file(tmp_path, capsys) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for target in (fifo, tmp_path, tmp_path / "missing"):
        assert main(["saves", "check", str(target)]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("error: ")


def test_backup_makes_a_sound_copy_and_never_overwrites(data, tmp_path, capsys) -> None:
    target = tmp_path / "copy.sqlite3"
    assert saves_cmd(data, "backup", str(target)) == 0
    assert inspect(target).problem is None
    with Saves.open(target) as copy:
        assert copy.owned_counts(1) == {"ecard1-98": 3}
    kept = target.read_bytes()
    capsys.readouterr()
    assert saves_cmd(data, "backup", str(target)) == 1
    assert "never overwrites" in capsys.readouterr().err
    assert target.read_bytes() == kept


def test_backup_refuses_a_strangers_database(tmp_path, capsys) -> None:
    foreign = tmp_path / "theirs.db"
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    assert main(["saves", "backup", str(tmp_path / "b"), "--file", str(foreign)]) == 1
    assert "not this game's save file" in capsys.readouterr().err
    assert not (tmp_path / "b").exists()


def test_restore_checks_the_backup_and_keeps_the_current_file(data, tmp_path, capsys) -> None:
    backup = tmp_path / "b.sqlite3"
    assert saves_cmd(data, "backup", str(backup)) == 0
    with Saves.open(data / SAVE_FILE) as saves:
        saves.add_cards(1, {"ecard1-1": 1})  # played on after the backup
    current = (data / SAVE_FILE).read_bytes()
    assert saves_cmd(data, "restore", str(backup)) == 0
    assert "kept as" in capsys.readouterr().out
    assert (data / f"{SAVE_FILE}.before-restore").read_bytes() == current
    with Saves.open(data / SAVE_FILE) as saves:
        assert saves.owned_counts(1) == {"ecard1-98": 3}


def test_restore_refuses_a_damaged_or_foreign_backup(data, tmp_path, capsys) -> None:
    backup = tmp_path / "b.sqlite3"
    assert saves_cmd(data, "backup", str(backup)) == 0
    damage(backup)
    current = (data / SAVE_FILE).read_bytes()
    capsys.readouterr()
    assert saves_cmd(data, "restore", str(backup)) == 1
    assert "cannot be restored" in capsys.readouterr().err
    garbage = tmp_path / "g"
    garbage.write_bytes(b"x" * 5000)
    assert saves_cmd(data, "restore", str(garbage)) == 1
    assert (data / SAVE_FILE).read_bytes() == current
    assert not (data / f"{SAVE_FILE}.before-restore").exists()


def test_the_command_line_errors_are_one_line_without_a_traceback(tmp_path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    for args, code in ((["saves"], 2), (["saves", "check", str(tmp_path)], 1),
                       (["saves", "restore"], 2), (["saves", "frobnicate"], 2)):
        done = subprocess.run([sys.executable, "-m", "handheld", *args], capture_output=True,
                              text=True, env=env, timeout=60, cwd=tmp_path)
        assert done.returncode == code, (args, done.stderr)
        assert "Traceback" not in done.stderr
