"""Energy types, Energy "units" and the cost arithmetic of attacks and retreats.

An attached Energy card provides one or more *units*. A unit is a bit mask of the types it
may pay for: a basic Fire Energy is one unit ``R``; a card that provides two Colorless is
two units of mask 0 (a 0 mask pays only for Colorless); a rainbow-like card is one unit
whose mask holds every type. Costs are tuples of type letters, ``C`` meaning any type.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

TYPES: tuple[str, ...] = ("G", "R", "W", "L", "P", "F", "D", "M")
"""The coloured Energy types, in the rulebook's order (Grass ... Metal)."""

COLORLESS = "C"

POKEMON_ONLY_TYPES: tuple[str, ...] = ("N",)
"""Types a Pokémon can be that no Energy provides (Dragon, from the Black & White era)."""

TYPE_NAMES: dict[str, str] = {
    "G": "Grass",
    "R": "Fire",
    "W": "Water",
    "L": "Lightning",
    "P": "Psychic",
    "F": "Fighting",
    "D": "Darkness",
    "M": "Metal",
    "N": "Dragon",
    "C": "Colorless",
}

BIT: dict[str, int] = {t: 1 << i for i, t in enumerate(TYPES + POKEMON_ONLY_TYPES)}
BIT[COLORLESS] = 0
ALL_TYPES = (1 << len(TYPES)) - 1  # every Energy type


def mask_of(types: Iterable[str]) -> int:
    """Bit mask of a collection of type letters (``C`` contributes nothing)."""
    m = 0
    for t in types:
        m |= BIT[t]
    return m


def types_of(mask: int) -> tuple[str, ...]:
    """Type letters in a mask, in rulebook order."""
    return tuple(t for t in TYPES if mask & BIT[t])


def _single_typed(units: Sequence[int]) -> bool:
    return all(map(_SINGLE_MASKS.__contains__, units))


# A unit of one type or none: 0 or a single bit (u & (u - 1) == 0), tested at C speed.
_SINGLE_MASKS = frozenset({0, *(1 << i for i in range(64))})
# Per cost (costs are few and immutable tuples): its coloured symbols as (bit, count) pairs,
# and sorted, for the backtracking check.
_NEEDS: dict[Sequence[str], tuple[tuple[tuple[int, int], ...], list[str]]] = {}


def _needs_of(cost: Sequence[str]) -> tuple[tuple[tuple[int, int], ...], list[str]]:
    colored = [c for c in cost if c != COLORLESS]
    needs = tuple((BIT[t], colored.count(t)) for t in dict.fromkeys(colored))
    entry = (needs, sorted(colored))
    if isinstance(cost, tuple) and len(_NEEDS) < 10_000:
        _NEEDS[cost] = entry
    return entry


def can_pay(units: Sequence[int], cost: Sequence[str]) -> bool:
    """True when the units pay the cost: every coloured symbol by a unit of that type,
    every ``C`` by any remaining unit."""
    if len(units) < len(cost):
        return False
    entry = _NEEDS.get(cost) if type(cost) is tuple else None
    needs, colored = entry if entry is not None else _needs_of(cost)
    if not needs:
        return True
    if _single_typed(units):
        # Fast path: each unit has one type (or none), so counting suffices.
        for bit, need in needs:
            if units.count(bit) < need:
                return False
        return True
    return _match(colored, list(units))


def _match(colored: list[str], units: list[int]) -> bool:
    """Backtracking assignment of coloured symbols to multi-type units (tiny inputs)."""
    if not colored:
        return True
    bit = BIT[colored[0]]
    tried: set[int] = set()
    for i, u in enumerate(units):
        if u & bit and u not in tried:
            tried.add(u)
            if _match(colored[1:], units[:i] + units[i + 1 :]):
                return True
    return False


def surplus(units: Sequence[int], cost: Sequence[str]) -> int:
    """How many units are left over after paying the cost (-1 when it cannot be paid)."""
    if not can_pay(units, cost):
        return -1
    return len(units) - len(cost)


def valid_retreat_payment(unit_counts: Sequence[int], cost: int) -> bool:
    """The Expedition "Expert Rules" for retreating with multi-unit cards: discard cards one
    at a time until the cost is paid, and no further. A set of cards is a valid payment when
    it pays the cost and some order reaches the cost only with its last card, that is when
    the total minus its largest card is still below the cost."""
    total = sum(unit_counts)
    if cost <= 0:
        return not unit_counts
    if total < cost:
        return False
    return total - max(unit_counts) < cost


def cost_text(cost: Sequence[str]) -> str:
    """Compact cost notation used in card text, e.g. ``[R][C][C]``."""
    return "".join(f"[{c}]" for c in cost) if cost else "[-]"
