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


# --- Platinum era: Rising Rivals part 3 (pl2-75 to pl2-102, pl2-112 to 114, RT1 to RT6)

from ..facts import fact_passives, remaining_hp, stack_facts  # noqa: E402
from ..ops import is_active, type_entry  # noqa: E402


class BenchShield(Passive):
    """h) A Poké-Body: no damage from any attack (either player's) while its holder is on
    the Bench (Submerge)."""

    damage_step = "h"

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is not None and dc.defender is holder and not is_active(m, holder):
            return 0
        return dmg

    def text(self) -> str:
        return "While this Pokémon is on your Bench, prevent all damage done to it by attacks " \
               "(yours and your opponent's)."


class PreventDamageUpTo(Passive):
    """h) A lasting mark: attack damage of ``limit`` or less done to the holder is
    prevented (``limit`` None: all of it)."""

    damage_step = "h"

    def __init__(self, limit: int | None = None) -> None:
        self.limit = limit

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or dc.defender is not holder or dc.player == holder.owner:
            return dmg
        return 0 if self.limit is None or dmg <= self.limit else dmg


class LowHpBoost(Passive):
    """b) A Poké-Body: while the holder has ``hp`` or less HP left, its attacks do ``extra``
    more damage to the Active Pokémon, before Weakness and Resistance (Overgrow)."""

    damage_step = "b"

    def __init__(self, hp: int, extra: int) -> None:
        self.hp = hp
        self.extra = extra

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or dc.attacker is not holder or dc.defender is holder \
                or not dc.to_active or dmg <= 0:
            return dmg
        return dmg + self.extra if remaining_hp(m, holder) <= self.hp else dmg

    def text(self) -> str:
        return (f"While this Pokémon has {self.hp} HP or less left, each of its attacks does "
                f"{self.extra} more damage to the Active Pokémon (before Weakness and "
                "Resistance).")


class TypeIs(Passive):
    """A lasting mark: the holder's type is ``etype``."""

    def __init__(self, etype: str) -> None:
        self.etype = etype

    def pokemon_types(self, m: Match, holder: Slot, types: tuple[str, ...]) -> tuple[str, ...]:
        return (self.etype,)


for _t in ("G", "R", "W", "L", "P", "F", "D", "M", "C"):
    register_marker(MarkerKind(f"type_{_t}", f"[{_t}] type this turn", clears_on_bench=False,
                               clears_on_evolve=False, passive=TypeIs(_t)))
register_marker(MarkerKind("shield_40", "prevents attack damage of 40 or less",
                           clears_on_bench=False, passive=PreventDamageUpTo(40)))
register_marker(MarkerKind("shield_all", "prevents all attack damage",
                           clears_on_bench=False, passive=PreventDamageUpTo(None)))


class OwnTypeBoost(Passive):
    """b) Special Energy of this era: 10 more damage to the Active Pokémon, before Weakness
    and Resistance, when its holder is of ``etype`` (Darkness Energy, Platinum era)."""

    damage_step = "b"

    def __init__(self, etype: str, amount: int = 10) -> None:
        self.etype = etype
        self.amount = amount

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or dc.attacker is not holder or dc.defender is holder \
                or not dc.to_active or dmg <= 0:
            return dmg
        return dmg + self.amount if self.etype in pokemon_types(m, holder) else dmg

    def text(self) -> str:
        return (f"If the Pokémon this card is attached to is a [{self.etype}] Pokémon, its "
                f"attacks do {self.amount} more damage to the Active Pokémon (before Weakness "
                "and Resistance).")


class OwnTypeShield(Passive):
    """g) Special Energy of this era: 10 less damage from attacks, after Weakness and
    Resistance, when its holder is of ``etype`` (Metal Energy, Platinum era)."""

    damage_step = "g"

    def __init__(self, etype: str, amount: int = 10) -> None:
        self.etype = etype
        self.amount = amount

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or dc.defender is not holder:
            return dmg
        return dmg - self.amount if self.etype in pokemon_types(m, holder) else dmg

    def text(self) -> str:
        return (f"If the Pokémon this card is attached to is a [{self.etype}] Pokémon, damage "
                f"done to it by attacks is reduced by {self.amount} (after Weakness and "
                "Resistance).")


def _types_before_weakness(m: Match, holder: Slot) -> tuple[str, ...]:
    """The holder's types as the type hooks make them, asked without the whole facts (a
    Weakness hook that needs the types would otherwise ask itself)."""
    types = stack_facts(m, holder).types
    for ps, h in fact_passives(m, holder):
        if "pokemon_types" in ps.hooks:
            types = ps.pokemon_types(m, h, types)
    return types


