"""``python -m firmware_sim``: look at the board from a terminal.

    python -m firmware_sim config            the board description and what it selects
    python -m firmware_sim panels            each supported panel and its integer scale
    python -m firmware_sim buttons           a button-test screen (keys, or GPIO with --gpio)
    python -m firmware_sim buttons --script "A@100-900,START+SELECT@1200-1900"
    python -m firmware_sim battery           the battery state (simulated or from sysfs)
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from typing import Any

from . import DISTRIBUTION, version
from .board import (
    BoardConfig,
    BoardConfigError,
    config_path,
    detect_kind,
    is_raspberry_pi,
    load_config,
)
from .buttons import Button, ButtonDriver, RawEdge, SimButtons
from .clock import FakeClock
from .display import PANELS, PanelConfig, fit
from .power import PowerMonitor, SimBattery, SysfsBattery
from .storage import default_data_dir


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m firmware_sim",
                                description="The handheld's hardware seam, from a terminal.",
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog=__doc__.split("\n\n", 1)[1] if __doc__ else None)
    p.add_argument("--version", action="version", version=f"{DISTRIBUTION} {version()}")
    p.add_argument("--config", metavar="PATH", help=f"board config (default {config_path()})")
    sub = p.add_subparsers(dest="command", required=True)
    c = sub.add_parser("config", help="show the board description and what it selects")
    c.add_argument("--kind", choices=("sim", "pi", "headless"), help="describe this kind")
    sub.add_parser("panels", help="supported panels and the integer scale each gets")
    b = sub.add_parser("buttons", help="a button-test screen: presses, holds, repeats, combos")
    b.add_argument("--script", help="simulate presses instead of reading keys, e.g. "
                                    "'A@100-900,START+SELECT@1200-1900' (ms)")
    b.add_argument("--no-bounce", action="store_true", help="simulated contacts do not bounce")
    b.add_argument("--gpio", action="store_true", help="read the GPIO buttons (on a Pi)")
    b.add_argument("--seconds", type=float, default=30.0, help="how long to watch (default 30)")
    b.add_argument("--raw", action="store_true", help="also print every raw contact edge")
    t = sub.add_parser("battery", help="the battery: voltage, charge, warnings")
    t.add_argument("--simulate", type=float, metavar="MINUTES",
                   help="drain the simulated battery for this many minutes of play")
    t.add_argument("--start", type=float, default=30.0, help="simulated start charge (%%)")
    t.add_argument("--critical-at", type=int, metavar="FRAME",
                   help="script the simulated battery to hit critical at this frame")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        config = load_config(args.config)
        if args.command == "config":
            return _config(config, args.kind)
        if args.command == "panels":
            return _panels()
        if args.command == "buttons":
            return _buttons(config, args)
        if args.command == "battery":
            return _battery(config, args)
    except (BoardConfigError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 2


def _config(config: BoardConfig, kind: str | None) -> int:
    kind = kind or detect_kind(config)
    print(f"config file : {config.source}")
    print(f"board kind  : {kind}" + ("  (this is a Raspberry Pi)" if is_raspberry_pi() else ""))
    lay = fit(config.panel)
    print(f"panel       : {config.panel.width}x{config.panel.height} rotation "
          f"{config.panel.rotation} -> scale {lay.scale}, frame {lay.w}x{lay.h} at "
          f"({lay.x}, {lay.y})")
    t = config.timing
    print(f"buttons     : debounce {t.debounce_ms:g} ms, hold {t.hold_ms:g} ms, repeat after "
          f"{t.repeat_delay_ms:g} ms every {t.repeat_rate_ms:g} ms, START+SELECT "
          f"{t.combo_ms:g} ms, POWER held {t.power_hold_ms:g} ms")
    print("GPIO pins   : " + ", ".join(f"{b.value}={p}" for b, p in config.pins.items())
          + (" (active low, internal pull-ups)" if config.active_low else " (active high)"))
    th = config.thresholds
    print(f"power       : battery {config.battery}, low {th.low:g} %, critical "
          f"{th.critical:g} %, read every {config.power_poll_frames} frames")
    print(f"camera      : {config.camera}")
    print(f"storage     : {config.data_dir or default_data_dir()}")
    print(f"link port   : {config.link_port}")
    return 0


def _panels() -> int:
    """Each panel as mounted landscape, and as a portrait-scanned panel of the same size
    turned on its side in the case (its native mode is HxW, so the frame is rotated)."""
    print(f"{'panel mode':<11} {'rotation':>8} {'scale':>5} {'frame':>9}  black border")
    for w, h in PANELS.values():
        for mode, rot in (((w, h), 0), ((h, w), 90)):
            lay = fit(PanelConfig(mode[0], mode[1], rot))
            name = f"{mode[0]}x{mode[1]}"
            print(f"{name:<11} {rot:>8} {lay.scale:>5} {lay.w:>4}x{lay.h:<4}  "
                  f"{lay.x} px left/right, {lay.y} px top/bottom")
    return 0


def _buttons(config: BoardConfig, args: argparse.Namespace) -> int:
    driver = ButtonDriver(config.timing)
    if args.script:
        clock = FakeClock()
        sim = SimButtons(seed=1, bounce=None if args.no_bounce else SimButtons().bounce)
        sim.script(args.script)
        print("simulated buttons" + (" (no bounce)" if args.no_bounce else
                                     " with contact bounce") + "; times in ms")
        end = max((e.t_ms for e in sim._pending), default=0.0) + config.timing.power_hold_ms
        while clock.now_ms() <= end:
            edges = sim.poll(clock.now_ms())
            if args.raw:
                for e in edges:
                    print(f"{e.t_ms:9.2f} ms  raw     {e.button.value} "
                          f"{'closed' if e.down else 'open'}")
            for ev in driver.update(clock.now_ms(), edges):
                print(ev)
            clock.advance(0.5)
        return 0
    if args.gpio:
        from .gpio import GpioButtons

        source: Any = GpioButtons(config.pins, active_low=config.active_low)
        print("GPIO buttons: press them (Ctrl+C to stop)")
        return _watch(driver, source.poll, args.seconds, source.close)
    if not sys.stdin.isatty():
        print("error: the interactive button test needs a terminal; use --script to "
              "simulate presses", file=sys.stderr)
        return 2
    return _terminal_buttons(driver, args.seconds)


# Keys of the terminal test: a terminal reports key presses only (no releases), so a key
# counts as held while the terminal's auto-repeat keeps sending it.
_TERMINAL_KEYS = {"\x1b[A": Button.UP, "\x1b[B": Button.DOWN, "\x1b[D": Button.LEFT,
                  "\x1b[C": Button.RIGHT, "x": Button.A, "z": Button.B, "a": Button.L,
                  "s": Button.R, "\r": Button.START, "\n": Button.START,
                  "\x7f": Button.SELECT, "\x08": Button.SELECT, "p": Button.POWER}


def _terminal_buttons(driver: ButtonDriver, seconds: float) -> int:
    import select
    import termios
    import tty

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    down: dict[Button, float] = {}  # button -> when its key last arrived
    print("keys: arrows, X=A, Z=B, A=L, S=R, Enter=START, Backspace=SELECT, P=POWER, "
          "Q to quit\r")
    t0 = time.monotonic()
    try:
        tty.setcbreak(fd)
        while (now := (time.monotonic() - t0) * 1000.0) < seconds * 1000.0:
            edges: list[RawEdge] = []
            ready, _, _ = select.select([sys.stdin], [], [], 0.01)
            if ready:
                data = os.read(fd, 16).decode(errors="replace")
                if "q" in data.lower() and not data.startswith("\x1b"):
                    break
                for key, button in _TERMINAL_KEYS.items():
                    if key in data:
                        if button not in down:
                            edges.append(RawEdge(button, True, now))
                        down[button] = now
            for button, last in list(down.items()):
                # The first auto-repeat comes ~500 ms after a key goes down, then ~30 ms.
                if now - last > 600.0:
                    edges.append(RawEdge(button, False, now))
                    del down[button]
            for ev in driver.update(now, edges):
                held = " ".join(b.value for b in sorted(driver.held)) or "-"
                print(f"{ev}    held: {held}\r")
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
    return 0


def _watch(driver: ButtonDriver, poll: Any, seconds: float, close: Any) -> int:
    t0 = time.monotonic()
    try:
        while (now := (time.monotonic() - t0) * 1000.0) < seconds * 1000.0:
            for ev in driver.update(now, poll(time.monotonic() * 1000.0)):
                print(ev)
            time.sleep(0.002)
    finally:
        close()
    return 0


def _battery(config: BoardConfig, args: argparse.Namespace) -> int:
    if args.simulate is None and config.battery in ("auto", "sysfs") and is_raspberry_pi():
        monitor = PowerMonitor(SysfsBattery(name=config.battery_device), config.thresholds)
        for _ in range(config.thresholds.window):
            monitor.update()
        print(f"battery: {monitor.state}")
        return 0
    frames = int((args.simulate or 0.0) * 3600)
    battery = SimBattery.critical_at(args.critical_at, start=args.start) \
        if args.critical_at else SimBattery(args.start)
    monitor = PowerMonitor(battery, config.thresholds)
    monitor.update()
    print(f"simulated battery at frame 0: {monitor.state}")
    last_print = 0
    for frame in range(1, frames + 1):
        battery.tick()
        if frame % config.power_poll_frames == 0:
            for ev in monitor.update():
                print(f"frame {frame:>7} ({frame / 3600:6.1f} min): {ev.kind.upper():<9} "
                      f"{ev.state}")
                if ev.kind == "critical":
                    print("  -> the game saves the suspended match and shuts down safely")
            if frame - last_print >= 3600 * 5:
                last_print = frame
                print(f"frame {frame:>7} ({frame / 3600:6.1f} min): {monitor.state}")
    if frames:
        print(f"after {args.simulate:g} minutes: {monitor.state}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
