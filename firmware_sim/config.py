"""The board config: the TOML file that describes a handheld's hardware, read strictly.

The file is ``HANDHELD_BOARD_CONFIG`` (an empty value means unset) or
``$XDG_CONFIG_HOME/pocket-tcg/board.toml`` (``~/.config`` by default); every key is optional
(docs/HARDWARE.md lists them). Each key is checked against :data:`SCHEMA`: its type, its
range or allowed values; unknown keys are refused, and nothing is converted behind the
writer's back (a string is never taken as a list, ``"no"`` never as true, 70000 never as a
port). The file itself is bounded: a regular file, UTF-8, at most 64 KiB, keys and arrays
not nested absurdly deep. Every fault is one :class:`BoardConfigError` naming the file and
the key, e.g. ``[buttons] active_low: expected true or false, got "no"``.
"""

from __future__ import annotations

import math
import os
import re
import stat
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .buttons import Button, InputTiming, parse_button
from .display import PanelConfig
from .gpio import DEFAULT_PINS, check_pin_map
from .power import PowerThresholds

KINDS = ("sim", "pi", "headless")
CONFIG_ENV = "HANDHELD_BOARD_CONFIG"


class BoardConfigError(ValueError):
    """The board config is unusable; the message names the file, the key and the fault."""


@dataclass(frozen=True)
class BoardConfig:
    kind: str = "auto"
    panel: PanelConfig = field(default_factory=PanelConfig)
    backlight: str | None = None  # a /sys/class/backlight device name (pi)
    timing: InputTiming = field(default_factory=InputTiming)
    pins: Mapping[Button, int] = field(default_factory=lambda: dict(DEFAULT_PINS))
    active_low: bool = True
    keys: Mapping[str, str] | None = None  # pygame key name -> button name
    battery: str = "auto"  # auto | sim | sysfs | mains
    battery_device: str | None = None
    thresholds: PowerThresholds = field(default_factory=PowerThresholds)
    power_poll_frames: int = 30
    camera: str = "auto"  # a camera spec (firmware_sim.camera), or auto
    data_dir: str | None = None
    link_port: int = 47115
    shutdown_command: tuple[str, ...] = ("systemctl", "poweroff")
    source: str = "built-in defaults"


def config_path() -> Path:
    """``HANDHELD_BOARD_CONFIG`` if set and not empty, else the user's config directory."""
    env = os.environ.get(CONFIG_ENV, "").strip()
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_CONFIG_HOME", "").strip()
    try:
        base = Path(xdg).expanduser() if xdg else Path.home() / ".config"
    except RuntimeError:  # no home directory to expand (a bare service account)
        base = Path("/nonexistent")
    return base / "pocket-tcg" / "board.toml"


