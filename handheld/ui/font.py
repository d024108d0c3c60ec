"""The handheld's own pixel fonts: metrics (pure Python) and drawing (pygame).

The glyphs live in ``assets/font/pocket5.txt`` (the small font) and ``pocket7.txt`` (the
large one, for 1x panels) as rows of ``#`` and ``.``; see the files' headers. In Pocket 5
capitals are 5 pixels tall, lowercase 4 with ascenders and descenders, and a line of text
takes ``LINE_HEIGHT`` pixels; a font file may give other metrics (Pocket 7: 7-pixel
capitals, 10-pixel lines), and layout reads them from the font
(:attr:`PixelFont.line_height`...). Layout code only needs the metrics and
:meth:`PixelFont.width`, so the card page can be laid out and checked without a display.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING

from ..assets import assets_dir

if TYPE_CHECKING:
    import pygame

# Pocket 5's metrics, the default of a font file without a "metrics" line.
GLYPH_HEIGHT = 7  # rows 0-4 above the baseline, 5-6 descenders
LINE_HEIGHT = 8
CAP_HEIGHT = 5
SPACING = 1  # blank columns between glyphs
_NAMED = {"space": " ", "hash": "#"}
# The font setting's choices and their files.
FONT_FILES = {"small": "pocket5.txt", "large": "pocket7.txt"}


class FontError(ValueError):
    """The font file is malformed."""


class PixelFont:
    def __init__(self, glyphs: dict[str, tuple[str, ...]], *, glyph_height: int = GLYPH_HEIGHT,
                 line_height: int = LINE_HEIGHT, cap_height: int = CAP_HEIGHT) -> None:
        if "?" not in glyphs:
            raise FontError("the font needs a '?' glyph for characters it lacks")
        self.glyphs = glyphs
        self.glyph_height = glyph_height  # rows of every glyph, descenders included
        self.line_height = line_height  # the step from one line of text to the next
        self.cap_height = cap_height  # rows above the baseline
        self.widths = {ch: len(rows[0]) for ch, rows in glyphs.items()}
        self._cache: dict[tuple[str, tuple[int, int, int], int], pygame.Surface] = {}

    @classmethod
    def parse(cls, text: str, source: str = "font") -> PixelFont:
        glyphs: dict[str, tuple[str, ...]] = {}
        metrics = {"height": GLYPH_HEIGHT, "line": LINE_HEIGHT, "caps": CAP_HEIGHT}
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip() or line.startswith("# "):
                continue
            key, _, spec = line.partition(" ")
            if key == "metrics":
                if glyphs:
                    raise FontError(f"{source}:{n}: the metrics line goes before the glyphs")
                metrics.update(_metrics(spec, f"{source}:{n}"))
                continue
            height = metrics["height"]
            ch = _NAMED.get(key, key)
            rows = tuple(spec.strip().split("/"))
            if len(ch) != 1 or not rows or not rows[0]:
                raise FontError(f"{source}:{n}: expected '<char> <rows>', got {line!r}")
            if len(rows) > height or any(len(r) != len(rows[0]) for r in rows) \
                    or any(c not in "#." for r in rows for c in r):
                raise FontError(f"{source}:{n}: glyph {ch!r} needs up to {height} rows "
                                "of equal width made of '#' and '.'")
            glyphs[ch] = rows + ("." * len(rows[0]),) * (height - len(rows))
        return cls(glyphs, glyph_height=metrics["height"], line_height=metrics["line"],
                   cap_height=metrics["caps"])

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
            surf = pygame.Surface((len(rows[0]), self.glyph_height), pygame.SRCALPHA)
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


def _metrics(spec: str, where: str) -> dict[str, int]:
    """``height=9 line=10 caps=7`` as numbers (each between 1 and 32)."""
    out: dict[str, int] = {}
    for item in spec.split():
        name, _, value = item.partition("=")
        if name not in ("height", "line", "caps") or not value.isdigit() \
                or not 1 <= int(value) <= 32:
            raise FontError(f"{where}: expected 'metrics height=H line=L caps=C', "
                            f"got {item!r}")
        out[name] = int(value)
    return out


def font_path(size: str = "small") -> Path:
    return assets_dir() / "font" / FONT_FILES[size]


@functools.lru_cache(maxsize=len(FONT_FILES))
def font_for(size: str) -> PixelFont:
    """The font of the font setting's ``size`` ("small" or "large")."""
    path = font_path(size)
    return PixelFont.parse(path.read_text(encoding="utf-8"), str(path))


def pocket_font() -> PixelFont:
    """Pocket 5, the small font (the default)."""
    return font_for("small")
