#!/usr/bin/env python3
"""Fit the search player's leaf evaluation to games: one logistic model per era.

Usage::

    python tools/fit_leaf.py [--games 2500] [--jobs 2] [--seed 0] [--out PATH]

For each era it plays ``--games`` greedy-against-greedy games over the era's league (a pair
of its ready-made decks drawn at random for each game, the deck set ``sim --decks ERA``
plays), records :func:`handheld.players.leaf.features` at the start of every turn from the
second on, labelled with who won (drawn games are left out), and fits a logistic regression
(Newton's method with a small ridge penalty, numpy) on the games of even number; the games
of odd number are held out to measure it. It also fits one model on every era together
(``all``: the fallback for an era not fitted).

Writes the module :mod:`handheld.players.leaf_weights` (to ``--out``; ``-``, the default,
prints it) with the weights and, per model, the positions it saw and the held-out log-loss
of the model and of a constant guess (lower is better; 0.693 is a coin). Progress on stderr.
The same arguments give the same file.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from handheld.cards import DECK_SETS, default_pool, load_deck
from handheld.cliargs import Parser, bounded_int
from handheld.engine.eras import ERAS
from handheld.players import GreedyPlayer, play_match
from handheld.players.leaf import FEATURES, TO_MOVE, features
from handheld.sim import TIME_LIMIT, Progress
from tools.jobs import job_pool

FIT_ERAS = ("expedition", "platinum", "call_of_legends", "black_white")
RIDGE = 1.0  # the penalty on the weights' squares (positions number in the tens of thousands)
NEWTON_STEPS = 25
Rows = list[tuple[list[float], int]]


def play_one(job: tuple[str, int, int]) -> tuple[str, int, Rows]:
    """Game ``i`` of ``era``: the features at each turn's start, each with 1 if the first
    seat won and 0 if it lost (none for a drawn game)."""
    era, i, seed = job
    pool = default_pool()
    names = DECK_SETS[era]
    rng = random.Random(seed * 1_000_003 + i)
    a, b = rng.sample(range(len(names)), 2)
    decks = [load_deck(names[a]), load_deck(names[b])]
    seen: list[list[float]] = []
    last_turn = [-1]

    def at_decision(m: Any) -> None:
        if m.turn != last_turn[0] and m.turn >= 2:
            last_turn[0] = m.turn
            seen.append(features(m, 0))

    _, rec = play_match(pool, decks, [GreedyPlayer(rng.getrandbits(32)),
                                      GreedyPlayer(rng.getrandbits(32))],
                        rng.getrandbits(32), rules=ERAS[era].ruleset, validate=False,
                        time_limit=TIME_LIMIT, on_decision=at_decision)
    if rec.winner is None:
        return era, i, []
    won = 1 if rec.winner == 0 else 0
    return era, i, [(f, won) for f in seen]


def fit(x: np.ndarray, y: np.ndarray, ridge: float = RIDGE) -> np.ndarray:
    """Logistic regression without an intercept (the features are differences between
    the sides, so a position and its mirror get values adding to 1)."""
    w = np.zeros(x.shape[1])
    for _ in range(NEWTON_STEPS):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + ridge * w
        hess = (x * (p * (1.0 - p))[:, None]).T @ x + ridge * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1.0 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1.0 - y) * np.log(1.0 - p)))


def fit_model(games: list[tuple[int, Rows]]) -> dict[str, Any]:
    """Fit on the games of even number, measure on the odd ones."""
    def matrix(parity: int) -> tuple[np.ndarray, np.ndarray]:
        rows = [r for i, g in games if i % 2 == parity for r in g]
        if not rows:
            return np.zeros((0, len(FEATURES) + 1)), np.zeros(0)
        return np.array([f for f, _ in rows]), np.array([float(w) for _, w in rows])

    x_fit, y_fit = matrix(0)
    x_out, y_out = matrix(1)
    if not len(y_fit) or not len(y_out):
        raise ValueError("too few games to fit and measure (play at least 2 per era)")
    w = fit(x_fit, y_fit)
    held = 1.0 / (1.0 + np.exp(-(x_out @ w)))
    return {"weights": [round(float(v), 4) for v in w], "positions": len(y_fit),
            "held_out": len(y_out),
            "log_loss": round(log_loss(held, y_out), 4),
            "log_loss_constant": round(log_loss(np.full(len(y_out), y_fit.mean()), y_out), 4)}


def collect(eras: tuple[str, ...], games: int, seed: int, jobs: int) -> dict[str, dict[int, Rows]]:
    out: dict[str, dict[int, Rows]] = {era: {} for era in eras}
    todo = [(era, i, seed) for era in eras for i in range(games)]
    progress = Progress(len(todo), label="games")
    with job_pool(jobs) as pool:
        for n, (era, i, rows) in enumerate(pool.imap_unordered(play_one, todo, 16), 1):
            out[era][i] = rows
            progress.update(n, era)
    return out


def render(models: dict[str, dict[str, Any]], games: int, seed: int) -> str:
    """The weights module's text (lines within the project's 100 columns)."""
    lines = [
        '"""The leaf evaluation\'s weights, one logistic model per era (and ``all``).',
        "",
        "Written by tools/fit_leaf.py; do not edit by hand. Fitted with:",
        "",
        f"    python tools/fit_leaf.py --games {games} --seed {seed} "
        "--out handheld/players/leaf_weights.py",
        "",
        "Each model's weights follow handheld.players.leaf.FEATURES, then the to-move term.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "NAMES = (",
        *(f"    {name!r}," for name in (*FEATURES, TO_MOVE)),
        ")",
        "WEIGHTS: dict[str, tuple[float, ...]] = {",
    ]
    for era, m in models.items():
        w = m["weights"]
        lines.append(f"    {era!r}: (")
        lines += ["        " + " ".join(f"{v!r}," for v in w[k:k + 6]) for k in range(0, len(w), 6)]
        lines.append("    ),")
    lines += ["}", "# Per model: positions fitted, positions held out, and the held-out log-loss",
              "# of the model and of a constant guess (lower is better; a coin is 0.693).",
              "FIT: dict[str, tuple[int, int, float, float]] = {"]
    lines += [f"    {era!r}: ({m['positions']}, {m['held_out']}, {m['log_loss']}, "
              f"{m['log_loss_constant']})," for era, m in models.items()]
    lines += ["}", ""]
    return "\n".join(lines)


