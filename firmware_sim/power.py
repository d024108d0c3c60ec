"""Power: the battery's voltage as a percentage, low and critical warnings, charging.

A single-cell Li-ion/LiPo battery's voltage falls steeply near empty and near full and
slowly in between, so the percentage comes from a discharge curve, not a straight line
(:data:`LIPO_CURVE`, a typical 1C discharge of a 3.7 V cell). Readings are noisy (the ADC,
the load changing with the backlight), so :class:`PowerMonitor` smooths them with a median
of the last few before deciding anything: a single noisy sample never cries "critical".
A warning comes at once but clears only when the charger is plugged in, or when the
charge has stayed ``recover`` points above the threshold for ``recover_polls`` readings
in a row (30 s at the board's rate). A median of five still wanders by a point or two
on the steep part of the curve around 15 %, more than any band of a few points can hold
on its own, so the clearing must last, not merely happen once: the warning does not
flicker.

* **low** (15 % by default): the game shows a warning;
* **critical** (5 %): the game saves the suspended match and shuts down safely.

Sources: :class:`SimBattery` (drains with use, scriptable: "critical at frame 1200"),
:class:`SysfsBattery` (Linux ``/sys/class/power_supply``: a UPS HAT's driver, a fuel
gauge), and :class:`MainsPower` (a desktop: always full).
"""

from __future__ import annotations

import bisect
import random
import statistics
from collections import deque
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Protocol

# (volts, percent), ascending.
LIPO_CURVE: tuple[tuple[float, float], ...] = (
    (3.27, 0), (3.61, 5), (3.69, 10), (3.71, 15), (3.73, 20), (3.75, 25), (3.77, 30),
    (3.79, 35), (3.80, 40), (3.82, 45), (3.84, 50), (3.85, 55), (3.87, 60), (3.91, 65),
    (3.95, 70), (3.98, 75), (4.02, 80), (4.08, 85), (4.11, 90), (4.15, 95), (4.20, 100),
)
_VOLTS = [v for v, _ in LIPO_CURVE]


def percent_from_voltage(volts: float) -> float:
    """The charge left (0-100) for a resting cell voltage, by the discharge curve."""
    if volts <= LIPO_CURVE[0][0]:
        return 0.0
    if volts >= LIPO_CURVE[-1][0]:
        return 100.0
    i = bisect.bisect_right(_VOLTS, volts)
    (v0, p0), (v1, p1) = LIPO_CURVE[i - 1], LIPO_CURVE[i]
    return p0 + (p1 - p0) * (volts - v0) / (v1 - v0)


def voltage_from_percent(percent: float) -> float:
    """The inverse of :func:`percent_from_voltage` (for the simulation)."""
    percent = min(100.0, max(0.0, percent))
    for (v0, p0), (v1, p1) in pairwise(LIPO_CURVE):
        if p0 <= percent <= p1:
            return v0 + (v1 - v0) * (percent - p0) / (p1 - p0) if p1 > p0 else v0
    return LIPO_CURVE[-1][0]


@dataclass(frozen=True)
class PowerSample:
    volts: float
    charging: bool


class PowerSource(Protocol):
    def sample(self) -> PowerSample: ...


@dataclass(frozen=True)
class PowerThresholds:
    low: float = 15.0
    critical: float = 5.0
    recover: float = 3.0  # percent above a threshold before its warning may clear
    window: int = 5  # samples in the median
    recover_polls: int = 60  # readings in a row above it before it clears (30 s at 2 Hz)

    def __post_init__(self) -> None:
        if not 0 <= self.critical < self.low <= 100:
            raise ValueError(f"power thresholds must satisfy 0 <= critical < low <= 100 "
                             f"(got critical {self.critical}, low {self.low})")
        if self.window < 1:
            raise ValueError("the smoothing window needs at least one sample")
        if self.recover_polls < 1:
            raise ValueError("a warning needs at least one reading to clear")


@dataclass(frozen=True)
class PowerState:
    volts: float  # smoothed
    percent: float
    charging: bool
    level: str  # ok | low | critical

    def __str__(self) -> str:
        plug = ", charging" if self.charging else ""
        return f"{self.percent:5.1f}% ({self.volts:.3f} V{plug}) {self.level}"


@dataclass(frozen=True)
class PowerEvent:
    kind: str  # low | critical | ok | charging | unplugged
    state: PowerState


