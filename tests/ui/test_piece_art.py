"""The piece game's pixel art: portraits, tokens and Plus Power cards, drawn headless."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from handheld.ui import piece_art
from handheld.ui.font import pocket_font
from handheld.ui.palette import INK, PAPER, PIECE_SELECT, SEAT_GOLD, SEAT_SILVER, WHITE
from handheld.ui.piece_art import (
    DIRECTIONS,
    FALLBACK,
    FRAME,
    PORTRAIT_SIZE,
    SPRITES,
    TOKEN_SIZE,
    draw_card,
    draw_piece,
    sprite_for,
)

NAMES = ("Togepi", "Tamago", "Pikachu", "Meowth", "Magikarp", "Gyarados", "Marill", "Geodude",
         "Pidgey", "Sentret", "Ho-Oh", "Lugia", "Entei", "Suicune")
BACKDROP = (0, 200, 0)  # a colour no token uses, so untouched pixels show
AT = (7, 3)  # draw away from the origin, so a token drawn at (0, 0) would fail the checks
Pixels = dict[tuple[int, int], tuple[int, int, int]]


def rgb(surf: pygame.Surface, x: int, y: int) -> tuple[int, int, int]:
    r, g, b, _ = surf.get_at((x, y))
    return (r, g, b)


def token(**kw: object) -> Pixels:
    """The 24x24 token's pixels (token coordinates), drawn with defaults for what is not
    given."""
    args: dict = {"name": "Pikachu", "power": 40, "arrows": {}, "reversed": False, "seat": 0}
    args.update(kw)
    surf = pygame.Surface((40, 32))
    surf.fill(BACKDROP)
    draw_piece(surf, *AT, **args)
    assert surf.get_at((AT[0] - 1, AT[1])) == BACKDROP  # nothing left of the token
    assert surf.get_at((AT[0] + TOKEN_SIZE, AT[1])) == BACKDROP  # nor right of it
    return {(x, y): rgb(surf, AT[0] + x, AT[1] + y)
            for y in range(TOKEN_SIZE) for x in range(TOKEN_SIZE)}


def changed(a: Pixels, b: Pixels) -> set[tuple[int, int]]:
    return {xy for xy in a if a[xy] != b[xy]}


def glyph_ink(text: str) -> int:
    font = pocket_font()
    return sum(row.count("#") for ch in text for row in font.glyphs[ch])


# --------------------------------------------------------------------------- sprites

@pytest.mark.parametrize("key", [*SPRITES, "fallback"])
def test_every_sprite_is_a_square_drawn_in_its_own_palette(key: str) -> None:
    sprite = FALLBACK if key == "fallback" else SPRITES[key]
    assert len(sprite.rows) == PORTRAIT_SIZE
    for row in sprite.rows:
        assert len(row) == PORTRAIT_SIZE, row
        assert set(row) <= {".", *sprite.palette}, row
    assert sum(ch != "." for row in sprite.rows for ch in row) > 40  # a drawing, not a speck


def test_every_named_piece_has_a_portrait_of_its_own() -> None:
    sprites = [sprite_for(name) for name in NAMES]
    assert all(s is not FALLBACK for s in sprites)
    assert len({s.rows for s in sprites}) == len(NAMES)


def test_names_are_matched_the_way_notation_writes_them() -> None:
    assert sprite_for("Ho-Oh") is sprite_for("hooh") is sprite_for("HO_OH") is SPRITES["hooh"]


def test_an_unknown_piece_still_draws_as_the_ball() -> None:
    assert sprite_for("Mewtwo") is FALLBACK
    pixels = token(name="Mewtwo", power=None)
    ball_red = FALLBACK.palette["r"]
    assert pixels[(FRAME + 6, FRAME + 2)] == ball_red


def test_the_portrait_sits_inside_the_frame() -> None:
    pixels = token(name="Pikachu", power=None)
    sprite = SPRITES["pikachu"]
    for y, row in enumerate(sprite.rows):
        for x, ch in enumerate(row):
            if ch != ".":
                assert pixels[(FRAME + x, FRAME + y)] == sprite.palette[ch], (x, y)
            else:
                assert pixels[(FRAME + x, FRAME + y)] == PAPER, (x, y)


# --------------------------------------------------------------------------- tokens

def test_the_frame_shows_the_owner() -> None:
    gold, silver = token(seat=0), token(seat=1)
    assert gold[(2, 7)] == SEAT_GOLD
    assert silver[(2, 7)] == SEAT_SILVER
    assert gold[(0, 0)] == silver[(0, 0)] == INK


def test_the_reverse_side_is_darker_and_hatched() -> None:
    front, back = token(reversed=False), token(reversed=True)
    assert changed(front, back)
    band = [back[(x, 2)] for x in range(5, 19)]
    assert len(set(band)) == 2  # two shades: the hatch
    assert all(sum(c) < sum(SEAT_GOLD) for c in band)


def test_a_selected_piece_has_a_bright_outline() -> None:
    plain, picked = token(), token(selected=True)
    assert plain[(0, 12)] == INK
    assert picked[(0, 12)] == picked[(23, 0)] == PIECE_SELECT


# Where each direction's mark must land, in token coordinates (x range, y range).
REGIONS = {
    "N": (range(8, 16), range(0, 5)), "S": (range(8, 16), range(19, 24)),
    "W": (range(0, 5), range(8, 16)), "E": (range(19, 24), range(8, 16)),
    "NW": (range(0, 6), range(0, 6)), "NE": (range(18, 24), range(0, 6)),
    "SW": (range(0, 6), range(18, 24)), "SE": (range(18, 24), range(18, 24)),
}


@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("direction", DIRECTIONS)
def test_each_arrow_lights_its_own_edge_or_corner(direction: str, reverse: bool) -> None:
    bare = token(arrows={}, reversed=reverse)
    single = changed(bare, one := token(arrows={direction: 1}, reversed=reverse))
    double = changed(bare, two := token(arrows={direction: 2}, reversed=reverse))
    xs, ys = REGIONS[direction]
    assert len(single) >= 4
    assert single < double  # a double is the single mark and one more
    for xy in double:
        assert xy[0] in xs and xy[1] in ys, xy
        portrait_area = range(FRAME, FRAME + PORTRAIT_SIZE)
        assert not (xy[0] in portrait_area and xy[1] in portrait_area), xy
    mark = PAPER if reverse else INK
    assert {one[xy] for xy in single} == {two[xy] for xy in double} == {mark}


def test_arrows_add_up() -> None:
    bare = token()
    every = changed(bare, token(arrows=dict.fromkeys(DIRECTIONS, 2)))
    parts = [changed(bare, token(arrows={d: 2})) for d in DIRECTIONS]
    assert every == set().union(*parts)
    assert sum(map(len, parts)) == len(every)  # no two marks share a pixel


def test_a_wrong_arrow_or_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="arrow"):
        token(arrows={"UP": 1})
    with pytest.raises(ValueError, match="arrow"):
        token(arrows={"N": 3})
    with pytest.raises(ValueError, match="seat"):
        token(seat=2)


def plate(pixels: Pixels) -> list[tuple[int, int, int]]:
    """The portrait's lower right quarter and a bit, where the number plate goes."""
    low = FRAME + PORTRAIT_SIZE
    return [pixels[(x, y)] for y in range(low - 8, low) for x in range(low - 10, low)]


