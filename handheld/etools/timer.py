"""The battle timer: times a match except its mandatory between-turns effects.

The rulebook describes its battle timer as running through the whole game but pausing
for the compulsory effects between turns, such as Poison; it is started and stopped with
L and R. Here:

* :class:`Stopwatch` adds up the intervals it runs, read from an injected monotonic clock.
  Nothing is accumulated frame by frame, so after an hour it is exact to the clock.
* :class:`BattleTimer` counts up, or down from a limit (30 or 50 minutes in organised
  play).
  - It warns once at 5 minutes and once at 1 minute.
  - At zero, time is called. The turn in progress is turn 0, then ``extra_turns`` (3) more
    are played, each advanced with :meth:`next_turn`; after the last, the match is over.
  - :meth:`between_turns` pauses it while the between-turns effects are resolved, and
    :meth:`resume` runs it again. That time is kept apart (:attr:`between_ms`).
* :class:`ChessClock` is two players' clocks, the active one running; :meth:`switch` hands
  the turn over.

Sleep is the clock's business: give the timers a clock that stops while the handheld
sleeps (``firmware_sim.clock.PausableClock``) to pause them then, or the board's own clock
to keep them counting. That is the owner's choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class Clock(Protocol):
    def now_ms(self) -> float: ...


MINUTE = 60_000.0
PRESETS_MS = {"30 minutes": 30 * MINUTE, "50 minutes": 50 * MINUTE}
WARNINGS_MS = (5 * MINUTE, 1 * MINUTE)


@dataclass(frozen=True)
class TimerEvent:
    kind: str  # started stopped between resumed warning time extra_turn over flag reset
    at_ms: float  # on the timer's clock: when it happened (a warning's exact moment)
    detail: str = ""


class Stopwatch:
    """Time summed over the intervals it runs."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._done = 0.0
        self._since: float | None = None

    @property
    def running(self) -> bool:
        return self._since is not None

    def start(self) -> None:
        if self._since is None:
            self._since = self.clock.now_ms()

    def stop(self) -> None:
        if self._since is not None:
            self._done += self.clock.now_ms() - self._since
            self._since = None

    def elapsed(self, now: float | None = None) -> float:
        if self._since is None:
            return self._done
        return self._done + ((self.clock.now_ms() if now is None else now) - self._since)

    def reset(self) -> None:
        self._done = 0.0
        self._since = None


