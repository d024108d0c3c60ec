"""The main phase's moves: which are legal now (``main_options``) and doing one.

The rulebook's main phase lets the player take these actions freely, in any order: bench
Basics, evolve, attach one Energy, play Trainers, retreat, use Poké-Powers; then attack
(which ends the turn) or pass.
``main_options`` runs once per decision, so it is written for speed.
"""

from __future__ import annotations

from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from .carddefs import (
    ENERGY,
    ITEM,
    POKE_POWER,
    QUICK_COND,
    QUICK_OWN,
    QUICK_SLOT,
    STADIUM,
    SUPPORTER,
    TM,
    TOOL,
)
from .energy import can_pay
from .facts import (
    ATTACK_LOCKS,
    BARS_ATTACKING_HOOK,
    LV_X_KIND,
    POWER_LOCK_HOOK,
    RESTORED_KIND,
    PokemonFacts,
    attack_locked,
    attacking_barred,
    pokemon_facts,
    retreat_cost,
    stack_facts,
)
from .notation import (
    ATTACH,
    ATTACH_TM,
    ATTACH_TOOL,
    ATTACK,
    BENCH,
    DISCARD,
    EV_ATTACH,
    EV_BENCH,
    EV_EVOLVE,
    EV_MOVE,
    EV_PASS,
    EV_POWER,
    EV_STADIUM_USED,
    EVOLVE,
    LEVEL_UP,
    PASS,
    PASS_OPTION,
    PLAY,
    POWER,
    RETREAT,
    USE_STADIUM,
)
from .ops import (
    ENERGY_HOOK,
    ENERGY_REACH_HOOK,
    bodies,
    discard_slot,
    energy_units,
    evolve,
    find_slot,
    has_marker,
    level_up,
    levels_up_onto,
    power_works,
    retreat_locked,
)
from .ruleset import ASLEEP, PARALYZED
from .state import Frame, Slot

if TYPE_CHECKING:
    from .match import Match


# CardDef.play_cat: how a card in hand may be played (set by the card pool).
CAT_BASIC = 0
CAT_EVOLUTION = 1
CAT_ENERGY = 2
CAT_PLAIN_TRAINER = 3  # an Item or Supporter with no requirement
CAT_QUICK_TRAINER = 4  # an Item or Supporter whose requirements are simple player tests
CAT_OTHER_TRAINER = 5  # Tools, TMs, Stadiums, elaborate requirements
CAT_FOSSIL = 6  # a Fossil Trainer, played onto the Bench as if it were a Basic Pokémon
CAT_LEVEL_UP = 7  # a Pokémon LV.X: levelled up onto the Active Pokémon of its name
CAT_RESTORED = 8  # a Restored Pokémon: benched only by its Fossil Item's effect
CAT_LEGEND = 9  # a half of a Pokémon LEGEND: benched from the hand with its other half


