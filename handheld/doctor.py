"""The deck doctor (``python -m handheld doctor DECK``): one deck against a gauntlet of
decks, with the sim's machinery (one :class:`~handheld.sim.SimSpec` per opponent, its games
counted in a :class:`~handheld.sim.Tally`, ``jobs`` processes), and a report per opponent:
the win rate with a 95% Wilson interval, Prizes taken by each side, turns, how games ended.

Against each opponent the two decks change seats every game (``SimSpec.both_seats``), so
each deck goes first as often as second; both seats are played by the same kind of player,
so the figures measure the decks, not the players. Game ``i`` against every opponent uses
seed ``seed + i``, so any game can be replayed alone (``sim`` with the same decks).

This module draws nothing: the PNG chart of a report is ``handheld.ui.charts``.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, Any

from .sim import Progress, SimSpec, Tally, card_spec, play_games

# How a game ended, from a match's result (``Match.result``: "prizes", "no_pokemon",
# "deck_out", "time", or a word a card's effect set, such as "lost_world"; a game that ended
# two ways at once joins them with "+", and counts here by the first of these that applies).
END_REASONS = ("prizes", "bench_out", "deck_out", "time", "card_effect")
_REASON_OF = {"prizes": "prizes", "no_pokemon": "bench_out", "deck_out": "deck_out",
              "time": "time"}
SHORT = {"prizes": "prizes", "bench_out": "bench", "deck_out": "deck", "time": "time",
         "card_effect": "effect"}
# A gauntlet longer than this is a typo (every ready-made deck of one era is fewer).
MAX_OPPONENTS = 64
Z_95 = 1.959963984540054  # the normal quantile of 0.975


def end_reason(result: str) -> str:
    """The report's name for how a game ended (one of :data:`END_REASONS`)."""
    parts = result.split("+")
    for reason in ("prizes", "no_pokemon", "deck_out", "time"):
        if reason in parts:
            return _REASON_OF[reason]
    return "card_effect"


def wilson_interval(wins: int, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default): unlike the normal
    approximation it stays within [0, 1] and is sensible at 0 or ``games`` wins and for few
    games. No games: the whole range."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Gauntlet:
    """What a doctor's run plays: our deck and each opponent, by label and card list."""

    deck: tuple[str, tuple[str, ...]]
    opponents: tuple[tuple[str, tuple[str, ...]], ...]
    era: str
    player: str
    games: int  # per opponent
    seed: int

    def specs(self) -> list[SimSpec]:
        """One sim spec per opponent: our deck against it, seats changing every game. An
        opponent with our deck's label (a mirror match) is labelled apart, since the tally
        counts by label."""
        ours, cards = self.deck
        out = []
        for name, theirs in self.opponents:
            label = f"{name} (mirror)" if name == ours else name
            out.append(card_spec([cards, theirs], [self.player, self.player], self.games,
                                 self.seed, deck_names=[ours, label], era=self.era,
                                 both_seats=True))
        return out


class _Offset:
    """A progress bar over all opponents' games, updated by runs of one opponent each."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.offset = 0

    def update(self, done: int, extra: str = "") -> None:
        self.progress.update(self.offset + done, extra)


def run_doctor(gauntlet: Gauntlet, *, jobs: int = 1, pool: Any = None,
               progress_stream: IO[str] | None = None) -> dict[str, Any]:
    """Play every opponent's games and return the report as plain data (JSON-ready). With
    ``progress_stream`` a progress bar over all the games goes there."""
    progress = None
    if progress_stream is not None:
        progress = _Offset(Progress(gauntlet.games * len(gauntlet.opponents), progress_stream))
    t0 = time.perf_counter()
    rows: list[dict[str, Any]] = []
    tallies: list[tuple[SimSpec, Tally]] = []
    for spec in gauntlet.specs():
        tally = play_games(spec, range(spec.games), jobs=jobs, pool=pool,
                           progress=progress)  # type: ignore[arg-type]
        if progress is not None:
            progress.offset += spec.games
        tallies.append((spec, tally))
        rows.append(opponent_row(spec, tally))
    seconds = time.perf_counter() - t0
    games = sum(t.played for _, t in tallies)
    return {
        "deck": gauntlet.deck[0],
        "era": gauntlet.era,
        "players": gauntlet.player,
        "games_per_opponent": gauntlet.games,
        "seed": gauntlet.seed,
        "seats": "alternating",
        "opponents": rows,
        "overall": overall_row(rows, tallies),
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1) if seconds else 0.0,
        "run": {"jobs": jobs},
    }


def _rates(wins: int, losses: int, ties: int) -> dict[str, Any]:
    decided = wins + losses + ties
    # A tie (a drawn game, if an era ever has them) counts as half a win in the rate.
    score = wins + ties / 2
    low, high = wilson_interval(round(score), decided) if decided else (0.0, 1.0)
    return {"win_rate": round(score / decided, 4) if decided else 0.0,
            "ci95": [round(low, 4), round(high, 4)]}


def opponent_row(spec: SimSpec, tally: Tally) -> dict[str, Any]:
    """One opponent's line of the report, from the tally of its games."""
    ours, theirs = spec.sides
    completed = sum(tally.results.values())
    wins, losses, ties = tally.side_wins[ours], tally.side_wins[theirs], tally.draws
    ended = Counter(end_reason(r) for r in tally.results.elements())
    turns = sum(t * n for t, n in tally.turns.items())
    return {
        "opponent": theirs,
        "games": tally.played,
        "completed": completed,
        "errors": tally.errors,
        "wins": wins, "losses": losses, "ties": ties,
        **_rates(wins, losses, ties),
        "prizes_taken": {"deck": _mean(tally.side_prizes[ours], completed),
                         "opponent": _mean(tally.side_prizes[theirs], completed)},
        "turns": _mean(turns, completed),
        "ended_by": {reason: ended[reason] for reason in END_REASONS},
        "sudden_death_games": tally.sudden_deaths,
        "error_samples": tally.error_samples,
    }


