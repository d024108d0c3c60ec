"""The duel board's player line counts the Lost Zone (Platinum era) once a card is there,
and only then, so the boards of every other match look as before."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from handheld.engine import Match
from handheld.ui.duel_board import BoardView, zone_counts
from handheld.ui.font import pocket_font
from handheld.ui.text import TextCache
from tests.engine.fixtures import scenario_pool
from tests.engine.scenario import authoring_position

POSITION = {
    "era": "platinum",
    "players": [
        {"active": {"cards": ["pl1-27"]}, "lost_zone": ["ecard1-111", "ecard1-165"]},
        {"active": {"cards": ["pl1-30"]}},
    ],
}


def test_the_lost_zone_is_counted_only_once_a_card_is_there() -> None:
    m = Match.from_position(scenario_pool(), authoring_position(POSITION))
    assert zone_counts(m.players[0])[-1] == ("Lost", 2)
    assert [label for label, _ in zone_counts(m.players[1])] == ["Hand", "Deck", "Discard"]


def test_the_board_draws_the_count_for_either_viewer() -> None:
    m = Match.from_position(scenario_pool(), authoring_position(POSITION))
    text = TextCache(pocket_font())
    drawn: list[str] = []
    real = text.draw

    def spy(surface: pygame.Surface, s: str, *args: object, **kw: object) -> int:
        drawn.append(s)
        return real(surface, s, *args, **kw)  # type: ignore[arg-type]

    text.draw = spy  # type: ignore[method-assign]
    for viewer in (0, 1):
        drawn.clear()
        BoardView(text).draw(pygame.Surface((240, 160)), m, viewer, names=("A", "B"))
        assert "Lost 2" in drawn  # (the Lost Zone is face up: both players see it)
        assert drawn.count("Discard 0") == 2