def main_options(m: Match) -> tuple[tuple[Any, ...], ...]:
    """Every legal move of the main phase, one option per distinct card kind and target.

    This runs once per decision (tens of thousands of times a second in simulations), so
    it is a fast path: C-level map/zip where possible, the common cases inline. The rules
    themselves are :func:`main_options_reference` (built from ``evolves_onto``,
    ``power_usable``, ``can_retreat``, ``can_attack`` and ``attack_choices``);
    tests/engine/test_main_options.py checks that the two agree on every decision of 500
    random games. Both read the Pokémon through ``facts.py``.
    """
    cur = m.current
    p = m.players[cur]
    defs = m.defs
    rules = m.rules
    opts: list[tuple[Any, ...]] = []
    active = p.active
    bench = p.bench
    slots = [active, *bench] if active is not None else list(bench)
    # Name, stage and powers come from the card stack (Technical Machines lend attacks
    # only), so the printed facts serve unless a card of the match stacks (a Pokémon LV.X).
    printed = m.printed
    tops: list[PokemonFacts] = list(map(printed.__getitem__, map(_TOP, slots)))  # type: ignore[arg-type]
    # (all(): facts are never false; ``None in`` would call their __eq__ once each)
    if m.stacks_below or not all(tops):
        tops = [stack_facts(m, s) for s in slots]
    names: list[str] | None = None
    turn = m.turn
    bench_room = len(bench) < rules.bench_size
    energy_ok = not p.energy_attached
    can_evolve = not (rules.no_evolve_first_turn and turn <= 2) \
        and not (EVOLUTION_BAN_HOOK in m.body_hooks_present and hand_evolution_banned(m, cur))
    # The Active Pokémon no card from the hand may evolve now (a Poké-Body: Time Aura).
    held = active.id if can_evolve and active is not None \
        and EVOLUTION_LOCK_HOOK in m.body_hooks_present \
        and active_evolution_locked(m, active) else -1
    trainers_ok = not (rules.first_turn_trainer_ban and turn == 1)
    locked = locked_trainer_kinds(m, p) if p.turn_effects else NO_KINDS
    items_ok = not (p.turn_effects and items_locked(m, p))
    # The turn before which a Pokémon must have been played to evolve now.
    fresh = turn + 1 if m.stadium >= 0 and fresh_evolution(m) else turn
    # One option per distinct card kind in hand (copies are interchangeable).
    distinct = dict(zip(map(defs.__getitem__, p.hand), p.hand))  # noqa: B905
    for d, cid in distinct.items():
        cat = d.play_cat
        if cat == CAT_ENERGY:
            if energy_ok:
                opts.extend([(ATTACH, cid, s.id) for s in slots])
        elif cat == CAT_BASIC:
            if bench_room:
                opts.append((BENCH, cid))
            if d.evolves_onto_baby and can_evolve:
                for s, tf in zip(slots, tops):  # noqa: B905
                    if tf.baby and d.name in tf.evolves_to and s.played_turn < fresh \
                            and not (s.markers and has_marker(m, s, "cant_evolve")) \
                            and s.id != held:
                        opts.append((EVOLVE, cid, s.id))
        elif cat == CAT_FOSSIL:
            if trainers_ok and bench_room and (items_ok or not d.is_item) \
                    and d.trainer_kind not in locked:
                opts.append((BENCH, cid))
        elif cat == CAT_EVOLUTION:
            if can_evolve:
                if names is None:
                    names = list(map(_NAME, tops))
                src = d.evolves_from
                if src in names:  # names are interned: identity checks, at C speed
                    below = d.stage - 1
                    for s, tf in zip(slots, tops):  # noqa: B905
                        if tf.name == src and (tf.stage == below or RESTORED_KIND in tf.kinds) \
                                and s.played_turn < fresh \
                                and not (s.markers and has_marker(m, s, "cant_evolve")) \
                                and s.id != held:
                            opts.append((EVOLVE, cid, s.id))
        elif cat == CAT_RESTORED:
            continue
        elif cat == CAT_LEGEND:
            # Offered once, for the half beneath, when the other half is in the hand too.
            if bench_room and not d.legend_top and d.legend_other in distinct:
                opts.append((BENCH, cid))
        elif cat == CAT_LEVEL_UP:
            # levels_up_onto, inlined (tops[0] is the Active Pokémon's card stack)
            if can_evolve and active is not None and active.played_turn < turn \
                    and not (active.markers and has_marker(m, active, "cant_evolve")):
                tf = tops[0]
                if tf.name == d.name and LV_X_KIND not in tf.kinds:
                    opts.append((LEVEL_UP, cid, active.id))
        elif not trainers_ok or (d.trainer_kind == SUPPORTER and p.supporter_played) \
                or (not items_ok and d.is_item) or d.trainer_kind in locked:
            continue
        elif cat == CAT_PLAIN_TRAINER:
            opts.append((PLAY, cid))
        elif cat == CAT_QUICK_TRAINER:
            for own, test in d.quick_requires:  # type: ignore[union-attr]
                if not test(m, cur if own else 1 - cur):
                    break
            else:
                opts.append((PLAY, cid))
        else:
            _other_trainer_options(m, d, cid, slots, opts)
    # The Stadium's effect (rare: the readable rule serves)
    if m.stadium >= 0 and m.defs[m.stadium].use_code and stadium_usable(m):
        opts.append((USE_STADIUM, m.stadium))
    # Poké-Powers
    if any(map(_POWER_CHOICES, tops)):
        used = p.powers_used
        locks = POWER_LOCK_HOOK in m.body_hooks_present  # (a Body may lock Poké-Powers)
        for s, tf in zip(slots, tops):  # noqa: B905
            for i in tf.power_choices:
                pw = tf.powers[i].power
                if s.conditions or s.markers or locks:
                    if power_usable(m, s, i):
                        opts.append((POWER, s.id, i))
                    continue
                # power_usable, inlined for the common case (no Special Condition), with
                # the requirements' direct tests before any general condition.
                per_turn = pw.uses_per_turn
                if used and per_turn is not None and used.count(tf.powers[i].key) >= per_turn:
                    continue
                if pw.once_per_game and pw.name in p.game_powers:
                    continue
                for kind, test in pw.quick_requires:
                    if kind == QUICK_SLOT:
                        if not test(m, s):
                            break
                    elif kind == QUICK_COND:
                        if not m.cond_holds(test, cur, s.top, s.id):
                            break
                    elif not test(m, cur if kind == QUICK_OWN else 1 - cur):
                        break
                else:
                    opts.append((POWER, s.id, i))
    if m.discard_powers:
        opts.extend(discard_power_options(m, cur))
    if any(map(_FOSSIL, tops)):
        opts.extend(fossil_discards(m, slots))
    if active is not None and not active.conditions & (ASLEEP | PARALYZED):
        markers = active.markers
        # pokemon_facts, inlined for the common case (printed facts serve, see facts.py)
        if active.tms or m.fact_hooks or markers or p.turn_effects or m.stacks_below:
            af = pokemon_facts(m, active)
        else:
            af = tops[0]
        # The Energy units on the Active Pokémon, for the Retreat Cost and the attacks.
        if p.turn_effects or ENERGY_HOOK in af.body_hooks or (
                m.card_units_hooks and any(map(m.card_units_hook.__getitem__, active.energy))) \
                or ENERGY_REACH_HOOK in m.body_hooks_present:
            units = energy_units(m, active)
        else:
            units = list(chain.from_iterable(map(m.units_of.__getitem__, active.energy)))
        # Retreat
        limit = rules.retreats_per_turn
        if bench and (limit is None or p.retreats < limit) \
                and not af.fossil \
                and active.id not in p.retreat_blocked \
                and not (markers and has_marker(m, active, "cant_retreat")) \
                and not (m.retreat_locks and retreat_locked(m, active)):
            cost = af.retreat
            if cost <= 0 or len(units) >= cost:
                opts.extend([(RETREAT, s.id) for s in bench])
        # Attack
        if not m.turn_over and (turn != 1 or rules.first_player_may_attack) \
                and not (markers and has_marker(m, active, "cant_attack")) \
                and not (ATTACK_TOLL_HOOK in m.body_hooks_present
                         and toll_unpaid(m, active)) \
                and not (BARS_ATTACKING_HOOK in m.body_hooks_present
                         and attacking_barred(m, active)):
            if af.copies_attacks:
                for source, i in attack_choices(m, active):
                    opts.append((ATTACK, source, i))
            else:
                n_units = len(units)
                for ref in af.attacks:
                    a = ref.attack
                    if markers and ref.card == active.top \
                            and attack_forbidden(m, active, ref.index):
                        continue
                    size, bit, need = a.quick_cost
                    # AttackDef.payable, inlined: enough units, and enough of the one
                    # colour most costs ask for; anything else goes to the full check.
                    if size and (n_units < size or (need and units.count(bit) < need)):
                        # Counting is exact for a one-colour cost unless some Energy
                        # provides several types; costs of several colours (bit -1) always
                        # take the full check.
                        if n_units < size or (bit >= 0 and not m.multi_type_energy) \
                                or not can_pay(units, a.cost):
                            continue
                    if markers and ATTACK_LOCKS and attack_locked(m, active, a.name):
                        continue
                    opts.append((ATTACK, ref.card, ref.index))
    elif active is not None and active.conditions & ASLEEP:
        # Asleep: only an attack usable while Asleep (rare: the readable rule serves).
        opts.extend((ATTACK, source, i) for source, i in asleep_attack_choices(m, active))
    opts.append(PASS_OPTION)
    return tuple(opts)


