"""Golden pictures of the Legend Pieces screens: the e-Games menu, the board at the start
and in mid-game (pieces turned over, a Cost Area of five stacked), the summon menu, a
battle's result, the end screen and the rules. The native 240x160 surface must match, pixel
for pixel, the PNGs in tests/ui/goldens (every game seeded: the same screen each run).

After an intended change of the look, regenerate them and look at them before committing:

    HANDHELD_UPDATE_GOLDENS=1 .venv/bin/python -m pytest tests/ui/test_pieces_goldens.py
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from handheld.ui.app import Handheld
from handheld.ui.scenes import pieces_tour

from .test_app import choose, to_menu
from .test_goldens import _app, check_golden

MID_GAME_SEED = 1  # Gold's Cost Area reaches five with pieces turned over on both sides


def _egames_menu(h: Handheld) -> None:
    to_menu(h)
    choose(h, "e-Reader")
    choose(h, "e-Games")
    assert h.describe()["scene"] == "EGamesMenuScene"


def _board_start(h: Handheld) -> None:
    board = pieces_tour.new_board(h)
    # The first local turn: nothing has been fought yet.
    assert board.state.turn <= 2 and not any(ev[0] == "battle" for ev in board.state.log)


def _board_mid_game(h: Handheld) -> None:
    board = pieces_tour.new_board(h, ("local", "cpu-easy"), MID_GAME_SEED)
    m = board.state

    def there() -> bool:
        turned = [p for p in range(len(m.rows)) if m.rev[p] and m.place[p] in m.board]
        return board.finished or (h.scenes.top is board and board.local_turn() and
                                  len(m.cost_area(0)) >= 5 and len(turned) >= 2)

    pieces_tour.until(h, board, there)
    assert not board.finished, "the seeded game ended before its Cost Area held five"


def _summon_menu(h: Handheld) -> None:
    pieces_tour.summon_menu(h)


def _battle_result(h: Handheld) -> None:
    board = pieces_tour.battle_result(h)
    assert not board.finished and board.current is not None


def _end_screen(h: Handheld) -> None:
    pieces_tour.end_screen(h)
    assert h.describe()["scene"] == "PiecesResultScene"


def _rules(h: Handheld) -> None:
    pieces_tour.rules(h)


SCREENS: dict[str, Callable[[Handheld], None]] = {
    "pieces_egames_menu": _egames_menu, "pieces_board_start": _board_start,
    "pieces_board_mid_game": _board_mid_game, "pieces_summon_menu": _summon_menu,
    "pieces_battle_result": _battle_result, "pieces_end_screen": _end_screen,
    "pieces_rules": _rules,
}


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_pieces_screen_matches_its_golden(name: str, tmp_path: Path) -> None:
    h = _app(tmp_path)
    SCREENS[name](h)
    check_golden(h, name, tmp_path)