def mm_ss(ms: float) -> str:
    """A countdown as m:ss (mm:ss from ten minutes), its part second rounded up so that
    "0:00" means the time is really out."""
    seconds = int(-(-ms // 1000)) if ms > 0 else 0
    return f"{seconds // 60}:{seconds % 60:02d}"


class BattleTimer:
    """A match timer: ``limit_ms`` None counts up, a number counts down."""

    def __init__(self, clock: Clock, *, limit_ms: float | None = None,
                 warnings_ms: tuple[float, ...] = WARNINGS_MS, extra_turns: int = 3) -> None:
        if limit_ms is not None and limit_ms <= 0:
            raise ValueError(f"a countdown needs a positive length, not {limit_ms!r} ms")
        if extra_turns < 0:
            raise ValueError("extra turns cannot be negative")
        self.clock = clock
        self.limit_ms = limit_ms
        self.warnings_ms = tuple(sorted((w for w in warnings_ms
                                         if limit_ms is None or w < limit_ms), reverse=True))
        self.extra_turns = extra_turns
        self.play = Stopwatch(clock)
        self.between = Stopwatch(clock)
        self.state = "ready"  # ready | running | stopped | between | over
        self.time_called = False
        self.extra_turn = 0  # after time is called: 0 is the turn in progress
        self._warned: set[float] = set()

    # ---------------------------------------------------------------- controls

    def _event(self, kind: str, detail: str = "") -> TimerEvent:
        return TimerEvent(kind, self.clock.now_ms(), detail)

    def start(self) -> list[TimerEvent]:
        """L (by default): run from ready or stopped."""
        if self.state not in ("ready", "stopped"):
            return []
        self.state = "running"
        self.play.start()
        return [self._event("started")]

    def stop(self) -> list[TimerEvent]:
        """R (by default): stop, whatever is running."""
        if self.state not in ("running", "between"):
            return []
        events = self.update()
        self.play.stop()
        self.between.stop()
        self.state = "stopped"
        return [*events, self._event("stopped")]

    def between_turns(self) -> list[TimerEvent]:
        """The between-turns effects begin: the match time stops, the pause time runs."""
        if self.state != "running":
            return []
        events = self.update()
        self.play.stop()
        self.between.start()
        self.state = "between"
        return [*events, self._event("between")]

    def resume(self) -> list[TimerEvent]:
        """The next turn begins: the match time runs again."""
        if self.state != "between":
            return []
        self.between.stop()
        self.play.start()
        self.state = "running"
        return [self._event("resumed")]

    def toggle_between(self) -> list[TimerEvent]:
        """The table's "between turns" button: first press pauses, the next resumes."""
        return self.resume() if self.state == "between" else self.between_turns()

    def next_turn(self) -> list[TimerEvent]:
        """After time is called: the next of the extra turns (the last one ends it)."""
        if not self.time_called or self.state == "over":
            return []
        self.extra_turn += 1
        if self.extra_turn > self.extra_turns:
            self.play.stop()
            self.between.stop()
            self.state = "over"
            return [self._event("over", "the extra turns are played")]
        return [self._event("extra_turn", f"+{self.extra_turn} of {self.extra_turns}")]

    def reset(self) -> list[TimerEvent]:
        self.play.reset()
        self.between.reset()
        self.state = "ready"
        self.time_called = False
        self.extra_turn = 0
        self._warned.clear()
        return [self._event("reset")]

    # ---------------------------------------------------------------- reading

    @property
    def play_ms(self) -> float:
        return self.play.elapsed()

    @property
    def between_ms(self) -> float:
        return self.between.elapsed()

    @property
    def remaining_ms(self) -> float | None:
        """Count-down: what is left (negative in overtime); count-up: None."""
        return None if self.limit_ms is None else self.limit_ms - self.play_ms

    def display(self) -> str:
        if self.limit_ms is None:
            return _up(self.play_ms)
        remaining = self.remaining_ms or 0.0
        return mm_ss(remaining) if remaining > 0 else "0:00"

    def update(self) -> list[TimerEvent]:
        """Warnings and "time", each once, stamped with the exact moment it happened."""
        if self.limit_ms is None or self.state in ("ready", "over"):
            return []
        now = self.clock.now_ms()
        played = self.play.elapsed(now)
        events: list[TimerEvent] = []
        for w in self.warnings_ms:
            if w not in self._warned and self.limit_ms - played <= w:
                self._warned.add(w)
                at = now - (played - (self.limit_ms - w))
                events.append(TimerEvent("warning", at, f"{int(w // MINUTE)} minute"
                                         f"{'s' if w != MINUTE else ''} left"))
        if not self.time_called and played >= self.limit_ms:
            self.time_called = True
            self.extra_turn = 0
            events.append(TimerEvent("time", now - (played - self.limit_ms), "time is called"))
        return events


def _up(ms: float) -> str:
    """A count-up display: whole seconds elapsed (of the time to the nearest millisecond,
    so 3,599,999.9999 ms of added-up frames reads 60:00)."""
    seconds = int(round(ms) // 1000)
    return f"{seconds // 60}:{seconds % 60:02d}"


class ChessClock:
    """Two players' clocks for casual timed games: only the active one runs; ``switch``
    (A) ends a turn. With a limit each, a player whose time runs out loses on time."""

    def __init__(self, clock: Clock, *, limit_ms: float | None = 10 * MINUTE) -> None:
        if limit_ms is not None and limit_ms <= 0:
            raise ValueError(f"each clock needs a positive length, not {limit_ms!r} ms")
        self.clock = clock
        self.limit_ms = limit_ms
        self.used = (Stopwatch(clock), Stopwatch(clock))
        self.between = Stopwatch(clock)
        self.active = 0
        self.state = "ready"  # ready | running | stopped | between | over
        self.loser: int | None = None

    def start(self) -> list[TimerEvent]:
        if self.state not in ("ready", "stopped"):
            return []
        self.state = "running"
        self.used[self.active].start()
        return [TimerEvent("started", self.clock.now_ms(), f"player {self.active + 1}")]

    def stop(self) -> list[TimerEvent]:
        if self.state not in ("running", "between"):
            return []
        events = self.update()
        for s in (*self.used, self.between):
            s.stop()
        if self.state != "over":
            self.state = "stopped"
        return [*events, TimerEvent("stopped", self.clock.now_ms())]

    def switch(self) -> list[TimerEvent]:
        """The active player ends the turn: the other's clock runs."""
        if self.state not in ("running", "between"):
            return []
        events = self.update()
        if self.state == "over":
            return events
        self.used[self.active].stop()
        self.between.stop()
        self.active = 1 - self.active
        self.used[self.active].start()
        self.state = "running"
        return [*events, TimerEvent("switch", self.clock.now_ms(), f"player {self.active + 1}")]

    def between_turns(self) -> list[TimerEvent]:
        if self.state != "running":
            return []
        self.used[self.active].stop()
        self.between.start()
        self.state = "between"
        return [TimerEvent("between", self.clock.now_ms())]

    def toggle_between(self) -> list[TimerEvent]:
        if self.state == "between":
            self.between.stop()
            self.used[self.active].start()
            self.state = "running"
            return [TimerEvent("resumed", self.clock.now_ms())]
        return self.between_turns()

    def remaining_ms(self, player: int) -> float | None:
        if self.limit_ms is None:
            return None
        return self.limit_ms - self.used[player].elapsed()

    def display(self, player: int) -> str:
        if self.limit_ms is None:
            return _up(self.used[player].elapsed())
        return mm_ss(self.remaining_ms(player) or 0.0)

    def update(self) -> list[TimerEvent]:
        if self.limit_ms is None or self.state not in ("running", "between"):
            return []
        now = self.clock.now_ms()
        used = self.used[self.active].elapsed(now)
        if used >= self.limit_ms:
            for s in (*self.used, self.between):
                s.stop()
            self.state = "over"
            self.loser = self.active
            return [TimerEvent("flag", now - (used - self.limit_ms),
                               f"player {self.active + 1} is out of time")]
        return []
