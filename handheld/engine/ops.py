"""Operations on the match state shared by the rules and the card effects.

Everything that moves a card, places damage or changes a Special Condition goes through
here, so each rule (what leaves with a Pokémon on the Bench, what an evolution clears,
what counts as an Energy unit) is written once.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain
from typing import TYPE_CHECKING

from .carddefs import ENERGY, CardDef
from .effects.passives import DamageCtx, Passive
from .energy import BIT
from .facts import (
    ATTACK_DAMAGE_TAKEN,
    KNOCKED_OUT_HOOK,
    LV_X_KIND,
    MARKERS,
    OWN_ATTACK_DAMAGE,
    SIDE_BOOST_HOOK,
    TURN_EFFECTS,
    MarkerKind,
    bodies,
    body_says,
    has_marker,
    is_knocked_out,
    marker_passives,
    max_hp,
    pokemon_facts,
    pokemon_types,
    power_works,
    register_marker,
    remaining_hp,
    retreat_cost,
    side_boosts,
    slot_passive_list,
    slot_passives,
    stack_facts,
    stadium_passives,
)
from .notation import (
    EV_BENCH,
    EV_CONDITION,
    EV_COUNTERS,
    EV_DAMAGE,
    EV_DRAW,
    EV_HEAL,
    EV_LEVEL_UP,
    EV_LOST,
    EV_MOVE,
)
from .ruleset import BURNED, PARALYZED, POISONED, ROTATION
from .state import CONDITION_NAMES, PlayerState, Slot

if TYPE_CHECKING:
    from .match import Match

# Re-exported: the rules and the card effects import these from ops.
__all__ = [
    "LV_X_KIND",
    "MARKERS",
    "TURN_EFFECTS",
    "MarkerKind",
    "bodies",
    "has_marker",
    "is_knocked_out",
    "marker_passives",
    "max_hp",
    "pokemon_facts",
    "pokemon_types",
    "power_works",
    "register_marker",
    "remaining_hp",
    "retreat_cost",
    "slot_passives",
    "stack_facts",
    "stadium_passives",
]

ENERGY_HOOK = "energy_units"


# --------------------------------------------------------------------------- queries
# The facts of a Pokémon, the markers and the passives live in facts.py (re-exported here).


def opponent(player: int) -> int:
    return 1 - player


def find_slot(m: Match, slot_id: int) -> Slot | None:
    """The Pokémon in play with this id (either player), or None if it left play (or the
    id is not a card of this match)."""
    if not 0 <= slot_id < len(m.owner):
        return None
    p = m.players[m.owner[slot_id]]  # a slot's id is its Basic card: the same owner
    a = p.active
    if a is not None and a.id == slot_id:
        return a
    for s in p.bench:
        if s.id == slot_id:
            return s
    return None


def is_active(m: Match, slot: Slot) -> bool:
    return m.players[slot.owner].active is slot


def energy_units(m: Match, slot: Slot) -> list[int]:
    """The Energy units attached to a Pokémon after every passive that changes them."""
    pf = m.printed[slot.top]
    if pf is None or m.stacks_below:
        pf = stack_facts(m, slot)  # (Technical Machines lend no Poké-Body)
    if not m.players[slot.owner].turn_effects and ENERGY_HOOK not in pf.body_hooks \
            and not (m.card_units_hooks and any(map(m.card_units_hook.__getitem__, slot.energy))) \
            and ENERGY_REACH_HOOK not in m.body_hooks_present:
        return list(chain.from_iterable(map(m.units_of.__getitem__, slot.energy)))
    return energy_units_reference(m, slot)


def energy_units_reference(m: Match, slot: Slot) -> list[int]:
    """:func:`energy_units` without its shortcut: every unit, then every hook asked."""
    defs = m.defs
    units: list[int] = []
    basic: list[bool] = []
    for cid in slot.energy:
        d = defs[cid]
        own = card_units(m, slot, cid)
        units.extend(own)
        basic.extend([d.basic_energy] * len(own))
    for ps in list(_unit_hooks(m, slot)):
        ps.energy_units(m, slot, units, basic)
    return units


def _unit_hooks(m: Match, slot: Slot) -> Iterator[Passive]:
    effects = m.players[slot.owner].turn_effects
    if effects:
        for name in effects:
            ps = TURN_EFFECTS.get(name)
            if ps is not None:
                yield ps
    for ps, _ in bodies(m, slot):
        if ENERGY_HOOK in ps.hooks:
            yield ps


CARD_UNITS_HOOK = "card_units"


def card_units(m: Match, slot: Slot, cid: int) -> tuple[int, ...]:
    """The units the Energy card ``cid`` provides attached to ``slot``: as printed, unless
    the card's own passives say otherwise for that Pokémon (SP Energy, Upper Energy)."""
    d = m.defs[cid]
    units = d.units
    if CARD_UNITS_HOOK in d.hooks:
        for ps in d.passives:
            if CARD_UNITS_HOOK in ps.hooks:
                units = ps.card_units(m, slot, cid, units)
    if ENERGY_REACH_HOOK in m.body_hooks_present:
        units = reached_units(m, slot, cid, units)
    return units