def overall_row(rows: Sequence[dict[str, Any]],
                tallies: Sequence[tuple[SimSpec, Tally]]) -> dict[str, Any]:
    """Every opponent's games together (each opponent weighs by its games)."""
    completed = sum(r["completed"] for r in rows)
    wins = sum(r["wins"] for r in rows)
    losses = sum(r["losses"] for r in rows)
    ties = sum(r["ties"] for r in rows)
    ours = sum(t.side_prizes[s.sides[0]] for s, t in tallies)
    theirs = sum(t.side_prizes[s.sides[1]] for s, t in tallies)
    turns = sum(t * n for _, tally in tallies for t, n in tally.turns.items())
    return {
        "games": sum(r["games"] for r in rows),
        "completed": completed,
        "errors": sum(r["errors"] for r in rows),
        "wins": wins, "losses": losses, "ties": ties,
        **_rates(wins, losses, ties),
        "prizes_taken": {"deck": _mean(ours, completed), "opponent": _mean(theirs, completed)},
        "turns": _mean(turns, completed),
        "ended_by": {reason: sum(r["ended_by"][reason] for r in rows) for reason in END_REASONS},
    }


def _mean(total: float, count: int) -> float:
    return round(total / count, 3) if count else 0.0


def format_report(report: dict[str, Any]) -> str:
    """The report as a table for a terminal."""
    head = (f"Deck doctor: {report['deck']} against {len(report['opponents'])} decks "
            f"({report['era']} rules, {report['players']} players on both sides, "
            f"{report['games_per_opponent']} games each, seats alternating)")
    columns = (f"{'opponent':<22} {'games':>5} {'win %':>6} {'95% CI':>13}  "
               f"{'prizes':>9} {'turns':>6}  " + " ".join(f"{SHORT[r]:>6}" for r in END_REASONS))
    lines = [head, "", columns]
    for row in [*report["opponents"], {**report["overall"], "opponent": "overall"}]:
        low, high = row["ci95"]
        prizes = f"{row['prizes_taken']['deck']:.1f}-{row['prizes_taken']['opponent']:.1f}"
        ends = " ".join(f"{row['ended_by'][r]:>6}" for r in END_REASONS)
        name = row["opponent"] if len(row["opponent"]) <= 22 else row["opponent"][:21] + "~"
        if row["opponent"] == "overall":
            lines.append("-" * len(columns))
        lines.append(f"{name:<22} {row['completed']:>5} {100 * row['win_rate']:>6.1f} "
                     f"{f'{100 * low:.1f}-{100 * high:.1f}':>13}  {prizes:>9} "
                     f"{row['turns']:>6.1f}  {ends}")
    errors = report["overall"]["errors"]
    lines.append("")
    lines.append("prizes: average Prizes taken (this deck-opponent); how games ended: by "
                 "Prizes, bench out, deck out, time, a card's effect"
                 + (f"; {errors} games failed (rules errors)" if errors else ""))
    return "\n".join(lines)
