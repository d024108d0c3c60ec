"""Benchmark of the handheld's screen; prints JSON.

    .venv/bin/python tools/bench_ui.py

* ``duel_frame_ms``: one frame of the duel screen -- update (the board's tick, the scene),
  draw, and scale to a 480x320 panel -- timed frame by frame: the player's turn at rest,
  and a computer-against-computer duel with its messages, coin flips and flashes. Target:
  median at most 2 ms.
* ``scan_frame_ms``: one frame of the e-Reader's scan screen (update, draw, scale) while a
  simulated 30 fps camera films an empty table or a card (the scanner's synthetic
  frames), decoding in the game loop (``inline``, as on the headless board) and in the
  background thread a real board uses (``threaded``), paced at 60 Hz (10 s per case by
  default); ``decoded`` counts the camera frames decoded. A frame with no code costs the
  pipeline the most; threaded, the game loop only pays for the picture.
* ``launch_to_first_frame_s``: from starting ``python -m handheld --headless --frames 1``
  to its first drawn title frame (the child prints a mark right after drawing it), the
  median of a few cold launches, each in a new process; ``modules`` counts our modules
  loaded by then and ``heavy_loaded`` names those of :data:`HEAVY_MODULES` among them
  (none: the title screen loads no engine, card pool, scanner or e-Reader). Target: at
  most 1.5 s on a Raspberry Pi 4, which runs Python 5-8x slower than a desktop.
  ``--compare-root DIR`` times another checkout (a worktree of main) in the same run,
  launches alternating, and reports its median and the ``speedup``; ``--launch-only``
  skips the rest. Launches use bytecode caches, as an installed game does after its first
  start (kept out of the checkout; a warm-up launch writes them); ``--no-bytecode-cache``
  compiles our modules at every launch.
* ``match_rss_mb``: the peak resident memory of a process playing a whole duel on the
  screen. Target: at most 150 MB.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from handheld.cliargs import Parser, bounded_int, checkout, seed  # noqa: E402

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _summary(samples: list[float]) -> dict[str, float]:
    samples = sorted(samples)
    return {"median": round(statistics.median(samples), 4),
            "p95": round(samples[int(len(samples) * 0.95) - 1], 4),
            "max": round(samples[-1], 4), "frames": len(samples)}


def _duel_app(seats: tuple[str, str], data: Path, seed: int) -> Any:
    from handheld.cards import load_deck
    from handheld.ui.app import Handheld
    from handheld.ui.scenes.duel import DuelScene, DuelSetup
    from handheld.ui.scenes.main_menu import MainMenuScene

    app = Handheld(headless=True, data_dir=data, seed=seed)
    setup = DuelSetup(decks=(load_deck("blazing_quake"), load_deck("tidal_mind")),
                      deck_names=("Blazing Quake", "Tidal Mind"), seats=seats,
                      names=("Player", "CPU"), mode="demo" if "human" not in seats else "cpu",
                      seed=seed)
    app.scenes.reset(MainMenuScene(app))
    app.scenes.push(DuelScene.new(app, setup))
    app.scenes.apply()
    return app


def frame_times(frames: int, seed: int) -> dict[str, Any]:
    from firmware_sim.display import HeadlessDisplay, PanelConfig

    panel = HeadlessDisplay(PanelConfig(480, 320))
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        # The player's turn, at rest: reach the first main phase of the human seat.
        app = _duel_app(("human", "greedy"), Path(tmp) / "a", seed)
        duel = app.scenes.top
        app.settings.text_speed = "instant"
        for _ in range(20_000):
            if duel.session.waiting_for() == "human" and duel.match.pending.kind == "main" \
                    and duel.current is None and not duel.messages:
                break
            if app.scenes.top is not duel:  # a choice or a coin: take the first option
                app.press("A", 1)
            else:
                app.tick(1)
        app.settings.text_speed = "normal"
        out["player_turn"] = _time_frames(app, panel, frames)
        app.saves.close()
        # The computer against itself: messages, coins, flashes, new turns.
        app = _duel_app(("greedy", "greedy"), Path(tmp) / "b", seed)
        out["computer_duel"] = _time_frames(app, panel, frames)
        app.saves.close()
    return out


def scan_frame_times(frames: int, seed: int) -> dict[str, Any]:
    from firmware_sim.camera import SimCamera
    from firmware_sim.display import HeadlessDisplay, PanelConfig
    from handheld.ui.app import Handheld
    from handheld.ui.scenes.main_menu import MainMenuScene
    from handheld.ui.scenes.scan import ScanScene
    from scanner.synthetic import category, make_sample

    panel = HeadlessDisplay(PanelConfig(480, 320))
    clips = {"empty_table": [f for i in range(8)
                             for f in make_sample(category("no_code"), i, seed).frames],
             "card_in_view": [f for i in range(8)
                              for f in make_sample(category("clean"), i, seed).frames]}
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for clip_name, clip in clips.items():
            for mode in ("inline", "threaded"):
                app = Handheld(headless=True, data_dir=Path(tmp) / f"{clip_name}-{mode}",
                               seed=seed)
                app.board.camera_factory = lambda c=clip, a=app: SimCamera(c, 30, a.board.clock)
                app.scenes.reset(MainMenuScene(app))
                scan = ScanScene(app, threaded=mode == "threaded")
                app.scenes.push(scan)
                app.scenes.apply()
                # Paced at 60 Hz, as the game runs, so the thread decodes what it would.
                out[f"{clip_name}_{mode}"] = _time_frames(app, panel, frames, pace=True)
                out[f"{clip_name}_{mode}"]["decoded"] = scan.tracker.frames
                app.scenes.reset(MainMenuScene(app))
                app.scenes.apply()  # closes the camera and stops the threads
                app.saves.close()
    return out


def _time_frames(app: Any, panel: Any, frames: int, pace: bool = False) -> dict[str, Any]:
    """Each frame's work, in ms; ``pace`` waits out the rest of each 1/60 s."""
    samples = []
    clock = time.perf_counter
    for _ in range(frames):
        t0 = clock()
        app.update()
        app.draw()
        panel.compose(app.surface)
        spent = clock() - t0
        samples.append(spent * 1000.0)
        if pace and spent < 1 / 60:
            time.sleep(1 / 60 - spent)
    return _summary(samples)


