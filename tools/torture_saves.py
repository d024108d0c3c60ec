#!/usr/bin/env python3
"""Power-cut torture test of the save system: kill a writer with SIGKILL, over and over, and
check that every save it reported as committed survived and the file is sound.

Usage::

    python tools/torture_saves.py [--kills N] [--seed S] [--dir PATH] [--max-commits M]

A child process (this script with ``--child DIR``) opens the saves through
``handheld.save.open_saves`` and commits steps 1, 2, 3, ... through the ``Saves`` API,
printing one line per step after its commit returned: collection edits, deck edits, settings,
suspended matches (with an exact RNG state) and match-history inserts, each derived from the
step number alone, with the step number as the clock. The parent kills the child at a
seeded random moment (during start-up and recovery one time in ten, otherwise after a random
number of commits plus a random delay), takes a power-cut copy of the files
(``SimStorage.power_cut``) and on the copy runs ``PRAGMA integrity_check``, the boot check,
``open_saves``, and compares what the saves hold with what the child reported: every
reported step must be there (else a lost commit) and the whole state must equal the reported
steps, plus at most the one step the child was in the middle of (else a torn transaction).
The next child carries on in the original files, recovering whatever the kill left.

Progress goes to stderr; a JSON summary to stdout; the exit status is 1 if anything failed.
SIGKILL ends the process, not the machine: it checks atomicity and recovery, not that the
card really flushed (see docs/SAVES.md).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import selectors
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from firmware_sim.storage import DirStorage, SimStorage
from handheld.cliargs import Parser, bounded_int, directory, seed
from handheld.save import Saves, TimerPreset, check_save_file, open_saves

PROFILE = "Torture"
CARDS = tuple(f"ecard1-{i}" for i in range(1, 21))
DECK_NAMES = ("Torture A", "Torture B", "Torture C")
SETTING = "torture.step"
KINDS = "CDSMH"  # collection, deck, setting, suspended match, history: step % 5
ROUND_TIMEOUT_S = 60.0

# ---- what step n writes (shared by the child, which writes it, and the parent, which checks)


def kind_of(step: int) -> str:
    return KINDS[step % len(KINDS)]


def card_of(step: int) -> str:
    return CARDS[(step // len(KINDS)) % len(CARDS)]


def deck_of(step: int) -> tuple[str, tuple[str, ...]]:
    name = DECK_NAMES[(step // len(KINDS)) % len(DECK_NAMES)]
    size = 40 + step % 21  # the row count changes too, not only the values
    return name, tuple(f"ecard1-{(step * 7 + i) % 165 + 1}" for i in range(size))


def position_of(step: int) -> dict[str, Any]:
    return {"step": step, "turn": step % 30, "active": [f"ecard1-{step % 165 + 1}"],
            "hp": [step % 120, 60]}


def replay_of(step: int) -> dict[str, Any]:
    return {"seed": step, "answers": [i % 3 for i in range(step % 40)]}


def rng_of(step: int) -> Any:
    return random.Random(step).getstate()


def match_of(step: int) -> dict[str, Any]:
    return {"deck_a": DECK_NAMES[step % 3], "deck_b": "Rival",
            "winner": None if step % 4 == 0 else ("Torture" if step % 2 else "Rival"),
            "result": f"prizes at step {step}", "turns": step % 50 + 1}


# ---- the child ---------------------------------------------------------------------------


def _say(text: str) -> None:
    # One write() of a short line: the parent sees the whole line or none of it.
    os.write(1, (text + "\n").encode())


class StepClock:
    """The child's clock: the step being written, so every time stamp names its step."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def write_step(saves: Saves, pid: int, step: int, deck_ids: dict[str, int]) -> None:
    """Commit step ``step`` (one transaction); ``deck_ids`` remembers the decks' ids."""
    kind = kind_of(step)
    if kind == "C":
        saves.add_cards(pid, {card_of(step): 1})
    elif kind == "D":
        name, cards = deck_of(step)
        deck_ids[name] = saves.save_deck(pid, name, cards, deck_id=deck_ids.get(name)).id
    elif kind == "S":
        saves.set_setting(pid, SETTING, step)
    elif kind == "M":
        saves.suspend_match(pid, position_of(step), replay_of(step), rng_of(step))
    else:
        saves.add_match(pid, **match_of(step))


