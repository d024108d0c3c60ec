"""The greedy player's way with any game of the kernel other than the card game: try every
legal answer on a copy, follow the same player's follow-up decisions, average over the
chance nodes by their probabilities (expectimax to the opponent's next decision), and take
the answer whose position the game's own ``score(player)`` rates best.

It reads nothing the player could not see: the games it serves (Legend Pieces) hide nothing,
and chance nodes are averaged over, never peeked at."""

from __future__ import annotations

import random
from typing import Any, Protocol

from ..kernel import Chance, Choice, State

MAX_OUTCOMES = 16  # a chance node with more outcomes is sampled, not enumerated
SAMPLES = 8
MAX_DEPTH = 3  # follow-up decisions of the same player (move, then battle, then defenders)


class ScoredState(State, Protocol):
    def score(self, player: int) -> float:
        """How good the position is for ``player`` (larger is better)."""


def best_answer(state: ScoredState, choice: Choice, rng: random.Random) -> int | list[int]:
    """The answer to ``choice`` with the best expected score (ties broken by ``rng``)."""
    actions = list(state.legal_actions())
    best: Any = actions[0]
    best_value = float("-inf")
    for action in actions:
        value = _after(state, action, choice.player, rng, 0) + rng.random() * 1e-6
        if value > best_value:
            best, best_value = action, value
    if choice.min == 1 and choice.max == 1:
        return int(best[0])
    return list(best)


def _after(state: ScoredState, action: Any, player: int, rng: random.Random,
           depth: int) -> float:
    sim: Any = state.clone()
    sim.apply(action)
    return _value(sim, player, rng, depth)


def _value(state: ScoredState, player: int, rng: random.Random, depth: int) -> float:
    d = state.pending
    if state.over or d is None:
        return state.score(player)
    if isinstance(d, Chance):
        if d.outcome_count() <= MAX_OUTCOMES:
            total = 0.0
            for outcome in d.outcomes():
                sim: Any = state.clone()
                sim.resolve(outcome)
                total += d.probability(outcome) * _value(sim, player, rng, depth)
            return total
        samples = []
        for _ in range(SAMPLES):
            sim = state.clone()
            sim.resolve(d.sample(rng))
            samples.append(_value(sim, player, rng, depth))
        return sum(samples) / len(samples)
    if d.player == player and depth < MAX_DEPTH:
        return max(_after(state, a, player, rng, depth + 1) for a in state.legal_actions())
    return state.score(player)