def attached_card_units(m: Match, slot: Slot, cid: int) -> tuple[int, ...]:
    """The types the Energy card ``cid`` provides attached to ``slot``, after every passive:
    the card's own (:func:`card_units`: Rainbow Energy, SP Energy), then those that change
    every Energy on its holder (a Poké-Body making them all [R]: Ho-Oh LEGEND). Those map
    each unit alone, so one card's units can be asked apart from the others'."""
    units = card_units(m, slot, cid)
    if not m.players[slot.owner].turn_effects \
            and ENERGY_HOOK not in stack_facts(m, slot).body_hooks:
        return units
    out = list(units)
    basic = [m.defs[cid].basic_energy] * len(out)
    for ps in list(_unit_hooks(m, slot)):
        ps.energy_units(m, slot, out, basic)
    return tuple(out)


def energy_card_units(m: Match, cid: int, slot: Slot | None = None) -> int:
    """How many units an attached Energy card counts for when paying a Retreat Cost (on
    ``slot``, the Pokémon it is attached to, when the card's units depend on it)."""
    return len(m.defs[cid].units if slot is None else card_units(m, slot, cid))


def count_energy_of_type(m: Match, slot: Slot, t: str) -> int:
    """Units attached that provide type ``t`` (after passives)."""
    bit = BIT[t]
    return sum(1 for u in energy_units(m, slot) if u & bit)


def has_slot_passives(m: Match, slot: Slot) -> bool:
    """Cheap test: could any passive ride on this Pokémon?"""
    defs = m.defs
    if slot.tool >= 0 or slot.markers or stack_facts(m, slot).body_hooks:
        return True
    for cid in slot.energy:
        if defs[cid].passives:
            return True
    return False


def conditions_text(slot: Slot) -> str:
    return ", ".join(n for b, n in CONDITION_NAMES.items() if slot.conditions & b)


# --------------------------------------------------------------------------- moving cards


def draw(m: Match, p: PlayerState, n: int) -> int:
    """Draw up to ``n`` cards; drawing from an empty deck by an effect is not a loss."""
    drawn = 0
    deck = p.deck
    hand = p.hand
    while drawn < n and deck:
        cid = deck.pop()
        hand.append(cid)
        drawn += 1
        if m.logging:
            m.log.append((EV_DRAW, p.index, cid))
    return drawn


def discard_cards(m: Match, cards: list[int]) -> None:
    for cid in cards:
        m.players[m.owner[cid]].discard.append(cid)


def remove_from_hand(p: PlayerState, cid: int) -> None:
    p.hand.remove(cid)


