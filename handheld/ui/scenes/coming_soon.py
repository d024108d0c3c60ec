"""A placeholder for a part of the handheld that a later release brings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware_sim.buttons import Button

from ..palette import INK, PAPER
from ..scene import Scene
from ..text import draw_ops, line_ops, wrap
from ..widgets import window
from .common import hint_line, title_bar

if TYPE_CHECKING:
    import pygame

    from ..app import Handheld
    from ..input import FrameInput


class ComingSoonScene(Scene):
    def __init__(self, app: Handheld, title: str, text: str) -> None:
        super().__init__(app)
        self.title = title
        self.lines = wrap(app.text.font, text, 200)

    def update(self, inp: FrameInput) -> None:
        if inp.pressed(Button.B) or inp.pressed(Button.A):
            inp.consume(Button.A, Button.B)
            self.app.play("back")
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(PAPER)
        title_bar(self.app, surface, self.title)
        window(surface, 12, 30, 216, 20 + 9 * len(self.lines))
        self.app.text.draw(surface, "Coming soon", 20, 36, INK)
        for i, line in enumerate(self.lines):
            draw_ops(surface, line_ops(self.app.text.font, line, 20, 48 + i * 9, INK),
                     self.app.text)
        hint_line(self.app, surface, "B: back")
