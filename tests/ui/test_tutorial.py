"""The tutorial played through the buttons (issue 18): every lesson's move is made with the
duel's own menus, another move is refused with the lesson's hint, and the last lesson
leads back to the main menu. Lessons are never saved nor counted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from handheld.engine import Choice
from handheld.engine.notation import ATTACH, ATTACK, EVOLVE, PLAY, RETREAT
from handheld.tutorial import LESSONS
from handheld.ui.app import Handheld
from handheld.ui.scenes.tutorial import TutorialScene

from .test_app import choose, fresh, to_menu

ENTRY = {ATTACH: "hand", EVOLVE: "hand", PLAY: "hand", ATTACK: "attack", RETREAT: "retreat"}


def _move_to(h: Handheld, menu: Any, index: int) -> None:
    for _ in range(40):
        if menu.cursor == index:
            return
        h.press("DOWN" if index > menu.cursor else "UP", 1)
    raise AssertionError(f"cursor stuck at {menu.cursor}, wanted {index}")


def press_for(h: Handheld, lesson: Any, card: str | None) -> None:
    """One screen's worth of buttons toward the lesson's move (``card``: the card or
    attack to pick, which may differ from the lesson's to try a wrong move)."""
    top = h.scenes.top
    name = type(top).__name__
    if name == "TutorialScene":
        if top.current is not None or top.complete or top.finale:
            h.press("A", 1)
        elif top.session.waiting_for() == "human" and isinstance(top.match.pending, Choice) \
                and top.match.pending.kind == "main":
            h.press("A", 1)
        else:
            h.tick(1)
    elif name == "ActionMenuScene":
        want = ENTRY[lesson.tag]
        _move_to(h, top.menu, next(i for i, it in enumerate(top.menu.items)
                                   if it.value == want))
        h.press("A", 1)
    elif name == "HandScene":
        index = next(i for i, cid in enumerate(top.cards) if top.m.defs[cid].id == card)
        _move_to(h, top.menu, index)
        h.press("A", 1)
    elif name == "OptionListScene":
        index = next(i for i, (_, o) in enumerate(top.picks)
                     if o[0] != ATTACK or top.m.defs[o[1]].attacks[o[2]].name == card)
        _move_to(h, top.menu, index)
        h.press("A", 1)
    else:  # TargetScene, ChoiceScene (a Prize card), CoinScene, NoticeScene
        h.press("A", 1)


def test_the_whole_tutorial_through_the_buttons(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    to_menu(h)
    choose(h, "Tutorial")
    seen: list[str] = []
    for _ in range(4000):
        top = h.scenes.top
        if type(top).__name__ == "MainMenuScene":
            break
        tutorial = next(s for s in reversed(h.scenes.scenes) if isinstance(s, TutorialScene))
        lesson = tutorial.lesson
        if not seen or seen[-1] != lesson.key:
            seen.append(lesson.key)
            assert tutorial.coach_text()[1] == lesson.task  # what to do, first
        if tutorial.complete and top is tutorial:
            assert lesson.after in tutorial.coach_text()[1]
        press_for(h, lesson, lesson.card)
    else:
        raise AssertionError(f"the tutorial did not end; lessons seen: {seen}")
    assert seen == [lesson.key for lesson in LESSONS]
    assert not h.saves.match_history(h.profile)  # lessons are not counted
    assert not h.saves.has_suspended(h.profile)


def test_another_move_is_refused_with_the_lessons_hint(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    to_menu(h)
    choose(h, "Tutorial")
    tutorial = h.scenes.top
    assert isinstance(tutorial, TutorialScene) and tutorial.lesson.key == "attach"
    before = list(tutorial.match.players[0].hand)
    # The Water Energy instead of the Fire: refused, nothing attached.
    for _ in range(20):
        if type(h.scenes.top).__name__ == "TutorialScene" and tutorial.coach != \
                tutorial.lesson.task:
            break
        press_for(h, tutorial.lesson, "ecard1-165")
    assert tutorial.coach == tutorial.lesson.hint
    assert not tutorial.moved and tutorial.match.players[0].hand == before
    assert h.sounds.played[-1] == "error"
