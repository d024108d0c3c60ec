"""Text on the 240x160 screen: draw operations, word wrap with inline Energy symbols, and a
cache of rendered strings.

Layout is pure (only the font's metrics): code lays text out as operations (:class:`TextOp`,
:class:`IconOp`, :class:`RectOp`) that tests can check for bounds and overlaps, and
:func:`draw_ops` paints them. ``[R]`` and the like inside a string become Energy symbols.
Rendered strings are cached (a frame redraws the same labels 60 times a second).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .font import SPACING, PixelFont
from .icons import ICON_SIZE, energy_icon
from .palette import INK, Color

if TYPE_CHECKING:
    import pygame

ICON_GAP = 1
_ICON_TOKEN = re.compile(r"(\[[A-Z]\])")


@dataclass(frozen=True)
class TextOp:
    x: int
    y: int
    text: str
    color: Color = INK
    scale: int = 1

    def box(self, font: PixelFont) -> tuple[int, int, int, int]:
        return (self.x, self.y, font.width(self.text) * self.scale,
                font.glyph_height * self.scale)


@dataclass(frozen=True)
class IconOp:
    x: int
    y: int
    energy_type: str

    def box(self, font: PixelFont) -> tuple[int, int, int, int]:
        return (self.x, self.y, ICON_SIZE, ICON_SIZE)


@dataclass(frozen=True)
class RectOp:
    x: int
    y: int
    w: int
    h: int
    color: Color

    def box(self, font: PixelFont) -> tuple[int, int, int, int]:
        return (self.x, self.y, self.w, self.h)


Op = TextOp | IconOp | RectOp


# --------------------------------------------------------------------------- rich text


def parts(word: str) -> list[str]:
    """A word split into text and Energy symbols: "[R]." -> ["[R]", "."]."""
    return [p for p in _ICON_TOKEN.split(word) if p]


def part_width(font: PixelFont, part: str) -> int:
    return ICON_SIZE if _ICON_TOKEN.fullmatch(part) else font.width(part)


def word_width(font: PixelFont, word: str) -> int:
    pieces = parts(word)
    return sum(part_width(font, p) for p in pieces) + ICON_GAP * (len(pieces) - 1)


def space_width(font: PixelFont) -> int:
    """The advance of a space between words, as :meth:`PixelFont.draw` spaces them."""
    return font.char_width(" ") + 2 * SPACING


def wrap(font: PixelFont, text: str, width: int) -> list[str]:
    """Greedy word wrap to ``width`` pixels; Energy symbols count as 7 pixels. A word wider
    than a whole line is broken between characters."""
    lines: list[str] = []
    current = ""
    current_w = 0
    space = space_width(font)
    for word in text.split():
        w = word_width(font, word)
        while w > width:  # break an overlong word (never in practice, but never clip)
            cut = len(word)
            while cut > 1 and word_width(font, word[:cut]) > width:
                cut -= 1
            if current:
                lines.append(current)
                current, current_w = "", 0
            lines.append(word[:cut])
            word = word[cut:]
            w = word_width(font, word)
        if current and current_w + space + w > width:
            lines.append(current)
            current, current_w = "", 0
        if current:
            current += " " + word
            current_w += space + w
        else:
            current, current_w = word, w
    if current:
        lines.append(current)
    return lines


def text_drop(font: PixelFont) -> int:
    """How far below an Energy symbol's top the text beside it starts: capitals centred on
    the 7-pixel symbol (1 for the small font, 0 for the large)."""
    return max(0, (ICON_SIZE - font.cap_height + 1) // 2)


def line_ops(font: PixelFont, line: str, x: int, y: int, color: Color) -> list[Op]:
    """Ops for one rich-text line: runs of words as one text op each, symbols as icons.
    The x accounting matches :meth:`PixelFont.draw`, so a run drawn as one string lands
    where the wrap measured it."""
    ops: list[Op] = []
    drop = text_drop(font)
    run, run_x = "", x
    space = space_width(font)
    for i, word in enumerate(line.split(" ")):
        if i:
            x += space
            if run:
                run += " "
        for j, part in enumerate(parts(word)):
            if j:
                x += ICON_GAP
            if _ICON_TOKEN.fullmatch(part):
                if run.strip():
                    ops.append(TextOp(run_x, y + drop, run.rstrip(), color))
                run = ""
                ops.append(IconOp(x, y, part[1]))
                x += ICON_SIZE
            else:
                if not run:
                    run_x = x
                run += part
                x += font.width(part)
    if run.strip():
        ops.append(TextOp(run_x, y + drop, run.rstrip(), color))
    return ops




def fit(font: PixelFont, text: str, width: int) -> str:
    """``text``, cut with an ellipsis if it is wider than ``width`` pixels."""
    if font.width(text) <= width:
        return text
    while text and font.width(text + "...") > width:
        text = text[:-1]
    return text.rstrip() + "..."


def moved(op: Op, dx: int = 0, dy: int = 0) -> Op:
    if isinstance(op, TextOp):
        return TextOp(op.x + dx, op.y + dy, op.text, op.color, op.scale)
    if isinstance(op, IconOp):
        return IconOp(op.x + dx, op.y + dy, op.energy_type)
    return RectOp(op.x + dx, op.y + dy, op.w, op.h, op.color)


Rect = tuple[int, int, int, int]
# Told of every string drawn (tests): the target, the text, its rectangle, and the box it
# must stay in (the widget drawing it, or None).
DrawHook = Callable[["pygame.Surface", str, Rect, "Rect | None"], None]


class TextCache:
    """Rendered strings by (text, colour, scale), least recently used dropped first.

    The font can change under it (the font setting): :meth:`set_font` forgets what was
    rendered, and every screen drawing through this cache uses the new font from the next
    frame. ``on_draw``, when set (tests), is told every string drawn (see ``DrawHook``);
    a widget drawing text in a box of its own says so with :meth:`within`."""

    def __init__(self, font: PixelFont, size: int = 1024) -> None:
        self.font = font
        self.size = size
        self._cache: OrderedDict[tuple[str, Color, int], pygame.Surface] = OrderedDict()
        self.on_draw: DrawHook | None = None
        self.box: Rect | None = None

    @contextmanager
    def within(self, x: int, y: int, w: int, h: int) -> Iterator[None]:
        """Text drawn meanwhile belongs in this box (for ``on_draw``; nothing is clipped)."""
        outer, self.box = self.box, (x, y, w, h)
        try:
            yield
        finally:
            self.box = outer

    def set_font(self, font: PixelFont) -> None:
        if font is not self.font:
            self.font = font
            self._cache.clear()

    def render(self, text: str, color: Color = INK, scale: int = 1) -> pygame.Surface:
        key = (text, color, scale)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        import pygame

        w = max(1, self.font.width(text))
        surf = pygame.Surface((w, self.font.glyph_height), pygame.SRCALPHA)
        self.font.draw(surf, text, 0, 0, color)
        if scale != 1:
            surf = pygame.transform.scale_by(surf, scale)
        self._cache[key] = surf
        if len(self._cache) > self.size:
            self._cache.popitem(last=False)
        return surf

    def draw(self, target: pygame.Surface, text: str, x: int, y: int, color: Color = INK,
             scale: int = 1) -> int:
        """Draw ``text`` at (x, y); return its width in pixels."""
        if not text:
            return 0
        surf = self.render(text, color, scale)
        target.blit(surf, (x, y))
        if self.on_draw is not None:
            # The whole string's rectangle, not the part the target clipped.
            self.on_draw(target, text, (x, y, surf.get_width(), surf.get_height()), self.box)
        return surf.get_width()


def draw_ops(surface: pygame.Surface, ops: list[Op], cache: TextCache) -> None:
    for op in ops:
        if isinstance(op, RectOp):
            surface.fill(op.color, (op.x, op.y, op.w, op.h))
        elif isinstance(op, IconOp):
            surface.blit(energy_icon(op.energy_type), (op.x, op.y))
        else:
            cache.draw(surface, op.text, op.x, op.y, op.color, op.scale)
