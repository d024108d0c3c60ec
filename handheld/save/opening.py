"""Opening the save file at boot: check it without changing it, then open it for writing.

A save file that is damaged, is not a save file, or comes from a newer version of the game
is reported with a message for the player and left exactly as it is, byte for byte: it is
looked at first through a read-only connection (``file:...?mode=ro``) before anything that
could write (switching to WAL, migrating) happens. The game then runs on in-memory saves,
so nothing crashes; the player decides what to do with the file.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from .errors import SaveFileProblem
from .saves import BUSY_TIMEOUT_S, Saves
from .schema import APPLICATION_ID, SCHEMA_VERSION, migrate

SAVE_FILE = "saves.sqlite3"
SQLITE_MAGIC = b"SQLite format 3\x00"
# SQLite result codes that mean "the bytes are wrong", as opposed to "could not read them".
_CORRUPT_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB

_KEPT = "It has been left exactly as it was."
_TEMPORARY = ("The game is running with temporary saves for now: anything saved until the "
              "next start will be lost when it is switched off.")
_START_OVER = ("To start over with new saves, move the file somewhere else (keep it if you "
               "want to try to recover it, e.g. with the sqlite3 shell's .recover command) "
               "and restart the game.")


class Storage(Protocol):
    """What the saves need of ``firmware_sim.storage``: a path for a file name."""

    def path(self, name: str) -> Path: ...


def corrupt(path: Path, what: str) -> SaveFileProblem:
    return SaveFileProblem("corrupt", f"The save file {path} {what}. {_KEPT} {_TEMPORARY} "
                                      f"{_START_OVER}")


def newer(path: Path, version: int) -> SaveFileProblem:
    return SaveFileProblem(
        "newer",
        f"The save file {path} was written by a newer version of the game (save format "
        f"version {version}; this version reads up to version {SCHEMA_VERSION}). {_KEPT} "
        f"Update the game to use these saves. {_TEMPORARY}")


def unreadable(path: Path, error: BaseException) -> SaveFileProblem:
    return SaveFileProblem(
        "unreadable",
        f"The save file {path} could not be opened ({error}). {_TEMPORARY} Check that the "
        "SD card is in place, not full and not write-protected, then restart the game.")


def _damage(path: Path, e: sqlite3.Error) -> SaveFileProblem:
    code = getattr(e, "sqlite_errorcode", None)
    if code is not None and code & 0xFF in _CORRUPT_CODES:
        if code & 0xFF == 26:
            return corrupt(path, "is not a save file (it is not an SQLite database)")
        return corrupt(path, f"is damaged (SQLite says: {e})")
    return unreadable(path, e)


def check_save_file(path: Path) -> SaveFileProblem | None:
    """What is wrong with the save file at ``path``, or None if it can be opened (a missing
    or empty file is fine: it becomes a new save). Never writes to the file."""
    if not path.exists():
        return None
    if not path.is_file():
        return unreadable(path, IsADirectoryError("it is not a regular file"))
    try:
        with path.open("rb") as f:
            head = f.read(len(SQLITE_MAGIC))
    except OSError as e:
        return unreadable(path, e)
    if not head:
        return None  # a power cut before the first write left an empty file: a new save
    if head != SQLITE_MAGIC:
        return corrupt(path, "is not a save file (it is not an SQLite database)")
    # With no log beside it, the file alone is the database: "immutable" reads it without
    # creating the -wal and -shm files a read-only WAL connection would otherwise leave.
    sidecars = [Path(f"{path}{s}") for s in ("-wal", "-journal")]
    quiet = "" if any(s.exists() for s in sidecars) else "&immutable=1"
    try:
        conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro" + quiet, uri=True,
                               isolation_level=None, timeout=BUSY_TIMEOUT_S)
    except sqlite3.Error as e:
        return _damage(path, e)
    try:
        rows = conn.execute("PRAGMA quick_check").fetchall()
        if [tuple(r) for r in rows] != [("ok",)]:
            first = "; ".join(str(r[0]) for r in rows[:3])
            return corrupt(path, f"is damaged (the integrity check found: {first})")
        app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        tables = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    except sqlite3.Error as e:
        if (getattr(e, "sqlite_errorcode", 0) & 0xFF) == 8 and sidecars[1].exists():
            # SQLITE_READONLY with a hot rollback journal: a crash left a transaction to
            # undo, which only a writer can do. That is ordinary recovery, not damage.
            return None
        return _damage(path, e)
    finally:
        conn.close()
    if app_id not in (0, APPLICATION_ID) or (version == 0 and tables):
        return corrupt(path, "is an SQLite database but not this game's save file "
                             f"(application id {app_id:#x}, tables: {', '.join(tables) or '-'})")
    if version > SCHEMA_VERSION:
        return newer(path, version)
    return None


def configure(conn: sqlite3.Connection) -> str:
    """Durability settings for a file connection; the journal mode in effect.

    WAL with synchronous=FULL: a commit returns only after the write-ahead log is synced,
    so it survives a power cut; a torn write lands in the log, whose checksums let the next
    open drop it. If the file system cannot do WAL (no shared memory), SQLite stays in its
    rollback journal, which with synchronous=FULL is just as durable, only slower."""
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    mode = str(conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]).lower()
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    # Keep the log small on the SD card after checkpoints (bytes).
    conn.execute("PRAGMA journal_size_limit = 1048576")
    return mode


def open_file(path: Path | str, *, now: Callable[[], float] = time.time) -> Saves:
    """The strict open behind :meth:`Saves.open`: check, then open, configure, migrate."""
    path = Path(path)
    problem = check_save_file(path)
    if problem is not None:
        raise problem
    try:
        conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_S)
    except sqlite3.Error as e:
        raise unreadable(path, e) from e
    try:
        mode = configure(conn)
        migrate(conn)
    except sqlite3.Error as e:
        conn.close()
        raise unreadable(path, e) from e
    return Saves(conn, now=now, path=path, journal_mode=mode)


@dataclass
class OpenedSaves:
    """What :func:`open_saves` found: working ``saves`` always; ``problem`` is None, or the
    message to show the player (then ``saves`` are in memory and the file is untouched)."""

    saves: Saves
    problem: str | None
    path: Path | None
    problem_kind: str | None = None  # "corrupt", "newer" or "unreadable"


def open_saves(storage: Storage, *, now: Callable[[], float] = time.time,
               name: str = SAVE_FILE) -> OpenedSaves:
    """Open the saves in ``storage`` for the game. Never raises for a bad file."""
    path: Path | None = None
    try:
        path = storage.path(name)
        return OpenedSaves(Saves.open(path, now=now), None, path)
    except SaveFileProblem as p:
        return OpenedSaves(Saves.in_memory(now=now), p.message, path, p.kind)
    except (OSError, sqlite3.Error) as e:
        p = unreadable(path if path is not None else Path(name), e)
        return OpenedSaves(Saves.in_memory(now=now), p.message, path, p.kind)
