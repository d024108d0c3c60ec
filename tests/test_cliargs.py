"""handheld.cliargs: the argument types the command lines share refuse hostile values with
one line (argparse's exit 2), never a traceback."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from handheld.cliargs import checkout
from tools import bench_speed, bench_ui

ROOT = Path(__file__).resolve().parent.parent


def test_a_checkout_is_a_folder_with_the_game_in_it(tmp_path: Path) -> None:
    assert checkout(str(ROOT)) == ROOT
    (tmp_path / "handheld").mkdir()
    with pytest.raises(argparse.ArgumentTypeError, match="no checkout of the game"):
        checkout(str(tmp_path))  # a handheld folder, but no package in it
    (tmp_path / "handheld" / "__init__.py").write_text("", encoding="utf-8")
    assert checkout(str(tmp_path)) == tmp_path


@pytest.mark.parametrize("name, why", [
    ("n" * 400, "File name too long"),  # the fuzzer's case: stat() raised past argparse
    ("9" * 5000, "not a usable folder name"),
    ("a\0b", "not a usable folder name"),
    ("", "not a usable folder name"),
    ("/no/such/folder", "is not a folder"),
])
def test_a_checkout_that_cannot_be_is_refused_by_name(name: str, why: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=why):
        checkout(name)


def test_a_file_is_not_a_checkout(tmp_path: Path) -> None:
    f = tmp_path / "file"
    f.write_text("x", encoding="utf-8")
    with pytest.raises(argparse.ArgumentTypeError, match="is not a folder"):
        checkout(str(f))


@pytest.mark.parametrize("main", [bench_speed.main, bench_ui.main])
def test_the_benchmarks_refuse_a_bad_compare_root_with_one_line(
        main: object, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--compare-root", "n" * 400])  # type: ignore[operator]
    assert exit_.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--compare-root" in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ["--worker", "n" * 400, "--games", "1", "--greedy-games", "1", "--clone-games", "1"],
    ["--worker", "/", "--games", "1", "--greedy-games", "1", "--clone-games", "1"],
    ["--worker", str(ROOT), "--games", "-3", "--greedy-games", "1", "--clone-games", "1"],
])
def test_bench_speeds_hidden_worker_flag_refuses_bad_values_with_one_line(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        bench_speed.main(argv)
    assert exit_.value.code == 2
    assert "Traceback" not in capsys.readouterr().err
