"""Board configs: the TOML file the game reads at start-up (``firmware_sim.board.
load_config``). Hostile files are structure-aware mutations of the documented example in
docs/HARDWARE.md -- every key given a value of the wrong type, out of range, infinite,
NaN, huge or very long; unknown keys and sections; deep nesting of arrays, tables and
dotted keys; byte flips, truncation, invalid UTF-8; files that are empty, oversized, a
FIFO, a folder or a device (/dev/null) -- plus a few through ``python -m firmware_sim config`` with
``HANDHELD_BOARD_CONFIG``.

A failure: any exception but ``BoardConfigError``, a hang, or a config accepted with a
value other than the one written (a string taken as a list, "no" taken as true, 70000 as
a port, an int where a whole number is required given as a float): each accepted field
is checked independently against what the file said and the type the board needs.
"""

from __future__ import annotations

import datetime
import json
import math
import os
import random
import re
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from firmware_sim.buttons import Button
from firmware_sim.config import (
    KINDS,
    MAX_CONFIG_BYTES,
    BoardConfig,
    BoardConfigError,
    load_config,
)

from .core import ROOT, AreaResult, check_command, guard, python

NAME = "board_config"
SHORT = 150
LONG = 1_000
CLI_EVERY = 50  # one attempt in this many goes through the command line

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
TIMING_KEYS = ("debounce_ms", "hold_ms", "repeat_delay_ms", "repeat_rate_ms", "combo_ms",
               "power_hold_ms")


def documented_example() -> dict[str, Any]:
    """The example config of docs/HARDWARE.md, parsed (the base every mutation starts from)."""
    text = (ROOT / "docs" / "HARDWARE.md").read_text(encoding="utf-8")
    example = text.split("```toml\n", 1)[1].split("```", 1)[0]
    data: dict[str, Any] = tomllib.loads(example)
    # The commented-out keys are part of the surface too.
    data["display"]["backlight"] = "10-0045"
    data["keys"] = {"space": "A"}
    data["power"]["device"] = "max17040_battery"
    data["storage"] = {"data_dir": "/home/pi/.local/share/pocket-tcg"}
    return data


# ------------------------------------------------------------------ writing TOML


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else json.dumps(name, ensure_ascii=False)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) < 10 ** 4000 else "9" * 5000
    if isinstance(value, float):
        return "nan" if math.isnan(value) else "inf" if value == math.inf else \
            "-inf" if value == -math.inf else repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, Nested):
        return value.toml()
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(type(value))