def main_options_reference(m: Match) -> tuple[tuple[Any, ...], ...]:
    """The main phase's options, said plainly with the readable rules below: the
    reference :func:`main_options` is checked against."""
    cur = m.current
    p = m.players[cur]
    rules = m.rules
    opts: list[tuple[Any, ...]] = []
    slots = p.in_play()
    turn = m.turn
    can_evolve = not (rules.no_evolve_first_turn and turn <= 2) \
        and not hand_evolution_banned(m, cur)
    trainers_ok = not (rules.first_turn_trainer_ban and turn == 1)
    locked = locked_trainer_kinds(m, p)
    items_ok = not items_locked(m, p)
    fresh = turn + 1 if fresh_evolution(m) else turn
    # Copies are interchangeable: one option per kind of card, in the order the kinds first
    # appear in the hand, naming the last copy.
    distinct: dict[int, int] = {}
    for cid in p.hand:
        distinct[id(m.defs[cid])] = cid
    for cid in distinct.values():
        d = m.defs[cid]
        if d.is_pokemon:
            if (d.is_basic_pokemon or legend_benchable(m, p.hand, d)) \
                    and len(p.bench) < rules.bench_size:
                opts.append((BENCH, cid))
            if can_evolve:
                opts.extend((EVOLVE, cid, s.id) for s in slots
                            if s.played_turn < fresh and evolves_onto(m, d, s)
                            and not (s is p.active and active_evolution_locked(m, s)))
                if d.lv_x and p.active is not None and levels_up_onto(m, d, p.active) \
                        and not (p.active.markers and has_marker(m, p.active, "cant_evolve")):
                    opts.append((LEVEL_UP, cid, p.active.id))
        elif d.kind == ENERGY:
            if not p.energy_attached:
                opts.extend((ATTACH, cid, s.id) for s in slots)
        elif d.fossil:
            if trainers_ok and len(p.bench) < rules.bench_size and (items_ok or not d.is_item) \
                    and d.trainer_kind not in locked:
                opts.append((BENCH, cid))
        elif trainers_ok and not (d.trainer_kind == SUPPORTER and p.supporter_played) \
                and (items_ok or not d.is_item) and d.trainer_kind not in locked:
            if d.trainer_kind in (TOOL, TM, STADIUM):
                _other_trainer_options(m, d, cid, slots, opts)
            elif not d.responds_to and m.requirements_hold(d.requires, cur, cid):
                opts.append((PLAY, cid))
    if stadium_usable(m):
        opts.append((USE_STADIUM, m.stadium))
    for s in slots:
        for i, ref in enumerate(stack_facts(m, s).powers):
            pw = ref.power
            if pw.kind == POKE_POWER and not pw.instead_of_attack and power_usable(m, s, i):
                opts.append((POWER, s.id, i))
    opts.extend(discard_power_options(m, cur))
    opts.extend(fossil_discards(m, slots))
    active = p.active
    if active is not None:
        if p.bench and can_retreat(m, active):
            opts.extend((RETREAT, s.id) for s in p.bench)
        if can_attack(m, active):
            opts.extend((ATTACK, source, i) for source, i in attack_choices(m, active))
        else:
            opts.extend((ATTACK, source, i) for source, i in asleep_attack_choices(m, active))
    opts.append(PASS_OPTION)
    return tuple(opts)


