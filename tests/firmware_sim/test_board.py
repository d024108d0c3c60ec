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
    ("kind = 'toaster'", r'^board config .*: kind: expected one of auto, sim, pi, headless, '
                         r'got "toaster"$'),
    ("kind = 5", r"kind: expected one of auto, sim, pi, headless, got 5$"),
    ("[display]\npanel = 'huge'", r'\[display\] panel: expected WIDTHxHEIGHT .*got "huge"'),
    ("[display]\npanel = '99999x320'", r"\[display\] panel: expected WIDTHxHEIGHT with sides"),
    ("[display]\nrotation = 45", r"\[display\] rotation: expected 0, 90, 180 or 270, got 45"),
    ("[display]\nrotation = 90.0", r"\[display\] rotation: expected 0, 90, 180 or 270"),
    ("[display]\nbacklight = '../../etc'", r"\[display\] backlight: expected a device name"),
    ("[display]\nsize = '480x320'", r'\[display\]: unknown key\(s\) "size"'),
    ("display = 3", r"\[display\]: expected a table, got 3"),
    ("[buttons]\npins = { A = 5 }", r"\[buttons\] pins: GPIO5 is given to both"),
    ("[buttons]\npins = { JUMP = 4 }", r"\[buttons\] pins.JUMP: unknown button 'JUMP'"),
    ("[buttons]\npins = { A = 99 }", r"\[buttons\] pins.A: expected a whole number 0-27"),
    ("[buttons]\npins = { A = true }", r"\[buttons\] pins.A: expected a whole number 0-27, "
                                     "got true"),
    ("[buttons]\npins = [5, 6]", r"\[buttons\] pins: expected a table"),
    ("[buttons]\npins = { a = 17, A = 27 }", r"\[buttons\] pins.A: A is given more than once"),
    ("[keys]\nspace = 'A'\nSpace = 'B'", r"\[keys\] Space: this key is given more than once"),
    ("[buttons]\nactive_low = 'no'", r'\[buttons\] active_low: expected true or false, '
                                     r'got "no"'),
    ("[buttons]\nactive_low = 0", r"\[buttons\] active_low: expected true or false, got 0"),
    ("[buttons]\nhold_ms = '500'", r'\[buttons\] hold_ms: expected a number .*got "500"'),
    ("[buttons]\nhold_ms = nan", r"\[buttons\] hold_ms: expected a number 1-60000, got nan"),
    ("[buttons]\ndebounce_ms = -1", r"\[buttons\] debounce_ms: expected a number 0-1000"),
    ("[buttons]\nrepeat_rate_ms = 0", r"\[buttons\] repeat_rate_ms: expected a number 10-"),
    ("[buttons]\ncombo_ms = inf", r"\[buttons\] combo_ms: expected a number 1-60000, got inf"),
    ("keys = 5", r"\[keys\]: expected a table, got 5"),
    ("[keys]\nspace = 1", r"\[keys\] space: expected a button name, got 1"),
    ("[keys]\nspace = 'JUMP'", r"\[keys\] space: unknown button 'JUMP'"),
    ("[power]\nbattery = 'nuclear'", r'\[power\] battery: expected one of auto, sim, sysfs, '
                                     r'mains, got "nuclear"'),
    ("[power]\nlow = 3\ncritical = 5", "critical < low"),
    ("[power]\nlow = 1e308", r"\[power\] low: expected a number 0-100, got 1e\+308"),
    ("[power]\npoll_frames = 0", r"\[power\] poll_frames: expected a whole number 1-3600, "
                                 "got 0"),
    ("[power]\npoll_frames = 2.5", r"\[power\] poll_frames: expected a whole number"),
    ("[power]\nshutdown_command = 'poweroff'", r'\[power\] shutdown_command: expected an '
                                               r'array of strings.*got "poweroff"'),
    ("[power]\nshutdown_command = ['sudo', 5]", r"\[power\] shutdown_command: word 2: "
                                                "expected a non-empty string, got 5"),
    ("[power]\nshutdown_command = ['sudo', '']", r"shutdown_command: word 2: expected a "
                                                 "non-empty string of 1-4096 characters"),
    ("[power]\ndevice = 'a/../../b'", r"\[power\] device: expected a device name"),
    ("[camera]\nsource = ['v4l2:0']", r"\[camera\] source: expected a camera spec, "
                                      "got an array"),
    ("[storage]\ndata_dir = 7", r"\[storage\] data_dir: expected a folder path, got 7"),
    ("[storage]\ndata_dir = 1979-05-27", r"\[storage\] data_dir: expected a folder path, "
                                         "got a date"),
    ("[link]\nport = 70000", r"\[link\] port: expected a whole number 1-65535, got 70000"),
    ("[link]\nport = 0", r"\[link\] port: expected a whole number 1-65535, got 0"),
    ("[link]\nport = '47115'", r'\[link\] port: expected a whole number 1-65535, '
                               r'got "47115"'),
    ("[link]\nport = " + "9" * 5000, "not valid TOML"),
    ("[sound]\nvolume = 3", r'unknown key\(s\) or section\(s\) "sound"'),
    ("[buttons.deep.deeper]\nx = 1", r'\[buttons\]: unknown key\(s\) "deep"'),
    ("kind = ", "not valid TOML: Invalid value"),
    ("x = " + "[" * 5000 + "]" * 5000, "nested too deeply|not valid TOML"),
])
def test_bad_config_files_name_the_problem(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "board.toml"
    path.write_text(text)
    with pytest.raises(BoardConfigError, match=message):
        load_config(path)


def test_config_files_that_are_not_small_utf8_regular_files_are_refused(
        tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)  # opening it for reading would wait for a writer forever
    with pytest.raises(BoardConfigError, match="is not a regular file"):
        load_config(fifo)
    with pytest.raises(BoardConfigError, match="is not a regular file"):
        load_config(tmp_path)
    big = tmp_path / "big.toml"
    big.write_text("# padding\n" * 10_000)
    with pytest.raises(BoardConfigError, match="larger than 65536 bytes"):
        load_config(big)
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b"[camera]\nsource = 'dir:/caf\xe9'\n")
    with pytest.raises(BoardConfigError, match="not UTF-8 text"):
        load_config(latin)
    dotted = tmp_path / "dotted.toml"
    dotted.write_text("a" + ".a" * 20_000 + " = 1\n")  # tomllib needs seconds for this
    with pytest.raises(BoardConfigError, match="line 1: more than 64 dots"):
        load_config(dotted)
    empty = tmp_path / "empty.toml"
    empty.write_text("")
    assert load_config(empty) == config_from_dict({}, source=str(empty))


