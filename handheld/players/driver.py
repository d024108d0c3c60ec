"""Driving a match: chance nodes from a seeded RNG, decisions from players.

The engine owns no randomness; a driver resolves every coin and shuffle. A match is
reproduced bit for bit by ``(decks, seed, answers)``: ``replay`` runs it again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..engine import EXPEDITION, CardPool, Chance, Choice, Match, Ruleset
from ..engine.notation import answer_notation


class Player(Protocol):
    """Anything that answers a :class:`Choice` with an option index or a list of them."""

    name: str

    def choose(self, m: Match, choice: Choice) -> int | list[int]: ...


def chance_outcome(d: Chance, rng: random.Random) -> Any:
    """A fair outcome for a chance node: heads with probability 1/2, or a uniformly random
    permutation (random sort keys: one C call per card instead of ``shuffle``'s two Python
    calls, which matters in simulations)."""
    if d.kind == "coin":
        return rng.random() < 0.5
    rr = rng.random
    keys = [rr() for _ in range(d.size)]
    return sorted(range(d.size), key=keys.__getitem__)


@dataclass
class MatchRecord:
    """What is needed to replay a match, and how it went. ``answers`` are in notation
    (docs/NOTATION.md); a record of option indices, as older versions wrote, replays too."""

    decks: tuple[list[str], list[str]]
    seed: int
    answers: list[str | int | list[int]] = field(default_factory=list)
    winner: int | None = None
    result: str = ""
    turns: int = 0
    decisions: int = 0
    chances: int = 0
    sudden_death: int = 0


def _stalled(seed: int) -> RuntimeError:
    # A match that is not over always waits for a choice or a chance; nothing pending
    # would be an engine bug, and looping on it would never end.
    return RuntimeError(f"match with seed {seed} is not over but waits for nothing")


def play_match(
    pool: CardPool,
    decks: Sequence[Sequence[str]],
    players: Sequence[Player],
    seed: int,
    *,
    rules: Ruleset = EXPEDITION,
    record_log: bool = False,
    record_answers: bool = False,
    max_decisions: int = 100_000,
    on_decision: Callable[[Match], None] | None = None,
    validate: bool = True,
) -> tuple[Match, MatchRecord]:
    """Play one whole match. Coins and shuffles come from ``random.Random(seed)``.
    ``validate=False`` skips the deck check (for callers that checked the decks once)."""
    rng = random.Random(seed)
    m = Match(pool, decks, rules, record_log=record_log, validate=validate)
    rec = MatchRecord((list(decks[0]), list(decks[1])), seed)
    chances = 0
    decisions = 0
    apply = m.apply
    resolve = m.resolve
    answers = rec.answers if record_answers else None
    choosers = [players[0].choose, players[1].choose]
    if answers is None and on_decision is None:
        # The simulations' loop: nothing to record, nothing to call back.
        while not m.over:
            d = m.pending
            if type(d) is Chance:
                resolve(chance_outcome(d, rng))
                chances += 1
            elif type(d) is Choice:
                apply(choosers[d.player](m, d))
                decisions += 1
                if decisions > max_decisions:
                    raise RuntimeError(f"match with seed {seed} did not end after "
                                       f"{max_decisions} decisions")
            else:
                raise _stalled(seed)
    while not m.over:
        d = m.pending
        if type(d) is Chance:
            resolve(chance_outcome(d, rng))
            chances += 1
        elif type(d) is Choice:
            a = choosers[d.player](m, d)
            if answers is not None:
                # Kept as notation: an option's index is an internal detail.
                answers.append(answer_notation(m, d, a))
            apply(a)
            decisions += 1
            if on_decision is not None:
                on_decision(m)
            if decisions > max_decisions:
                raise RuntimeError(f"match with seed {seed} did not end after "
                                   f"{max_decisions} decisions")
        else:
            raise _stalled(seed)
    rec.winner = m.winner
    rec.result = m.result
    rec.turns = m.turn
    rec.decisions = decisions
    rec.chances = chances
    rec.sudden_death = m.sudden_death
    return m, rec


def replay(pool: CardPool, record: MatchRecord, *, rules: Ruleset = EXPEDITION,
           record_log: bool = True) -> Match:
    """Play a recorded match again from its decks, seed and answers (notation or indices:
    ``Match.apply`` takes both)."""
    rng = random.Random(record.seed)
    m = Match(pool, record.decks, rules, record_log=record_log)
    answers = iter(record.answers)
    while not m.over:
        d = m.pending
        if type(d) is Chance:
            m.resolve(chance_outcome(d, rng))
        else:
            m.apply(next(answers))
    return m