def new_slot(m: Match, p: PlayerState, cid: int) -> Slot:
    return Slot(cid, p.index, m.turn)


def bench_new(m: Match, p: PlayerState, cid: int) -> Slot:
    """Put the card ``cid`` (already taken from its zone) onto ``p``'s Bench as a new
    Pokémon, put into play this turn, logged as benched; the Knock Out check looks again."""
    slot = new_slot(m, p, cid)
    p.bench.append(slot)
    m.ko_dirty = True
    if m.logging:
        m.log.append((EV_BENCH, p.index, cid))
    return slot


def clear_on_leave_active(m: Match, slot: Slot) -> None:
    """Going to the Bench removes Special Conditions and the results of attacks."""
    slot.conditions = 0
    if slot.markers:
        for name in list(slot.markers):
            kind = MARKERS.get(name)
            if kind is None or kind.clears_on_bench:
                del slot.markers[name]


def evolve(m: Match, slot: Slot, cid: int) -> None:
    """Play ``cid`` on top of ``slot``: damage and attached cards stay; Special Conditions,
    attack results and counters (but not damage counters) go away."""
    slot.cards.append(cid)
    _new_top_card(m, slot)


def _new_top_card(m: Match, slot: Slot) -> None:
    """The Pokémon's top card changed (evolved or devolved): Special Conditions and the
    results of attacks go; damage and attached cards stay."""
    slot.top = slot.cards[-1]
    m.ko_dirty = True  # a different card: a different HP
    slot.conditions = 0
    if slot.markers:
        for name in list(slot.markers):
            kind = MARKERS.get(name)
            if kind is None or kind.clears_on_evolve:
                del slot.markers[name]
    slot.played_turn = m.turn


def switch_active(m: Match, p: PlayerState, bench_slot: Slot) -> None:
    """Swap the Active Pokémon with a Benched one (the old Active loses its conditions)."""
    m.ko_dirty = True
    old = p.active
    idx = p.bench.index(bench_slot)
    react: list[Passive] = []
    if old is None:
        p.bench.pop(idx)
    else:
        # (asked before the Bench clears what would switch a Body off, like Seal Off)
        react = switched_out_bodies(m, old)
        clear_on_leave_active(m, old)
        p.bench[idx] = old
    p.active = bench_slot
    if react:
        assert old is not None
        for ps in react:
            ps.on_switched_out(m, old, bench_slot)  # type: ignore[attr-defined]


def remove_slot(m: Match, slot: Slot) -> None:
    """Take a Pokémon out of play (its cards go wherever the caller puts them)."""
    m.ko_dirty = True
    p = m.players[slot.owner]
    if p.active is slot:
        p.active = None
    else:
        p.bench.remove(slot)


def discard_slot(m: Match, slot: Slot) -> None:
    """Put a Pokémon and every card attached to it in its owner's discard pile."""
    remove_from_play_to(m, slot, m.players[slot.owner].discard)


def remove_from_play_to(m: Match, slot: Slot, zone: list[int]) -> None:
    remove_slot(m, slot)
    zone.extend(slot.attached())


def detach(slot: Slot, cid: int) -> None:
    """Take one card attached to a Pokémon (Energy, Tool or Technical Machine) off it."""
    if cid in slot.energy:
        slot.energy.remove(cid)
    elif cid == slot.tool:
        slot.tool = -1
    elif cid in slot.tms:
        slot.tms.remove(cid)
    else:
        raise ValueError(f"card {cid} is not attached to slot {slot.id}")


def discard_attached(m: Match, slot: Slot, cid: int) -> None:
    """Discard one card attached to a Pokémon (Energy, Tool or Technical Machine)."""
    detach(slot, cid)
    m.players[m.owner[cid]].discard.append(cid)


# --------------------------------------------------------------------------- conditions


