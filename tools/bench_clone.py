#!/usr/bin/env python3
"""Time ``Match.clone()`` (the kernel's ``State.clone``), which bounds any search player.

Usage::

    python tools/bench_clone.py [--games N] [--points N] [--calls N] [--seed S]

Plays N real matches (the theme decks in pairs, greedy players) and stops at ``--points``
evenly spread decisions of each; at every point it times ``--calls`` clones. Prints JSON:
the median, 10th and 90th percentile microseconds per call over every point, the median at
the start, middle and end of the matches, and per point its turn and the number of cards
in play.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from handheld.cards import deck_names, default_pool, load_deck
from handheld.cliargs import Parser, bounded_int
from handheld.engine import Match
from handheld.players import make_player, play_match

DECK_PAIRS = (("blazing_quake", "tidal_mind"), ("dark_steel", "thunder_link"),
              ("mind_games", "verdant_bounty"), ("rock_crusher", "sky_flock"))


def states_of(decks: tuple[list[str], list[str]], seed: int, points: int) -> list[Match]:
    """Clones of a greedy match at ``points`` decisions spread evenly over it."""
    pool = default_pool()
    players = [make_player("greedy", seed), make_player("greedy", seed + 1)]
    _, rec = play_match(pool, decks, players, seed)
    wanted = {round(i * (rec.decisions - 1) / max(points - 1, 1)) for i in range(points)}
    kept: list[Match] = []
    seen = [0]

    def keep(m: Match) -> None:
        if seen[0] in wanted and not m.over:
            kept.append(m.clone())
        seen[0] += 1

    players = [make_player("greedy", seed), make_player("greedy", seed + 1)]
    play_match(pool, decks, players, seed, on_decision=keep)
    return kept


def time_clone(m: Match, calls: int) -> float:
    """Median microseconds of one clone, over ``calls`` calls (timed one by one)."""
    samples = []
    for _ in range(calls):
        start = time.perf_counter()
        m.clone()
        samples.append((time.perf_counter() - start) * 1e6)
    return statistics.median(samples)


def cards_in_play(m: Match) -> int:
    return sum(len(s.attached()) for p in m.players for s in p.in_play())


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=bounded_int(1, 1000, "games"), default=8,
                        help="matches to sample (default 8)")
    parser.add_argument("--points", type=bounded_int(2, 1000, "points"), default=10,
                        help="decisions timed per match (default 10)")
    parser.add_argument("--calls", type=bounded_int(1, 100_000, "calls"), default=200,
                        help="clones timed per decision (default 200)")
    parser.add_argument("--seed", type=bounded_int(0, 2**31, "seed"), default=1,
                        help="the first match's seed (default 1)")
    args = parser.parse_args(argv)
    known = set(deck_names())
    pairs = [p for p in DECK_PAIRS if set(p) <= known]
    per_point: list[dict[str, Any]] = []
    for g in range(args.games):
        names = pairs[g % len(pairs)]
        decks = (load_deck(names[0]), load_deck(names[1]))
        seed = args.seed + g
        states = states_of(decks, seed, args.points)  # in the order they were reached
        for i, m in enumerate(states):
            per_point.append({"game": g, "decks": list(names), "turn": m.turn,
                              "part": i / max(len(states) - 1, 1),
                              "cards_in_play": cards_in_play(m),
                              "us": round(time_clone(m, args.calls), 2)})
    times = [p["us"] for p in per_point]
    deciles = statistics.quantiles(times, n=10) if len(times) > 1 else [times[0]] * 9

    def part(lo: float, hi: float) -> float | None:
        some = [p["us"] for p in per_point if lo <= p["part"] <= hi]
        return round(statistics.median(some), 2) if some else None

    print(json.dumps({
        "python": sys.version.split()[0],
        "games": args.games, "points": len(per_point), "calls_per_point": args.calls,
        "clone_us_median": round(statistics.median(times), 2),
        "clone_us_p10": round(deciles[0], 2), "clone_us_p90": round(deciles[-1], 2),
        "clone_us_by_part": {"start": part(0.0, 0.2), "middle": part(0.4, 0.6),
                             "end": part(0.8, 1.0)},
        "per_point": per_point,
    }, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
