"""One frame of a message typed out letter by letter (the card duel's and the piece board's
message lines): A or B shows it whole, a second press (or the hold running out once all is
shown) ends it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware_sim.buttons import Button

if TYPE_CHECKING:
    from .input import FrameInput


def typewriter_step(shown: float, hold: int, length: int, speed: float,
                    inp: FrameInput) -> tuple[float, int, bool]:
    """The letters shown and the frames held after this frame, and whether the message is
    done. ``speed`` is letters per frame (0: all at once)."""
    if speed > 0 and shown < length:
        shown += speed
    else:
        shown = length  # all shown: count down before the next message
        hold -= 1
    if inp.pressed(Button.A) or inp.pressed(Button.B):
        inp.consume(Button.A, Button.B)
        if shown < length:
            shown = length
        else:
            hold = 0
    return shown, hold, shown >= length and hold <= 0
