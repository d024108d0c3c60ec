"""The two kinds of node a game waits at: a player's :class:`Choice` and a :class:`Chance`.

Both are named tuples: the engines build one per decision and per coin, so construction
cost matters more than anything else about them.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import permutations, repeat, starmap
from typing import Any, NamedTuple, Protocol


class Choice(NamedTuple):
    """A player decision: pick between ``min`` and ``max`` distinct options.

    ``options`` are small tuples (value objects) that the game renders for people;
    ``kind`` tells drivers what is being decided (``main``, ``target``, ``promote``, ...).
    (A named tuple: built in C, which matters once per decision.)
    """

    player: int
    kind: str
    prompt: str
    options: tuple[tuple[Any, ...], ...]
    min: int = 1
    max: int = 1

    @property
    def single(self) -> bool:
        return self.min == 1 and self.max == 1

    @property
    def nothing_to_pick(self) -> bool:
        """No options: the one answer is the empty pick (a search of secret cards that
        found nothing is still asked, so that its absence tells the other player nothing)."""
        return not self.options


class Random(Protocol):
    """What :meth:`Chance.sample` needs of a generator (``random.Random`` has it): the
    kernel owns no randomness, whoever drives a game passes its own."""

    def random(self) -> float: ...


COIN = "coin"
SHUFFLE = "shuffle"
DRAW = "draw"  # one of ``size`` face-down things, each 1/size (the piece game's Plus Power)


class Chance(NamedTuple):
    """A chance node: a coin flip (outcome: heads True / tails False, 1/2 each), a shuffle
    of ``size`` cards (outcome: a permutation of ``range(size)``, each of the ``size!``
    equally likely), or a draw of one of ``size`` face-down things (outcome: an index in
    ``range(size)``, each 1/size).

    The outcomes of a shuffle are never listed up front: :meth:`outcomes` is lazy and
    :meth:`probability` and :meth:`sample` work without them.
    """

    kind: str  # COIN | SHUFFLE | DRAW
    player: int
    purpose: str
    size: int = 0

    def outcome_count(self) -> int:
        """How many outcomes the node has."""
        if self.kind == COIN:
            return 2
        return self.size if self.kind == DRAW else math.factorial(self.size)

    def outcomes(self) -> Iterator[Any]:
        """Every outcome, lazily (a shuffle's are many: take what you need)."""
        if self.kind == COIN:
            return iter((True, False))
        if self.kind == DRAW:
            return iter(range(self.size))
        return (list(p) for p in permutations(range(self.size)))

    def is_outcome(self, outcome: Any) -> bool:
        """Is ``outcome`` one this node can have?"""
        if self.kind == COIN:
            return type(outcome) is bool
        if self.kind == DRAW:
            return type(outcome) is int and 0 <= outcome < self.size
        if not isinstance(outcome, (list, tuple)) or len(outcome) != self.size:
            return False
        return all(type(i) is int for i in outcome) and \
            sorted(outcome) == list(range(self.size))

    def probability(self, outcome: Any) -> float:
        """The chance of ``outcome`` (0 for something that is not an outcome)."""
        if not self.is_outcome(outcome):
            return 0.0
        if self.kind == COIN:
            return 0.5
        return 1.0 / (self.size if self.kind == DRAW else math.factorial(self.size))

    def sample(self, rng: Random) -> Any:
        """A fair outcome drawn from ``rng``: heads when ``rng.random() < 0.5``; a draw is
        ``int(rng.random() * size)``; a shuffle
        sorts the indices by one random key each (one C call per card instead of
        ``random.shuffle``'s two Python calls, which matters in simulations). Replays
        depend on exactly these draws: do not change them."""
        if self.kind == COIN:
            return rng.random() < 0.5
        if self.kind == DRAW:
            return min(int(rng.random() * self.size), self.size - 1)
        # (starmap calls rng.random from C, once per card in order: the same draws.)
        keys = list(starmap(rng.random, repeat((), self.size)))
        return sorted(range(self.size), key=keys.__getitem__)