def inflict(m: Match, slot: Slot, bit: int) -> None:
    """Apply a Special Condition. Asleep, Confused and Paralyzed replace each other; Poison
    and Burn replace only themselves (there is no double Poison). A Fossil's card rule
    makes it immune to every Special Condition."""
    if m.defs[slot.top].fossil or body_says(m, slot, "resists_conditions"):
        return  # (a Poké-Body like Zangoose's Thick Skin)
    if bit & ROTATION:
        slot.conditions = (slot.conditions & ~ROTATION) | bit
        if bit == PARALYZED:
            slot.paralyzed_turn = m.turn
    else:
        slot.conditions |= bit & (POISONED | BURNED)
        if bit & POISONED and slot.markers:
            slot.markers.pop("poison_counters", None)  # a new Poison: 1 counter again
    if m.logging:
        m.log.append((EV_CONDITION, slot.owner, slot.top, CONDITION_NAMES[bit]))


def cure(slot: Slot, bits: int) -> None:
    slot.conditions &= ~bits


# --------------------------------------------------------------------------- damage


def place_counters(m: Match, slot: Slot, counters: int) -> None:
    """Put damage counters on a Pokémon (no Weakness, Resistance or other effects)."""
    if counters > 0:
        slot.damage += 10 * counters
        m.ko_dirty = True
        if m.logging:
            m.log.append((EV_COUNTERS, slot.owner, slot.top, counters))


def heal(m: Match, slot: Slot, amount: int) -> int:
    """Heal up to ``amount`` damage; returns how much was removed. Nothing is healed while
    a working Ability in play says so (Heal Block: :func:`healing_blocked`)."""
    if HEALING_BLOCK_HOOK in m.body_hooks_present and healing_blocked(m):
        return 0
    return remove_damage(m, slot, amount)


def remove_damage(m: Match, slot: Slot, amount: int) -> int:
    """Take up to ``amount`` damage off a Pokémon, as healing or as damage counters moved
    away (which no heal block stops); returns how much was removed."""
    removed = min(slot.damage, max(0, amount))
    slot.damage -= removed
    if removed and m.logging:
        m.log.append((EV_HEAL, slot.owner, slot.top, removed))
    return removed


def type_entry(entries: tuple[tuple[str, str], ...], attacker_types: tuple[str, ...],
               ) -> tuple[bool, str]:
    """Is one of the attacker's types (Colorless included) in a Weakness or Resistance
    list? Returns whether, and the printed value."""
    for t, value in entries:
        if t in attacker_types:
            return True, value
    return False, ""