def child(data_dir: Path) -> int:
    """Write steps forever (until killed), one transaction each, reporting each commit."""
    clock = StepClock()
    opened = open_saves(DirStorage(data_dir), now=clock)
    if opened.problem is not None:
        _say(f"PROBLEM {opened.problem}")
        return 3
    saves = opened.saves
    profile = next((p for p in saves.profiles() if p.name == PROFILE), None)
    if profile is None:
        profile = saves.create_profile(PROFILE)
        # Not a checked step: a preset makes the file hold every table's kind of row.
        saves.save_timer_preset(profile.id, TimerPreset("Tournament", 90, 10))
    pid = profile.id
    step = 1 + int(max([0.0, *_stamps(saves, pid)]))
    _say(f"START {step}")
    deck_ids = {d.name: d.id for d in saves.decks(pid)}
    while True:
        clock.now = float(step)
        write_step(saves, pid, step, deck_ids)
        try:
            _say(f"{step} {kind_of(step)}")
        except BrokenPipeError:
            return 0  # the parent is gone
        step += 1


def _stamps(saves: Saves, pid: int) -> list[float]:
    """Every step number the saves carry (the child's clock is the step number)."""
    out = [e.first_scanned for e in saves.collection(pid, include_zero=True)]
    out += [d.updated for d in saves.decks(pid)]
    out += [m.played_at for m in saves.match_history(pid, limit=1)]
    s = saves.suspended_match(pid)
    if s is not None:
        out.append(s.saved_at)
    value = saves.setting(pid, SETTING)
    if isinstance(value, int):
        out.append(float(value))
    return out


# ---- the model the parent checks against -------------------------------------------------


@dataclass
class Model:
    """What the saves of the torture profile hold, in comparable form."""

    collection: dict[str, tuple[int, float]] = field(default_factory=dict)
    decks: dict[str, tuple[tuple[str, ...], float, float]] = field(default_factory=dict)
    setting: int | None = None
    suspended: tuple[float, Any, Any, Any] | None = None
    history: list[tuple[Any, ...]] = field(default_factory=list)

    def copy(self) -> Model:
        return Model(dict(self.collection), dict(self.decks), self.setting, self.suspended,
                     list(self.history))

    def apply(self, step: int) -> Model:
        """The model after step ``step`` (a new one)."""
        m = self.copy()
        t = float(step)
        kind = kind_of(step)
        if kind == "C":
            c = card_of(step)
            n, first = m.collection.get(c, (0, t))
            m.collection[c] = (n + 1, first)
        elif kind == "D":
            name, cards = deck_of(step)
            created = m.decks[name][1] if name in m.decks else t
            m.decks[name] = (cards, created, t)
        elif kind == "S":
            m.setting = step
        elif kind == "M":
            m.suspended = (t, position_of(step), replay_of(step), rng_of(step))
        else:
            d = match_of(step)
            m.history.append((t, d["deck_a"], d["deck_b"], d["winner"], d["result"],
                              d["turns"], "expedition"))
        return m

    def reflects(self, step: int, after: Model) -> bool:
        """Whether this (found) model contains step ``step``, whose expected result is
        ``after``: later steps may have overwritten it, never undone it."""
        t = float(step)
        kind = kind_of(step)
        if kind == "C":
            c = card_of(step)
            return self.collection.get(c, (0, 0.0))[0] >= after.collection[c][0]
        if kind == "D":
            name, _ = deck_of(step)
            return name in self.decks and self.decks[name][2] >= t
        if kind == "S":
            return self.setting is not None and self.setting >= step
        if kind == "M":
            return self.suspended is not None and self.suspended[0] >= t
        return any(row[0] == t for row in self.history)


def snapshot(saves: Saves) -> Model:
    m = Model()
    profile = next((p for p in saves.profiles() if p.name == PROFILE), None)
    if profile is None:
        return m
    pid = profile.id
    m.collection = {e.card_id: (e.count, e.first_scanned)
                    for e in saves.collection(pid, include_zero=True)}
    m.decks = {d.name: (d.cards, d.created, d.updated) for d in saves.decks(pid)}
    value = saves.setting(pid, SETTING)
    m.setting = value if isinstance(value, int) else None
    s = saves.suspended_match(pid)
    if s is not None:
        m.suspended = (s.saved_at, s.position, s.replay, s.rng_state)
    m.history = [(r.played_at, r.deck_a, r.deck_b, r.winner, r.result, r.turns, r.ruleset)
                 for r in reversed(saves.match_history(pid))]
    return m


