"""Opening the save file at boot: check it without changing it, then open it for writing.

A save file that is damaged, is not this game's, or comes from a newer version of the game
is reported with a message for the player and left exactly as it is, byte for byte. It is
looked at first without any write (a read-only, immutable connection; or, when a log lies
beside it, a scratch copy where SQLite may recover as it likes), and checked all the way:
the integrity check, the application id, the exact table layout of its version, and every
row (:mod:`handheld.save.rows`), since SQLite keeps no checksum of what a row holds.

Only a file that passes is opened for writing. Nothing is ever written to a file whose
application id is not ours: an id of 0 is accepted only with the exact layout our own
migrations make (so a stranger's database with ``user_version`` 1-5 is refused), or for a
database holding nothing at all. Before a migration the file is copied (SQLite's backup API).

A damaged file of ours is salvaged into memory: every row that passes its check, so the
player keeps the rest while the file stays untouched. :func:`start_fresh` then sets the
damaged file aside under a new name and writes what was read into a new save file.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from .errors import SaveFileProblem
from .rows import Scan, copy_rows, lenient_text, scan
from .saves import BUSY_TIMEOUT_S, Saves, backup_connection
from .schema import APPLICATION_ID, SCHEMA_VERSION, migrate

log = logging.getLogger(__name__)

SAVE_FILE = "saves.sqlite3"
SQLITE_MAGIC = b"SQLite format 3\x00"
SIDECARS = ("-wal", "-journal")
MAX_SAVE_BYTES = 64 * 1024 * 1024  # far beyond a lifetime of play (a few MB); bounds the boot check
# SQLite result codes that mean "the bytes are wrong", as opposed to "could not read them".
_CORRUPT_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB

_KEPT = "It has been left exactly as it was."
_TEMPORARY = ("The game is running with temporary saves for now: anything saved until the "
              "next start will be lost when it is switched off.")
_START_OVER = ("To start over, choose \"Start fresh\" on the title screen (the file is kept "
               "as a backup copy beside it), or run: python -m handheld saves check.")


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
    if code is not None and code & 0xFF == 26:
        return corrupt(path, "is not a save file (it is not an SQLite database)")
    if (code is not None and code & 0xFF in _CORRUPT_CODES) or (
            code is None and type(e) is sqlite3.DatabaseError):
        return corrupt(path, f"is damaged (SQLite says: {e})")
    return unreadable(path, e)


def _foreign(path: Path, app_id: int, objects: list[str]) -> SaveFileProblem:
    return corrupt(path, "is an SQLite database but not this game's save file (application "
                         f"id {app_id:#x}, tables: {', '.join(objects[:8]) or '-'})")


# ---- the layout each version must have --------------------------------------------------

Layout = tuple[tuple[Any, ...], ...]
_PLAIN_NAME = re.compile(r"[A-Za-z0-9_]{1,64}")


def _layout(conn: sqlite3.Connection) -> Layout:
    """The schema as structure: each table's columns (name, type, not null, default, key)
    and foreign keys, each index's table and columns. Compared as structure, not as SQL
    text, since SQLite versions may word an altered table's SQL differently."""
    out: list[tuple[Any, ...]] = []
    rows = conn.execute("SELECT type, name, tbl_name FROM sqlite_master").fetchall()
    for kind, name, table in rows:
        kind, name, table = str(kind), str(name), str(table)
        if not _PLAIN_NAME.fullmatch(name):  # not a name of ours; no pragma is run on it
            out.append((kind, name, table))
        elif kind == "table":
            columns = tuple(tuple(r[1:]) for r in
                            conn.execute("SELECT * FROM pragma_table_info(?)", (name,)))
            keys = tuple(sorted(tuple(str(v) for v in r[2:5]) for r in
                                conn.execute("SELECT * FROM pragma_foreign_key_list(?)",
                                             (name,))))
            out.append((kind, name, table, columns, keys))
        elif kind == "index":
            indexed = tuple(str(r[2]) for r in
                            conn.execute("SELECT * FROM pragma_index_info(?)", (name,)))
            out.append((kind, name, table, indexed))
        else:
            out.append((kind, name, table))
    return tuple(sorted(out, key=repr))


