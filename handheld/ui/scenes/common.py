"""Pieces several screens share: the title bar, a hint line, and a notice dialog."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ..palette import INK, PAPER, WHITE
from ..scene import Scene
from ..widgets import MessageBox

if TYPE_CHECKING:
    import pygame

    from ..app import Handheld
    from ..input import FrameInput

BAR_H = 13
BAR_FILL = (52, 70, 120)


def title_bar(app: Handheld, surface: pygame.Surface, title: str, right: str = "") -> None:
    surface.fill(BAR_FILL, (0, 0, 240, BAR_H))
    app.text.draw(surface, title, 4, 3, WHITE)
    if right:
        w = app.text.font.width(right)
        app.text.draw(surface, right, 236 - w, 3, WHITE)


def hint_line(app: Handheld, surface: pygame.Surface, hint: str) -> None:
    """The bottom line: what the buttons do here."""
    surface.fill(INK, (0, 150, 240, 10))
    app.text.draw(surface, hint, 3, 151, PAPER)


def battery_label(app: Handheld) -> str:
    state = app.board.power_state
    if state is None:
        return ""
    plug = "+" if state.charging else ""
    return f"{state.percent:.0f}%{plug}"


class NoticeScene(Scene):
    """A message over the current screen; A or B closes it once read."""

    transparent = True

    def __init__(self, app: Handheld, text: str, *, then: Any = None) -> None:
        super().__init__(app)
        self.box = MessageBox(text, letters_per_frame=app.settings.letters_per_frame,
                              lines=5)
        self.then = then

    def update(self, inp: FrameInput) -> None:
        self.box.update(inp, self.app.sounds)
        inp.consume(Button.START, Button.SELECT)
        if self.box.done:
            self.close(self.then)

    def draw(self, surface: pygame.Surface) -> None:
        self.box.draw(surface, self.app.text, 8, 50, self.frames)
