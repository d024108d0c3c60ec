"""The handheld through its buttons: menus, a whole match against the computer, suspend and
Continue, a critical battery mid-match, the hotseat pass screen, settings that stick."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from firmware_sim.power import BatteryScript, SimBattery
from handheld.session import load_suspended
from handheld.ui.app import Handheld

from .duel_driver import play_to_the_end, step


def fresh(tmp_path: Path, seed: int = 3) -> Handheld:
    h = Handheld(headless=True, data_dir=tmp_path, seed=seed)
    h.settings.text_speed = "instant"
    h.settings.animations = False
    return h


def to_menu(h: Handheld) -> None:
    h.press("START")
    assert h.describe()["scene"] == "MainMenuScene"


def choose(h: Handheld, label: str) -> None:
    """Move the cursor of the top scene's menu to ``label`` and press A (buttons only)."""
    menu = h.scenes.top.menu
    labels = [it.label for it in menu.items]
    target = next(i for i, t in enumerate(labels) if label in t)
    while menu.cursor != target:
        h.press("DOWN" if target > menu.cursor else "UP", 1)
    h.press("A")


def start_cpu_duel(h: Handheld) -> None:
    to_menu(h)
    choose(h, "Duel")
    choose(h, "The computer")
    choose(h, "Blazing Quake")
    choose(h, "Tidal Mind")
    assert h.describe()["scene"] in ("DuelScene", "CoinScene", "ChoiceScene")