def figure_damage(m: Match, dc: DamageCtx, base: int) -> int:
    """The damage an attack does, in the order a)-i) of the rulebook's expert section on
    working out damage. Returns the damage to place (a multiple of 10, never below 0)."""
    dmg = base  # a) base damage
    if dmg <= 0:
        # b) ends the figure when the base damage is 0: nothing that adds to an attack's
        # damage (PlusPower, Fight Song, a mark from the last turn) gives a 0 any.
        return 0
    attacker = dc.attacker
    defender = dc.defender
    att_passives: list[tuple[Passive, Slot]] = []
    def_passives = slot_passive_list(m, defender)
    if attacker is not None:
        att_passives = slot_passive_list(m, attacker)
        # b) effects on the attacking Pokémon that change the base damage
        for ps, holder in att_passives:
            if ps.damage_step == "b":
                dmg = ps.modify_damage(m, dc, holder, dmg)
        effects = m.players[attacker.owner].turn_effects
        if effects:
            # ... and the attacking player's effects for the rest of the turn (the Black &
            # White PlusPower: every Pokémon of that player's, whichever attacks)
            dmg = _turn_effects_damage(m, dc, attacker, effects, dmg)
        if SIDE_BOOST_HOOK in m.body_hooks_present:  # (Abilities boosting their side)
            dmg = side_boosts(m, dc, dmg)
    if dmg <= 0:
        return 0
    rules = m.rules
    if dc.to_active and attacker is not None:
        types = pokemon_types(m, attacker)
        target = pokemon_facts(m, defender)
        if dc.weakness:
            weak, value = type_entry(target.weakness, types)
            if weak:  # c) Weakness
                dmg = _apply_weakness(rules.use_printed_weakness, rules.weakness_multiplier,
                                      value, dmg)
        if dc.resistance and not (att_passives and _pierces(att_passives)):
            res, value = type_entry(target.resistance, types)
            if res:  # d) Resistance
                amount = rules.resistance_amount
                if rules.use_printed_weakness and value:
                    amount = abs(int(value))
                dmg -= amount
    # e) the attacker's Trainer and Energy cards
    for ps, holder in att_passives:
        if ps.damage_step == "e":
            dmg = ps.modify_damage(m, dc, holder, dmg)
    # f) Trainer cards on the whole play area (Stadiums)
    if m.stadium >= 0:
        for ps in m.defs[m.stadium].passives:
            if ps.damage_step == "f":
                dmg = ps.modify_damage(m, dc, None, dmg)
    if dc.ignore_defender_effects or (att_passives and _pierces(att_passives)):
        # (Rampardos's Iron Skull: nothing on the Defending Pokémon's side changes it)
        return 0 if dmg <= 0 else dmg - dmg % 10
    # g) the defender's Trainer and Energy cards, h) its attack results and Pokémon Powers
    for step in ("g", "h"):
        for ps, holder in def_passives:
            if ps.damage_step == step:
                dmg = ps.modify_damage(m, dc, holder, dmg)
    # h) also the Poké-Bodies of the defender's side's Active Pokémon that guard the whole
    # side (a Benched defender's own passives do not include them)
    guard = m.players[defender.owner].active
    if guard is not None and guard is not defender:
        for ps, holder in bodies(m, guard):
            if getattr(ps, "side_guard", False):
                dmg = ps.modify_damage(m, dc, holder, dmg)
    if GUARDS_SIDE_HOOK in m.body_hooks_present:
        dmg = _side_guards(m, dc, dmg)
    dmg -= dc.reduction  # the defender's own card rule, figured by coins (a Fossil)
    if dmg <= 0:
        return 0
    return dmg - dmg % 10


def _turn_effects_damage(m: Match, dc: DamageCtx, attacker: Slot, effects: dict[str, int],
                         dmg: int) -> int:
    """Step b) for the attacking player's rest-of-turn effects that change the damage of
    that player's attacks (``TURN_EFFECTS`` entries with a ``damage_step`` of b), each
    asked with the attacking Pokémon as its holder."""
    for name in effects:
        ps = TURN_EFFECTS.get(name)
        if ps is not None and ps.damage_step == "b":
            dmg = ps.modify_damage(m, dc, attacker, dmg)
    return dmg


def _apply_weakness(printed: bool, multiplier: int, value: str, dmg: int) -> int:
    if printed and value:
        if value.startswith("x") or value.startswith("×"):
            return dmg * int(value[1:])
        return dmg + int(value.lstrip("+"))
    return dmg * multiplier


def deal_damage(m: Match, dc: DamageCtx, base: int) -> int:
    """Figure and place attack damage; returns the damage placed."""
    dmg = figure_damage(m, dc, base)
    if dmg > 0:
        place_attack_damage(m, dc, dmg)
    return dmg