def write_atomically(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv: list[str] | None = None) -> int:
    ap = Parser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=bounded_int(2, 100_000, "games"), default=2500,
                    help="greedy games per era (default 2500)")
    ap.add_argument("--seed", type=bounded_int(0, 2**31, "seed"), default=0)
    ap.add_argument("--jobs", type=bounded_int(1, 256, "jobs"), default=1)
    ap.add_argument("--out", default="-",
                    help="the weights module to write (a .py file); - prints it (default)")
    args = ap.parse_args(argv)
    out = None if args.out == "-" else Path(args.out)
    if out is not None and (out.suffix != ".py" or not out.parent.is_dir() or out.is_dir()):
        print(f"error: --out must name a .py file in an existing folder, not {args.out!r}",
              file=sys.stderr)
        return 2
    data = collect(FIT_ERAS, args.games, args.seed, args.jobs)
    models = {era: fit_model(sorted(data[era].items())) for era in FIT_ERAS}
    models["all"] = fit_model([game for era in FIT_ERAS for game in sorted(data[era].items())])
    for era, m in models.items():
        print(f"{era}: {m['positions']} positions fitted, held-out log-loss {m['log_loss']} "
              f"(a constant guess {m['log_loss_constant']})", file=sys.stderr)
    text = render(models, args.games, args.seed)
    if out is None:
        sys.stdout.write(text)
    else:
        write_atomically(out, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
