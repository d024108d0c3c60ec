"""The Legend-piece game's pixel art: a 14x14 portrait per piece, the 24x24 token that shows a
piece on the board, and the small Plus Power card.

Portraits are our own drawings, rows of characters with a small palette per sprite ("." is
clear), like the Energy symbols in :mod:`handheld.ui.icons`. A token is, from the outside in:
a 1px outline (the selection colour when picked), a 4px frame in the owner's colour (darker
and hatched when the piece shows its reverse side), and the portrait on paper. Arrows sit in
the frame, at the middle of an edge or in a corner; the power (or a Tamago pile's eggs) sits
on a dark plate in the portrait's lower right. Tokens and cards are cached: the board redraws
the same few every frame.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .font import pocket_font
from .palette import INK, MUTED, PAPER, PIECE_SELECT, POWER_RED, SEAT_FRAME, SHADE, WHITE, Color

if TYPE_CHECKING:
    import pygame

PORTRAIT_SIZE = 14
TOKEN_SIZE = 24
CARD_SIZE = (14, 20)
FRAME = 5  # outline + frame band: the portrait starts here on both axes
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


@dataclass(frozen=True)
class Sprite:
    rows: tuple[str, ...]
    palette: dict[str, Color]


def _sprite(art: str, **palette: Color) -> Sprite:
    return Sprite(tuple(art.split()), {"k": INK, **palette})


_CREAM: Color = (246, 232, 196)
_BROWN: Color = (150, 96, 54)
_BLUE: Color = (64, 120, 212)

SPRITES: dict[str, Sprite] = {
    "togepi": _sprite("""
        ...k..k..k.... ..kyk.kyk.kyk. ..kyykyyykyyk. .kyyyyyyyyyyk. .kyykyyyykyyk.
        .kyykyyyykyyk. .kyyyyrryyyyk. kkkwkkkwkkkwkk kwwwwwwwwwwwwk kwrrwwwwwwbbwk
        kwrrwwbbwwbbwk .kwwwwbbwwwwk. ..kwwwwwwwwk.. ...kkkkkkkk...""",
        y=(250, 236, 176), w=WHITE, r=(214, 66, 56), b=(70, 112, 204)),
    "tamago": _sprite("""
        .....kkkk..... ....kwwwwk.... ...kwwwwwwk... ...kwwsswwwk.. ..kwwwsswwwwk.
        ..kwwwwwwwwwk. .kwsswwwwwwck. .kwsswwwwsswck .kwwwwwwwsswck .kwwwwsswwwwck
        .kcwwwsswwwcck ..kcwwwwwwcck. ...kccccccck.. ....kkkkkkk...""",
        w=(252, 248, 234), s=(112, 176, 96), c=(222, 208, 176)),
    "pikachu": _sprite("""
        .k..........k. kkk........kkk kyk........kyk .kyk......kyk. .kyyk....kyyk.
        ..kyykkkkkyyk. ..kyyyyyyyyyk. .kyykyyyyykyyk .kyykyyyyykyyk .krryyykyyyrrk
        .krryyyyyyyrrk ..kyyyyyyyyyk. ...kyyyyyyyk.. ....kkkkkkk...""",
        y=(246, 208, 48), r=(220, 64, 52)),
    "meowth": _sprite("""
        .k..........k. .kk..kkkk..kk. .knkkgyygkknk. .kcckgyygkcck. .kcccckkcccck.
        kcccccccccccck kcckkcccckkcck kcckwcccckwcck kcccccccccccck kkccccnnccccck
        .kcccccccccck. ..kccckkccck.. ...kccccccck.. ....kkkkkkk...""",
        c=_CREAM, n=(120, 84, 60), g=(214, 164, 40), y=(252, 226, 120), w=WHITE),
    "magikarp": _sprite("""
        ....kkkk...... ...kyyyyk..... ..kkrrrrkk..kk .krrrrrrrrkkyk kwwkrrrrrrrkyk
        kwkkrrkrrkrryk krrrrrrrrrrkyk kcrrrkrrkrrkyk kcccrrrrrrrkyk .kcccccrrrrkkk
        k.kccccccck..k ...kkkkkkkk... ....kyk.kyk... .....k...k....""",
        r=(236, 96, 56), c=(246, 218, 170), y=(246, 200, 90), w=WHITE),
    "gyarados": _sprite("""
        ......kk..kk.. .....kwk.kwk.. ....kbbkkbbk.. ...kbbbbbbbbk. ..kbbrkbbbbbbk
        .kbbbbbbbbbbbk kwkwkwkbbbbbbk kmmmmmmmkbbbk. kmmmmmmmkbbbk. kwkwkwkbbbbk..
        .kccccccbbbk.. ..kkkkkkbbbk.. .......kbbbbk. ........kkkk..""",
        b=_BLUE, w=WHITE, r=(220, 50, 50), m=(120, 30, 40), c=(240, 220, 150)),
    "marill": _sprite("""
        ..kkk....kkk.. .kbbbk..kbbbk. .kbbbkkkkbbbk. ..kkbbbbbbkk.. .kbbbbbbbbbbk.
        kbbkbbbbbbkbbk kbbkbbbbbbkbbk kbbbbbkkbbbbbk kbbbbwwwwbbbbk kbbbwwwwwwbbbk
        kbbbwwwwwwbbbk .kbbbwwwwbbbk. ..kbbbbbbbbk.. ...kkkkkkkk...""",
        b=(84, 150, 230), w=WHITE),
    "geodude": _sprite("""
        ....kkkkkk.... ..kkgggghgkk.. .kgggggggghgk. .kgkkkggkkkgk. kkgggkggkgggkk
        kgkgwkggkwgkgk kgkggggggggkgk kgkgggkkgggkgk .kkggkggkggkk. ..kggggggggk..
        ..kgkggggkgk.. ...kkgggggkk.. .....kkkkk.... ..............""",
        g=(150, 146, 136), h=(204, 200, 190), w=WHITE),
    "pidgey": _sprite("""
        ....kkk....... ...kbbbk...... ..kbbcbbk..... .kbbkwcbbk.... kyykkccbbbk...
        .kyykccbbbbk.. ..kkcccbbbbbk. ...kcccbbbbbbk ...kcccbbbbbbk ...kccccbbbbk.
        ....kccccbbk.. .....kkkkkk... ......y..y.... .....yy.yy....""",
        b=_BROWN, c=_CREAM, y=(236, 150, 50), w=WHITE),
    "sentret": _sprite("""
        .k.....k..kkk. kbk...kbk.kbbk kbbkkkbbkkckbk kbbbbbbbkkbbk. kbkbbbkbkcbk..
        kbbbbbbbkkbbk. kbbbnbbbkcbk.. .kbbbbbk.kbbk. ..kcccck.kcbk. .kbcccckkbbk..
        .kbcccckbbk... ..kccccbk..... ..kbk.kbk..... ..kk...kk.....""",
        b=(170, 110, 70), c=_CREAM, n=(70, 40, 30)),
    "hooh": _sprite("""
        kk....kk....kk krk..kyyk..krk kgrk.krrk.krgk .krrkkrwkkrrk. .kgrrrrrrrrgk.
        ..krrrrrrrrk.. ..kkrrrrrrkk.. ...kyrrrryk... ....kyyyyk.... ...kyrkkryk...
        ..kyyk..kyyk.. ..kgk....kgk.. ...k......k... ..............""",
        r=(214, 52, 44), y=(246, 196, 60), g=(86, 170, 96), w=WHITE),
    "lugia": _sprite("""
        .....kkkk..... ....kwwwwk.... ...kwbkkbwk... k..kwwwwwwk..k kk.kwwwwwwk.kk
        kwk.kwwwwk.kwk kwwkkwbbwkkwwk kwwwwwbbwwwwwk .kwwwwbbwwwwk. ..kkwwwwwwkk..
        ...kwwwwwwk... ...kwk..kwk... ...kwk..kwk... ...kk....kk...""",
        w=(236, 240, 248), b=(70, 96, 160)),
    "entei": _sprite("""
        ..kk......kk.. .kggk.kk.kggk. .kgggkwwkgggk. .kbbbkwwkbbbk. kbbbbbbbbbbbbk
        kbbkybbbbykbbk kbbbkbbbbkbbbk kbbbbbbbbbbbbk .kbbwwwwwwbbk. .kbwwkkkkwwbk.
        ..kwwwwwwwwk.. ..kbbwwwwbbk.. ...kbbbbbbk... ....kkkkkk....""",
        b=(156, 84, 44), g=(150, 146, 150), w=(246, 240, 224), y=(250, 210, 60)),
    "suicune": _sprite("""
        ......kk...... .....kwwk..... ....kwwwwk.... ..kk.kwwk.kk.. .kppkbbbbkppk.
        kpppbbbbbbpppk kppbkbbbbkbppk kppbbbbbbbbppk .kpbbwbbwbbpk. .kppbbbbbbppk.
        ..kppbbbbppk.. ..kppkkkkppk.. ...kpk..kpk... ....k....k....""",
        b=(90, 178, 222), p=(142, 96, 190), w=WHITE),
}
# The reverse side of a piece that changes (Magikarp -> Gyarados) is looked up by its name.
FALLBACK = _sprite("""
    ....kkkkkk.... ..kkrrrrrrkk.. .krrrrrrrrrrk. .krwrrrrrrrrk. krwrrrrrrrrrrk
    krrrrrrrrrrrrk kkkkkkwwkkkkkk kwwwwkwwkwwwwk kwwwwwkkwwwwwk kwwwwwwwwwwwwk
    .kwwwwwwwwwwk. .kwwwwwwwwwwk. ..kkwwwwwwkk.. ....kkkkkk....""",
    r=(208, 60, 56), w=WHITE)


def sprite_key(name: str) -> str:
    """A piece name as the sprite table keys it: lower case, letters and digits ("Ho-Oh")."""
    return "".join(ch for ch in name.lower() if ch.isalnum())


def sprite_for(name: str) -> Sprite:
    """The portrait of ``name``; a generic ball for a name without one."""
    return SPRITES.get(sprite_key(name), FALLBACK)


# --------------------------------------------------------------------------- arrows

def _edge_marks(mark: int) -> set[tuple[int, int]]:
    """The pixels of an "N" mark: a 3px triangle pointing out of the top edge, a second one
    below it for a double; the frame band holds both (rows 1-4)."""
    tri = {(11, 1), (10, 2), (11, 2), (12, 2)}
    return tri | ({(x, y + 2) for x, y in tri} if mark == 2 else set())


def _corner_marks(mark: int) -> set[tuple[int, int]]:
    """The pixels of an "NW" mark: a 3px right triangle in the corner, a second one
    diagonally inside it for a double (still clear of the portrait)."""
    tri = {(1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (1, 3)}
    return tri | ({(x + 2, y + 2) for x, y in tri} if mark == 2 else set())


def arrow_pixels(direction: str, mark: int) -> set[tuple[int, int]]:
    """The token pixels (x, y) that show one arrow; N is up on screen."""
    if direction not in DIRECTIONS or mark not in (1, 2):
        raise ValueError(f"no arrow {direction!r} x{mark}")
    last = TOKEN_SIZE - 1
    if len(direction) == 2:  # a corner: mirror the NW mark
        pixels = _corner_marks(mark)
        flip_x, flip_y = direction[1] == "E", direction[0] == "S"
    else:  # an edge: N mirrored to S, or turned (x <-> y) to W and mirrored to E
        pixels = _edge_marks(mark)
        if direction in ("W", "E"):
            pixels = {(y, x) for x, y in pixels}
        flip_x, flip_y = direction == "E", direction == "S"
    return {(last - x if flip_x else x, last - y if flip_y else y) for x, y in pixels}


# --------------------------------------------------------------------------- drawing

def _darker(color: Color, factor: float) -> Color:
    r, g, b = color
    return (int(r * factor), int(g * factor), int(b * factor))


def frame_colors(seat: int, reversed: bool) -> tuple[Color, Color]:
    """(frame, arrow) colours: the owner's colour with ink arrows on the front side; a dark
    shade of it with paper arrows on the reverse."""
    if seat not in (0, 1):
        raise ValueError(f"no seat {seat!r}")
    if reversed:
        return _darker(SEAT_FRAME[seat], 0.55), PAPER
    return SEAT_FRAME[seat], INK


@functools.lru_cache(maxsize=64)
def portrait(name: str) -> pygame.Surface:
    import pygame

    sprite = sprite_for(name)
    surf = pygame.Surface((PORTRAIT_SIZE, PORTRAIT_SIZE), pygame.SRCALPHA)
    for y, row in enumerate(sprite.rows):
        for x, ch in enumerate(row):
            if ch in sprite.palette:
                surf.set_at((x, y), (*sprite.palette[ch], 255))
    return surf


@functools.lru_cache(maxsize=256)
def _token(name: str, number: str, arrows: tuple[tuple[str, int], ...], reversed: bool,
           seat: int, selected: bool) -> pygame.Surface:
    import pygame

    band, arrow_color = frame_colors(seat, reversed)
    surf = pygame.Surface((TOKEN_SIZE, TOKEN_SIZE), pygame.SRCALPHA)
    surf.fill(PIECE_SELECT if selected else INK)
    surf.fill(band, (1, 1, TOKEN_SIZE - 2, TOKEN_SIZE - 2))
    if reversed:  # a diagonal hatch, so the reverse side reads without telling colours apart
        hatch = _darker(band, 0.6)
        for y in range(1, TOKEN_SIZE - 1):
            for x in range(1, TOKEN_SIZE - 1):
                if (x + y) % 3 == 0:
                    surf.set_at((x, y), hatch)
    inner = TOKEN_SIZE - 2 * FRAME
    surf.fill(SHADE if reversed else PAPER, (FRAME, FRAME, inner, inner))
    surf.blit(portrait(name), (FRAME, FRAME))
    for direction, mark in arrows:
        for xy in arrow_pixels(direction, mark):
            surf.set_at(xy, arrow_color)
    if number:
        font = pocket_font()
        plate_w = font.width(number) + 2
        plate_x = FRAME + inner - plate_w
        plate_y = FRAME + inner - 7
        surf.fill(INK, (plate_x, plate_y, plate_w, 7))
        font.draw(surf, number, plate_x + 1, plate_y + 1, WHITE)
    return surf


def draw_piece(surface: pygame.Surface, x: int, y: int, *, name: str, power: int | None,
               arrows: dict[str, int], reversed: bool, seat: int, selected: bool = False,
               eggs: int | None = None) -> None:
    """Draw a 24x24 token with its top-left at (x, y). ``arrows`` maps a screen direction
    ("N" is up) to 1 (a single mark) or 2 (a double); ``power`` None (a Tamago pile) shows
    ``eggs`` instead, when given."""
    number = str(power) if power is not None else ("" if eggs is None else str(eggs))
    key = tuple(sorted(arrows.items()))
    surface.blit(_token(name, number, key, reversed, seat, selected), (x, y))


@functools.lru_cache(maxsize=32)
def _card(value: int, face_up: bool) -> pygame.Surface:
    import pygame

    w, h = CARD_SIZE
    surf = pygame.Surface(CARD_SIZE, pygame.SRCALPHA)
    surf.fill(INK)
    if not face_up:  # a checked back: no value shows through
        for y in range(1, h - 1):
            for x in range(1, w - 1):
                surf.set_at((x, y), MUTED if (x // 2 + y // 2) % 2 else SHADE)
        return surf
    surf.fill(PAPER, (1, 1, w - 2, h - 2))
    surf.fill(POWER_RED, (1, 1, w - 2, 3))
    surf.fill(POWER_RED, (1, h - 4, w - 2, 3))
    font = pocket_font()
    text = f"+{value}"
    font.draw(surf, text, (w - font.width(text)) // 2, (h - 5) // 2, INK)
    return surf


def draw_card(surface: pygame.Surface, x: int, y: int, value: int,
              face_up: bool = True) -> None:
    """Draw a 14x20 Plus Power card with its top-left at (x, y): "+30" on the front, a
    checked pattern on the back."""
    surface.blit(_card(value if face_up else 0, face_up), (x, y))
