"""Passive effects: asked by the rules when they matter, never copied into the state.

Metal Energy, Darkness Energy, Strength Charm, Poké-Bodies, Stadiums and the lasting
results of attacks (markers) are all ``Passive`` objects. The damage pipeline asks each
one present at its step of "How Do You Figure Out the Damage?"; the cost rules ask for
Energy units and Retreat Costs; the between-turns procedure asks for its step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeGuard

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
    # Black & White era (Shred): no effect on the defender changes the damage, Weakness and
    # Resistance aside (the steps g and h of the damage figure are skipped).
    ignore_defender_effects: bool = False
    # Expedition's Confusion hit: an attack the attacker makes on itself, which the
    # attacker's own cards alter as they alter its other attacks.
    confusion: bool = False

    def by_attack_of(self, holder: Slot | None) -> TypeGuard[Slot]:
        """Whether this is damage an attack of ``holder`` does, as its own cards count it:
        to another Pokémon, or to itself by Confusion (not recoil such as "does 10 damage
        to itself", which those cards leave alone)."""
        return holder is not None and self.attacker is holder and (
            self.defender is not holder or self.confusion)


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
hook("attacks", "by pokemon_facts: the holder's attacks", fact="attacks")
# Platinum era
hook("allows_fresh_evolution", "by the main phase, of the Stadium in play (actions)")
hook("pokemon_played", "after a Basic is benched or a Pokémon evolved from the hand, of the "
                       "Stadium in play (actions.do_main_action)")
hook("attack_costs", "by pokemon_facts: the costs of the holder's attacks", fact="attacks")
# A Special Energy whose units depend on where it is attached (SP Energy, Upper Energy).
hook("card_units", "for each attached Energy card that carries it, whenever the Energy on "
                   "its holder is counted (ops.energy_units) or paid for a retreat")
# A Poké-Body that stops the other player's Active Pokémon from retreating (Bad Sleeping
# Habits): asked of the Poké-Bodies of the opponent's Pokémon in play.
hook("locks_retreat", "by the main phase, for the other player's Active Pokémon "
                      "(actions.can_retreat)")
# A Poké-Body that changes the Prize cards its own Knock Out gives (Camouflage Gas).
hook("knockout_prizes", "as its holder is Knocked Out (Era.prizes_for_knockout)")
# Poké-Bodies that answer a rule's question about their own Pokémon (False: the rule as
# usual).
hook("resists_conditions", "of the Poké-Bodies of a Pokémon a Special Condition would go on "
                           "(ops.inflict)")
# A Poké-Body that remembers its Pokémon attacked (Lazy Paunch), whatever the attack.
hook("attack_announced", "of the Poké-Bodies of the attacking Pokémon, as an attack is "
                         "announced (rules.AttackBegin)")
hook("guards_attack_effects", "of the Poké-Bodies of a Pokémon an attack's effect other than "
                              "damage would land on (effects.steps.shielded)")

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
    # Its ``max_hp`` (or, for an area Poké-Body, its ``reach`` of ``max_hp``) only ever adds
    # HP: the Knock Out check then skips a Pokémon with less damage than its printed HP
    # (facts.may_lower_hp). Say so only of a passive that can never take HP away.
    adds_hp_only = False
    # An area Poké-Body's: the fact hooks its ``reach`` answers for every Pokémon in play.
    reaches: frozenset[str] = frozenset()

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

    def card_units(self, m: Match, holder: Slot, card: int, units: tuple[int, ...],
                   ) -> tuple[int, ...]:
        """The units its own Energy card ``card`` provides while attached to ``holder``
        (asked before the ``energy_units`` hooks)."""
        return units

    def locks_retreat(self, m: Match, holder: Slot, active: Slot) -> bool:
        """True when ``active``, the other player's Active Pokémon, can't retreat."""
        return False

    def knockout_prizes(self, m: Match, holder: Slot, prizes: int) -> int:
        """How many Prize cards the opponent takes for Knocking Out ``holder``."""
        return prizes

    def attack_announced(self, m: Match, holder: Slot) -> None:
        """Its holder announces an attack (any attack it uses, its own or a lent one)."""

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

    def attacks(self, m: Match, holder: Slot, refs: tuple[Any, ...]) -> tuple[Any, ...]:
        """The attacks the holder may use (``AttackRef`` of facts.py)."""
        return refs

    def allows_fresh_evolution(self, m: Match) -> bool:
        """True when a Pokémon played or evolved this turn may evolve again this turn."""
        return False

    def pokemon_played(self, m: Match, slot: Slot, how: str) -> None:
        """A Pokémon card was just played from the hand: ``how`` is "bench" (a Basic put onto
        the Bench) or "evolve" (``slot`` is the Pokémon it evolved)."""

    def attack_costs(self, m: Match, holder: Slot, attacks: tuple[Any, ...],
                     ) -> tuple[Any, ...]:
        """The holder's attacks (``facts.AttackRef``), some with another cost (a Tool like
        Team Galactic's Invention G-101 Energy Gain makes them cost less)."""
        return attacks

    def resists_conditions(self, m: Match, holder: Slot) -> bool:
        """True when no Special Condition may be put on ``holder`` (Zangoose's Thick Skin)."""
        return False

    def guards_attack_effects(self, m: Match, holder: Slot, player: int) -> bool:
        """True when the effects (damage aside) of ``player``'s attacks do not land on
        ``holder`` (Toxicroak G's Anticipation)."""
        return False

    def text(self) -> str:
        return ""


# --- Platinum era: Pokémon LV.X


class AttacksFromBelow(Passive):
    """A Pokémon Tool's lasting effect: the Pokémon it is attached to may use the attacks
    printed on its Basic and Stage 1 cards beneath the top card (Memory Berry). It answers
    no hook: ``facts.stack_facts`` reads it when it builds the card stack's attacks, the
    same way it gives a Pokémon LV.X the attacks of its earlier level."""

    def text(self) -> str:
        return ("The Pokémon this card is attached to may also use the attacks of its "
                "Basic and Stage 1 cards beneath it (paying their Energy as usual).")


# --- Platinum era: the Lost Zone and the last Pokémon LV.X


def _blocks_bodies(self: Passive, m: Match, holder: Slot, slot: Slot) -> bool:
    """True when the Poké-Bodies of ``slot`` (any Pokémon in play, either player's) do not
    work while this Body of ``holder`` does (Dialga G LV.X's Time Crystal)."""
    return False


Passive.blocks_bodies = _blocks_bodies  # type: ignore[attr-defined]
hook("blocks_bodies", "of the Poké-Bodies of every Pokémon in play whenever a Poké-Body is "
                      "asked whether it works (facts.power_works)")
# --- Platinum era: pl1 part 1 (the rest: Bodies that reach other Pokémon)
# Asked of the Poké-Bodies of the Pokémon in play only when some card of the match answers
# them (``Match.body_hooks_present``).


def _locks_powers(self: Passive, m: Match, holder: Slot, slot: Slot) -> bool:
    """True when ``slot`` (either player's) can't use its Poké-Powers (Damage Bind)."""
    return False


def _locks_active_evolution(self: Passive, m: Match, holder: Slot, active: Slot) -> bool:
    """True when ``active``, the other player's Active Pokémon, can't be evolved by a card
    played from the hand (Time Aura)."""
    return False


def _guards_side(self: Passive, m: Match, dc: DamageCtx, holder: Slot, dmg: int) -> int:
    """The attack damage ``dc.defender``, another Pokémon of the holder's side, takes at
    step h) (Electric Barrier)."""
    return dmg


def _on_opponent_retreat(self: Passive, m: Match, holder: Slot, retreated: Slot) -> None:
    """The other player's Active Pokémon ``retreated`` has just retreated (Sinkhole)."""


Passive.locks_powers = _locks_powers  # type: ignore[attr-defined]
Passive.locks_active_evolution = _locks_active_evolution  # type: ignore[attr-defined]
Passive.guards_side = _guards_side  # type: ignore[attr-defined]
Passive.on_opponent_retreat = _on_opponent_retreat  # type: ignore[attr-defined]
hook("locks_powers", "of the Poké-Bodies in play, whether a Poké-Power works "
                     "(facts.power_works)")
hook("locks_active_evolution", "of the Poké-Bodies of the opponent's Pokémon, by the main "
                               "phase for the Active Pokémon (actions.active_evolution_locked)")
hook("guards_side", "of the Poké-Bodies of the defender's other Pokémon, at step h) of the "
                    "damage figure (ops.figure_damage)")
hook("on_opponent_retreat", "of the Poké-Bodies of the other player's Pokémon, once an Active "
                            "Pokémon retreated (retreat.RetreatSwitch)")


# --- Platinum era: Rising Rivals part1 (rest: pl2-5, 7, 8, 21, 29)
# Poké-Bodies that reach past their own Pokémon. Defaults set after the class, as above.


def _reach(self: Passive, m: Match, hook_name: str, source: Slot, target: Slot,
           value: Any) -> Any:
    """The fact hook ``hook_name`` answered for ``target``, any Pokémon in play, by a
    Poké-Body printed on ``source`` (Flygon's Rainbow Float, Lucario GL's Boundary Aura).
    The passive lists the fact hooks it answers so in ``reaches``."""
    return value


def _on_active_damaged(self: Passive, m: Match, dc: DamageCtx, holder: Slot) -> None:
    """The opponent's attack has just damaged the Active Pokémon of ``holder``'s owner
    (``holder`` may be on the Bench; Nidoking's Territoriality)."""


def _on_switched_out(self: Passive, m: Match, holder: Slot, new_active: Slot) -> None:
    """``holder`` has just gone from the Active spot to the Bench by a switch or a retreat,
    ``new_active`` taking its place (Gastrodon East Sea's Sticky Hold)."""


Passive.reach = _reach  # type: ignore[attr-defined]
Passive.on_active_damaged = _on_active_damaged  # type: ignore[attr-defined]
Passive.on_switched_out = _on_switched_out  # type: ignore[attr-defined]
hook("reach", "by pokemon_facts, for every Pokémon in play, of the working Poké-Bodies of "
              "every Pokémon in play (facts.fact_passives, facts.area_bodies)")
hook("on_active_damaged", "of the Poké-Bodies of every Pokémon of a player whose Active "
                          "Pokémon the opponent's attack damaged (ops.deal_damage)")
hook("on_switched_out", "of the Poké-Bodies of an Active Pokémon switched or retreated to "
                        "the Bench (ops.switch_active)")


class Reach(Passive):
    """One area Poké-Body (``source`` its Pokémon) asked about another Pokémon: its
    ``reach`` method answers the fact hooks it lists in ``reaches``. Built by
    ``facts.fact_passives`` so ``facts.with_passives`` asks it like any other passive."""

    def __init__(self, body: Passive, source: Slot) -> None:
        self.body = body
        self.source = source
        self.hooks = body.reaches

    def _ask(self, name: str, m: Match, holder: Slot, value: Any) -> Any:
        return self.body.reach(m, name, self.source, holder, value)  # type: ignore[attr-defined]

    def max_hp(self, m: Match, holder: Slot, hp: int) -> int:
        return int(self._ask("max_hp", m, holder, hp))

    def pokemon_types(self, m: Match, holder: Slot, types: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(self._ask("pokemon_types", m, holder, types))

    def weakness(self, m: Match, holder: Slot, entries: tuple[tuple[str, str], ...],
                 ) -> tuple[tuple[str, str], ...]:
        return tuple(self._ask("weakness", m, holder, entries))

    def resistance(self, m: Match, holder: Slot, entries: tuple[tuple[str, str], ...],
                   ) -> tuple[tuple[str, str], ...]:
        return tuple(self._ask("resistance", m, holder, entries))

    def retreat_cost(self, m: Match, holder: Slot, cost: int) -> int:
        return int(self._ask("retreat_cost", m, holder, cost))

    def attacks(self, m: Match, holder: Slot, refs: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(self._ask("attacks", m, holder, refs))

    def attack_costs(self, m: Match, holder: Slot, attacks: tuple[Any, ...],
                     ) -> tuple[Any, ...]:
        return tuple(self._ask("attack_costs", m, holder, attacks))

    def __eq__(self, other: object) -> bool:
        # (the facts' references build their own: equal when they say the same)
        return isinstance(other, Reach) and other.body is self.body \
            and other.source is self.source

    def __hash__(self) -> int:
        return hash((id(self.body), id(self.source)))


# --- Platinum era: the last Pokémon LV.X (pl1-123, 124, 126, 127, pl2-104, 105)


def _attack_toll(self: Passive, m: Match, holder: Slot, attacker: Slot) -> int:
    """How many cards from the hand the player of ``attacker``, an Active Pokémon about to
    attack, must discard first (0: none; Giratina LV.X's Invisible Tentacles). A player
    with fewer cards in hand can't attack."""
    return 0


def _on_knocked_out(self: Passive, m: Match, holder: Slot, slot: Slot, by_attack: bool,
                    ) -> None:
    """``slot``, a Pokémon of the holder's side, is being Knocked Out (still in play);
    ``by_attack``: by damage from the opponent's attack (Floatzel GL LV.X's Water
    Rescue). A program it pushes runs once that Knock Out check has moved the cards."""


Passive.attack_toll = _attack_toll  # type: ignore[attr-defined]
Passive.on_knocked_out = _on_knocked_out  # type: ignore[attr-defined]
hook("attack_toll", "of the Poké-Bodies of the other player's Pokémon, whether the Active "
                    "Pokémon may attack and what it pays first (actions.attack_toll)")
hook("on_knocked_out", "of the Poké-Bodies and Pokémon Tools of its side's Pokémon in play, "
                       "the Knocked Out one's among them, as a Pokémon of that side is "
                       "Knocked Out (rules.knocked_out_answers)")


# ---- Black & White era: dark_explorers part2 ----


def _bans_hand_evolution(self: Passive, m: Match, holder: Slot, player: int) -> bool:
    """True when ``player`` (either player) may play no Pokémon card from the hand to
    evolve a Pokémon, Rare Candy's Stage 2 included (Archeops's Ancient Power)."""
    return False


Passive.bans_hand_evolution = _bans_hand_evolution  # type: ignore[attr-defined]
hook("bans_hand_evolution", "of the Poké-Bodies of every Pokémon in play, whether a player "
                            "may evolve from the hand (actions.hand_evolution_banned)")


# ---- Black & White era: dragons_exalted part1 ----


def _on_opponent_energy_attached(self: Passive, m: Match, holder: Slot, target: Slot,
                                 cid: int) -> None:
    """The other player has just attached the Energy card ``cid`` from the hand to
    ``target``, one of that player's Pokémon (Ampharos's Electromagnetic Wall)."""


Passive.on_opponent_energy_attached = _on_opponent_energy_attached  # type: ignore[attr-defined]
hook("on_opponent_energy_attached", "of the Poké-Bodies of the other player's Pokémon, once a "
                                    "player attached an Energy card from the hand "
                                    "(Match.on_energy_attached)")


# ---- Black & White era: next_destinies part2 ----
# Abilities (always on) that reach past their own Pokémon, and one that answers damage
# with a coin. Defaults set after the class, as above.


def _energy_reach(self: Passive, m: Match, holder: Slot, slot: Slot, card: int,
                  units: tuple[int, ...]) -> tuple[int, ...]:
    """The units the Energy card ``card`` attached to ``slot`` (any Pokémon in play)
    provides while this Ability of ``holder`` works, asked after the card's own
    ``card_units`` (Gardevoir's Psychic Mirage)."""
    return units


def _blocks_healing(self: Passive, m: Match, holder: Slot) -> bool:
    """True when no damage can be healed from any Pokémon in play while this Ability of
    ``holder`` works (Bronzong's Heal Block); moving damage counters is no healing."""
    return False


def _flips_against_damage(self: Passive, m: Match, holder: Slot) -> bool:
    """True when damage an attack is about to do to ``holder`` first waits for a coin of
    its owner's, heads preventing it (Cinccino's Smooth Coat)."""
    return False


Passive.energy_reach = _energy_reach  # type: ignore[attr-defined]
Passive.blocks_healing = _blocks_healing  # type: ignore[attr-defined]
Passive.flips_against_damage = _flips_against_damage  # type: ignore[attr-defined]
hook("energy_reach", "of the working Abilities in play, for each Energy card attached to any "
                     "Pokémon whenever its units are counted (ops.card_units)")
hook("blocks_healing", "of the working Abilities in play whenever damage would be healed "
                       "(ops.heal)")
hook("flips_against_damage", "of the Abilities of a Pokémon an attack's damage step is about "
                             "to damage (effects.steps.guard_coins)")


# ---- Black & White era: dark_explorers part1 ----
# Abilities that reach past their own Pokémon: a bonus to the attacks of their whole side
# (Aerodactyl's Ancient Scream), a Pokémon that can't attack (Slowbro's Airhead), more
# counters for Burn (Volcarona's Scorching Scales), and a guard against the effects of the
# opponent's attacks on their side (Espeon's Solar Revelation). Each is asked only when a
# card of the match answers it (``Match.body_hooks_present``).


def _boosts_side(self: Passive, m: Match, dc: DamageCtx, holder: Slot, dmg: int) -> int:
    """The damage an attack of ``dc.player``'s Pokémon does, at step b) of the damage
    figure, after the holder's Ability (any Pokémon of either side) has its say."""
    return dmg


def _bars_attacking(self: Passive, m: Match, holder: Slot, active: Slot) -> bool:
    """True when ``active``, an Active Pokémon about to attack, can't attack."""
    return False


def _burn_counters(self: Passive, m: Match, holder: Slot, burned: Slot, counters: int) -> int:
    """The damage counters the Burned Active Pokémon ``burned`` takes on tails between
    turns (``counters`` so far, 2 by the rulebook)."""
    return counters


def _guards_side_effects(self: Passive, m: Match, holder: Slot, slot: Slot,
                         player: int) -> bool:
    """True when the effects (damage aside) of ``player``'s attacks do not land on
    ``slot``, a Pokémon of the holder's side."""
    return False


Passive.boosts_side = _boosts_side  # type: ignore[attr-defined]
Passive.bars_attacking = _bars_attacking  # type: ignore[attr-defined]
Passive.burn_counters = _burn_counters  # type: ignore[attr-defined]
Passive.guards_side_effects = _guards_side_effects  # type: ignore[attr-defined]
hook("boosts_side", "of the Abilities of the attacking player's Pokémon in play, at step b) "
                    "of the damage figure (ops.figure_damage)")
hook("bars_attacking", "of the Abilities of every Pokémon in play, whether the Active "
                       "Pokémon may attack (actions.can_attack, main_options)")
hook("burn_counters", "of the Abilities of every Pokémon in play, for a Burned Pokémon's "
                      "tails between turns (rules.FlipEachActive)")
hook("guards_side_effects", "of the Abilities of the Pokémon of the side an attack's effect "
                            "other than damage would land on (effects.steps.shielded)")
