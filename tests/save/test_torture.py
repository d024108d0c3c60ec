"""The power-cut torture test (tools/torture_saves.py): a short run passes, and its checker
catches lost commits, torn transactions and damaged files."""

import importlib.util
import sqlite3
import sys
from pathlib import Path

import pytest

from handheld.save import SAVE_FILE, Saves

TOOL = Path(__file__).resolve().parents[2] / "tools" / "torture_saves.py"


@pytest.fixture(scope="module")
def torture():
    spec = importlib.util.spec_from_file_location("torture_saves", TOOL)
    module = importlib.util.module_from_spec(spec)
    sys.modules["torture_saves"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    yield module
    del sys.modules["torture_saves"]


def test_a_short_run_survives_every_kill(torture, tmp_path):
    summary = torture.run_torture(8, seed=5, data_dir=tmp_path / "data", max_commits=12)
    assert summary["failures"] == []
    assert summary["ok"] is True
    assert summary["kills"] == 8
    assert summary["integrity_failures"] == summary["lost_commits"] == 0
    assert summary["state_mismatches"] == summary["child_errors"] == 0
    assert summary["commits_checked"] > 0
    assert (tmp_path / "data" / SAVE_FILE).exists()


def written(torture, path: Path, steps: range) -> None:
    """Write ``steps`` through the Saves API exactly as the child does."""
    clock = torture.StepClock()
    with Saves.open(path, now=clock) as saves:
        pid = saves.create_profile(torture.PROFILE).id
        deck_ids: dict[str, int] = {}
        for step in steps:
            clock.now = float(step)
            torture.write_step(saves, pid, step, deck_ids)


def expected_after(torture, steps: range):
    model = torture.Model()
    for step in steps:
        model = model.apply(step)
    return model


def test_the_checker_accepts_the_reported_steps_and_the_one_in_flight(torture, tmp_path):
    path = tmp_path / SAVE_FILE
    written(torture, path, range(1, 13))
    empty = torture.Model()
    v = torture.verify(path, expected_after(torture, range(1, 13)), list(range(1, 13)), 13,
                       empty)
    assert (v.integrity_ok, v.problem, v.lost, v.mismatch) == (True, None, [], False)
    # Step 12 committed but its line never arrived: it is the step in flight.
    v = torture.verify(path, expected_after(torture, range(1, 12)), list(range(1, 12)), 12,
                       empty)
    assert (v.lost, v.mismatch) == ([], False)


def test_the_checker_counts_lost_commits(torture, tmp_path):
    path = tmp_path / SAVE_FILE
    written(torture, path, range(1, 10))
    reported = list(range(1, 16))  # the child said it committed 10..15 too
    v = torture.verify(path, expected_after(torture, range(1, 16)), reported, 16,
                       torture.Model())
    # 10 (history row), 11 (card) .. 15: every one of them is missing.
    assert v.lost == [10, 11, 12, 13, 14, 15]
    assert v.mismatch is True


def test_the_checker_catches_a_torn_transaction(torture, tmp_path):
    path = tmp_path / SAVE_FILE
    written(torture, path, range(1, 11))
    conn = sqlite3.connect(path)
    conn.execute("DELETE FROM deck_cards WHERE position = 3")  # half a deck save
    conn.commit()
    conn.close()
    v = torture.verify(path, expected_after(torture, range(1, 11)), list(range(1, 11)), 11,
                       torture.Model())
    assert v.lost == [] and v.mismatch is True


def test_the_checker_catches_a_damaged_file(torture, tmp_path):
    path = tmp_path / SAVE_FILE
    written(torture, path, range(1, 60))
    data = bytearray(path.read_bytes())
    for start in range(4096, len(data), 4096):
        data[start] = 0x77
    path.write_bytes(bytes(data))
    v = torture.verify(path, expected_after(torture, range(1, 60)), list(range(1, 60)), 60,
                       torture.Model())
    assert v.integrity_ok is False and v.problem is not None and v.mismatch is True


def test_lines_are_parsed_strictly(torture):
    rnd = torture.Round()
    # Step 6 writes a setting (S), not a match; 7 comes out of order; the last line is cut.
    rnd.feed(b"START 4\n4 H\n5 C\n6 M\n7 M\n7 ")
    assert rnd.start == 4 and rnd.steps == [4, 5]
    assert rnd.bad_lines == ["6 M", "7 M"] and rnd.in_flight() == 6
