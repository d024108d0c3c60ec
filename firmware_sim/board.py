"""The board: one object that holds the handheld's hardware, chosen by a description.

Three kinds of board share every interface:

* ``sim``: a desktop. A window, the keyboard and gamepads, mains power (a simulated
  battery only when the config asks for one), saves in the user's data directory. The
  default where there is a display.
* ``pi``: a Raspberry Pi handheld (detected from ``/proc/device-tree/model``, or forced).
  KMSDRM fullscreen (or a window under a desktop session), GPIO buttons plus any USB
  keyboard or gamepad, the battery from ``/sys/class/power_supply`` when a UPS HAT or fuel
  gauge reports it, the backlight from ``/sys/class/backlight``.
* ``headless``: CI and the headless demo. No window, scripted simulated buttons, mains
  power unless the config asks for a simulated battery, saves in a temporary directory
  unless ``HANDHELD_DATA`` is set.

The kind comes from, in order: the ``kind`` argument, ``HANDHELD_BOARD``, the config
file's ``kind``, then detection. The config file (TOML, read strictly by
:mod:`firmware_sim.config`) is ``HANDHELD_BOARD_CONFIG`` or
``~/.config/pocket-tcg/board.toml``; every key is optional (docs/HARDWARE.md lists them).

:meth:`Board.tick` is called once per frame by the game loop. It turns POWER's short
press into sleep and wake (the display goes dark and the game clock stops), POWER held
into a safe-shutdown request, and a critical battery into a shutdown request *with a
reason the game must act on first* (save the suspended match).
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .buttons import Button, ButtonEvent, Buttons, RawEdge, SimButtons
from .clock import Clock, FakeClock, MonotonicClock, PausableClock
from .config import (  # re-exported: the board's description lives in .config
    CONFIG_ENV,
    KINDS,
    MAX_CONFIG_BYTES,
    SCHEMA,
    BoardConfig,
    BoardConfigError,
    config_from_dict,
    config_path,
    load_config,
)
from .display import HeadlessDisplay
from .power import (
    MainsPower,
    PowerEvent,
    PowerMonitor,
    PowerState,
    SimBattery,
    SysfsBattery,
)
from .storage import DirStorage, SimStorage

if TYPE_CHECKING:  # the camera module needs OpenCV: loaded only when a camera is opened
    from .camera import FrameSource

__all__ = ["CONFIG_ENV", "KINDS", "MAX_CONFIG_BYTES", "SCHEMA", "Board", "BoardConfig",
           "BoardConfigError", "Tick", "config_from_dict", "config_path", "detect_kind",
           "has_display", "is_raspberry_pi", "load_config", "make_board"]

BOARD_ENV = "HANDHELD_BOARD"
FRAME_MS = 1000.0 / 60.0
MODEL_FILE = Path("/proc/device-tree/model")


def is_raspberry_pi(model_file: Path = MODEL_FILE) -> bool:
    try:
        return "raspberry pi" in model_file.read_text(errors="replace").lower()
    except OSError:
        return False


def has_display(env: Mapping[str, str] | None = None) -> bool:
    env = os.environ if env is None else env
    if env.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return False
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def detect_kind(config: BoardConfig | None = None, env: Mapping[str, str] | None = None,
                model_file: Path = MODEL_FILE) -> str:
    env = os.environ if env is None else env
    forced = env.get(BOARD_ENV)
    if forced:
        if forced not in KINDS:
            raise BoardConfigError(f"{BOARD_ENV}={forced!r}: expected one of {', '.join(KINDS)}")
        return forced
    if config is not None and config.kind != "auto":
        return config.kind
    if is_raspberry_pi(model_file):
        return "pi"
    if env.get("CI") or not has_display(env):
        return "headless"
    return "sim"


# ------------------------------------------------------------------------ the board


class MultiSource:
    """Several input sources at once (GPIO pins and a USB keyboard on a Pi)."""

    def __init__(self, sources: list[Any]) -> None:
        self.sources = sources

    def poll(self, now_ms: float) -> list[RawEdge]:
        edges = [e for s in self.sources for e in s.poll(now_ms)]
        edges.sort(key=lambda e: e.t_ms)
        return edges

    def close(self) -> None:
        for s in self.sources:
            s.close()

    @property
    def quit_requested(self) -> bool:
        return any(getattr(s, "quit_requested", False) for s in self.sources)


@dataclass(frozen=True)
class Tick:
    """What one frame of the board produced for the game."""

    frame: int
    now_ms: float
    buttons: list[ButtonEvent]  # for the game (nothing while asleep)
    power: list[PowerEvent]
    asleep: bool
    shutdown: str | None  # why a shutdown is asked for: "button", "critical battery", "window"


class Board:
    def __init__(self, kind: str, config: BoardConfig, *, clock: Clock, input_source: Any,
                 display: Any, battery: Any, storage: DirStorage, notes: list[str]) -> None:
        self.kind = kind
        self.config = config
        self.clock = clock
        self.game_clock = PausableClock(clock)
        self.input = input_source
        self.buttons = Buttons(input_source, config.timing)
        self.display = display
        self.battery = battery
        self.power = PowerMonitor(battery, config.thresholds)
        self.storage = storage
        self.notes = notes  # what was chosen and why (shown by `python -m firmware_sim`)
        self.frame = 0
        self.asleep = False
        self.shutdown: str | None = None
        # Tests and tools may hand the board a camera of their own (a FrameSource factory).
        self.camera_factory: Callable[[], FrameSource] | None = None

    # ---------------------------------------------------------------- per frame

    def tick(self) -> Tick:
        self.frame += 1
        if isinstance(self.clock, FakeClock):
            self.clock.advance(FRAME_MS)
        now = self.clock.now_ms()
        if isinstance(self.battery, SimBattery):
            self.battery.load = 0.1 if self.asleep else 1.0
            self.battery.tick()
        events = self.buttons.events(now)
        for e in events:
            if e.kind == "combo" and e.combo == "sleep":
                self.wake() if self.asleep else self.sleep()
            elif e.kind == "combo" and e.combo == "shutdown":
                self.shutdown = self.shutdown or "button"
        if getattr(self.input, "quit_requested", False):
            self.shutdown = self.shutdown or "window"
        power: list[PowerEvent] = []
        if self.frame % max(1, self.config.power_poll_frames) == 1 or \
                self.config.power_poll_frames <= 1:
            power = self.power.update()
            if any(p.kind == "critical" for p in power):
                self.shutdown = "critical battery"
        # The game sees the ten game buttons and the menu combo; POWER is the board's.
        game_events = [] if self.asleep else [
            e for e in events
            if (e.button is not Button.POWER and e.kind != "combo") or e.combo == "menu"]
        return Tick(self.frame, now, game_events, power, self.asleep, self.shutdown)

    def sleep(self) -> None:
        if not self.asleep:
            self.asleep = True
            self.game_clock.pause()
            self.display.sleep()

    def wake(self) -> None:
        if self.asleep:
            self.asleep = False
            self.game_clock.resume()
            self.display.wake()

    @property
    def power_state(self) -> PowerState | None:
        """The battery for the screen: None before its first reading, and on mains (there
        is no battery to show)."""
        if isinstance(self.power.source, MainsPower):
            return None
        return self.power.state

    def camera_spec(self, video_dir: Path = Path("/dev")) -> str:
        """The camera spec this board uses: the config's, or for ``auto`` the usual camera
        of its kind (raises :class:`CameraUnavailable` saying why there is none)."""
        from .camera import CameraUnavailable

        spec = self.config.camera.strip()
        if spec.casefold() != "auto":
            return spec
        if self.kind == "headless":
            raise CameraUnavailable(
                "auto", "a headless board has no camera",
                "set [camera] source in board.toml, for example 'sim:cards/@15'")
        if self.kind == "pi" and importlib.util.find_spec("picamera2") is not None:
            return "picamera2"
        devices = sorted(video_dir.glob("video[0-9]*"), key=lambda p: int(p.name[5:]))
        if devices:
            return f"v4l2:{devices[0]}"
        raise CameraUnavailable(
            "auto", f"no camera found (nothing at {video_dir}/video*)",
            "plug in a USB webcam, or set [camera] source in board.toml")

    def open_camera(self) -> FrameSource:
        """The board's camera, opened (raises :class:`CameraUnavailable` with the reason).
        A recorded source (``file:``, ``dir:``, ``sim:``) plays once at its frame rate on
        the board's clock, as a camera would film it, so a headless board films in step and
        a clip's cards are counted once (see :func:`firmware_sim.camera.open_camera`)."""
        from .camera import open_camera

        if self.camera_factory is not None:
            return self.camera_factory()
        return open_camera(self.camera_spec(), self.clock, once=True)

    def present(self, frame: Any) -> None:
        self.display.present(frame)

    def power_off(self) -> list[str]:
        """The safe shutdown, once the game has saved: on a Pi the shutdown command (the
        files are synced first); elsewhere nothing more than closing."""
        self.close()
        if self.kind == "pi" and self.config.shutdown_command:
            import subprocess

            os.sync()
            subprocess.run(list(self.config.shutdown_command), check=False)
            return list(self.config.shutdown_command)
        return []

    def close(self) -> None:
        self.buttons.close()
        self.display.close()

    def describe(self) -> list[str]:
        return [f"board: {self.kind} (config: {self.config.source})", *self.notes]


