"""The coin flipper: fair coins, and the statistics a player keeps of them.

* :class:`SystemCoins` flips with the operating system's randomness (``secrets``), the
  default: nobody, not even the program, can steer it. :class:`SeededCoins` flips from a
  shown seed, so a sequence can be reproduced and checked by anyone with the same seed.
* :class:`CoinTally` counts heads and tails, the longest heads and tails streaks, the run
  going on now and the last 50 results (a strip). It round-trips through a plain dict,
  which is how the saves keep it.
* :class:`CoinFlipper` flips one coin, N coins, or until tails (Mary's Impulse), and
  reports every result to its listeners (this session's tally, the saved ones).

Pure logic: no clock, no pygame, randomness injected.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

STRIP = 50  # results kept for the strip
MAX_COINS = 20  # coins in one "flip N"
UNTIL_TAILS_LIMIT = 1000  # a guard: 2^-1000 will not happen, but a loop must end


class CoinSource(Protocol):
    def flip(self) -> bool: ...

    def describe(self) -> str: ...


class SystemCoins:
    """Coins from the operating system's randomness (``secrets``: /dev/urandom)."""

    def flip(self) -> bool:
        return secrets.randbits(1) == 1

    def describe(self) -> str:
        return "system randomness"


class SeededCoins:
    """Coins from a seeded generator: the same seed gives the same flips."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed if seed is not None else secrets.randbelow(10**8)
        self._rng = random.Random(self.seed)

    def flip(self) -> bool:
        return self._rng.random() < 0.5

    def describe(self) -> str:
        return f"seed {self.seed}"


@dataclass
class CoinTally:
    heads: int = 0
    tails: int = 0
    longest_heads: int = 0
    longest_tails: int = 0
    run_side: str | None = None  # "H" or "T": the streak going on now
    run_length: int = 0
    recent: str = ""  # the last results, oldest first, "H"/"T"

    @property
    def total(self) -> int:
        return self.heads + self.tails

    @property
    def heads_percent(self) -> float:
        return 100.0 * self.heads / self.total if self.total else 0.0

    def record(self, heads: bool) -> None:
        side = "H" if heads else "T"
        if heads:
            self.heads += 1
        else:
            self.tails += 1
        self.run_length = self.run_length + 1 if side == self.run_side else 1
        self.run_side = side
        if heads:
            self.longest_heads = max(self.longest_heads, self.run_length)
        else:
            self.longest_tails = max(self.longest_tails, self.run_length)
        self.recent = (self.recent + side)[-STRIP:]

    def extend(self, flips: Iterable[bool]) -> CoinTally:
        for f in flips:
            self.record(f)
        return self

    def to_dict(self) -> dict[str, Any]:
        return {"heads": self.heads, "tails": self.tails, "longest_heads": self.longest_heads,
                "longest_tails": self.longest_tails, "run_side": self.run_side,
                "run_length": self.run_length, "recent": self.recent}

    @classmethod
    def from_dict(cls, data: Any) -> CoinTally:
        """Read a stored tally; anything malformed raises ``ValueError`` naming the field
        (the saves then keep a fresh tally instead of a wrong one)."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise ValueError(f"a coin tally is a dict, not {type(data).__name__}")
        out = cls()
        for name in ("heads", "tails", "longest_heads", "longest_tails", "run_length"):
            value = data.get(name, 0)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"coin tally: {name} must be a whole number >= 0, "
                                 f"not {value!r}")
            setattr(out, name, value)
        side = data.get("run_side")
        if side not in (None, "H", "T"):
            raise ValueError(f"coin tally: run_side must be H, T or null, not {side!r}")
        out.run_side = side
        recent = data.get("recent", "")
        if not isinstance(recent, str) or set(recent) - {"H", "T"}:
            raise ValueError("coin tally: recent must be a string of H and T")
        out.recent = recent[-STRIP:]
        return out


@dataclass(frozen=True)
class FlipResult:
    kind: str  # one | many | until_tails
    flips: tuple[bool, ...]

    @property
    def heads(self) -> int:
        return sum(self.flips)

    def describe(self) -> str:
        if self.kind == "one":
            return "Heads!" if self.flips[0] else "Tails."
        if self.kind == "until_tails":
            return f"{self.heads} heads before tails"
        return f"{self.heads} heads of {len(self.flips)}"


class CoinFlipper:
    """Flips coins from a source and tells every listener about each result."""

    def __init__(self, source: CoinSource | None = None) -> None:
        self.source = source or SystemCoins()
        self.listeners: list[Callable[[Sequence[bool]], None]] = []
        self.last: FlipResult | None = None

    def _done(self, kind: str, flips: list[bool]) -> FlipResult:
        self.last = FlipResult(kind, tuple(flips))
        for listen in self.listeners:
            listen(flips)
        return self.last

    def flip_one(self) -> FlipResult:
        return self._done("one", [self.source.flip()])

    def flip_many(self, n: int) -> FlipResult:
        if not 1 <= n <= MAX_COINS:
            raise ValueError(f"flip between 1 and {MAX_COINS} coins, not {n!r}")
        return self._done("many", [self.source.flip() for _ in range(n)])

    def flip_until_tails(self) -> FlipResult:
        """Heads until the first tails (the tails is counted in the statistics too)."""
        flips: list[bool] = []
        while len(flips) < UNTIL_TAILS_LIMIT:
            heads = self.source.flip()
            flips.append(heads)
            if not heads:
                break
        return self._done("until_tails", flips)


def chi_square(observed: Sequence[int], expected: Sequence[float]) -> float:
    """Pearson's chi-square statistic (for checking the coins' fairness)."""
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))
