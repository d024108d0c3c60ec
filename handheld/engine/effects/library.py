"""Reusable passive effects: Special Energy, Pokémon Tools, Poké-Bodies, turn effects.

Each is a :class:`Passive` the rules query at the step the rulebook names; the ``text``
is the project's own wording of what it does.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..actions import LOCKED_TRAINER_KINDS, NO_ITEMS
from ..carddefs import AttackDef
from ..energy import BIT, COLORLESS, TYPE_NAMES, TYPES
from ..facts import KNOCKED_OUT_BY_OWN_ATTACK, AttackRef, pokemon_facts, pokemon_types
from ..facts import attack_lock as attack_lock  # (the sets' scripts import it from here)
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
        return (f"Attacks do {self.amount} less damage to this Pokémon (after Weakness and "
                "Resistance).")


class MetalShield(Passive):
    """g) Metal Energy on the Defending Pokémon: 10 less damage from attacks."""

    damage_step = "g"

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        return dmg - 10 if dc.defender is holder else dmg

    def text(self) -> str:
        return ("The Pokémon with this card attached takes 10 less damage from attacks "
                "(after Weakness and Resistance).")


class MetalDrag(Passive):
    """e) Metal Energy on a non-Metal attacker: its attacks do 10 less damage."""

    damage_step = "e"

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if not dc.by_attack_of(holder):
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
        if not dc.by_attack_of(holder):
            return dmg
        return dmg + 10 if dmg > 0 and dc.to_active else dmg

    def between_turns_counters(self, m: Match, holder: Slot) -> int:
        facts = pokemon_facts(m, holder)
        if "D" in facts.types or "Dark" in facts.name:
            return 0
        return 1

    def text(self) -> str:
        return ("When the Pokémon with this card attached damages the Defending Pokémon with "
                "an attack, add 10 damage (after Weakness and Resistance). Between turns, place "
                "1 damage counter on that Pokémon unless it is a [D] Pokémon or has Dark in "
                "its name.")


class PlusDamageThisTurn(Passive):
    """b) A mark from an Item like PlusPower: the holder's attacks that damage the Active
    Pokémon do more damage, before Weakness and Resistance."""

    damage_step = "b"

    def __init__(self, amount: int) -> None:
        self.amount = amount

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if not dc.by_attack_of(holder):
            return dmg
        return dmg + self.amount if dmg > 0 and dc.to_active else dmg


class DamageBoostCharm(PlusDamageThisTurn):
    """e) A Tool that adds damage to attacks that damage the Active Pokémon, and goes to
    the discard pile as that turn ends (Strength Charm)."""

    damage_step = "e"

    def after_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dealt: int) -> None:
        if dc.by_attack_of(holder) and dc.to_active:
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


# --- Platinum era: pl1 part 1
# Lasting results of attacks and Powers, each a marker that carries its passive.


class NoWeakness(Passive):
    """A lasting mark: the marked Pokémon has no Weakness."""

    def weakness(self, m: Match, holder: Slot, entries: tuple[tuple[str, str], ...],
                 ) -> tuple[tuple[str, str], ...]:
        return ()

    def text(self) -> str:
        return "This Pokémon has no Weakness."


class IncreaseDamageTaken(Passive):
    """h) Damage done to the holder by attacks is increased (after Weakness and
    Resistance)."""

    damage_step = "h"

    def __init__(self, amount: int) -> None:
        self.amount = amount

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        return dmg + self.amount if dc.defender is holder and dmg > 0 else dmg

    def text(self) -> str:
        return (f"Attacks do {self.amount} extra damage to this Pokémon (after Weakness and "
                "Resistance).")


class AttackBonus(Passive):
    """b) The holder's attacks do more damage to the Defending Pokémon (before Weakness
    and Resistance)."""

    damage_step = "b"

    def __init__(self, amount: int) -> None:
        self.amount = amount

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or dc.attacker is not holder or not dc.to_active \
                or dc.defender.owner == holder.owner:
            return dmg
        return dmg + self.amount

    def text(self) -> str:
        return (f"This Pokémon's attacks do {self.amount} extra damage to the Defending "
                "Pokémon (before Weakness and Resistance).")


NO_WEAKNESS = register_marker(MarkerKind("no_weakness", "no Weakness",
                                         passive=NoWeakness()))
TAKES_20_LESS = register_marker(MarkerKind("takes_20_less", "takes 20 less damage",
                                           passive=ReduceDamageTaken(20)))
TAKES_50_MORE = register_marker(MarkerKind("takes_50_more", "takes 50 more damage",
                                           passive=IncreaseDamageTaken(50)))
# "During your next turn, each of its attacks does 60 more": a Power's effect, so it
# stays when the Pokémon goes to the Bench.
ATTACKS_60_MORE = register_marker(MarkerKind("attacks_60_more", "attacks do 60 more",
                                             clears_on_bench=False, clears_on_evolve=False,
                                             passive=AttackBonus(60)))
# Marks the Defending Pokémon an attack hit, for a later attack that asks about it.
MIDNIGHT_EYES = register_marker(MarkerKind("midnight_eyes", "hit by Midnight Eyes"))
# An attack's result on the Defending Pokémon: when it attacks during its owner's next
# turn, the attack procedure's cancel check (rules.CancelCheck) flips a coin and tails
# stops the attack (Octazooka).
ATTACK_MAY_FAIL = register_marker(MarkerKind("attack_may_fail", "attacks may fail"))


class TurnFlagOnly(Passive):
    """An effect for the rest of a turn that changes no rule by itself: a flag that
    conditions read (``steps.TurnFlag``), e.g. "only 1 Nurse Call a turn"."""


def register_turn_flag(name: str) -> str:
    """Name a rest-of-turn flag (positions accept only known turn-effect names)."""
    existing = TURN_EFFECTS.get(name)
    if existing is None:
        TURN_EFFECTS[name] = TurnFlagOnly()
    elif not isinstance(existing, TurnFlagOnly):
        raise ValueError(f"turn effect {name!r} already means something else")
    return name


NURSE_CALL = register_turn_flag("nurse_call")
# --- Platinum era: Rising Rivals part1 (pl2-1 to pl2-34)


class NoWeaknessWithEnergy(Passive):
    """A Poké-Body: while any Energy of one type is attached to its holder, the holder
    has no Weakness (Arcanine's Flare Condition)."""

    def __init__(self, etype: str) -> None:
        self.etype = etype

    def weakness(self, m: Match, holder: Slot, entries: tuple[tuple[str, str], ...],
                 ) -> tuple[tuple[str, str], ...]:
        from ..ops import count_energy_of_type

        return () if entries and count_energy_of_type(m, holder, self.etype) else entries

    def text(self) -> str:
        return f"While any [{self.etype}] Energy is attached to this Pokémon, it has no Weakness."


class ActsBetweenTurns(Passive):
    """A Poké-Body that acts on other Pokémon between turns. The rules ask Bodies between
    turns at the Darkness Energy step (e), through ``between_turns_counters``; this one
    does its work there (``act``) and puts no counters on its holder itself."""

    def between_turns_counters(self, m: Match, holder: Slot) -> int:
        self.act(m, holder)
        return 0

    def act(self, m: Match, holder: Slot) -> None:
        """Do the between-turns work of the Body on ``holder``."""


class AsleepTakeCounters(ActsBetweenTurns):
    """Each of the opponent's Pokémon still Asleep between turns (after the Sleep check)
    takes damage counters (Darkrai G's Eerie Aura)."""

    def __init__(self, counters: int = 1) -> None:
        self.counters = counters

    def act(self, m: Match, holder: Slot) -> None:
        from ..ops import place_counters
        from ..ruleset import ASLEEP

        for s in m.players[1 - holder.owner].in_play():
            if s.conditions & ASLEEP:
                place_counters(m, s, self.counters)

    def text(self) -> str:
        counters = "1 damage counter" if self.counters == 1 \
            else f"{self.counters} damage counters"
        return (f"Between turns, every Pokémon your opponent has in play that is still "
                f"Asleep gets {counters}.")


class ActiveAura(ActsBetweenTurns):
    """While its holder is the Active Pokémon, between turns, put damage counters on the
    Pokémon that pass a test: ``side`` "opp" (the opponent's Pokémon in play) or "actives"
    (both Active Pokémon); ``test`` names the kind (Mamoswine GL, Hippowdon)."""

    def __init__(self, side: str, test: str, label: str, counters: int = 1) -> None:
        self.side = side
        self.test = test
        self.label = label
        self.counters = counters

    def _passes(self, m: Match, s: Slot) -> bool:
        if self.test == "lv_x":
            return bool(m.defs[s.top].lv_x)
        if self.test.startswith("not_type:"):
            return self.test[9:] not in pokemon_types(m, s)
        return True

    def act(self, m: Match, holder: Slot) -> None:
        from ..ops import is_active, place_counters

        if not is_active(m, holder):
            return
        if self.side == "actives":
            slots = [p.active for p in m.players if p.active is not None]
        else:
            slots = m.players[1 - holder.owner].in_play()
        for s in slots:
            if self._passes(m, s):
                place_counters(m, s, self.counters)

    def text(self) -> str:
        counters = "1 damage counter" if self.counters == 1 \
            else f"{self.counters} damage counters"
        return (f"While this Pokémon is your Active Pokémon, between turns, {self.label} "
                f"gets {counters}.")


class HealOwnBetweenTurns(ActsBetweenTurns):
    """Between turns, remove damage counters from each of the holder's owner's Pokémon;
    only one Body of this name works for a player between turns (Nidoqueen's Maternal
    Comfort): the first in play order (Active, then the Bench) acts."""

    def __init__(self, name: str, counters: int = 1) -> None:
        self.name = name
        self.counters = counters

    def act(self, m: Match, holder: Slot) -> None:
        from ..facts import bodies
        from ..ops import heal

        p = m.players[holder.owner]
        for s in p.in_play():
            if any(ps is self for ps, _ in bodies(m, s)):
                if s is not holder:
                    return  # an earlier one already acted
                break
        for s in p.in_play():
            if s.damage:
                heal(m, s, 10 * self.counters)

    def text(self) -> str:
        return (f"Between turns, take {self.counters} damage counter off each of your "
                f"Pokémon (only 1 {self.name} works between turns).")


BARRIER_10 = register_marker(MarkerKind("barrier_10", "takes 10 less damage from attacks",
                                        passive=ReduceDamageTaken(10)))
FOCUS = register_marker(MarkerKind("focus_energy", "Focus Energy"))


class OpponentCoinsTails(Passive):
    """A Poké-Body: while its holder is the Active Pokémon, every coin the opponent flips
    during their own turn counts as tails (Shiftry's Unlucky Wind; see
    ``facts.coin_forced_tails``)."""

    opponent_coins_tails = True

    def text(self) -> str:
        return ("While this Pokémon is your Active Pokémon, every coin your opponent flips "
                "during their turn counts as tails.")


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
        return (f"With any [{self.etype}] Energy attached, this Pokémon has a Retreat Cost "
                "of 0.")



class _RuleLock(Passive):
    """A turn effect that changes no fact: the rule that honours it reads its name."""


# Locks on kinds of Trainer card from the hand (Headache, Fake Tears, Deafen):
# actions.locked_trainer_kinds reads them.
for _lock in LOCKED_TRAINER_KINDS:
    TURN_EFFECTS[_lock] = _RuleLock()



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
        return "Attacks (yours and your opponent's) do no damage to this Pokémon while it " \
               "is on your Bench."


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
        if not dc.by_attack_of(holder) \
                or not dc.to_active or dmg <= 0:
            return dmg
        return dmg + self.extra if remaining_hp(m, holder) <= self.hp else dmg

    def text(self) -> str:
        return (f"While this Pokémon has {self.hp} HP or less left, its attacks do "
                f"{self.extra} extra damage to the Active Pokémon (before Weakness and "
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
    """b) Special Energy of this era: its holder, when of ``etype``, adds 10 to its damage
    to the Active Pokémon, ahead of Weakness and Resistance (Darkness Energy, Platinum era)."""

    damage_step = "b"

    def __init__(self, etype: str, amount: int = 10) -> None:
        self.etype = etype
        self.amount = amount

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if not dc.by_attack_of(holder) \
                or not dc.to_active or dmg <= 0:
            return dmg
        return dmg + self.amount if self.etype in pokemon_types(m, holder) else dmg

    def text(self) -> str:
        return (f"When the Pokémon with this card attached is a [{self.etype}] Pokémon, its "
                f"attacks do {self.amount} extra damage to the Active Pokémon (before Weakness "
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
        return (f"When the Pokémon with this card attached is a [{self.etype}] Pokémon, attacks "
                f"do {self.amount} less damage to it (after Weakness and Resistance).")


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
        return (f"While your opponent has fewer Prize cards left than you, it provides "
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
        return (f"Your opponent can't retreat their Active Pokémon while this Pokémon is "
                f"{self.name}.")


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
        return (f"While any [{self.etype}] Energy is attached to this Pokémon, attacks do "
                f"{self.amount} less damage to it (after Weakness and Resistance).")


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
        return (f"While this Pokémon is your Active Pokémon, your opponent's attacks do "
                f"{self.amount} less damage to each of your Pokémon (after Weakness and "
                "Resistance).")


class AllTypes(Passive):
    """A Poké-Body: its holder is of every listed type at once (Colorful Body)."""

    def __init__(self, types: tuple[str, ...]) -> None:
        self.types = types

    def pokemon_types(self, m: Match, holder: Slot, types: tuple[str, ...]) -> tuple[str, ...]:
        return self.types

    def text(self) -> str:
        if set(self.types) == {*TYPES, COLORLESS}:
            return f"This Pokémon is of every Energy type and [{COLORLESS}] too, all at once."
        return "This Pokémon has all these types at once: " + \
            "".join(f"[{t}]" for t in self.types) + "."


class NoDamageFromOpponent(Passive):
    """h) An attack result on a Pokémon: attacks of its owner's opponent do it no damage
    (Tropius's Fly)."""

    damage_step = "h"

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is not None and dc.defender is holder and dc.player != holder.owner:
            return 0
        return dmg


MORE_DAMAGE_40 = register_marker(MarkerKind("more_damage_40", "takes 40 more damage",
                                            passive=IncreaseDamageTaken(40)))
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
            return (f"Each time you attach {kind} to this Pokémon from your hand, take "
                    f"{counters} off it.")
        return (f"While this Pokémon is your Active Pokémon: each time {kind} from your hand "
                f"is attached to 1 of your Pokémon, take {counters} off that Pokémon.")


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


CANT_EVOLVE = register_marker(MarkerKind("cant_evolve", "can't evolve or level up"))
"""No card from the hand may evolve or level up the Pokémon (Primal Breath; read by
``actions.evolves_onto`` and the main phase's level-up moves)."""


# --- Platinum era: pl1 part2 (pl1-35 to pl1-77)


NO_ATTACK_DAMAGE = register_marker(MarkerKind("no_attack_damage",
                                              "no damage from attacks",
                                              passive=NoDamageFromOpponent()))


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
    (Cold Feet). Asked through the ``attack_costs`` fact hook, like a Tool that makes
    attacks cheaper."""

    def __init__(self) -> None:
        self._free: dict[AttackDef, AttackDef] = {}  # printed attack -> the same, cost-free

    def attack_costs(self, m: Match, holder: Slot, attacks: tuple[AttackRef, ...],
                     ) -> tuple[AttackRef, ...]:
        if not holder.conditions:
            return attacks
        return tuple(self._ref(r) for r in attacks)

    def _ref(self, ref: AttackRef) -> AttackRef:
        a = ref.attack
        if not a.cost:
            return ref
        free = self._free.get(a)
        if free is None:
            free = self._free[a] = replace(a, cost=())
        return replace(ref, attack=free)

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


# --- Platinum era: the Lost Zone and the last Pokémon LV.X


class NoBodiesButSP(Passive):
    """A Poké-Body: no Pokémon in play but the Pokémon SP (either player's) has working
    Poké-Bodies (Dialga G LV.X's Time Crystal; ``facts.bodies_blocked``)."""

    def blocks_bodies(self, m: Match, holder: Slot, slot: Slot) -> bool:
        return not m.defs[slot.top].sp

    def text(self) -> str:
        return ("While it works, no Pokémon in play (yours or your opponent's) other than "
                "Pokémon SP can use its Poké-Bodies.")
# --- Platinum era: pl1 part 1 (the rest: Poké-Bodies that reach other Pokémon)

from ..facts import has_marker  # noqa: E402


class DamageBind(Passive):
    """A Poké-Body: every Pokémon in play (both players') with damage counters on it can't
    use Poké-Powers (hook ``locks_powers``, asked by ``facts.power_works``)."""

    def locks_powers(self, m: Match, holder: Slot, slot: Slot) -> bool:
        return slot.damage > 0

    def text(self) -> str:
        return ("No Pokémon in play that has any damage counters on it (yours or your "
                "opponent's) can use Poké-Powers.")


class TimeAura(Passive):
    """A Poké-Body: while its holder is its owner's Active Pokémon, the opponent can't
    evolve their Active Pokémon with a card from the hand (``actions``)."""

    def locks_active_evolution(self, m: Match, holder: Slot, active: Slot) -> bool:
        return m.players[holder.owner].active is holder

    def text(self) -> str:
        return ("Your opponent can't play cards from their hand to evolve their Active "
                "Pokémon while this Pokémon is your Active Pokémon.")


class BenchBarrier(Passive):
    """A Poké-Body: damage any attack (either player's) does to its owner's Benched
    Pokémon is prevented, except to Pokémon named ``spared`` (Electric Barrier). Asked at
    step h) for the holder's other Pokémon (``guards_side``) and for the holder itself."""

    damage_step = "h"

    def __init__(self, spared: str) -> None:
        self.spared = spared

    def _guards(self, m: Match, dc: DamageCtx, holder: Slot) -> bool:
        d = dc.defender
        return d.owner == holder.owner and m.players[d.owner].active is not d \
            and stack_facts(m, d).name != self.spared

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        return 0 if holder is not None and self._guards(m, dc, holder) else dmg

    def guards_side(self, m: Match, dc: DamageCtx, holder: Slot, dmg: int) -> int:
        return 0 if self._guards(m, dc, holder) else dmg

    def text(self) -> str:
        return (f"Attacks (either player's) do no damage to your Benched Pokémon, except to "
                f"any {self.spared}.")


class IronSkull(Passive):
    """A Poké-Body: the damage of its holder's attacks ignores Resistance and everything on
    the defender's side: its attached cards, attack results, Poké-Bodies and Poké-Powers
    (``ops.figure_damage`` reads ``pierces``). Weakness still counts."""

    pierces = True

    def text(self) -> str:
        return ("The damage this Pokémon's attacks do ignores Resistance, Poké-Powers, "
                "Poké-Bodies and every other effect on the Pokémon it hits (Weakness still "
                "applies).")


USED_ATTACK = register_marker(MarkerKind("used_attack", "attacked last turn",
                                         clears_on_bench=False))
"""Left by an attack of a Pokémon whose Poké-Body reads it (Lazy Paunch): it attacked
during its owner's turn, so the mark lasts through that player's next turn."""


class RestAfterAttacking(Passive):
    """A Poké-Body: its holder can't attack during the turn after one in which it attacked
    (Lazy Paunch: the ``used_attack`` marker left as any attack of its holder is announced,
    one lent by Memory Berry too; fact hook ``attacks``)."""

    def attack_announced(self, m: Match, holder: Slot) -> None:
        holder.markers[USED_ATTACK.name] = m.turn + 2  # through its owner's next turn

    def attacks(self, m: Match, holder: Slot, refs: tuple[Any, ...]) -> tuple[Any, ...]:
        if holder.markers and has_marker(m, holder, USED_ATTACK.name):
            return ()
        return refs

    def text(self) -> str:
        return "If this Pokémon attacked during your last turn, it can't attack."


class HealWithTool(Passive):
    """A Poké-Body acting at the between-turns step of the passives: while a Pokémon Tool
    is attached to its holder, remove ``counters`` damage counters from it (Metal
    Trait)."""

    def __init__(self, counters: int) -> None:
        self.counters = counters

    def between_turns_counters(self, m: Match, holder: Slot) -> int:
        return -self.counters if holder.tool >= 0 else 0

    def text(self) -> str:
        counters = "1 damage counter" if self.counters == 1 else \
            f"{self.counters} damage counters"
        return (f"Between turns, if a Pokémon Tool is attached to this Pokémon, remove "
                f"{counters} from it.")


def _condition_count(slot: Slot | None) -> int:
    from ..state import CONDITION_NAMES

    return 0 if slot is None else sum(1 for b in CONDITION_NAMES if slot.conditions & b)


class GuardFromAffected(Passive):
    """A Poké-Body: attacks of the opponent's Pokémon that has at least ``conditions``
    Special Conditions do nothing to its holder: no damage (step h) and no other effect
    (``guards_attack_effects``; Camouflage Pattern). The attacker is the Active
    Pokémon."""

    damage_step = "h"

    def __init__(self, conditions: int) -> None:
        self.conditions = conditions

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or dc.defender is not holder or dc.player == holder.owner:
            return dmg
        return 0 if _condition_count(dc.attacker) >= self.conditions else dmg

    def guards_attack_effects(self, m: Match, holder: Slot, player: int) -> bool:
        return player != holder.owner \
            and _condition_count(m.players[player].active) >= self.conditions

    def text(self) -> str:
        return (f"Attacks of your opponent's Pokémon that has {self.conditions} or more "
                "Special Conditions do nothing to this Pokémon (no damage, no other "
                "effect).")


class CountersOnRetreat(Passive):
    """A Poké-Body: whenever the opponent's Active Pokémon retreats, put ``counters``
    damage counters on it (Sinkhole; hook ``on_opponent_retreat``)."""

    def __init__(self, counters: int) -> None:
        self.counters = counters

    def on_opponent_retreat(self, m: Match, holder: Slot, retreated: Slot) -> None:
        from ..ops import place_counters

        place_counters(m, retreated, self.counters)

    def text(self) -> str:
        return (f"Each time your opponent's Active Pokémon retreats, it gets {self.counters} "
                "damage counters.")


# --- Platinum era: Rising Rivals part1 (rest: pl2-5, 7, 8, 21, 29)


class FreeRetreatForEnergyTypes(Passive):
    """An area Poké-Body (the ``reach`` hook): each of its owner's Pokémon that shares a
    type with a basic Energy card attached to the holder has no Retreat Cost (Flygon's
    Rainbow Float)."""

    reaches = frozenset({"retreat_cost"})

    def reach(self, m: Match, hook_name: str, source: Slot, target: Slot, value: Any) -> Any:
        if target.owner != source.owner or not value:
            return value
        bits = 0
        for cid in source.energy:
            d = m.defs[cid]
            if d.basic_energy:
                for u in d.units:
                    bits |= u
        if bits and any(BIT.get(t, 0) & bits for t in _types_before_weakness(m, target)):
            return 0
        return value

    def text(self) -> str:
        return ("Each of your Pokémon that is the same type as a basic Energy card attached "
                "to this Pokémon has no Retreat Cost.")


class WeaknessDoubles(Passive):
    """An area Poké-Body (the ``reach`` hook): every Pokémon in play, both players', has
    its Weakness applied as x2 whatever its card prints (Lucario GL's Boundary Aura)."""

    reaches = frozenset({"weakness"})

    def reach(self, m: Match, hook_name: str, source: Slot, target: Slot, value: Any) -> Any:
        if not value:
            return value
        return tuple((t, "x2") for t, _ in value)

    def text(self) -> str:
        return ("Each Pokémon in play (yours and your opponent's) has its Weakness applied "
                "as x2, whatever its card prints.")


COUNTERED_ATTACK = register_marker(MarkerKind(
    "countered_attack", "had damage counters put on it by a Poké-Body this turn")).name


class CountersOnAttacker(Passive):
    """A Poké-Body of any of its owner's Pokémon in play: when the opponent's attack damages
    its owner's Active Pokémon (even Knocking it Out), put ``counters`` damage counters on
    the Attacking Pokémon, no more than that for one attack however many such Bodies there
    are (Nidoking's Territoriality; the ``on_active_damaged`` hook)."""

    def __init__(self, counters: int) -> None:
        self.counters = counters

    def on_active_damaged(self, m: Match, dc: DamageCtx, holder: Slot) -> None:
        from ..ops import has_marker, place_counters

        attacker = dc.attacker
        if attacker is None or attacker.owner == holder.owner \
                or has_marker(m, attacker, COUNTERED_ATTACK):
            return
        attacker.markers[COUNTERED_ATTACK] = m.turn
        place_counters(m, attacker, self.counters)

    def text(self) -> str:
        return (f"Whenever an attack of your opponent damages your Active Pokémon (even if it "
                f"is Knocked Out), the Attacking Pokémon gets {self.counters} damage "
                f"counters. It gets no more than {self.counters} this way for one attack.")


class OnSwitchedOut(Passive):
    """A Poké-Body that answers its Pokémon going from the Active spot to the Bench by a
    switch or a retreat (``ops.switch_active`` asks ``on_switched_out``): the Body's own
    steps run at once for its owner, ``SELF`` the Benched Pokémon and ``OWN_ACTIVE`` the
    new Active Pokémon (Gastrodon East Sea's Sticky Hold). The text is the Body's
    (``Power.wording``)."""

    def on_switched_out(self, m: Match, holder: Slot, new_active: Slot) -> None:
        from ..state import Frame

        for ref in stack_facts(m, holder).powers:
            if self in ref.power.passives and ref.power.code:
                m.stack.append(Frame(ref.power.key, ref.power.code, holder.owner, holder.top,
                                     holder.id))
                return


# --- Platinum era: the last Pokémon LV.X (pl1-123, 124, 126, 127, pl2-104, 105)


class AttackToll(Passive):
    """A Poké-Body: before each attack of the other player's Pokémon, that player discards
    ``cards`` cards from the hand, and can't attack without them (Giratina LV.X's
    Invisible Tentacles; hook ``attack_toll``, paid by the era's attack opening). Several
    such Bodies in play charge once (``name`` is printed in the text)."""

    def __init__(self, name: str, cards: int = 1) -> None:
        self.name = name
        self.cards = cards

    def attack_toll(self, m: Match, holder: Slot, attacker: Slot) -> int:
        return self.cards if attacker.owner != holder.owner else 0

    def text(self) -> str:
        n = "1 card" if self.cards == 1 else f"{self.cards} cards"
        return (f"Each time one of your opponent's Pokémon is about to attack, your opponent "
                f"must first discard {n} from their hand; without it, that Pokémon can't "
                f"attack. Only 1 {self.name} counts each turn.")


class MillWhileActive(ActsBetweenTurns):
    """While its holder is the Active Pokémon, between turns, discard the top ``cards``
    cards of the opponent's deck (Flygon LV.X's Wind Erosion). An empty deck loses nothing
    more (only drawing from it loses the game)."""

    def __init__(self, cards: int = 1) -> None:
        self.cards = cards

    def act(self, m: Match, holder: Slot) -> None:
        from ..notation import EV_MOVE
        from ..ops import is_active

        if not is_active(m, holder):
            return
        p = m.players[1 - holder.owner]
        for _ in range(min(self.cards, len(p.deck))):
            cid = p.deck.pop()
            p.discard.append(cid)
            if m.logging:
                m.log.append((EV_MOVE, p.index, cid, "discard", True, "deck"))

    def text(self) -> str:
        n = "the top card" if self.cards == 1 else f"the top {self.cards} cards"
        return (f"While this Pokémon is your Active Pokémon, between turns, discard {n} of "
                "your opponent's deck.")


class RescueKnockedOut(Passive):
    """A Poké-Body: whenever another of its player's ``etype`` Pokémon (none named
    ``except_name``) is Knocked Out by damage from the opponent's attack, that player may
    take it and every card that was attached to it from the discard pile into the hand
    (Floatzel GL LV.X's Water Rescue; hook ``on_knocked_out``). The question and the move
    are the Body's own program (its ``Power`` steps), started here with the cards."""

    def __init__(self, etype: str, except_name: str) -> None:
        self.etype = etype
        self.except_name = except_name

    def on_knocked_out(self, m: Match, holder: Slot, slot: Slot, by_attack: bool) -> None:
        from ..ops import LOST_ON_KNOCKOUT
        from ..state import Frame

        if slot.markers and LOST_ON_KNOCKOUT in slot.markers:
            return  # (its cards go to the Lost Zone, not to the discard pile)
        name = stack_facts(m, slot).name
        if not by_attack or slot is holder or self.etype not in pokemon_types(m, slot) \
                or name == self.except_name or name.startswith(self.except_name + " "):
            return
        for ref in stack_facts(m, holder).powers:
            if self in ref.power.passives and ref.power.code:
                cards = [*slot.cards, *slot.energy, *slot.tms]
                if slot.tool >= 0:
                    cards.append(slot.tool)
                m.stack.append(Frame(ref.power.key, ref.power.code, holder.owner, holder.top,
                                     holder.id, variables={"_rescue": cards}))
                return

    def text(self) -> str:
        return (f"Whenever damage from your opponent's attack Knocks Out another of your "
                f"[{self.etype}] Pokémon (any {self.except_name} aside), you may take that "
                "Pokémon and every card it had attached from your discard pile back into your "
                "hand.")


# "Your <type> Pokémon was Knocked Out by damage from the opponent's attack during the
# opponent's last turn": a rest-of-turn flag per type, set on the owner's side for the
# owner's next turn (``record_knockout_by_attack``, by the Knock Out rule wherever a card of
# the match answers ``on_knocked_out``); it lasts that turn, then the turn's end clears it.
KNOCKED_OUT_LAST_TURN = {t: register_turn_flag(f"knocked_out_{t}") for t in TYPE_NAMES}


def record_knockout_by_attack(m: Match, slot: Slot) -> None:
    """``slot`` is being Knocked Out by damage from the opponent's attack: its owner's
    next turn remembers its types."""
    effects = m.players[slot.owner].turn_effects
    for t in pokemon_types(m, slot):
        flag = KNOCKED_OUT_LAST_TURN.get(t)
        if flag is not None:
            effects[flag] = m.turn + 1


class RevengeBonus(AttackBonus):
    """b) While its player's ``etype`` Pokémon was Knocked Out by damage from the
    opponent's attack during the opponent's last turn, the holder's attacks do ``amount``
    more damage to the Active Pokémon (Shaymin LV.X's Revenge Seed). It answers
    ``on_knocked_out`` (doing nothing) so the Knock Out rule keeps that record in its
    match."""

    def __init__(self, amount: int, etype: str) -> None:
        super().__init__(amount)
        self.etype = etype

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or KNOCKED_OUT_LAST_TURN[self.etype] \
                not in m.players[holder.owner].turn_effects:
            return dmg
        return super().modify_damage(m, dc, holder, dmg)

    def on_knocked_out(self, m: Match, holder: Slot, slot: Slot, by_attack: bool) -> None:
        """(the record is the rule's: ``record_knockout_by_attack``)"""

    def text(self) -> str:
        return (f"If damage from your opponent's attack Knocked Out any of your "
                f"[{self.etype}] Pokémon during their last turn, this Pokémon's attacks do "
                f"{self.amount} extra damage to the Active Pokémon (before Weakness and "
                "Resistance).")


# --- Platinum era: Shaymin LV.X pl1-126 (an area Body that does not add up)


class HpForTypeOnce(Passive):
    """An area Poké-Body (the ``reach`` hook): each of its owner's Pokémon of ``etype``
    whose name is not ``except_name`` gets ``amount`` more HP. Two such Bodies of one
    player do not add up ("no more than 1 ... each turn"): only the first in play order
    (the Active Pokémon, then the Bench) counts (Shaymin LV.X's Thankfulness)."""

    reaches = frozenset({"max_hp"})
    adds_hp_only = True

    def __init__(self, amount: int, etype: str, except_name: str) -> None:
        self.amount = amount
        self.etype = etype
        self.except_name = except_name

    def reach(self, m: Match, hook_name: str, source: Slot, target: Slot, value: Any) -> Any:
        if target.owner != source.owner or stack_facts(m, target).name == self.except_name:
            return value
        from ..facts import area_bodies

        first = next((h for ps, h in area_bodies(m)
                      if isinstance(ps, HpForTypeOnce) and h.owner == source.owner), None)
        if first is not source or self.etype not in _types_before_weakness(m, target):
            return value
        return value + self.amount

    def text(self) -> str:
        return (f"Each of your [{self.etype}] Pokémon other than {self.except_name} gets "
                f"+{self.amount} HP. A second one of these Poké-Bodies in play adds nothing.")


# ---- Black & White era: black_white part1 ----


class HealEachBetweenTurns(ActsBetweenTurns):
    """An Ability always on: between turns, remove damage counters from each of its
    owner's Pokémon that has any; every copy in play acts (Serperior's Royal Heal; unlike
    ``HealOwnBetweenTurns`` it prints no limit)."""

    def __init__(self, counters: int = 1) -> None:
        self.counters = counters

    def act(self, m: Match, holder: Slot) -> None:
        from ..ops import heal

        for s in m.players[holder.owner].in_play():
            if s.damage:
                heal(m, s, 10 * self.counters)

    def text(self) -> str:
        return (f"Between turns, take {self.counters} damage counter off each of your "
                "Pokémon that has any.")


# An attack's result on its user: its attacks during its owner's next turn do 40 more
# damage before Weakness and Resistance; gone if it leaves the Active Spot or evolves
# (Swanna's Feather Dance).
ATTACKS_40_MORE = register_marker(MarkerKind("attacks_40_more", "attacks do 40 more",
                                             passive=AttackBonus(40)))


# ---- Black & White era: black_white part2 ----

ATTACKS_20_MORE = register_marker(MarkerKind("attacks_20_more", "attacks do 20 more",
                                             passive=AttackBonus(20)))
"""An attack's result on its user: during its owner's next turn its attacks do 20 more
damage to the Defending Pokémon, before Weakness and Resistance (Gurdurr's Bulk Up); gone
when it goes to the Bench or evolves, like any result of an attack."""

PLUS_POWER_TURN: tuple[str, ...] = tuple(f"plus_power_turn_{i}" for i in range(1, 9))
"""The Black & White PlusPower: for the rest of the turn, every attack of its player's
Pokémon does 10 more damage to the opponent's Active Pokémon (before Weakness and
Resistance). One turn effect per copy played, so they add up (``ops.figure_damage`` asks
the attacking player's turn effects at step b); past eight, more add nothing."""
for _name in PLUS_POWER_TURN:
    TURN_EFFECTS[_name] = PlusDamageThisTurn(10)


# ---- Black & White era: next_destinies part1 ----


class AttackPenalty(Passive):
    """b) A lasting result of an attack on the Defending Pokémon: the damage its own attacks
    do to the other player's Pokémon is reduced, before Weakness and Resistance (Beartic's
    Daunt)."""

    damage_step = "b"

    def __init__(self, amount: int) -> None:
        self.amount = amount

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or dc.attacker is not holder or dc.defender.owner == holder.owner:
            return dmg
        return dmg - self.amount

    def text(self) -> str:
        return (f"The damage this Pokémon's attacks do is reduced by {self.amount} (before "
                "Weakness and Resistance).")


ATTACKS_20_LESS = register_marker(MarkerKind("attacks_20_less", "its attacks do 20 less damage",
                                             passive=AttackPenalty(20)))

# Zebstrika's Disconnect: the player can't play Item cards (Pokémon Tools are Items in the
# Black & White era) from the hand this turn (actions.items_locked reads it).
TURN_EFFECTS[NO_ITEMS] = _RuleLock()


# ---- Black & White era: dark_explorers part2 ----


class NoRetreatCostWithEnergy(Passive):
    """An area Ability (the ``reach`` hook): each of its owner's Pokémon with any Energy of
    ``etype`` attached has no Retreat Cost (Darkrai-EX's Dark Cloak)."""

    reaches = frozenset({"retreat_cost"})

    def __init__(self, etype: str) -> None:
        self.etype = etype
        self.bit = BIT[etype]

    def reach(self, m: Match, hook_name: str, source: Slot, target: Slot, value: Any) -> Any:
        from ..ops import energy_units

        if target.owner != source.owner or not value:
            return value
        return 0 if any(u & self.bit for u in energy_units(m, target)) else value

    def text(self) -> str:
        return (f"Your Pokémon with any [{self.etype}] Energy attached have no Retreat "
                "Cost.")


class TypeToolBonus(Passive):
    """b) A Pokémon Tool: while its holder is a Pokémon of ``etype``, each of its attacks
    that damages the opponent's Active Pokémon does ``amount`` more, before Weakness and
    Resistance (Dark Claw)."""

    damage_step = "b"

    def __init__(self, etype: str, amount: int) -> None:
        self.etype = etype
        self.amount = amount

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or dc.attacker is not holder or not dc.to_active or dmg <= 0 \
                or dc.defender.owner == holder.owner:
            return dmg
        return dmg + self.amount if self.etype in pokemon_types(m, holder) else dmg

    def text(self) -> str:
        return (f"While the Pokémon with this card attached is a [{self.etype}] Pokémon, "
                f"its attacks do {self.amount} extra damage to your opponent's Active "
                "Pokémon (before Weakness and Resistance).")


# Stoutland's Ferocious Bellow: the Defending Pokémon's attacks do 30 less damage during
# its owner's next turn (before Weakness and Resistance).
ATTACKS_30_LESS = register_marker(MarkerKind("attacks_30_less", "its attacks do 30 less damage",
                                             passive=AttackPenalty(30)))


class NoEvolvingFromHand(Passive):
    """An Ability always on: no player may play a Pokémon card from the hand to evolve a
    Pokémon, not even a Stage 2 card with Rare Candy (Archeops's Ancient Power; the hook
    ``bans_hand_evolution``, asked by ``actions.hand_evolution_banned``)."""

    def bans_hand_evolution(self, m: Match, holder: Slot, player: int) -> bool:
        return True

    def text(self) -> str:
        return ("Neither player may play a Pokémon card from their hand to evolve a Pokémon "
                "(Rare Candy included).")


# ---- Black & White era: dragons_exalted part1 ----

from ..facts import EX_KIND  # noqa: E402


def _is_ex(m: Match, s: Slot | None) -> bool:
    return s is not None and EX_KIND in pokemon_facts(m, s).kinds


class NoPrizeWhenKnockedOut(Passive):
    """An Ability: the opponent takes no Prize card for Knocking its Pokémon Out (Shedinja's
    Empty Shell; hook ``knockout_prizes``)."""

    def knockout_prizes(self, m: Match, holder: Slot, prizes: int) -> int:
        return 0

    def text(self) -> str:
        return "Your opponent takes no Prize cards for Knocking Out this Pokémon."


class GuardFromEX(Passive):
    """An Ability: attacks of Pokémon-EX do nothing to its Pokémon, neither damage (step h)
    nor any other effect (``guards_attack_effects``; Sigilyph's Safeguard). The attacker is
    the attacking player's Active Pokémon."""

    damage_step = "h"

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or dc.defender is not holder or dc.attacker is holder:
            return dmg
        return 0 if _is_ex(m, dc.attacker) else dmg

    def guards_attack_effects(self, m: Match, holder: Slot, player: int) -> bool:
        return _is_ex(m, m.players[player].active)

    def text(self) -> str:
        return ("Attacks of Pokémon-EX do nothing to this Pokémon: no damage and no other "
                "effect.")


class CountersOnOpponentAttach(Passive):
    """An Ability: while its Pokémon is its player's Active Pokémon, each time the opponent
    attaches an Energy card from the hand to one of their Pokémon, put ``counters`` damage
    counters on that Pokémon (Ampharos's Electromagnetic Wall; hook
    ``on_opponent_energy_attached``)."""

    def __init__(self, counters: int) -> None:
        self.counters = counters

    def on_opponent_energy_attached(self, m: Match, holder: Slot, target: Slot,
                                    cid: int) -> None:
        from ..ops import place_counters

        if m.players[holder.owner].active is holder:
            place_counters(m, target, self.counters)

    def text(self) -> str:
        return (f"While this Pokémon is your Active Pokémon: each time your opponent attaches "
                f"an Energy card from their hand, place {self.counters} damage counters on the "
                "Pokémon it went to.")


class NoAbilities(Passive):
    """An Ability that takes every Ability away while it works: from each Pokémon in play
    (both kinds of the rules: those used by choice, hook ``locks_powers``, and those always
    on, hook ``blocks_bodies``) and from the cards in either player's hand or discard pile
    (``out_of_play``: ``facts.abilities_locked_out_of_play``), except the Abilities named
    ``spares`` (its own). With ``needs_tool`` it works only while a Pokémon Tool is
    attached to its Pokémon (Garbodor's Garbotoxin)."""

    out_of_play = True

    def __init__(self, spares: str, *, needs_tool: bool = True) -> None:
        self.spares = spares
        self.needs_tool = needs_tool

    def _on(self, holder: Slot) -> bool:
        return holder.tool >= 0 or not self.needs_tool

    def blocks_bodies(self, m: Match, holder: Slot, slot: Slot) -> bool:
        return self._on(holder)

    def locks_powers(self, m: Match, holder: Slot, slot: Slot | None) -> bool:
        return self._on(holder)

    def text(self) -> str:
        when = "While a Pokémon Tool is attached to this Pokémon, " if self.needs_tool \
            else ""
        return (f"{when}no Pokémon in play, in either player's hand or in either player's "
                f"discard pile has any Abilities, except {self.spares}.")


PREVENT_60 = register_marker(MarkerKind("prevent_60", "prevents attack damage of 60 or less",
                                        passive=PreventDamageUpTo(60)))
"""An attack's result on its user: through the opponent's next turn, attack damage of 60
or less (after Weakness and Resistance) done to it is prevented (Silcoon's Harden)."""


# ---- Black & White era: next_destinies part2 ----
# Abilities that reach other Pokémon (Energy that provides more, no healing), an Ability
# that answers damage with a coin, a Special Energy and a Stadium for Basic Pokémon, and a
# Tool that answers a Knock Out.

from ..facts import is_basic_in_play  # noqa: E402


class BasicEnergyDoubled(Passive):
    """An Ability: each basic ``etype`` Energy card attached to its owner's ``etype``
    Pokémon provides 2 units of that type (hook ``energy_reach``). Only one Ability named
    ``name`` applies for a player: the first working one in play order (the Active
    Pokémon, then the Bench), so a second adds nothing (Gardevoir's Psychic Mirage)."""

    def __init__(self, etype: str, name: str) -> None:
        self.etype = etype
        self.name = name
        self.bit = BIT[etype]

    def energy_reach(self, m: Match, holder: Slot, slot: Slot, card: int,
                     units: tuple[int, ...]) -> tuple[int, ...]:
        if slot.owner != holder.owner or units != (self.bit,) \
                or not m.defs[card].basic_energy:
            return units
        if self._first(m, holder.owner) is not holder \
                or self.etype not in _types_before_weakness(m, slot):
            return units
        return (self.bit, self.bit)

    def _first(self, m: Match, player: int) -> Slot | None:
        from ..facts import bodies

        for s in m.players[player].in_play():
            for ps, holder in bodies(m, s):
                if isinstance(ps, BasicEnergyDoubled) and ps.name == self.name:
                    return holder
        return None

    def text(self) -> str:
        t = self.etype
        return (f"On your [{t}] Pokémon, each basic [{t}] Energy card provides [{t}][{t}] "
                f"Energy. Only 1 {self.name} applies at a time.")


class HealBlock(Passive):
    """An Ability: no damage is healed from any Pokémon in play, either player's (hook
    ``blocks_healing``, asked by ``ops.heal``); damage counters still move (Heal Block)."""

    def blocks_healing(self, m: Match, holder: Slot) -> bool:
        return True

    def text(self) -> str:
        return ("No Pokémon in play (either player's) can be healed; moving damage counters "
                "still works.")


class CoinAgainstDamage(Passive):
    """An Ability: whenever an attack is about to damage its Pokémon, its owner flips a
    coin, and heads prevents that damage (hook ``flips_against_damage``, asked by the
    damage steps: ``effects.steps.guard_coins``; Smooth Coat)."""

    def flips_against_damage(self, m: Match, holder: Slot) -> bool:
        return True

    def text(self) -> str:
        return ("Whenever an attack is about to do damage to this Pokémon, flip a coin. "
                "Heads: prevent that damage.")


class AnyTypeOnBasic(Passive):
    """A Special Energy: [C] as printed, but 1 unit of every type while its Pokémon is a
    Basic Pokémon (Prism Energy)."""

    def card_units(self, m: Match, holder: Slot, card: int, units: tuple[int, ...],
                   ) -> tuple[int, ...]:
        return (ALL_TYPES,) if is_basic_in_play(m, holder) else units

    def text(self) -> str:
        return ("On a Basic Pokémon, it provides 1 Energy of any type you need instead (still "
                "1 Energy at a time).")


class BasicRetreatLess(Passive):
    """A Stadium: every Basic Pokémon in play, on both sides, retreats for ``amount`` [C]
    less (Skyarrow Bridge)."""

    def __init__(self, amount: int = 1) -> None:
        self.amount = amount

    def retreat_cost(self, m: Match, holder: Slot, cost: int) -> int:
        return cost - self.amount if is_basic_in_play(m, holder) else cost

    def text(self) -> str:
        return (f"Every Basic Pokémon in play (both players') needs {'[C]' * self.amount} "
                "less to retreat.")


class ShareEnergyOnKnockOut(Passive):
    """A Pokémon Tool: when its owner's Active Pokémon (not the one holding it) is Knocked
    Out by damage from the opponent's attack, its owner may take 1 basic Energy card off
    the Knocked Out Pokémon and put it on the holder (Exp. Share; hook ``on_knocked_out``,
    asked of the Tools of that side by ``rules.knocked_out_answers``). The choice is the Tool's
    own program (``TrainerScript.reaction``), started with those cards in "_knocked"; it
    runs once the Knock Out has put them in the discard pile."""

    def on_knocked_out(self, m: Match, holder: Slot, slot: Slot, by_attack: bool) -> None:
        from ..ops import LOST_ON_KNOCKOUT, is_knocked_out
        from ..state import Frame

        if not by_attack or slot is holder or not is_active(m, slot) \
                or is_knocked_out(m, holder) \
                or (slot.markers and LOST_ON_KNOCKOUT in slot.markers):
            return
        cards = [c for c in slot.energy if m.defs[c].basic_energy]
        d = m.defs[holder.tool]
        if cards and d.react_code:
            m.stack.append(Frame(f"{d.id}#react", d.react_code, holder.owner, holder.tool,
                                 holder.id, variables={"_knocked": cards}))

    def text(self) -> str:
        return ("If damage from your opponent's attack Knocks Out your Active Pokémon, you "
                "may move 1 basic Energy card from it onto the Pokémon with this card attached.")


# ---- Black & White era: dark_explorers part1 ----
# Abilities that reach the Pokémon around them (the attack result that weakens the Defending
# Pokémon's attacks is AttackPenalty, above).


class SideAttackBonus(Passive):
    """An Ability (always on): the attacks of every Pokémon of its owner, itself included,
    do more damage to the opponent's Active Pokémon, before Weakness and Resistance
    (Aerodactyl's Ancient Scream). Asked at step b) through the ``boosts_side`` hook, so a
    second one in play adds its bonus too."""

    def __init__(self, amount: int) -> None:
        self.amount = amount

    def boosts_side(self, m: Match, dc: DamageCtx, holder: Slot, dmg: int) -> int:
        if dc.attacker is None or dc.player != holder.owner or not dc.to_active \
                or dc.defender.owner == holder.owner or dmg <= 0:
            return dmg
        return dmg + self.amount

    def text(self) -> str:
        return (f"The attacks of your Pokémon do {self.amount} extra damage to your "
                "opponent's Active Pokémon (before Weakness and Resistance).")


class CantAttackWithPrizes(Passive):
    """An Ability (always on): its Pokémon can't attack while its owner has one of the
    listed numbers of Prize cards left (Slowbro's Airhead)."""

    def __init__(self, counts: tuple[int, ...]) -> None:
        self.counts = counts

    def bars_attacking(self, m: Match, holder: Slot, active: Slot) -> bool:
        return active is holder and len(m.players[holder.owner].prizes) in self.counts

    def text(self) -> str:
        *rest, last = (str(n) for n in self.counts)
        counts = f"{', '.join(rest)} or {last}" if rest else last
        return (f"This Pokémon can't attack when the number of Prize cards you have left is "
                f"{counts}.")


class MoreBurnCounters(Passive):
    """An Ability (always on): the opponent's Burned Pokémon take ``counters`` damage
    counters instead of 2 on tails between turns (Volcarona's Scorching Scales); a second
    one in play adds nothing."""

    def __init__(self, counters: int) -> None:
        self.counters = counters

    def burn_counters(self, m: Match, holder: Slot, burned: Slot, counters: int) -> int:
        if burned.owner == holder.owner:
            return counters
        return max(counters, self.counters)

    def text(self) -> str:
        return (f"Between turns, when your opponent's Burned Pokémon flips tails, it takes "
                f"{self.counters} damage counters instead of 2.")


class GuardEnergizedSide(Passive):
    """An Ability (always on): the opponent's attacks do only their damage to each Pokémon
    of its side that has Energy attached, no other effect (Espeon's Solar Revelation)."""

    def guards_side_effects(self, m: Match, holder: Slot, slot: Slot, player: int) -> bool:
        return player != holder.owner and slot.owner == holder.owner and bool(slot.energy)

    def text(self) -> str:
        return ("Your opponent's attacks still damage each of your Pokémon that has Energy "
                "attached, but none of their other effects happen to it.")


# ---- Black & White era: dragons_exalted part2 ----

from ..ops import TO_HAND_ON_KNOCKOUT  # noqa: E402


class SideTypeBoost(Passive):
    """An Ability (hook ``boosts_side``): the attacks of its owner's ``etype`` Pokémon, its
    holder included, do ``amount`` more damage to the opponent's Active Pokémon before
    Weakness and Resistance (Altaria's Fight Song; two of them add up)."""

    def __init__(self, etype: str, amount: int) -> None:
        self.etype = etype
        self.amount = amount

    def boosts_side(self, m: Match, dc: DamageCtx, holder: Slot, dmg: int) -> int:
        a = dc.attacker
        if a is None or a.owner != holder.owner or dc.defender.owner == holder.owner \
                or not dc.to_active or self.etype not in pokemon_types(m, a):
            return dmg
        return dmg + self.amount

    def text(self) -> str:
        return (f"The attacks of your [{self.etype}] Pokémon do {self.amount} extra damage to "
                "your opponent's Active Pokémon (before Weakness and Resistance).")


class NoAttackWhileFacingBasic(Passive):
    """An Ability: its holder can't attack while the opponent's Active Pokémon is a Basic
    Pokémon (Slaking's Unobservant; fact hook ``attacks``)."""

    def attacks(self, m: Match, holder: Slot, refs: tuple[Any, ...]) -> tuple[Any, ...]:
        foe = m.players[1 - holder.owner].active
        return () if foe is not None and is_basic_in_play(m, foe) else refs

    def text(self) -> str:
        return "While your opponent's Active Pokémon is Basic, this Pokémon can't attack."


class HpBonus(Passive):
    """A Pokémon Tool: the Pokémon it is attached to gets ``amount`` more HP (Giant
    Cape)."""

    adds_hp_only = True

    def __init__(self, amount: int) -> None:
        self.amount = amount

    def max_hp(self, m: Match, holder: Slot, hp: int) -> int:
        return hp + self.amount

    def text(self) -> str:
        return f"The Pokémon holding this Tool has {self.amount} more HP."


class ToHandWhenKnockedOut(Passive):
    """A Pokémon Tool (hook ``on_knocked_out``, asked of its own Pokémon's Tool): when
    damage from an attack, either player's, Knocks its Pokémon Out, the Pokémon cards go to
    the owner's hand and the other attached cards to the discard pile (Rescue Scarf: the
    ``to_hand_on_knockout`` marker, read by ``ops.knocked_out_to``). Prizes are taken as
    usual."""

    def on_knocked_out(self, m: Match, holder: Slot, slot: Slot, by_attack: bool) -> None:
        if slot is holder and (by_attack or has_marker(m, slot, KNOCKED_OUT_BY_OWN_ATTACK)):
            slot.markers[TO_HAND_ON_KNOCKOUT] = m.turn

    def text(self) -> str:
        return ("If damage from an attack (yours too) Knocks Out the Pokémon this card is "
                "attached to, put its Pokémon cards into your hand and discard the other "
                "cards attached to it.")


# ---- Call of Legends era: hgss_p3 ----


class CountersOnAnyAttach(CountersOnOpponentAttach):
    """A Poké-Body: wherever its Pokémon is, Active or on the Bench, each Energy card the
    opponent attaches from the hand to one of their Pokémon puts ``counters`` damage
    counters on that Pokémon (Ampharos's Conductivity; hook
    ``on_opponent_energy_attached``)."""

    def on_opponent_energy_attached(self, m: Match, holder: Slot, target: Slot,
                                    cid: int) -> None:
        from ..ops import place_counters

        place_counters(m, target, self.counters)

    def text(self) -> str:
        counters = "1 damage counter" if self.counters == 1 else \
            f"{self.counters} damage counters"
        return (f"Each time your opponent attaches an Energy card from their hand, place "
                f"{counters} on the Pokémon it went to.")


# ---- Call of Legends era: col_p2 and hgss_p1 ----
# Sweet Sleeping Face (Cleffa, Pichu, Tyrogue, Magby, Mime Jr.), Phanpy's Ultra-thick Skin,
# and the marks an attack leaves on its own user for the opponent's next turn.

from ..ruleset import ASLEEP as _ASLEEP  # noqa: E402


class NoDamageWhileAsleep(Passive):
    """h) A Poké-Body: while its holder is Asleep, attacks (either player's) do it no damage
    at all; their other effects still happen (Sweet Sleeping Face). Only an Active Pokémon
    can be Asleep, so it shields the Active Pokémon alone."""

    damage_step = "h"

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or dc.defender is not holder or not holder.conditions & _ASLEEP:
            return dmg
        return 0

    def text(self) -> str:
        return "While this Pokémon is Asleep, attacks do no damage to it."


class ReduceDamageTakenWhileEnergized(Passive):
    """h) A Poké-Body: while any Energy card is attached to its holder, damage done to it
    by attacks is reduced (Phanpy's Ultra-thick Skin; Sand Armor asks for one type)."""

    damage_step = "h"

    def __init__(self, amount: int) -> None:
        self.amount = amount

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or dc.defender is not holder or not holder.energy:
            return dmg
        return dmg - self.amount

    def text(self) -> str:
        return (f"While any Energy is attached to this Pokémon, attacks do {self.amount} less "
                "damage to it (after Weakness and Resistance).")


# Attacks during the opponent's next turn hurt this Pokémon 20 more / 30 less (after
# Weakness and Resistance): results of its own attack on the attacker, gone if it goes to
# the Bench or evolves (Close Combat, Leaf Guard, Granite Head, Fake Tears).
TAKES_20_MORE = register_marker(MarkerKind("takes_20_more", "takes 20 more damage",
                                           passive=IncreaseDamageTaken(20)))
TAKES_30_LESS = register_marker(MarkerKind("takes_30_less", "takes 30 less damage",
                                           passive=ReduceDamageTaken(30)))


# ---- Call of Legends era: col_tr ----
# Retreat Costs that shrink with the Energy attached, and a Special Energy of every type
# that counts as [C] wherever it is not in play.


class RetreatLessPerEnergy(Passive):
    """A Poké-Body: the holder's Retreat Cost is [C] less for each unit of ``etype`` Energy
    attached to it (Extreme Speed of the shiny Entei, Raikou and Suicune)."""

    def __init__(self, etype: str) -> None:
        self.etype = etype
        self.bit = BIT[etype]

    def retreat_cost(self, m: Match, holder: Slot, cost: int) -> int:
        from ..ops import energy_units

        # (pokemon_facts keeps a Retreat Cost from going below 0)
        return cost - sum(1 for u in energy_units(m, holder) if u & self.bit)

    def text(self) -> str:
        return (f"Each [{self.etype}] Energy attached to this Pokémon takes [C] off its "
                "Retreat Cost.")


class EveryTypeInPlay(Passive):
    """A Special Energy whose printed Energy is [C] (all a search of the hand, the deck or
    the discard pile sees) but which provides 1 unit of every type while attached to a
    Pokémon (HeartGold & SoulSilver's Rainbow Energy)."""

    def card_units(self, m: Match, holder: Slot, card: int, units: tuple[int, ...],
                   ) -> tuple[int, ...]:
        return (ALL_TYPES,)

    def text(self) -> str:
        return ("While it is attached to a Pokémon, it provides 1 Energy of every type (only "
                "1 Energy at a time). Anywhere else it counts as [C] Energy.")


# ---- Call of Legends era: col_p1 ----
# Call of Legends col1-1 to col1-32: two results of attacks (attacks that cost more, a guard
# against the attacks of Pokémon with Poké-Powers or Poké-Bodies).


class AttackCostMore(Passive):
    """A lasting result of an attack: each attack of the holder costs ``count`` more
    ``symbol`` Energy (Pidgeot's Headwind). Asked through the ``attack_costs`` fact hook,
    so the main phase offers an attack only when the dearer cost is paid."""

    def __init__(self, symbol: str = "C", count: int = 2) -> None:
        self.symbol = symbol
        self.count = count
        # printed attack -> the same attack costing more (built once, as AttackCostLess)
        self._dearer: dict[AttackDef, AttackDef] = {}

    def attack_costs(self, m: Match, holder: Slot, attacks: tuple[AttackRef, ...],
                     ) -> tuple[AttackRef, ...]:
        return tuple(self._ref(r) for r in attacks)

    def _ref(self, ref: AttackRef) -> AttackRef:
        a = ref.attack
        dearer = self._dearer.get(a)
        if dearer is None:
            dearer = self._dearer[a] = replace(a, cost=(*a.cost, *(self.symbol,) * self.count))
        return replace(ref, attack=dearer)

    def text(self) -> str:
        return f"Each of this Pokémon's attacks costs {f'[{self.symbol}]' * self.count} more."


COSTS_CC_MORE = register_marker(MarkerKind("costs_cc_more", "attacks cost [C][C] more",
                                           passive=AttackCostMore("C", 2)))
"""An attack's result on the Defending Pokémon: through its owner's next turn, each of its
attacks costs [C][C] more (Pidgeot's Headwind)."""


def _has_powers(m: Match, s: Slot | None) -> bool:
    return s is not None and bool(stack_facts(m, s).powers)


class GuardFromPowered(Passive):
    """A lasting result of an attack on its user: an opponent's Pokémon with a Poké-Power or
    Poké-Body attacks it in vain: neither damage (step h) nor any other effect
    (``guards_attack_effects``, asked of its markers by ``steps.shielded``;
    Umbreon's Moonlight Fang). The attacker is the attacking player's Active Pokémon."""

    damage_step = "h"

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        if holder is None or dc.defender is not holder or dc.player == holder.owner:
            return dmg
        return 0 if _has_powers(m, dc.attacker) else dmg

    def guards_attack_effects(self, m: Match, holder: Slot, player: int) -> bool:
        return player != holder.owner and _has_powers(m, m.players[player].active)

    def text(self) -> str:
        return ("An opponent's Pokémon with a Poké-Power or Poké-Body attacks this Pokémon "
                "in vain (no damage, no other effect).")


GUARD_FROM_POWERED = register_marker(MarkerKind(
    "guard_from_powered", "no effect from Pokémon with Poké-Powers or Poké-Bodies",
    passive=GuardFromPowered()))
"""An attack's result on its user through the opponent's next turn (Umbreon's Moonlight
Fang): see :class:`GuardFromPowered`."""


# ---- Call of Legends era: hgss_p2 ----

COSTS_C_MORE = register_marker(MarkerKind(
    "costs_c_more", "its attacks cost [C] more", passive=AttackCostMore("C", 1)))
"""An attack's result on the Defending Pokémon through its owner's next turn: each of its
attacks costs [C] more, a cost-free attack too (Igglybuff's Graffiti). It goes when the
Pokémon leaves the Active Spot or evolves, as attack results do."""
