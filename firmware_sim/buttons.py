"""Buttons: raw pin edges in, debounced game events out.

The handheld has ten game buttons (the D-pad, A, B, L, R, START, SELECT) and POWER. Every
input backend -- GPIO pins on a Pi, a keyboard or gamepad on a desktop, the simulated
board -- only reports *raw edges*: "this button's contact closed / opened at t ms". Real
contacts bounce (a press is a burst of closes and opens over a few milliseconds), so one
:class:`ButtonDriver` turns the edges of every backend into clean events:

* ``press`` / ``release`` once the contact has been steady for ``debounce_ms``;
* ``hold`` once a button has been down for ``hold_ms``;
* ``repeat`` for the D-pad: after ``repeat_delay_ms``, every ``repeat_rate_ms`` while held;
* combos: START+SELECT held together for ``combo_ms`` is ``menu`` (escape to the menu);
  POWER held for ``power_hold_ms`` is ``shutdown``; POWER pressed and released sooner is
  ``sleep`` (sleep or wake).

Nothing here reads a clock: times come in with the edges and with :meth:`update`.
"""

from __future__ import annotations

import bisect
import random
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol


class Button(StrEnum):
    UP = "UP"
    DOWN = "DOWN"
    LEFT = "LEFT"
    RIGHT = "RIGHT"
    A = "A"
    B = "B"
    L = "L"
    R = "R"
    START = "START"
    SELECT = "SELECT"
    POWER = "POWER"


DPAD = frozenset({Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT})
GAME_BUTTONS = tuple(b for b in Button if b is not Button.POWER)


def parse_button(name: str) -> Button:
    try:
        return Button(name.strip().upper())
    except ValueError:
        known = ", ".join(b.value for b in Button)
        raise ValueError(f"unknown button {name!r} (buttons: {known})") from None


@dataclass(frozen=True)
class RawEdge:
    """A contact closing (``down``) or opening at ``t_ms``."""

    button: Button
    down: bool
    t_ms: float


@dataclass(frozen=True)
class ButtonEvent:
    kind: str  # press | release | hold | repeat | combo
    button: Button | None
    t_ms: float
    combo: str = ""  # for kind "combo": menu | shutdown | sleep

    def __str__(self) -> str:
        what = self.combo if self.kind == "combo" else (self.button.value if self.button
                                                        else "?")
        return f"{self.t_ms:9.1f} ms  {self.kind:<7} {what}"


@dataclass(frozen=True)
class InputTiming:
    debounce_ms: float = 5.0
    hold_ms: float = 500.0
    repeat_delay_ms: float = 350.0
    repeat_rate_ms: float = 100.0
    combo_ms: float = 500.0
    power_hold_ms: float = 2000.0

    def __post_init__(self) -> None:
        for name in ("debounce_ms", "hold_ms", "repeat_delay_ms", "repeat_rate_ms",
                     "combo_ms", "power_hold_ms"):
            value = getattr(self, name)
            if not value >= 0 or (name == "repeat_rate_ms" and value == 0):
                raise ValueError(f"{name} must be a positive number of milliseconds, "
                                 f"not {value!r}")


@dataclass
class _Contact:
    raw: bool = False  # the contact as last reported
    raw_t: float = 0.0  # when it last changed
    stable: bool = False  # the debounced state
    down_t: float = 0.0  # when the debounced press happened
    held: bool = False  # "hold" already reported for this press
    next_repeat: float = 0.0


@dataclass
class ButtonDriver:
    """Debounce raw edges and derive holds, repeats and combos (see the module text).

    Feed edges in time order with :meth:`feed` (or pass them to :meth:`update`), then call
    :meth:`update` with the current time, once per frame or more often."""

    timing: InputTiming = field(default_factory=InputTiming)
    contacts: dict[Button, _Contact] = field(default_factory=dict)
    _combo_since: float | None = None
    _combo_fired: bool = False
    _power_fired: bool = False

    def __post_init__(self) -> None:
        for b in Button:
            self.contacts.setdefault(b, _Contact())

    # ---------------------------------------------------------------- input

    def feed(self, edge: RawEdge) -> list[ButtonEvent]:
        """Take one raw edge (edges come in time order). Everything due before it happens
        first, so a press fed long after the previous one is never merged with it."""
        events = self._advance(edge.t_ms)
        c = self.contacts[edge.button]
        if edge.down != c.raw:
            c.raw = edge.down
            c.raw_t = edge.t_ms
        return events

    def update(self, now_ms: float, edges: Iterable[RawEdge] = ()) -> list[ButtonEvent]:
        """Feed ``edges``, then report every event due up to ``now_ms``, in time order."""
        events: list[ButtonEvent] = []
        for e in edges:
            events.extend(self.feed(e))
        events.extend(self._advance(now_ms))
        return events

    # ---------------------------------------------------------------- state

    @property
    def held(self) -> frozenset[Button]:
        """Buttons down right now (debounced)."""
        return frozenset(b for b, c in self.contacts.items() if c.stable)

    def is_down(self, button: Button) -> bool:
        return self.contacts[button].stable

    # ---------------------------------------------------------------- internals

    def _advance(self, now: float) -> list[ButtonEvent]:
        """Settle contacts in the order their debounce windows close, with the holds,
        repeats and combos due before each, then those due by ``now``."""
        out: list[ButtonEvent] = []
        deb = self.timing.debounce_ms
        while True:
            due = [(c.raw_t + deb, b.value) for b, c in self.contacts.items()
                   if c.raw != c.stable and c.raw_t + deb <= now]
            if not due:
                break
            t, name = min(due)
            out.extend(self._timed(t))
            out.extend(self._settle(Button(name), t))
        out.extend(self._timed(now))
        return out

    def _settle(self, b: Button, t: float) -> list[ButtonEvent]:
        c = self.contacts[b]
        c.stable = c.raw
        if c.stable:
            c.down_t = t
            c.held = False
            c.next_repeat = t + self.timing.repeat_delay_ms
            return [ButtonEvent("press", b, t)]
        out = [ButtonEvent("release", b, t)]
        if b is Button.POWER:
            if not self._power_fired and t - c.down_t < self.timing.power_hold_ms:
                out.append(ButtonEvent("combo", None, t, "sleep"))
            self._power_fired = False
        return out

    def _timed(self, now: float) -> list[ButtonEvent]:
        out: list[ButtonEvent] = []
        tm = self.timing
        for b, c in self.contacts.items():
            if not c.stable:
                continue
            if not c.held and now - c.down_t >= tm.hold_ms:
                c.held = True
                out.append(ButtonEvent("hold", b, c.down_t + tm.hold_ms))
            if b in DPAD:
                while now >= c.next_repeat:
                    out.append(ButtonEvent("repeat", b, c.next_repeat))
                    c.next_repeat += tm.repeat_rate_ms
        start, select = self.contacts[Button.START], self.contacts[Button.SELECT]
        if start.stable and select.stable:
            since = max(start.down_t, select.down_t)
            if not self._combo_fired and now - since >= tm.combo_ms:
                self._combo_fired = True
                out.append(ButtonEvent("combo", None, since + tm.combo_ms, "menu"))
        else:
            self._combo_fired = False
        power = self.contacts[Button.POWER]
        if power.stable and not self._power_fired and now - power.down_t >= tm.power_hold_ms:
            self._power_fired = True
            out.append(ButtonEvent("combo", None, power.down_t + tm.power_hold_ms, "shutdown"))
        out.sort(key=lambda e: e.t_ms)
        return out