def _other_trainer_options(m: Match, d: Any, cid: int, slots: list[Slot],
                           opts: list[tuple[Any, ...]]) -> None:
    """Tools, Technical Machines, Stadiums and Trainers with elaborate requirements."""
    if d.responds_to:
        return  # played only in response to the opponent's move
    cur = m.current
    tk = d.trainer_kind
    if tk == TOOL or tk == TM:
        tag = ATTACH_TOOL if tk == TOOL else ATTACH_TM
        for s in slots:
            if tk == TOOL and s.tool >= 0:
                continue
            if d.attach_to is None or m.cond_holds(d.attach_to, cur, cid, s.id):
                opts.append((tag, cid, s.id))
    elif tk == STADIUM:
        if m.stadium >= 0 and m.defs[m.stadium].name == d.name:
            return
        if m.rules.stadium_once_per_turn and m.players[cur].stadium_played:
            return
        if m.requirements_hold(d.requires, cur, cid):
            opts.append((PLAY, cid))
    elif m.requirements_hold(d.requires, cur, cid):
        opts.append((PLAY, cid))


def fossil_discards(m: Match, slots: list[Slot]) -> list[tuple[Any, ...]]:
    """A Fossil's card rule: during its owner's turn, until the attack, the owner may
    discard it from play. The Active one only while a Benched Pokémon can take its
    place (discarding the last Pokémon in play would only lose the game)."""
    p = m.players[m.current]
    return [(DISCARD, s.id) for s in slots
            if m.defs[s.top].fossil and (s is not p.active or p.bench)]


_FOSSIL = attrgetter("fossil")
NO_TRAINERS = "no_trainers"
"""Psyduck's Headache: no Trainer, Supporter or Stadium card from the hand."""
NO_TRAINER_CARDS = "no_trainer_cards"
"""Teddiursa's Fake Tears: no Trainer card from the hand. Before Black & White a Supporter
and a Stadium are kinds of their own beside the Trainer cards (each era's glossary), so
they stay playable; Tools, Technical Machines and Fossils are Trainer cards."""
NO_TRAINER_OR_STADIUM_CARDS = "no_trainer_or_stadium_cards"
"""Dialga G's Deafen: no Trainer or Stadium card from the hand (Supporters stay playable)."""

_PLAIN_TRAINERS = frozenset({ITEM, TOOL, TM})
# The kinds of Trainer card (``CardDef.trainer_kind``) each turn effect keeps in the hand.
LOCKED_TRAINER_KINDS: dict[str, frozenset[str]] = {
    NO_TRAINERS: _PLAIN_TRAINERS | {SUPPORTER, STADIUM},
    NO_TRAINER_CARDS: _PLAIN_TRAINERS,
    NO_TRAINER_OR_STADIUM_CARDS: _PLAIN_TRAINERS | {STADIUM},
}
NO_KINDS: frozenset[str] = frozenset()


