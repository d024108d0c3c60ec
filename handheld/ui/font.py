"""Pocket 5, the handheld's own pixel font: metrics (pure Python) and drawing (pygame).

The glyphs live in ``assets/font/pocket5.txt`` as rows of ``#`` and ``.``; see that file's
header. Capitals are 5 pixels tall, lowercase 4 with ascenders and descenders; a line of
text takes ``LINE_HEIGHT`` pixels. Layout code only needs :meth:`PixelFont.width`, so the
card page can be laid out and checked without a display.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING

from ..assets import assets_dir

if TYPE_CHECKING:
    import pygame

GLYPH_HEIGHT = 7  # rows 0-4 above the baseline, 5-6 descenders
LINE_HEIGHT = 8
SPACING = 1  # blank columns between glyphs
_NAMED = {"space": " ", "hash": "#"}


class FontError(ValueError):
    """The font file is malformed."""


class PixelFont:
    def __init__(self, glyphs: dict[str, tuple[str, ...]]) -> None:
        if "?" not in glyphs:
            raise FontError("the font needs a '?' glyph for characters it lacks")
        self.glyphs = glyphs
        self.widths = {ch: len(rows[0]) for ch, rows in glyphs.items()}
        self._cache: dict[tuple[str, tuple[int, int, int], int], pygame.Surface] = {}

    @classmethod
    def parse(cls, text: str, source: str = "font") -> PixelFont:
        glyphs: dict[str, tuple[str, ...]] = {}
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip() or line.startswith("# "):
                continue
            key, _, spec = line.partition(" ")
            ch = _NAMED.get(key, key)
            rows = tuple(spec.strip().split("/"))
            if len(ch) != 1 or not rows or not rows[0]:
                raise FontError(f"{source}:{n}: expected '<char> <rows>', got {line!r}")
            if len(rows) > GLYPH_HEIGHT or any(len(r) != len(rows[0]) for r in rows) \
                    or any(c not in "#." for r in rows for c in r):
                raise FontError(f"{source}:{n}: glyph {ch!r} needs up to {GLYPH_HEIGHT} rows "
                                "of equal width made of '#' and '.'")
            glyphs[ch] = rows + ("." * len(rows[0]),) * (GLYPH_HEIGHT - len(rows))
        return cls(glyphs)

    def has(self, ch: str) -> bool:
        return ch in self.glyphs

    def char_width(self, ch: str) -> int:
        return self.widths.get(ch, self.widths["?"])

    def width(self, text: str) -> int:
        """Pixels from the first column to the last of ``text`` (no trailing spacing)."""
        if not text:
            return 0
        widths = self.widths
        fallback = widths["?"]
        return sum(widths.get(ch, fallback) for ch in text) + SPACING * (len(text) - 1)

    def glyph_surface(self, ch: str, color: tuple[int, int, int],
                      scale: int = 1) -> pygame.Surface:
        key = (ch, color, scale)
        surf = self._cache.get(key)
        if surf is None:
            import pygame

            rows = self.glyphs.get(ch) or self.glyphs["?"]
            surf = pygame.Surface((len(rows[0]), GLYPH_HEIGHT), pygame.SRCALPHA)
            for y, row in enumerate(rows):
                for x, c in enumerate(row):
                    if c == "#":
                        surf.set_at((x, y), (*color, 255))
            if scale != 1:
                surf = pygame.transform.scale_by(surf, scale)
            self._cache[key] = surf
        return surf

    def draw(self, target: pygame.Surface, text: str, x: int, y: int,
             color: tuple[int, int, int], scale: int = 1) -> int:
        """Draw ``text`` with its top-left at (x, y); return the x after the last glyph."""
        for ch in text:
            if ch != " ":
                target.blit(self.glyph_surface(ch, color, scale), (x, y))
            x += (self.char_width(ch) + SPACING) * scale
        return x - SPACING * scale if text else x


def font_path() -> Path:
    return assets_dir() / "font" / "pocket5.txt"


@functools.lru_cache(maxsize=1)
def pocket_font() -> PixelFont:
    path = font_path()
    return PixelFont.parse(path.read_text(encoding="utf-8"), str(path))