@cache
def expected_layout(version: int) -> Layout:
    """The tables and indexes that our own migrations make at ``version``."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(conn, version)
        return _layout(conn)
    finally:
        conn.close()


# ---- looking at a file without writing to it --------------------------------------------

@dataclass
class Inspection:
    """What the check found. ``problem`` None: the file can be opened (``fresh``: there is
    nothing in it yet). ``rows``: every row that passed (for a salvage), when the file was
    ours enough to read them; ``findings``: one line per problem."""

    problem: SaveFileProblem | None = None
    fresh: bool = False
    version: int | None = None
    app_id: int | None = None
    ours: bool = False
    rows: Scan | None = None
    findings: list[str] = field(default_factory=list)


@contextmanager
def _reader(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection that cannot change ``path``: read-only and immutable when the file is
    alone; with a log beside it, a scratch copy of file and log, where SQLite may recover
    the log as the next writer would (the original and its log are not touched)."""
    logs = [Path(f"{path}{s}") for s in SIDECARS if Path(f"{path}{s}").exists()]
    if not logs:
        conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro&immutable=1", uri=True,
                               isolation_level=None, timeout=BUSY_TIMEOUT_S)
        try:
            conn.text_factory = lenient_text
            yield conn
        finally:
            conn.close()
        return
    with tempfile.TemporaryDirectory(prefix="handheld-check-") as tmp:
        copy = Path(tmp) / "check.sqlite3"
        _copy_regular(path, copy)
        for log in logs:
            _copy_regular(log, Path(f"{copy}{log.name[len(path.name):]}"))
        conn = sqlite3.connect(copy, isolation_level=None, timeout=BUSY_TIMEOUT_S)
        try:
            conn.text_factory = lenient_text
            yield conn
        finally:
            conn.close()


def _copy_regular(source: Path, target: Path) -> None:
    if not source.is_file():
        raise OSError(f"{source} is not a regular file")
    if source.stat().st_size > MAX_SAVE_BYTES:
        raise OSError(f"{source} is larger than {MAX_SAVE_BYTES} bytes")
    shutil.copyfile(source, target)


def inspect(path: Path) -> Inspection:
    """Everything wrong with the save file at ``path``; never writes to it (or beside it)."""
    out = Inspection()
    if not path.exists() and not path.is_symlink():
        out.fresh = True
        return out
    if not path.is_file():
        out.problem = unreadable(path, IsADirectoryError("it is not a regular file"))
        return out
    try:
        size = path.stat().st_size
        with path.open("rb") as f:
            head = f.read(len(SQLITE_MAGIC))
    except OSError as e:
        out.problem = unreadable(path, e)
        return out
    if not head and not any(Path(f"{path}{s}").exists() for s in SIDECARS):
        out.fresh = True  # a power cut before the first write left an empty file: a new save
        return out
    if head != SQLITE_MAGIC:
        out.problem = corrupt(path, "is not a save file (it is not an SQLite database)")
        return out
    if size > MAX_SAVE_BYTES:
        out.problem = corrupt(path, f"is {size} bytes long, more than a save file can be")
        return out
    try:
        with _reader(path) as conn:
            _inspect_database(path, conn, out)
    except OSError as e:
        out.problem = unreadable(path, e)
    except sqlite3.Error as e:
        out.problem = out.problem or _damage(path, e)
    if out.problem is not None and not out.findings:
        out.findings.append(str(out.problem.message).split(". ")[0])
    return out


