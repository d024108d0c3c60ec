"""``python -m firmware_sim``: look at the board from a terminal.

    python -m firmware_sim config            the board description and what it selects
    python -m firmware_sim panels            each supported panel and its integer scale
    python -m firmware_sim buttons           a button-test screen (keys, or GPIO with --gpio)
    python -m firmware_sim buttons --script "A@100-900,START+SELECT@1200-1900"
    python -m firmware_sim battery           the battery state (simulated or from sysfs)
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Sequence
from typing import Any, NoReturn

from . import DISTRIBUTION, version
from .board import detect_kind, is_raspberry_pi
from .buttons import Button, ButtonDriver, RawEdge, SimButtons
from .clock import FakeClock
from .config import BoardConfig, BoardConfigError, config_path, load_config
from .display import PANELS, PanelConfig, fit
from .gpio import GpioUnavailable
from .power import PowerMonitor, SimBattery, SysfsBattery
from .storage import default_data_dir

MAX_SIMULATED_MINUTES = 720.0  # 12 h: twice a full battery, a few seconds to compute
MAX_WATCH_SECONDS = 86400.0
MAX_SCRIPT_MS = 60_000.0
MAX_SCRIPT_ITEMS = 200  # each is polled every simulated half millisecond
MAX_SCRIPT_CHARS = 2000
MAX_CRITICAL_FRAME = int(MAX_SIMULATED_MINUTES * 3600)


def _finite(low: float, high: float, *, low_open: bool = False) -> Any:
    """An argparse type: a finite number in [low, high] ((low, high] with ``low_open``)."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, got {text[:40]!r}") \
                from None
        if not math.isfinite(value) or not (low < value if low_open else low <= value) \
                or value > high:
            side = "more than" if low_open else "at least"
            raise argparse.ArgumentTypeError(
                f"expected a number {side} {low:g} and at most {high:g}, got {text[:40]}")
        return value
    return parse


def _whole(low: int, high: int) -> Any:
    def parse(text: str) -> int:
        digits = text.strip().lstrip("+-")
        if not (digits.isascii() and digits.isdecimal()) or len(text) > 20 or \
                not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(
                f"expected a whole number {low}-{high}, got {text[:40]}")
        return int(text)
    return parse


class _OneLineParser(argparse.ArgumentParser):
    """Usage errors as one line on stderr (exit 2); ``--help`` shows the usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    p = _OneLineParser(prog="python -m firmware_sim",
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
                                    "'A@100-900,START+SELECT@1200-1900' (ms, at most "
                                    f"{MAX_SCRIPT_MS:g})")
    b.add_argument("--no-bounce", action="store_true", help="simulated contacts do not bounce")
    b.add_argument("--gpio", action="store_true", help="read the GPIO buttons (on a Pi)")
    b.add_argument("--seconds", type=_finite(0.0, MAX_WATCH_SECONDS, low_open=True),
                   default=30.0, help="how long to watch (default 30)")
    b.add_argument("--raw", action="store_true", help="also print every raw contact edge")
    t = sub.add_parser("battery", help="the battery: voltage, charge, warnings")
    t.add_argument("--simulate", type=_finite(0.0, MAX_SIMULATED_MINUTES), metavar="MINUTES",
                   help="drain a simulated battery for this many minutes of play (at most "
                        f"{MAX_SIMULATED_MINUTES:g})")
    t.add_argument("--start", type=_finite(0.0, 100.0), metavar="PERCENT",
                   help="simulated start charge (default 30)")
    t.add_argument("--critical-at", type=_whole(1, MAX_CRITICAL_FRAME), metavar="FRAME",
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
    except BrokenPipeError:
        raise  # the reader went away (| head): _run ends quietly
    except (GpioUnavailable, OSError) as exc:  # the hardware asked for is not here
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    return 2


def _run(argv: Sequence[str] | None = None) -> int:
    """``main`` for the command line: a closed pipe (``| head``) ends it quietly."""
    try:
        code = main(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        # Python would complain again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return code


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
        if len(args.script) > MAX_SCRIPT_CHARS or \
                len(args.script.split(",")) > MAX_SCRIPT_ITEMS:
            raise ValueError(f"--script: at most {MAX_SCRIPT_ITEMS} presses and "
                             f"{MAX_SCRIPT_CHARS} characters")
        sim.script(args.script)
        if any(e.t_ms > MAX_SCRIPT_MS for e in sim._pending):
            raise ValueError(f"--script: every release must come by {MAX_SCRIPT_MS:g} ms")
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
    simulate = args.simulate is not None or args.critical_at is not None or \
        args.start is not None or config.battery == "sim"
    if not simulate:
        return _real_battery(config)
    start = 30.0 if args.start is None else args.start
    minutes = args.simulate or 0.0
    frames = round(minutes * 3600)
    battery = SimBattery.critical_at(args.critical_at, start=start) \
        if args.critical_at is not None else SimBattery(start)
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
        print(f"after {minutes:g} minutes: {monitor.state}")
    return 0


def _real_battery(config: BoardConfig) -> int:
    """The battery the board would read: sysfs on a Pi, else mains."""
    if config.battery == "mains" or (config.battery == "auto" and not is_raspberry_pi()):
        print("battery: mains power (no battery configured; --simulate MINUTES drains a "
              "simulated one)")
        return 0
    try:
        source = SysfsBattery(name=config.battery_device)
    except OSError as exc:
        if config.battery == "sysfs":
            print(f"error: {exc}", file=sys.stderr)
            return 1
        print(f"battery: mains power ({exc})")
        return 0
    monitor = PowerMonitor(source, config.thresholds)
    for _ in range(config.thresholds.window):
        monitor.update()
    print(f"battery: {source.device.name}: {monitor.state}")
    return 0


if __name__ == "__main__":
    sys.exit(_run())