def test_dots_in_strings_and_comments_do_not_count_as_nesting(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    path.write_text('[camera] # ' + "." * 200 + '\nsource = "file:' + "." * 200
                    + '.mp4"\n[power]\nlow = 15.5\n')
    cfg = load_config(path)
    assert cfg.camera == "file:" + "." * 200 + ".mp4" and cfg.thresholds.low == 15.5


def test_an_empty_config_variable_means_the_usual_file(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HANDHELD_BOARD_CONFIG", "")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert load_config().source == "built-in defaults"
    (tmp_path / "pocket-tcg").mkdir()
    (tmp_path / "pocket-tcg" / "board.toml").write_text("[link]\nport = 5000\n")
    assert load_config().link_port == 5000


def test_a_config_home_that_cannot_be_expanded_means_no_file(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HANDHELD_BOARD_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", "~no-such-user-here/config")
    assert load_config().source == "built-in defaults"


def test_values_keep_the_types_the_board_uses() -> None:
    cfg = config_from_dict({"power": {"shutdown_command": ["sudo", "-n", "poweroff"],
                                      "low": 20, "poll_frames": 15},
                            "buttons": {"hold_ms": 600, "active_low": False},
                            "keys": {"space": "a"}})
    assert cfg.shutdown_command == ("sudo", "-n", "poweroff")
    assert type(cfg.thresholds.low) is float and cfg.thresholds.low == 20.0
    assert type(cfg.timing.hold_ms) is float and cfg.active_low is False
    assert cfg.power_poll_frames == 15 and cfg.keys == {"space": "A"}
    assert config_from_dict({"power": {"shutdown_command": []}}).shutdown_command == ()


def test_a_desktop_and_a_headless_board_run_on_mains_unless_a_battery_is_configured(
        tmp_path: Path) -> None:
    from firmware_sim.power import MainsPower

    for kind in ("headless", "sim"):
        board = make_board(kind, config_from_dict({}), data_dir=tmp_path)
        try:
            assert isinstance(board.battery, MainsPower), kind
            assert "battery: mains" in "\n".join(board.describe())
            # Six hours on a desktop: never a warning, never a battery shutdown.
            for _ in range(6 * 60 * 2):
                assert board.power.update() == []
            assert board.tick().shutdown is None
            assert board.power_state is None  # no battery to show on the screen
        finally:
            board.close()
    board = make_board("headless", config_from_dict({"power": {"battery": "sim"}}),
                       data_dir=tmp_path)
    assert isinstance(board.battery, SimBattery)
    board.tick()
    assert board.power_state is not None and board.power_state.percent > 50


def test_an_unknown_key_name_is_a_config_error_when_the_keyboard_is_made(
        tmp_path: Path) -> None:
    with pytest.raises(BoardConfigError, match=r"\[keys\] unknown key name 'spacebarx'"):
        make_board("sim", config_from_dict({"keys": {"spacebarx": "A"}}), data_dir=tmp_path)


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


@pytest.mark.parametrize("args", [
    ["battery", "--simulate", "inf"], ["battery", "--simulate", "1e12"],
    ["battery", "--simulate", "-5"], ["battery", "--simulate", "nan"],
    ["battery", "--simulate", "1e308"], ["battery", "--simulate", "9" * 5000],
    ["battery", "--simulate"], ["battery", "--simulate", "ten"],
    ["battery", "--critical-at", "-1"], ["battery", "--critical-at", "0"],
    ["battery", "--critical-at", "9" * 5000], ["battery", "--critical-at", "1.5"],
    ["battery", "--start", "101"], ["battery", "--start", "-1"], ["battery", "--start", "inf"],
    ["buttons", "--seconds", "nan"], ["buttons", "--seconds", "-1"],
    ["buttons", "--seconds", "0"], ["buttons", "--seconds", "1e308"],
    ["buttons", "--script", "A@100-" + "9" * 400], ["buttons", "--script", "A@100-99999999"],
    ["buttons", "--script", "JUMP@1-5"], ["buttons", "--script", "A@5-1"],
    ["buttons", "--script", "garbage"], ["buttons", "--script", "A@1-2," * 5000],
    ["config", "--kind", "toaster"],
    ["--config", "/nonexistent/board.toml", "panels"], ["--config", "/dev/null/x", "config"],
    ["--config", "/", "config"], ["nothing"], [],
])
def test_cli_errors_are_one_line_with_a_usage_exit(args: list[str]) -> None:
    r = cli(*args)
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_cli_gpio_off_a_pi_is_one_line_and_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    r = cli("buttons", "--gpio", "--seconds", "1")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr.startswith("error: no GPIO pin driver here"), r.stderr


def test_cli_config_errors_name_the_key(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    path.write_text("[buttons]\nactive_low = 'no'\n")
    r = cli("--config", str(path), "config")
    assert r.returncode == 2 and r.stderr.strip() == \
        f'error: board config {path}: [buttons] active_low: expected true or false, got "no"'


def test_cli_battery_without_a_battery_is_mains_and_a_short_pipe_is_quiet() -> None:
    r = cli("battery")
    assert r.returncode == 0 and r.stdout.startswith("battery: mains power")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    for args in (["panels"], ["buttons", "--script", "A@100-900", "--raw"]):
        # The reader is gone before the command writes (like `| head -1` closing early).
        proc = subprocess.Popen([sys.executable, "-m", "firmware_sim", *args], cwd=ROOT,
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()
        err = proc.stderr.read().decode()
        assert proc.wait(timeout=60) == 0 and err == "", err


def test_the_game_prints_a_config_error_as_one_line(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    for text, message in (("[link]\nport = 70000\n", "[link] port: expected a whole number"),
                          ("[keys]\nspacebarx = 'A'\n", "[keys] unknown key name")):
        path.write_text(text)
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "HANDHELD_BOARD_CONFIG": str(path), "HANDHELD_DATA": str(tmp_path)}
        r = subprocess.run([sys.executable, "-m", "handheld", "--board", "sim", "--frames",
                            "2"], cwd=ROOT, env=env, capture_output=True, text=True,
                           timeout=120)
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"error: board config {path}: {message}")


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
