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


def test_an_attack_shows_its_energy_cost_and_damage() -> None:
    from handheld.cards import default_pool
    from handheld.engine.notation import ATTACK
    from handheld.ui.scenes.duel_menus import option_label

    from ..engine.scenario import run_scenario

    m = run_scenario(default_pool(), {"position": {"players": [
        {"active": {"cards": ["ecard1-131"], "energy": ["ecard1-165"] * 3}},
        {"active": {"cards": ["ecard1-98"]}}]}, "steps": []})
    pending = m.pending
    assert isinstance(pending, Choice)
    labels = [option_label(m, o) for o in pending.options if o[0] == ATTACK]
    attacks = m.defs[m.players[0].active.top].attacks  # type: ignore[union-attr]
    expected = []
    for a in attacks:
        cost = "".join(f"[{c}]" for c in a.cost) or "[-]"
        expected.append(f"{cost} {a.name}" + (f" {a.damage}" if a.damage else ""))
    assert labels == expected and all(lb.startswith("[") for lb in labels)
