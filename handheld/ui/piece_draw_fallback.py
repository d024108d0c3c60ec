"""Plain drawings of the piece game's token and Plus Power card, used until (or if ever not)
:mod:`handheld.ui.piece_art` is there: the same signatures, so the board scene calls either.

A token is a framed square in its owner's colour (darker on the reverse side) with the
name's initial, the power (or a Tamago pile's eggs) and a tick on the frame for each arrow
(two ticks for a double mark). A card is "+30" on paper, or a checked back face down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .font import pocket_font
from .palette import INK, MUTED, PAPER, POWER_RED, SHADE, WHITE, Color

if TYPE_CHECKING:
    import pygame

TOKEN = 24
CARD_W, CARD_H = 14, 20
SEAT_COLORS: tuple[Color, Color] = ((226, 178, 54), (146, 166, 196))
SELECTED: Color = (236, 60, 96)
# Where each screen direction's tick sits on the frame: (x, y, dx, dy) of the first pixel
# and the step to the second tick of a double mark.
_TICKS: dict[str, tuple[int, int, int, int]] = {
    "N": (11, 1, 0, 2), "S": (11, 21, 0, -2), "W": (1, 11, 2, 0), "E": (21, 11, -2, 0),
    "NW": (1, 1, 2, 2), "NE": (21, 1, -2, 2), "SW": (1, 21, 2, -2), "SE": (21, 21, -2, -2),
}


def _darker(color: Color, factor: float) -> Color:
    return (int(color[0] * factor), int(color[1] * factor), int(color[2] * factor))


def draw_piece(surface: pygame.Surface, x: int, y: int, *, name: str, power: int | None,
               arrows: dict[str, int], reversed: bool, seat: int, selected: bool = False,
               eggs: int | None = None) -> None:
    """A 24x24 token at (x, y); ``arrows``: screen direction ("N" is up) -> 1 or 2."""
    font = pocket_font()
    band = SEAT_COLORS[seat % 2]
    if reversed:
        band = _darker(band, 0.6)
    surface.fill(SELECTED if selected else INK, (x, y, TOKEN, TOKEN))
    surface.fill(band, (x + 1, y + 1, TOKEN - 2, TOKEN - 2))
    surface.fill(SHADE if reversed else PAPER, (x + 4, y + 4, TOKEN - 8, TOKEN - 8))
    tick = PAPER if reversed else INK
    for direction, mark in arrows.items():
        tx, ty, dx, dy = _TICKS[direction]
        for i in range(2 if mark == 2 else 1):
            surface.fill(tick, (x + tx + i * dx, y + ty + i * dy, 2, 2))
    font.draw(surface, name[:1].upper(), x + 5, y + 5, INK)
    number = str(power) if power is not None else ("" if eggs is None else str(eggs))
    if number:
        w = font.width(number)
        surface.fill(INK, (x + 19 - w - 1, y + 12, w + 2, 7))
        font.draw(surface, number, x + 19 - w, y + 13, WHITE)


def draw_card(surface: pygame.Surface, x: int, y: int, value: int,
              face_up: bool = True) -> None:
    """A 14x20 Plus Power card at (x, y)."""
    surface.fill(INK, (x, y, CARD_W, CARD_H))
    if not face_up:
        for cy in range(1, CARD_H - 1):
            for cx in range(1, CARD_W - 1):
                surface.fill(MUTED if (cx // 2 + cy // 2) % 2 else SHADE, (x + cx, y + cy, 1, 1))
        return
    surface.fill(PAPER, (x + 1, y + 1, CARD_W - 2, CARD_H - 2))
    surface.fill(POWER_RED, (x + 1, y + 1, CARD_W - 2, 2))
    font = pocket_font()
    text = f"+{value}"
    font.draw(surface, text, x + (CARD_W - font.width(text)) // 2, y + 7, INK)
