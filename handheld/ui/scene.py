"""Scenes and the scene stack.

A scene is one screen (title, menu, duel, card page ...) with ``enter``, ``exit``,
``update`` (once per frame, with that frame's input) and ``draw``. The top scene gets the
input; a ``transparent`` scene (a dialog, an overlay) is drawn over the one below it.
Changes to the stack asked for during an update take effect after it, so a scene never
sees the stack change under its feet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

if TYPE_CHECKING:
    import pygame

    from .app import Handheld
    from .input import FrameInput


class Scene:
    transparent = False  # draw the scene below first
    in_match_menu = False  # the match menu (START+SELECT in a match) or one of its screens

    def __init__(self, app: Handheld) -> None:
        self.app = app
        self.frames = 0  # frames since it entered (for blinking, animations)

    @property
    def name(self) -> str:
        return type(self).__name__

    def enter(self) -> None:
        """Pushed on the stack."""

    def exit(self) -> None:
        """Popped, or replaced."""

    def resume(self, result: Any = None) -> None:
        """On top again; ``result`` is what the scene above returned (see ``pop``)."""

    def update(self, inp: FrameInput) -> None:
        """One frame of logic."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the 240x160 surface."""

    # ---------------------------------------------------------------- helpers

    def push(self, scene: Scene) -> None:
        self.app.scenes.push(scene)

    def close(self, result: Any = None) -> None:
        """Leave this scene, handing ``result`` to the one below."""
        self.app.scenes.pop(self, result)

    def on_shutdown(self, reason: str) -> None:
        """The handheld is about to power off: save what must not be lost."""

    def on_menu_combo(self, inp: FrameInput) -> bool:
        """START+SELECT, with this scene anywhere on the stack: True if it took the combo
        (a match opens its menu over every screen above it); False to let it go back one
        level (:meth:`back` of the top scene)."""
        return False

    def back(self, inp: FrameInput) -> None:
        """START+SELECT outside a match: back one level. Here that is what B does, with
        the screen's own questions (unsaved cards, a deck not kept); a screen where B does
        something else says what going back is."""
        inp.add_press(Button.B)


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self._pending.append(lambda: self._push(scene))

    def pop(self, scene: Scene | None = None, result: Any = None) -> None:
        self._pending.append(lambda: self._pop(scene, result))

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        def do() -> None:
            if self.scenes:
                self.scenes.pop().exit()
            self._push(scene)
        self._pending.append(do)

    def reset(self, scene: Scene) -> None:
        """Empty the stack down to ``scene`` alone (back to the main menu)."""
        def do() -> None:
            while self.scenes:
                self.scenes.pop().exit()
            self._push(scene)
        self._pending.append(do)

    def pop_to(self, scene: Scene, result: Any = None) -> None:
        """Close every scene above ``scene`` (a chain of menus after an action)."""
        def do() -> None:
            if scene not in self.scenes:
                return
            while self.scenes and self.scenes[-1] is not scene:
                self.scenes.pop().exit()
            scene.resume(result)
        self._pending.append(do)

    def apply(self) -> None:
        while self._pending:
            self._pending.pop(0)()

    def _push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.enter()

    def _pop(self, scene: Scene | None, result: Any) -> None:
        if not self.scenes or (scene is not None and self.scenes[-1] is not scene):
            return  # already gone (two pops for one scene)
        self.scenes.pop().exit()
        if self.scenes:
            self.scenes[-1].resume(result)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and those showing through it."""
        out: list[Scene] = []
        for scene in reversed(self.scenes):
            out.append(scene)
            if not scene.transparent:
                break
        return list(reversed(out))
