"""Keyboard and gamepad buttons on a desktop, through pygame.

The default key map (docs/HARDWARE.md repeats it):

=========== ================================ ===========================
button      keyboard                         gamepad (SDL's standard map)
=========== ================================ ===========================
D-pad       arrow keys                       D-pad (hat) or left stick
A           X                                A / cross (button 0)
B           Z                                B / circle (button 1)
L           A                                left shoulder (button 4)
R           S                                right shoulder (button 5)
START       Enter                            Start (button 7)
SELECT      Backspace or right Shift         Back / Select (button 6)
POWER       P (or closing the window)        --
=========== ================================ ===========================

A keyboard has no contact bounce, but its edges go through the same
:class:`~firmware_sim.buttons.ButtonDriver` as GPIO pins, so holds, repeats and combos
behave the same everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .buttons import Button, RawEdge, parse_button
from .clock import Clock, MonotonicClock

DEFAULT_KEYS: dict[str, Button] = {
    "up": Button.UP, "down": Button.DOWN, "left": Button.LEFT, "right": Button.RIGHT,
    "x": Button.A, "z": Button.B, "a": Button.L, "s": Button.R,
    "return": Button.START, "backspace": Button.SELECT, "right shift": Button.SELECT,
    "p": Button.POWER,
}
DEFAULT_PAD_BUTTONS: dict[int, Button] = {
    0: Button.A, 1: Button.B, 4: Button.L, 5: Button.R, 6: Button.SELECT, 7: Button.START,
}
STICK_THRESHOLD = 0.5


def parse_key_map(raw: Mapping[str, str]) -> dict[str, Button]:
    """A key map from a config: pygame key names -> button names."""
    import pygame

    if not pygame.get_init():
        pygame.init()
    out: dict[str, Button] = {}
    for key, button in raw.items():
        try:
            pygame.key.key_code(key)
        except ValueError:
            raise ValueError(f"unknown key name {key!r} in the key map (pygame names, "
                             "e.g. 'x', 'return', 'right shift')") from None
        out[key.lower()] = parse_button(button)
    return out


class PygameInput:
    """Edges from pygame's event queue: keyboard and gamepads. Closing the window sets
    ``quit_requested``, which the board turns into a safe shutdown."""

    def __init__(self, keys: Mapping[str, Button] | None = None, *,
                 pad_buttons: Mapping[int, Button] | None = None,
                 clock: Clock | None = None) -> None:
        import pygame

        self.pygame = pygame
        if not pygame.get_init():
            pygame.init()
        pygame.joystick.init()
        self.clock = clock or MonotonicClock()
        self.codes = {pygame.key.key_code(k): b for k, b in (keys or DEFAULT_KEYS).items()}
        self.pad_buttons = dict(pad_buttons or DEFAULT_PAD_BUTTONS)
        self.quit_requested = False
        self._pads: dict[int, Any] = {}
        self._axes: dict[Button, bool] = {b: False for b in (Button.UP, Button.DOWN,
                                                               Button.LEFT, Button.RIGHT)}

    def set_keys(self, keys: Mapping[str, Button | str]) -> None:
        """Use another key map (the player's setting); key names as pygame spells them."""
        codes = {}
        for name, button in keys.items():
            try:
                codes[self.pygame.key.key_code(name)] = Button(button) if isinstance(
                    button, str) else button
            except ValueError:
                raise ValueError(f"unknown key name {name!r} in the key map") from None
        self.codes = codes

    def translate(self, event: Any, t: float) -> list[RawEdge]:
        """The raw edges one pygame event makes (public so tests can post events)."""
        pg = self.pygame
        if event.type in (pg.KEYDOWN, pg.KEYUP):
            b = self.codes.get(event.key)
            return [RawEdge(b, event.type == pg.KEYDOWN, t)] if b else []
        if event.type in (pg.JOYBUTTONDOWN, pg.JOYBUTTONUP):
            b = self.pad_buttons.get(event.button)
            return [RawEdge(b, event.type == pg.JOYBUTTONDOWN, t)] if b else []
        if event.type == pg.JOYHATMOTION:
            x, y = event.value
            return self._axis_edges({Button.LEFT: x < 0, Button.RIGHT: x > 0,
                                     Button.UP: y > 0, Button.DOWN: y < 0}, t)
        if event.type == pg.JOYAXISMOTION and event.axis in (0, 1):
            v = event.value
            if event.axis == 0:
                want = {Button.LEFT: v < -STICK_THRESHOLD, Button.RIGHT: v > STICK_THRESHOLD}
            else:
                want = {Button.UP: v < -STICK_THRESHOLD, Button.DOWN: v > STICK_THRESHOLD}
            return self._axis_edges(want, t)
        if event.type == pg.JOYDEVICEADDED:
            pad = pg.joystick.Joystick(event.device_index)
            self._pads[pad.get_instance_id()] = pad
        elif event.type == pg.JOYDEVICEREMOVED:
            self._pads.pop(event.instance_id, None)
        elif event.type == pg.QUIT:
            self.quit_requested = True
        return []

    def _axis_edges(self, want: dict[Button, bool], t: float) -> list[RawEdge]:
        out = []
        for b, down in want.items():
            if self._axes[b] != down:
                self._axes[b] = down
                out.append(RawEdge(b, down, t))
        return out

    def poll(self, now_ms: float) -> list[RawEdge]:
        edges: list[RawEdge] = []
        t = self.clock.now_ms()
        for event in self.pygame.event.get():
            edges.extend(self.translate(event, min(t, now_ms)))
        return edges

    def close(self) -> None:
        self._pads.clear()