@dataclass
class Verdict:
    integrity_ok: bool
    problem: str | None
    lost: list[int]  # reported steps missing from the file
    mismatch: bool  # the file equals neither "reported" nor "reported + the step in flight"
    found: Model | None


def verify(path: Path, expected: Model, reported: list[int], in_flight: int | None,
           before: Model) -> Verdict:
    """Check the save file at ``path`` (a power-cut copy) against what the child reported.

    ``before``: the model verified after the previous kill; ``reported``: the steps reported
    since, in order; ``expected``: ``before`` with them applied; ``in_flight``: the step the
    child may have committed without getting to report it."""
    integrity_ok = True
    if path.exists():
        conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
        try:
            rows = conn.execute("PRAGMA integrity_check").fetchall()
            integrity_ok = [tuple(r) for r in rows] == [("ok",)]
        except sqlite3.DatabaseError:
            integrity_ok = False
        finally:
            conn.close()
    problem = check_save_file(path)
    if problem is not None:
        return Verdict(integrity_ok, problem.message, list(reported), True, None)
    opened = open_saves(SimStorage(path.parent), name=path.name)
    try:
        if opened.problem is not None:
            return Verdict(integrity_ok, opened.problem, list(reported), True, None)
        found = snapshot(opened.saves)
    finally:
        opened.saves.close()
    lost = []
    model = before
    for step in reported:
        model = model.apply(step)
        if not found.reflects(step, model):
            lost.append(step)
    candidates = [expected]
    if in_flight is not None:
        candidates.append(expected.apply(in_flight))
    return Verdict(integrity_ok, None, lost, found not in candidates, found)


# ---- the parent --------------------------------------------------------------------------


@dataclass
class Round:
    start: int | None = None
    steps: list[int] = field(default_factory=list)
    bad_lines: list[str] = field(default_factory=list)
    partial: bytes = b""

    def feed(self, data: bytes) -> None:
        data = self.partial + data
        *lines, self.partial = data.split(b"\n")
        for raw in lines:
            line = raw.decode(errors="replace")
            parts = line.split()
            if len(parts) == 2 and parts[0] == "START" and parts[1].isdigit():
                self.start = int(parts[1])
            elif (len(parts) == 2 and parts[0].isdigit() and self.start is not None
                  and int(parts[0]) == self.start + len(self.steps)
                  and parts[1] == kind_of(int(parts[0]))):
                self.steps.append(int(parts[0]))
            else:
                self.bad_lines.append(line)

    def in_flight(self) -> int | None:
        if self.start is None:
            return None  # killed before START: only start-up work (migration, profile)
        return self.start + len(self.steps)


def _run_child(data_dir: Path, rng: random.Random, max_commits: int,
               log: Path) -> tuple[Round, int | None, str]:
    """Start a child, kill it at a random moment, collect what it reported."""
    target = None if rng.random() < 0.1 else rng.randint(0, max_commits)
    delay = rng.uniform(0.0, 0.2) if target is None else rng.uniform(0.0, 0.003)
    rnd = Round()
    with log.open("wb") as err:
        proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--child",
                                 str(data_dir)], stdout=subprocess.PIPE, stderr=err)
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    sel = selectors.DefaultSelector()
    sel.register(fd, selectors.EVENT_READ)
    started = time.monotonic()
    kill_at = started + delay if target is None else None
    eof = False
    while not eof:
        now = time.monotonic()
        if kill_at is None and target is not None and len(rnd.steps) >= target:
            kill_at = now + delay
        if kill_at is not None and now >= kill_at:
            break
        if now - started > ROUND_TIMEOUT_S:
            break
        wait = 0.05 if kill_at is None else max(0.0, kill_at - now)
        for _ in sel.select(timeout=wait):
            data = os.read(fd, 65536)
            if not data:
                eof = True
            rnd.feed(data)
    exited_early = proc.poll()
    if exited_early is None:
        proc.send_signal(signal.SIGKILL)
    proc.wait()
    while data := os.read(fd, 65536):  # lines written before the kill are still in the pipe
        rnd.feed(data)
    sel.close()
    proc.stdout.close()
    tail = log.read_text(errors="replace")[-2000:] if exited_early is not None else ""
    return rnd, exited_early, tail


