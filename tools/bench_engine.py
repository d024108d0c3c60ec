#!/usr/bin/env python3
"""Engine throughput of one or more source trees, measured in one run on one interpreter.

Usage::

    python tools/bench_engine.py [--tree NAME=PATH ...] [--rounds N] [--games N]

Each round runs ``python -m handheld sim --json`` once per tree and configuration (the
theme decks and the Expedition league, random and greedy players), alternating trees so
that the machine's noise falls on all of them alike. Prints JSON: per configuration and
tree the median decisions per second over the rounds, and each tree's ratio to the first
tree. Without ``--tree`` it measures this checkout alone. Progress goes to stderr.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from handheld.cliargs import Parser, bounded_int

HERE = Path(__file__).resolve().parent.parent
CONFIGS: dict[str, list[str]] = {
    "theme/random": ["--decks", "theme", "--players", "random,random"],
    "theme/greedy": ["--decks", "theme", "--players", "greedy,greedy"],
    "expedition/random": ["--decks", "expedition", "--players", "random,random"],
    "expedition/greedy": ["--decks", "expedition", "--players", "greedy,greedy"],
}
# Greedy players look ahead, so they play fewer games in the same time.
GREEDY_SHARE = 10


def tree_arg(text: str) -> tuple[str, Path]:
    name, sep, path = text.partition("=")
    if not sep or not name or not path:
        raise ValueError(f"a tree is NAME=PATH, not {text!r}")
    root = Path(path)
    if not (root / "handheld" / "__init__.py").is_file():
        raise ValueError(f"{path!r} is not a checkout of this project (no handheld/ in it)")
    return name, root


def run_sim(root: Path, args: list[str], games: int) -> float:
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run([sys.executable, "-m", "handheld", "sim", *args, "--games", str(games),
                          "--json"], cwd=root, env=env, capture_output=True, text=True,
                         check=False, timeout=1800)
    if out.returncode != 0:
        raise RuntimeError(f"sim in {root} failed: {out.stderr.strip()[-300:]}")
    return float(json.loads(out.stdout)["decisions_per_second"])


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", action="append", default=[], metavar="NAME=PATH",
                        help="a source tree to measure (repeat; default: this checkout)")
    parser.add_argument("--rounds", type=bounded_int(1, 100, "rounds"), default=5,
                        help="runs per tree and configuration (default 5)")
    parser.add_argument("--games", type=bounded_int(10, 100_000, "games"), default=300,
                        help="games per random-player run (default 300)")
    args = parser.parse_args(argv)
    try:
        trees = [tree_arg(t) for t in args.tree] or [("this", HERE)]
    except ValueError as exc:
        parser.error(str(exc))
    samples: dict[str, dict[str, list[float]]] = {c: {n: [] for n, _ in trees} for c in CONFIGS}
    total = args.rounds * len(CONFIGS) * len(trees)
    done = 0
    try:
        for _ in range(args.rounds):
            for config, sim_args in CONFIGS.items():
                games = args.games // GREEDY_SHARE if "greedy" in config else args.games
                for name, root in trees:
                    samples[config][name].append(run_sim(root, sim_args, max(games, 10)))
                    done += 1
                    print(f"\rbench_engine: {done}/{total} runs", end="", file=sys.stderr,
                          flush=True)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        print(f"\nbench_engine: {exc}", file=sys.stderr)
        return 1
    print(file=sys.stderr)
    base = trees[0][0]
    result: dict[str, Any] = {"rounds": args.rounds, "games": args.games,
                              "python": sys.version.split()[0], "configs": {}}
    for config, by_tree in samples.items():
        medians = {name: round(statistics.median(v)) for name, v in by_tree.items()}
        result["configs"][config] = {
            "decisions_per_second": medians,
            "ratio_to_" + base: {name: round(med / medians[base], 3)
                                 for name, med in medians.items()},
        }
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
