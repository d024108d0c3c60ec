"""A page of text taller than its box: word-wrapped lines that UP/DOWN scroll.

The e-Reader's card screens (Card, Data) and the Dictionary's definition page share it.
Lines are laid out once with the font's metrics (:func:`wrap_lines`), so a test can check
that every line fits its box without drawing; ``[R]`` and the like become Energy symbols.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from firmware_sim.buttons import Button

from .font import LINE_HEIGHT, PixelFont
from .palette import INK, SHADE, Color
from .text import TextCache, draw_ops, line_ops, space_width, text_drop, word_width, wrap
from .widgets import down_arrow

if TYPE_CHECKING:
    import pygame

    from .input import FrameInput
    from .sound import Sounds

LINE_PITCH = LINE_HEIGHT + 1  # a line of the page in the small font (see line_pitch)
SCROLL_BAR_W = 6  # kept free at the right of the box for the scroll marks


@dataclass(frozen=True)
class TextLine:
    """One line of a scrolling page: ``text`` at ``x`` pixels from the box's left, an
    optional ``label`` at the very left (a Data row's name) and an optional ``fill`` band
    behind the whole line (a heading)."""

    text: str
    color: Color = INK
    x: int = 0
    label: str = ""
    label_color: Color = INK
    fill: Color | None = None

    def right(self, font: PixelFont) -> int:
        """The pixel after the line's last one, from the box's left."""
        label_end = font.width(self.label) if self.label else 0
        words = self.text.split(" ")
        width = sum(word_width(font, w) for w in words) + \
            space_width(font) * (len(words) - 1) if self.text else 0
        return max(label_end, self.x + width)


def wrap_lines(font: PixelFont, text: str, width: int, *, color: Color = INK, x: int = 0,
               label: str = "", label_color: Color = INK,
               fill: Color | None = None) -> list[TextLine]:
    """``text`` wrapped to a box ``width`` pixels wide, starting ``x`` pixels in; the
    ``label`` and ``fill`` go with the first line only. Paragraphs split on newlines."""
    out: list[TextLine] = []
    for para in text.split("\n"):
        for line in wrap(font, para, width - x) or [""]:
            first = not out
            out.append(TextLine(line, color, x, label if first else "", label_color,
                                fill if first else None))
    return out


def line_pitch(font: PixelFont) -> int:
    """The step from one line of a page to the next in ``font``."""
    return font.line_height + 1


def clean(text: str) -> str:
    """Text for the pixel font: typographic quotes as the straight ones it draws."""
    return text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')


class ScrollText:
    """Lines shown a page at a time; ``update`` scrolls with UP/DOWN (held repeats).

    ``rows`` is measured in the small font's lines: the page never takes more height than
    that, so in a taller font (:meth:`use_font`, done by every draw) it shows fewer lines
    (:attr:`page_rows`)."""

    def __init__(self, lines: Sequence[TextLine], rows: int) -> None:
        self.lines = list(lines)
        self.rows = rows
        self.pitch = LINE_PITCH
        self.top = 0

    @property
    def page_rows(self) -> int:
        return max(1, self.rows * LINE_PITCH // self.pitch)

    def use_font(self, font: PixelFont) -> None:
        self.pitch = line_pitch(font)
        self.top = min(self.top, self.max_top)

    @property
    def max_top(self) -> int:
        return max(0, len(self.lines) - self.page_rows)

    @property
    def scrolls(self) -> bool:
        return len(self.lines) > self.page_rows

    def visible(self) -> list[TextLine]:
        return self.lines[self.top:self.top + self.page_rows]

    def scroll(self, delta: int) -> bool:
        """Move by ``delta`` lines; whether it moved."""
        top = max(0, min(self.max_top, self.top + delta))
        moved = top != self.top
        self.top = top
        return moved

    def update(self, inp: FrameInput, sounds: Sounds | None = None) -> None:
        _, dy = inp.nav()
        if dy:
            inp.consume(Button.UP, Button.DOWN)
            if self.scroll(dy) and sounds:
                sounds.play("cursor")

    def height(self) -> int:
        return self.page_rows * self.pitch

    def draw(self, surface: pygame.Surface, text: TextCache, x: int, y: int, w: int) -> None:
        self.use_font(text.font)
        with text.within(x, y, w - SCROLL_BAR_W, self.height()):
            self._draw_lines(surface, text, x, y, w)
        self._draw_bar(surface, x, y, w)

    def _draw_lines(self, surface: pygame.Surface, text: TextCache, x: int, y: int,
                    w: int) -> None:
        for i, line in enumerate(self.visible()):
            ly = y + i * self.pitch
            if line.fill is not None:
                surface.fill(line.fill, (x - 2, ly - 1, w - SCROLL_BAR_W + 2, self.pitch))
            if line.label:
                text.draw(surface, line.label, x, ly + text_drop(text.font), line.label_color)
            if line.text:
                draw_ops(surface, line_ops(text.font, line.text, x + line.x, ly, line.color),
                         text)

    def _draw_bar(self, surface: pygame.Surface, x: int, y: int, w: int) -> None:
        if not self.scrolls:
            return
        bx = x + w - SCROLL_BAR_W + 1
        if self.top > 0:  # an up arrow
            for i, span in enumerate((1, 3, 5)):
                surface.fill(INK, (bx + (5 - span) // 2, y + i, span, 1))
        if self.top < self.max_top:
            down_arrow(surface, bx - 1, y + self.height() - 5)
        # Where the page is: a thin bar between the arrows.
        track_y, track_h = y + 5, self.height() - 11
        if track_h > 4:
            size = max(3, track_h * self.page_rows // len(self.lines))
            pos = (track_h - size) * self.top // max(1, self.max_top)
            surface.fill(SHADE, (bx + 2, track_y, 1, track_h))
            surface.fill(INK, (bx + 1, track_y + pos, 3, size))
