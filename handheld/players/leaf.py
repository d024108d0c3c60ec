"""The search player's leaf evaluation: how likely a side is to win from a position.

A play-out stops at the start of a turn a few turns ahead, and the search rates the position
it reached by :func:`leaf_value`: a logistic model over a handful of facts every player at
the table can see (Prizes left, the Bench, Energy and evolutions in play, damage, cards in
hand, a short deck, whose turn it is). Each fact is counted for both sides and the model
reads the difference, so the two sides' values always add up to 1.

The weights are not guessed: ``tools/fit_leaf.py`` plays greedy-against-greedy games over
each era's league, records the facts at the start of every turn with the game's winner, and
fits one model per era by logistic regression; it writes them to
:mod:`handheld.players.leaf_weights` with the held-out log-loss it measured. A
:class:`~handheld.players.style.Style` bends the model into a personality: each fact is
scaled by the style weight that speaks of it (a Bench-loving player counts Benches more).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from ..engine import Match, max_hp
from ..engine.state import PlayerState
from .leaf_weights import WEIGHTS
from .style import PLAIN, Style

# The facts of one side, in this order, and the to-move term after them.
FEATURES = ("prizes_left", "no_bench", "bench_up_to_2", "bench_up_to_5", "energy_in_play",
            "evolutions", "damage", "active_damage", "hand", "deck_short")
TO_MOVE = "to_move"
# A deck with fewer cards than this is counted short (a deck-out looms), card by card.
DECK_SHORT = 6
# Which style weight scales each fact, for the side judging and for its opponent (None:
# no style changes it). Damage on one's own Pokémon is ``caution``, on the opponent's
# ``aggression``; the opponent's hand is ``disruption``.
STYLE_OF: dict[str, tuple[str | None, str | None]] = {
    "prizes_left": (None, None),
    "no_bench": ("bench", "bench"),
    "bench_up_to_2": ("bench", "bench"),
    "bench_up_to_5": ("bench", "bench"),
    "energy_in_play": ("energy", "energy"),
    "evolutions": ("evolution", "evolution"),
    "damage": ("caution", "aggression"),
    "active_damage": ("caution", "aggression"),
    "hand": (None, "disruption"),
    "deck_short": (None, None),
}


def side_features(m: Match, side: PlayerState) -> list[float]:
    """One side's facts (:data:`FEATURES`), all public: counts and damage anyone sees."""
    bench = len(side.bench)
    energy = stages = 0
    damage = active_damage = 0.0
    for slot in side.in_play():
        energy += len(slot.energy)
        stages += len(slot.cards) - 1
        if slot.damage:
            share = slot.damage / max(10, max_hp(m, slot))
            damage += share
            if slot is side.active:
                active_damage = share
    return [float(len(side.prizes)), float(bench == 0), float(min(bench, 2)),
            float(min(bench, 5)), float(energy), float(stages), damage, active_damage,
            float(len(side.hand)), float(max(0, DECK_SHORT - len(side.deck)))]


def features(m: Match, player: int) -> list[float]:
    """The model's inputs for ``player``: its facts minus its opponent's, then +1 when it
    is ``player``'s turn and -1 when it is the opponent's (what ``tools/fit_leaf.py``
    fits)."""
    mine = side_features(m, m.players[player])
    theirs = side_features(m, m.players[1 - player])
    return [a - b for a, b in zip(mine, theirs, strict=True)] \
        + [1.0 if m.current == player else -1.0]


@lru_cache(maxsize=64)  # styles are few and frozen; a leaf is judged thousands of times
def _style_scales(style: Style) -> tuple[tuple[float, ...], tuple[float, ...]]:
    mine = tuple(1.0 if own is None else float(getattr(style, own))
                 for own, _ in map(STYLE_OF.__getitem__, FEATURES))
    theirs = tuple(1.0 if other is None else float(getattr(style, other))
                   for _, other in map(STYLE_OF.__getitem__, FEATURES))
    return mine, theirs


def weights_for(era: str) -> Sequence[float]:
    """The fitted weights of ``era`` (:data:`FEATURES` then :data:`TO_MOVE`); an era the
    fit has not seen uses the weights fitted on every era together."""
    return WEIGHTS.get(era, WEIGHTS["all"])


def leaf_value(m: Match, player: int, style: Style = PLAIN) -> float:
    """How likely ``player`` is to win from here, from 0 to 1 (1 or 0 once it is over, 0.5
    for a draw), by the era's fitted model bent by ``style``."""
    if m.over:
        return 1.0 if m.winner == player else 0.0 if m.winner is not None else 0.5
    w = weights_for(m.rules.era)
    mine = side_features(m, m.players[player])
    theirs = side_features(m, m.players[1 - player])
    if style is PLAIN:
        z = sum(wk * (a - b) for wk, a, b in zip(w, mine, theirs))  # noqa: B905
    else:
        own, other = _style_scales(style)
        z = sum(wk * (sa * a - sb * b)
                for wk, a, b, sa, sb in zip(w, mine, theirs, own, other))  # noqa: B905
    z += w[-1] if m.current == player else -w[-1]
    return 1.0 / (1.0 + math.exp(-z))


__all__ = ["DECK_SHORT", "FEATURES", "STYLE_OF", "TO_MOVE", "features", "leaf_value",
           "side_features", "weights_for"]
