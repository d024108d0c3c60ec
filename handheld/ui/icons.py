"""Energy symbols, drawn as 7x7 pixel art: a disc in the type's colour with a small mark."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from .palette import INK, TYPE_FILL, TYPE_MARK

if TYPE_CHECKING:
    import pygame

ICON_SIZE = 7

_DISC = (
    "..ooo..",
    ".oxxxo.",
    "oxxxxxo",
    "oxxxxxo",
    "oxxxxxo",
    ".oxxxo.",
    "..ooo..",
)
# A 3x3 mark in the middle of the disc, one per type (the colour tells them apart first).
_MARKS = {
    "G": ".##/##./#..",
    "R": "#.#/.##/###",
    "W": ".#./###/###",
    "L": ".##/.#./##.",
    "P": "###/#.#/###",
    "F": "###/###/###",
    "D": "##./#../##.",
    "M": ".#./#.#/.#.",
    "C": "#.#/.#./#.#",
    "N": "###/.#./###",
}


def icon_pixels(energy_type: str) -> list[str]:
    """The symbol as rows of "o" (outline), "x" (fill), "#" (mark) and "." (clear)."""
    rows = [list(r) for r in _DISC]
    for dy, row in enumerate(_MARKS.get(energy_type, _MARKS["C"]).split("/")):
        for dx, c in enumerate(row):
            if c == "#":
                rows[2 + dy][2 + dx] = "#"
    return ["".join(r) for r in rows]


@functools.lru_cache(maxsize=32)
def energy_icon(energy_type: str) -> pygame.Surface:
    import pygame

    fill = TYPE_FILL.get(energy_type, TYPE_FILL["C"])
    mark = TYPE_MARK.get(energy_type, INK)
    surf = pygame.Surface((ICON_SIZE, ICON_SIZE), pygame.SRCALPHA)
    colors = {"o": INK, "x": fill, "#": mark}
    for y, row in enumerate(icon_pixels(energy_type)):
        for x, c in enumerate(row):
            if c in colors:
                surf.set_at((x, y), (*colors[c], 255))
    return surf
