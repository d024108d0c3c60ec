"""A computer opponent's personality: weights on how it judges a position.

Every computer player reads a :class:`Style` (the plain one by default). The search player
uses it in the evaluation at the leaves of its search; the greedy player scales its move
values by it. A named opponent of the roster is a deck plus a style plus a level, so two
opponents with the same deck still play differently (one fills its Bench at once, another
keeps Energy in hand, a third goes for the opponent's hand and Energy).

A weight of 1.0 is the plain player's; 0 ignores that part of the position; 2.0 counts it
double. Styles are data, so new opponents need no new code."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any


@dataclass(frozen=True)
class Style:
    """Weights on the parts of a position (1.0: the plain player's view)."""

    name: str = "plain"
    # Pokémon on the Bench: above 1 fills the Bench fast, below 1 plays few Pokémon.
    bench: float = 1.0
    # Energy attached in play: above 1 attaches every turn, below 1 keeps Energy in hand
    # until an attack needs it.
    energy: float = 1.0
    # Damage dealt and Knock Outs: above 1 attacks at every chance, below 1 sets up first.
    aggression: float = 1.0
    # Cards taken from the opponent (hand, Energy, Bench): above 1 prefers disrupting.
    disruption: float = 1.0
    # Damage taken: above 1 retreats and heals early, below 1 ignores its own damage.
    caution: float = 1.0
    # Evolving: above 1 evolves as soon as it can.
    evolution: float = 1.0

    def __post_init__(self) -> None:
        for f in fields(self):
            if f.name == "name":
                continue
            value = getattr(self, f.name)
            if not isinstance(value, (int, float)) or not 0.0 <= float(value) <= 4.0:
                raise ValueError(f"style {self.name!r}: {f.name} must be a number from 0 to 4, "
                                 f"not {value!r}")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Style:
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown style weights: {', '.join(unknown)}")
        return cls(**data)


PLAIN = Style()

# Personalities the roster draws on (handheld/roster); each is a direction, not a script.
STYLES: dict[str, Style] = {
    "plain": PLAIN,
    "swarm": Style("swarm", bench=1.8, energy=1.1, aggression=0.9, evolution=1.2),
    "hoarder": Style("hoarder", energy=0.3, aggression=0.9, caution=1.3),
    "disruptor": Style("disruptor", disruption=2.2, aggression=0.9),
    "brawler": Style("brawler", aggression=1.7, caution=0.5, bench=0.8),
    "turtle": Style("turtle", caution=1.8, aggression=0.8, bench=1.2),
    "evolver": Style("evolver", evolution=1.8, bench=1.3, aggression=0.9),
}


def style_named(name: str) -> Style:
    try:
        return STYLES[name]
    except KeyError:
        raise ValueError(f"unknown style {name!r}; choose from {', '.join(STYLES)}") from None
