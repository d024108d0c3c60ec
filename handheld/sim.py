"""Simulations: many whole games between two players, with statistics (``python -m handheld
sim``), of the card game or of Legend Pieces (``--game pieces``). Game ``i`` uses seed
``seed + i``, so any single game can be replayed alone."""

from __future__ import annotations

import random
import statistics
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
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
) -> dict[str, Any]:
    """Play ``games`` games and return the statistics as plain data (JSON-ready). The decks
    are validated once, here, by the deck rules of ``era`` (an illegal deck raises
    ``InvalidDeck``), and every game is played in that era.

    With two decks, ``players[i]`` plays ``decks[i]``; with ``alternate`` they swap decks
    every other game (so each player plays both decks equally often). With more decks it
    is a league: game ``i`` is the ``i``-th ordered pair of distinct decks, in turn, so
    every deck meets every other from both seats.
    """
    wins = Counter[str]()
    wins_by_seat = [0, 0]
    results = Counter[str]()
    turns: list[int] = []
    decisions: list[int] = []
    chances = 0
    us_per_decision: list[float] = []
    sudden_deaths = 0
    time_called = 0
    errors: list[dict[str, Any]] = []
    rules_era = playable_era(era)
    for deck in decks:
        problems = rules_era.deck_violations(pool, deck)
        if problems:
            raise InvalidDeck(problems)
    if len(decks) < 2:
        raise ValueError("a simulation needs at least two decks")
    labels = list(deck_names) if deck_names else [f"deck{i + 1}" for i in range(len(decks))]
    n = len(decks)
    pairs = [(0, 1)] if n == 2 else [(a, b) for a in range(n) for b in range(n) if a != b]
    deck_games = Counter[str]()
    deck_wins = Counter[str]()
    names = [f"{players[0]}#1", f"{players[1]}#2"]
    player_decks = {name: Counter[str]() for name in names}
    t0 = time.perf_counter()
    for i in range(games):
        a, b = pairs[i % len(pairs)]
        swap = alternate and (i // len(pairs)) % 2 == 1
        # The decks keep their seats and the players change places, so on a swapped game
        # each player plays the other deck: over the run each player plays each deck equally
        # often, and a deck's win rate is not its usual player's strength.
        seat_decks = (a, b)
        deck_pair = (decks[a], decks[b])
        seats = [1, 0] if swap else [0, 1]  # seat -> player index
        game_players = [make_player(players[seats[s]], seed + i + 7919 * (s + 1))
                        for s in (0, 1)]
        g0 = time.perf_counter()
        try:
            _, rec = play_match(pool, deck_pair, game_players, seed + i, validate=False,
                                rules=rules_era.ruleset, time_limit=TIME_LIMIT)
        except Exception as exc:  # a rules bug: count it, keep the seed, carry on
            errors.append({"game": i, "seed": seed + i, "swap": swap,
                           "error": f"{type(exc).__name__}: {exc}",
                           "where": traceback.format_exc(limit=3).splitlines()[-3:]})
            if progress is not None:
                progress.update(i + 1, f"errors {len(errors)}")
            continue
        g1 = time.perf_counter()
        assert rec.winner is not None
        winner = seats[rec.winner]
        wins[names[winner]] += 1
        for s, d in enumerate(seat_decks):
            deck_games[labels[d]] += 1
            player_decks[names[seats[s]]][labels[d]] += 1
        deck_wins[labels[seat_decks[rec.winner]]] += 1
        wins_by_seat[rec.winner] += 1
        results[rec.result] += 1
        turns.append(rec.turns)
        decisions.append(rec.decisions)
        chances += rec.chances
        sudden_deaths += rec.sudden_death
        time_called += bool(rec.time_called)
        if rec.decisions:
            us_per_decision.append(1e6 * (g1 - g0) / rec.decisions)
        if progress is not None:
            progress.update(i + 1, f"errors {len(errors)}" if errors else "")
    seconds = time.perf_counter() - t0
    played = len(turns)
    out: dict[str, Any] = {
        "games": games,
        "completed": played,
        "errors": len(errors),
        "error_samples": errors[:10],
        "players": names,
        "era": rules_era.key,
        "seed": seed,
        "alternate_decks": alternate,
        "wins": {n: wins[n] for n in names},
        "win_rate": {n: round(wins[n] / played, 4) if played else 0.0 for n in names},
        "wins_by_seat": {"seat1": wins_by_seat[0], "seat2": wins_by_seat[1]},
        "decks": labels,
        "deck_win_rate": {d: round(deck_wins[d] / deck_games[d], 4) if deck_games[d] else 0.0
                          for d in labels},
        "games_by_player_and_deck": {p: {d: player_decks[p][d] for d in labels}
                                     for p in names},
        "results": dict(sorted(results.items())),
        "sudden_death_games": sudden_deaths,
        # Games a tournament's time limit ended (TIME_LIMIT decisions: a stalemate).
        "time_called_games": time_called,
        **_pace(played, turns, decisions, chances, seconds, us_per_decision),
    }
    return out


def _pace(played: int, turns: list[int], decisions: list[int], chances: int, seconds: float,
          us_per_decision: list[float]) -> dict[str, Any]:
    """The length and speed part of a sim's statistics, the same for both games."""
    total_decisions = sum(decisions)
    return {
        "turns": _summary(turns),
        "decisions_per_game": _summary(decisions),
        "decisions": total_decisions,
        "chance_outcomes": chances,
        "seconds": round(seconds, 3),
        "games_per_second": round(played / seconds, 1) if seconds else 0.0,
        "decisions_per_second": round(total_decisions / seconds) if seconds else 0,
        "median_us_per_decision": round(statistics.median(us_per_decision), 2)
        if us_per_decision else None,
    }


def _summary(values: list[int]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "median": 0.0, "min": 0, "max": 0}
    return {"mean": round(statistics.fmean(values), 2), "median": statistics.median(values),
            "min": min(values), "max": max(values)}


def run_piece_sim(
    players: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    armies: Sequence[str] | None = None,
    alternate: bool = False,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Play ``games`` games of Legend Pieces (``python -m handheld sim --game pieces``) and
    return the statistics in the card simulation's shape where it makes sense.

    ``players[i]`` plays seat ``i`` with ``armies[i]`` (default Gold against Silver); with
    ``alternate`` the players change seats every other game, so each plays each army
    equally often. Game ``i`` draws its coin and Plus Power cards from ``seed + i``, as a
    card game does its coins and shuffles.
    """
    from .games import game as registered_game
    from .pieces import ERA, PieceMatch
    from .pieces.data import DEFAULT_ARMIES
    from .players import drive

    pair = tuple(armies) if armies is not None else DEFAULT_ARMIES
    piece_game = registered_game("pieces")
    piece_game.new_state(list(pair), ERA)  # a wrong army is refused here, before any game
    names = [f"{players[0]}#1", f"{players[1]}#2"]
    # An army's statistics are its seat's; the same army on both seats gets two labels.
    labels = list(pair) if pair[0] != pair[1] else [f"{pair[0]}#1", f"{pair[1]}#2"]
    wins = Counter[str]()
    wins_by_seat = [0, 0]
    army_wins = Counter[str]()
    player_armies = {name: Counter[str]() for name in names}
    results = Counter[str]()
    draws = 0
    turns: list[int] = []
    decisions: list[int] = []
    chances = 0
    us_per_decision: list[float] = []
    errors: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    for i in range(games):
        swap = alternate and i % 2 == 1
        seats = [1, 0] if swap else [0, 1]  # seat -> player index
        game_players = [make_player(players[seats[s]], seed + i + 7919 * (s + 1))
                        for s in (0, 1)]
        choosers: list[Callable[[Any, Any], Any]] = [p.choose for p in game_players]
        g0 = time.perf_counter()
        try:
            state = piece_game.new_state(list(pair), ERA)
            assert isinstance(state, PieceMatch)
            made, drawn = drive(state, choosers, random.Random(seed + i), seed=seed + i)
        except Exception as exc:  # a rules bug: count it, keep the seed, carry on
            errors.append({"game": i, "seed": seed + i, "swap": swap,
                           "error": f"{type(exc).__name__}: {exc}",
                           "where": traceback.format_exc(limit=3).splitlines()[-3:]})
            if progress is not None:
                progress.update(i + 1, f"errors {len(errors)}")
            continue
        g1 = time.perf_counter()
        for s in (0, 1):
            player_armies[names[seats[s]]][labels[s]] += 1
        if state.winner is None:
            draws += 1
        else:
            wins[names[seats[state.winner]]] += 1
            wins_by_seat[state.winner] += 1
            army_wins[labels[state.winner]] += 1
        results[state.result] += 1
        turns.append(state.turn)
        decisions.append(made)
        chances += drawn
        if made:
            us_per_decision.append(1e6 * (g1 - g0) / made)
        if progress is not None:
            progress.update(i + 1, f"errors {len(errors)}" if errors else "")
    seconds = time.perf_counter() - t0
    played = len(turns)
    return {
        "game": "pieces",
        "games": games,
        "completed": played,
        "errors": len(errors),
        "error_samples": errors[:10],
        "players": names,
        "era": ERA,
        "seed": seed,
        "alternate_armies": alternate,
        "wins": {n: wins[n] for n in names},
        "win_rate": {n: round(wins[n] / played, 4) if played else 0.0 for n in names},
        "draws": draws,
        "wins_by_seat": {"seat1": wins_by_seat[0], "seat2": wins_by_seat[1]},
        "armies": labels,
        # Each seat plays one army all run long, so an army's games are all games.
        "army_win_rate": {a: round(army_wins[a] / played, 4) if played else 0.0
                          for a in labels},
        "games_by_player_and_army": {p: {a: player_armies[p][a] for a in labels}
                                     for p in names},
        "results": dict(sorted(results.items())),
        **_pace(played, turns, decisions, chances, seconds, us_per_decision),
    }
