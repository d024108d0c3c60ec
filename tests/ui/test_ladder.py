"""The ladder through the buttons (main menu -> Ladder -> an opponent -> a deck -> the duel
-> back to the ladder), its records from the match history, what a win opens, a roster duel
suspended and continued, and the computer thinking in the background while the frames
keep coming."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from handheld import roster
from handheld.cards import load_deck
from handheld.engine import Choice, Match
from handheld.players import PLAYERS, GreedyPlayer
from handheld.players.style import STYLES, Style
from handheld.ui.app import Handheld
from handheld.ui.scenes.duel import DuelScene, DuelSetup

from .duel_driver import play_to_the_end, step
from .test_app import choose, fresh, to_menu


def open_ladder(h: Handheld) -> Any:
    to_menu(h)
    choose(h, "Ladder")
    scene = h.scenes.top
    assert scene.name == "LadderScene" and scene.era == "expedition"
    return scene


def move_to(h: Handheld, ladder: Any, oid: str) -> None:
    target = [o.id for o in ladder.opponents].index(oid)
    while ladder.cursor != target:
        h.press("DOWN", 1)


def challenge(h: Handheld, oid: str, deck: str = "Tidal Mind") -> DuelScene:
    ladder = open_ladder(h)
    move_to(h, ladder, oid)
    h.press("A")
    assert h.scenes.top.name == "OpponentScene"
    h.press("A")
    assert h.scenes.top.name == "DuelSetupScene"
    choose(h, deck)
    duel = next(s for s in h.scenes.scenes if isinstance(s, DuelScene))
    return duel


def test_a_locked_opponent_is_refused_and_the_era_changes(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    ladder = open_ladder(h)
    move_to(h, ladder, "exp_hale")
    h.press("A")
    assert h.scenes.top is ladder and "error" in h.sounds.played
    h.press("RIGHT")
    assert ladder.era == "platinum" and ladder.selected.id == "pl_brisa"
    h.press("L")
    assert ladder.era == "expedition"
    h.press("B")
    assert h.describe()["scene"] == "MainMenuScene"


def test_a_ladder_duel_through_the_buttons_goes_into_the_history(tmp_path: Path) -> None:
    h = fresh(tmp_path, seed=5)
    duel = challenge(h, "exp_piet")
    piet = roster.opponent("exp_piet")
    assert duel.opponent == "exp_piet" and duel.names[1] == "Piet"
    assert duel.session.players == ["human", piet.level]
    assert duel.session.ai[1].style == STYLES["brawler"]
    assert duel.deck_names == ("Tidal Mind", "Blazing Quake")
    assert sorted(duel.session.decks[1]) == sorted(load_deck("blazing_quake"))
    assert play_to_the_end(h) == "ResultScene"
    [row] = h.saves.match_history(h.profile)
    assert row.opponent == "exp_piet"
    assert row.outcome == ("win" if row.winner == "Player" else "loss")
    h.tick(30)
    h.press("A")  # back to the ladder, not the main menu (a win opens its packs first)
    if row.outcome == "win":
        assert h.describe()["scenes"] == ["MainMenuScene", "LadderScene",
                                          "BoosterRevealScene"]
        h.press("B")
    assert h.describe()["scenes"] == ["MainMenuScene", "LadderScene"]
    ladder = h.scenes.top
    assert ladder.records["exp_piet"].played == 1


def _finish_with(h: Handheld, duel: DuelScene, loser: int) -> Any:
    """End the duel by a forfeit of seat ``loser`` and run to the result screen."""
    while duel.session.waiting_for() == "chance":
        h.tick(1)
    duel.session.concede(loser)
    for _ in range(600):
        if h.scenes.top.name == "ResultScene":
            return h.scenes.top
        step(h, {})
    raise AssertionError(f"no result screen: {h.describe()}")


def test_a_win_opens_the_master_and_the_result_screen_says_so(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    # Odile was beaten before (the history is the only record of it).
    h.saves.add_match(h.profile, deck_a="Tidal Mind", deck_b="Rock Crusher", winner="Player",
                      result="prizes", turns=9, opponent="exp_odile", outcome="win")
    duel = challenge(h, "exp_piet")
    result = _finish_with(h, duel, loser=1)
    assert result.won() is True
    assert result.ladder_news() == ["First win against Piet!", "Now open: Hale.",
                                    "You earned 2 booster packs!"]
    match = h.saves.match_history(h.profile, limit=1)[0]
    assert match.outcome == "win"
    # The packs were written with the match: unopened, of the era's set, from this win.
    packs = h.saves.boosters(h.profile)
    assert [(b.set, b.source, b.awarded_at) for b in packs] == [
        ("expedition", "win:exp_piet", match.played_at)] * 2
    assert result.duel.packs == packs
    h.tick(30)
    h.press("A")  # opens them at once
    reveal = h.scenes.top
    assert reveal.name == "BoosterRevealScene"
    assert h.saves.boosters(h.profile) == [packs[1]]  # the first is opened before shown
    assert reveal.done  # the "instant" text speed shows every card at once
    h.press("A")  # the next pack
    assert h.saves.boosters(h.profile) == [] and sum(
        h.saves.owned_counts(h.profile).values()) == 18  # two packs of 9
    h.press("A")  # done: back to the ladder
    ladder = h.scenes.top
    assert ladder.name == "LadderScene"
    states = dict(zip([o.id for o in ladder.opponents], ladder.states, strict=True))
    assert states["exp_piet"] == states["exp_odile"] == "beaten"
    assert states["exp_hale"] == "open" and states["exp_nereda"] == "locked"


def test_a_loss_is_recorded_and_opens_nothing(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    duel = challenge(h, "exp_marisol")
    result = _finish_with(h, duel, loser=0)
    assert result.won() is False and result.ladder_news() == []
    assert h.saves.boosters(h.profile) == [] and not result.duel.packs
    [row] = h.saves.match_history(h.profile)
    assert (row.opponent, row.outcome, row.winner) == ("exp_marisol", "loss", "Marisol")


def test_a_suspended_ladder_duel_continues_against_the_same_opponent(tmp_path: Path) -> None:
    h = fresh(tmp_path, seed=8)
    duel = challenge(h, "exp_quill")
    state: dict[str, Any] = {}
    while len(duel.session.answers) < 12:
        step(h, state)
    duel.leave_match()
    h.tick(2)
    assert h.describe()["scenes"] == ["MainMenuScene"]
    choose(h, "Continue")
    resumed = h.scenes.top
    assert isinstance(resumed, DuelScene) and resumed.opponent == "exp_quill"
    assert resumed.session.ai[1].style == STYLES["swarm"]
    _finish_with(h, resumed, loser=1)
    assert h.saves.match_history(h.profile, limit=1)[0].opponent == "exp_quill"


# ---------------------------------------------------------------- thinking in the background

class Gate:
    """A player that waits for the test to open its gate before answering (then answers
    as the greedy player would)."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.started = threading.Event()

    def maker(self, seed: int, style: Style | None = None) -> Any:
        gate = self

        class Slow(GreedyPlayer):
            name = "slow"

            def choose(self, m: Match, choice: Choice) -> int | list[int]:
                gate.started.set()
                assert gate.open.wait(20), "the gate was never opened"
                return super().choose(m, choice)

        return Slow(seed, style)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Any:
    g = Gate()
    monkeypatch.setitem(PLAYERS, "slow", g.maker)
    yield g
    g.open.set()  # never leave a worker blocked


