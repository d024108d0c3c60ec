#!/usr/bin/env python3
"""The engine's speed before and after a change, measured in one run on one interpreter.

Usage::

    python tools/bench_speed.py --baseline-ref main [--rounds 5] [--games 300]
    python tools/bench_speed.py --compare-root DIR       # another checkout as "before"
    python tools/bench_speed.py                          # this checkout alone

``--baseline-ref REF`` exports that git revision of this repository into a temporary
directory (``git archive``; nothing in the repository changes) and measures it as
"before"; this checkout is "after". Each round measures every tree once, alternating, so
the machine's noise falls on both alike; every measurement runs in a fresh process of this
same interpreter, and the measuring code is this file's for both trees (only ``handheld``
comes from the tree measured).

What one measurement plays, per tree:

* ``random``: ``--games`` games of the Expedition league between random players, the very
  games ``python -m handheld sim --decks expedition --seed 1`` plays (same seeds, same
  players, same time limit): decisions and games per second, and the median time of one
  whole playout.
* ``greedy``: ``--greedy-games`` games of the same league, greedy against greedy.
* ``clone``: ``Match.clone()`` timed at decisions spread through greedy theme-deck matches
  (as tools/bench_clone.py does): the median and 90th percentile microseconds.

Times are the measuring process's CPU time (``time.process_time``): other programs on a
busy machine take turns on its cores without counting against either tree (they still share
its caches), and rates are per CPU second. ``sim``'s own figures are wall-clock.

Prints JSON: per metric and tree the median over the rounds, and after/before ratios (for
times, before/after: a ratio above 1 is a speed-up either way). Progress goes to stderr.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
# The process's CPU time, not the wall clock: what other programs on the machine do (a test
# run, another benchmark) does not count against the tree being measured.
CLOCK = time.process_time
# Higher is better for these; the rest are times (lower is better).
RATES = ("random_decisions_per_s", "random_games_per_s", "greedy_decisions_per_s",
         "greedy_games_per_s")
TIMES = ("random_playout_ms_median", "clone_us_median", "clone_us_p90")
CLONE_DECKS = (("blazing_quake", "tidal_mind"), ("dark_steel", "thunder_link"),
               ("mind_games", "verdant_bounty"), ("rock_crusher", "sky_flock"))


# ------------------------------------------------------------------ the worker (one tree)


def _league(players: str, games: int, seed: int) -> dict[str, float]:
    """Play the Expedition league as ``sim --decks expedition`` does; rates and per-game
    times."""
    from handheld.cards import deck_era, default_pool, load_deck, resolve_deck_set
    from handheld.players import make_player, play_match

    try:
        from handheld.sim import TIME_LIMIT
        limit: dict[str, Any] = {"time_limit": TIME_LIMIT}
    except ImportError:  # a tree from before the time limit (issue 17's start, 298c0cd)
        limit = {}
    pool = default_pool()
    names = resolve_deck_set("expedition")
    decks = [load_deck(n) for n in names]
    rules = deck_era(pool, [c for d in decks for c in d]).ruleset
    n = len(decks)
    pairs = [(a, b) for a in range(n) for b in range(n) if a != b]
    kinds = players.split(",")
    per_game: list[float] = []
    decisions = 0
    for i in range(games):
        a, b = pairs[i % len(pairs)]
        seats = [make_player(kinds[s], seed + i + 7919 * (s + 1)) for s in (0, 1)]
        t0 = CLOCK()
        _, rec = play_match(pool, (decks[a], decks[b]), seats, seed + i, validate=False,
                            rules=rules, **limit)
        per_game.append(CLOCK() - t0)
        decisions += rec.decisions
    total = sum(per_game)
    return {"decisions_per_s": decisions / total, "games_per_s": games / total,
            "playout_ms_median": 1000 * statistics.median(per_game),
            "decisions": decisions}


def _clone_times(games: int, points: int, calls: int) -> dict[str, float]:
    """Microseconds per ``clone()`` at ``points`` decisions of each of ``games`` greedy
    theme matches (the mean of ``calls`` calls timed together at each point)."""
    from handheld.cards import default_pool, load_deck
    from handheld.players import make_player, play_match

    pool = default_pool()
    per_point: list[float] = []
    for g in range(games):
        names = CLONE_DECKS[g % len(CLONE_DECKS)]
        decks = (load_deck(names[0]), load_deck(names[1]))
        seed = 1 + g
        _, rec = play_match(pool, decks, [make_player("greedy", seed),
                                          make_player("greedy", seed + 1)], seed)
        wanted = {round(i * (rec.decisions - 1) / max(points - 1, 1)) for i in range(points)}
        kept: list[Any] = []
        seen = [0]

        def keep(m: Any, wanted: set[int] = wanted, kept: list[Any] = kept,
                 seen: list[int] = seen) -> None:
            if seen[0] in wanted and not m.over:
                kept.append(m.clone())
            seen[0] += 1

        play_match(pool, decks, [make_player("greedy", seed), make_player("greedy", seed + 1)],
                   seed, on_decision=keep)
        for m in kept:
            clone = m.clone
            t0 = CLOCK()
            for _ in range(calls):
                clone()
            per_point.append((CLOCK() - t0) * 1e6 / calls)
    deciles = statistics.quantiles(per_point, n=10)
    return {"clone_us_median": statistics.median(per_point), "clone_us_p90": deciles[-1]}


def worker(root: Path, games: int, greedy_games: int, clone_games: int) -> dict[str, float]:
    """One measurement of the tree at ``root`` (run in a process of its own)."""
    sys.path.insert(0, str(root))
    import handheld

    if Path(handheld.__file__).resolve().parent != (root / "handheld").resolve():
        raise RuntimeError(f"measured {handheld.__file__}, not the tree {root}")
    out: dict[str, float] = {}
    # Warm up (imports, the card pool's caches, the allocator) on other seeds first.
    _league("random,random", 20, 100_000)
    _league("greedy,greedy", 4, 100_000)
    rand = _league("random,random", games, 1)
    out["random_decisions_per_s"] = rand["decisions_per_s"]
    out["random_games_per_s"] = rand["games_per_s"]
    out["random_playout_ms_median"] = rand["playout_ms_median"]
    out["random_decisions"] = rand["decisions"]
    greedy = _league("greedy,greedy", greedy_games, 1)
    out["greedy_decisions_per_s"] = greedy["decisions_per_s"]
    out["greedy_games_per_s"] = greedy["games_per_s"]
    out["greedy_decisions"] = greedy["decisions"]
    out.update(_clone_times(clone_games, 10, 100))
    return out


# ------------------------------------------------------------------ the driver


def export_ref(ref: str, into: Path) -> Path:
    """This repository's ``ref`` as plain files in ``into`` (``git archive``)."""
    archive = into / "ref.tar"
    with archive.open("wb") as fh:
        subprocess.run(["git", "-C", str(HERE), "archive", "--format=tar", ref],
                       stdout=fh, check=True)
    root = into / "tree"
    root.mkdir()
    with tarfile.open(archive) as tar:
        tar.extractall(root, filter="data")
    archive.unlink()
    return root