def place_attack_damage(m: Match, dc: DamageCtx, dmg: int) -> None:
    """Place ``dmg`` (already figured, more than 0) of an attack's damage on ``dc.defender``,
    and let what answers attack damage answer it: the attacker's passives, the damaged
    Pokémon's Bodies, its side's, and the record of damage taken from the opponent's
    attacks. Damage that nothing on the defender changes (Swift) is placed here too."""
    if dmg > 0:
        dc.defender.damage += dmg
        m.ko_dirty = True
        if m.logging:
            m.log.append((EV_DAMAGE, dc.defender.owner, dc.defender.top, dmg))
        for ps, holder in _after_hooks(m, dc):
            ps.after_damage(m, dc, holder, dmg)
        # Poké-Bodies of the damaged Pokémon that answer it (Energy Shark)
        for ps, holder in bodies(m, dc.defender):
            react = getattr(ps, "on_damaged", None)
            if react is not None:
                react(m, dc, holder)
        if dc.player != dc.defender.owner:
            opponents_attack_damaged(m, dc)
        if m.rules.records_attack_damage and dc.player != dc.defender.owner:
            marks = dc.defender.markers
            marks[ATTACK_DAMAGE_TAKEN] = marks.get(ATTACK_DAMAGE_TAKEN, 0) + dmg
        elif m.rules.records_attack_damage and KNOCKED_OUT_HOOK in m.body_hooks_present:
            dc.defender.markers[OWN_ATTACK_DAMAGE] = m.turn


def _after_hooks(m: Match, dc: DamageCtx) -> Iterator[tuple[Passive, Slot]]:
    if dc.attacker is not None:
        yield from slot_passives(m, dc.attacker)


def is_energy(d: CardDef) -> bool:
    return d.kind == ENERGY


# --- Platinum era: Pokémon LV.X


def level_up_turn_ok(m: Match) -> bool:
    """Our reading of Appendix A (silent on the first turn): like evolving, no Pokémon
    levels up on either player's first turn."""
    return not (m.rules.no_evolve_first_turn and m.turn <= 2)


def levels_up_onto(m: Match, d: CardDef, slot: Slot) -> bool:
    """Appendix A of seed 001: a Pokémon LV.X goes onto the Active Pokémon of its very name
    (Luxray GL LV.X onto Luxray GL, never onto a Luxray), not onto one that came into play
    this turn (played or evolved), and not onto a Pokémon LV.X. The turn rule
    (:func:`level_up_turn_ok`) is the caller's."""
    if not d.lv_x or m.players[slot.owner].active is not slot or slot.played_turn >= m.turn:
        return False
    top = stack_facts(m, slot)
    return top.name == d.name and not top.has_kind(LV_X_KIND)


def level_up(m: Match, slot: Slot, cid: int) -> None:
    """Put the Pokémon LV.X ``cid`` onto ``slot``: it keeps the attached cards and damage
    counters, and loses Special Conditions and other effects, as evolving does."""
    before = slot.top
    evolve(m, slot, cid)
    if m.logging:
        m.log.append((EV_LEVEL_UP, slot.owner, before, cid))


def devolve(m: Match, slot: Slot, zone: list[int]) -> list[int]:
    """Remove the highest Evolution card of an evolved Pokémon into ``zone`` and return the
    cards removed (none for a Pokémon with a single Pokémon card). On a Pokémon LV.X the
    LV.X is no Evolution card: the earlier level beneath it goes, and then the LV.X, which
    no longer lies on a Pokémon of its name (Appendix A). A devolved Pokémon loses Special
    Conditions and other effects (the glossary), as on evolving; damage stays."""
    defs = m.defs
    cards = slot.cards
    if len(cards) < 2 or (defs[cards[-1]].lv_x and len(cards) < 3) or defs[cards[-1]].legend:
        return []  # (the two halves of a Pokémon LEGEND are no evolution)
    removed = [cards.pop(-2), cards.pop()] if defs[cards[-1]].lv_x else [cards.pop()]
    zone.extend(removed)
    _new_top_card(m, slot)
    return removed
# --- Platinum era: Rising Rivals part 3 (pl2-75 to pl2-102, pl2-112 to 114, RT1 to RT6)

LOCKS_RETREAT_HOOK = "locks_retreat"


def retreat_locked(m: Match, active: Slot) -> bool:
    """Does a working Poké-Body of the other player's Pokémon stop ``active`` from
    retreating (Bad Sleeping Habits)?"""
    for s in m.players[1 - active.owner].in_play():
        for ps, holder in bodies(m, s):
            if LOCKS_RETREAT_HOOK in ps.hooks and ps.locks_retreat(m, holder, active):
                return True
    return False


