#!/usr/bin/env python3
"""The leagues of every playable era, and Legend Pieces, measured side by side in one run.

Usage::

    python tools/bench_eras.py [--games N] [--greedy-games N] [--seed N]

For each playable era (its deck set: ``expedition``, ``platinum``, ``black_white``) it plays, in one
process and one after the other, ``--games`` random-vs-random games of the league,
``--greedy-games`` greedy-vs-greedy games, and ``--greedy-games`` greedy-vs-random games
with the seats alternating. Then the same three runs of Legend Pieces (Gold against
Silver; ``python -m handheld sim --game pieces``). Prints JSON: per era the games, errors,
games and decisions per second of each run, the greedy player's win rate against the random
one, and each era's speeds as a ratio to the home era's; under ``pieces`` the same for the
piece game, with the median turns and decisions of a game. Progress goes to stderr.

The issue-13 figures (10,000 and 2,000 games) are the defaults; a smaller run (``--games
200 --greedy-games 40``) checks the plumbing in seconds.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from handheld.cards import DECK_SETS, default_pool, load_deck
from handheld.cliargs import Parser, bounded_int
from handheld.engine.eras import HOME, playable_eras
from handheld.engine.errors import InvalidDeck
from handheld.sim import Progress, run_piece_sim, run_sim

# The deck set each era's league plays (a deck set named after the era's key).
RUNS = (("random", "random,random", "games"), ("greedy", "greedy,greedy", "greedy_games"),
        ("greedy_vs_random", "greedy,random", "greedy_games"))


def league(era: str, kind: str, players: str, games: int, seed: int) -> dict[str, Any]:
    names = list(DECK_SETS[era])
    decks = [load_deck(n) for n in names]
    pool = default_pool()
    progress = Progress(games, label=f"{era} {kind} games")
    two = kind == "greedy_vs_random"
    # greedy vs random: the two theme-like decks of the era, seats and decks alternating,
    # so the win rate is the player's and not a deck's or a seat's.
    if two:
        names, decks = names[:2], decks[:2]
    stats = run_sim(pool, decks, players.split(","), games, seed, alternate=two,
                    progress=progress, deck_names=names, era=era)
    out = {k: stats[k] for k in ("completed", "errors", "games_per_second",
                                 "decisions_per_second", "median_us_per_decision")}
    out["decks"] = names
    if two:
        out["greedy_win_rate"] = stats["win_rate"].get("greedy#1", 0.0)
    return out


def pieces(kind: str, players: str, games: int, seed: int) -> dict[str, Any]:
    two = kind == "greedy_vs_random"
    stats = run_piece_sim(players.split(","), games, seed, alternate=two,
                          progress=Progress(games, label=f"pieces {kind} games"))
    out = {k: stats[k] for k in ("completed", "errors", "games_per_second",
                                 "decisions_per_second", "median_us_per_decision")}
    out["median_turns"] = stats["turns"]["median"]
    out["median_decisions_per_game"] = stats["decisions_per_game"]["median"]
    if two:
        out["greedy_win_rate"] = stats["win_rate"].get("greedy#1", 0.0)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = Parser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=bounded_int(1, 1_000_000, "games"), default=10_000,
                    help="random-vs-random games per era (default 10000)")
    ap.add_argument("--greedy-games", type=bounded_int(1, 1_000_000, "greedy games"),
                    default=2_000, help="greedy games per era and run (default 2000)")
    ap.add_argument("--seed", type=bounded_int(0, 2**31, "seed"), default=0)
    args = ap.parse_args(argv)
    report: dict[str, Any] = {"eras": {}}
    for era in playable_eras():
        if era.key not in DECK_SETS:
            continue
        runs: dict[str, Any] = {}
        for kind, players, size in RUNS:
            try:
                runs[kind] = league(era.key, kind, players, getattr(args, size), args.seed)
            except InvalidDeck as exc:
                print(f"error: the {era.key} league cannot be played: {exc}", file=sys.stderr)
                return 2
        report["eras"][era.key] = runs
    report["pieces"] = {kind: pieces(kind, players, getattr(args, size), args.seed)
                        for kind, players, size in RUNS}
    home = report["eras"].get(HOME.key)
    if home:
        for runs in (*report["eras"].values(), report["pieces"]):
            runs["ratio_to_home"] = {
                kind: {m: round(runs[kind][m] / home[kind][m], 3) if home[kind][m] else None
                       for m in ("games_per_second", "decisions_per_second")}
                for kind, _, _ in RUNS}
    report["errors"] = sum(r[k]["errors"] for r in (*report["eras"].values(), report["pieces"])
                           for k, _, _ in RUNS)
    print(json.dumps(report, indent=2))
    return 1 if report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