def make_board(kind: str | None = None, config: BoardConfig | None = None, *,
               clock: Clock | None = None, data_dir: Path | str | None = None,
               model_file: Path = MODEL_FILE) -> Board:
    """The board for this machine (see the module text for how the kind is chosen)."""
    config = config or load_config()
    kind = kind or detect_kind(config, model_file=model_file)
    if kind not in KINDS:
        raise BoardConfigError(f"board kind must be one of {', '.join(KINDS)}, not {kind!r}")
    notes: list[str] = []
    data = data_dir or config.data_dir
    if kind == "headless":
        clock = clock or FakeClock()
        storage: DirStorage = DirStorage(data) if data or os.environ.get("HANDHELD_DATA") \
            else SimStorage()
        display: Any = HeadlessDisplay(config.panel)
        source: Any = SimButtons()
        battery: Any = _battery(config, "mains", notes)
        notes.append("input: scripted simulated buttons (SimButtons)")
    else:
        clock = clock or MonotonicClock()
        storage = DirStorage(data)
        from .keyboard import PygameInput, parse_key_map

        try:
            keys = parse_key_map(config.keys) if config.keys else None
        except ValueError as exc:
            raise BoardConfigError(f"board config {config.source}: [keys] {exc}") from None
        sources: list[Any] = []
        if kind == "pi":
            from .gpio import GpioButtons, GpioUnavailable

            try:
                sources.append(GpioButtons(config.pins, active_low=config.active_low,
                                           clock=clock))
                notes.append("input: GPIO buttons " + ", ".join(
                    f"{b.value}=GPIO{p}" for b, p in config.pins.items()))
            except GpioUnavailable as exc:
                notes.append(f"input: no GPIO ({exc})")
            display = _pi_display(config, notes)
        else:
            from .display import WindowDisplay

            display = WindowDisplay(config.panel)
        sources.append(PygameInput(keys, clock=clock))
        notes.append("input: keyboard and gamepads (pygame)")
        source = MultiSource(sources)
        # A desktop runs on mains: a simulated battery only when the config asks for one.
        battery = _battery(config, "sysfs" if kind == "pi" else "mains", notes)
    notes.append(f"display: {display.describe()}")
    notes.append(f"storage: {storage.describe()}")
    return Board(kind, config, clock=clock, input_source=source, display=display,
                 battery=battery, storage=storage, notes=notes)