# Not ours, yet worth a look: numpy, OpenCV and the package metadata (--version) are each
# a good part of a launch when imported.
WATCHED_OTHERS = ("numpy", "cv2", "importlib.metadata")
# The game's own command line, as a player starts it (``python -m handheld --headless
# --frames 1``); the child prints a mark the moment its first frame is drawn, with the
# modules of ours loaded by then. It imports the app module first to wrap ``draw``: the game
# imports that module before its first frame anyway, so the set and the time are the same.
FIRST_FRAME_CHILD = f"""
import json, runpy, sys
WATCHED = {WATCHED_OTHERS!r}
import handheld.ui.app as app_module

draw = app_module.Handheld.draw

def first_draw(self):
    draw(self)
    app_module.Handheld.draw = draw
    ours = sorted(m for m in sys.modules
                  if m.split(".")[0] in ("handheld", "scanner", "firmware_sim"))
    ours += [m for m in WATCHED if m in sys.modules]
    print("first-frame", json.dumps(ours), flush=True)

app_module.Handheld.draw = first_draw
sys.argv = ["handheld", "--headless", "--frames", "1", "--data-dir", sys.argv[1]]
runpy.run_module("handheld", run_name="__main__", alter_sys=True)
"""
# Modules the title screen must not need; ``launch_times`` says which of them were loaded.
HEAVY_MODULES = ("handheld.engine", "handheld.engine.cardpool", "handheld.cards",
                 "handheld.players", "handheld.pieces", "handheld.ereader", "scanner",
                 "handheld.ui.scenes.duel", "handheld.ui.scenes.scan", *WATCHED_OTHERS)


