"""The duel board draws only what its viewer may see: during setup the opponent's Pokémon
are face down (the engine's own rule, ``position.setup_face_down``), and they are drawn face
up once the first turn has started."""

from __future__ import annotations

import os
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from handheld.ui.duel_board import BoardView
from handheld.ui.font import pocket_font
from handheld.ui.text import TextCache
from tests.engine.test_view import play_until, second_player_choosing


def drawn(monkeypatch: pytest.MonkeyPatch, m: Any, viewer: int) -> tuple[set[int], int]:
    """(slot ids drawn face up, how many cards were drawn face down)."""
    up: set[int] = set()
    down: list[int] = []
    monkeypatch.setattr(BoardView, "_active", lambda self, surf, m, s, r: up.add(s.id))
    monkeypatch.setattr(BoardView, "_bench", lambda self, surf, m, s, r: up.add(s.id))
    monkeypatch.setattr(BoardView, "_face_down", lambda self, surf, r: down.append(1))
    BoardView(TextCache(pocket_font())).draw(pygame.Surface((240, 160)), m, viewer,
                                             names=("A", "B"))
    return up, len(down)


def test_the_opponents_setup_pokemon_are_drawn_face_down(
        monkeypatch: pytest.MonkeyPatch) -> None:
    m = play_until(2, second_player_choosing)
    placed = {s.id for s in m.players[m.first].in_play()}
    up, down = drawn(monkeypatch, m, 1 - m.first)
    assert placed and not up & placed
    assert down == len(placed)
    up, down = drawn(monkeypatch, m, m.first)   # their owner sees them
    assert placed <= up and down == 0


def test_they_are_drawn_face_up_after_the_reveal(monkeypatch: pytest.MonkeyPatch) -> None:
    m = play_until(2, lambda m: m.turn >= 1)
    everyone = {s.id for p in m.players for s in p.in_play()}
    up, down = drawn(monkeypatch, m, 0)
    assert up == everyone and down == 0
