"""What the scenes see of the buttons in one frame.

The board (``firmware_sim``) turns pins, keys and pads into :class:`ButtonEvent`s; a
:class:`FrameInput` holds one frame's events and what is held, and lets a scene *consume*
the buttons it used so a scene below it (or a widget after it) does not act on them too.
"""

from __future__ import annotations

from collections.abc import Iterable

from firmware_sim.buttons import Button, ButtonEvent

DPAD_DELTA = {Button.UP: (0, -1), Button.DOWN: (0, 1), Button.LEFT: (-1, 0),
              Button.RIGHT: (1, 0)}


class FrameInput:
    def __init__(self, events: Iterable[ButtonEvent] = (), held: Iterable[Button] = (),
                 frame: int = 0) -> None:
        self.events = list(events)
        self.held = frozenset(held)
        self.frame = frame
        self._used: set[Button] = set()
        self._combo_used = False

    # ---------------------------------------------------------------- asking

    def pressed(self, button: Button) -> bool:
        """A fresh press of ``button`` this frame (not yet consumed)."""
        return button not in self._used and any(
            e.kind == "press" and e.button is button for e in self.events)

    def repeated(self, button: Button) -> bool:
        """A press or an auto-repeat (for moving a cursor while the D-pad is held)."""
        return button not in self._used and any(
            e.kind in ("press", "repeat") and e.button is button for e in self.events)

    def released(self, button: Button) -> bool:
        return button not in self._used and any(
            e.kind == "release" and e.button is button for e in self.events)

    def is_held(self, button: Button) -> bool:
        return button in self.held

    def combo(self, name: str) -> bool:
        return not self._combo_used and any(
            e.kind == "combo" and e.combo == name for e in self.events)

    def nav(self) -> tuple[int, int]:
        """The D-pad's move this frame as (dx, dy), presses and repeats alike."""
        dx = dy = 0
        for b, (x, y) in DPAD_DELTA.items():
            if self.repeated(b):
                dx += x
                dy += y
        return dx, dy

    @property
    def any_press(self) -> bool:
        return any(e.kind == "press" and e.button not in self._used for e in self.events)

    # ---------------------------------------------------------------- consuming

    def consume(self, *buttons: Button) -> None:
        self._used.update(buttons)

    def consume_combo(self) -> None:
        self._combo_used = True

    def consume_all(self) -> None:
        self._used.update(Button)
        self._combo_used = True