def to_toml(data: dict[str, Any]) -> str:
    lines = [f"{_key(k)} = {_value(v)}" for k, v in data.items() if not isinstance(v, dict)]
    for name, table in data.items():
        if isinstance(table, dict):
            lines.append(f"[{_key(name)}]")
            lines += [f"{_key(k)} = {_value(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ hostile values


@dataclass(frozen=True)
class Nested:
    """Arrays or inline tables nested ``depth`` deep, written out without recursion."""

    depth: int
    tables: bool

    def toml(self) -> str:
        if self.tables:
            return "{a = " * self.depth + "1" + "}" * self.depth
        return "[" * self.depth + "1" + "]" * self.depth


def _nested(rng: random.Random) -> Nested:
    return Nested(rng.choice([3, 30, 300, 3000]), rng.random() < 0.5)


def hostile_value(rng: random.Random) -> Any:
    choices: list[Any] = [
        "no", "yes", "true", "poweroff", "", " ", "47115", "480x320", "x" * rng.randrange(
            100, 20_000), "\u0663\u0660", "../../etc/passwd", "a\x00b", "sim:cards/@15",
        0, 1, -1, 90, 70000, 65536, 2**63, -(2**63), 10**300, 10**5000,
        0.0, -0.0, 0.5, 1e-320, 1e308, -1e308, math.inf, -math.inf, math.nan, 90.0,
        True, False,
        [], ["poweroff"], ["systemctl", 5], [True], [[["x"]]], ["x"] * 100,
        {}, {"A": 5}, {"a": {"b": {"c": 1}}},
        datetime.datetime(1979, 5, 27, 7, 32, tzinfo=datetime.UTC), datetime.date(2024, 1, 1),
        datetime.time(7, 32),
    ]
    if rng.random() < 0.1:
        return _nested(rng)
    return rng.choice(choices)


def mutate(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One to three structure-aware changes to a copy of ``data``."""
    out = json.loads(json.dumps(data))
    for _ in range(rng.randrange(1, 4)):
        sections = [k for k, v in out.items() if isinstance(v, dict)]
        op = rng.randrange(7)
        if op <= 2 and sections:  # a key of a section gets a hostile value
            table = out[rng.choice(sections)]
            if table:
                key = rng.choice(list(table))
                if isinstance(table[key], dict) and table[key] and rng.random() < 0.6:
                    table[key][rng.choice(list(table[key]))] = hostile_value(rng)
                else:
                    table[key] = hostile_value(rng)
        elif op == 3:  # a top-level value, a section replaced by a scalar
            out[rng.choice(["kind", *sections])] = hostile_value(rng)
        elif op == 4:  # unknown keys
            target = out[rng.choice(sections)] if sections and rng.random() < 0.7 else out
            name = rng.choice(["size", "volume", "", "Kind", "pins ", "x" * 300, "\u00e9",
                               "battery.sim"])
            target[name] = hostile_value(rng)
        elif op == 5 and sections:  # a key or a whole section left out
            name = rng.choice(sections)
            if out[name] and rng.random() < 0.7:
                del out[name][rng.choice(list(out[name]))]
            else:
                del out[name]
        else:  # a button or pin that does not exist, a pin given twice
            buttons = out.setdefault("buttons", {})
            pins = buttons.setdefault("pins", {}) if isinstance(buttons, dict) else None
            if isinstance(pins, dict):
                pins[rng.choice(["JUMP", "a", "POWER", "select", "UP"])] = rng.choice(
                    [5, 3, 27, 28, -1, True, "5"])
    return out


def text_damage(text: str, rng: random.Random) -> bytes:
    """Damage below the TOML level: flipped bytes, cuts, invalid UTF-8, size, depth."""
    raw = text.encode("utf-8")
    kind = rng.randrange(8)
    if kind == 0 and raw:
        b = bytearray(raw)
        for _ in range(rng.randrange(1, 6)):
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
        return bytes(b)
    if kind == 1:
        return raw[: rng.randrange(len(raw) + 1)]
    if kind == 2:
        cut = rng.randrange(len(raw) + 1)
        return raw[:cut] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00"]) + raw[cut:]
    if kind == 3:
        return raw + b"# " + b"x" * (MAX_CONFIG_BYTES + rng.randrange(1, 5000)) + b"\n"
    if kind == 4:
        return b""
    if kind == 5:
        return b"a" + b".a" * rng.choice([70, 2_000, 30_000]) + b" = 1\n"
    if kind == 6:
        n = rng.choice([100, 1_000, 20_000])
        return b"x = " + b"[" * n + b"]" * n + b"\n"
    return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))


# ------------------------------------------------------------------ checking what was accepted


# Every key the documentation names, by section (None: any key, checked by value).
KNOWN_KEYS: dict[str, tuple[str, ...] | None] = {
    "display": ("panel", "rotation", "backlight"),
    "buttons": (*TIMING_KEYS, "active_low", "pins"),
    "keys": None,
    "power": ("battery", "device", "low", "critical", "poll_frames", "shutdown_command"),
    "camera": ("source",), "storage": ("data_dir",), "link": ("port",),
}


def _same(written: Any, loaded: Any, *, whole: bool = False) -> bool:
    """Whether an accepted field holds exactly the value the file wrote (a number may be
    held as a float unless the field is a whole number)."""
    if isinstance(written, bool) or isinstance(loaded, bool):
        return type(written) is type(loaded) and written == loaded
    if isinstance(written, int) and not whole:
        return type(loaded) in (int, float) and loaded == written
    if isinstance(written, int):
        return type(loaded) is int and loaded == written
    if isinstance(written, float):
        return not whole and type(loaded) is float and math.isfinite(written) and \
            loaded == written
    if isinstance(written, str):
        return type(loaded) is str and loaded == written
    if isinstance(written, list):
        return isinstance(loaded, tuple) and len(loaded) == len(written) and all(
            type(word) is str and type(got) is str and word == got
            for word, got in zip(written, loaded, strict=True))
    return False  # tables, dates and times are never a field's value


def field_problems(data: dict[str, Any], cfg: BoardConfig) -> list[str]:
    """What an accepted config holds that the file did not say, or that the board cannot
    use: checked here, independently of the loader's own schema."""
    problems: list[str] = []

    def check(where: str, written: Any, loaded: Any, ok: bool = True, whole: bool = False
              ) -> None:
        if not (ok and _same(written, loaded, whole=whole)):
            problems.append(f"{where}: wrote {str(written)[:40]!r}, loaded {loaded!r}")

    def table(name: str) -> dict[str, Any]:
        value = data.get(name, {})
        if isinstance(value, dict):
            known = KNOWN_KEYS.get(name)
            unknown = [k for k in value if known is not None and k not in known]
            if unknown:
                problems.append(f"[{name}]: unknown key(s) {unknown[:3]} accepted")
            return value
        problems.append(f"[{name}]: {_value(value)[:40]} accepted as a table")
        return {}

    unknown = [k for k in data if k != "kind" and k not in KNOWN_KEYS]
    if unknown:
        problems.append(f"unknown section(s) {unknown[:3]} accepted")
    if "kind" in data:
        check("kind", data["kind"], cfg.kind, data["kind"] in ("auto", *KINDS))
    disp, btn, pw, ln = table("display"), table("buttons"), table("power"), table("link")
    panel = f"{cfg.panel.width}x{cfg.panel.height}"
    if "panel" in disp and not (isinstance(disp["panel"], str)
                                and disp["panel"].strip().lower() == panel):
        problems.append(f"display.panel: wrote {str(disp['panel'])[:40]!r}, loaded {panel}")
    if "rotation" in disp:
        check("display.rotation", disp["rotation"], cfg.panel.rotation,
              cfg.panel.rotation in (0, 90, 180, 270), whole=True)
    if "backlight" in disp:
        check("display.backlight", disp["backlight"], cfg.backlight,
              "/" not in str(cfg.backlight))
    for key in TIMING_KEYS:
        if key in btn:
            value = getattr(cfg.timing, key)
            check(f"buttons.{key}", btn[key], value,
                  type(value) is float and math.isfinite(value) and value >= 0)
    if "active_low" in btn:
        check("buttons.active_low", btn["active_low"], cfg.active_low)
    if "pins" in btn and not isinstance(btn["pins"], dict):
        problems.append(f"buttons.pins: {_value(btn['pins'])[:40]} accepted as a table")
    if isinstance(btn.get("pins"), dict):
        names = [str(name).strip().upper() for name in btn["pins"]]
        if len(set(names)) != len(names):
            problems.append(f"buttons.pins: a button named twice accepted: {names}")
        for name, pin in btn["pins"].items():
            button = next((b for b in Button if b.value == str(name).strip().upper()), None)
            if button is None:
                problems.append(f"buttons.pins.{name}: not a button, accepted")
                continue
            check(f"buttons.pins.{name}", pin, cfg.pins.get(button),
                  0 <= cfg.pins.get(button, -1) <= 27, whole=True)
        if len(set(cfg.pins.values())) != len(cfg.pins):
            problems.append("buttons.pins: a pin given to two buttons")
    if "keys" in data:
        keys = cfg.keys or {}
        for name, button in table("keys").items():
            check(f"keys.{name}", button.strip().upper() if isinstance(button, str)
                  else button, keys.get(name), keys.get(name) in {b.value for b in Button})
    for key, value in (("battery", cfg.battery), ("device", cfg.battery_device),
                       ("low", cfg.thresholds.low), ("critical", cfg.thresholds.critical)):
        if key in pw:
            check(f"power.{key}", pw[key], value,
                  key != "battery" or value in ("auto", "sim", "sysfs", "mains"))
    if not 0 <= cfg.thresholds.critical < cfg.thresholds.low <= 100:
        problems.append(f"power thresholds out of order: {cfg.thresholds}")
    if "poll_frames" in pw:
        check("power.poll_frames", pw["poll_frames"], cfg.power_poll_frames,
              cfg.power_poll_frames >= 1, whole=True)
    if "shutdown_command" in pw:
        check("power.shutdown_command", pw["shutdown_command"], cfg.shutdown_command,
              all(word.strip() for word in cfg.shutdown_command))
    camera, storage = table("camera"), table("storage")
    if "source" in camera:
        check("camera.source", camera["source"], cfg.camera)
    if "data_dir" in storage:
        check("storage.data_dir", storage["data_dir"], cfg.data_dir)
    if "port" in ln:
        check("link.port", ln["port"], cfg.link_port, 1 <= cfg.link_port <= 65535, whole=True)
    return problems


# ------------------------------------------------------------------ the run


def _one_file(result: AreaResult, path: Path, data: dict[str, Any] | None) -> None:
    done, value = guard(result, path.read_bytes()[:300] if path.is_file() else str(path),
                        lambda: load_config(path), (BoardConfigError,), seconds=5)
    if done and data is not None:
        problems = field_problems(data, value)
        if problems:
            result.fail("false_accept", "; ".join(problems)[:1500], to_toml(data)[:300])
    elif done and not isinstance(value, BoardConfig):
        result.fail("false_accept", f"load_config returned {type(value).__name__}", str(path))


def run(result: AreaResult, attempts: int, rng: random.Random) -> None:
    base = documented_example()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        fifo = folder / "fifo.toml"
        os.mkfifo(fifo)
        # /dev/null, not /dev/zero: a regressed loader reading a device must fail here,
        # not fill the memory of the machine first.
        special = [fifo, folder, Path("/dev/null"), folder / "missing.toml"]
        path = folder / "board.toml"
        for i in range(attempts):
            if i % 40 == 39:
                _one_file(result, special[(i // 40) % len(special)], None)
                continue
            mutated = mutate(base, rng)
            text = to_toml(mutated)
            data: dict[str, Any] | None = mutated
            if rng.random() < 0.25:
                raw, data = text_damage(text, rng), None
            else:
                raw = text.encode("utf-8", "surrogatepass")
            path.write_bytes(raw)
            if i % CLI_EVERY == CLI_EVERY - 1:
                # Through the command line the game's tools share: one line or a config.
                done = check_command(result, python("-m", "firmware_sim", "config"),
                                     env={"HANDHELD_BOARD_CONFIG": str(path)},
                                     ok_codes=(0, 2), timeout=30)
                if done.returncode == 2 and len(done.stderr.strip().splitlines()) != 1:
                    result.fail("bad_exit", "a config error of more than one line: "
                                + done.stderr[-500:], text[:300])
                continue
            _one_file(result, path, data)
        # An empty variable means "the usual file" (none here), never a crash.
        check_command(result, python("-m", "firmware_sim", "config"),
                      env={"HANDHELD_BOARD_CONFIG": "", "XDG_CONFIG_HOME": tmp},
                      ok_codes=(0,), timeout=30)
