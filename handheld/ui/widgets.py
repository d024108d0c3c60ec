"""The building blocks of the screens: windows, menus, message boxes.

They draw in the project's palette and font, take their input from a
:class:`~handheld.ui.input.FrameInput`, and play the cursor / confirm / back sounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from .font import LINE_HEIGHT, PixelFont
from .palette import INK, MUTED, PAPER, SHADE, WHITE, Color
from .text import TextCache, draw_ops, fit, line_ops, wrap

if TYPE_CHECKING:
    import pygame

    from .input import FrameInput
    from .sound import Sounds

ROW_H = LINE_HEIGHT + 3  # a menu row in the small font
SELECT_FILL: Color = (255, 226, 120)


def row_height(font: PixelFont) -> int:
    """A menu row's height in ``font``: a line and a little room for the cursor's band."""
    return font.line_height + 3


def window(surface: pygame.Surface, x: int, y: int, w: int, h: int, *,
           fill: Color = PAPER, border: Color = INK) -> None:
    """A framed panel with clipped corners, the look of every box on the screen."""
    surface.fill(border, (x + 1, y, w - 2, h))
    surface.fill(border, (x, y + 1, w, h - 2))
    surface.fill(fill, (x + 1, y + 1, w - 2, h - 2))
    surface.fill(SHADE, (x + 2, y + h - 3, w - 4, 1))


def arrow(surface: pygame.Surface, x: int, y: int, color: Color = INK) -> None:
    """A small right-pointing cursor (4x7)."""
    for i, h in enumerate((7, 5, 3, 1)):
        surface.fill(color, (x + i, y + (7 - h) // 2, 1, h))


def down_arrow(surface: pygame.Surface, x: int, y: int, color: Color = INK) -> None:
    for i, w in enumerate((7, 5, 3, 1)):
        surface.fill(color, (x + (7 - w) // 2, y + i, w, 1))


@dataclass
class MenuItem:
    label: str
    enabled: bool = True
    value: Any = None
    hint: str = ""  # a line shown under the menu while this item is selected


class Menu:
    """A vertical list with a cursor. ``update`` returns "select", "cancel" or None; the
    cursor wraps around and the list scrolls when it has more items than it shows.

    ``rows`` is measured in the small font's rows: the menu never takes more height than
    that, so with a taller font (:meth:`use_font`, done by every draw) it shows fewer rows
    (:attr:`page_rows`) and scrolls sooner, and the screen's layout stays as it was."""

    def __init__(self, items: Sequence[MenuItem | str], *, rows: int = 8, cancel: bool = True
                 ) -> None:
        self.items = [i if isinstance(i, MenuItem) else MenuItem(i) for i in items]
        self.rows = rows
        self.row_h = ROW_H
        self.cancel = cancel
        self.cursor = next((i for i, it in enumerate(self.items) if it.enabled), 0)
        self.top = 0

    @property
    def page_rows(self) -> int:
        """The rows shown at once: as many of this font's rows as fit in ``rows`` small
        ones."""
        return max(1, self.rows * ROW_H // self.row_h)

    def use_font(self, font: PixelFont) -> None:
        h = row_height(font)
        if h != self.row_h:
            self.row_h = h
            self._scroll()

    @property
    def selected(self) -> MenuItem | None:
        return self.items[self.cursor] if self.items else None

    def set_items(self, items: Sequence[MenuItem | str]) -> None:
        self.items = [i if isinstance(i, MenuItem) else MenuItem(i) for i in items]
        self.cursor = min(self.cursor, max(0, len(self.items) - 1))
        if self.items and not self.items[self.cursor].enabled:
            # Never rest on an item that cannot be chosen (a greyed-out Continue).
            self.cursor = next((i for i, it in enumerate(self.items) if it.enabled),
                               self.cursor)
        self._scroll()

    def update(self, inp: FrameInput, sounds: Sounds | None = None) -> str | None:
        if not self.items:
            if self.cancel and inp.pressed(Button.B):
                inp.consume(Button.B)
                return "cancel"
            return None
        _, dy = inp.nav()
        if dy:
            inp.consume(Button.UP, Button.DOWN)
            self.cursor = (self.cursor + dy) % len(self.items)
            self._scroll()
            if sounds:
                sounds.play("cursor")
        if inp.pressed(Button.A):
            inp.consume(Button.A)
            if self.items[self.cursor].enabled:
                if sounds:
                    sounds.play("confirm")
                return "select"
            if sounds:
                sounds.play("error")
        if self.cancel and inp.pressed(Button.B):
            inp.consume(Button.B)
            if sounds:
                sounds.play("back")
            return "cancel"
        return None

    def select(self, index: int) -> None:
        """Put the cursor on item ``index`` (scrolled into view)."""
        if self.items:
            self.cursor = max(0, min(index, len(self.items) - 1))
            self._scroll()

    def _scroll(self) -> None:
        rows = self.page_rows
        self.top = min(self.top, max(0, len(self.items) - rows))
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + rows:
            self.top = self.cursor - rows + 1

    def height(self, font: PixelFont | None = None) -> int:
        """The pixels the menu takes (in ``font``, if given, else the last one drawn)."""
        if font is not None:
            self.use_font(font)
        return min(self.page_rows, len(self.items)) * self.row_h

    def row_y(self, y: int, index: int) -> int:
        """The top of item ``index``'s row in a menu drawn at ``y`` (see :meth:`shown`)."""
        return y + (index - self.top) * self.row_h

    def shown(self, index: int) -> bool:
        return self.top <= index < self.top + self.page_rows

    def draw(self, surface: pygame.Surface, text: TextCache, x: int, y: int, w: int) -> None:
        self.use_font(text.font)
        rows, row_h = self.page_rows, self.row_h
        visible = self.items[self.top:self.top + rows]
        for i, item in enumerate(visible):
            row_y = y + i * row_h
            index = self.top + i
            if index == self.cursor:
                surface.fill(SELECT_FILL, (x, row_y, w, row_h - 1))
                arrow(surface, x + 2, row_y + 2)
            color = INK if item.enabled else MUTED
            ops = line_ops(text.font, _fit(text, item.label, w - 10), x + 9, row_y + 1, color)
            with text.within(x, row_y, w, row_h):
                draw_ops(surface, ops, text)
        if self.top > 0:
            surface.fill(INK, (x + w - 5, y, 3, 1))
            surface.fill(INK, (x + w - 4, y - 1, 1, 1))
        if self.top + rows < len(self.items):
            down_arrow(surface, x + w - 8, y + rows * row_h - 4)


def _fit(text: TextCache, label: str, width: int) -> str:
    """The label, cut to ``width`` (a label with Energy symbols is measured without the
    brackets, which draw as narrower icons)."""
    if text.font.width(label.replace("[", "").replace("]", "")) <= width:
        return label
    return fit(text.font, label, width)


class MessageBox:
    """Text that types itself out at the player's text speed; A or B shows it all, then
    turns the page, then finishes (``done``)."""

    def __init__(self, text: str, *, letters_per_frame: float = 1.5, lines: int = 3,
                 width: int = 224) -> None:
        self.width = width
        self.lines_per_page = lines
        self.pages: list[list[str]] = []
        self.speed = letters_per_frame
        self.set_text(text)

    def set_text(self, text: str, text_cache: TextCache | None = None) -> None:
        self._raw = text
        # Wrapped for this cache and font (the font setting can change it).
        self._wrapped_for: tuple[TextCache, PixelFont] | None = None
        self.page = 0
        self.shown = 0.0
        self.done = False
        if text_cache is not None:
            self._wrap(text_cache)

    def _wrap(self, text: TextCache) -> None:
        if self._wrapped_for == (text, text.font):
            return
        lines: list[str] = []
        for para in self._raw.split("\n"):
            lines.extend(wrap(text.font, para, self.width - 12) or [""])
        n = self.lines_per_page
        self.pages = [lines[i:i + n] for i in range(0, len(lines), n)] or [[""]]
        self._wrapped_for = (text, text.font)

    @property
    def page_letters(self) -> int:
        return sum(len(line) for line in self.pages[self.page]) if self.pages else 0

    @property
    def revealed(self) -> bool:
        return self.speed <= 0 or self.shown >= self.page_letters

    def update(self, inp: FrameInput, sounds: Sounds | None = None) -> None:
        if self.done or not self.pages:
            return
        if not self.revealed:
            self.shown += self.speed
        if inp.pressed(Button.A) or inp.pressed(Button.B):
            inp.consume(Button.A, Button.B)
            if not self.revealed:
                self.shown = float(self.page_letters)
            elif self.page + 1 < len(self.pages):
                self.page += 1
                self.shown = 0.0
                if sounds:
                    sounds.play("cursor")
            else:
                self.done = True

    def draw(self, surface: pygame.Surface, text: TextCache, x: int, y: int,
             frame: int = 0) -> None:
        self._wrap(text)
        line_h = text.font.line_height
        h = self.lines_per_page * line_h + 10
        window(surface, x, y, self.width, h, fill=WHITE)
        budget = float("inf") if self.revealed else self.shown
        for i, line in enumerate(self.pages[self.page]):
            if budget <= 0:
                break
            visible = line if budget >= len(line) else line[:int(budget)]
            budget -= len(line)
            with text.within(x, y, self.width, h):
                draw_ops(surface, line_ops(text.font, visible, x + 6, y + 5 + i * line_h, INK),
                         text)
        if self.revealed and (frame // 20) % 2 == 0:
            down_arrow(surface, x + self.width - 12, y + h - 9)
