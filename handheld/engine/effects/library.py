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


# --- Platinum era: Rising Rivals part 2 (pl2-35 to pl2-74)


class ReduceDamageTakenWithEnergy(Passive):
    """h) A Poké-Body: while its holder has Energy of a type attached, damage done to it by
    attacks is reduced (Sand Armor)."""

    damage_step = "h"

    def __init__(self, amount: int, etype: str) -> None:
        self.amount = amount
        self.etype = etype
        self.bit = BIT[etype]

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or dc.defender is not holder:
            return dmg
        from ..ops import energy_units

        if not any(u & self.bit for u in energy_units(m, holder)):
            return dmg
        return dmg - self.amount

    def text(self) -> str:
        return (f"While any [{self.etype}] Energy is attached to this Pokémon, damage done to "
                f"it by attacks is reduced by {self.amount} (after Weakness and Resistance).")


class SideGuard(Passive):
    """h) A Poké-Body of an Active Pokémon: damage done by the opponent's attacks to any
    Pokémon of its owner is reduced (Frost Wind). The damage figure asks the defender's
    own passives and, for a Benched defender, those of its side's Active Pokémon
    (``side_guard``)."""

    damage_step = "h"
    side_guard = True

    def __init__(self, amount: int) -> None:
        self.amount = amount

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or dc.defender.owner != holder.owner or dc.player == holder.owner:
            return dmg
        if m.players[holder.owner].active is not holder:
            return dmg
        return dmg - self.amount

    def text(self) -> str:
        return (f"While this Pokémon is your Active Pokémon, damage done to any of your "
                f"Pokémon by your opponent's attacks is reduced by {self.amount} (after "
                "Weakness and Resistance).")


class AllTypes(Passive):
    """A Poké-Body: its holder is of every listed type at once (Colorful Body)."""

    def __init__(self, types: tuple[str, ...]) -> None:
        self.types = types

    def pokemon_types(self, m: Match, holder: Slot, types: tuple[str, ...]) -> tuple[str, ...]:
        return self.types

    def text(self) -> str:
        return "This Pokémon is of every one of these types: " + \
            "".join(f"[{t}]" for t in self.types) + "."


class MoreDamageTaken(Passive):
    """h) An attack result on a Pokémon: any attack that damages it does more damage
    (after Weakness and Resistance; Crunch)."""

    damage_step = "h"

    def __init__(self, amount: int) -> None:
        self.amount = amount

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        return dmg + self.amount if dc.defender is holder and dmg > 0 else dmg


class NoDamageFromOpponent(Passive):
    """h) An attack result on a Pokémon: attacks of its owner's opponent do it no damage
    (Tropius's Fly)."""

    damage_step = "h"

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is not None and dc.defender is holder and dc.player != holder.owner:
            return 0
        return dmg


MORE_DAMAGE_40 = register_marker(MarkerKind("more_damage_40", "takes 40 more damage",
                                            passive=MoreDamageTaken(40)))
LESS_DAMAGE_10 = register_marker(MarkerKind("less_damage_10", "takes 10 less damage",
                                            passive=ReduceDamageTaken(10)))
NO_ATTACK_EFFECTS = register_marker(MarkerKind("no_attack_effects",
                                               "protected from attacks",
                                               passive=NoDamageFromOpponent()))


class HealOnAttach(Passive):
    """A Poké-Body that answers an Energy card attached from the hand
    (``Match.on_energy_attached``): remove damage counters from the Pokémon it went to.
    ``to_self``: only an attachment to the holder counts (Royal Gain), else one to any of
    its owner's Pokémon while the holder is Active (Energy Refresh); ``etype``: only Energy
    of that type counts."""

    def __init__(self, counters: int, *, to_self: bool, etype: str | None = None) -> None:
        self.counters = counters
        self.to_self = to_self
        self.etype = etype

    def on_energy_attached(self, m: Match, holder: Slot, target: Slot, cid: int) -> None:
        from ..ops import heal

        if self.to_self and target is not holder:
            return
        if not self.to_self and m.players[holder.owner].active is not holder:
            return
        if self.etype is not None and not any(u & BIT[self.etype] for u in m.defs[cid].units):
            return
        heal(m, target, 10 * self.counters)

    def text(self) -> str:
        counters = "1 damage counter" if self.counters == 1 else \
            f"{self.counters} damage counters"
        kind = f"a [{self.etype}] Energy card" if self.etype else "an Energy card"
        if self.to_self:
            return (f"Whenever you attach {kind} from your hand to this Pokémon, remove "
                    f"{counters} from it.")
        return (f"While this Pokémon is your Active Pokémon, whenever you attach {kind} from "
                f"your hand to 1 of your Pokémon, remove {counters} from that Pokémon.")


class StrikeBack(Passive):
    """A Poké-Body that answers its holder being damaged by an opponent's attack while
    Active (``ops.deal_damage`` asks ``on_damaged``): the Body's own steps run at once, in a
    frame whose Defending Pokémon is the Attacking Pokémon (Energy Shark). The text is the
    Body's steps (``Power.wording``)."""

    def on_damaged(self, m: Match, dc: DamageCtx, holder: Slot) -> None:
        from ..facts import stack_facts
        from ..state import Frame

        attacker = dc.attacker
        if attacker is None or dc.defender is not holder or dc.player == holder.owner \
                or not dc.to_active:
            return
        for ref in stack_facts(m, holder).powers:
            if self in ref.power.passives and ref.power.code:
                m.stack.append(Frame(ref.power.key, ref.power.code, holder.owner, holder.top,
                                     holder.id, attacker.id))
                return


POISON_COUNTERS = register_marker(MarkerKind("poison_counters", "Poison counters",
                                             is_counter=True))
"""Damage counters a Poisoned Pokémon takes between turns instead of 1 (Toxic); a new
Poison (``ops.inflict``) resets it."""

CANT_EVOLVE = register_marker(MarkerKind("cant_evolve", "can't evolve"))
# "<this Pokémon> can't use <its attack> during your next turn": one marker per attack
# index of the card (``actions.attack_locked``).
ATTACK_LOCKS = tuple(register_marker(MarkerKind(f"no_attack_{i}", f"can't use attack {i + 1}"))
                     for i in range(3))