class NoWeaknessForType(Passive):
    """A Stadium: every Pokémon in play of ``etype`` has no Weakness (Sunyshore City Gym)."""

    def __init__(self, etype: str) -> None:
        self.etype = etype

    def weakness(self, m: Match, holder: Slot, entries: tuple[tuple[str, str], ...],
                 ) -> tuple[tuple[str, str], ...]:
        return () if entries and self.etype in _types_before_weakness(m, holder) else entries

    def text(self) -> str:
        return f"Each [{self.etype}] Pokémon in play (both players') has no Weakness."


class IgnoreResistanceForType(Passive):
    """f) A Stadium: damage that attacks of ``etype`` Pokémon do to the Defending Pokémon
    is not affected by Resistance. Resistance was taken off at step d; the Stadium's step
    f gives it back (Resistance only ever subtracts a fixed amount)."""

    damage_step = "f"

    def __init__(self, etype: str) -> None:
        self.etype = etype

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        a = dc.attacker
        if a is None or not dc.to_active or not dc.resistance or a is dc.defender:
            return dmg
        types = pokemon_types(m, a)
        if self.etype not in types:
            return dmg
        res, value = type_entry(pokemon_facts(m, dc.defender).resistance, types)
        if not res:
            return dmg
        amount = m.rules.resistance_amount
        if m.rules.use_printed_weakness and value:
            amount = abs(int(value))
        return dmg + amount

    def text(self) -> str:
        return (f"Damage that attacks of [{self.etype}] Pokémon (both players') do to the "
                "Defending Pokémon is not affected by Resistance.")


from ..energy import ALL_TYPES  # noqa: E402


class AnyTypeOnSP(Passive):
    """A Special Energy: one unit of [C] (as printed), but one unit of every type while its
    holder is a Pokémon SP (SP Energy)."""

    def card_units(self, m: Match, holder: Slot, card: int, units: tuple[int, ...],
                   ) -> tuple[int, ...]:
        return (ALL_TYPES,) if m.defs[holder.top].sp else units

    def text(self) -> str:
        return ("On a Pokémon SP, it provides 1 Energy of any type you need instead (still 1 "
                "Energy at a time).")


class MoreUnitsWhenBehind(Passive):
    """A Special Energy: ``units`` [C] units instead of its printed ones while its owner has
    more Prize cards left than the opponent, unless its holder is a Pokémon LV.X (Upper
    Energy)."""

    def __init__(self, units: int = 2) -> None:
        self.units = units

    def card_units(self, m: Match, holder: Slot, card: int, units: tuple[int, ...],
                   ) -> tuple[int, ...]:
        owner = m.owner[card]
        if m.defs[holder.top].lv_x \
                or len(m.players[owner].prizes) <= len(m.players[1 - owner].prizes):
            return units
        return (0,) * self.units

    def text(self) -> str:
        return (f"While you have more Prize cards left than your opponent, it provides "
                f"{'[C]' * self.units} instead, unless the Pokémon it is attached to is a "
                "Pokémon LV.X.")


# "If the Defending Pokémon tries to attack, flip a coin; on tails that attack does nothing":
# step e of the attack (rules.CancelCheck) asks for this marker (Blind).
register_marker(MarkerKind("attack_may_fail", "attacks may fail"))


class LockRetreatWhile(Passive):
    """A Poké-Body: while its holder is the Active Pokémon and has the Special Condition
    ``condition``, the opponent's Active Pokémon can't retreat (Bad Sleeping Habits)."""

    def __init__(self, condition: int, name: str) -> None:
        self.condition = condition
        self.name = name

    def locks_retreat(self, m: Match, holder: Slot, active: Slot) -> bool:
        return bool(holder.conditions & self.condition) and is_active(m, holder)

    def text(self) -> str:
        return f"While this Pokémon is {self.name}, your opponent's Active Pokémon can't retreat."


class NoPrizeWhile(Passive):
    """A Poké-Body: Knocked Out while it has the Special Condition ``condition``, its
    holder gives the opponent no Prize card (Camouflage Gas)."""

    def __init__(self, condition: int, name: str) -> None:
        self.condition = condition
        self.name = name

    def knockout_prizes(self, m: Match, holder: Slot, prizes: int) -> int:
        return 0 if holder.conditions & self.condition else prizes

    def text(self) -> str:
        return (f"If this Pokémon is Knocked Out while {self.name}, your opponent takes no "
                "Prize card for it.")


class OnlyOnSP(Passive):
    """A Technical Machine that only a Pokémon SP may hold: discarded at the end of a turn
    when its holder is no longer a Pokémon SP (TM G-107). Attaching it is limited by the
    script's ``attach_to``; this passive says so in the card text."""

    def end_of_turn_discard(self, m: Match, holder: Slot, card: int) -> bool:
        return not m.defs[holder.top].sp

    def text(self) -> str:
        return ("Attach only to a Pokémon SP. Discard this card at the end of a turn if the "
                "Pokémon holding it is no longer a Pokémon SP.")
