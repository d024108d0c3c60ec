"""Clocks: the only place that reads the wall clock, so everything else can be driven by a
fake one in tests (and paused while the handheld sleeps).

All times are milliseconds as floats.
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now_ms(self) -> float: ...


class MonotonicClock:
    """The real clock: ``time.monotonic``, which never jumps with the time of day."""

    def now_ms(self) -> float:
        return time.monotonic() * 1000.0


class FakeClock:
    """A clock that moves only when told to (tests, scripted simulations)."""

    def __init__(self, start_ms: float = 0.0) -> None:
        self.t = float(start_ms)

    def now_ms(self) -> float:
        return self.t

    def advance(self, ms: float) -> float:
        if ms < 0:
            raise ValueError("a clock cannot go backwards")
        self.t += ms
        return self.t


class PausableClock:
    """Game time: a base clock minus the time spent paused (the handheld asleep). Timers and
    animations read this one, so sleeping does not eat a battle timer's seconds."""

    def __init__(self, base: Clock) -> None:
        self.base = base
        self._paused_at: float | None = None
        self._offset = 0.0

    @property
    def paused(self) -> bool:
        return self._paused_at is not None

    def pause(self) -> None:
        if self._paused_at is None:
            self._paused_at = self.base.now_ms()

    def resume(self) -> None:
        if self._paused_at is not None:
            self._offset += self.base.now_ms() - self._paused_at
            self._paused_at = None

    def now_ms(self) -> float:
        now = self._paused_at if self._paused_at is not None else self.base.now_ms()
        return now - self._offset
