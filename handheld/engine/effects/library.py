"""Reusable passive effects: Special Energy, Pokémon Tools, Poké-Bodies, turn effects.

Each is a :class:`Passive` the rules query at the step the rulebook names; the ``text``
is the project's own wording of what it does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..energy import BIT
from ..facts import pokemon_facts, pokemon_types
from ..ops import TURN_EFFECTS, MarkerKind, register_marker
from .passives import DamageCtx, Passive

if TYPE_CHECKING:
    from ..match import Match
    from ..state import Slot

TOOL_USED = register_marker(MarkerKind("tool_used", "Tool used this turn",
                                       clears_on_bench=False, clears_on_evolve=False,
                                       is_counter=False))


class ReduceDamageTaken(Passive):
    """h) "relevant Pokémon Powers": damage done to the holder by attacks is reduced."""

    damage_step = "h"

    def __init__(self, amount: int) -> None:
        self.amount = amount

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        return dmg - self.amount if dc.defender is holder else dmg

    def text(self) -> str:
        return (f"Damage done to this Pokémon by attacks is reduced by {self.amount} "
                "(after Weakness and Resistance).")


class MetalShield(Passive):
    """g) Metal Energy on the Defending Pokémon: 10 less damage from attacks."""

    damage_step = "g"

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        return dmg - 10 if dc.defender is holder else dmg

    def text(self) -> str:
        return ("Attacks do 10 less damage to the Pokémon this card is attached to "
                "(after Weakness and Resistance).")


class MetalDrag(Passive):
    """e) Metal Energy on a non-Metal attacker: its attacks do 10 less damage."""

    damage_step = "e"

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or dc.attacker is not holder or dc.defender is holder:
            return dmg
        if "M" in pokemon_types(m, holder):
            return dmg
        return dmg - 10 if dmg > 0 else dmg

    def text(self) -> str:
        return ("If that Pokémon is not a [M] Pokémon, the damage its attacks do is reduced "
                "by 10 (after Weakness and Resistance).")


class DarknessBoost(Passive):
    """e) Darkness Energy on the attacker: 10 more damage when the attack does damage,
    and e) of between turns: 1 damage counter unless the holder is Darkness or "Dark"."""

    damage_step = "e"

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or dc.attacker is not holder or dc.defender is holder:
            return dmg
        return dmg + 10 if dmg > 0 and dc.to_active else dmg

    def between_turns_counters(self, m: Match, holder: Slot) -> int:
        facts = pokemon_facts(m, holder)
        if "D" in facts.types or "Dark" in facts.name:
            return 0
        return 1

    def text(self) -> str:
        return ("When the Pokémon this card is attached to damages the Defending Pokémon with "
                "an attack, add 10 damage (after Weakness and Resistance). Between turns, put "
                "1 damage counter on that Pokémon unless it is a [D] Pokémon or has Dark in "
                "its name.")


class DamageBoostCharm(Passive):
    """e) A Tool that adds damage to attacks that damage the Active Pokémon, and is
    discarded at the end of the turn in which that happened (Strength Charm)."""

    damage_step = "e"

    def __init__(self, amount: int) -> None:
        self.amount = amount

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or dc.attacker is not holder or dc.defender is holder:
            return dmg
        return dmg + self.amount if dmg > 0 and dc.to_active else dmg

    def after_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dealt: int) -> None:
        if holder is not None and dc.to_active and dc.defender is not holder:
            holder.markers[TOOL_USED.name] = m.turn

    def end_of_turn_discard(self, m: Match, holder: Slot, card: int) -> bool:
        return holder.markers.get(TOOL_USED.name) == m.turn

    def text(self) -> str:
        return (f"When an attack of the Pokémon this card is attached to damages the Active "
                f"Pokémon, add {self.amount} damage (after Weakness and Resistance); then "
                "discard this card at the end of that turn.")


class AllBasicEnergyAs(Passive):
    """A turn effect: every basic Energy on the player's Pokémon provides one type."""


    def __init__(self, etype: str) -> None:
        self.bit = BIT[etype]

    def energy_units(self, m: Match, holder: Slot, units: list[int], basic: list[bool]) -> None:
        for i, is_basic in enumerate(basic):
            if is_basic:
                units[i] = self.bit


TURN_EFFECTS["burning_energy"] = AllBasicEnergyAs("R")


