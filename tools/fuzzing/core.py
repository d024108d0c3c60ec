"""What every fuzz area shares: the result it fills, the guard that classifies what a call
did, and the runner of command lines. Standard library only, so that an area can run in a
fresh process with nothing but the project on its path."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
# Memory above this is a failure (the bound for any one area's process).
MEMORY_LIMIT_MB = 1024
# How many failures of an area are kept in full; the rest are only counted.
KEPT_FAILURES = 25
FAILURE_KINDS = ("traceback", "hang", "internal_error", "memory", "file_changed",
                 "false_accept", "bad_exit")


class Hang(Exception):
    """A call ran past its time limit (raised by :func:`time_limit`)."""


@dataclass
class Failure:
    kind: str
    detail: str
    sample: str

    def as_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "detail": self.detail, "sample": self.sample}


@dataclass
class AreaResult:
    """Attempts and failures of one area. ``fail`` keeps the first failures in full."""

    area: str
    attempts: int = 0
    failure_count: int = 0
    failures: list[Failure] = field(default_factory=list)
    by_kind: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    peak_rss_mb: float = 0.0

    def fail(self, kind: str, detail: str, sample: Any) -> None:
        if kind not in FAILURE_KINDS:
            raise ValueError(f"unknown failure kind {kind!r}")
        self.failure_count += 1
        self.by_kind[kind] = self.by_kind.get(kind, 0) + 1
        if len(self.failures) < KEPT_FAILURES:
            self.failures.append(Failure(kind, detail[-2000:], short(sample)))

    def as_dict(self) -> dict[str, Any]:
        return {"area": self.area, "attempts": self.attempts, "failures": self.failure_count,
                "by_kind": dict(self.by_kind), "seconds": round(self.seconds, 2),
                "peak_rss_mb": round(self.peak_rss_mb, 1),
                "examples": [f.as_dict() for f in self.failures]}


def short(sample: Any, limit: int = 300) -> str:
    """A bounded, printable form of a hostile input for the report."""
    text = sample if isinstance(sample, str) else repr(sample)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} chars)"


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in the main thread when the body runs longer than ``seconds``."""
    if seconds <= 0 or not hasattr(signal, "setitimer"):
        yield
        return

    def on_alarm(signum: int, frame: Any) -> None:
        raise Hang(f"still running after {seconds:g} s")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def guard(result: AreaResult, sample: Any, call: Callable[[], Any],
          expected: tuple[type[BaseException], ...] = (), *, seconds: float = 10.0,
          ) -> tuple[bool, Any]:
    """Make one attempt: ``call()`` with a time limit. An exception in ``expected`` is the
    interface refusing bad input (fine); any other exception is a ``traceback`` failure and
    running out of time a ``hang``. Returns ``(completed, value_or_exception)``."""
    result.attempts += 1
    try:
        with time_limit(seconds):
            return True, call()
    except Hang as exc:
        result.fail("hang", str(exc), sample)
        return False, exc
    except expected as exc:
        return False, exc
    except Exception as exc:  # the point of a fuzzer: anything else is a finding
        result.fail("traceback", "".join(traceback.format_exception(exc))[-2000:], sample)
        return False, exc
    except RecursionError as exc:  # pragma: no cover (RecursionError is an Exception)
        result.fail("traceback", repr(exc), sample)
        return False, exc


@dataclass
class Completed:
    returncode: int | None  # None: killed for running too long
    stdout: str
    stderr: str
    seconds: float


def _limit_memory() -> None:
    """In the child, before exec: its heap may not pass the memory limit, so a command
    that would grow without bound fails with MemoryError (counted as a memory failure)."""
    import resource

    limit = MEMORY_LIMIT_MB * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))


def run_command(argv: Sequence[str], *, stdin: bytes | None = None, timeout: float = 60.0,
                cwd: Path | None = None, env: dict[str, str] | None = None) -> Completed:
    """Run a command line with bounded time and memory (``MEMORY_LIMIT_MB`` of heap);
    stdout and stderr decoded leniently."""
    full_env = dict(os.environ)
    full_env.setdefault("SDL_VIDEODRIVER", "dummy")
    full_env.setdefault("SDL_AUDIODRIVER", "dummy")
    full_env["PYTHONPATH"] = str(ROOT) + os.pathsep + full_env.get("PYTHONPATH", "")
    if env:
        full_env.update(env)
    start = time.perf_counter()
    proc = subprocess.Popen(list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=cwd or ROOT, env=full_env,
                            start_new_session=True, preexec_fn=_limit_memory)
    try:
        out, err = proc.communicate(stdin, timeout=timeout)
        code: int | None = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        code = None
    return Completed(code, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"),
                     time.perf_counter() - start)


def check_command(result: AreaResult, argv: Sequence[str], *, ok_codes: Sequence[int] = (0, 1, 2),
                  stdin: bytes | None = None, timeout: float = 60.0,
                  env: dict[str, str] | None = None, cwd: Path | None = None) -> Completed:
    """One CLI attempt: a traceback on stderr, an exit code outside ``ok_codes`` or a hang
    is a failure; a refusal must be one line or more of message, not a stack."""
    done = run_command(argv, stdin=stdin, timeout=timeout, env=env, cwd=cwd)
    judge_command(result, argv, done, ok_codes=ok_codes, timeout=timeout)
    return done


def judge_command(result: AreaResult, argv: Sequence[str], done: Completed, *,
                  ok_codes: Sequence[int] = (0, 1, 2), timeout: float = 60.0) -> None:
    """Count one command-line attempt that has run (see :func:`check_command`)."""
    result.attempts += 1
    sample = " ".join(argv)
    if done.returncode is None:
        result.fail("hang", f"killed after {timeout:g} s", sample)
    elif "MemoryError" in done.stderr or "Unable to allocate" in done.stderr:
        result.fail("memory", done.stderr[-1000:], sample)
    elif "Traceback (most recent call last)" in done.stderr or \
            "Traceback (most recent call last)" in done.stdout:
        result.fail("traceback", done.stderr[-2000:] or done.stdout[-2000:], sample)
    elif done.returncode not in ok_codes:
        result.fail("bad_exit", f"exit {done.returncode}: {done.stderr[-500:]}", sample)


def python(*args: str) -> list[str]:
    """A command line running this interpreter."""
    return [sys.executable, *args]


def peak_rss_mb() -> float:
    """This process's own peak resident memory (VmHWM), not a parent's inherited peak."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
