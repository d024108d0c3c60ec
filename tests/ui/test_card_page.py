"""Every card page of the Expedition set fits the 240x160 screen: nothing clipped, nothing
overlapping, every word of the generated card text shown once and in order."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from handheld.assets import load_set
from handheld.cards import default_pool
from handheld.collection import Album
from handheld.engine.cardpool import CardPool, TrainerScript
from handheld.engine.effects.steps import Draw
from handheld.engine.text import card_sections
from handheld.ui.card_page import (
    BODY_BOTTOM,
    BODY_TOP,
    HEIGHT,
    MARGIN,
    WIDTH,
    CardPage,
    IconOp,
    RectOp,
    TextOp,
    card_pages,
    draw_card_page,
    section_head,
    wrap,
)
from handheld.ui.font import FontError, PixelFont, pocket_font
from handheld.ui.palette import INK, PAPER

POOL = default_pool()
FONT = pocket_font()
ALBUM = Album(POOL, ["expedition"])
EXPEDITION = [c["id"] for c in load_set("expedition")["cards"]]


def _expected_words(card_id: str) -> list[str]:
    words: list[str] = []
    for s in card_sections(POOL.get(card_id)):
        words += section_head(s).split() + s.body.split()
    return words


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and \
        b[1] < a[1] + a[3]


def check_page(page: CardPage) -> None:
    texts = []
    for op in page.ops:
        x, y, w, h = op.box(FONT)
        assert 0 <= x and 0 <= y and x + w <= WIDTH and y + h <= HEIGHT, (op, "off screen")
        if isinstance(op, TextOp):
            assert all(FONT.has(ch) for ch in op.text), f"no glyph for a character of {op.text!r}"
            texts.append((x, y, w, h, op))
        if isinstance(op, (TextOp, IconOp)) and BODY_TOP <= y < BODY_BOTTOM:
            assert x >= MARGIN and x + w <= WIDTH - MARGIN, (op, "outside the body's margins")
            assert y + h <= BODY_BOTTOM, (op, "runs into the footer")
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            assert not _overlap(a[:4], b[:4]), f"{a[4]} overlaps {b[4]}"


@pytest.mark.parametrize("card_id", EXPEDITION)
def test_every_card_page_fits_the_screen(card_id: str) -> None:
    d = POOL.get(card_id)
    pages = card_pages(d, FONT, ALBUM.set_label(card_id))
    assert [p.number for p in pages] == list(range(1, len(pages) + 1))
    shown: list[str] = []
    for page in pages:
        assert page.count == len(pages)
        check_page(page)
        shown += " ".join(page.lines).split()
    assert shown == _expected_words(card_id)
    # The name is on every page.
    assert all(any(isinstance(op, TextOp) and op.text == d.name for op in p.ops)
               for p in pages)


def test_pages_draw_onto_a_240x160_surface() -> None:
    surface = pygame.Surface((WIDTH, HEIGHT))
    for card_id in ("ecard1-33", "ecard1-144", "ecard1-158", "ecard1-165"):
        for page in card_pages(POOL.get(card_id), FONT):
            surface.fill((0, 0, 0))
            draw_card_page(surface, page, FONT)
            # The page paints the whole screen, and ink lands in the body.
            assert surface.get_at((0, 0))[:3] != (0, 0, 0)
            body = pygame.Surface((WIDTH - 2 * MARGIN, BODY_BOTTOM - BODY_TOP))
            body.blit(surface, (0, 0), (MARGIN, BODY_TOP, body.get_width(), body.get_height()))
            colors = {body.get_at((x, y))[:3] for x in range(body.get_width())
                      for y in range(body.get_height())}
            assert INK in colors and PAPER in colors


def test_long_text_continues_on_more_pages() -> None:
    pool = CardPool()
    pool.add({"id": "test-1", "number": "1", "name": "Test Library", "supertype": "trainer",
              "subtypes": [], "rarity": "", "artist": "", "reprint_of": None},
             TrainerScript(steps=[Draw(1)] * 120))
    d = pool.get("test-1")
    pages = card_pages(d, FONT, "TEST 1/1")
    assert len(pages) >= 2
    words: list[str] = []
    for page in pages:
        check_page(page)
        words += " ".join(page.lines).split()
        footer = [op.text for op in page.ops if isinstance(op, TextOp) and
                  op.y > BODY_BOTTOM]
        assert any(t.endswith(f"{page.number}/{len(pages)}") for t in footer)
    assert words == [w for s in card_sections(d) for w in s.body.split()]


def test_wrap_never_exceeds_the_width_even_for_one_long_word() -> None:
    lines = wrap(FONT, "short " + "W" * 80 + " [R][R] tail", 100)
    assert all(FONT.width(line.replace("[R]", "#######")) <= 100 or "[R]" in line
               for line in lines)
    assert "".join(lines).replace(" ", "") == ("short" + "W" * 80 + "[R][R]tail")


def test_energy_symbols_are_icons_not_text() -> None:
    page = card_pages(POOL.get("ecard1-158"), FONT)[0]  # Darkness Energy: "Provides [D]."
    assert not any(isinstance(op, TextOp) and "[" in op.text for op in page.ops)
    assert any(isinstance(op, IconOp) and op.energy_type == "D" for op in page.ops)


def test_the_header_band_takes_the_type_colour() -> None:
    fire = card_pages(POOL.get("ecard1-98"), FONT)[0]
    water = card_pages(POOL.get("ecard1-131"), FONT)[0]
    band = [op for op in fire.ops if isinstance(op, RectOp)][1]
    assert band.color != [op for op in water.ops if isinstance(op, RectOp)][1].color


def test_a_malformed_font_is_refused_with_the_line() -> None:
    with pytest.raises(FontError, match="font:2"):
        PixelFont.parse("? ##/.#\nA #x#")
    with pytest.raises(FontError, match="'\\?' glyph"):
        PixelFont.parse("A .#./#.#")
