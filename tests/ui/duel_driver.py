"""A player that uses nothing but the buttons: it looks at what is on the screen (the
scene and its menu) and presses what a person would, to play whole matches in tests."""

from __future__ import annotations

from typing import Any

from handheld.ui.app import Handheld


def _move_to(h: Handheld, menu: Any, index: int) -> None:
    while menu.cursor != index:
        h.press("DOWN" if index > menu.cursor else "UP", 1)


def step(h: Handheld, state: dict[str, Any]) -> str | None:
    """One decision's worth of button presses; returns "over" at the result screen."""
    top = h.scenes.top
    name = top.name
    if name == "ResultScene":
        return "over"
    if name in ("NoticeScene", "PassScene", "TitleScene"):
        h.press("A", 1)
    elif name == "DuelScene":
        if top.current is not None:
            h.press("A", 1)  # skip the message
        elif top.session.waiting_for() == "human" and top.match.pending.kind == "main":
            h.press("A", 1)
        else:
            h.tick(1)
    elif name == "ActionMenuScene":
        items = {it.value: (i, it.enabled) for i, it in enumerate(top.menu.items)}
        turn = top.m.turn
        if state.get("turn") != turn:
            state.update(turn=turn, hand_moves=0)
        if items["hand"][1] and state["hand_moves"] < 4:
            state["hand_moves"] += 1
            _move_to(h, top.menu, items["hand"][0])
        elif items["attack"][1]:
            _move_to(h, top.menu, items["attack"][0])
        else:
            _move_to(h, top.menu, items["pass"][0])
        h.press("A", 1)
    elif name == "HandScene":
        playable = [i for i, it in enumerate(top.menu.items) if it.enabled]
        if not playable:
            h.press("B", 1)
        else:
            _move_to(h, top.menu, playable[0])
            h.press("A", 1)
    elif name in ("OptionListScene", "TargetScene"):
        h.press("A", 1)
    elif name == "ChoiceScene":
        ch = top.ch
        if top.multi:
            if len(top.marked) >= max(ch.min, min(ch.max, 1)) or ch.min == 0:
                h.press("START", 1)
            else:
                _move_to(h, top.menu, len(top.marked))
                h.press("A", 1)
        else:
            h.press("A", 1)
    else:
        h.tick(1)
    return None


def play_to_the_end(h: Handheld, max_presses: int = 20000) -> str:
    state: dict[str, Any] = {}
    for _ in range(max_presses):
        if step(h, state) == "over":
            return h.scenes.top.name
    raise AssertionError(f"the match did not end; at {h.describe()}")