def test_title_screen_draws_and_start_opens_the_menu(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    h.tick(2)
    screen = h.screen
    assert screen.shape == (160, 240, 3)
    assert len(np.unique(screen.reshape(-1, 3), axis=0)) > 6  # a real picture, not a fill
    to_menu(h)


@pytest.mark.parametrize(("item", "scene"), [
    ("Card album", "AlbumScene"), ("Settings", "SettingsScene"), ("e-Reader", "EReaderMenuScene"),
    ("e-Tools", "EToolsMenuScene"), ("Duel", "DuelSetupScene"),
    ("Deck builder", "DeckListScene"), ("Ladder", "LadderScene")])
def test_every_menu_entry_opens_and_b_comes_back(tmp_path: Path, item: str, scene: str) -> None:
    h = fresh(tmp_path)
    to_menu(h)
    choose(h, item)
    assert h.describe()["scene"] == scene
    h.press("B")
    assert h.describe()["scene"] == "MainMenuScene"


def test_continue_is_off_without_a_suspended_match(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    to_menu(h)
    menu = h.scenes.top.menu
    assert not menu.items[0].enabled
    assert menu.selected.label == "Duel"  # the cursor never rests on a greyed-out item
    h.press("UP")
    assert menu.cursor == 0
    h.press("A")  # refused: an error sound, no scene
    assert h.describe()["scene"] == "MainMenuScene"
    assert "error" in h.sounds.played


def test_a_whole_match_against_the_computer_through_the_buttons(tmp_path: Path) -> None:
    h = fresh(tmp_path, seed=3)
    start_cpu_duel(h)
    assert play_to_the_end(h) == "ResultScene"
    result = h.scenes.top
    assert result.won() in (True, False)
    history = h.saves.match_history(h.profile)
    assert len(history) == 1 and history[0].deck_a == "Blazing Quake"
    assert history[0].winner in ("Player", "CPU")
    h.tick(30)  # the result stays up a moment before A counts
    h.press("A")
    assert h.describe()["scene"] == "MainMenuScene"


def _play_some(h: Handheld, decisions: int) -> None:
    state: dict[str, object] = {}
    duel = h.scenes.scenes[1]
    while len(duel.session.answers) < decisions:
        step(h, state)


def test_suspend_then_continue_resumes_exactly(tmp_path: Path) -> None:
    h = fresh(tmp_path, seed=8)
    start_cpu_duel(h)
    _play_some(h, 25)
    duel = h.scenes.scenes[1]
    # Back to the main phase, then START: the action menu; "Suspend".
    while not (h.scenes.top is duel and duel.session.waiting_for() == "human"
               and duel.match.pending.kind == "main" and duel.current is None):
        step(h, {"turn": -1, "hand_moves": 99})
    position = duel.match.position()
    h.press("START")
    choose(h, "Suspend")
    assert h.describe()["scene"] == "ConfirmScene"  # it asks first
    choose(h, "Suspend")
    assert h.describe()["scenes"] == ["MainMenuScene"]
    assert load_suspended(h.saves, h.profile)["position"] == position
    assert h.scenes.top.menu.items[0].enabled
    choose(h, "Continue")
    resumed = h.scenes.top
    assert resumed.name == "DuelScene"
    assert resumed.match.position() == position


def test_critical_battery_mid_match_saves_it_and_the_next_start_continues(
        tmp_path: Path) -> None:
    h = fresh(tmp_path, seed=4)
    start_cpu_duel(h)
    _play_some(h, 10)
    battery = SimBattery(30.0, noise_volts=0.0, script=[BatteryScript(h.frame + 5, 1.0)])
    h.board.battery = battery
    h.board.power.source = battery
    for _ in range(400):
        if not h.running:
            break
        step(h, {"turn": -1, "hand_moves": 99})
    assert h.shutdown_reason == "critical battery"
    position = h.scenes.scenes[1].match.position()
    h.saves.close()

    again = fresh(tmp_path, seed=99)
    to_menu(again)
    assert again.scenes.top.menu.items[0].enabled
    choose(again, "Continue")
    assert again.scenes.top.match.position() == position


def test_hotseat_hides_the_board_until_the_next_player_is_ready(tmp_path: Path) -> None:
    h = fresh(tmp_path, seed=2)
    to_menu(h)
    choose(h, "Duel")
    choose(h, "A friend, this handheld")
    choose(h, "Blazing Quake")
    choose(h, "Tidal Mind")
    for _ in range(300):
        if h.describe()["scene"] == "PassScene":
            break
        h.tick(1)
    assert h.describe()["scene"] == "PassScene"
    # The pass screen is a plain background with text: no board, no cards.
    colors = {tuple(c) for c in h.screen.reshape(-1, 3)}
    assert len(colors) <= 3
    h.press("A")
    assert h.describe()["scene"] != "PassScene"


def test_settings_are_saved_for_the_next_start(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    to_menu(h)
    choose(h, "Settings")
    h.press("DOWN")
    h.press("DOWN")  # Sound volume
    h.press("RIGHT")
    h.press("RIGHT")
    assert h.settings.volume == 8
    h.saves.close()
    again = Handheld(headless=True, data_dir=tmp_path)
    assert again.settings.volume == 8


def test_sounds_follow_the_cursor(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    to_menu(h)
    h.sounds.played.clear()
    h.press("DOWN")
    h.press("A")
    assert list(h.sounds.played)[:2] == ["cursor", "confirm"]


def test_the_album_shows_the_cards_of_every_played_era_oldest_first(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    to_menu(h)
    choose(h, "Card album")
    album = h.scenes.top
    # Expedition's 165, Platinum's and Rising Rivals' 253, HeartGold & SoulSilver's and Call
    # of Legends' 230, the Black & White era's 454.
    assert len(album.shown) == 165 + 253 + 230 + 454
    assert album.shown[165].card_id == "pl1-1" and album.shown[418].card_id == "hgss1-1"
    assert album.shown[648].card_id == "bw1-1"
    assert album.shown[-1].card_id.startswith("bw6-")
    h.press("A")
    assert h.describe()["scene"] == "CardViewScene"
    h.press("RIGHT")
    assert h.scenes.top.card_id == "ecard1-2"
    h.press("B")
    assert h.scenes.top.menu.cursor == 1


def test_the_headless_demo_on_the_command_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    out = tmp_path / "out.png"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    r = subprocess.run([sys.executable, "-m", "handheld", "--headless", "--demo", "--frames",
                        "600", "--screenshot", str(out), "--seed", "4", "--data-dir",
                        str(tmp_path / "d")], capture_output=True, text=True, timeout=120,
                       env=env, cwd=Path(__file__).resolve().parents[2])
    assert r.returncode == 0, r.stderr
    data = out.read_bytes()
    assert data[:4] == b"\x89PNG"
    assert (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")) == \
        (240, 160)
    assert "DuelScene" in r.stdout or "CoinScene" in r.stdout or "ResultScene" in r.stdout


def test_a_low_battery_is_announced_over_the_current_screen(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    to_menu(h)
    battery = SimBattery(40.0, noise_volts=0.0, script=[BatteryScript(h.frame + 3, 12.0)])
    h.board.battery = battery
    h.board.power.source = battery
    for _ in range(200):
        h.tick(1)
        if h.describe()["scene"] == "NoticeScene":
            break
    assert h.describe()["scene"] == "NoticeScene"
    assert "battery is low" in h.scenes.top.box._raw
    for _ in range(3):
        if h.describe()["scene"] == "MainMenuScene":
            break
        h.press("A")
    assert h.describe()["scene"] == "MainMenuScene"


def test_the_opponents_hidden_cards_are_never_shown(tmp_path: Path) -> None:
    from handheld.ui.scenes.duel_menus import HandScene, LogScene

    h = fresh(tmp_path, seed=6)
    start_cpu_duel(h)
    _play_some(h, 30)
    duel = h.scenes.scenes[1]
    log = LogScene(h, duel)
    # Draws by the computer are only "draws a card"; the player's own draws are named.
    assert any(line.startswith("CPU draws a card") for line in log.lines)
    assert not any(line.startswith("CPU draws ") and "a card" not in line
                   and "extra card" not in line for line in log.lines)
    while not (h.scenes.top is duel and duel.session.waiting_for() == "human"
               and duel.match.pending.kind == "main" and duel.current is None):
        step(h, {"turn": -1, "hand_moves": 99})
    hand = HandScene(h, duel)
    hand.enter()
    assert hand.cards == duel.match.players[0].hand  # the player's own, never the CPU's


def test_the_player_names_the_profile_in_settings(tmp_path: Path) -> None:
    from handheld.ui.keyboard import DONE

    from .test_decks import press_key, type_text

    h = fresh(tmp_path)
    to_menu(h)
    choose(h, "Settings")
    choose(h, "Your name")
    kb = h.scenes.top
    type_text(h, "ASH")
    press_key(h, kb, DONE)
    assert h.describe()["scene"] == "SettingsScene"
    assert h.saves.profile(h.profile).name == "ASH"
    # A name another profile has is refused, with the reason, and nothing changes.
    h.saves.create_profile("MISTY")
    choose(h, "Your name")
    kb = h.scenes.top
    type_text(h, "MISTY")
    press_key(h, kb, DONE)
    assert h.saves.profile(h.profile).name == "ASH"
    assert "MISTY" in h.scenes.top.problem


def test_a_practice_duel_explains_each_move_before_it_is_chosen(tmp_path: Path) -> None:
    from handheld.engine.explain import explain_option
    from handheld.ui.scenes.duel_menus import ActionMenuScene, _Overlay

    from .duel_driver import step

    h = fresh(tmp_path)
    to_menu(h)
    choose(h, "Duel")
    choose(h, "Practice, with hints")
    choose(h, "Blazing Quake")
    choose(h, "Tidal Mind")
    hints: list[tuple[str, str]] = []
    real = _Overlay.draw_hint

    def spy(self: _Overlay, surface: Any, text: str) -> None:
        hints.append((type(self).__name__, text))
        real(self, surface, text)

    _Overlay.draw_hint = spy  # type: ignore[method-assign]
    try:
        state: dict[str, Any] = {}
        for _ in range(3000):
            if isinstance(h.scenes.top, ActionMenuScene) and h.scenes.top.m.turn >= 3:
                break
            step(h, state)
        menu = h.scenes.top
        assert isinstance(menu, ActionMenuScene) and menu.practising
        h.tick(1)
        assert hints and hints[-1][0] == "ActionMenuScene" and hints[-1][1]
        # End turn, explained as the engine says it before it is chosen.
        end = next(i for i, it in enumerate(menu.menu.items) if it.value == "pass")
        while menu.menu.cursor != end:
            h.press("DOWN", 1)
        pass_option = next(o for o in menu.choice.options if o[0] == "pass")
        assert hints[-1][1] == explain_option(menu.m, pass_option)
    finally:
        _Overlay.draw_hint = real  # type: ignore[method-assign]
    # Against the computer without hints, the same call draws nothing.
    other = fresh(tmp_path / "cpu")
    start_cpu_duel(other)
    state = {}
    for _ in range(3000):
        if isinstance(other.scenes.top, ActionMenuScene):
            break
        step(other, state)
    plain = other.scenes.top
    assert isinstance(plain, ActionMenuScene) and not plain.practising
    import pygame

    surface = pygame.Surface((240, 160))
    surface.fill((1, 2, 3))
    plain.draw_hint(surface, "a hint")
    assert surface.get_at((10, 5))[:3] == (1, 2, 3)