class PowerMonitor:
    """Smooth the samples and report level changes as events."""

    def __init__(self, source: PowerSource, thresholds: PowerThresholds | None = None
                 ) -> None:
        self.source = source
        self.thresholds = thresholds or PowerThresholds()
        self._volts: deque[float] = deque(maxlen=self.thresholds.window)
        self.level = "ok"
        self.charging = False
        self.state: PowerState | None = None
        self._recovered_polls = 0  # readings in a row that would clear the warning

    def update(self) -> list[PowerEvent]:
        s = self.source.sample()
        self._volts.append(s.volts)
        volts = statistics.median(self._volts)
        pct = percent_from_voltage(volts)
        events: list[PowerEvent] = []
        level = self._level(pct, s.charging)
        state = PowerState(volts, pct, s.charging, level)
        if s.charging != self.charging:
            events.append(PowerEvent("charging" if s.charging else "unplugged", state))
        if level != self.level:
            events.append(PowerEvent(level, state))
        self.level, self.charging, self.state = level, s.charging, state
        return events

    def _level(self, pct: float, charging: bool) -> str:
        th, current = self.thresholds, self.level
        if charging:
            self._recovered_polls = 0
            return "ok"
        now = "critical" if pct <= th.critical else "low" if pct <= th.low else "ok"
        if _RANK[now] >= _RANK[current]:  # the same or worse: at once
            self._recovered_polls = 0
            return now
        # Better: only once the charge has stayed clearly above the threshold.
        clear = "critical" if pct <= th.critical + th.recover else \
            "low" if pct <= th.low + th.recover else "ok"
        if _RANK[clear] >= _RANK[current]:
            self._recovered_polls = 0
            return current
        self._recovered_polls += 1
        if self._recovered_polls < th.recover_polls:
            return current
        self._recovered_polls = 0
        return clear


_RANK = {"ok": 0, "low": 1, "critical": 2}


# ------------------------------------------------------------------------ sources


class MainsPower:
    """A desktop on mains: a full battery, never a warning."""

    def sample(self) -> PowerSample:
        return PowerSample(LIPO_CURVE[-1][0], False)


@dataclass
class BatteryScript:
    """Scripted moments for the simulated battery: at ``frame``, set the charge to
    ``percent`` (and optionally plug or unplug the charger)."""

    frame: int
    percent: float
    charging: bool | None = None


class SimBattery:
    """A simulated cell: drains a little every frame (more with the backlight up, much
    less asleep), charges when plugged, and gives noisy voltages (seeded)."""

    def __init__(self, percent: float = 80.0, *, capacity_frames: float = 6 * 3600 * 60,
                 noise_volts: float = 0.01, seed: int = 0,
                 script: list[BatteryScript] | None = None) -> None:
        if not 0 <= percent <= 100:
            raise ValueError(f"battery charge must be 0-100 %, not {percent!r}")
        self.percent = float(percent)
        self.capacity_frames = capacity_frames  # frames from full to empty at full load
        self.noise = noise_volts
        self.rng = random.Random(seed)
        self.charging = False
        self.frame = 0
        self.load = 1.0  # 1 = screen on, 0.1 asleep
        self.script = sorted(script or [], key=lambda s: s.frame)

    @classmethod
    def critical_at(cls, frame: int, start: float = 60.0, seed: int = 0) -> SimBattery:
        """A battery that falls to 2 % at ``frame``: "battery hits critical at frame N"."""
        return cls(start, seed=seed, script=[BatteryScript(frame, 2.0)])

    def tick(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.frame += 1
            while self.script and self.script[0].frame <= self.frame:
                step = self.script.pop(0)
                self.percent = step.percent
                if step.charging is not None:
                    self.charging = step.charging
            if self.charging:
                self.percent = min(100.0, self.percent + 100.0 / (2 * 3600 * 60))
            else:
                self.percent = max(0.0, self.percent - 100.0 * self.load / self.capacity_frames)

    def sample(self) -> PowerSample:
        v = voltage_from_percent(self.percent) + self.rng.gauss(0.0, self.noise)
        return PowerSample(v, self.charging)


class SysfsBattery:
    """A Linux power-supply device (``/sys/class/power_supply/<name>``): ``voltage_now`` in
    microvolts and ``status`` (Charging / Discharging / Full)."""

    def __init__(self, root: Path | str = "/sys/class/power_supply", name: str | None = None
                 ) -> None:
        root = Path(root)
        candidates = sorted(p for p in root.iterdir() if (p / "voltage_now").is_file()) \
            if root.is_dir() else []
        if name:
            candidates = [p for p in candidates if p.name == name]
        if not candidates:
            raise FileNotFoundError(
                f"no battery with a voltage_now under {root}" + (f" named {name!r}" if name
                                                                  else "")
                + "; fit a UPS HAT or fuel gauge whose driver reports it, or use 'mains'")
        self.device = candidates[0]
        self.last = PowerSample(LIPO_CURVE[-1][0], False)

    def sample(self) -> PowerSample:
        try:
            micro = int((self.device / "voltage_now").read_text().strip())
            status_file = self.device / "status"
            status = status_file.read_text().strip() if status_file.is_file() else ""
            self.last = PowerSample(micro / 1e6, status in ("Charging", "Full"))
        except (OSError, ValueError):
            pass  # keep the last good reading: a flaky read must not shut the game down
        return self.last
