"""What a new player runs into in a match: START+SELECT opens the match menu from any
screen of a match (a setup prompt too) and goes back one level elsewhere; what ends or
puts aside a match asks first; a new duel does not silently replace the suspended one;
the log after Continue is the whole log; the battle timer ends the match as tournament
play does."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from firmware_sim.buttons import Button, ButtonEvent
from handheld.etools.timer import MINUTE
from handheld.session import load_suspended
from handheld.ui.app import Handheld
from handheld.ui.input import CHORD_FRAMES, ChordGate

from .duel_driver import step
from .test_app import _play_some, choose, fresh, start_cpu_duel, to_menu


def duel_of(h: Handheld) -> Any:
    """The duel under the main menu."""
    return h.scenes.scenes[1]


def top(h: Handheld) -> Any:
    """The scene on top, whatever its kind (tests read its fields)."""
    return h.scenes.top


def combo(h: Handheld) -> None:
    """START+SELECT held together for 0.7 s (the combo fires after 0.5 s)."""
    h.script("START+SELECT@0-700")
    h.tick(50)


def at_setup_bench_prompt(h: Handheld) -> Any:
    """Seed 2's setup: the player's Active is chosen; the Bench prompt (0 or 1 Pokémon,
    START confirms) is up."""
    start_cpu_duel(h)
    for _ in range(400):
        scene = top(h)
        if scene.name == "ChoiceScene" and scene.multi:
            return scene
        if scene.name == "ChoiceScene" or (scene.name == "DuelScene" and scene.current):
            h.press("A", 1)
        else:
            h.tick(1)
    raise AssertionError(f"no setup Bench prompt; at {h.describe()}")


def to_main_phase(h: Handheld, decisions: int = 12) -> Any:
    _play_some(h, decisions)
    duel = duel_of(h)
    while not (top(h) is duel and duel.session.waiting_for() == "human"
               and duel.match.pending.kind == "main" and duel.current is None
               and not duel.messages and duel.log_pos == len(duel.match.log)):
        step(h, {"turn": -1, "hand_moves": 99})
    return duel


# ------------------------------------------------------------------ the chord gate


def ev(kind: str, button: Button) -> ButtonEvent:
    return ButtonEvent(kind, button, 0.0)


def test_a_start_tap_reaches_the_scenes_when_it_is_released() -> None:
    gate = ChordGate()
    assert gate.filter([ev("press", Button.START)], {Button.START}, 1) == []
    out = gate.filter([ev("release", Button.START)], set(), 2)
    assert [(e.kind, e.button) for e in out] == [("press", Button.START),
                                                 ("release", Button.START)]


def test_start_held_alone_acts_after_the_chord_window() -> None:
    gate = ChordGate()
    gate.filter([ev("press", Button.START)], {Button.START}, 1)
    for frame in range(2, 1 + CHORD_FRAMES):
        assert gate.filter([], {Button.START}, frame) == []
    out = gate.filter([], {Button.START}, 1 + CHORD_FRAMES)
    assert [(e.kind, e.button) for e in out] == [("press", Button.START)]


def test_start_and_select_together_never_reach_the_scenes() -> None:
    gate = ChordGate()
    both = {Button.START, Button.SELECT}
    assert gate.filter([ev("press", Button.SELECT)], {Button.SELECT}, 1) == []
    assert gate.filter([ev("press", Button.START)], both, 3) == []
    menu = ButtonEvent("combo", None, 0.0, "menu")
    for frame in range(4, 40):
        assert gate.filter([], both, frame) == []
    assert gate.filter([menu, ev("release", Button.START)], {Button.SELECT}, 40) == [menu]
    assert gate.filter([ev("release", Button.SELECT)], set(), 41) == []
    out = gate.filter([ev("press", Button.A)], {Button.A}, 42)  # everything else as usual
    assert [e.button for e in out] == [Button.A]


# ------------------------------------------------------------------ the match menu


def test_the_combo_opens_the_match_menu_over_a_setup_prompt_and_answers_nothing(
        tmp_path: Path) -> None:
    h = fresh(tmp_path, seed=2)
    prompt = at_setup_bench_prompt(h)
    duel = duel_of(h)
    answers = len(duel.session.answers)
    combo(h)
    assert h.describe()["scene"] == "MatchMenuScene"
    assert len(duel.session.answers) == answers  # START did not confirm the empty Bench
    labels = [it.label for it in top(h).menu.items]
    assert labels == ["Resume", "Discard piles", "Suspend", "Forfeit", "Settings"]
    choose(h, "Resume")
    assert top(h) is prompt


def test_the_combo_again_closes_the_match_menu_and_goes_back_from_its_settings(
        tmp_path: Path) -> None:
    h = fresh(tmp_path, seed=2)
    prompt = at_setup_bench_prompt(h)
    combo(h)
    choose(h, "Settings")
    assert h.describe()["scene"] == "SettingsScene"
    combo(h)
    assert h.describe()["scene"] == "MatchMenuScene"  # one level back
    combo(h)
    assert top(h) is prompt


def test_suspend_from_the_match_menu_asks_then_saves(tmp_path: Path) -> None:
    h = fresh(tmp_path, seed=2)
    at_setup_bench_prompt(h)
    combo(h)
    choose(h, "Suspend")
    assert h.describe()["scene"] == "ConfirmScene"
    h.press("A")  # the safe answer is under the cursor: keep playing
    assert h.describe()["scene"] == "MatchMenuScene"
    assert load_suspended(h.saves, h.profile) is None
    choose(h, "Suspend")
    choose(h, "Suspend")
    assert h.describe()["scenes"] == ["MainMenuScene"]
    assert load_suspended(h.saves, h.profile) is not None


def test_forfeit_asks_then_the_opponent_wins_and_it_is_recorded(tmp_path: Path) -> None:
    h = fresh(tmp_path, seed=2)
    at_setup_bench_prompt(h)
    combo(h)
    choose(h, "Forfeit")
    question = " ".join(top(h).lines)
    assert "CPU wins" in question
    choose(h, "Forfeit")
    for _ in range(200):
        if h.describe()["scene"] == "ResultScene":
            break
        step(h, {})
    assert h.describe()["scene"] == "ResultScene"
    assert top(h).won() is False
    history = h.saves.match_history(h.profile)
    assert [(m.winner, m.result) for m in history] == [("CPU", "forfeit")]


def test_suspend_in_the_action_menu_asks_first(tmp_path: Path) -> None:
    h = fresh(tmp_path, seed=8)
    start_cpu_duel(h)
    duel = to_main_phase(h)
    h.press("START")
    menu = top(h)
    assert menu.name == "ActionMenuScene" and menu.menu.selected.value == "hand"
    h.press("UP")  # from Hand the cursor wraps round to Suspend
    assert menu.menu.selected.value == "suspend"
    h.press("A")
    assert h.describe()["scene"] == "ConfirmScene"
    h.press("A")  # "Keep playing"
    assert top(h) is menu and load_suspended(h.saves, h.profile) is None
    assert duel in h.scenes.scenes


def test_the_combo_outside_a_match_goes_back_one_level(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    to_menu(h)
    choose(h, "Settings")
    combo(h)
    assert h.describe()["scene"] == "MainMenuScene"
    combo(h)
    assert h.describe()["scene"] == "MainMenuScene"  # the root stays
    choose(h, "Deck builder")
    choose(h, "New deck")
    h.press("A")  # the rules: Expedition, the first offered
    editor = top(h)
    h.press("A")  # a card in: unsaved changes
    assert editor.dirty
    combo(h)
    assert h.describe()["scene"] == "ConfirmScene"  # it asks, as leaving always does
    h.press("A")  # keep editing
    assert top(h) is editor


# ------------------------------------------------------------------ a suspended match


def suspend_one(h: Handheld) -> dict[str, Any]:
    start_cpu_duel(h)
    to_main_phase(h)
    h.press("START")
    choose(h, "Suspend")
    choose(h, "Suspend")
    snap = load_suspended(h.saves, h.profile)
    assert snap is not None
    return snap


def test_a_new_duel_asks_before_it_replaces_the_suspended_match(tmp_path: Path) -> None:
    h = fresh(tmp_path, seed=8)
    snap = suspend_one(h)
    choose(h, "Duel")
    choose(h, "The computer")
    assert h.describe()["scene"] == "ConfirmScene"
    question = " ".join(top(h).lines)
    assert "Player vs CPU" in question and "turn" in question
    choose(h, "Keep it")
    assert h.describe()["scenes"] == ["MainMenuScene"]
    assert load_suspended(h.saves, h.profile) == snap
    choose(h, "Duel")
    choose(h, "The computer")
    choose(h, "Start a new duel")
    assert h.describe()["scene"] == "DuelSetupScene"
    assert load_suspended(h.saves, h.profile) == snap  # not before the duel really starts
    choose(h, "Blazing Quake")
    choose(h, "Tidal Mind")
    assert load_suspended(h.saves, h.profile) is None


def test_another_match_that_ends_leaves_the_suspended_match_alone(tmp_path: Path) -> None:
    from handheld.cards import load_deck
    from handheld.ui.scenes.duel import DuelScene, DuelSetup

    h = fresh(tmp_path, seed=8)
    snap = suspend_one(h)
    setup = DuelSetup(decks=(load_deck("blazing_quake"), load_deck("tidal_mind")),
                      deck_names=("A", "B"), seats=("human", "greedy"), names=("P", "CPU"),
                      mode="cpu", seed=5)
    other = DuelScene.new(h, setup)  # e.g. a duel begun some other way (not Continue)
    h.scenes.push(other)
    h.scenes.apply()
    other.forfeit()
    for _ in range(200):
        if h.describe()["scene"] == "ResultScene":
            break
        step(h, {})
    assert h.describe()["scene"] == "ResultScene"
    assert load_suspended(h.saves, h.profile) == snap


def test_the_log_after_continue_is_the_whole_log(tmp_path: Path) -> None:
    from handheld.ui.scenes.duel_menus import LogScene

    h = fresh(tmp_path, seed=8)
    start_cpu_duel(h)
    duel = to_main_phase(h, 30)
    before = LogScene(h, duel).lines
    assert len(before) > 30
    h.press("START")
    choose(h, "Suspend")
    choose(h, "Suspend")
    choose(h, "Continue")
    resumed = top(h)
    assert resumed.name == "DuelScene" and resumed is not duel
    h.press("SELECT")
    log = top(h)
    assert log.name == "LogScene"
    assert log.lines == before


# ------------------------------------------------------------------ the battle timer


def play_until_time(h: Handheld, prizes: str) -> Any:
    """A timed match (30 minutes) whose time runs out in turn 3; just before the last
    extra turn ends, the Prizes left are made fewer for the player or equal."""
    h.timer.timer.start()
    start_cpu_duel(h)
    duel = duel_of(h)
    state: dict[str, Any] = {}
    t = h.timer.timer
    fixed = False
    for _ in range(6000):
        m = duel.match
        if h.describe()["scene"] == "ResultScene" or m.sudden_death or m.over:
            return duel
        if m.turn >= 3 and not t.time_called:
            h.board.clock.advance(30 * MINUTE)  # type: ignore[attr-defined]
        if t.extra_turn == 3 and not fixed and m.turn > 0:
            fixed = True
            me, cpu = m.players
            while len(me.prizes) > (len(cpu.prizes) - (1 if prizes == "fewer" else 0)):
                me.hand.append(me.prizes.pop())  # as if taken: no card is lost
            while len(cpu.prizes) > len(me.prizes) + (1 if prizes == "fewer" else 0):
                cpu.hand.append(cpu.prizes.pop())
        step(h, state)
    raise AssertionError(f"time never ended the match; at {h.describe()}")


def test_time_ends_the_match_for_the_player_with_fewer_prizes_left(tmp_path: Path) -> None:
    h = fresh(tmp_path, seed=3)
    duel = play_until_time(h, "fewer")
    m = duel.match
    for _ in range(300):
        if h.describe()["scene"] == "ResultScene":
            break
        step(h, {})
    assert m.over and m.result == "time" and m.winner == 0
    assert h.timer.timer.state == "over"
    assert top(h).won() is True
    assert "fewer Prize cards left" in top(h).why
    assert [m.result for m in h.saves.match_history(h.profile)] == ["time"]


def test_time_with_equal_prizes_left_goes_to_sudden_death(tmp_path: Path) -> None:
    h = fresh(tmp_path, seed=3)
    duel = play_until_time(h, "equal")
    m = duel.match
    assert not m.over and m.sudden_death == 1 and m.prize_count == 1
    assert any(e[0] == "time" and e[1] == e[2] for e in m.log)
    assert h.saves.match_history(h.profile) == []  # the match goes on


def test_the_combo_leaves_the_attract_mode(tmp_path: Path) -> None:
    h = Handheld(headless=True, data_dir=tmp_path, seed=1, demo=True)
    h.tick(30)
    assert "DuelScene" in h.describe()["scenes"]
    combo(h)
    assert h.describe()["scenes"] == ["TitleScene"]