def _inspect_database(path: Path, conn: sqlite3.Connection, out: Inspection) -> None:
    out.app_id = app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
    out.version = version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    try:
        layout = _layout(conn)
    except sqlite3.Error as e:
        out.problem = corrupt(path, f"is damaged (its table list cannot be read: {e})")
        return
    objects = [str(entry[1]) for entry in layout if entry[0] == "table"]
    if app_id not in (0, APPLICATION_ID):
        out.problem = _foreign(path, app_id, objects)
        return
    if not layout and version == 0:
        out.fresh = True  # an SQLite file with nothing in it: no one's data to lose
        return
    if app_id == 0 and (not 1 <= version <= SCHEMA_VERSION
                        or layout != expected_layout(version)):
        # Not marked as ours and not laid out as ours: a stranger's file, never written.
        out.problem = _foreign(path, app_id, objects)
        return
    if version > SCHEMA_VERSION:
        out.problem = newer(path, version)
        return
    out.ours = True
    if version == 0 or layout != expected_layout(version):
        # Still read what can be read below: the rows of the tables that are as expected.
        out.findings.append(f"its tables are not those of save format version {version}")
    try:
        integrity = [str(r[0]) for r in conn.execute("PRAGMA integrity_check(20)")]
    except sqlite3.Error as e:  # still read what can be read, below
        integrity = [f"the check itself failed ({e})"]
    if integrity != ["ok"]:
        out.findings.extend(f"integrity check: {line}" for line in integrity)
    other = len(out.findings)  # the layout and integrity findings
    out.rows = _scan_current(conn, version, out)
    out.findings.extend(out.rows.problems)
    extra = out.rows.problem_count - len(out.rows.problems)
    if extra > 0:
        out.findings.append(f"... and {extra} more damaged rows")
    if out.findings:
        n = other + out.rows.problem_count
        out.problem = corrupt(path, f"is damaged ({n} problem{'s' if n != 1 else ''}; the "
                                    f"first: {out.findings[0]}). Everything else that "
                                    "could be read is in the temporary saves")


def _scan_current(conn: sqlite3.Connection, version: int, out: Inspection) -> Scan:
    """Every row, checked as the current version lays it out: an older file is first
    copied into memory and migrated there (never in the file)."""
    if version == SCHEMA_VERSION:
        return scan(conn)
    mem = sqlite3.connect(":memory:", isolation_level=None)
    try:
        mem.text_factory = lenient_text
        try:
            conn.backup(mem)
            migrate(mem)
        except sqlite3.Error as e:
            result = Scan(unreadable=True)
            result.note(f"the file of version {version} could not be brought up to date in "
                        f"memory ({e})")
            return result
        return scan(mem)
    finally:
        mem.close()


def check_save_file(path: Path) -> SaveFileProblem | None:
    """What is wrong with the save file at ``path``, or None if it can be opened (a missing
    or empty file is fine: it becomes a new save). Never writes to the file."""
    return inspect(path).problem


# ---- opening for writing ----------------------------------------------------------------

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


def free_name(path: Path, tag: str) -> Path:
    """``<file>.<tag>``, or ``<file>.<tag>-2``... : a name beside ``path`` not yet taken."""
    n = 1
    while True:
        candidate = path.with_name(f"{path.name}.{tag}" + (f"-{n}" if n > 1 else ""))
        if not candidate.exists() and not any(
                Path(f"{candidate}{s}").exists() for s in SIDECARS):
            return candidate
        n += 1


def backup_to(path: Path, target: Path) -> None:
    """A consistent copy of the save file at ``path`` (with what its log holds) written to
    ``target`` through SQLite's backup API; never over an existing file."""
    if target.exists() or target.is_symlink():
        raise FileExistsError(f"{target} already exists; a backup never overwrites a file")
    with _reader(path) as source:
        backup_connection(source, target)


def open_file(path: Path | str, *, now: Callable[[], float] = time.time,
              found: Inspection | None = None) -> Saves:
    """The strict open behind :meth:`Saves.open`: check (unless ``found`` is the check
    just made), back up an older version, then open, configure, migrate."""
    path = Path(path)
    found = found or inspect(path)
    if found.problem is not None:
        raise found.problem
    if found.version is not None and 0 < found.version < SCHEMA_VERSION:
        try:  # before a migration changes the file: a copy of it as it was
            kept = free_name(path, f"v{found.version}-backup")
            backup_to(path, kept)
        except (OSError, sqlite3.Error) as e:
            log.error("saves: no backup of %s before its migration: %s", path, e)
            raise unreadable(path, e) from e
        log.info("saves: migrating %s from version %d to %d (the old file kept as %s)",
                 path, found.version, SCHEMA_VERSION, kept.name)
    try:
        conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_S)
    except sqlite3.Error as e:
        raise unreadable(path, e) from e
    try:
        mode = configure(conn)
        migrate(conn)
    except sqlite3.Error as e:
        conn.close()
        log.error("saves: %s cannot be opened: %s", path, e)
        raise unreadable(path, e) from e
    log.info("saves: opened %s (version %d, journal %s)", path, SCHEMA_VERSION, mode)
    return Saves(conn, now=now, path=path, journal_mode=mode)


