"""GPIO buttons on a Raspberry Pi, through gpiozero.

Each button is a momentary switch from a GPIO pin to ground, with the Pi's internal
pull-up (so a press reads low): see docs/HARDWARE.md for the wiring and the default pin
map. gpiozero calls back on every edge, from its own thread; the callbacks only stamp the
edge with the clock and queue it. Debouncing is the :class:`~firmware_sim.buttons.
ButtonDriver`'s job, the same for every backend, so gpiozero's own ``bounce_time`` is off.

In tests, ``GPIOZERO_PIN_FACTORY=mock`` (or a ``MockFactory`` passed in) drives the pins.
"""

from __future__ import annotations

import threading
import warnings
from collections import deque
from collections.abc import Mapping
from typing import Any

from .buttons import Button, RawEdge
from .clock import Clock, MonotonicClock

# Pins (BCM numbers) chosen for a handheld wired on the 40-pin header: none of them is
# used by the SPI display or I2C bus, and POWER on GPIO3 also wakes a halted Pi.
DEFAULT_PINS: dict[Button, int] = {
    Button.UP: 5, Button.DOWN: 6, Button.LEFT: 13, Button.RIGHT: 19,
    Button.A: 26, Button.B: 21, Button.L: 20, Button.R: 16,
    Button.START: 12, Button.SELECT: 25, Button.POWER: 3,
}


class GpioUnavailable(RuntimeError):
    """gpiozero cannot drive pins here (not a Pi, no pin driver installed)."""


def check_pin_map(pins: Mapping[Button, int]) -> None:
    seen: dict[int, Button] = {}
    for button, pin in pins.items():
        if not isinstance(pin, int) or not 0 <= pin <= 27:
            raise ValueError(f"button {button.value}: GPIO pin must be a BCM number 0-27, "
                             f"not {pin!r}")
        if pin in seen:
            raise ValueError(f"GPIO{pin} is given to both {seen[pin].value} and "
                             f"{button.value}")
        seen[pin] = button


class GpioButtons:
    """Raw edges from GPIO pins (an :class:`~firmware_sim.buttons.InputSource`)."""

    def __init__(self, pins: Mapping[Button, int] | None = None, *, active_low: bool = True,
                 clock: Clock | None = None, pin_factory: Any = None) -> None:
        pins = dict(pins or DEFAULT_PINS)
        check_pin_map(pins)
        self.clock = clock or MonotonicClock()
        self._edges: deque[RawEdge] = deque()
        self._lock = threading.Lock()
        try:
            from gpiozero import Button as GzButton
            from gpiozero.exc import BadPinFactory, PinFactoryFallback
        except Exception as exc:  # missing or broken: a reason, not a crash
            raise GpioUnavailable(f"gpiozero cannot load ({type(exc).__name__}: {exc})") from None
        self._devices: list[Any] = []
        try:
            with warnings.catch_warnings():
                # gpiozero warns about each pin driver it cannot load before giving up;
                # the error below says what matters.
                warnings.simplefilter("ignore", PinFactoryFallback)
                for button, pin in pins.items():
                    dev = GzButton(pin, pull_up=active_low, bounce_time=None,
                                   pin_factory=pin_factory)
                    dev.when_pressed = self._callback(button, True)
                    dev.when_released = self._callback(button, False)
                    self._devices.append(dev)
        except BadPinFactory as exc:
            self.close()
            raise GpioUnavailable(
                f"no GPIO pin driver here ({exc}); on Raspberry Pi OS install python3-lgpio "
                "(./run does), elsewhere use the keyboard or the simulated board") from None
        except Exception as exc:  # a pin in use, no permission, a driver that fails to load
            self.close()
            raise GpioUnavailable(
                f"the GPIO pins cannot be used ({type(exc).__name__}: {exc}); is another "
                "program using them, and is the user in the gpio group?") from None

    def _callback(self, button: Button, down: bool) -> Any:
        def edge() -> None:
            with self._lock:
                self._edges.append(RawEdge(button, down, self.clock.now_ms()))
        return edge

    def poll(self, now_ms: float) -> list[RawEdge]:
        with self._lock:
            due = [e for e in self._edges if e.t_ms <= now_ms]
            for _ in due:
                self._edges.popleft()
        return due

    def close(self) -> None:
        for dev in self._devices:
            dev.close()
        self._devices.clear()