def locked_trainer_kinds(m: Match, p: Any) -> frozenset[str]:
    """The kinds of Trainer card an opponent's attack keeps this player from playing during
    this turn (turn effects dated this turn; see ``rules.start_turn``)."""
    effects = p.turn_effects
    if not effects:
        return NO_KINDS
    out = NO_KINDS
    for name, kinds in LOCKED_TRAINER_KINDS.items():
        if effects.get(name, -1) >= m.turn:
            out = out | kinds
    return out


def items_locked(m: Match, p: Any) -> bool:
    """An opponent's attack keeps this player from playing Item cards (Pokémon Tools
    among them, in the Black & White era) during this turn (the turn effect ``no_items``,
    dated this turn; Zebstrika's Disconnect)."""
    return p.turn_effects.get(NO_ITEMS, -1) >= m.turn


NO_ITEMS = "no_items"


def fresh_evolution(m: Match) -> bool:
    """The Stadium in play lets a Pokémon played or evolved this turn evolve this turn."""
    if m.stadium < 0:
        return False
    return any(ps.allows_fresh_evolution(m)
               for ps in m.defs[m.stadium].passives if "allows_fresh_evolution" in ps.hooks)


def pokemon_played(m: Match, slot: Slot, how: str) -> None:
    """Tell the Stadium in play that a Pokémon card was played from the hand."""
    if m.stadium < 0:
        return
    for ps in m.defs[m.stadium].passives:
        if "pokemon_played" in ps.hooks:
            ps.pokemon_played(m, slot, how)

_NAME = attrgetter("name")
_TOP = attrgetter("top")
_POWER_CHOICES = attrgetter("power_choices")


def evolves_onto(m: Match, d: Any, slot: Slot) -> bool:
    """"Evolves from" names the Pokémon it goes on (Basic -> Stage 1 -> Stage 2 only); a
    Baby evolves into the Basic it names. A Pokémon LV.X is no Evolution card."""
    if d.lv_x:
        return False
    top = stack_facts(m, slot)
    if slot.markers and has_marker(m, slot, "cant_evolve"):
        return False  # an attack's result (Primal Breath)
    if d.stage == 0:
        return top.baby and d.name in top.evolves_to
    # Whatever stage an Evolution card is, it goes on a Restored Pokémon of the name it
    # evolves from (Appendix B of seed 003: the "Evolves from" text rules).
    return d.evolves_from == top.name and (d.stage == top.stage + 1
                                           or RESTORED_KIND in top.kinds)


def power_usable(m: Match, slot: Slot, index: int) -> bool:
    """Not shut off by a Special Condition, not used up this turn, and its conditions hold."""
    ref = stack_facts(m, slot).powers[index]
    pw = ref.power
    if (slot.conditions or slot.markers or POWER_LOCK_HOOK in m.body_hooks_present) \
            and not power_works(m, slot, pw):
        return False
    if pw.uses_per_turn is not None:
        used = m.players[slot.owner].powers_used
        if used and used.count(ref.key) >= pw.uses_per_turn:
            return False
    if pw.once_per_game and pw.name in m.players[slot.owner].game_powers:
        return False
    return not pw.requires or m.requirements_hold(pw.requires, slot.owner, slot.top, slot.id)


STADIUM_USED = -1
"""The index a Stadium's effect takes in ``PlayerState.powers_used`` (its card, -1)."""


def stadium_usable(m: Match) -> bool:
    """The Stadium in play has an effect to use, the player whose turn it is has not used
    it this turn, and its conditions hold."""
    sid = m.stadium
    if sid < 0:
        return False
    d = m.defs[sid]
    if not d.use_code:
        return False
    cur = m.current
    if (sid, STADIUM_USED) in m.players[cur].powers_used:
        return False
    return m.requirements_hold(d.use_requires, cur, sid)


def can_retreat(m: Match, active: Slot) -> bool:
    p = m.players[active.owner]
    rules = m.rules
    if active.conditions & (ASLEEP | PARALYZED) or m.defs[active.top].fossil:
        return False
    if rules.retreats_per_turn is not None and p.retreats >= rules.retreats_per_turn:
        return False
    if active.id in p.retreat_blocked:
        return False
    if active.markers and has_marker(m, active, "cant_retreat"):
        return False
    if retreat_locked(m, active):
        return False
    cost = retreat_cost(m, active)
    return cost <= 0 or len(energy_units(m, active)) >= cost


def can_attack(m: Match, active: Slot, *, asleep: bool = False) -> bool:
    """May the Active Pokémon attack now? ``asleep``: for an attack usable while Asleep,
    which only Paralysis stops."""
    if m.turn_over or active.conditions & (PARALYZED if asleep else ASLEEP | PARALYZED):
        return False
    if m.turn == 1 and not m.rules.first_player_may_attack:
        return False
    if active.markers and has_marker(m, active, "cant_attack"):
        return False
    if attacking_barred(m, active):
        return False  # (an Ability that says it can't attack: Airhead)
    return not toll_unpaid(m, active)  # (a Poké-Body's toll the hand can't pay)


