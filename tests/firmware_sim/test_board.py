"""The board: its description (TOML), which kind is chosen, and what a frame does (sleep,
wake, shutdown requests, critical battery); the command line."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from firmware_sim.board import (
    Board,
    BoardConfigError,
    config_from_dict,
    detect_kind,
    load_config,
    make_board,
)
from firmware_sim.buttons import Button
from firmware_sim.power import BatteryScript, SimBattery

ROOT = Path(__file__).resolve().parents[2]


def test_a_full_config_file(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    path.write_text("""
kind = "pi"
[display]
panel = "320x480"
rotation = 90
backlight = "10-0045"
[buttons]
debounce_ms = 8
hold_ms = 600
pins = { A = 17, B = 27 }
[keys]
space = "A"
[power]
battery = "sysfs"
device = "ups"
low = 20
critical = 7
[camera]
source = "v4l2:0"
[storage]
data_dir = "/srv/saves"
[link]
port = 50000
""")
    cfg = load_config(path)
    assert cfg.kind == "pi" and cfg.panel.rotation == 90 and cfg.panel.width == 320
    assert cfg.timing.debounce_ms == 8 and cfg.timing.hold_ms == 600
    assert cfg.pins[Button.A] == 17 and cfg.pins[Button.UP] == 5
    assert cfg.thresholds.low == 20 and cfg.battery_device == "ups"
    assert cfg.camera == "v4l2:0" and cfg.data_dir == "/srv/saves" and cfg.link_port == 50000
    assert cfg.source == str(path)


@pytest.mark.parametrize(("text", "message"), [
    ("kind = 'toaster'", "kind must be one of"),
    ("[display]\npanel = 'huge'", "expected WIDTHxHEIGHT"),
    ("[display]\nsize = '480x320'", r"unknown key\(s\) in \[display\]: size"),
    ("[buttons]\npins = { A = 5 }", "GPIO5 is given to both"),
    ("[buttons]\npins = { JUMP = 4 }", "unknown button 'JUMP'"),
    ("[power]\nbattery = 'nuclear'", "power.battery must be"),
    ("[power]\nlow = 3\ncritical = 5", "critical < low"),
    ("[sound]\nvolume = 3", r"unknown section\(s\) sound"),
    ("kind = ", "Invalid value"),
])
def test_bad_config_files_name_the_problem(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "board.toml"
    path.write_text(text)
    with pytest.raises(BoardConfigError, match=message):
        load_config(path)


def test_missing_config_is_the_defaults_unless_asked_for(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.delenv("HANDHELD_BOARD_CONFIG", raising=False)
    assert load_config().source == "built-in defaults"
    with pytest.raises(BoardConfigError, match="does not exist"):
        load_config(tmp_path / "nope.toml")


def test_kind_detection(tmp_path: Path) -> None:
    model = tmp_path / "model"
    model.write_text("Raspberry Pi 4 Model B Rev 1.5\x00")
    none = tmp_path / "absent"
    assert detect_kind(env={}, model_file=model) == "pi"
    assert detect_kind(env={"DISPLAY": ":0"}, model_file=none) == "sim"
    assert detect_kind(env={}, model_file=none) == "headless"
    assert detect_kind(env={"DISPLAY": ":0", "CI": "true"}, model_file=none) == "headless"
    assert detect_kind(env={"HANDHELD_BOARD": "pi"}, model_file=none) == "pi"
    cfg = config_from_dict({"kind": "sim"})
    assert detect_kind(cfg, env={}, model_file=model) == "sim"
    with pytest.raises(BoardConfigError, match="HANDHELD_BOARD='gpu'"):
        detect_kind(env={"HANDHELD_BOARD": "gpu"}, model_file=none)


def headless_board(**power: object) -> Board:
    board = make_board("headless", config_from_dict({"power": {"poll_frames": 1, **power}}))
    board.battery = SimBattery(60.0, noise_volts=0.0)
    board.power.source = board.battery
    return board


def test_power_short_press_sleeps_pausing_the_game_clock() -> None:
    board = headless_board()
    board.input.script("POWER@100-250, A@1000-1100, POWER@2000-2100, A@3000-3100")
    seen_a = []
    slept_frames = 0
    for _ in range(240):  # four seconds of frames
        tick = board.tick()
        slept_frames += tick.asleep
        seen_a += [e for e in tick.buttons if e.button is Button.A]
    assert slept_frames > 100
    # The A pressed while asleep never reached the game; the one after waking did.
    assert [e.kind for e in seen_a] == ["press", "release"] and seen_a[0].t_ms > 3000
    # The game clock lost the time spent asleep (about 1.8 s).
    assert 1700 < board.clock.now_ms() - board.game_clock.now_ms() < 1900
    assert board.display.backlight.level == 1.0 and not board.asleep


def test_power_held_asks_for_a_safe_shutdown() -> None:
    board = headless_board()
    board.input.script("POWER@100-2600")
    shutdown = [board.tick().shutdown for _ in range(200)]
    assert shutdown[100] is None and shutdown[-1] == "button"
    assert 120 <= shutdown.index("button") <= 130  # 2 s after the press, at 60 Hz


def test_critical_battery_asks_for_shutdown_with_its_reason() -> None:
    board = headless_board()
    board.battery.script = [BatteryScript(300, 2.0)]
    reasons = [board.tick().shutdown for _ in range(400)]
    assert reasons[250] is None
    first = next(i for i, r in enumerate(reasons) if r)
    assert reasons[first] == "critical battery" and 300 <= first <= 310


def test_menu_combo_reaches_the_game_and_power_does_not() -> None:
    board = headless_board()
    board.input.script("START+SELECT@100-900, POWER@1200-1300")
    events = [e for _ in range(120) for e in board.tick().buttons]
    assert any(e.kind == "combo" and e.combo == "menu" for e in events)
    assert not any(e.button is Button.POWER or e.combo == "sleep" for e in events)


def test_headless_board_describes_itself() -> None:
    board = make_board("headless", config_from_dict({}))
    text = "\n".join(board.describe())
    assert "board: headless" in text and "display: headless 480x320" in text
    assert "storage: sim storage" in text or "storage: dir storage" in text


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "firmware_sim", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


def test_cli_help_config_panels_battery_and_scripted_buttons() -> None:
    r = cli("--help")
    assert r.returncode == 0 and "buttons" in r.stdout and "battery" in r.stdout
    r = cli("config")
    assert r.returncode == 0 and "GPIO pins" in r.stdout and "panel" in r.stdout
    r = cli("panels")
    assert r.returncode == 0 and "720x480            0     3" in r.stdout
    r = cli("buttons", "--script", "A@100-900,START+SELECT@1200-1900")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert sum("press   A" in line for line in lines) == 1  # bounce filtered
    assert any("hold    A" in line for line in lines)
    assert any("combo   menu" in line for line in lines)
    r = cli("battery", "--simulate", "1", "--start", "6", "--critical-at", "600")
    assert r.returncode == 0 and "CRITICAL" in r.stdout and "saves the suspended match" in \
        r.stdout
    r = cli("buttons")
    assert r.returncode == 2 and "needs a terminal" in r.stderr
    r = cli("--config", "/nonexistent/board.toml", "config")
    assert r.returncode == 2 and "does not exist" in r.stderr


def test_the_documented_config_example_is_valid_and_shows_the_defaults() -> None:
    text = (ROOT / "docs" / "HARDWARE.md").read_text(encoding="utf-8")
    example = text.split("```toml\n", 1)[1].split("```", 1)[0]
    cfg = config_from_dict(tomllib.loads(example))
    defaults = config_from_dict({})
    assert cfg.kind == "pi"
    for name in ("panel", "timing", "pins", "active_low", "battery", "thresholds",
                 "power_poll_frames", "camera", "link_port", "shutdown_command"):
        assert getattr(cfg, name) == getattr(defaults, name), name


# ------------------------------------------------------------------ the camera


def test_a_headless_board_has_no_camera_unless_configured(tmp_path: Path) -> None:
    from firmware_sim.camera import CameraUnavailable

    board = make_board("headless", config_from_dict({}), data_dir=tmp_path)
    with pytest.raises(CameraUnavailable, match="headless board has no camera"):
        board.open_camera()


def test_a_configured_sim_camera_films_on_the_board_clock(tmp_path: Path) -> None:
    import cv2
    import numpy as np

    clip = tmp_path / "clip"
    clip.mkdir()
    for i in range(3):
        cv2.imwrite(str(clip / f"{i}.png"), np.full((48, 64, 3), 40 * (i + 1), np.uint8))
    board = make_board("headless", config_from_dict({"camera": {"source": f"sim:{clip}@15"}}),
                       data_dir=tmp_path)
    with board.open_camera() as camera:
        first = camera.read()
        assert first is not None and int(first[0, 0, 0]) == 40
        assert camera.read() is None  # no time has passed on the board's clock
        for _ in range(4):  # 4 frames at 60 Hz = one frame at 15 fps
            board.tick()
        second = camera.read()
        assert second is not None and int(second[0, 0, 0]) == 80


def test_auto_camera_on_a_desktop_takes_the_first_video_device(tmp_path: Path) -> None:
    from firmware_sim.camera import CameraUnavailable

    board = make_board("headless", config_from_dict({}), data_dir=tmp_path)
    board.kind = "sim"  # a desktop's choice, without opening a window
    with pytest.raises(CameraUnavailable, match="no camera found"):
        board.camera_spec(video_dir=tmp_path)
    (tmp_path / "video2").touch()
    (tmp_path / "video10").touch()
    assert board.camera_spec(video_dir=tmp_path) == f"v4l2:{tmp_path / 'video2'}"
