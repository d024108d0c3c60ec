"""Pieces several screens share: the title bar, a hint line, and a notice dialog."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ..palette import INK, MUTED, PAPER, WHITE
from ..scene import Scene
from ..text import fit, wrap
from ..widgets import Menu, MenuItem, MessageBox, window

if TYPE_CHECKING:
    import pygame

    from ..app import Handheld
    from ..input import FrameInput

BAR_H = 13
BAR_FILL = (52, 70, 120)


def title_bar(app: Handheld, surface: pygame.Surface, title: str, right: str = "") -> None:
    surface.fill(BAR_FILL, (0, 0, 240, BAR_H))
    font = app.text.font
    w = font.width(right) if right else 0
    app.text.draw(surface, fit(font, title, 232 - (w + 6 if w else 0)), 4, 3, WHITE)
    if right:
        app.text.draw(surface, right, 236 - w, 3, WHITE)


def hint_line(app: Handheld, surface: pygame.Surface, hint: str) -> None:
    """The bottom line: what the buttons do here."""
    surface.fill(INK, (0, 150, 240, 10))
    app.text.draw(surface, fit(app.text.font, hint, 234), 3, 151, PAPER)


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


class ConfirmScene(Scene):
    """A yes/no question over the current screen. The safe answer comes first and is
    chosen at the start; B answers it too. Closes with True (yes) or False."""

    transparent = True

    def __init__(self, app: Handheld, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__(app)
        self.question = question
        self.lines = wrap(app.text.font, question, 196)[:4]
        self._wrapped_in = app.text.font
        self.menu = Menu([MenuItem(no, True, False), MenuItem(yes, True, True)], rows=2)

    def update(self, inp: FrameInput) -> None:
        result = self.menu.update(inp, self.app.sounds)
        inp.consume_all()
        if result == "select" and self.menu.selected is not None:
            self.close(bool(self.menu.selected.value))
        elif result == "cancel":
            self.close(False)

    def draw(self, surface: pygame.Surface) -> None:
        text = self.app.text
        if self._wrapped_in is not text.font:  # the font setting changed under it
            self.lines = wrap(text.font, self.question, 196)[:4]
            self._wrapped_in = text.font
        step = text.font.line_height + 1
        h = len(self.lines) * step + self.menu.height(text.font) + 16
        y = (160 - h) // 2
        window(surface, 16, y, 208, h, fill=WHITE)
        for i, line in enumerate(self.lines):
            text.draw(surface, line, 22, y + 6 + i * step, INK)
        self.menu.draw(surface, text, 22, y + 8 + len(self.lines) * step, 120)


class MenuOverlay(Scene):
    """A small menu over the current screen; closes with the chosen item's value, or None
    on B."""

    transparent = True

    def __init__(self, app: Handheld, title: str, items: Sequence[MenuItem]) -> None:
        super().__init__(app)
        self.title = title
        self.menu = Menu(items, rows=6)

    def update(self, inp: FrameInput) -> None:
        result = self.menu.update(inp, self.app.sounds)
        if inp.pressed(Button.START):  # START again closes the menu it opened
            result = "cancel"
            self.app.play("back")
        inp.consume_all()
        if result == "select" and self.menu.selected is not None:
            self.chosen(self.menu.selected.value)
        elif result == "cancel":
            self.close(None)

    def chosen(self, value: Any) -> None:
        """An item was chosen: by default the menu closes with its value."""
        self.close(value)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        h = self.menu.height(app.text.font) + 22
        x, y, w = 60, 30, 120
        window(surface, x, y, w, h, fill=WHITE)
        app.text.draw(surface, fit(app.text.font, self.title, w - 12), x + 6, y + 5, MUTED)
        self.menu.draw(surface, app.text, x + 3, y + 16, w - 6)
        item = self.menu.selected
        if item is not None and item.hint:
            surface.fill(PAPER, (0, 138, 240, 11))
            app.text.draw(surface, fit(app.text.font, item.hint, 232), 4, 140, INK)
