"""``python -m handheld saves check|backup|restore``: the save file from the command line.

    saves check [FILE] [--json]        integrity, application id, version, every row
    saves backup TARGET [--file FILE]  a consistent copy (SQLite's backup API), never over a file
    saves restore BACKUP [--file FILE] put a checked backup in place; the current file is kept

FILE defaults to ``saves.sqlite3`` in the game's data directory (``--data-dir``, else the
default of ``firmware_sim.storage``). Paths given here are the operator's, but still only
regular files are read, a backup never overwrites anything, and a file that is not this
game's save (or is damaged) is never restored. Run ``backup`` and ``restore`` with the game
stopped. Errors are one line on stderr: exit 1 for a damaged file or a refused action, 2 for
a usage error.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

from .opening import SAVE_FILE, SIDECARS, backup_to, inspect, set_aside
from .schema import APPLICATION_ID, SCHEMA_VERSION


class CommandError(Exception):
    """A refused action: its message is the one line printed."""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """The ``saves`` command and its three actions, on the main parser's subparsers."""
    saves = subparsers.add_parser(
        "saves", help="check the save file, back it up, or restore a backup",
        description="Check the save file (exit 0: sound, 1: damaged or not usable), copy it, "
                    "or put a checked backup in its place (the current file is kept first).")
    saves.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS,
                       help="where the saves live (default: the game's data directory)")
    actions = saves.add_subparsers(dest="saves_action", metavar="ACTION", required=True)
    check = actions.add_parser("check", help="check the save file (or FILE); exit 1 if damaged")
    check.add_argument("file", nargs="?", metavar="FILE",
                       help="the file to check (default: the game's save file)")
    check.add_argument("--json", action="store_true", help="print the findings as JSON")
    backup = actions.add_parser("backup", help="copy the save file to TARGET (never over an "
                                               "existing file)")
    backup.add_argument("target", metavar="TARGET", help="where the copy goes (a new file)")
    backup.add_argument("--file", metavar="FILE", help="the save file (default: the game's)")
    restore = actions.add_parser("restore", help="put BACKUP in place of the save file, after "
                                                 "checking it; the current file is kept")
    restore.add_argument("backup", metavar="BACKUP", help="a backup made by 'saves backup'")
    restore.add_argument("--file", metavar="FILE", help="the save file (default: the game's)")
    for action in (check, backup, restore):  # also accepted after the action's name
        action.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS,
                            help="where the saves live (default: the game's data directory)")
    return saves


def _save_file(args: argparse.Namespace, given: str | None) -> Path:
    if given:
        return Path(given)
    from firmware_sim.storage import DirStorage

    data_dir = getattr(args, "data_dir", None)
    storage = DirStorage(data_dir)
    return storage.data_dir / SAVE_FILE


def _regular(path: Path, what: str) -> Path:
    if not path.exists() and not path.is_symlink():
        raise CommandError(f"{what} {path} does not exist")
    if not path.is_file():
        raise CommandError(f"{what} {path} is not a regular file")
    return path


def check(path: Path, as_json: bool) -> int:
    _regular(path, "the save file")
    found = inspect(path)
    problems = list(found.findings)
    if found.problem is not None and not problems:
        problems.append(found.problem.message)
    ok = found.problem is None
    if as_json:
        print(json.dumps({
            "file": str(path), "ok": ok,
            "kind": None if ok else found.problem.kind if found.problem else None,
            "application_id": found.app_id, "ours": found.ours,
            "version": found.version, "current_version": SCHEMA_VERSION,
            "empty": found.fresh, "problems": problems}, indent=2))
    elif ok:
        what = ("an empty save file" if found.fresh else
                f"save format version {found.version}" +
                ("" if found.version == SCHEMA_VERSION else
                 f" (the game brings it to {SCHEMA_VERSION}, after a backup)"))
        print(f"ok: {path}: {what}")
    else:
        for line in problems:
            print(f"damaged: {path}: {line}")
    return 0 if ok else 1


def backup(source: Path, target: Path) -> int:
    _regular(source, "the save file")
    if target.exists() or target.is_symlink():
        raise CommandError(f"{target} already exists; a backup never overwrites a file")
    if not target.parent.is_dir():
        raise CommandError(f"{target.parent} is not a directory")
    found = inspect(source)
    if found.problem is not None and not found.ours:
        raise CommandError(f"{source} is not this game's save file: nothing was copied")
    try:
        backup_to(source, target)
    except (OSError, sqlite3.Error) as e:
        raise CommandError(f"could not copy {source} to {target}: {e}") from None
    note = "" if found.problem is None else " (the save file is damaged: see 'saves check')"
    print(f"backed up {source} to {target}{note}")
    return 0


def restore(backup_file: Path, path: Path) -> int:
    _regular(backup_file, "the backup")
    found = inspect(backup_file)
    if found.problem is not None:
        raise CommandError(f"the backup {backup_file} cannot be restored: "
                           f"{found.findings[0] if found.findings else found.problem.kind}")
    if found.fresh or found.app_id != APPLICATION_ID:
        raise CommandError(f"the backup {backup_file} is not a save file of this game")
    if path.exists() and backup_file.resolve() == path.resolve():
        raise CommandError("the backup is the save file itself")
    kept = None
    if path.exists() or any(Path(f"{path}{s}").exists() for s in SIDECARS):
        if not path.is_file() and path.exists():
            raise CommandError(f"the save file {path} is not a regular file")
        try:
            kept = set_aside(path, "before-restore")
        except OSError as e:
            raise CommandError(f"could not keep the current save file: {e}") from None
    try:
        backup_to(backup_file, path)
    except (OSError, sqlite3.Error) as e:
        raise CommandError(f"could not restore {backup_file} to {path}: {e}"
                           + (f" (the previous file is kept as {kept})" if kept else "")
                           ) from None
    after = inspect(path)
    if after.problem is not None:  # pragma: no cover (checked above; a failing card)
        raise CommandError(f"the restored file does not check out: {after.findings[:1]}")
    print(f"restored {backup_file} to {path}" +
          (f"; the previous save file is kept as {kept}" if kept else ""))
    return 0


def run(args: argparse.Namespace) -> int:
    """Run ``saves ACTION``; the exit status. Refusals are one line on stderr."""
    action = args.saves_action
    try:
        if action == "check":
            return check(_save_file(args, args.file), args.json)
        if action == "backup":
            return backup(_save_file(args, args.file), Path(args.target))
        if action == "restore":
            return restore(Path(args.backup), _save_file(args, args.file))
    except CommandError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"error: {e.strerror or e} ({e.filename or ''})", file=sys.stderr)
        return 1
    print(f"error: unknown action {action!r}", file=sys.stderr)
    return 2
