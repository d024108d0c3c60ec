"""Simulations: many whole games between two players, with statistics (``python -m handheld
sim``), of the card game or of Legend Pieces (``--game pieces``). Game ``i`` uses seed
``seed + i``, so any single game can be replayed alone.

Because a game depends only on its index, a run can be split: over worker processes
(``jobs``) or into shards run anywhere (``shard=(i, n)`` plays games ``i - 1``, ``i - 1 + n``,
...). Each part counts its games in a :class:`Tally`, which adds up exactly, so the parts'
merged statistics are the whole run's (the timings aside)."""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import random
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, fields
from typing import IO, Any

from .engine import CardPool, Era, InvalidDeck
from .engine.eras import HOME, playable_era
from .players import make_player, play_match


class Progress:
    """A one-line progress bar on a terminal, or a line every few seconds otherwise."""

    def __init__(self, total: int, stream: IO[str] = sys.stderr, label: str = "games") -> None:
        self.total = total
        self.stream = stream
        self.label = label
        self.start = time.perf_counter()
        self.last = 0.0
        self.tty = hasattr(stream, "isatty") and stream.isatty()

    def update(self, done: int, extra: str = "") -> None:
        now = time.perf_counter()
        if done < self.total and now - self.last < (0.2 if self.tty else 5.0):
            return
        self.last = now
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (self.total - done) / rate if rate > 0 else 0.0
        width = 30
        filled = int(width * done / max(1, self.total))
        bar = "#" * filled + "." * (width - filled)
        line = (f"[{bar}] {done}/{self.total} {self.label}  {rate:.0f}/s  "
                f"ETA {eta:.0f}s {extra}")
        if self.tty:
            self.stream.write("\r" + line)
            if done >= self.total:
                self.stream.write("\n")
        else:
            self.stream.write(line + "\n")
        self.stream.flush()


# A tournament's time limit, in decisions: a game of two computer players is over in a few
# hundred; one still going after this many is a stalemate only time ends
# (``players.play_match``), not an engine error.
TIME_LIMIT = 20_000

# What a shard's JSON file says it is, so ``sim merge`` can refuse any other JSON.
SHARD_FORMAT = "pocket-tcg sim shard"
# Version 2: the tally counts the Prizes each side took (``side_prizes``).
SHARD_VERSION = 2
# Error samples kept (the first ones by game index, so a merge keeps the same ones).
ERROR_SAMPLES = 10
# The statistics that come from the clock, not from the games: they differ between runs.
TIMING_KEYS = ("seconds", "games_per_second", "decisions_per_second", "median_us_per_decision",
               "run")


@dataclass(frozen=True)
class SimSpec:
    """What a simulation plays, as plain data: any process given the same spec plays the
    same game ``i``. ``sides`` are the decks' (or armies') labels; ``decks`` the card lists
    (the card game only)."""

    game: str  # "tcg" or "pieces"
    players: tuple[str, str]
    games: int
    seed: int
    alternate: bool
    era: str
    sides: tuple[str, ...]
    decks: tuple[tuple[str, ...], ...] = ()
    # Two decks that change seats every game (the deck doctor's pairing: each deck goes
    # first as often as second), instead of keeping them, as a run of two decks does.
    both_seats: bool = False

    def settings(self) -> dict[str, Any]:
        """The spec as JSON, for a shard file; a merge accepts only equal settings. The
        decks go in as a digest of their cards: two machines whose deck files of one name
        differ do not play the same games."""
        digest = hashlib.sha256(json.dumps(self.decks).encode()).hexdigest()[:16]
        settings = {"game": self.game, "players": list(self.players), "games": self.games,
                    "seed": self.seed, "alternate": self.alternate, "era": self.era,
                    "sides": list(self.sides), "decks_sha256": digest}
        if self.both_seats:  # only when set: a usual run's settings stay as they were
            settings["both_seats"] = True
        return settings

    def names(self) -> list[str]:
        return [f"{self.players[0]}#1", f"{self.players[1]}#2"]


