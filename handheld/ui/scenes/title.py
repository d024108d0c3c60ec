"""The title screen: the name, a fan of cards drawn in the project's own pixel art, and a
blinking PRESS START. Anything the player must know at start-up (a damaged save file, a
low battery) is shown before the menu; after a damaged save file, it offers to start fresh
(the file is kept as a backup copy; what could be read comes along)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ..icons import energy_icon
from ..palette import INK, PAPER, SHADE, TYPE_BAND, TYPE_FILL, WHITE
from ..scene import Scene
from .common import ConfirmScene, NoticeScene

if TYPE_CHECKING:
    import pygame

    from ..input import FrameInput

SKY = (58, 92, 168)
SKY_LOW = (92, 132, 206)


def draw_card_back(surface: pygame.Surface, x: int, y: int, t: str) -> None:
    """A card, face up, in miniature: frame, type band, art box, text lines, symbol."""
    surface.fill(INK, (x, y, 34, 46))
    surface.fill(TYPE_BAND[t], (x + 1, y + 1, 32, 44))
    surface.fill(PAPER, (x + 3, y + 9, 28, 16))
    surface.fill(TYPE_FILL[t], (x + 5, y + 11, 24, 12))
    for row in range(3):
        surface.fill(SHADE, (x + 4, y + 28 + row * 4, 26 - row * 6, 2))
    surface.blit(energy_icon(t), (x + 25, y + 2))


class TitleScene(Scene):
    def update(self, inp: FrameInput) -> None:
        if inp.pressed(Button.START) or inp.pressed(Button.A):
            inp.consume(Button.START, Button.A)
            self.app.play("confirm")
            self._next()

    def _next(self) -> None:
        from .main_menu import MainMenuScene

        notice = self.app.notice()
        if notice:
            self.push(NoticeScene(self.app, notice, then="menu"))
        elif self.app.damaged_saves is not None and not self.asked_fresh:
            self.asked_fresh = True
            self.push(ConfirmScene(
                self.app, "Start fresh with a new save file? The damaged one is kept as a "
                "backup copy beside it, and everything that could be read comes along.",
                yes="Start fresh", no="Not now"))
        else:
            self.app.scenes.replace(MainMenuScene(self.app))

    asked_fresh = False

    def resume(self, result: Any = None) -> None:
        if result is True:  # the confirm screen's answer
            self.app.notices.append(self.app.start_fresh())
        if result in ("menu", True, False):
            self._next()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(SKY)
        surface.fill(SKY_LOW, (0, 110, 240, 50))
        for i in range(0, 240, 16):  # a row of little hills on the horizon
            surface.fill(SKY_LOW, (i, 104 + (i // 16) % 3 * 2, 12, 8))
        t = self.app.text
        title = "POCKET TCG"
        w = t.font.width(title) * 3
        t.draw(surface, title, (240 - w) // 2 + 2, 14, INK, 3)
        t.draw(surface, title, (240 - w) // 2, 12, WHITE, 3)
        sub = "a handheld card battler"
        t.draw(surface, sub, (240 - t.font.width(sub)) // 2, 36, WHITE)
        for i, energy in enumerate(("W", "R", "G", "L", "P")):
            bob = 1 if (self.frames // 30 + i) % 2 else 0
            draw_card_back(surface, 34 + i * 36, 56 + bob + abs(2 - i) * 4, energy)
        if (self.frames // 30) % 2 == 0:
            msg = "PRESS START"
            t.draw(surface, msg, (240 - t.font.width(msg)) // 2, 132, WHITE)
        t.draw(surface, "v0.1", 4, 151, PAPER)