@pytest.mark.parametrize(("power", "eggs", "text"),
                         [(40, None, "40"), (90, None, "90"), (10, None, "10"),
                          (None, 2, "2"), (None, 1, "1")])
def test_the_number_is_drawn_in_white_on_a_plate(power: int | None, eggs: int | None,
                                                 text: str) -> None:
    name = "Tamago" if power is None else "Pikachu"  # neither portrait has pure white
    region = plate(token(name=name, power=power, eggs=eggs))
    assert region.count(WHITE) == glyph_ink(text)
    assert region.count(INK) >= 2 * 7  # the plate's left and right columns at least


def test_different_numbers_look_different() -> None:
    assert plate(token(power=40)) != plate(token(power=90))


def test_a_tamago_without_an_egg_count_shows_no_number() -> None:
    region = plate(token(name="Tamago", power=None, eggs=None))
    assert WHITE not in region
    assert region != plate(token(name="Tamago", power=None, eggs=2))


# --------------------------------------------------------------------------- cards

def card(value: int, face_up: bool = True) -> Pixels:
    surf = pygame.Surface((30, 30))
    surf.fill(BACKDROP)
    draw_card(surf, 5, 4, value, face_up)
    assert surf.get_at((5 + 14, 4)) == BACKDROP and surf.get_at((5, 4 + 20)) == BACKDROP
    return {(x, y): rgb(surf, 5 + x, 4 + y) for y in range(20) for x in range(14)}


@pytest.mark.parametrize("value", [0, 30, 70])
def test_a_card_face_up_shows_its_value(value: int) -> None:
    pixels = card(value)
    middle = [pixels[(x, y)] for y in range(5, 15) for x in range(1, 13)]
    assert middle.count(INK) == glyph_ink(f"+{value}")
    assert pixels[(0, 0)] == INK


def test_a_card_face_down_hides_its_value() -> None:
    down30, down70 = card(30, face_up=False), card(70, face_up=False)
    assert down30 == down70
    assert all(down30 != card(value) for value in range(0, 80, 10))
    inside = [down30[(x, y)] for y in range(1, 19) for x in range(1, 13)]
    assert INK not in inside  # no digit, no band: only the pattern
    assert len(set(down30.values())) >= 3  # outline and a two-colour pattern
    assert card(30) != card(70)


def test_tokens_are_cached() -> None:
    piece_art._token.cache_clear()
    token()
    token()
    assert piece_art._token.cache_info().hits == 1
