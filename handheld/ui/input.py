"""What the scenes see of the buttons in one frame.

The board (``firmware_sim``) turns pins, keys and pads into :class:`ButtonEvent`s; a
:class:`FrameInput` holds one frame's events and what is held, and lets a scene *consume*
the buttons it used so a scene below it (or a widget after it) does not act on them too.

START and SELECT held together are the ``menu`` combo. A person never presses the two in
the same millisecond, so :class:`ChordGate` holds a press of either back for a few frames
(until it is released, at most :data:`CHORD_FRAMES`): if the other comes meanwhile,
neither reaches the scenes, and the combo alone acts. Otherwise START would open a menu,
or confirm the picks of a setup prompt, on its way to the combo.
"""

from __future__ import annotations

from collections.abc import Iterable

from firmware_sim.buttons import Button, ButtonEvent

DPAD_DELTA = {Button.UP: (0, -1), Button.DOWN: (0, 1), Button.LEFT: (-1, 0),
              Button.RIGHT: (1, 0)}
CHORD = (Button.START, Button.SELECT)
CHORD_FRAMES = 6  # 100 ms: two buttons pressed "together" by a person land within this


class ChordGate:
    """Holds back a START or SELECT press until it is released or :data:`CHORD_FRAMES`
    pass; when the other of the pair is pressed meanwhile (or is already down), both are
    part of the menu combo and are swallowed until both are up again."""

    def __init__(self, frames: int = CHORD_FRAMES) -> None:
        self.frames = frames
        self._waiting: dict[Button, tuple[ButtonEvent, int]] = {}
        self._chording = False

    def reset(self) -> None:
        """Forget everything (the buttons were all released behind the game's back)."""
        self._waiting.clear()
        self._chording = False

    def filter(self, events: Iterable[ButtonEvent], held: Iterable[Button], frame: int
               ) -> list[ButtonEvent]:
        """This frame's events for the scenes."""
        held = frozenset(held)
        out: list[ButtonEvent] = []
        for e in events:
            if e.button not in CHORD or e.kind == "repeat":
                out.append(e)
                continue
            if self._chording:
                continue  # one of the combo's own presses, holds or releases
            other = Button.SELECT if e.button is Button.START else Button.START
            if e.kind == "press":
                if other in self._waiting or other in held:
                    self._waiting.pop(other, None)
                    self._chording = True
                else:
                    self._waiting[e.button] = (e, frame)
            elif e.button in self._waiting and e.kind == "release":
                out.append(self._waiting.pop(e.button)[0])  # a tap: it acts now
                out.append(e)
            elif e.button not in self._waiting:
                out.append(e)
        for button, (press, since) in list(self._waiting.items()):
            if frame - since >= self.frames:
                out.append(press)  # held alone long enough: it was never a combo
                del self._waiting[button]
        if self._chording and not held & set(CHORD):
            self._chording = False
        return out


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

    def add_press(self, button: Button) -> None:
        """A press made by the game itself (the menu combo going back as B does)."""
        t = self.events[-1].t_ms if self.events else 0.0
        self.events.append(ButtonEvent("press", button, t))
        self._used.discard(button)

    def consume_all(self) -> None:
        self._used.update(Button)
        self._combo_used = True