def attack_choices(m: Match, active: Slot) -> list[tuple[int, int]]:
    """(source card, attack index) pairs the Active Pokémon can pay for: its own attacks,
    attacks lent by Technical Machines, and attacks copied by a Power like Psymimic."""
    facts = pokemon_facts(m, active)
    refs = list(facts.attacks)
    for i, ref in enumerate(facts.powers):
        if ref.power.instead_of_attack and power_usable(m, active, i):
            for s in m.players[1 - active.owner].in_play():
                refs.extend(r for r in stack_facts(m, s).attacks if r.origin != "tm")
            if any(getattr(c, "copies_own_side", False) for c in ref.power.requires):
                # (Versatile: the attacks of the player's other Pokémon in play too)
                for s in m.players[active.owner].in_play():
                    if s is not active:
                        refs.extend(r for r in stack_facts(m, s).attacks
                                    if r.origin != "tm")
    units = energy_units(m, active)
    return [(r.card, r.index) for r in refs
            if (not r.attack.cost or can_pay(units, r.attack.cost))
            and not (active.markers and attack_locked(m, active, r.attack.name))
            and not (active.markers and r.card == active.top
                     and attack_forbidden(m, active, r.index))]


def attack_forbidden(m: Match, active: Slot, index: int) -> bool:
    """An attack printed on the Active Pokémon's own card that an earlier attack's result
    forbids for the next turn (marker ``no_attack_<index>``; Mismagius's Upper Hand,
    Forretress G's Shell Scatter)."""
    return has_marker(m, active, f"no_attack_{index}") if index < 3 else False


def asleep_attack_choices(m: Match, active: Slot) -> list[tuple[int, int]]:
    """The attacks an Asleep Active Pokémon may still use: those usable while Asleep
    (``AttackDef.asleep_ok``), when nothing else stops it attacking."""
    if not active.conditions & ASLEEP or not can_attack(m, active, asleep=True):
        return []
    defs = m.defs
    return [(c, i) for c, i in attack_choices(m, active) if defs[c].attacks[i].asleep_ok]


def do_main_action(m: Match, opt: tuple[Any, ...]) -> None:
    """Carry out one main-phase option (already validated as listed)."""
    tag = opt[0]
    cur = m.current
    p = m.players[cur]
    log = m.log if m.logging else None
    if tag == ATTACH:
        cid, sid = opt[1], opt[2]
        p.hand.remove(cid)
        slot = find_slot(m, sid)
        assert slot is not None
        slot.energy.append(cid)
        p.energy_attached = True
        p.energy_target = sid
        if log is not None:
            log.append((EV_ATTACH, cur, cid, slot.top))
        m.on_energy_attached(slot, cid)
    elif tag == BENCH:
        cid = opt[1]
        p.hand.remove(cid)
        slot = Slot(cid, cur, m.turn)
        if m.defs[cid].legend:
            bench_legend_top(m, p.hand, slot)
        p.bench.append(slot)
        if log is not None:
            log.append((EV_BENCH, cur, cid))
        if m.stadium >= 0:
            pokemon_played(m, p.bench[-1], "bench")
        pf = m.printed[slot.top]
        if pf is not None and pf.power_choices:
            _fire_on_bench(m, slot, pf)
    elif tag == EVOLVE:
        cid, sid = opt[1], opt[2]
        p.hand.remove(cid)
        slot = find_slot(m, sid)
        assert slot is not None
        before = slot.top
        evolve(m, slot, cid)
        if log is not None:
            log.append((EV_EVOLVE, cur, before, cid))
        if m.stadium >= 0:
            pokemon_played(m, slot, "evolve")
        pf = m.printed[cid]
        if pf is not None and pf.power_choices:
            evolve_triggers(m, slot, pf)
    elif tag == LEVEL_UP:
        cid, sid = opt[1], opt[2]
        p.hand.remove(cid)
        slot = find_slot(m, sid)
        assert slot is not None
        level_up(m, slot, cid)
        level_up_triggers(m, slot)
    elif tag == PLAY:
        cid = opt[1]
        p.hand.remove(cid)
        m.play_trainer(cid)
    elif tag == ATTACH_TOOL or tag == ATTACH_TM:
        cid, sid = opt[1], opt[2]
        p.hand.remove(cid)
        slot = find_slot(m, sid)
        assert slot is not None
        if tag == ATTACH_TOOL:
            slot.tool = cid
        else:
            slot.tms.append(cid)
        if log is not None:
            log.append((EV_ATTACH, cur, cid, slot.top))
    elif tag == DISCARD:
        slot = find_slot(m, opt[1])
        assert slot is not None
        discard_slot(m, slot)  # not a Knock Out: no Prize; an empty Active is replaced
        if log is not None:
            log.append((EV_MOVE, cur, slot.top, "discard", True, "play"))
    elif tag == POWER:
        sid, idx = opt[1], opt[2]
        slot = find_slot(m, sid)
        if slot is None:  # an Ability of a card in the discard pile (its card, not a slot)
            use_discard_power(m, sid, idx)
        else:
            m.use_power(slot, idx)
    elif tag == USE_STADIUM:
        cid = opt[1]
        p.powers_used.append((cid, STADIUM_USED))
        if log is not None:
            log.append((EV_STADIUM_USED, cur, cid))
        m.stack.append(Frame(f"{m.defs[cid].id}#u", m.defs[cid].use_code, cur, cid))
    elif tag == RETREAT:
        m.stack.append(Frame("rule:retreat", m.era.retreat_program, cur,
                             variables={"to": opt[1]}))
    elif tag == ATTACK:
        m.start_attack(opt[1], opt[2])
    elif tag == PASS:
        m.turn_over = True
        if log is not None:
            log.append((EV_PASS, cur))
    else:  # pragma: no cover - options come from main_options
        raise ValueError(f"unknown main option {opt!r}")