def run_torture(kills: int = 1000, *, seed: int = 1, data_dir: Path | None = None,
                max_commits: int = 30, progress: TextIO | None = None) -> dict[str, Any]:
    """Kill a writing child ``kills`` times; the summary (``ok`` False if anything failed)."""
    rng = random.Random(seed)
    work = Path(tempfile.mkdtemp(prefix="torture-saves-"))
    own_dir = data_dir is None
    storage = SimStorage(work / "data" if data_dir is None else data_dir)
    storage.data_dir.mkdir(parents=True, exist_ok=True)
    save_file = storage.data_dir / "saves.sqlite3"
    summary: dict[str, Any] = {
        "kills": 0, "seed": seed, "integrity_failures": 0, "lost_commits": 0,
        "state_mismatches": 0, "open_problems": 0, "child_errors": 0, "bad_lines": 0,
        "commits_checked": 0, "kills_before_first_commit": 0, "steps_reached": 0,
        "db_bytes_max": 0, "wal_bytes_max": 0,
    }
    failures: list[str] = []
    verified = Model()
    began = time.monotonic()
    try:
        for k in range(1, kills + 1):
            rnd, exited, tail = _run_child(storage.data_dir, rng, max_commits, work / "child.log")
            summary["kills"] = k
            if exited is not None:
                summary["child_errors"] += 1
                failures.append(f"kill {k}: child exited by itself ({exited}): {tail.strip()}")
            if rnd.bad_lines:
                summary["bad_lines"] += len(rnd.bad_lines)
                failures.append(f"kill {k}: unexpected lines {rnd.bad_lines[:3]}")
            if not rnd.steps:
                summary["kills_before_first_commit"] += 1
            for name in ("saves.sqlite3", "saves.sqlite3-wal"):
                p = storage.data_dir / name
                size = p.stat().st_size if p.exists() else 0
                key = "db_bytes_max" if name.endswith("3") else "wal_bytes_max"
                summary[key] = max(summary[key], size)
            expected = verified
            for step in rnd.steps:
                expected = expected.apply(step)
            cut = storage.power_cut(into=work / f"cut{k}")
            try:
                v = verify(cut.path(save_file.name), expected, rnd.steps, rnd.in_flight(),
                           verified)
            finally:
                shutil.rmtree(cut.data_dir, ignore_errors=True)
            summary["commits_checked"] += len(rnd.steps)
            if rnd.steps:
                summary["steps_reached"] = max(summary["steps_reached"], rnd.steps[-1])
            if not v.integrity_ok:
                summary["integrity_failures"] += 1
                failures.append(f"kill {k}: integrity_check failed")
            if v.problem is not None:
                summary["open_problems"] += 1
                failures.append(f"kill {k}: {v.problem}")
            if v.lost:
                summary["lost_commits"] += len(v.lost)
                failures.append(f"kill {k}: reported steps missing: {v.lost[:10]}")
            if v.mismatch:
                summary["state_mismatches"] += 1
                failures.append(f"kill {k}: the saves match neither the reported steps nor "
                                f"them plus step {rnd.in_flight()}")
            if v.found is not None:
                verified = v.found  # the file is the truth the next child starts from
            if progress is not None and (k % 50 == 0 or k == kills):
                progress.write(f"torture: {k}/{kills} kills, {summary['commits_checked']} "
                               f"commits checked, {len(failures)} failures\n")
                progress.flush()
            if len(failures) > 50:
                break  # something is badly wrong; the first failures say what
    finally:
        shutil.rmtree(work, ignore_errors=True)
        if own_dir:
            shutil.rmtree(storage.data_dir, ignore_errors=True)
    seconds = time.monotonic() - began
    summary["seconds"] = round(seconds, 2)
    summary["commits_per_second"] = round(summary["commits_checked"] / seconds, 1) if seconds else 0
    summary["sqlite_version"] = sqlite3.sqlite_version
    summary["durability"] = "journal_mode=WAL, synchronous=FULL"
    summary["failures"] = failures[:20]
    summary["ok"] = not failures
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=bounded_int(1, 10_000_000, "kills"), default=1000,
                        help="how many SIGKILLs")
    parser.add_argument("--seed", type=seed, default=1, help="seed of the kill moments")
    parser.add_argument("--dir", type=directory, default=None,
                        help="data directory to torture (default: a temporary one, removed)")
    parser.add_argument("--max-commits", type=bounded_int(1, 100_000, "commits"), default=30,
                        help="most commits a child makes before its kill")
    parser.add_argument("--child", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        return child(args.child)
    summary = run_torture(args.kills, seed=args.seed, data_dir=args.dir,
                          max_commits=args.max_commits, progress=sys.stderr)
    print(json.dumps(summary, indent=2))
    return 0 if summary["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
