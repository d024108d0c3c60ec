"""Every card page of the sets of every playable era (scripted or not) fits the 240x160
screen: nothing clipped, nothing overlapping, every word of the generated card text shown
once and in order. A Pokémon LV.X's page says so and what it goes onto; a Pokémon SP's page
shows its owner's mark."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from handheld.assets import load_set
from handheld.cards import default_pool
from handheld.collection import Album, played_sets
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
    page_sections,
    section_head,
    wrap,
)
from handheld.ui.font import FontError, PixelFont, font_for, pocket_font
from handheld.ui.marks import LV_X_FILL, LV_X_LABEL, OWNER_FILL, plain_name
from handheld.ui.palette import INK, PAPER

POOL = default_pool()
FONT = pocket_font()
SETS = list(played_sets())  # every set of every playable era that has card scripts
ALBUM = Album(POOL, SETS)
EVERY_CARD = [c["id"] for slug in SETS for c in load_set(slug)["cards"]]


def _expected_words(card_id: str) -> list[str]:
    words: list[str] = []
    for s in page_sections(POOL.get(card_id)):
        words += section_head(s).split() + s.body.split()
    return words


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and \
        b[1] < a[1] + a[3]


def check_page(page: CardPage, font: PixelFont = FONT) -> None:
    texts = []
    for op in page.ops:
        x, y, w, h = op.box(font)
        assert 0 <= x and 0 <= y and x + w <= WIDTH and y + h <= HEIGHT, (op, "off screen")
        if isinstance(op, TextOp):
            assert all(font.has(ch) for ch in op.text), f"no glyph for a character of {op.text!r}"
            texts.append((x, y, w, h, op))
        if isinstance(op, (TextOp, IconOp)) and BODY_TOP <= y < BODY_BOTTOM:
            assert x >= MARGIN and x + w <= WIDTH - MARGIN, (op, "outside the body's margins")
            assert y + h <= BODY_BOTTOM, (op, "runs into the footer")
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            assert not _overlap(a[:4], b[:4]), f"{a[4]} overlaps {b[4]}"


@pytest.mark.parametrize("size", ["small", "large"])
@pytest.mark.parametrize("card_id", EVERY_CARD)
def test_every_card_page_fits_the_screen(card_id: str, size: str) -> None:
    font = font_for(size)
    d = POOL.get(card_id)
    pages = card_pages(d, font, ALBUM.set_label(card_id))
    assert [p.number for p in pages] == list(range(1, len(pages) + 1))
    shown: list[str] = []
    for page in pages:
        assert page.count == len(pages)
        check_page(page, font)
        shown += " ".join(page.lines).split()
    assert shown == _expected_words(card_id)
    # The name is on every page (a Pokémon SP's symbol as its badge).
    assert all(any(isinstance(op, TextOp) and op.text == plain_name(d) for op in p.ops)
               for p in pages)
    if d.sp:
        assert all(any(isinstance(op, TextOp) and op.text == d.sp_owner and op.y < BODY_TOP
                       for op in p.ops) for p in pages)


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


def test_every_platinum_era_card_is_covered() -> None:
    ids = set(EVERY_CARD)
    # The era's 253 cards, secret rares and all.
    assert len([i for i in ids if i.startswith(("pl1-", "pl2-"))]) == 253


def test_every_playable_era_s_sets_are_covered() -> None:
    assert {"expedition", "rising_rivals", "next_destinies", "heartgold_soulsilver",
            "call_of_legends"} <= set(SETS)
    ids = set(EVERY_CARD)
    assert {"hgss1-111", "hgss1-112", "col1-1", "bw1-1"} <= ids


def _header_texts(page: CardPage) -> list[str]:
    return [op.text for op in page.ops if isinstance(op, TextOp) and op.y < BODY_TOP]


def test_a_lv_x_page_says_it_is_a_lv_x_and_what_it_goes_onto() -> None:
    d = POOL.get("pl2-107")  # Hippowdon LV.X
    page = card_pages(d, FONT)[0]
    texts = _header_texts(page)
    assert LV_X_LABEL in texts and "Pokémon LV.X · onto Hippowdon" in texts
    badge = [op for op in page.ops if isinstance(op, RectOp) and op.color == LV_X_FILL]
    assert len(badge) == 1 and badge[0].y < BODY_TOP
    # An SP's LV.X carries both marks and names the Pokémon SP it goes onto.
    texts = _header_texts(card_pages(POOL.get("pl2-109"), FONT)[0])  # Luxray GL LV.X
    assert {"Luxray", "GL", LV_X_LABEL, "Pokémon LV.X · onto Luxray GL"} <= set(texts)


def test_a_pokemon_sp_page_shows_its_owner() -> None:
    for card_id, symbol, owner in (("pl2-9", "GL", "Gym Leader"), ("pl1-7", "G", "Team Galactic"),
                                   ("pl2-16", "4", "Elite Four")):
        page = card_pages(POOL.get(card_id), FONT)[0]
        texts = _header_texts(page)
        assert symbol in texts, card_id
        assert any(owner in t for t in texts), (card_id, texts)
        assert any(isinstance(op, RectOp) and op.color == OWNER_FILL[symbol] for op in page.ops)
    # A Pokémon that is not SP has no owner's badge.
    assert not any(isinstance(op, RectOp) and op.color in OWNER_FILL.values()
                   for op in card_pages(POOL.get("ecard1-33"), FONT)[0].ops)


def test_the_marks_are_drawn_on_the_page() -> None:
    surface = pygame.Surface((WIDTH, HEIGHT))
    draw_card_page(surface, card_pages(POOL.get("pl2-109"), FONT)[0], FONT)
    header = {surface.get_at((x, y))[:3] for x in range(WIDTH) for y in range(18)}
    assert LV_X_FILL in header and OWNER_FILL["GL"] in header