def slow_duel(h: Handheld) -> DuelScene:
    setup = DuelSetup(decks=(load_deck("blazing_quake"), load_deck("tidal_mind")),
                      deck_names=("Blazing Quake", "Tidal Mind"), seats=("slow", "slow"),
                      names=("CPU 1", "CPU 2"), mode="cpu", seed=4)
    duel = DuelScene.new(h, setup)
    duel.wait_for_thoughts = False  # as on a real screen: never block a frame
    to_menu(h)
    h.scenes.push(duel)
    h.scenes.apply()
    return duel


def test_frames_keep_coming_while_the_computer_thinks(tmp_path: Path, gate: Gate) -> None:
    h = fresh(tmp_path)
    duel = slow_duel(h)
    for _ in range(300):
        if gate.started.is_set():
            break
        h.tick(1)
    assert gate.started.wait(10)
    frame = h.frame
    pictures = set()
    for _ in range(60):
        h.tick(1)
        pictures.add(h.screen[154:158, 226:238].tobytes())  # the thinking mark
    assert h.frame == frame + 60  # sixty frames while the thought is blocked
    assert duel.thinking and duel.session.answers == []
    assert len(pictures) == 3  # the mark turns: one of three dots lit
    gate.open.set()
    deadline = time.monotonic() + 20
    while not duel.session.answers and time.monotonic() < deadline:
        h.tick(1)
        time.sleep(0.001)
    assert len(duel.session.answers) == 1  # applied afterwards, on the main thread


def test_leaving_mid_thought_drops_the_answer(tmp_path: Path, gate: Gate) -> None:
    h = fresh(tmp_path)
    duel = slow_duel(h)
    for _ in range(300):
        if gate.started.is_set():
            break
        h.tick(1)
    assert gate.started.wait(10) and duel.thinking
    duel.leave_match()  # suspends and goes back to the menu, mid-thought
    h.tick(2)
    assert h.describe()["scenes"] == ["MainMenuScene"]
    gate.open.set()
    h.tick(5)
    snap = h.saves.suspended_match(h.profile)
    assert snap is not None and snap.replay["answers"] == []
    assert not duel.thinker.busy