@dataclass
class Tally:
    """The counts of some of a run's games, which add up (:meth:`merge`) in any order to
    those of all of them. Lengths are histograms, so medians survive the merge."""

    played: int = 0  # games finished or failed
    wins: Counter[str] = field(default_factory=Counter)
    wins_by_seat: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    results: Counter[str] = field(default_factory=Counter)
    turns: Counter[int] = field(default_factory=Counter)
    decisions: Counter[int] = field(default_factory=Counter)
    chances: int = 0
    sudden_deaths: int = 0
    time_called: int = 0
    side_games: Counter[str] = field(default_factory=Counter)
    side_wins: Counter[str] = field(default_factory=Counter)
    player_sides: Counter[str] = field(default_factory=Counter)  # "player\tside" -> games
    # Prizes each side took in the game that decided the match (a Sudden Death game has
    # one each), so a side's mean is ``side_prizes[s] / side_games[s]``.
    side_prizes: Counter[str] = field(default_factory=Counter)
    errors: int = 0
    error_samples: list[dict[str, Any]] = field(default_factory=list)
    # Microseconds per decision of each game, in tenths (a timing, not a result).
    tenth_us_per_decision: Counter[int] = field(default_factory=Counter)
    seconds: float = 0.0
    processes: int = 1  # that played these games (a merge adds them up)

    def add_error(self, i: int, seed: int, swap: bool, exc: Exception) -> None:
        self.played += 1
        self.errors += 1
        if len(self.error_samples) < ERROR_SAMPLES:
            self.error_samples.append({"game": i, "seed": seed, "swap": swap,
                                       "error": f"{type(exc).__name__}: {exc}",
                                       "where": traceback.format_exc(limit=3).splitlines()[-3:]})

    def add_game(self, turns: int, decisions: int, chances: int, result: str,
                 seconds: float) -> None:
        self.played += 1
        self.results[result] += 1
        self.turns[turns] += 1
        self.decisions[decisions] += 1
        self.chances += chances
        if decisions:
            self.tenth_us_per_decision[round(1e7 * seconds / decisions)] += 1

    def merge(self, other: Tally) -> None:
        self.played += other.played
        tables: list[tuple[Counter[Any], Counter[Any]]] = [
            (self.wins, other.wins), (self.results, other.results),
            (self.turns, other.turns), (self.decisions, other.decisions),
            (self.side_games, other.side_games), (self.side_wins, other.side_wins),
            (self.player_sides, other.player_sides), (self.side_prizes, other.side_prizes),
            (self.tenth_us_per_decision, other.tenth_us_per_decision)]
        for mine, theirs in tables:
            mine.update(theirs)
        self.wins_by_seat = [a + b for a, b in zip(self.wins_by_seat, other.wins_by_seat,
                                                   strict=True)]
        self.draws += other.draws
        self.chances += other.chances
        self.sudden_deaths += other.sudden_deaths
        self.time_called += other.time_called
        self.errors += other.errors
        samples = sorted(self.error_samples + other.error_samples, key=lambda e: e["game"])
        self.error_samples = samples[:ERROR_SAMPLES]
        self.seconds += other.seconds
        self.processes += other.processes

    def to_json(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        for key, value in data.items():
            if isinstance(value, Counter):  # JSON keys are strings; sorted for diffs
                data[key] = {str(k): n for k, n in sorted(value.items())}
        return data

    @classmethod
    def from_json(cls, data: Any) -> Tally:
        """A tally read back from a shard file; anything but what :meth:`to_json` writes
        is refused with a ``ValueError`` that says what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("its tally is not an object")
        tally = cls()
        known = {f.name: f for f in fields(cls)}
        if set(data) != set(known):
            missing = sorted(set(known) - set(data)) or sorted(set(data) - set(known))
            raise ValueError(f"its tally does not have the expected fields ({missing[0]})")
        for name, value in data.items():
            current = getattr(tally, name)
            if isinstance(current, Counter):
                int_keys = name in ("turns", "decisions", "tenth_us_per_decision")
                setattr(tally, name, Counter(_counts(name, value, int_keys)))
            elif name == "wins_by_seat":
                if not (isinstance(value, list) and len(value) == 2
                        and all(_count(v) for v in value)):
                    raise ValueError("its tally's wins_by_seat is not two counts")
                tally.wins_by_seat = list(value)
            elif name == "error_samples":
                if not (isinstance(value, list) and len(value) <= ERROR_SAMPLES and all(
                        isinstance(e, dict) and _count(e.get("game")) for e in value)):
                    raise ValueError("its tally's error_samples are not error samples")
                tally.error_samples = value
            elif name == "seconds":
                if not isinstance(value, int | float) or not 0 <= value < 1e12:
                    raise ValueError("its tally's seconds is not a time")
                tally.seconds = float(value)
            else:
                if not _count(value):
                    raise ValueError(f"its tally's {name} is not a count")
                setattr(tally, name, value)
        if sum(tally.results.values()) + tally.errors != tally.played:
            raise ValueError("its tally does not add up (results and errors against games)")
        return tally


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _counts(name: str, value: Any, int_keys: bool) -> dict[Any, int]:
    if not isinstance(value, dict) or not all(_count(n) for n in value.values()):
        raise ValueError(f"its tally's {name} is not a table of counts")
    if not int_keys:
        return dict(value)
    try:
        return {int(k): n for k, n in value.items()}
    except ValueError:
        raise ValueError(f"its tally's {name} has a key that is not a number") from None


# ------------------------------------------------------------------ one game of each kind


@dataclass
class _Table:
    """What a process needs to play a spec's games, made once per process."""

    spec: SimSpec
    pool: CardPool | None = None
    ruleset: Any = None
    piece_game: Any = None
    decks: list[list[str]] = field(default_factory=list)
    pairs: list[tuple[int, int]] = field(default_factory=list)

    def play(self, i: int, tally: Tally) -> None:
        if self.spec.game == "pieces":
            self._play_pieces(i, tally)
        else:
            self._play_cards(i, tally)

    def _play_cards(self, i: int, tally: Tally) -> None:
        spec = self.spec
        assert self.pool is not None
        pairs = self.pairs
        a, b = pairs[i % len(pairs)]
        swap = spec.alternate and (i // len(pairs)) % 2 == 1
        # The decks keep their seats and the players change places, so on a swapped game
        # each player plays the other deck: over the run each player plays each deck equally
        # often, and a deck's win rate is not its usual player's strength.
        seat_decks = (a, b)
        seats = [1, 0] if swap else [0, 1]  # seat -> player index
        game_players = [make_player(spec.players[seats[s]], spec.seed + i + 7919 * (s + 1))
                        for s in (0, 1)]
        g0 = time.perf_counter()
        try:
            match, rec = play_match(self.pool, (self.decks[a], self.decks[b]),
                                game_players, spec.seed + i, validate=False,
                                rules=self.ruleset, time_limit=TIME_LIMIT)
        except Exception as exc:  # a rules bug: count it, keep the seed, carry on
            tally.add_error(i, spec.seed + i, swap, exc)
            return
        g1 = time.perf_counter()
        assert rec.winner is not None
        names = spec.names()
        tally.wins[names[seats[rec.winner]]] += 1
        for s, d in enumerate(seat_decks):
            tally.side_games[spec.sides[d]] += 1
            tally.player_sides[f"{names[seats[s]]}\t{spec.sides[d]}"] += 1
        tally.side_wins[spec.sides[seat_decks[rec.winner]]] += 1
        for s, d in enumerate(seat_decks):
            # A player takes Prizes from their own pile: what is left of it was not taken.
            # A match that ended before its first turn laid out no Prizes to take.
            left = len(match.players[s].prizes)
            if match.turn:
                tally.side_prizes[spec.sides[d]] += max(0, match.prize_count - left)
        tally.wins_by_seat[rec.winner] += 1
        tally.sudden_deaths += rec.sudden_death
        tally.time_called += bool(rec.time_called)
        tally.add_game(rec.turns, rec.decisions, rec.chances, rec.result, g1 - g0)

    def _play_pieces(self, i: int, tally: Tally) -> None:
        from .pieces import PieceMatch
        from .players import drive

        spec = self.spec
        swap = spec.alternate and i % 2 == 1
        seats = [1, 0] if swap else [0, 1]  # seat -> player index
        game_players = [make_player(spec.players[seats[s]], spec.seed + i + 7919 * (s + 1))
                        for s in (0, 1)]
        choosers: list[Callable[[Any, Any], Any]] = [p.choose for p in game_players]
        g0 = time.perf_counter()
        try:
            # The sides are the armies, with "#1"/"#2" when both seats have the same one.
            state = self.piece_game.new_state([a.split("#")[0] for a in spec.sides], spec.era)
            assert isinstance(state, PieceMatch)
            made, drawn = drive(state, choosers, random.Random(spec.seed + i),
                                seed=spec.seed + i)
        except Exception as exc:  # a rules bug: count it, keep the seed, carry on
            tally.add_error(i, spec.seed + i, swap, exc)
            return
        g1 = time.perf_counter()
        names = spec.names()
        for s in (0, 1):
            tally.player_sides[f"{names[seats[s]]}\t{spec.sides[s]}"] += 1
            tally.side_games[spec.sides[s]] += 1
        if state.winner is None:
            tally.draws += 1
        else:
            tally.wins[names[seats[state.winner]]] += 1
            tally.wins_by_seat[state.winner] += 1
            tally.side_wins[spec.sides[state.winner]] += 1
        tally.add_game(state.turn, made, drawn, state.result, g1 - g0)


def _table(spec: SimSpec, pool: CardPool | None = None) -> _Table:
    if spec.game == "pieces":
        from .games import game as registered_game

        return _Table(spec, piece_game=registered_game("pieces"))
    if pool is None:  # a worker process: a pool's scripts are closures and do not pickle
        from .cards import default_pool

        pool = default_pool()
    n = len(spec.decks)
    pairs = [(0, 1)] if n == 2 and not spec.both_seats else \
        [(a, b) for a in range(n) for b in range(n) if a != b]
    return _Table(spec, pool=pool, ruleset=playable_era(spec.era).ruleset,
                  decks=[list(d) for d in spec.decks], pairs=pairs)


# ------------------------------------------------------------------ running a share of games


def shard_indices(games: int, shard: tuple[int, int] | None) -> range:
    """The game indices shard ``(i, n)`` plays (``i`` from 1 to ``n``): every ``n``-th game
    from ``i - 1``, so each shard gets its share of a league's pairings and seats."""
    if shard is None:
        return range(games)
    index, count = shard
    if not 1 <= index <= count:
        raise ValueError(f"shard {index}/{count}: the index must be from 1 to {count}")
    return range(index - 1, games, count)


_WORKER_TABLES: dict[SimSpec, _Table] = {}


def _worker_start() -> None:
    # Ctrl-C goes to the whole process group: the parent stops the run, the workers only
    # finish their chunk (no traceback per worker).
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_chunk(spec: SimSpec, indices: range) -> tuple[int, Tally]:
    """A worker's job: the games ``indices`` of ``spec``, counted, with the worker's
    process id."""
    table = _WORKER_TABLES.get(spec)
    if table is None:
        table = _WORKER_TABLES[spec] = _table(spec)
    tally = Tally()
    t0 = time.perf_counter()
    for i in indices:
        table.play(i, tally)
    tally.seconds = time.perf_counter() - t0
    return os.getpid(), tally


def play_games(spec: SimSpec, indices: range, *, jobs: int = 1,
               progress: Progress | None = None, pool: CardPool | None = None) -> Tally:
    """Play the games ``indices`` of ``spec`` in this process (``jobs`` 1) or in ``jobs``
    worker processes, and count them. The tally is the same either way; its ``seconds`` is
    the wall time. Forked workers play with ``pool`` (Linux); workers started otherwise load
    the default card pool, since a pool's scripts are closures, which do not pickle."""
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    t0 = time.perf_counter()
    if jobs == 1 or len(indices) <= 1:
        table = _table(spec, pool)
        tally = Tally()
        for done, i in enumerate(indices, 1):
            table.play(i, tally)
            if progress is not None:
                progress.update(done, f"errors {tally.errors}" if tally.errors else "")
        tally.seconds = time.perf_counter() - t0
        return tally
    # Chunks small enough for a live progress bar and an even finish, large enough that
    # sending them costs nothing next to the games.
    size = max(1, min(200, len(indices) // (jobs * 8)))
    chunks = [indices[k:k + size] for k in range(0, len(indices), size)]
    total = Tally()
    workers: set[int] = set()
    done = 0
    # Forked workers inherit this process's table (its pool, not a reloaded default one);
    # they start at the first submit, after this.
    forked = multiprocessing.get_start_method() == "fork"
    if forked:
        _WORKER_TABLES[spec] = _table(spec, pool)
    executor = ProcessPoolExecutor(max_workers=min(jobs, len(chunks)),
                                   initializer=_worker_start)
    try:
        futures = [executor.submit(_play_chunk, spec, chunk) for chunk in chunks]
        for future in as_completed(futures):
            worker, part = future.result()
            workers.add(worker)
            total.merge(part)
            done += part.played
            if progress is not None:
                progress.update(done, f"errors {total.errors}" if total.errors else "")
    finally:
        executor.shutdown(wait=True, cancel_futures=True)
        if forked:
            _WORKER_TABLES.pop(spec, None)
    total.seconds = time.perf_counter() - t0
    total.processes = len(workers)
    return total


# ------------------------------------------------------------------ statistics


def card_spec(decks: Sequence[Sequence[str]], players: Sequence[str], games: int, seed: int,
              *, alternate: bool = False, deck_names: Sequence[str] | None = None,
              era: str = HOME.key, both_seats: bool = False) -> SimSpec:
    """The spec of a card-game run. ``both_seats`` (two decks only) has the decks change
    seats every game, so each goes first as often as second."""
    if len(decks) < 2:
        raise ValueError("a simulation needs at least two decks")
    if both_seats and len(decks) != 2:
        raise ValueError("both_seats is for two decks (a league already plays both seats)")
    labels = list(deck_names) if deck_names else [f"deck{i + 1}" for i in range(len(decks))]
    return SimSpec("tcg", (players[0], players[1]), games, seed, alternate, era,
                   tuple(labels), tuple(tuple(d) for d in decks), both_seats)


def piece_spec(players: Sequence[str], games: int, seed: int, *,
               armies: Sequence[str] | None = None, alternate: bool = False) -> SimSpec:
    from .games import game as registered_game
    from .pieces import ERA
    from .pieces.data import DEFAULT_ARMIES

    pair = tuple(armies) if armies is not None else DEFAULT_ARMIES
    registered_game("pieces").new_state(list(pair), ERA)  # a wrong army is refused here
    # An army's statistics are its seat's; the same army on both seats gets two labels.
    labels = list(pair) if pair[0] != pair[1] else [f"{pair[0]}#1", f"{pair[1]}#2"]
    return SimSpec("pieces", (players[0], players[1]), games, seed, alternate, ERA,
                   tuple(labels))


def statistics_of(spec: SimSpec, tally: Tally, games: int,
                  run: dict[str, Any] | None = None) -> dict[str, Any]:
    """A run's statistics as plain data (JSON-ready) from the tally of its ``games``."""
    names = spec.names()
    labels = list(spec.sides)
    played = sum(tally.results.values())
    win_rate = {n: round(tally.wins[n] / played, 4) if played else 0.0 for n in names}
    by_player = {p: {s: tally.player_sides[f"{p}\t{s}"] for s in labels} for p in names}
    common: dict[str, Any] = {
        "games": games,
        "completed": played,
        "errors": tally.errors,
        "error_samples": tally.error_samples,
        "players": names,
        "era": spec.era,
        "seed": spec.seed,
    }
    if spec.game == "pieces":
        out = {
            "game": "pieces", **common,
            "alternate_armies": spec.alternate,
            "wins": {n: tally.wins[n] for n in names},
            "win_rate": win_rate,
            "draws": tally.draws,
            "wins_by_seat": {"seat1": tally.wins_by_seat[0], "seat2": tally.wins_by_seat[1]},
            "armies": labels,
            # Each seat plays one army all run long, so an army's games are all games.
            "army_win_rate": {a: round(tally.side_wins[a] / played, 4) if played else 0.0
                              for a in labels},
            "games_by_player_and_army": by_player,
            "results": dict(sorted(tally.results.items())),
        }
    else:
        out = {
            **common,
            "alternate_decks": spec.alternate,
            "wins": {n: tally.wins[n] for n in names},
            "win_rate": win_rate,
            "wins_by_seat": {"seat1": tally.wins_by_seat[0], "seat2": tally.wins_by_seat[1]},
            "decks": labels,
            "deck_win_rate": {d: round(tally.side_wins[d] / tally.side_games[d], 4)
                              if tally.side_games[d] else 0.0 for d in labels},
            "games_by_player_and_deck": by_player,
            "results": dict(sorted(tally.results.items())),
            "sudden_death_games": tally.sudden_deaths,
            # Games a tournament's time limit ended (TIME_LIMIT decisions: a stalemate).
            "time_called_games": tally.time_called,
            # Prizes a deck took per game it played (in the game that decided the match).
            "deck_prizes_per_game": {d: round(tally.side_prizes[d] / tally.side_games[d], 3)
                                     if tally.side_games[d] else 0.0 for d in labels},
        }
    median_tenths = _median(tally.tenth_us_per_decision)
    total_decisions = sum(d * n for d, n in tally.decisions.items())
    seconds = tally.seconds
    out.update({
        "turns": _summary(tally.turns),
        "decisions_per_game": _summary(tally.decisions),
        "decisions": total_decisions,
        "chance_outcomes": tally.chances,
        "seconds": round(seconds, 3),
        "games_per_second": round(played / seconds, 1) if seconds else 0.0,
        "decisions_per_second": round(total_decisions / seconds) if seconds else 0,
        "median_us_per_decision": round(median_tenths / 10, 2)
        if median_tenths is not None else None,
        # How the run was made: processes, a shard, or a merge of shards.
        "run": {**(run or {"jobs": 1}), "processes": tally.processes},
    })
    return out


def _median(histogram: Counter[int]) -> float | None:
    """The median of the values a histogram counts (as ``statistics.median`` would give)."""
    count = sum(histogram.values())
    if not count:
        return None
    middle: list[int] = []
    seen = 0
    for value, n in sorted(histogram.items()):
        # The 0-based positions count // 2 (odd), or count // 2 - 1 and count // 2 (even).
        for position in ((count // 2,) if count % 2 else (count // 2 - 1, count // 2)):
            if seen <= position < seen + n:
                middle.append(value)
        seen += n
    return middle[0] if len(middle) == 1 else (middle[0] + middle[1]) / 2


def _summary(histogram: Counter[int]) -> dict[str, float]:
    count = sum(histogram.values())
    if not count:
        return {"mean": 0.0, "median": 0.0, "min": 0, "max": 0}
    mean = sum(v * n for v, n in histogram.items()) / count
    median = _median(histogram)
    assert median is not None
    return {"mean": round(mean, 2), "median": median, "min": min(histogram),
            "max": max(histogram)}


def run_sim(
    pool: CardPool,
    decks: Sequence[Sequence[str]],
    players: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    alternate: bool = False,
    progress: Progress | None = None,
    deck_names: Sequence[str] | None = None,
    era: Era | str = HOME.key,
    jobs: int = 1,
    shard: tuple[int, int] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and return the statistics as plain data (JSON-ready). The decks
    are validated once, here, by the deck rules of ``era`` (an illegal deck raises
    ``InvalidDeck``), and every game is played in that era.

    With two decks, ``players[i]`` plays ``decks[i]``; with ``alternate`` they swap decks
    every other game (so each player plays both decks equally often). With more decks it
    is a league: game ``i`` is the ``i``-th ordered pair of distinct decks, in turn, so
    every deck meets every other from both seats.

    ``jobs`` above 1 plays the games in that many worker processes (see :func:`play_games`
    for their pool); ``shard=(i, n)`` plays only the ``i``-th of ``n`` shares (:func:`run_shard`
    adds what a merge needs). The results do not depend on either.
    """
    rules_era = playable_era(era)
    for deck in decks:
        problems = rules_era.deck_violations(pool, deck)
        if problems:
            raise InvalidDeck(problems)
    spec = card_spec(decks, players, games, seed, alternate=alternate, deck_names=deck_names,
                     era=rules_era.key)
    return _run(spec, jobs, shard, progress, pool)[0]


def run_piece_sim(
    players: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    armies: Sequence[str] | None = None,
    alternate: bool = False,
    progress: Progress | None = None,
    jobs: int = 1,
    shard: tuple[int, int] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games of Legend Pieces (``python -m handheld sim --game pieces``) and
    return the statistics in the card simulation's shape where it makes sense.

    ``players[i]`` plays seat ``i`` with ``armies[i]`` (default Gold against Silver); with
    ``alternate`` the players change seats every other game, so each plays each army
    equally often. Game ``i`` draws its coin and Plus Power cards from ``seed + i``, as a
    card game does its coins and shuffles. ``jobs`` and ``shard`` as in :func:`run_sim`.
    """
    spec = piece_spec(players, games, seed, armies=armies, alternate=alternate)
    return _run(spec, jobs, shard, progress, None)[0]


def _run(spec: SimSpec, jobs: int, shard: tuple[int, int] | None,
         progress: Progress | None, pool: CardPool | None) -> tuple[dict[str, Any], Tally]:
    indices = shard_indices(spec.games, shard)
    tally = play_games(spec, indices, jobs=jobs, progress=progress, pool=pool)
    run: dict[str, Any] = {"jobs": jobs}
    if shard is not None:
        run["shard"] = f"{shard[0]}/{shard[1]}"
    return statistics_of(spec, tally, len(indices), run), tally


def run_shard(spec: SimSpec, shard: tuple[int, int], *, jobs: int = 1,
              progress: Progress | None = None, pool: CardPool | None = None
              ) -> dict[str, Any]:
    """One shard of a run, as the JSON a shard file holds: its own statistics, and the
    settings and tally :func:`merge_shards` needs."""
    stats, tally = _run(spec, jobs, shard, progress, pool)
    return {"format": SHARD_FORMAT, "version": SHARD_VERSION,
            "shard": {"index": shard[0], "count": shard[1]},
            "settings": spec.settings(), "tally": tally.to_json(), "statistics": stats}


class ShardError(ValueError):
    """A file ``sim merge`` cannot use; the message names the file and the reason."""


def merge_shards(files: Sequence[tuple[str, Any]]) -> dict[str, Any]:
    """The statistics of a whole run from its shards' JSON (``(name, data)`` pairs, one per
    shard, every shard of the run once). A foreign file, a damaged one, shards of different
    settings, a missing or repeated shard raise :class:`ShardError`."""
    if not files:
        raise ShardError("no shard files to merge")
    settings: dict[str, Any] | None = None
    count = 0
    seen: dict[int, str] = {}
    total = Tally(processes=0)  # each shard brings its own
    for name, data in files:
        if not isinstance(data, dict) or data.get("format") != SHARD_FORMAT:
            raise ShardError(f"{name}: not a sim shard file (written by sim --shard I/N)")
        if data.get("version") != SHARD_VERSION:
            raise ShardError(f"{name}: a shard file of version {data.get('version')!r}; "
                             f"this sim reads version {SHARD_VERSION}")
        shard = data.get("shard")
        if not (isinstance(shard, dict) and _count(shard.get("index"))
                and _count(shard.get("count")) and 1 <= shard["index"] <= shard["count"]):
            raise ShardError(f"{name}: its shard number is damaged")
        spec = _spec_of(name, data.get("settings"))
        if settings is None:
            settings, count = data["settings"], shard["count"]
        elif data["settings"] != settings:
            differ = sorted(k for k in settings if settings[k] != data["settings"].get(k))
            raise ShardError(f"{name}: a shard of other settings than {files[0][0]} "
                             f"({', '.join(differ)} differ)")
        elif shard["count"] != count:
            raise ShardError(f"{name}: a shard of {shard['count']}, but {files[0][0]} is "
                             f"a shard of {count}")
        if shard["index"] in seen:
            raise ShardError(f"{name}: shard {shard['index']}/{count} again (also in "
                             f"{seen[shard['index']]})")
        seen[shard["index"]] = name
        try:
            part = Tally.from_json(data.get("tally"))
        except ValueError as exc:
            raise ShardError(f"{name}: {exc}") from None
        expected = len(shard_indices(spec.games, (shard["index"], count)))
        if part.played != expected:
            raise ShardError(f"{name}: {part.played} games, but shard {shard['index']}/{count} "
                             f"of {spec.games} has {expected}")
        total.merge(part)
    missing = [str(i) for i in range(1, count + 1) if i not in seen]
    if missing:
        raise ShardError(f"shard(s) {', '.join(missing)} of {count} missing: a merge needs "
                         "every shard of the run")
    # The shards' seconds add up to the processes' time, not a wall time: their speed is
    # per process (the shards may have run one after another or all at once).
    return statistics_of(spec, total, spec.games, {"merged_shards": count})


def _spec_of(name: str, settings: Any) -> SimSpec:
    keys = {"game", "players", "games", "seed", "alternate", "era", "sides", "decks_sha256"}
    if not isinstance(settings, dict) or set(settings) - {"both_seats"} != keys \
            or settings.get("both_seats", True) is not True:
        raise ShardError(f"{name}: its settings are damaged")
    ok = (settings["game"] in ("tcg", "pieces") and isinstance(settings["players"], list)
          and len(settings["players"]) == 2 and all(isinstance(p, str) for p in
                                                    settings["players"])
          and _count(settings["games"]) and _count(settings["seed"])
          and isinstance(settings["alternate"], bool) and isinstance(settings["era"], str)
          and isinstance(settings["sides"], list) and len(settings["sides"]) >= 2
          and all(isinstance(s, str) for s in settings["sides"]))
    if not ok:
        raise ShardError(f"{name}: its settings are damaged")
    return SimSpec(settings["game"], tuple(settings["players"]),
                   settings["games"], settings["seed"], settings["alternate"],
                   settings["era"], tuple(settings["sides"]),
                   both_seats=settings.get("both_seats", False))