def first_frame(root: Path, data_dir: Path,
                pycache: Path | None = None) -> tuple[float, list[str]]:
    """One cold launch of the game in ``root`` (a checkout): seconds from starting the
    process to its first drawn frame, and the modules (ours, and those of
    :data:`WATCHED_OTHERS`) loaded by then.

    ``pycache``: where the child keeps its bytecode (out of the checkout), as an installed
    game keeps it beside its modules; None: the child writes none (``PYTHONDONTWRITEBYTECODE``),
    so a module without a cache is compiled from source at every launch."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": str(root)}
    if pycache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", FIRST_FRAME_CHILD, str(data_dir)],
                            cwd=root, env=env, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    wall = time.perf_counter() - t0
    proc.communicate(timeout=60)
    if not line.startswith("first-frame "):
        raise RuntimeError(f"the game in {root} drew no frame (exit {proc.returncode})")
    return wall, json.loads(line.split(" ", 1)[1])


def launch_times(runs: int, compare_root: Path | None = None,
                 bytecode_cache: bool = True) -> dict[str, Any]:
    """Medians of ``runs`` cold launches; with ``compare_root`` (another checkout, such as
    a worktree of main) its launches alternate with ours, so both meet the same machine.
    ``bytecode_cache``: as a player's every launch but the first after an install (a
    warm-up launch, not counted, writes the caches); else every module of ours is compiled
    at every launch."""
    roots = {"this": ROOT} | ({"compare": compare_root} if compare_root else {})
    walls: dict[str, list[float]] = {name: [] for name in roots}
    loaded: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        caches = {name: Path(tmp) / f"pycache-{name}" if bytecode_cache else None
                  for name in roots}
        for name, root in roots.items():
            first_frame(root, Path(tmp) / f"{name}-warm-up", caches[name])
        for i in range(runs):
            for name, root in roots.items():
                wall, loaded[name] = first_frame(root, Path(tmp) / f"{name}-{i}", caches[name])
                walls[name].append(wall)

    def summary(name: str) -> dict[str, Any]:
        mods = loaded[name]
        return {"median": round(statistics.median(walls[name]), 3),
                "max": round(max(walls[name]), 3), "runs": runs,
                "modules": len([m for m in mods if m not in WATCHED_OTHERS]),
                "heavy_loaded": [m for m in HEAVY_MODULES if m in mods]}

    out = summary("this") | {"bytecode": "cached" if bytecode_cache else "compiled"}
    if compare_root is not None:
        out["compare"] = {"root": str(compare_root), **summary("compare")}
        out["speedup"] = round(out["compare"]["median"] / out["median"], 2)
    return out


# The child reports its own high-water mark (VmHWM, reset when it execs), not getrusage's
# ru_maxrss: that one keeps the peak of the forked copy of this parent, so a parent holding
# 200 MB made a 56 MB match read as 214 MB.
RSS_CHILD = """
import sys
sys.path.insert(0, sys.argv[2])
from tools.fuzzing.core import peak_rss_mb
from tools.bench_ui import _duel_app
from pathlib import Path
app = _duel_app(("greedy", "greedy"), Path(sys.argv[1]), 5)
app.settings.text_speed = "instant"
frames = 0
while app.scenes.top.name != "ResultScene" and frames < 200000:
    app.tick(1)
    frames += 1
print(peak_rss_mb(), frames)
"""


def match_rss() -> dict[str, Any]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    with tempfile.TemporaryDirectory() as tmp:
        r = subprocess.run([sys.executable, "-c", RSS_CHILD, tmp, str(ROOT)], cwd=ROOT,
                           env=env, capture_output=True, text=True, timeout=600, check=True)
    mb, frames = r.stdout.split()
    return {"peak_mb": round(float(mb), 1), "frames": int(frames)}


def main(argv: list[str] | None = None) -> int:
    p = Parser(description=__doc__.split("\n\n")[0])
    p.add_argument("--frames", type=bounded_int(10, 1_000_000, "frames"), default=3000,
                   help="frames timed per duel case")
    p.add_argument("--scan-frames", type=bounded_int(10, 1_000_000, "scan frames"),
                   default=600, help="frames timed per scan-screen case")
    p.add_argument("--launches", type=bounded_int(1, 1000, "launches"), default=5)
    p.add_argument("--seed", type=seed, default=3)
    p.add_argument("--launch-only", action="store_true",
                   help="time the launch only (no frames, no memory)")
    p.add_argument("--compare-root", metavar="DIR", type=checkout,
                   help="another checkout (e.g. a git worktree of main) whose launches "
                        "alternate with ours, for a before/after in one run")
    p.add_argument("--no-bytecode-cache", action="store_true",
                   help="launches compile our modules from source every time, as the "
                        "first launch after an install that wrote no bytecode")
    args = p.parse_args(argv)
    if args.launch_only:
        launch = launch_times(args.launches, args.compare_root,
                              not args.no_bytecode_cache)
        result = {"launch_to_first_frame_s": launch, "targets": {"launch_s": 1.5},
                  "ok": launch["median"] <= 1.5, "python": sys.version.split()[0]}
        print(json.dumps(result, indent=2))
        return 0 if result["ok"] else 1
    print("bench_ui: timing frames...", file=sys.stderr)
    frames = frame_times(args.frames, args.seed)
    print("bench_ui: timing the scan screen...", file=sys.stderr)
    scan = scan_frame_times(args.scan_frames, args.seed)
    print("bench_ui: timing launches...", file=sys.stderr)
    launch = launch_times(args.launches, args.compare_root,
                          not args.no_bytecode_cache)
    print("bench_ui: a whole duel for its memory...", file=sys.stderr)
    rss = match_rss()
    result = {
        "duel_frame_ms": frames, "scan_frame_ms": scan,
        "launch_to_first_frame_s": launch, "match_rss_mb": rss,
        "targets": {"duel_frame_median_ms": 2.0, "launch_s": 1.5, "rss_mb": 150},
        "ok": all(v["median"] <= 2.0 for v in frames.values()) and launch["median"] <= 1.5
        and rss["peak_mb"] <= 150,
        "python": sys.version.split()[0],
    }
    print(json.dumps(result, indent=2))
    if not result["ok"]:
        print("bench_ui: a target was missed (see \"targets\")", file=sys.stderr)
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
