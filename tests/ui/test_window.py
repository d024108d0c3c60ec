"""The real window: under Xvfb (an X server without a screen; .ci/run installs it) the game
opens a window through SDL's x11 driver, scales the title screen into it, and shows it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "goldens" / "title.png"



def test_the_window_opens_and_shows_the_title(xvfb: str, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "CI")}
    env.update(DISPLAY=xvfb, SDL_AUDIODRIVER="dummy", HANDHELD_DATA=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    shot = tmp_path / "window.png"
    r = subprocess.run([sys.executable, "-m", "handheld", "--board", "sim", "--frames", "3",
                        "--window-screenshot", str(shot)], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "video driver x11" in r.stdout
    window = pygame.image.load(str(shot))
    assert window.get_size() == (480, 320)  # the default 480x320 panel: the frame at 2x
    expected = pygame.transform.scale(pygame.image.load(str(GOLDEN)), (480, 320))
    same = pygame.surfarray.array3d(window) == pygame.surfarray.array3d(expected)
    assert same.all(), f"{(~same.all(axis=2)).sum()} window pixels differ from the title"


def window_with_saved_scale(xvfb: str, tmp_path: Path, scale: int) -> tuple[Path, int]:
    """Save a profile whose settings choose ``scale``, open the game's real window for 3
    frames and capture it; the capture's path and the profile id."""
    from firmware_sim.storage import DirStorage
    from handheld.save import open_saves
    from handheld.ui.settings import Settings

    data = tmp_path / "data"
    saves = open_saves(DirStorage(data)).saves
    profile = saves.create_profile("Player").id
    Settings(panel_scale=scale).save(saves, profile)
    saves.close()
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "CI")}
    env.update(DISPLAY=xvfb, SDL_AUDIODRIVER="dummy", HANDHELD_DATA=str(data),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    shot = tmp_path / "window.png"
    r = subprocess.run([sys.executable, "-m", "handheld", "--board", "sim", "--frames", "3",
                        "--window-screenshot", str(shot)], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return shot, profile


def test_the_window_takes_the_scale_chosen_in_the_settings(xvfb: str, tmp_path: Path) -> None:
    shot, _ = window_with_saved_scale(xvfb, tmp_path, 3)
    assert pygame.image.load(str(shot)).get_size() == (720, 480)


def test_a_saved_scale_too_big_for_the_screen_falls_back(xvfb: str, tmp_path: Path) -> None:
    """Xvfb's screen is 800x600: a 4x window (960x640) cannot be shown, so the window is
    the largest that fits (3x), and the saved choice is left for a bigger screen."""
    from firmware_sim.storage import DirStorage
    from handheld.save import open_saves
    from handheld.ui.settings import Settings

    shot, profile = window_with_saved_scale(xvfb, tmp_path, 4)
    assert pygame.image.load(str(shot)).get_size() == (720, 480)
    saves = open_saves(DirStorage(tmp_path / "data")).saves
    assert Settings.load(saves, profile).panel_scale == 4
    saves.close()