class AllEnergyAs(Passive):
    """A Poké-Body: every Energy attached to its holder provides one type instead (Dark
    Aura)."""


    def __init__(self, etype: str) -> None:
        self.etype = etype
        self.bit = BIT[etype]

    def energy_units(self, m: Match, holder: Slot, units: list[int], basic: list[bool]) -> None:
        for i in range(len(units)):
            units[i] = self.bit

    def text(self) -> str:
        return f"Every Energy attached to this Pokémon provides [{self.etype}] Energy instead."


class RetreatCostZero(Passive):
    """A lasting mark: the marked Pokémon's Retreat Cost is 0 (Tailwind)."""


    def retreat_cost(self, m: Match, holder: Slot, cost: int) -> int:
        return 0


FREE_RETREAT = register_marker(MarkerKind("free_retreat", "Retreat Cost 0 this turn",
                                          passive=RetreatCostZero()))


# --- Platinum era: pl1 part2 (pl1-35 to pl1-77)


class PreventAttackDamage(Passive):
    """h) A lasting result of an attack: damage done to its holder by the opponent's
    attacks is prevented (Rocket Tackle on heads)."""

    damage_step = "h"

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is not None and dc.defender is holder and dc.player != holder.owner:
            return 0
        return dmg

    def text(self) -> str:
        return "Prevent all damage done to this Pokémon by the opponent's attacks."


NO_ATTACK_DAMAGE = register_marker(MarkerKind("no_attack_damage",
                                              "no damage from attacks",
                                              passive=PreventAttackDamage()))
# The attack procedure's check e) reads this marker: its holder's attacks need heads
# (Octazooka). Same meaning as the rules tests' own registration.
ATTACK_MAY_FAIL = register_marker(MarkerKind("attack_may_fail", "attacks may fail"))


# --- Platinum era: pl1 part2, Poké-Bodies and attack results that answer the new hooks


class ResistConditions(Passive):
    """A Poké-Body: no Special Condition can be put on its Pokémon (Thick Skin)."""

    def resists_conditions(self, m: Match, holder: Slot) -> bool:
        return True

    def text(self) -> str:
        return "Special Conditions can't be put on this Pokémon."


class GuardAttackEffects(Passive):
    """A Poké-Body: the opponent's attacks do their damage to its Pokémon, and nothing
    else (Anticipation)."""

    def guards_attack_effects(self, m: Match, holder: Slot, player: int) -> bool:
        return player != holder.owner

    def text(self) -> str:
        return ("Your opponent's attacks still damage this Pokémon, but none of their other "
                "effects happen to it.")


class FreeAttacksWhileAffected(Passive):
    """A Poké-Body: while its Pokémon has a Special Condition, its attacks need no Energy
    (Cold Feet)."""

    def attacks_cost_nothing(self, m: Match, holder: Slot) -> bool:
        return bool(holder.conditions)

    def text(self) -> str:
        return ("While this Pokémon has a Special Condition, it may use its attacks with no "
                "Energy attached for them.")


class HealWhileAffected(Passive):
    """A Poké-Body acting at the between-turns step of the passives (after the Special
    Conditions' own steps): if its Pokémon still has a Special Condition, remove
    ``counters`` damage counters (Sludge Cell). A negative count at that step removes
    counters (rules.DarknessStep)."""

    def __init__(self, counters: int) -> None:
        self.counters = counters

    def between_turns_counters(self, m: Match, holder: Slot) -> int:
        return -self.counters if holder.conditions else 0

    def text(self) -> str:
        return (f"Between turns, if this Pokémon still has a Special Condition, remove "
                f"{self.counters} damage counters from it.")


class SurviveWithHp(Passive):
    """h) A lasting result of an attack: damage from the opponent's attacks that would Knock
    its holder Out leaves it ``hp`` HP instead (Endure)."""

    damage_step = "h"

    def __init__(self, hp: int) -> None:
        self.hp = hp

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or dc.defender is not holder or dc.player == holder.owner:
            return dmg
        left = pokemon_facts(m, holder).hp - holder.damage
        return max(0, left - self.hp) if dmg >= left else dmg

    def text(self) -> str:
        return (f"If damage from the opponent's attacks would Knock this Pokémon Out, it has "
                f"{self.hp} HP left instead.")


ENDURE_10 = register_marker(MarkerKind("endure_10", "survives an attack with 10 HP",
                                       passive=SurviveWithHp(10)))
