"""Opening the save file at boot: new, good, crashed, damaged, foreign, newer, unreadable.

A file that cannot be used must be reported with a message naming it, left byte for byte
as it was, and the game must still get working (in-memory) saves.
"""

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from firmware_sim.storage import SimStorage
from handheld.save import (
    SAVE_FILE,
    SCHEMA_VERSION,
    SaveFileProblem,
    Saves,
    check_save_file,
    open_saves,
)
from handheld.save.schema import APPLICATION_ID

REPO = Path(__file__).resolve().parents[2]


def make_good_file(path: Path) -> None:
    with Saves.open(path, now=lambda: 1.0) as saves:
        pid = saves.create_profile("Ash").id
        saves.add_cards(pid, {f"ecard1-{i}": i for i in range(1, 166)})
        for i in range(20):
            saves.save_deck(pid, f"Deck {i}", [f"ecard1-{j % 100 + 1}" for j in range(60)])


def files_of(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


def assert_reported_and_untouched(storage: SimStorage, kind: str, *phrases: str) -> None:
    """Open the storage's saves: the problem is reported, the files are byte-for-byte as
    they were, and the in-memory saves work."""
    before = files_of(storage.data_dir)
    opened = open_saves(storage, now=lambda: 5.0)
    path = storage.data_dir / SAVE_FILE
    assert opened.problem_kind == kind
    assert opened.problem is not None and str(path) in opened.problem
    for phrase in phrases:
        assert phrase in opened.problem
    assert opened.path == path and opened.saves.path is None
    # The game goes on: the temporary saves work.
    pid = opened.saves.create_profile("Guest").id
    opened.saves.add_cards(pid, ["ecard1-1"])
    assert opened.saves.owned_counts(pid) == {"ecard1-1": 1}
    opened.saves.close()
    assert files_of(storage.data_dir) == before
    with pytest.raises(SaveFileProblem) as err:
        Saves.open(path)
    assert err.value.kind == kind
    assert files_of(storage.data_dir) == before


def test_a_new_storage_gets_a_new_save_file(storage):
    opened = open_saves(storage)
    assert (opened.problem, opened.problem_kind) == (None, None)
    assert opened.path == storage.data_dir / SAVE_FILE == opened.saves.path
    assert opened.saves.schema_version == SCHEMA_VERSION
    opened.saves.close()
    assert (storage.data_dir / SAVE_FILE).read_bytes().startswith(b"SQLite format 3\x00")


def test_an_empty_file_becomes_a_new_save(storage):
    storage.path(SAVE_FILE).write_bytes(b"")
    opened = open_saves(storage)
    assert opened.problem is None
    assert opened.saves.create_profile("Ash").id == 1
    opened.saves.close()


def test_saves_survive_closing_and_reopening(storage):
    make_good_file(storage.path(SAVE_FILE))
    opened = open_saves(storage)
    assert opened.problem is None
    [ash] = opened.saves.profiles()
    assert len(opened.saves.decks(ash.id)) == 20
    assert opened.saves.owned_counts(ash.id)["ecard1-165"] == 165
    opened.saves.close()


def test_committed_saves_are_in_a_power_cut_copy(storage, clock):
    """Cut the power while the saves are still open: the copy holds every commit."""
    opened = open_saves(storage, now=clock)
    saves = opened.saves
    pid = saves.create_profile("Ash").id
    saves.add_cards(pid, {"ecard1-98": 3})
    saves.save_deck(pid, "Fire", ["ecard1-98"] * 3)
    cut = storage.power_cut()
    assert (cut.data_dir / f"{SAVE_FILE}-wal").exists()  # the commits are in the log
    after = open_saves(cut, now=clock)
    assert after.problem is None
    [ash] = after.saves.profiles()
    assert after.saves.owned_counts(ash.id) == {"ecard1-98": 3}
    assert after.saves.deck_named(ash.id, "Fire").cards == ("ecard1-98",) * 3
    after.saves.close()
    saves.close()


def test_a_killed_writer_leaves_a_file_that_opens_with_its_commits(storage):
    """A process that dies without closing (no checkpoint) leaves a log to recover."""
    script = textwrap.dedent(f"""
        import os, sys
        sys.path.insert(0, {str(REPO)!r})
        from handheld.save import Saves
        s = Saves.open({str(storage.path(SAVE_FILE))!r}, now=lambda: 1.0)
        pid = s.create_profile("Ash").id
        s.add_cards(pid, {{"ecard1-7": 2}})
        os._exit(0)
    """)
    subprocess.run([sys.executable, "-c", script], check=True, timeout=60)
    assert (storage.data_dir / f"{SAVE_FILE}-wal").stat().st_size > 0
    assert check_save_file(storage.data_dir / SAVE_FILE) is None
    opened = open_saves(storage)
    assert opened.problem is None
    assert opened.saves.owned_counts(1) == {"ecard1-7": 2}
    opened.saves.close()


def test_a_file_that_is_not_a_database_is_left_untouched(storage):
    storage.path(SAVE_FILE).write_bytes(b"these are not the saves you are looking for\n" * 50)
    assert_reported_and_untouched(storage, "corrupt", "is not a save file",
                                  "left exactly as it was", "Start fresh")


def test_a_file_with_the_sqlite_header_and_garbage_after_it_is_left_untouched(storage):
    storage.path(SAVE_FILE).write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 40)
    assert_reported_and_untouched(storage, "corrupt", "left exactly as it was")