def _fire_on_bench(m: Match, slot: Slot, pf: PokemonFacts) -> None:
    """A Poké-Power that fires as its Pokémon is put from the hand onto the Bench (its
    requirement says so: ``fires_on_bench``, Crobat G's Flash Bite) runs now, counting as
    its use this turn. Its steps ask whether the player wants it ("you may")."""
    for i in pf.power_choices:
        pw = pf.powers[i].power
        if any(getattr(c, "fires_on_bench", False) for c in pw.requires) \
                and power_works(m, slot, pw):
            m.use_power(slot, i)
            return


# --- Platinum era: Pokémon LV.X cards


def level_up_triggers(m: Match, slot: Slot) -> None:
    """A Pokémon LV.X just levelled up from the hand: each of its own Poké-Powers that
    works "when you put this card onto ..." (``PowerDef.on_level_up``) starts now, and
    counts as that power's use this turn. Its program asks "you may" first."""
    for i, ref in enumerate(stack_facts(m, slot).powers):
        if ref.card == slot.top and ref.power.on_level_up and power_usable(m, slot, i):
            m.use_power(slot, i)


# --- Platinum era: pl1 part 1 (the rest: a Poké-Body that stops evolving the Active)

EVOLUTION_LOCK_HOOK = "locks_active_evolution"


def active_evolution_locked(m: Match, active: Slot) -> bool:
    """Does a working Poké-Body of the other player's Pokémon keep any card from the hand
    from evolving ``active``, an Active Pokémon (hook ``locks_active_evolution``: Dialga's
    Time Aura)?"""
    for s in m.players[1 - active.owner].in_play():
        for ps, holder in bodies(m, s):
            if EVOLUTION_LOCK_HOOK in ps.hooks \
                    and ps.locks_active_evolution(m, holder, active):  # type: ignore[attr-defined]
                return True
    return False


# --- Platinum era: the last Pokémon LV.X (a Poké-Body that charges for attacking)

ATTACK_TOLL_HOOK = "attack_toll"


def attack_toll(m: Match, active: Slot) -> int:
    """How many cards from the hand the player of ``active`` must discard before it
    attacks, by the working Poké-Bodies of the other player's Pokémon (hook
    ``attack_toll``: Giratina LV.X's Invisible Tentacles). Only 1 Body of a name counts a
    turn, so the largest toll is paid, not their sum."""
    toll = 0
    for s in m.players[1 - active.owner].in_play():
        for ps, holder in bodies(m, s):
            if ATTACK_TOLL_HOOK in ps.hooks:
                toll = max(toll, ps.attack_toll(m, holder, active))  # type: ignore[attr-defined]
    return toll


def toll_unpaid(m: Match, active: Slot) -> bool:
    """True when the player of ``active`` can't pay the toll for attacking: too few cards
    in hand (then it can't attack at all)."""
    return ATTACK_TOLL_HOOK in m.body_hooks_present \
        and attack_toll(m, active) > len(m.players[active.owner].hand)


# ---- Black & White era: next_destinies part1 ----