KNOCKOUT_PRIZES_HOOK = "knockout_prizes"


# --- Platinum era: the Lost Zone

LOST_ON_KNOCKOUT = "lost_on_knockout"
register_marker(MarkerKind(LOST_ON_KNOCKOUT, "goes to the Lost Zone when Knocked Out"))
"""Put by an attack on a Pokémon it has Knocked Out (Giratina's Broken-space Blow): the
Knock Out that follows sends it and its cards to the Lost Zone, not the discard pile. Only
a Pokémon already Knocked Out gets it, so the next Knock Out check takes it away."""


def to_lost_zone(m: Match, cards: list[int]) -> None:
    """Put ``cards`` (out of every other zone already) in their owners' Lost Zones: out of
    the match, face up, so the log names them to both players."""
    for p in m.players:
        own = [cid for cid in cards if m.owner[cid] == p.index]
        if own:
            p.lost_zone.extend(own)
            if m.logging:
                m.log.append((EV_LOST, p.index, own))


def lose_slot(m: Match, slot: Slot) -> None:
    """Put a Pokémon and every card attached to it in the Lost Zone."""
    remove_slot(m, slot)
    to_lost_zone(m, slot.attached())


def knocked_out_to(m: Match, slot: Slot) -> None:
    """A Knocked Out Pokémon leaves play: to the discard pile, or to the Lost Zone when
    the attack that Knocked it Out said so."""
    if slot.markers and LOST_ON_KNOCKOUT in slot.markers:
        lose_slot(m, slot)
    elif slot.markers and TO_HAND_ON_KNOCKOUT in slot.markers:
        p = m.players[slot.owner]
        remove_slot(m, slot)
        p.hand.extend(slot.cards)
        p.discard.extend(c for c in slot.attached() if c not in slot.cards)
        if m.logging:
            for cid in slot.cards:
                m.log.append((EV_MOVE, p.index, cid, "hand", True, "play"))
    else:
        discard_slot(m, slot)


def lose_attached(m: Match, slot: Slot, cid: int) -> None:
    """Put one card attached to a Pokémon (Energy, Tool, Technical Machine) in the Lost
    Zone (Dialga G LV.X's Remove Lost)."""
    detach(slot, cid)
    m.ko_dirty = True  # (an Energy gone may change what a passive gives)
    to_lost_zone(m, [cid])
# --- Platinum era: pl1 part 1 (the rest: Bodies that reach into the damage figure)

GUARDS_SIDE_HOOK = "guards_side"


def _pierces(att_passives: list[tuple[Passive, Slot]]) -> bool:
    """Does a Poké-Body of the attacker say its attack damage ignores Resistance and every
    effect on the defender's side (``pierces``: Rampardos's Iron Skull)?"""
    return any(getattr(ps, "pierces", False) for ps, _ in att_passives)


def _side_guards(m: Match, dc: DamageCtx, dmg: int) -> int:
    """Step h) for the Poké-Bodies of the defender's other Pokémon, Benched ones included,
    that guard their side (hook ``guards_side``: Manectric's Electric Barrier)."""
    for s in m.players[dc.defender.owner].in_play():
        if s is dc.defender:
            continue
        for ps, holder in bodies(m, s):
            if GUARDS_SIDE_HOOK in ps.hooks:
                dmg = ps.guards_side(m, dc, holder, dmg)  # type: ignore[attr-defined]
    return dmg


# --- Platinum era: Rising Rivals part1 (rest: pl2-5, 7, 8, 21, 29)

SWITCHED_OUT_HOOK = "on_switched_out"
ACTIVE_DAMAGED_HOOK = "on_active_damaged"


