"""The window scale and held buttons: a scale is picked with LEFT/RIGHT and applied with A
(a held key never feeds a resize back into the setting); reopening the window or losing
the focus forgets every held button; a scale too big for the screen is refused (or, at
start-up, falls back) and never saved."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from firmware_sim.buttons import Button
from firmware_sim.display import PanelConfig, WindowDisplay
from handheld.ui import app as app_module
from handheld.ui.app import Handheld, largest_window_scale, window_fits
from handheld.ui.settings import Settings

from .test_app import choose, fresh, to_menu


def top(h: Handheld) -> Any:
    """The scene on top, whatever its kind (tests read its fields)."""
    return h.scenes.top


def windowed(tmp_path: Path, desktop: tuple[int, int] = (1024, 768)) -> Handheld:
    """A headless handheld whose board shows a (dummy-driver) desktop window."""
    h = fresh(tmp_path)
    h.board.display = WindowDisplay(PanelConfig(480, 320))
    h.desktop_size = lambda: desktop  # type: ignore[method-assign]
    return h


def window_size(h: Handheld) -> tuple[int, int]:
    return h.board.display.panel.width, h.board.display.panel.height


def open_scale_row(h: Handheld) -> None:
    to_menu(h)
    choose(h, "Settings")
    while top(h).menu.selected.value != "panel_scale":
        h.press("DOWN")


def count_windows(monkeypatch: pytest.MonkeyPatch) -> list[PanelConfig]:
    opened: list[PanelConfig] = []
    real = WindowDisplay.__init__

    def spy(self: WindowDisplay, panel: PanelConfig, *args: object, **kw: object) -> None:
        opened.append(panel)
        real(self, panel, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(WindowDisplay, "__init__", spy)
    return opened


def test_a_held_right_picks_a_scale_and_never_resizes_the_window(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    h = windowed(tmp_path)
    open_scale_row(h)
    opened = count_windows(monkeypatch)
    now = h.board.clock.now_ms()
    h.board.input.press(Button.RIGHT, now)  # held: its key-up never comes
    h.tick(180)  # three seconds of auto-repeat
    assert opened == []
    assert window_size(h) == (480, 320)
    assert Settings.load(h.saves, h.profile).panel_scale == 0  # nothing saved yet
    assert top(h).scale is not None  # only the pick moved


def test_a_applies_the_pick_once_and_saves_it(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    h = windowed(tmp_path)
    open_scale_row(h)
    opened = count_windows(monkeypatch)
    h.press("RIGHT")  # auto -> 1x
    h.press("RIGHT")  # 2x
    h.press("RIGHT")  # 3x
    assert window_size(h) == (480, 320)
    h.press("A")
    assert window_size(h) == (720, 480)
    assert Settings.load(h.saves, h.profile).panel_scale == 3
    h.tick(120)
    assert len(opened) == 1  # once, not again and again


def test_reopening_the_window_forgets_a_held_button(tmp_path: Path) -> None:
    h = windowed(tmp_path)
    open_scale_row(h)
    now = h.board.clock.now_ms()
    h.board.input.press(Button.RIGHT, now)  # 1x picked, and RIGHT held while A resizes
    h.tick(3)
    assert Button.RIGHT in h.board.buttons.held and top(h).scale == 1
    h.press("A")
    assert Button.RIGHT not in h.board.buttons.held  # ... and its key-up is lost
    scene = top(h)
    h.tick(120)
    assert scene.scale is None  # no auto-repeat picking scales behind the player's back
    assert window_size(h) == (240, 160)


def test_losing_the_focus_forgets_held_buttons(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    h = windowed(tmp_path)
    focus = [True]
    monkeypatch.setattr(h.pygame.key, "get_focused", lambda: focus[0])
    to_menu(h)
    h.board.input.press(Button.DOWN, h.board.clock.now_ms())
    h.tick(3)
    assert Button.DOWN in h.board.buttons.held
    focus[0] = False  # alt-tab: the key-up goes to another window
    h.tick(1)
    assert Button.DOWN not in h.board.buttons.held
    cursor = top(h).menu.cursor
    h.tick(60)
    assert top(h).menu.cursor == cursor  # no repeats


def test_a_scale_too_big_for_the_screen_is_refused_and_not_saved(tmp_path: Path) -> None:
    h = windowed(tmp_path, desktop=(800, 600))
    open_scale_row(h)
    for _ in range(4):
        h.press("RIGHT")  # 4x: 960x640
    h.press("A")
    assert window_size(h) == (480, 320)
    assert Settings.load(h.saves, h.profile).panel_scale == 0
    assert "does not fit" in top(h).problem and "3x" in top(h).problem
    assert "error" in h.sounds.played


def test_a_saved_scale_too_big_for_this_screen_falls_back_at_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    h = windowed(tmp_path, desktop=(1024, 768))
    Settings(panel_scale=4).save(h.saves, h.profile)
    h.settings = Settings.load(h.saves, h.profile)
    h.desktop_size = lambda: (800, 600)  # type: ignore[method-assign]
    h.apply_settings()
    assert window_size(h) == (720, 480)
    assert Settings.load(h.saves, h.profile).panel_scale == 4  # kept for a bigger screen
    assert any("does not fit" in n for n in h.notices)


def test_the_fit_arithmetic() -> None:
    assert largest_window_scale((800, 600)) == 3
    assert largest_window_scale((1920, 1080)) == 6
    assert largest_window_scale((200, 100)) == 1  # never below 1x
    assert window_fits((720, 480), (800, 600))
    assert not window_fits((960, 640), (1024, 640 + app_module.WINDOW_ROOM_H - 1))
