"""The "saves" fuzz area notices what it is there to notice: reads that crash on a damaged
row, a stranger's database taken as a save file (and written to), a damaged file changed."""

from __future__ import annotations

import random

import pytest

from handheld.save import opening, rows
from tools.fuzzing import core
from tools.fuzzing import saves as area


def _run(attempts: int = 30, seed: int = 3) -> core.AreaResult:
    result = core.AreaResult("saves")
    area.HANDHELD_EVERY = 10**9  # the API reads are enough to show the point, and fast
    area.run(result, attempts, random.Random(seed))
    return result


@pytest.fixture(autouse=True)
def _restore_every(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(area, "HANDHELD_EVERY", area.HANDHELD_EVERY)


def test_the_area_passes_the_real_saves() -> None:
    result = _run(20)
    assert result.attempts == 20 and result.failure_count == 0, result.as_dict()


def test_rows_read_without_their_checks_crash_the_readers(monkeypatch) -> None:
    """With every row taken as it is stored, damaged rows reach the readers and crash
    them: the area must count tracebacks."""
    monkeypatch.setattr(rows, "check_row", lambda table, raw: tuple(raw))
    monkeypatch.setattr("handheld.save.saves.check_row", lambda table, raw: tuple(raw))
    monkeypatch.setattr(opening, "scan", lambda conn: rows.Scan())  # nor does the boot check
    monkeypatch.setattr(area, "DAMAGE", [("row", area._row)])
    monkeypatch.setattr(area, "ROW_DAMAGE", [("settings", "value", "not json"),
                                             ("suspended_match", "replay", "[1")])
    result = _run(30)
    assert result.by_kind.get("traceback", 0) == result.attempts == 30, result.as_dict()


def test_a_stranger_taken_for_a_save_file_is_a_failure(monkeypatch) -> None:
    """Without the application-id and layout checks, another program's database is opened,
    switched to WAL and migrated: the area must report it accepted and changed."""
    def trusting(path, conn, out):  # an inspection that believes any SQLite file
        out.app_id, out.version, out.ours = 0, 0, True
        out.fresh = True

    monkeypatch.setattr(opening, "_inspect_database", trusting)
    monkeypatch.setattr(area, "DAMAGE", [("foreign", area._foreign)])
    result = _run(8)
    assert result.failure_count == result.attempts == 8, result.as_dict()


def test_a_damaged_file_that_gets_written_is_a_failure(monkeypatch) -> None:
    """If opening a damaged file wrote to it, the area must see the changed bytes."""
    real = opening.open_saves

    def scribbling(storage, **kwargs):
        opened = real(storage, **kwargs)
        if opened.problem is not None and opened.path is not None:
            with opened.path.open("ab") as f:
                f.write(b"!")
        return opened

    monkeypatch.setattr("handheld.save.open_saves", scribbling)
    monkeypatch.setattr(area, "DAMAGE", [("zero_page", lambda p, r: area._bytes(p, r,
                                                                                 "zero_page"))])
    result = _run(6)
    assert result.by_kind.get("file_changed", 0) >= 6, result.as_dict()