def _pi_display(config: BoardConfig, notes: list[str]) -> Any:
    from .display import KmsdrmDisplay, SysfsBacklight, WindowDisplay

    try:
        backlight: Any = SysfsBacklight(name=config.backlight)
    except (OSError, ValueError) as exc:
        notes.append(f"backlight: not adjustable ({exc})")
        backlight = None
    if has_display():
        return WindowDisplay(config.panel, backlight)
    try:
        return KmsdrmDisplay(config.panel, backlight)
    except Exception as exc:  # pygame.error: no DRM device, or no permission to it
        notes.append(f"display: KMSDRM failed ({exc}); is the user in the video and render "
                     "groups, and is nothing else holding the display? Running headless.")
        return HeadlessDisplay(config.panel, backlight)


def _battery(config: BoardConfig, default: str, notes: list[str]) -> Any:
    choice = default if config.battery == "auto" else config.battery
    if choice == "sysfs":
        try:
            b: Any = SysfsBattery(name=config.battery_device)
            notes.append(f"battery: {b.device}")
            return b
        except (OSError, FileNotFoundError) as exc:
            if config.battery == "sysfs":
                raise BoardConfigError(f"board config {config.source}: [power] battery = "
                                       f"\"sysfs\": {exc}") from None
            notes.append(f"battery: mains ({exc})")
            return MainsPower()
    if choice == "mains":
        notes.append("battery: mains (never low)")
        return MainsPower()
    notes.append("battery: simulated (drains with use; [power] battery = \"sim\")")
    return SimBattery()
