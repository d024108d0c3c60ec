"""Passive effects: asked by the rules when they matter, never copied into the state.

Metal Energy, Darkness Energy, Strength Charm, Poké-Bodies, Stadiums and the lasting
results of attacks (markers) are all ``Passive`` objects. The damage pipeline asks each
one present at its step of "How Do You Figure Out the Damage?"; the cost rules ask for
Energy units and Retreat Costs; the between-turns procedure asks for its step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..match import Match
    from ..state import Slot


@dataclass(slots=True)
class DamageCtx:
    """One application of attack damage being figured out."""

    attacker: Slot | None
    defender: Slot
    player: int  # the attacking player
    to_active: bool
    weakness: bool = True
    resistance: bool = True
    preview: bool = False  # True when only estimating (no lasting side effects)


class Passive:
    """Hooks a passive effect may answer. ``holder`` is the Pokémon it is attached to or
    printed on (None for a Stadium)."""

    # Which step of the damage figure this passive acts at: b (attacker's effects on base),
    # e (attacker's Trainer/Energy cards), f (whole play area), g (defender's Trainer/Energy
    # cards), h (defender's attack results and Pokémon Powers). Empty: no damage effect.
    damage_step = ""
    # Fast-path flags: set True by subclasses that answer these hooks, so the rules skip
    # the scans for them when no such passive is in play.
    acts_between_turns = False  # answers between_turns_counters
    discards_at_end_of_turn = False  # answers end_of_turn_discard
    changes_energy = False  # answers energy_units
    changes_retreat = False  # answers retreat_cost

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        return dmg

    def after_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dealt: int) -> None:
        """Called once real damage was placed (not in previews)."""

    def energy_units(self, m: Match, holder: Slot, units: list[int], basic: list[bool]) -> None:
        """Change the units provided by the Energy attached to ``holder`` (in place)."""

    def retreat_cost(self, m: Match, holder: Slot, cost: int) -> int:
        return cost

    def between_turns_counters(self, m: Match, holder: Slot) -> int:
        """Damage counters to put on ``holder`` at the Darkness Energy step (e)."""
        return 0

    def end_of_turn_discard(self, m: Match, holder: Slot, card: int) -> bool:
        """True when the attached card ``card`` must be discarded as the turn ends."""
        return False

    def text(self) -> str:
        return ""
