"""A decision's list opens on the answer a player nearly always wants (issue 18: after the
opponent's mulligan, every extra card)."""

from __future__ import annotations

from handheld.engine import Choice
from handheld.engine.notation import DRAW, SLOT
from handheld.ui.scenes.duel_menus import useful_answer
from handheld.ui.widgets import Menu


def test_the_mulligan_question_opens_on_the_most_extra_cards() -> None:
    ch = Choice(1, "mulligan_draw", "draw extra cards?", tuple((DRAW, n) for n in range(3)))
    assert useful_answer(ch) == 2
    one = Choice(1, "mulligan_draw", "draw extra cards?", ((DRAW, 0), (DRAW, 1)))
    assert useful_answer(one) == 1


def test_other_questions_open_on_their_first_option() -> None:
    ch = Choice(0, "promote", "choose", ((SLOT, 4), (SLOT, 9)))
    assert useful_answer(ch) == 0


def test_select_moves_and_scrolls_the_menu() -> None:
    menu = Menu([str(i) for i in range(10)], rows=4)
    menu.select(8)
    assert menu.cursor == 8 and menu.top <= 8 < menu.top + 4
    menu.select(99)  # past the end: the last item
    assert menu.cursor == 9