def salvaged(found: Inspection, *, now: Callable[[], float] = time.time) -> Saves:
    """In-memory saves holding every row of a damaged file that passed its check."""
    saves = Saves.in_memory(now=now)
    if found.ours and found.rows is not None:
        copy_rows(found.rows.rows, saves._connection())
    return saves


@dataclass
class OpenedSaves:
    """What :func:`open_saves` found: working ``saves`` always; ``problem`` is None, or the
    message to show the player (then ``saves`` are in memory and the file is untouched).
    ``can_start_fresh``: the file may be set aside for a new one (:func:`start_fresh`)."""

    saves: Saves
    problem: str | None
    path: Path | None
    problem_kind: str | None = None  # "corrupt", "newer" or "unreadable"
    findings: list[str] = field(default_factory=list)

    @property
    def can_start_fresh(self) -> bool:
        return self.problem_kind == "corrupt" and self.path is not None


def open_saves(storage: Storage, *, now: Callable[[], float] = time.time,
               name: str = SAVE_FILE) -> OpenedSaves:
    """Open the saves in ``storage`` for the game. Never raises for a bad file."""
    path: Path | None = None
    found = Inspection()
    try:
        path = storage.path(name)
        found = inspect(path)
        return OpenedSaves(open_file(path, now=now, found=found), None, path)
    except SaveFileProblem as p:
        log.warning("saves: %s (%s); playing on with the saves in memory", p.message, p.kind)
        saves = salvaged(found, now=now) if found.ours else Saves.in_memory(now=now)
        return OpenedSaves(saves, p.message, path, p.kind, found.findings)
    except (OSError, sqlite3.Error, ValueError) as e:
        log.warning("saves: cannot open %s: %s; playing on with the saves in memory",
                    path or name, e)
        failed = unreadable(path if path is not None else Path(name), e)
        return OpenedSaves(Saves.in_memory(now=now), failed.message, path, failed.kind)


def set_aside(path: Path, tag: str = "damaged") -> Path:
    """Keep the file at ``path`` (and its logs) under a free name beside it, byte for byte,
    and remove it from ``path``; the name it is kept under."""
    target = free_name(path, tag)
    moved: list[tuple[Path, Path]] = []
    for suffix in ("", *SIDECARS):
        source = Path(f"{path}{suffix}")
        if source.exists():
            # A copy made exclusively, then synced, before the original goes: at no moment
            # is there no copy of the bytes (os.rename could replace a file on some systems).
            dest = Path(f"{target}{suffix}")
            with source.open("rb") as src, dest.open("xb") as out:
                shutil.copyfileobj(src, out)
                out.flush()
                os.fsync(out.fileno())
            moved.append((source, dest))
    for source, _ in moved:
        source.unlink()
    return target


def start_fresh(opened: OpenedSaves, *, now: Callable[[], float] = time.time
                ) -> tuple[Saves, Path]:
    """The player chose to start fresh: the damaged file is set aside (kept, renamed), and
    a new save file holding what could be read (``opened.saves``) takes its place. Returns
    the new saves and where the old file is kept."""
    if not opened.can_start_fresh or opened.path is None:
        raise SaveFileProblem("unreadable", "there is no damaged save file to set aside")
    path = opened.path
    kept = set_aside(path)
    try:
        dest = sqlite3.connect(path, isolation_level=None)
        try:
            opened.saves._connection().backup(dest)
        finally:
            dest.close()
        return Saves.open(path, now=now), kept
    except (OSError, sqlite3.Error) as e:
        raise unreadable(path, e) from e