# ------------------------------------------------------------------------ sources


class InputSource(Protocol):
    """Anything that reports raw edges: GPIO pins, a keyboard, a gamepad, the simulation."""

    def poll(self, now_ms: float) -> list[RawEdge]: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class BounceModel:
    """How a simulated contact bounces: a burst of ``edges_min``..``edges_max`` extra
    transitions, each ``gap_min_ms``..``gap_max_ms`` after the previous one."""

    edges_min: int = 2
    edges_max: int = 6
    gap_min_ms: float = 0.1
    gap_max_ms: float = 1.2


class SimButtons:
    """Simulated buttons with contact bounce. ``press``/``release`` schedule the raw edges
    a real switch would make from time ``t`` on; :meth:`poll` hands out the ones due."""

    def __init__(self, seed: int = 0, bounce: BounceModel | None = BounceModel()) -> None:
        self.rng = random.Random(seed)
        self.bounce = bounce
        self._pending: list[RawEdge] = []

    def _burst(self, button: Button, down: bool, t: float) -> None:
        edges = [RawEdge(button, down, t)]
        if self.bounce is not None:
            level = down
            n = self.rng.randint(self.bounce.edges_min, self.bounce.edges_max)
            n += n % 2  # an even number of extra edges ends on the intended level
            for _ in range(n):
                t += self.rng.uniform(self.bounce.gap_min_ms, self.bounce.gap_max_ms)
                level = not level
                edges.append(RawEdge(button, level, t))
        self._pending.extend(edges)
        self._pending.sort(key=lambda e: e.t_ms)

    def press(self, button: Button, t_ms: float) -> None:
        self._burst(button, True, t_ms)

    def release(self, button: Button, t_ms: float) -> None:
        self._burst(button, False, t_ms)

    def tap(self, button: Button, t_ms: float, length_ms: float = 80.0) -> None:
        self.press(button, t_ms)
        self.release(button, t_ms + length_ms)

    def script(self, text: str, start_ms: float = 0.0) -> None:
        """Schedule presses from a script: ``"A@100-300, START+SELECT@1000-1700"`` holds A
        from 100 to 300 ms, then START and SELECT together from 1000 to 1700 ms."""
        for item in filter(None, (s.strip() for s in text.split(","))):
            m = re.fullmatch(r"([A-Za-z+]+)@(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)", item)
            if not m:
                raise ValueError(f"bad button script item {item!r}: expected "
                                 "BUTTON[+BUTTON]@START-END in ms, e.g. A@100-300")
            buttons = [parse_button(n) for n in m.group(1).split("+")]
            t0, t1 = float(m.group(2)), float(m.group(3))
            if t1 <= t0:
                raise ValueError(f"bad button script item {item!r}: the release must come "
                                 "after the press")
            for b in buttons:
                self.press(b, start_ms + t0)
                self.release(b, start_ms + t1)

    def poll(self, now_ms: float) -> list[RawEdge]:
        # The edges are kept in time order: those due are a prefix (often empty).
        cut = bisect.bisect_right(self._pending, now_ms, key=lambda e: e.t_ms)
        if not cut:
            return []
        due, self._pending = self._pending[:cut], self._pending[cut:]
        return due

    @property
    def idle(self) -> bool:
        return not self._pending

    def close(self) -> None:
        self._pending.clear()


class Buttons:
    """An input source and the driver together: what the game loop asks each frame."""

    def __init__(self, source: InputSource, timing: InputTiming | None = None) -> None:
        self.source = source
        self.driver = ButtonDriver(timing or InputTiming())

    def events(self, now_ms: float) -> list[ButtonEvent]:
        return self.driver.update(now_ms, self.source.poll(now_ms))

    @property
    def held(self) -> frozenset[Button]:
        return self.driver.held

    def close(self) -> None:
        self.source.close()
