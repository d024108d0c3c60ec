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
    reduction: int = 0  # taken off last, by the defender's own card rule (a Fossil's coins)


@dataclass(frozen=True, slots=True)
class HookSpec:
    """One question the rules may ask a passive: the method's name, when it is asked, and
    the fact of a Pokémon it changes (for hooks :func:`facts.pokemon_facts` applies)."""

    name: str
    asked: str
    fact: str = ""


HOOKS: dict[str, HookSpec] = {}


def hook(name: str, asked: str, fact: str = "") -> HookSpec:
    spec = HOOKS[name] = HookSpec(name, asked, fact)
    return spec


# The registry: adding a hook is one entry here plus its default method on Passive below.
# A fact hook (``fact`` set) is then applied by facts.pokemon_facts with no other change;
# any other hook is asked by the rule named in ``asked``.
hook("modify_damage", "at its damage_step of the damage figure (ops.figure_damage)")
hook("after_damage", "once attack damage was placed (ops.deal_damage)")
hook("energy_units", "whenever the Energy on its holder is counted (ops.energy_units)")
hook("between_turns_counters", "at the Darkness Energy step between turns (rules)")
hook("end_of_turn_discard", "as the turn ends, for the card it rides on (rules)")
hook("max_hp", "by pokemon_facts: the holder's HP", fact="hp")
hook("pokemon_types", "by pokemon_facts: the holder's types", fact="types")
hook("weakness", "by pokemon_facts: the holder's Weakness entries", fact="weakness")
hook("resistance", "by pokemon_facts: the holder's Resistance entries", fact="resistance")
hook("retreat_cost", "by pokemon_facts: the holder's Retreat Cost", fact="retreat")

FACT_HOOKS: tuple[HookSpec, ...] = tuple(h for h in HOOKS.values() if h.fact)
FACT_HOOK_NAMES: frozenset[str] = frozenset(h.name for h in FACT_HOOKS)


class Passive:
    """Hooks a passive effect may answer (see ``HOOKS``). ``holder`` is the Pokémon it is
    attached to or printed on (None for a Stadium). A subclass answers a hook by
    overriding its method; ``hooks`` lists which, found when the subclass is defined, so the
    rules skip the scans for hooks no passive in play answers."""

    # Which step of the damage figure this passive acts at: b (attacker's effects on base),
    # e (attacker's Trainer/Energy cards), f (whole play area), g (defender's Trainer/Energy
    # cards), h (defender's attack results and Pokémon Powers). Empty: no damage effect.
    damage_step = ""
    hooks: frozenset[str] = frozenset()

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        missing = [n for n in HOOKS if not hasattr(Passive, n)]
        assert not missing, f"hooks without a default method on Passive: {missing}"
        cls.hooks = frozenset(n for n in HOOKS if getattr(cls, n) is not getattr(Passive, n))

    def modify_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dmg: int) -> int:
        return dmg

    def after_damage(self, m: Match, dc: DamageCtx, holder: Slot | None, dealt: int) -> None:
        """Called once real damage was placed (not in previews)."""

    def energy_units(self, m: Match, holder: Slot, units: list[int], basic: list[bool]) -> None:
        """Change the units provided by the Energy attached to ``holder`` (in place)."""

    def between_turns_counters(self, m: Match, holder: Slot) -> int:
        """Damage counters to put on ``holder`` at the Darkness Energy step (e)."""
        return 0

    def end_of_turn_discard(self, m: Match, holder: Slot, card: int) -> bool:
        """True when the attached card ``card`` must be discarded as the turn ends."""
        return False

    def max_hp(self, m: Match, holder: Slot, hp: int) -> int:
        return hp

    def pokemon_types(self, m: Match, holder: Slot, types: tuple[str, ...]) -> tuple[str, ...]:
        return types

    def weakness(self, m: Match, holder: Slot, entries: tuple[tuple[str, str], ...],
                 ) -> tuple[tuple[str, str], ...]:
        return entries

    def resistance(self, m: Match, holder: Slot, entries: tuple[tuple[str, str], ...],
                   ) -> tuple[tuple[str, str], ...]:
        return entries

    def retreat_cost(self, m: Match, holder: Slot, cost: int) -> int:
        return cost

    def text(self) -> str:
        return ""


# --- Platinum era: pl1 part2 (pl1-35 to pl1-77)
# Poké-Bodies that answer a rule's question about their own Pokémon (False: the rule as
# usual). Defaults are set here, after the class, so this block stays an append.


def _resists_conditions(self: Passive, m: Match, holder: Slot) -> bool:
    """True when no Special Condition may be put on ``holder`` (Zangoose's Thick Skin)."""
    return False


def _guards_attack_effects(self: Passive, m: Match, holder: Slot, player: int) -> bool:
    """True when the effects (damage aside) of ``player``'s attacks do not land on
    ``holder`` (Toxicroak G's Anticipation)."""
    return False


def _attacks_cost_nothing(self: Passive, m: Match, holder: Slot) -> bool:
    """True when ``holder`` may use its attacks without the Energy they ask for (Mightyena's
    Cold Feet while it has a Special Condition)."""
    return False


Passive.resists_conditions = _resists_conditions  # type: ignore[attr-defined]
Passive.guards_attack_effects = _guards_attack_effects  # type: ignore[attr-defined]
Passive.attacks_cost_nothing = _attacks_cost_nothing  # type: ignore[attr-defined]
hook("resists_conditions", "of the Poké-Bodies of a Pokémon a Special Condition would go on "
                           "(ops.inflict)")
hook("guards_attack_effects", "of the Poké-Bodies of a Pokémon an attack's effect other than "
                              "damage would land on (effects.steps.effect_slot)")
hook("attacks_cost_nothing", "of the Active Pokémon's Poké-Bodies, where its attacks' costs "
                             "are checked (actions)")