def load_config(path: Path | str | None = None) -> BoardConfig:
    """The board description: the TOML file if there is one, else the defaults.

    A file that is named (``path`` or ``HANDHELD_BOARD_CONFIG``) must exist; any fault of
    the file -- not a regular file, too big, not UTF-8, not TOML, nested too deeply, a key
    of the wrong type or out of range -- raises :class:`BoardConfigError` naming it."""
    explicit = path is not None or bool(os.environ.get(CONFIG_ENV, "").strip())
    p = Path(path) if path is not None else config_path()
    text = _read_config_text(p, explicit)
    if text is None:
        return BoardConfig()
    try:
        _check_key_depth(text)
        data = tomllib.loads(text)
    except BoardConfigError as exc:
        raise BoardConfigError(f"{_named(p)}: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise BoardConfigError(f"{_named(p)}: not valid TOML: {exc}") from None
    except RecursionError:
        raise BoardConfigError(f"{_named(p)}: nested too deeply") from None
    except ValueError as exc:  # an integer of thousands of digits, and such
        raise BoardConfigError(f"{_named(p)}: not valid TOML: {_clip(str(exc))}") \
            from None
    try:
        return config_from_dict(data, source=str(p))
    except BoardConfigError as exc:
        raise BoardConfigError(f"{_named(p)}: {exc}") from None


def _read_config_text(path: Path, explicit: bool) -> str | None:
    """The file's text, or None when there is none and none was asked for. Only a regular
    file is opened (a FIFO would block the game's start), and no more than it may hold."""
    try:
        info = path.stat()
    except FileNotFoundError:
        if explicit:
            raise BoardConfigError(f"{_named(path)} does not exist") from None
        return None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        raise BoardConfigError(f"{_named(path)}: cannot be read ({_reason(exc)})") \
            from None
    if not stat.S_ISREG(info.st_mode):
        raise BoardConfigError(f"{_named(path)} is not a regular file")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # swapped since the stat
                raise BoardConfigError(f"{_named(path)} is not a regular file")
            raw = f.read(MAX_CONFIG_BYTES + 1)
    except OSError as exc:
        raise BoardConfigError(f"{_named(path)}: cannot be read ({_reason(exc)})") \
            from None
    if len(raw) > MAX_CONFIG_BYTES:
        raise BoardConfigError(f"{_named(path)} is larger than {MAX_CONFIG_BYTES} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BoardConfigError(f"{_named(path)}: not UTF-8 text (byte {exc.start})") \
            from None


def _check_key_depth(text: str) -> None:
    """Refuse a line whose key has more than :data:`MAX_KEY_PARTS` parts before the parser
    sees it: tomllib's work grows with the square of a dotted key's depth (a 64 KiB line of
    ``a.a.a...`` takes seconds). Dots inside strings and comments do not count. Nesting of
    arrays and tables is bounded by the parser's own recursion (caught by the caller)."""
    i, n, dots, line = 0, len(text), 0, 1
    while i < n:
        c = text[i]
        if c == "\n":
            dots, line = 0, line + 1
        elif c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif c in "\"'":
            quote = c * 3 if text.startswith(c * 3, i) else c
            i += len(quote)
            while i < n and not text.startswith(quote, i):
                if text[i] == "\\" and c == '"':
                    i += 1  # an escaped character, perhaps a quote
                elif text[i] == "\n":
                    line += 1
                i += 1
            i += len(quote)
            continue
        elif c == ".":
            dots += 1
            if dots > MAX_KEY_PARTS:
                raise BoardConfigError(f"line {line}: more than {MAX_KEY_PARTS} dots outside "
                                       "strings; nothing in a board config is nested so deep")
        i += 1


def _named(path: Path) -> str:
    return f"board config {_clip(str(path), 200)}"


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or _clip(str(exc))


# ------------------------------------------------------------------------ the schema
#
# Each key of the file has a checker: it returns the value as the board uses it or
# raises _Wrong with what was expected. Nothing is converted behind the reader's back
# (a string is never a list, "no" is never true, 70000 is never a port).

MAX_CONFIG_BYTES = 64 * 1024
MAX_TEXT = 4096  # a path or a command-line argument
MAX_NAME = 64  # a device or key name
MAX_KEYS = 64  # entries of the [keys] map
MAX_KEY_PARTS = 64  # dots on one line, outside strings and comments
MAX_ARGS = 32  # words of the shutdown command
MAX_PANEL_SIDE = 8192
_PLAIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:+-]*")
_PANEL = re.compile(r"([0-9]{1,5})x([0-9]{1,5})")
_NUMBER_TYPES = (int, float)


class _Wrong(Exception):
    """One value's fault; the caller adds where it was."""


def _clip(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def _show(value: object) -> str:
    """A hostile value, described briefly and safely (no repr of a deep structure)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + _clip(value.encode("unicode_escape").decode("ascii")) + '"' \
            + (f" ({len(value)} characters)" if len(value) > 60 else "")
    if isinstance(value, int):
        digits = len(str(abs(value))) if abs(value) < 10 ** 60 else None
        return str(value) if digits is not None else "an integer of more than 60 digits"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    return f"a {type(value).__name__}"  # TOML dates and times


def _text(value: object, what: str = "a string", limit: int = MAX_TEXT) -> str:
    if not isinstance(value, str):
        raise _Wrong(f"expected {what}, got {_show(value)}")
    if not value.strip() or "\x00" in value or len(value) > limit:
        raise _Wrong(f"expected {what} of 1-{limit} characters, got {_show(value)}")
    return value


def _choice(*allowed: str) -> Callable[[object], str]:
    def check(value: object) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise _Wrong(f"expected one of {', '.join(allowed)}, got {_show(value)}")
        return value
    return check


def _device_name(value: object) -> str:
    name = _text(value, "a device name", MAX_NAME)
    if not _PLAIN_NAME.fullmatch(name):
        raise _Wrong(f"expected a device name (letters, digits, _.:+-; no path), "
                     f"got {_show(value)}")
    return name


def _boolean(value: object) -> bool:
    if not isinstance(value, bool):
        raise _Wrong(f"expected true or false, got {_show(value)}")
    return value


def _integer(low: int, high: int) -> Callable[[object], int]:
    def check(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise _Wrong(f"expected a whole number {low}-{high}, got {_show(value)}")
        return value
    return check


def _number(low: float, high: float) -> Callable[[object], float]:
    def check(value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, _NUMBER_TYPES) or \
                not math.isfinite(value) or not low <= value <= high:
            raise _Wrong(f"expected a number {low:g}-{high:g}, got {_show(value)}")
        return float(value)
    return check


def _rotation(value: object) -> int:
    if isinstance(value, bool) or value not in (0, 90, 180, 270) or \
            not isinstance(value, int):
        raise _Wrong(f"expected 0, 90, 180 or 270, got {_show(value)}")
    return value


def _panel(value: object) -> tuple[int, int]:
    text = _text(value, "WIDTHxHEIGHT, e.g. 480x320", 16)
    match = _PANEL.fullmatch(text.strip().lower())
    if not match or not all(1 <= int(v) <= MAX_PANEL_SIDE for v in match.groups()):
        raise _Wrong(f"expected WIDTHxHEIGHT with sides 1-{MAX_PANEL_SIDE}, e.g. 480x320, "
                     f"got {_show(value)}")
    return int(match[1]), int(match[2])


def _command(value: object) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise _Wrong('expected an array of strings (the program and its arguments, e.g. '
                     f'["systemctl", "poweroff"]), got {_show(value)}')
    if len(value) > MAX_ARGS:
        raise _Wrong(f"expected at most {MAX_ARGS} words, got {len(value)}")
    words = []
    for i, word in enumerate(value):
        try:
            words.append(_text(word, "a non-empty string"))
        except _Wrong as exc:
            raise _Wrong(f"word {i + 1}: {exc}") from None
    return tuple(words)


TIMING_MS = {"debounce_ms": (0.0, 1000.0), "hold_ms": (1.0, 60000.0),
             "repeat_delay_ms": (1.0, 60000.0), "repeat_rate_ms": (10.0, 60000.0),
             "combo_ms": (1.0, 60000.0), "power_hold_ms": (1.0, 60000.0)}

# section ("" is the top level) -> key -> checker; "pins" and [keys] are maps, below.
SCHEMA: dict[str, dict[str, Callable[[object], Any]]] = {
    "": {"kind": _choice("auto", *KINDS)},
    "display": {"panel": _panel, "rotation": _rotation, "backlight": _device_name},
    "buttons": {**{k: _number(*r) for k, r in TIMING_MS.items()}, "active_low": _boolean,
                "pins": lambda v: v},
    "keys": {},
    "power": {"battery": _choice("auto", "sim", "sysfs", "mains"), "device": _device_name,
              "low": _number(0.0, 100.0), "critical": _number(0.0, 100.0),
              "poll_frames": _integer(1, 3600), "shutdown_command": _command},
    "camera": {"source": lambda v: _text(v, "a camera spec")},
    "storage": {"data_dir": lambda v: _text(v, "a folder path")},
    "link": {"port": _integer(1, 65535)},
}


def _section(data: Mapping[str, Any], name: str) -> dict[str, Any]:
    """A section's keys, checked against the schema (unknown keys refused)."""
    if name not in data:
        return {}
    table = data[name]
    if not isinstance(table, dict):
        raise BoardConfigError(f"[{name}]: expected a table, got {_show(table)}")
    unknown = sorted(str(k) for k in table if k not in SCHEMA[name])
    if unknown and name != "keys":
        raise BoardConfigError(
            f"[{name}]: unknown key(s) {', '.join(_show(k) for k in unknown[:5])} "
            f"(known: {', '.join(SCHEMA[name])})")
    out = {}
    for key, value in table.items():
        try:
            out[key] = SCHEMA[name][key](value) if name != "keys" else value
        except _Wrong as exc:
            raise BoardConfigError(f"[{name}] {key}: {exc}") from None
    return out


def _pins(value: object, defaults: Mapping[Button, int]) -> dict[Button, int]:
    if not isinstance(value, dict):
        raise BoardConfigError(f"[buttons] pins: expected a table of BUTTON = GPIO number, "
                               f"got {_show(value)}")
    pins = dict(defaults)
    named: set[Button] = set()
    for name, pin in value.items():
        try:
            button = parse_button(_text(name, "a button name", MAX_NAME))
            if button in named:  # "a" and "A": which one was meant?
                raise _Wrong(f"{button.value} is given more than once")
            named.add(button)
            pins[button] = _integer(0, 27)(pin)
        except (_Wrong, ValueError) as exc:
            raise BoardConfigError(f"[buttons] pins.{_clip(str(name), 30)}: {exc}") from None
    try:
        check_pin_map(pins)
    except ValueError as exc:
        raise BoardConfigError(f"[buttons] pins: {exc}") from None
    return pins


def _key_map(table: Mapping[str, object]) -> dict[str, str]:
    """[keys]: pygame key names -> button names (the key names are checked by the input
    backend when a board with a keyboard is made)."""
    if len(table) > MAX_KEYS:
        raise BoardConfigError(f"[keys]: expected at most {MAX_KEYS} keys, got {len(table)}")
    out: dict[str, str] = {}
    for key, button in table.items():
        try:
            _text(key, "a key name", MAX_NAME)
            if any(str(key).lower() == k.lower() for k in out):  # names ignore case
                raise _Wrong("this key is given more than once")
            out[key] = parse_button(_text(button, "a button name", MAX_NAME)).value
        except (_Wrong, ValueError) as exc:
            raise BoardConfigError(f"[keys] {_clip(str(key), 30)}: {exc}") from None
    return out


def config_from_dict(data: Mapping[str, Any], source: str = "a dict") -> BoardConfig:
    """A board description from parsed TOML (or a dict in tests), checked key by key.
    Raises :class:`BoardConfigError` naming the first wrong key."""
    if not isinstance(data, Mapping):
        raise BoardConfigError(f"expected a table of sections, got {_show(data)}")
    known = [*SCHEMA[""], *(name for name in SCHEMA if name)]
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise BoardConfigError(
            f"unknown key(s) or section(s) {', '.join(_show(k) for k in unknown[:5])} "
            f"(known: {', '.join(known)})")
    cfg = BoardConfig(source=source)
    try:
        kind = SCHEMA[""]["kind"](data["kind"]) if "kind" in data else cfg.kind
    except _Wrong as exc:
        raise BoardConfigError(f"kind: {exc}") from None
    disp = _section(data, "display")
    width, height = disp.get("panel", (cfg.panel.width, cfg.panel.height))
    rotation = disp.get("rotation", cfg.panel.rotation)
    panel = PanelConfig(width, height, rotation)
    btn = _section(data, "buttons")
    pins = _pins(btn["pins"], cfg.pins) if "pins" in btn else dict(cfg.pins)
    timing = replace(cfg.timing, **{k: btn[k] for k in TIMING_MS if k in btn})
    keys = _key_map(_section(data, "keys")) if "keys" in data else None
    pw = _section(data, "power")
    try:
        thresholds = PowerThresholds(low=pw.get("low", cfg.thresholds.low),
                                     critical=pw.get("critical", cfg.thresholds.critical))
    except ValueError as exc:
        raise BoardConfigError(f"[power] low, critical: {exc}") from None
    cam = _section(data, "camera")
    st = _section(data, "storage")
    ln = _section(data, "link")
    return replace(cfg, kind=kind, panel=panel, backlight=disp.get("backlight"),
                   timing=timing, pins=pins, active_low=btn.get("active_low", cfg.active_low),
                   keys=keys, battery=pw.get("battery", cfg.battery),
                   battery_device=pw.get("device"), thresholds=thresholds,
                   power_poll_frames=pw.get("poll_frames", cfg.power_poll_frames),
                   camera=cam.get("source", cfg.camera), data_dir=st.get("data_dir"),
                   link_port=ln.get("port", cfg.link_port),
                   shutdown_command=pw.get("shutdown_command", cfg.shutdown_command))