def evolve_triggers(m: Match, slot: Slot, pf: PokemonFacts) -> None:
    """An Ability used as its card is played from the hand to evolve one of its player's
    Pokémon (its requirement says so: ``fires_on_evolve``, Amoonguss's Sporprise) starts
    now, counting as its use this turn, when its other requirements hold (room on the
    Bench for Cast-off Shell). Its steps ask whether the player wants it ("you may")."""
    for i in pf.power_choices:
        pw = pf.powers[i].power
        if pw.fires_on_evolve \
                and power_works(m, slot, pw) \
                and m.requirements_hold(tuple(c for c in pw.requires
                                              if not getattr(c, "fires_on_evolve", False)),
                                        slot.owner, slot.top, slot.id):
            m.use_power(slot, i)
            return


# ---- Black & White era: dark_explorers part2 ----

EVOLUTION_BAN_HOOK = "bans_hand_evolution"


def hand_evolution_banned(m: Match, player: int) -> bool:
    """Does a working Poké-Body (an Ability always on) of any Pokémon in play, either
    player's, keep ``player`` from evolving Pokémon with cards from the hand (hook
    ``bans_hand_evolution``: Archeops's Ancient Power)? Only a match with such a card
    looks."""
    if EVOLUTION_BAN_HOOK not in m.body_hooks_present:
        return False
    for p in m.players:
        for s in p.in_play():
            for ps, holder in bodies(m, s):
                if EVOLUTION_BAN_HOOK in ps.hooks \
                        and ps.bans_hand_evolution(m, holder, player):  # type: ignore[attr-defined]
                    return True
    return False


# ---- Black & White era: dragons_exalted part1 ----
# Abilities used from the discard pile (Rebirth).


def discard_power_usable(m: Match, cid: int, index: int) -> bool:
    """May the Ability ``index`` of the card ``cid``, lying in its owner's discard pile, be
    used now: not used up this turn (a use is recorded against the card), not taken away
    by a lock that reaches out of play (Garbotoxin), and its requirements hold?"""
    from .facts import abilities_locked_out_of_play

    owner = m.owner[cid]
    pw = m.defs[cid].powers[index]
    if pw.uses_per_turn is not None \
            and m.players[owner].powers_used.count((cid, index)) >= pw.uses_per_turn:
        return False
    if pw.once_per_game and pw.name in m.players[owner].game_powers:
        return False
    if abilities_locked_out_of_play(m, pw):
        return False
    return m.requirements_hold(pw.requires, owner, cid)


def discard_power_options(m: Match, player: int) -> list[tuple[Any, ...]]:
    """The Abilities the player may use from cards in the discard pile: ``(POWER, card,
    index)``, the card standing where a Pokémon in play stands. Copies are interchangeable
    (one option per kind of card), but each copy's use is its own."""
    out: list[tuple[Any, ...]] = []
    offered: set[tuple[int, int]] = set()
    defs = m.defs
    for cid in m.players[player].discard:
        d = defs[cid]
        if not d.powers:
            continue
        for i, pw in enumerate(d.powers):
            if (id(d), i) in offered or not pw.from_discard:
                continue
            if discard_power_usable(m, cid, i):
                offered.add((id(d), i))
                out.append((POWER, cid, i))
    return out


def use_discard_power(m: Match, cid: int, index: int) -> None:
    """Use the Ability ``index`` of the card ``cid`` in its owner's discard pile: recorded
    against the card as any power is; its program runs with the card as its source and its
    user, so once an effect puts the card into play ``SELF`` names that Pokémon."""
    owner = m.owner[cid]
    pw = m.defs[cid].powers[index]
    p = m.players[owner]
    p.record_power_use((cid, index), pw.uses_per_turn)
    if pw.once_per_game:
        p.game_powers.append(pw.name)
    if m.logging:
        m.log.append((EV_POWER, owner, cid, pw.name))
    m.stack.append(Frame(pw.key, pw.code, owner, cid, cid))


# ---- Call of Legends era: Pokémon LEGEND


def legend_benchable(m: Match, hand: list[int], d: Any) -> bool:
    """May this half of a Pokémon LEGEND be benched from ``hand`` now: it is the half
    beneath (the pair is offered once) and its other half is in the hand too. A half never
    goes into play alone, nor with a half of another LEGEND (seed 000's glossary)."""
    return bool(d.legend) and not d.legend_top and d.legend_other is not None \
        and any(m.defs[c] is d.legend_other for c in hand)


def bench_legend_top(m: Match, hand: list[int], slot: Slot) -> None:
    """The half beneath of a Pokémon LEGEND was just taken from ``hand`` into ``slot``: its
    other half goes with it, on top, and the two are one Pokémon from now on."""
    other = m.defs[slot.top].legend_other
    cid = next(c for c in hand if m.defs[c] is other)
    hand.remove(cid)
    slot.cards.append(cid)
    slot.top = cid
