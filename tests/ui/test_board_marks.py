"""The board shows a Pokémon LV.X as a LV.X standing on its earlier level (a "LV.X" badge
and the card beneath peeking out as a strip of its colour) and a Pokémon SP with its
owner's badge, on the Active Spot and on the Bench. Checked on the pixels drawn inside each
Pokémon's box, not on a whole picture."""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from handheld.cards import default_pool
from handheld.engine.carddefs import CardDef
from handheld.ui import duel_board
from handheld.ui.duel_board import PEEK, BoardView, Rect, earlier_level, slot_rects
from handheld.ui.font import pocket_font
from handheld.ui.marks import LV_X_FILL, LV_X_INK, OWNER_FILL
from handheld.ui.palette import TYPE_BAND
from handheld.ui.text import TextCache
from tests.engine.test_view import play_until

POOL = default_pool()


def put(m: Any, slot: Any, *card_ids: str) -> None:
    """Make a slot's stack these cards (bottom first), as a level-up leaves it."""
    for cid in card_ids:
        m.defs.append(POOL.get(cid))
        m.printed.append(None)
    first = len(m.defs) - len(card_ids)
    slot.cards = list(range(first, len(m.defs)))
    slot.top = slot.cards[-1]


@pytest.fixture
def board(monkeypatch: pytest.MonkeyPatch) -> Any:
    m = play_until(3, lambda m: m.turn >= 1 and all(p.bench for p in m.players))
    m.defs = list(m.defs)
    m.printed = list(m.printed)
    # The printed facts of the cards put in play here: the board asks HP and types.
    monkeypatch.setattr(duel_board, "max_hp", lambda m, s: m.defs[s.top].hp)
    monkeypatch.setattr(duel_board, "pokemon_types", lambda m, s: m.defs[s.top].types)
    return m


def draw(m: Any, viewer: int = 0) -> pygame.Surface:
    surface = pygame.Surface((240, 160))
    BoardView(TextCache(pocket_font())).draw(surface, m, viewer, names=("A", "B"))
    return surface


def colours(surface: pygame.Surface, r: Rect, x0: int = 0, w: int | None = None
            ) -> set[tuple[int, int, int]]:
    w = r.w - x0 if w is None else w
    return {tuple(surface.get_at((x, y)))[:3] for x in range(r.x + x0, r.x + x0 + w)
            for y in range(r.y, r.y + r.h)}


def band(d: CardDef) -> tuple[int, int, int]:
    return TYPE_BAND[d.types[0]]


@pytest.mark.parametrize("where", ["active", "bench"])
def test_a_lv_x_shows_its_badge_and_the_earlier_level_beneath(board: Any, where: str) -> None:
    m = board
    p = m.players[0]
    slot = p.active if where == "active" else p.bench[0]
    # Hippowdon LV.X (Fighting) on a Water Pokémon card, so the two colours differ.
    put(m, slot, "ecard1-131", "pl2-107")
    assert earlier_level(m, slot) is m.defs[slot.cards[-2]]
    r = slot_rects(m, 0)[slot.id]
    surface = draw(m)
    inside = colours(surface, r)
    assert LV_X_FILL in inside and LV_X_INK in inside
    # The strip along the left edge is the earlier level's colour; the rest is the LV.X's.
    strip = colours(surface, r, 1, PEEK)
    assert band(m.defs[slot.cards[-2]]) in strip
    assert band(m.defs[slot.top]) not in strip
    assert band(m.defs[slot.top]) in colours(surface, r, PEEK + 2)


def test_a_pokemon_without_a_level_beneath_has_no_strip_nor_badge(board: Any) -> None:
    m = board
    slot = m.players[0].active
    put(m, slot, "ecard1-131")
    r = slot_rects(m, 0)[slot.id]
    inside = colours(draw(m), r)
    assert LV_X_FILL not in inside and earlier_level(m, slot) is None
    assert not inside & set(OWNER_FILL.values())


@pytest.mark.parametrize("where", ["active", "bench"])
def test_a_pokemon_sp_shows_its_owners_badge(board: Any, where: str) -> None:
    m = board
    p = m.players[1]  # the opponent's side too
    slot = p.active if where == "active" else p.bench[0]
    put(m, slot, "pl2-9")  # Luxray GL
    r = slot_rects(m, 0)[slot.id]
    inside = colours(draw(m), r)
    assert OWNER_FILL["GL"] in inside and LV_X_FILL not in inside


def test_an_sp_lv_x_shows_both(board: Any) -> None:
    m = board
    slot = m.players[0].bench[0]
    put(m, slot, "pl2-9", "pl2-109")  # Luxray GL, then Luxray GL LV.X
    inside = colours(draw(m), slot_rects(m, 0)[slot.id])
    assert {OWNER_FILL["GL"], LV_X_FILL, LV_X_INK} <= inside