def test_a_damaged_database_is_left_untouched(storage):
    path = storage.path(SAVE_FILE)
    make_good_file(path)
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) >= 8 * page
    for start in range(page, len(data), page):
        data[start] = 0x77  # not a b-tree page type: every page after the first is broken
    path.write_bytes(bytes(data))
    assert_reported_and_untouched(storage, "corrupt", "is damaged", "left exactly as it was",
                                  "temporary saves")


def test_another_programs_database_is_left_untouched(storage):
    path = storage.path(SAVE_FILE)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (body TEXT)")
    conn.execute("INSERT INTO notes VALUES ('shopping list')")
    conn.commit()
    conn.close()
    assert_reported_and_untouched(storage, "corrupt", "not this game's save file", "notes")


def test_a_file_from_a_newer_version_is_left_untouched(storage):
    path = storage.path(SAVE_FILE)
    make_good_file(path)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 7}")
    conn.close()
    assert_reported_and_untouched(
        storage, "newer", "newer version of the game",
        f"version {SCHEMA_VERSION + 7}; this version reads up to version {SCHEMA_VERSION}",
        "Update the game")


def test_a_newer_file_with_a_log_left_by_a_crash_is_left_untouched(storage):
    """The newer game crashed: the log beside the file must not be replayed into it."""
    script = textwrap.dedent(f"""
        import os, sqlite3
        c = sqlite3.connect({str(storage.path(SAVE_FILE))!r}, isolation_level=None)
        c.execute("PRAGMA journal_mode = WAL")
        c.execute("PRAGMA application_id = {APPLICATION_ID}")  # every file of ours has it
        c.execute("CREATE TABLE future (x)")
        c.execute("PRAGMA user_version = {SCHEMA_VERSION + 1}")
        c.execute("INSERT INTO future VALUES (1)")
        os._exit(0)
    """)
    subprocess.run([sys.executable, "-c", script], check=True, timeout=60)
    assert (storage.data_dir / f"{SAVE_FILE}-wal").stat().st_size > 0
    before = files_of(storage.data_dir)
    opened = open_saves(storage)
    assert opened.problem_kind == "newer"
    opened.saves.close()
    after = files_of(storage.data_dir)
    assert after[SAVE_FILE] == before[SAVE_FILE]
    assert after[f"{SAVE_FILE}-wal"] == before[f"{SAVE_FILE}-wal"]


def test_a_save_path_that_is_a_directory_is_reported(storage):
    storage.path(SAVE_FILE).mkdir()
    opened = open_saves(storage)
    assert opened.problem_kind == "unreadable"
    assert "could not be opened" in opened.problem and "SD card" in opened.problem
    assert opened.saves.create_profile("Guest").name == "Guest"
    opened.saves.close()


def test_a_storage_that_cannot_be_created_is_reported(tmp_path):
    blocker = tmp_path / "file-not-dir"
    blocker.write_text("x")
    opened = open_saves(SimStorage(blocker / "data"))
    assert opened.problem_kind == "unreadable" and opened.path is None
    assert opened.saves.profiles() == []
    opened.saves.close()


def test_checking_a_good_file_creates_no_files(storage):
    make_good_file(storage.path(SAVE_FILE))
    before = files_of(storage.data_dir)
    assert check_save_file(storage.data_dir / SAVE_FILE) is None
    assert files_of(storage.data_dir) == before