def measure(root: Path, games: int, greedy_games: int, clone_games: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", str(root),
                          "--games", str(games), "--greedy-games", str(greedy_games),
                          "--clone-games", str(clone_games)],
                         cwd=root, env=env, capture_output=True, text=True, check=False,
                         timeout=3600)
    if out.returncode != 0:
        raise RuntimeError(f"the measurement of {root} failed: {out.stderr.strip()[-500:]}")
    result: dict[str, float] = json.loads(out.stdout)
    return result


def summarise(samples: dict[str, list[dict[str, float]]], args: Any) -> dict[str, Any]:
    names = list(samples)
    result: dict[str, Any] = {"python": sys.version.split()[0], "rounds": args.rounds,
                              "random_games": args.games, "greedy_games": args.greedy_games,
                              "clone_games": args.clone_games, "medians": {}}
    for name in names:
        runs = samples[name]
        result["medians"][name] = {
            key: round(statistics.median(r[key] for r in runs), 2) for key in (*RATES, *TIMES)}
        # Same seeds must mean the same games: a tree that plays other games is not faster.
        result["medians"][name]["random_decisions"] = runs[0]["random_decisions"]
        result["medians"][name]["greedy_decisions"] = runs[0]["greedy_decisions"]
    if len(names) == 2:
        before, after = (result["medians"][n] for n in names)
        speedups = {key: round(after[key] / before[key], 3) for key in RATES}
        speedups.update({key: round(before[key] / after[key], 3) for key in TIMES})
        result["speedup_after_over_before"] = speedups
        result["same_games"] = (before["random_decisions"] == after["random_decisions"]
                                and before["greedy_decisions"] == after["greedy_decisions"])
    return result


