"""The attract mode: the computer plays itself, match after match (``--demo``).

A press of START leaves for the title screen."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ...cards import THEME_DECKS, load_deck
from ..scene import Scene

if TYPE_CHECKING:
    import pygame

    from ..input import FrameInput


class DemoScene(Scene):
    def enter(self) -> None:
        self._start()

    def _start(self) -> None:
        from .duel import DuelScene, DuelSetup

        a, b = THEME_DECKS
        names = (a.replace("_", " ").title(), b.replace("_", " ").title())
        setup = DuelSetup(decks=(load_deck(a), load_deck(b)), deck_names=names,
                          seats=("greedy", "greedy"), names=("CPU 1", "CPU 2"), mode="demo",
                          seed=self.app.new_seed())
        self.push(DuelScene.new(self.app, setup))

    def resume(self, result: Any = None) -> None:
        self._start()

    def on_menu_combo(self, inp: FrameInput) -> bool:
        """START+SELECT leaves the attract mode, whatever screen of it is up."""
        from .title import TitleScene

        inp.consume_all()
        self.app.scenes.reset(TitleScene(self.app))
        return True

    def update(self, inp: FrameInput) -> None:
        if inp.pressed(Button.START):
            from .title import TitleScene

            self.app.scenes.reset(TitleScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))
