"""Reusable passive effects: Special Energy, Pokémon Tools, Poké-Bodies, turn effects.

Each is a :class:`Passive` the rules query at the step the rulebook names; the ``text``
is the project's own wording of what it does.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..carddefs import AttackDef
from ..energy import BIT
from ..facts import AttackRef, pokemon_facts, pokemon_types
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


# --- Platinum era: pl1 part3 (commons, Trainers, Rainbow Energy)

REDUCED_10 = register_marker(MarkerKind(
    "reduced_10", "takes 10 less damage from attacks", passive=ReduceDamageTaken(10)))
"""An attack's result on its user: 10 less damage from attacks (after Weakness and
Resistance) through the opponent's next turn (Mareep's Expand)."""

POWERED_UP = register_marker(MarkerKind("powered_up", "stronger attack next turn"))
"""An attack's result on its user: a named attack's base damage is higher during its
owner's next turn (Torchic's Focus Energy, Scyther's Swords Dance); the attack reads it."""


class FreeRetreatWithEnergy(Passive):
    """A Poké-Body: the holder's Retreat Cost is 0 while it has Energy of a type."""

    def __init__(self, etype: str) -> None:
        self.etype = etype
        self.bit = BIT[etype]

    def retreat_cost(self, m: Match, holder: Slot, cost: int) -> int:
        from ..ops import energy_units

        return 0 if any(u & self.bit for u in energy_units(m, holder)) else cost

    def text(self) -> str:
        return f"If this Pokémon has any [{self.etype}] Energy attached, its Retreat Cost is 0."



class _RuleLock(Passive):
    """A turn effect that changes no fact: the rule that honours it reads its name."""


# Psyduck's Headache: the player can't play Trainer, Supporter or Stadium cards this turn
# (actions.trainers_locked reads it).
TURN_EFFECTS["no_trainers"] = _RuleLock()

ATTACK_MAY_FAIL = register_marker(MarkerKind("attack_may_fail", "attacks may fail"))
"""An attack's result on the Defending Pokémon: when it attacks during its owner's next
turn, a coin is flipped and tails stops the attack (rules.CancelCheck reads it)."""


class FreshEvolution(Passive):
    """A Stadium: a Pokémon played or evolved this turn may evolve during that turn."""

    def allows_fresh_evolution(self, m: Match) -> bool:
        return True

    def text(self) -> str:
        return ("While this card is in play, each player may evolve a Pokémon during the "
                "same turn it was played or evolved.")


class CountersWhenPlayed(Passive):
    """A Stadium: a Pokémon card played from the hand (``how``: "bench" for a Basic put
    onto the Bench, "evolve" for an evolution) gets damage counters, unless it is of one
    of the ``spared`` types."""

    def __init__(self, counters: int, how: str, spared: tuple[str, ...] = ()) -> None:
        self.counters = counters
        self.how = how
        self.spared = spared

    def pokemon_played(self, m: Match, slot: Slot, how: str) -> None:
        from ..ops import place_counters

        if how != self.how:
            return
        if self.spared and set(self.spared) & set(pokemon_types(m, slot)):
            return
        place_counters(m, slot, self.counters)

    def text(self) -> str:
        n = f"{self.counters} damage counter{'s' if self.counters != 1 else ''}"
        if self.how == "evolve":
            return (f"Whenever a player evolves a Pokémon with a card from their hand, put "
                    f"{n} on that Pokémon.")
        spared = ""
        if self.spared:
            spared = " (except " + " or ".join(f"[{t}]" for t in self.spared) + " Pokémon)"
        return (f"Whenever a player puts a Basic Pokémon{spared} from their hand onto their "
                f"Bench, put {n} on it.")


class PlusDamageThisTurn(Passive):
    """b) A mark from an Item like PlusPower: the holder's attacks that damage the Active
    Pokémon do more damage, before Weakness and Resistance."""

    damage_step = "b"

    def __init__(self, amount: int) -> None:
        self.amount = amount

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or dc.attacker is not holder or dc.defender is holder:
            return dmg
        return dmg + self.amount if dmg > 0 and dc.to_active else dmg


PLUS_POWER = register_marker(MarkerKind(
    "plus_power", "PlusPower this turn", clears_on_bench=False, clears_on_evolve=False,
    passive=PlusDamageThisTurn(10)))
"""PlusPower on a Pokémon until the end of its player's turn (the card itself goes to the
discard pile when played; its effect rides on this mark)."""


# --- Platinum era: pl1 part3 (attack costs)


class AttackCostLess(Passive):
    """A Tool: the holder's attacks cost ``count`` fewer ``symbol`` Energy (an attack with
    no such symbol keeps its cost). Asked through the ``attack_costs`` fact hook, so the
    main phase's options and the attack's own cost size read the lower cost."""

    def __init__(self, symbol: str = "C", count: int = 1) -> None:
        self.symbol = symbol
        self.count = count
        # printed attack -> the same attack costing less (built once: an attack's identity
        # keys caches elsewhere, e.g. the computer player's)
        self._cheaper: dict[AttackDef, AttackDef] = {}

    def attack_costs(self, m: Match, holder: Slot, attacks: tuple[AttackRef, ...],
                     ) -> tuple[AttackRef, ...]:
        return tuple(self._ref(r) for r in attacks)

    def _ref(self, ref: AttackRef) -> AttackRef:
        a = ref.attack
        if self.symbol not in a.cost:
            return ref
        cheaper = self._cheaper.get(a)
        if cheaper is None:
            cost = list(a.cost)
            for _ in range(self.count):
                if self.symbol in cost:
                    cost.reverse()  # (the last symbol goes: the printed order is kept)
                    cost.remove(self.symbol)
                    cost.reverse()
            cheaper = self._cheaper[a] = replace(a, cost=tuple(cost))
        return replace(ref, attack=cheaper)

    def text(self) -> str:
        n = "" if self.count == 1 else f"{self.count} "
        return (f"The attacks of the Pokémon this card is attached to need {n}"
                f"[{self.symbol}] less Energy to use.")
