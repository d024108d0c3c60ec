"""The D-pad on the duel board moves by direction, as the board is drawn (issue 18): DOWN
from the opponent's Bench is the opponent's Active Pokémon, not yours."""

from __future__ import annotations

import pytest

from handheld.cards import default_pool
from handheld.engine import Match
from handheld.engine.state import Slot
from handheld.ui.duel_board import Rect, slot_rects, step_cursor

from ..engine.scenario import run_scenario

DOWN, UP, LEFT, RIGHT = (0, 1), (0, -1), (-1, 0), (1, 0)


@pytest.fixture(scope="module")
def board() -> tuple[Match, dict[int, Rect]]:
    pool = default_pool()
    m = run_scenario(pool, {"position": {"players": [
        {"active": {"cards": ["ecard1-131"]},
         "bench": [{"cards": ["ecard1-98"]}, {"cards": ["ecard1-131"]},
                   {"cards": ["ecard1-98"]}]},
        {"active": {"cards": ["ecard1-98"]},
         "bench": [{"cards": ["ecard1-131"]}, {"cards": ["ecard1-98"]}]}]},
        "steps": []})
    return m, slot_rects(m, 0)


def _ids(m: Match) -> tuple[Slot, list[Slot], Slot, list[Slot]]:
    me, opp = m.players
    assert me.active is not None and opp.active is not None
    return me.active, me.bench, opp.active, opp.bench


def test_each_direction_goes_where_the_board_shows(board: tuple[Match, dict[int, Rect]]
                                                   ) -> None:
    m, rects = board
    active, bench, opp_active, opp_bench = _ids(m)

    def go(at: int | None, d: tuple[int, int]) -> int | None:
        return step_cursor(rects, at, *d, start=active.id)

    assert go(None, RIGHT) == active.id  # a first press starts on your Active Pokémon
    assert step_cursor(rects, None, *RIGHT) == next(iter(rects))  # (no start given)
    assert go(active.id, UP) == opp_active.id
    assert go(opp_active.id, DOWN) == active.id
    assert go(opp_bench[0].id, DOWN) == opp_active.id  # not your Active Pokémon
    assert go(opp_active.id, UP) in {s.id for s in opp_bench}
    assert go(active.id, DOWN) in {s.id for s in bench}
    assert go(bench[0].id, RIGHT) == bench[1].id
    assert go(bench[1].id, LEFT) == bench[0].id
    assert go(bench[1].id, UP) == active.id
    # Nothing further that way: the cursor stays.
    assert go(bench[0].id, LEFT) == bench[0].id
    assert go(bench[0].id, DOWN) == bench[0].id
    assert go(opp_bench[0].id, UP) == opp_bench[0].id


def test_no_boxes_or_no_move_leave_the_cursor(board: tuple[Match, dict[int, Rect]]) -> None:
    m, rects = board
    active = _ids(m)[0]
    assert step_cursor({}, None, *RIGHT) is None
    assert step_cursor(rects, active.id, 0, 0) == active.id



def test_the_turn_line_says_your_turn_only_to_a_player(board: tuple[Match, dict[int, Rect]]
                                                      ) -> None:
    import pygame

    from handheld.ui.duel_board import BoardView
    from handheld.ui.font import pocket_font
    from handheld.ui.text import TextCache

    m, _ = board
    assert m.turn >= 1 and m.current == 0

    def turn_line(watching: bool) -> list[str]:
        text = TextCache(pocket_font())
        drawn: list[str] = []
        real = text.draw

        def spy(surface: pygame.Surface, s: str, *args: object, **kw: object) -> int:
            drawn.append(s)
            return real(surface, s, *args, **kw)  # type: ignore[arg-type]

        text.draw = spy  # type: ignore[method-assign, assignment]
        BoardView(text).draw(pygame.Surface((240, 160)), m, 0, names=("CPU 1", "CPU 2"),
                             watching=watching)
        return [s for s in drawn if s.startswith("Turn ")]

    assert turn_line(False) == [f"Turn {m.turn}: Your turn"]
    assert turn_line(True) == [f"Turn {m.turn}: CPU 1's turn"]  # the demo