def switched_out_bodies(m: Match, slot: Slot) -> list[Passive]:
    """The working Poké-Bodies of an Active Pokémon that answer its being switched or
    retreated to the Bench (Sticky Hold); at once for a Pokémon none of whose Bodies do."""
    if SWITCHED_OUT_HOOK not in stack_facts(m, slot).body_hooks:
        return []
    return [ps for ps, _ in bodies(m, slot) if SWITCHED_OUT_HOOK in ps.hooks]


def opponents_attack_damaged(m: Match, dc: DamageCtx) -> None:
    """The opponent's attack has just damaged ``dc.defender``: the Poké-Bodies of its side
    that answer damage to their Active Pokémon (Territoriality), and the Poké-Powers used
    as their Pokémon would be Knocked Out by it (Final Wish)."""
    defender = dc.defender
    if m.active_damage_hooks and m.players[defender.owner].active is defender:
        for s in m.players[defender.owner].in_play():
            for ps, holder in bodies(m, s):
                if ACTIVE_DAMAGED_HOOK in ps.hooks:
                    ps.on_active_damaged(m, dc, holder)  # type: ignore[attr-defined]
    pf = m.printed[defender.top]
    if (pf is None or pf.power_choices or m.stacks_below) and is_knocked_out(m, defender):
        knocked_out_powers(m, defender)


def knocked_out_powers(m: Match, slot: Slot) -> None:
    """Each Poké-Power of ``slot`` that answers its Pokémon being about to be Knocked Out
    by attack damage (its requirement has ``fires_on_knockout``) starts now, during the
    opponent's turn, once a turn, if it works. Its steps ask "you may"."""
    pf = stack_facts(m, slot)
    used = m.players[slot.owner].powers_used
    for i in pf.power_choices:
        ref = pf.powers[i]
        pw = ref.power
        if m.current != slot.owner and ref.key not in used \
                and any(getattr(c, "fires_on_knockout", False) for c in pw.requires) \
                and power_works(m, slot, pw):
            m.use_power(slot, i)


# ---- Black & White era: next_destinies part2 ----
# Abilities that reach every Pokémon in play: Energy that provides more (Psychic Mirage),
# healing stopped (Heal Block). Each is asked only in a match whose decks hold such a card
# (``Match.body_hooks_present``).

ENERGY_REACH_HOOK = "energy_reach"
HEALING_BLOCK_HOOK = "blocks_healing"


def reached_units(m: Match, slot: Slot, cid: int, units: tuple[int, ...]) -> tuple[int, ...]:
    """The units of the Energy card ``cid`` attached to ``slot`` after the working
    Abilities in play that change the Energy of other Pokémon (hook ``energy_reach``:
    Gardevoir's Psychic Mirage), asked in play order."""
    for p in m.players:
        for s in p.in_play():
            if ENERGY_REACH_HOOK not in stack_facts(m, s).body_hooks:
                continue
            for ps, holder in bodies(m, s):
                if ENERGY_REACH_HOOK in ps.hooks:
                    units = ps.energy_reach(m, holder, slot, cid, units)  # type: ignore[attr-defined]
    return units


def healing_blocked(m: Match) -> bool:
    """Does a working Ability of any Pokémon in play (either player's) keep damage from
    being healed (hook ``blocks_healing``: Bronzong's Heal Block)?"""
    for p in m.players:
        for s in p.in_play():
            if body_says(m, s, HEALING_BLOCK_HOOK):
                return True
    return False
# ---- Black & White era: dragons_exalted part2 ----

TO_HAND_ON_KNOCKOUT = "to_hand_on_knockout"
register_marker(MarkerKind(TO_HAND_ON_KNOCKOUT, "goes to the hand when Knocked Out"))
"""Put by a Pokémon Tool on its Pokémon being Knocked Out by damage from the opponent's
attack (Rescue Scarf): the Knock Out that follows puts its Pokémon cards into its owner's
hand and discards the other cards attached. Only a Pokémon already Knocked Out gets it."""