def worker_main(argv: list[str]) -> int:
    """``--worker ROOT ...``: one measurement, as JSON; parsed without importing anything of
    the project, so that ``handheld`` comes from ROOT alone."""
    import argparse

    parser = argparse.ArgumentParser()
    parser.add_argument("--worker", type=Path, required=True)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--greedy-games", type=int, required=True)
    parser.add_argument("--clone-games", type=int, required=True)
    args = parser.parse_args(argv)
    # (the driver passes sane values; a person typing the hidden flag gets one line too)
    for name in ("games", "greedy_games", "clone_games"):
        if not 1 <= getattr(args, name) <= 1_000_000:
            parser.error(f"--{name.replace('_', '-')} must be from 1 to 1000000")
    try:
        is_tree = (args.worker / "handheld" / "__init__.py").is_file()
    except (OSError, ValueError):
        is_tree = False
    if not is_tree:
        parser.error("--worker: not a checkout of the game")
    try:
        print(json.dumps(worker(args.worker, args.games, args.greedy_games, args.clone_games)))
    except RuntimeError as exc:  # the tree's handheld was not the one imported
        parser.error(str(exc))
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--worker" in argv:
        return worker_main(argv)
    sys.path.insert(0, str(HERE))
    from handheld.cliargs import Parser, bounded_int, checkout

    parser = Parser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--baseline-ref", metavar="REF",
                        help="a git revision of this repository to measure as 'before'")
    source.add_argument("--compare-root", metavar="DIR", type=checkout,
                        help="another checkout to measure as 'before'")
    parser.add_argument("--rounds", type=bounded_int(1, 100, "rounds"), default=5,
                        help="measurements per tree, alternating (default 5)")
    parser.add_argument("--games", type=bounded_int(10, 100_000, "games"), default=300,
                        help="random-player games per measurement (default 300)")
    parser.add_argument("--greedy-games", type=bounded_int(10, 100_000, "greedy games"),
                        default=100, help="greedy-player games per measurement (default 100)")
    parser.add_argument("--clone-games", type=bounded_int(1, 100, "clone games"), default=4,
                        help="greedy matches sampled for clone() (default 4)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench_speed_") as tmp:
        trees: list[tuple[str, Path]] = []
        if args.baseline_ref:
            try:
                trees.append((f"before ({args.baseline_ref})", export_ref(args.baseline_ref,
                                                                          Path(tmp))))
            except subprocess.CalledProcessError:
                parser.error(f"--baseline-ref: no revision {args.baseline_ref!r} here")
        elif args.compare_root is not None:
            trees.append(("before", args.compare_root.resolve()))
        trees.append(("after (this checkout)" if trees else "this checkout", HERE))
        samples: dict[str, list[dict[str, float]]] = {name: [] for name, _ in trees}
        total = args.rounds * len(trees)
        done = 0
        try:
            for _ in range(args.rounds):
                for name, root in trees:
                    samples[name].append(measure(root, args.games, args.greedy_games,
                                                 args.clone_games))
                    done += 1
                    print(f"\rbench_speed: {done}/{total} measurements", end="",
                          file=sys.stderr, flush=True)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            print(f"\nbench_speed: {exc}", file=sys.stderr)
            return 1
        print(file=sys.stderr)
    print(json.dumps(summarise(samples, args), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
