#!/usr/bin/env python3
"""The search player's strength against the greedy player, era by era, and its think time.

Usage::

    python tools/bench_search.py [--levels hard,normal] [--games N] [--eras LIST]
                                 [--league theme|full|mirror] [--iterations N] [--seed N]
                                 [--jobs N]
    python tools/bench_search.py --calibrate [--positions N]
    python tools/bench_search.py --levels greedy        # the league's own balance
    python tools/bench_search.py --oracle               # a search that sees hidden cards
    python tools/bench_search.py --oracle hand          # ... only the opponent's hand
    python tools/bench_search.py --slips 0.2,0          # play-outs whose own play errs
    python tools/bench_search.py --no-cap               # no time cap: games by seed alone

For each era's league and each level it plays ``--games`` games of that level against
``greedy``. The league is the era's two theme decks (``--league theme``, the default:
``theme``, ``platinum_theme``, ``call_of_legends_theme``, ``black_white_theme``) or every
pair of the era's ready-made decks (``--league full``: the deck set ``sim --decks ERA``
plays, its pairs in an order shuffled by the seed), or each theme deck against itself
(``--league mirror``: the search's edge where neither deck is favoured). Every four games
play one pair: each deck for the searching side, in each seat, so every (deck, seat)
pairing is played equally often (a multiple of 4 games balances them). Prints JSON: per era
and level the games, wins, win rate with its 95% Wilson interval, errors, and the median
and 95th percentile of the milliseconds the search player thought per searched decision
(wall clock and the process's CPU time) and per decision of any kind, and how many
decisions the time cap cut short; ``by_deck`` splits the wins by the deck the searching
side played, and ``by_pair`` by that deck and the opponent's ("A vs B": on the full league,
which match-ups the search wins and loses). Progress on stderr.

Three measurements put the figures in context. The pseudo-level ``greedy`` plays greedy in
the searching seat: 0.5 overall by symmetry, and ``by_deck`` shows how lopsided the league's
pairing is (a deck that greedy wins 14% of games with leaves little room). ``--oracle``
makes the searching side cheat: it judges on the true match (the opponent's hand, both
decks' order, the Prizes) instead of a determinization. No player ever does this; it bounds
what a determinized search at that budget could gain from guessing the hidden cards better.
``--oracle hand`` lets it see only the opponent's hand, dealing the rest again from the
opponent's true list (the player deals from its guess of the list, players/belief.py): what
reading the opponent's hand from its play could gain at best.
``--slips OWN,OPPONENT`` makes the greedy play inside the search's play-outs err: a random
main-phase move with the first chance on the searching side's own play, with the second on
the opponent's. It measures how much each side's model of play inside the play-outs is
worth: if worse own-side play costs the search nothing, better play would gain it little.

``--no-cap`` lifts the levels' time caps, so every game depends on its seed alone and two
trees can be compared on the very same games: ``cpu_s_searched`` (the searching side's CPU
seconds over all its searched decisions) then measures a change in think time, and equal
``wins`` and ``searched_decisions`` suggest the same play.

``--calibrate`` times a fixed CPU-bound workload (greedy against greedy on the home theme
decks, one core) and each level's think time on the same ``--positions`` main-phase
decisions, and prints them with the projection for a Raspberry Pi 4 (5-8 times slower per
core; docs/ENGINE.md, "Computer opponents"). Run on a Pi, it measures the Pi itself.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from handheld.cards import DECK_SETS, default_pool, load_deck
from handheld.cliargs import Parser, bounded_float, bounded_int
from handheld.doctor import wilson_interval
from handheld.engine import Choice, Match
from handheld.engine.eras import ERAS
from handheld.players import GreedyPlayer, Player, SearchPlayer, play_match
from handheld.players.hidden import determinize
from handheld.players.search import LEVELS
from handheld.sim import TIME_LIMIT, Progress
from tools.jobs import job_pool

LEAGUES = {"expedition": "theme", "platinum": "platinum_theme",
           "call_of_legends": "call_of_legends_theme", "black_white": "black_white_theme"}
# ``--league full``: the era's whole league, the deck set ``sim --decks ERA`` plays.
FULL_LEAGUES = {era: era for era in LEAGUES}
# --oracle: what the cheating search sees (every hidden card, or the opponent's hand only)
ORACLES = ("all", "hand")
# A Raspberry Pi 4 runs CPython 5-8 times slower per core than the machine the issue was
# measured on (issue 17).
PI4_FACTOR = (5.0, 8.0)
CALIBRATION_GAMES = 200


def pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class SlippingGreedyPlayer(GreedyPlayer):
    """Greedy that makes a random main-phase move with the chance ``slips`` (``--slips``)."""

    def __init__(self, seed: int, slips: float) -> None:
        super().__init__(seed, on_a_guess=True)  # (a play-out's, as the search's own)
        self.slips = slips

    def choose(self, m: Match, choice: Choice) -> int | list[int]:
        if choice.kind == "main" and self.slips and self.rng.random() < self.slips:
            return self.rng.randrange(len(choice.options))
        return super().choose(m, choice)


class DiagnosticSearchPlayer(SearchPlayer):
    """The search with a diagnostic switched on; never a player of the game.

    ``oracle`` (``--oracle``) makes it cheat: ``"all"`` judges on the true match, hidden
    cards and all; ``"hand"`` sees the opponent's hand and deals the other hidden cards
    again, from the opponent's true list. ``slips`` (``--slips OWN,OPPONENT``) makes the
    greedy play inside its play-outs worse on one side or both: a random main-phase move
    with that chance, to measure how much the play-outs' model of each side's play
    matters."""

    def __init__(self, seed: int, level: str, iterations: int | None = None,
                 oracle: str | None = None, slips: tuple[float, float] = (0.0, 0.0),
                 budget_ms: float | None = None) -> None:
        super().__init__(seed, level, iterations=iterations, budget_ms=budget_ms)
        if oracle is not None and oracle not in ORACLES:
            raise ValueError(f"oracle must be one of {', '.join(ORACLES)}, not {oracle!r:.20}")
        self.oracle = oracle
        self.slips = slips

    def _deal(self, m: Match, player: int, rng: random.Random) -> Match:
        if self.oracle == "all":
            return m.clone()
        if self.oracle == "hand":
            return determinize(m, player, rng, pinned=m.players[1 - player].hand)
        return super()._deal(m, player, rng)

    def _playout_players(self, seed: int, me: int) -> tuple[Player, Player]:
        own, opponent = self.slips
        mine = SlippingGreedyPlayer(seed, own)
        theirs = SlippingGreedyPlayer(seed + 1, opponent)
        return (mine, theirs) if me == 0 else (theirs, mine)


def slip_chances(text: str) -> tuple[float, float]:
    """``--slips OWN,OPPONENT``: two chances from 0 to 1."""
    parts = text.split(",")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(
            f"expected two chances OWN,OPPONENT such as 0.2,0, not {text[:40]!r}")
    chance = bounded_float(0.0, 1.0, "a slip chance")
    return chance(parts[0]), chance(parts[1])


def league_pairs(era: str, league: str, seed: int) -> list[tuple[str, str]]:
    """The pairs of decks a run of ``era``'s league plays, in the order it plays them: the
    theme pair alone, every pair of the era's deck set in an order shuffled by ``seed``
    (so a run shorter than the whole round spreads over the league, not its first deck), or
    for ``mirror`` each theme deck against itself."""
    names = DECK_SETS[(FULL_LEAGUES if league == "full" else LEAGUES)[era]]
    if league == "mirror":
        return [(a, a) for a in names]
    pairs = [(a, b) for n, a in enumerate(names) for b in names[n + 1:]]
    if league == "full":
        random.Random(seed).shuffle(pairs)
    return pairs


NO_CAP = float("inf")  # (a budget in milliseconds no decision reaches)


class Job(NamedTuple):
    """One game of a run (sent to a worker process)."""

    era: str
    level: str
    i: int  # the game's number in the run
    seed: int
    iterations: int | None
    oracle: str | None
    league: str
    slips: tuple[float, float]
    no_cap: bool = False  # (--no-cap: no time limit per decision)


def play_one(job: Job) -> dict[str, Any]:
    """One game of ``level`` against greedy in ``era``'s league (game ``i`` of the run):
    every four games play one pair of decks, each deck in each seat once for the searching
    side."""
    era, level, i, seed, iterations, oracle, league, slips, no_cap = job
    pool = default_pool()
    pairs = league_pairs(era, league, seed)
    names = list(pairs[(i // 4) % len(pairs)])
    if (i // 2) % 2:
        names.reverse()
    decks = [load_deck(n) for n in names]
    seat = i % 2
    deck = names[seat]  # the searching side's
    greedy = GreedyPlayer(seed + 7919 * i + 1)
    if level == "greedy":  # the league's balance: greedy in the searching seat
        mirror = GreedyPlayer(seed + 7919 * i)
        players: list[Player] = [mirror, greedy] if seat == 0 else [greedy, mirror]
        _, rec = play_match(pool, decks, players, seed + i, rules=ERAS[era].ruleset,
                            validate=False, time_limit=TIME_LIMIT)
        return {"won": rec.winner == seat, "deck": deck, "opponent": names[1 - seat],
                "result": rec.result, "turns": rec.turns, "searched": [],
                "searched_cpu": [], "every": [], "capped": 0}
    # (without a diagnostic, the game's own player class is what is measured)
    budget = NO_CAP if no_cap else None
    search = DiagnosticSearchPlayer(seed + 7919 * i, level, iterations, oracle, slips, budget) \
        if oracle or any(slips) else SearchPlayer(seed + 7919 * i, level, iterations=iterations,
                                                  budget_ms=budget)
    searched: list[float] = []
    searched_cpu: list[float] = []
    every: list[float] = []
    capped = 0
    choose = search.choose

    def timed(m: Any, choice: Any) -> Any:
        nonlocal capped
        answer = choose(m, choice)
        every.append(search.last_ms)
        if search.last_playouts:
            searched.append(search.last_ms)
            searched_cpu.append(search.last_cpu_ms)
            capped += search.last_capped
        return answer

    search.choose = timed  # type: ignore[method-assign]
    players = [search, greedy] if seat == 0 else [greedy, search]
    try:
        _, rec = play_match(pool, decks, players, seed + i, rules=ERAS[era].ruleset,
                            validate=False, time_limit=TIME_LIMIT)
    except Exception as exc:  # a rules bug: counted, with its seed
        return {"error": f"{type(exc).__name__}: {exc}", "game": i, "searched": searched,
                "searched_cpu": searched_cpu, "every": every, "capped": capped}
    return {"won": rec.winner == seat, "deck": deck, "opponent": names[1 - seat],
            "result": rec.result, "turns": rec.turns, "searched": searched,
            "searched_cpu": searched_cpu, "every": every, "capped": capped}


def run(eras: list[str], levels: list[str], games: int, seed: int, jobs: int,
        iterations: int | None, oracle: str | None = None, league: str = "theme",
        slips: tuple[float, float] = (0.0, 0.0), no_cap: bool = False) -> dict[str, Any]:
    report: dict[str, Any] = {"eras": {}, "errors": 0}
    total = len(eras) * len(levels) * games
    progress = Progress(total, label="games")
    done = 0
    with job_pool(jobs) as pool:
        for era in eras:
            pairs = league_pairs(era, league, seed)
            out: dict[str, Any] = {
                "decks": sorted({d for pair in pairs for d in pair}),
                "pairs_played": min(len(pairs), (games + 3) // 4), "pairs": len(pairs)}
            for level in levels:
                jobs_list = [Job(era, level, i, seed, iterations, oracle, league, slips,
                                 no_cap)
                             for i in range(games)]
                results = []
                for r in pool.imap(play_one, jobs_list):
                    results.append(r)
                    done += 1
                    progress.update(done, f"{era} {level}")
                errors = [r for r in results if "error" in r]
                played = [r for r in results if "error" not in r]
                wins = sum(r["won"] for r in played)
                searched = [t for r in results for t in r["searched"]]
                searched_cpu = [t for r in results for t in r["searched_cpu"]]
                every = [t for r in results for t in r["every"]]
                endings: dict[str, int] = {}
                by_deck: dict[str, dict[str, int]] = {}
                by_pair: dict[str, dict[str, int]] = {}
                for r in played:
                    endings[r["result"]] = endings.get(r["result"], 0) + 1
                    for split, key in ((by_deck, r["deck"]),
                                       (by_pair, f"{r['deck']} vs {r['opponent']}")):
                        tally = split.setdefault(key, {"games": 0, "wins": 0})
                        tally["games"] += 1
                        tally["wins"] += r["won"]
                out[level] = {
                    "games": len(played), "wins": wins,
                    "win_rate": round(wins / len(played), 4) if played else 0.0,
                    "win_rate_95": tuple(round(x, 4) for x in wilson_interval(wins, len(played))),
                    "errors": len(errors), "error_games": [e["game"] for e in errors][:10],
                    "error_messages": sorted({e["error"] for e in errors})[:5],
                    "searched_decisions": len(searched),
                    "median_ms_searched": round(statistics.median(searched), 1)
                    if searched else 0.0,
                    "p95_ms_searched": round(pct(searched, 0.95), 1),
                    "max_ms_searched": round(max(searched), 1) if searched else 0.0,
                    # CPU time of the searching process: on a machine shared with other
                    # work the wall times above count their turns too.
                    "median_cpu_ms_searched": round(statistics.median(searched_cpu), 1)
                    if searched_cpu else 0.0,
                    "p95_cpu_ms_searched": round(pct(searched_cpu, 0.95), 1),
                    "max_cpu_ms_searched": round(max(searched_cpu), 1)
                    if searched_cpu else 0.0,
                    "cpu_s_searched": round(sum(searched_cpu) / 1000.0, 2),
                    # Decisions the time cap stopped before their play-out budget was spent
                    # (then the game depends on the machine's speed, not only its seed).
                    "capped_decisions": sum(r["capped"] for r in results),
                    "median_ms_any": round(statistics.median(every), 2) if every else 0.0,
                    "p95_ms_any": round(pct(every, 0.95), 1),
                    "endings": dict(sorted(endings.items())),
                    "by_deck": dict(sorted(by_deck.items())),
                    "by_pair": dict(sorted(by_pair.items())),
                }
                report["errors"] += len(errors)
            report["eras"][era] = out
    return report


def calibrate(positions: int) -> dict[str, Any]:
    """This machine's time for a fixed workload, each level's think time on the same
    ``positions`` main-phase decisions of a fixed greedy game, and the Raspberry Pi 4
    projection of both (scaled by the 5-8x factor). On a Pi, the figures measured are its
    own."""
    pool = default_pool()
    decks = [load_deck(n) for n in DECK_SETS["theme"]]
    t0 = time.perf_counter()
    for g in range(CALIBRATION_GAMES):
        play_match(pool, decks, [GreedyPlayer(g), GreedyPlayer(g + 1)], g, validate=False)
    workload_ms = (time.perf_counter() - t0) * 1000.0
    spots = _main_positions(positions)
    levels = {}
    for name, level in LEVELS.items():
        if not level.iterations:
            continue
        times = []
        for n, m in enumerate(spots):
            player = SearchPlayer(n, name)
            player.choose(m, m.pending)
            times.append(player.last_ms)
        med = statistics.median(times) if times else 0.0
        p95 = pct(times, 0.95)
        levels[name] = {"iterations": level.iterations, "cap_ms": level.budget_ms,
                        "median_ms": round(med, 1), "p95_ms": round(p95, 1),
                        "median_ms_pi4": [round(med * f) for f in PI4_FACTOR],
                        "p95_ms_pi4": [round(p95 * f) for f in PI4_FACTOR]}
    return {"workload": f"{CALIBRATION_GAMES} greedy-vs-greedy games, home theme decks",
            "workload_ms": round(workload_ms), "pi4_factor": list(PI4_FACTOR),
            "workload_ms_pi4": [round(workload_ms * f) for f in PI4_FACTOR],
            "positions": len(spots), "levels": levels}


def _main_positions(count: int) -> list[Any]:
    """Main-phase decisions with at least three options from greedy games of the home
    theme decks (turn 3 on), copies taken as they came."""
    import random

    from handheld.engine import Chance, Match

    pool = default_pool()
    decks = [load_deck(n) for n in DECK_SETS["theme"]]
    out: list[Any] = []
    seed = 0
    while len(out) < count and seed < 1000:
        m = Match(pool, decks, record_log=False, validate=False)
        rng = random.Random(seed)
        players = [GreedyPlayer(seed), GreedyPlayer(seed + 1)]
        while not m.over and len(out) < count:
            d = m.pending
            if isinstance(d, Chance):
                m.resolve(d.sample(rng))
                continue
            assert d is not None
            if d.kind == "main" and m.turn >= 3 and len(d.options) >= 3 and m.turn % 3 == 0:
                out.append(m.clone())
            m.apply(players[d.player].choose(m, d))
        seed += 1
    return out


def main(argv: list[str] | None = None) -> int:
    ap = Parser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--levels", default="hard,normal",
                    help="comma-separated levels (easy, normal, hard, expert)")
    ap.add_argument("--eras", default=",".join(LEAGUES),
                    help=f"comma-separated eras (default: {','.join(LEAGUES)})")
    ap.add_argument("--games", type=bounded_int(1, 100_000, "games"), default=40,
                    help="games per era and level (default 40)")
    ap.add_argument("--iterations", type=bounded_int(1, 100_000, "iterations"), default=None,
                    help="play-outs per decision instead of the level's")
    ap.add_argument("--seed", type=bounded_int(0, 2**31, "seed"), default=0)
    ap.add_argument("--jobs", type=bounded_int(1, 256, "jobs"), default=1)
    ap.add_argument("--league", choices=("theme", "full", "mirror"), default="theme",
                    help="theme: the era's theme pair; full: every pair of the era's decks "
                    "(the league sim --decks ERA plays); mirror: each theme deck against "
                    "itself")
    ap.add_argument("--oracle", nargs="?", const="all", choices=ORACLES, default=None,
                    help="diagnostic: the search sees the hidden cards (all, the default: an "
                    "upper bound) or only the opponent's hand (hand)")
    ap.add_argument("--slips", type=slip_chances, default=(0.0, 0.0), metavar="OWN,OPPONENT",
                    help="diagnostic: the greedy play inside the search's play-outs makes a "
                    "random main-phase move with these chances, for its own side and the "
                    "opponent's (e.g. 0.2,0)")
    ap.add_argument("--no-cap", action="store_true",
                    help="no time cap per decision: every game depends on its seed alone "
                    "(to compare two trees' think time on the same games)")
    ap.add_argument("--calibrate", action="store_true",
                    help="time a fixed workload; project think times to a Raspberry Pi 4")
    ap.add_argument("--positions", type=bounded_int(1, 1000, "positions"), default=12,
                    help="decisions each level thinks about in --calibrate (default 12)")
    args = ap.parse_args(argv)
    if args.calibrate:
        print(json.dumps(calibrate(args.positions), indent=2))
        return 0
    levels = [x for x in args.levels.split(",") if x]
    eras = [x for x in args.eras.split(",") if x]
    bad = [x for x in levels if x not in LEVELS and x != "greedy"] \
        + [x for x in eras if x not in LEAGUES]
    if bad:
        print(f"error: unknown level or era: {', '.join(bad)}", file=sys.stderr)
        return 2
    report = run(eras, levels, args.games, args.seed, args.jobs, args.iterations, args.oracle,
                 args.league, args.slips, args.no_cap)
    report["settings"] = {"levels": levels, "eras": eras, "games": args.games,
                          "league": args.league,
                          "oracle": args.oracle, "slips": list(args.slips),
                          "no_cap": args.no_cap,
                          "seed": args.seed, "jobs": args.jobs,
                          "iterations": args.iterations,
                          "budgets": {lv: {"iterations": LEVELS[lv].iterations,
                                           "budget_ms": LEVELS[lv].budget_ms}
                                      for lv in levels if lv in LEVELS}}
    print(json.dumps(report, indent=2))
    return 1 if report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
