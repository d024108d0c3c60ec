"""One way to read a Pokémon in play: :func:`pokemon_facts`.

A rule never reads HP, types, Weakness, Resistance, Retreat Cost, attacks or powers off the
card on top of a stack. It asks :func:`pokemon_facts`, which builds them in two layers:

1. **The card stack** (:func:`stack_facts`): the top card's printed facts, plus what the
   cards below it contribute when the top card is of a kind that keeps them
   (``KEEPS_CARDS_BELOW``: a Pokémon LV.X keeps the attacks and powers of its earlier
   level, the card directly beneath it, and takes that card's stage), plus the attacks
   lent by attached Technical Machines and by a Tool like Memory Berry (the attacks of
   the Basic and Stage 1 cards beneath). A match none of whose cards can stack so
   (``Match.stacks_below`` false: every Expedition match) skips the look.
2. **Passive effects**: every passive in force on the Pokémon (attached cards, working
   Poké-Bodies, markers, effects for the rest of a turn, the Stadium) is asked through the
   fact hooks of the registry (``effects.passives.HOOKS``: ``max_hp``, ``pokemon_types``,
   ``weakness``, ``resistance``, ``retreat_cost``). Powers are not changed by passives, so
   Poké-Bodies are read from layer 1 (a Body cannot switch Bodies on or off).

The markers' registry and the passive-gathering helpers live here too (``ops`` re-exports
them), because layer 2 needs them and ``ops`` needs this module.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .carddefs import POKE_BODY, POKE_POWER, AttackDef, CardDef, PowerDef
from .effects.passives import FACT_HOOK_NAMES, FACT_HOOKS, AttacksFromBelow, Passive, Reach

if TYPE_CHECKING:
    from .match import Match
    from .state import Slot


# --------------------------------------------------------------------------- the facts


@dataclass(frozen=True, slots=True)
class AttackRef:
    """An attack a Pokémon has, and where it comes from: ``card`` is the match card it is
    printed on and ``index`` its place among that card's attacks (the pair an attack
    option names)."""

    card: int
    index: int
    attack: AttackDef
    origin: str  # "printed" (the top card), "below" (a card under it), "tm"


@dataclass(frozen=True, slots=True)
class PowerRef:
    """A Poké-Power or Poké-Body a Pokémon has, and the card it is printed on."""

    card: int
    index: int  # its place among that card's powers
    power: PowerDef
    origin: str  # "printed" or "below"

    @property
    def key(self) -> tuple[int, int]:
        """How a use of it is recorded (``PlayerState.powers_used``): the card it is
        printed on and its index there, whatever card lies on top."""
        return (self.card, self.index)


@dataclass(frozen=True, slots=True)
class PokemonFacts:
    """What a Pokémon in play is right now (see the module doc for how it is built)."""

    name: str
    stage: int
    hp: int
    types: tuple[str, ...]
    weakness: tuple[tuple[str, str], ...]
    resistance: tuple[tuple[str, str], ...]
    retreat: int
    attacks: tuple[AttackRef, ...]
    powers: tuple[PowerRef, ...]
    # Kinds of Pokémon it is ("baby"; later eras: "lv-x", "legend", "ex", ...).
    kinds: frozenset[str]
    evolves_to: tuple[str, ...]  # what a Baby Pokémon may evolve into
    # Hooks answered by the passives of its Poké-Bodies (working or not): a cheap test for
    # whether the rules need to ask them at all.
    body_hooks: frozenset[str]
    # Indices (into ``powers``) of the Poké-Powers offered in the main phase, and whether a
    # Power is used instead of attacking (Psymimic): read by the main phase's fast path.
    power_choices: tuple[int, ...] = ()
    copies_attacks: bool = False
    # Derived when built (not parameters): ``"baby" in kinds``, a field because the main
    # phase reads it for every Pokémon in play; and whether one of its Poké-Bodies carries
    # passives (working or not), so the rules can skip gathering the passives of a Pokémon
    # nothing rides on.
    baby: bool = field(init=False, default=False)
    fossil: bool = field(init=False, default=False)  # a Fossil Trainer played as a Pokémon
    has_body_passives: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "baby", "baby" in self.kinds)
        object.__setattr__(self, "fossil", "fossil" in self.kinds)
        object.__setattr__(self, "has_body_passives",
                           any(_body_passives(p.power) for p in self.powers))

    def power(self, index: int) -> PowerDef:
        return self.powers[index].power

    def has_kind(self, kind: str) -> bool:
        return kind in self.kinds


LV_X_KIND = "lv_x"  # (eras.base.LV_X: the facts do not import the eras)
RESTORED_KIND = "restored"  # eras.base.RESTORED
LEGEND_KIND = "legend"  # eras.base.LEGEND
EX_KIND = "ex"  # eras.base.POKEMON_EX
KEEPS_CARDS_BELOW: frozenset[str] = frozenset({LV_X_KIND})
"""Kinds of Pokémon whose earlier level (the card directly beneath) keeps giving its
attacks and powers, and its stage: Pokémon LV.X (Appendix A of seed 001)."""

_BABY_KINDS = frozenset(("baby",))
_LV_X_KINDS = frozenset((LV_X_KIND,))
_FOSSIL_KINDS = frozenset(("fossil",))
_RESTORED_KINDS = frozenset((RESTORED_KIND,))
_EX_KINDS = frozenset((EX_KIND,))
_LEGEND_KINDS = frozenset((LEGEND_KIND,))
# Pokémon whose facts carry stage 0 yet that are no Basic Pokémon: Restored Pokémon
# (Appendix B of seed 003) and Pokémon LEGEND (seed 000's glossary).
NOT_BASIC_KINDS = frozenset((RESTORED_KIND, LEGEND_KIND))


def card_kinds(d: CardDef) -> frozenset[str]:
    if d.lv_x:
        return _LV_X_KINDS
    if d.baby:
        return _BABY_KINDS
    if d.restored:
        return _RESTORED_KINDS
    if d.legend:
        return _LEGEND_KINDS
    if d.ex:
        return _EX_KINDS
    return _FOSSIL_KINDS if d.fossil else frozenset()


def lends_attacks_below(d: CardDef) -> bool:
    """Does this card (a Pokémon Tool) let its Pokémon use the attacks of the cards beneath
    its top card (Memory Berry)?"""
    return any(isinstance(ps, AttacksFromBelow) for ps in d.passives)


def stacks_below(d: CardDef) -> bool:
    """Can this card make a Pokémon's attacks or powers come from the cards beneath its top
    card (a Pokémon LV.X, a Tool like Memory Berry)? ``Match.stacks_below`` asks it of every
    card of the decks."""
    return d.lv_x or lends_attacks_below(d)


def may_lower_hp(d: CardDef) -> bool:
    """Could a passive this card carries (its own, or one of its powers': a Poké-Body on its
    Pokémon or reaching others) make a Pokémon's HP less than the HP its card prints?
    ``Match.hp_may_fall`` asks it of every card of the decks; a passive that changes HP
    and does not declare ``adds_hp_only`` counts as one that may."""
    passives = (*d.passives, *(ps for pw in d.powers for ps in pw.passives))
    return any(("max_hp" in ps.hooks or "max_hp" in ps.reaches) and not ps.adds_hp_only
               for ps in passives)


def build_printed_facts(d: CardDef, cid: int) -> PokemonFacts:
    """The facts printed on the Pokémon card ``d``, match card number ``cid``."""
    return PokemonFacts(
        name=d.name, stage=d.stage, hp=d.hp, types=d.types, weakness=d.weakness,
        resistance=d.resistance, retreat=d.retreat,
        attacks=tuple(AttackRef(cid, i, a, "printed") for i, a in enumerate(d.attacks)),
        powers=tuple(PowerRef(cid, i, p, "printed") for i, p in enumerate(d.powers)),
        kinds=card_kinds(d), evolves_to=d.evolves_to, body_hooks=d.body_hooks,
        power_choices=d.power_choices, copies_attacks=d.copies_attacks)


def _body_passives(pw: PowerDef) -> bool:
    return pw.kind == POKE_BODY and bool(pw.passives)


def printed_facts(m: Match, cid: int) -> PokemonFacts:
    """The facts printed on one Pokémon card of the match (cached per card: the match
    starts with the printed facts of every Pokémon card of its decks)."""
    pf = m.printed[cid]
    if pf is None:
        pf = build_printed_facts(m.defs[cid], cid)
        m.printed[cid] = pf
    return pf


def stack_facts(m: Match, slot: Slot) -> PokemonFacts:
    """Layer 1: the card stack and attached Technical Machines, before passive effects."""
    pf = m.printed[slot.top]
    if pf is not None and not slot.tms and (
            not m.stacks_below or len(slot.cards) == 1
            or (slot.tool < 0 and pf.kinds.isdisjoint(KEEPS_CARDS_BELOW))):
        # The common cases, first: a lone card has nothing beneath to add, and the cards
        # beneath add nothing without a Pokémon LV.X on top or a Tool to lend their attacks.
        return pf
    return _stacked(m, slot, printed_facts(m, slot.top) if pf is None else pf)


def _stacked(m: Match, slot: Slot, pf: PokemonFacts) -> PokemonFacts:
    """The top card's printed facts ``pf`` with what the stack adds: the earlier level of a
    Pokémon LV.X, the attacks a Tool like Memory Berry lends from the cards beneath, and the
    attacks attached Technical Machines lend."""
    if len(slot.cards) > 1 and not pf.kinds.isdisjoint(KEEPS_CARDS_BELOW):
        pf = _with_cards_below(m, slot, pf)
    if slot.tool >= 0 and len(slot.cards) > 1 and lends_attacks_below(m.defs[slot.tool]):
        pf = _with_attacks_below(m, slot, pf)
    if slot.tms:
        lent = tuple(AttackRef(tm, i, a, "tm") for tm in slot.tms
                     for i, a in enumerate(m.defs[tm].attacks))
        pf = replace(pf, attacks=pf.attacks + lent)
    return pf


# A LV.X card's facts joined with its earlier level's, by the two printed facts' identity:
# both are immutable, and the join is asked at every look at the Pokémon (rebuilding it was
# nearly half a search's CPU time in a league of LV.X decks). The entry keeps its two keys
# alive, so their identities are not reused while it stands; bounded for long runs.
_BELOW_JOINS: dict[tuple[int, int], tuple[PokemonFacts, PokemonFacts, PokemonFacts]] = {}


def _with_cards_below(m: Match, slot: Slot, pf: PokemonFacts) -> PokemonFacts:
    """A Pokémon LV.X: its own attacks and powers first, then those of its earlier level
    (the card directly beneath it: Hippowdon's, not Hippopotas's, under Hippowdon LV.X),
    whose stage it keeps ("Hippowdon LV.X is a Stage 1 Pokémon")."""
    below = printed_facts(m, slot.cards[-2])
    key = (id(pf), id(below))
    known = _BELOW_JOINS.get(key)
    if known is not None:
        return known[2]
    if len(_BELOW_JOINS) > 4096:
        _BELOW_JOINS.clear()
    joined = _join_below(pf, below)
    _BELOW_JOINS[key] = (pf, below, joined)
    return joined


def _join_below(pf: PokemonFacts, below: PokemonFacts) -> PokemonFacts:
    """The join itself (see ``_with_cards_below``)."""
    attacks = pf.attacks + tuple(replace(a, origin="below") for a in below.attacks)
    powers = pf.powers + tuple(replace(p, origin="below") for p in below.powers)
    return replace(pf, stage=below.stage, attacks=attacks, powers=powers,
                   body_hooks=pf.body_hooks | below.body_hooks,
                   power_choices=tuple(i for i, p in enumerate(powers) if _offered(p.power)),
                   copies_attacks=any(p.power.instead_of_attack for p in powers))


def _with_attacks_below(m: Match, slot: Slot, pf: PokemonFacts) -> PokemonFacts:
    """Memory Berry: the attacks of the Basic and Stage 1 cards beneath the top card, after
    those the Pokémon already has (an earlier level's are not given twice)."""
    have = {a.card for a in pf.attacks}
    lent = tuple(replace(a, origin="below")
                 for cid in slot.cards[:-1] if cid not in have
                 and m.defs[cid].stage <= 1 and not m.defs[cid].lv_x
                 for a in printed_facts(m, cid).attacks)
    return replace(pf, attacks=pf.attacks + lent) if lent else pf


def _offered(pw: PowerDef) -> bool:
    """A Poké-Power the main phase offers on its own (not one used instead of attacking)."""
    return pw.kind == POKE_POWER and not pw.instead_of_attack and not pw.on_level_up


def facts_are_printed(m: Match, slot: Slot) -> bool:
    """Fast test: no passive in force can change this Pokémon's facts (a marker or an
    effect for the rest of the turn counts only if its passive answers a fact hook)."""
    effects = m.players[slot.owner].turn_effects
    if effects and any(map(_changes_facts, map(TURN_EFFECTS.get, effects))):
        return False
    if slot.markers and any(_changes_facts(k.passive) for k in map(MARKERS.get, slot.markers)
                            if k is not None):
        return False
    if not m.fact_hooks:
        return True
    if m.area_bodies and next(area_bodies(m), None) is not None:
        return False  # a Poké-Body in play may change any Pokémon's facts
    hook = m.fact_hook
    return not ((m.stadium >= 0 and hook[m.stadium])
                or (slot.tool >= 0 and hook[slot.tool])
                or any(map(hook.__getitem__, slot.cards))
                or any(map(hook.__getitem__, slot.energy)))


def _changes_facts(ps: Passive | None) -> bool:
    return ps is not None and not ps.hooks.isdisjoint(FACT_HOOK_NAMES)


def pokemon_facts(m: Match, slot: Slot) -> PokemonFacts:
    """What this Pokémon is now: its card stack, then every passive that changes a fact.

    The readable rule is :func:`pokemon_facts_reference`; this and the usual reads below
    take the common cases first (tests/engine/test_fact_fast_paths.py compares them on
    every decision of many random games). While a reader that changes nothing holds the
    match (:func:`reading_facts`), each Pokémon's facts are worked out once."""
    memo = m.facts_memo
    if memo is not None:
        known = memo.get(slot)
        if known is not None:
            return known
    pf = m.printed[slot.top]
    if pf is None or slot.tms or m.stacks_below:
        pf = stack_facts(m, slot)
    if not m.fact_hooks and not slot.markers and not m.players[slot.owner].turn_effects:
        return pf  # the common case, first (what facts_are_printed says, inlined)
    if not facts_are_printed(m, slot):
        pf = with_passives(m, slot, pf)
    if memo is not None:
        memo[slot] = pf
    return pf


class reading_facts:  # (a context used like a function, as contextlib.suppress)
    """Within it the facts of each Pokémon are worked out once and kept (``Match.facts_memo``,
    by the Pokémon's identity), for a reader that asks them again and again and changes
    nothing of the match meanwhile (the greedy player valuing a decision's options). A
    change to the match inside would leave the kept facts behind: nothing but reading
    belongs in it. Nested uses share the outer one's. (A class, not a generator: it is
    entered at every greedy decision, and costs a fraction of a generator's setup.)"""

    __slots__ = ("m", "outer")

    def __init__(self, m: Match) -> None:
        self.m = m
        self.outer = False

    def __enter__(self) -> None:
        m = self.m
        # (without a card whose passives change facts, the facts are printed ones, read
        # at once: a memo would only cost a look-up at every read)
        self.outer = m.facts_memo is not None or not m.fact_hooks
        if not self.outer:
            m.facts_memo = {}

    def __exit__(self, *exc: object) -> None:
        if not self.outer:
            self.m.facts_memo = None


def pokemon_facts_reference(m: Match, slot: Slot) -> PokemonFacts:
    """:func:`pokemon_facts` said plainly, with no shortcut and no cache: the card stack
    built afresh, then every passive in force asked."""
    return with_passives(m, slot, stack_facts_reference(m, slot))


def is_basic_in_play(m: Match, slot: Slot) -> bool:
    """A Basic Pokémon in play: its card stack's stage is Basic and it is no Restored
    Pokémon (Appendix B of seed 003 makes those neither Basic nor Evolution) and no
    Pokémon LEGEND (seed 000)."""
    pf = stack_facts(m, slot)
    return pf.stage == 0 and pf.kinds.isdisjoint(NOT_BASIC_KINDS)


def stack_facts_reference(m: Match, slot: Slot) -> PokemonFacts:
    """:func:`stack_facts` said plainly: the card stack built afresh, no cache."""
    return _stacked(m, slot, build_printed_facts(m.defs[slot.top], slot.top))


def with_passives(m: Match, slot: Slot, pf: PokemonFacts) -> PokemonFacts:
    """Layer 2: the card stack's facts ``pf`` after the fact hooks of every passive in
    force on this Pokémon, asked in order."""
    asked = [(ps, holder) for ps, holder in fact_passives(m, slot) if ps.hooks & FACT_HOOK_NAMES]
    if not asked:
        return pf
    changed: dict[str, Any] = {}
    for spec in FACT_HOOKS:
        value = getattr(pf, spec.fact)
        new = value
        for ps, holder in asked:
            if spec.name in ps.hooks:
                new = getattr(ps, spec.name)(m, holder, new)
        if new != value:
            changed[spec.fact] = new
    if "retreat" in changed:
        changed["retreat"] = max(0, changed["retreat"])
    return replace(pf, **changed) if changed else pf


def fact_passives(m: Match, slot: Slot) -> Iterator[tuple[Passive, Slot]]:
    """Every passive that may change this Pokémon's facts, in the order they are asked:
    effects for the rest of the turn, what rides on it, the working Poké-Bodies in play
    that reach every Pokémon (:func:`area_bodies`), then the Stadium."""
    for name in m.players[slot.owner].turn_effects:
        ps = TURN_EFFECTS.get(name)
        if ps is not None:
            yield ps, slot
    yield from slot_passives(m, slot)
    if m.area_bodies:
        for ps, source in area_bodies(m):
            yield Reach(ps, source), slot
    for ps in stadium_passives(m):
        yield ps, slot


# --------------------------------------------------------------------------- the usual reads


# Each is ``pokemon_facts(m, slot).<fact>``, with the common case inlined: no passive in
# the match changes facts, no marker, no effect for the rest of the turn. The card stack
# (Technical Machines, cards kept below) changes attacks and powers only, so the top card's
# printed facts answer. These run hundreds of thousands of times a simulation.


def max_hp(m: Match, slot: Slot) -> int:
    pf = m.printed[slot.top]
    if pf is None or m.fact_hooks or slot.markers or m.players[slot.owner].turn_effects:
        pf = pokemon_facts(m, slot)
    return pf.hp


def remaining_hp(m: Match, slot: Slot) -> int:
    pf = m.printed[slot.top]
    if pf is None or m.fact_hooks or slot.markers or m.players[slot.owner].turn_effects:
        pf = pokemon_facts(m, slot)
    return pf.hp - slot.damage


def is_knocked_out(m: Match, slot: Slot) -> bool:
    pf = m.printed[slot.top]
    if pf is not None and not slot.markers and not m.players[slot.owner].turn_effects:
        if not m.fact_hooks:
            return slot.damage >= pf.hp
        # Less damage than the printed HP, and no card that could lower HP: not Knocked
        # Out, whatever else the passives change (the Knock Out check asks this of every
        # Pokémon in play, many times a turn, in a match of such cards).
        if slot.damage < pf.hp and not m.hp_may_fall:
            return False
    return slot.damage >= pokemon_facts(m, slot).hp


def pokemon_types(m: Match, slot: Slot) -> tuple[str, ...]:
    pf = m.printed[slot.top]
    if pf is None or m.fact_hooks or slot.markers or m.players[slot.owner].turn_effects:
        pf = pokemon_facts(m, slot)
    return pf.types


def retreat_cost(m: Match, slot: Slot) -> int:
    pf = m.printed[slot.top]
    if pf is None or m.fact_hooks or slot.markers or m.players[slot.owner].turn_effects:
        pf = pokemon_facts(m, slot)
    return pf.retreat


def power_of(m: Match, slot: Slot, index: int) -> PowerDef:
    """The power a main-phase option or a use record names by its index."""
    return stack_facts(m, slot).powers[index].power


# --------------------------------------------------------------------------- markers


@dataclass(frozen=True)
class MarkerKind:
    """A lasting mark on a Pokémon. ``value`` in ``Slot.markers`` is the last turn number it
    applies to (or a count, for counters)."""

    name: str
    label: str
    clears_on_bench: bool = True  # results of attacks go away on the Bench ...
    clears_on_evolve: bool = True  # ... and on evolution (damage counters are the exception)
    is_counter: bool = False  # a count that does not expire (e.g. Char counters)
    passive: Passive | None = None


MARKERS: dict[str, MarkerKind] = {}


def register_marker(kind: MarkerKind) -> MarkerKind:
    existing = MARKERS.get(kind.name)
    if existing is not None and existing != kind:
        raise ValueError(f"marker {kind.name!r} registered twice with different meanings")
    MARKERS[kind.name] = kind
    return kind


register_marker(MarkerKind("cant_attack", "can't attack"))
register_marker(MarkerKind("cant_retreat", "can't retreat"))
register_marker(MarkerKind("char", "Char counters", clears_on_bench=False, is_counter=True))
POWERS_OFF = "powers_off"
register_marker(MarkerKind(POWERS_OFF, "can't use Poké-Powers or Poké-Bodies"))


def has_marker(m: Match, slot: Slot, name: str) -> bool:
    v = slot.markers.get(name)
    if v is None:
        return False
    if MARKERS[name].is_counter:
        return v > 0
    return m.turn <= v


TURN_EFFECTS: dict[str, Passive] = {}
"""Effects that last for the rest of a player's turn, by name (``PlayerState.turn_effects``)."""


# --------------------------------------------------------------------------- passives


def power_works(m: Match, slot: Slot, power: PowerDef) -> bool:
    """Is this Poké-Power usable / Poké-Body on? Special Conditions shut them off by era."""
    shut = m.rules.power_shutoff if power.kind == POKE_POWER else m.rules.body_shutoff
    if slot.markers and has_marker(m, slot, POWERS_OFF):
        return False  # an attack's result: no Poké-Power or Poké-Body (Shiftry's Seal Off)
    if slot.markers and power.kind == POKE_POWER and has_marker(m, slot, "no_poke_powers"):
        return False  # an attack's result (Houndoom G's Black Cry)
    if power.kind == POKE_POWER and POWER_LOCK_HOOK in m.body_hooks_present \
            and powers_locked(m, slot, power):
        return False  # a Poké-Body in play (Ampharos's Damage Bind)
    if slot.conditions & shut and not power.works_under_conditions:
        return False
    return not (power.kind == POKE_BODY and m.body_blocks and bodies_blocked(m, slot, power))


def bodies(m: Match, slot: Slot) -> Iterator[tuple[Passive, Slot]]:
    """Passives of the working Poké-Bodies this Pokémon has."""
    pf = m.printed[slot.top]
    if pf is None or m.stacks_below:
        pf = stack_facts(m, slot)  # (Technical Machines lend attacks only)
    if not pf.has_body_passives:
        return
    for ref in pf.powers:
        power = ref.power
        if power.kind == POKE_BODY and power.passives and power_works(m, slot, power):
            for ps in power.passives:
                yield ps, slot


def slot_passives(m: Match, slot: Slot) -> Iterator[tuple[Passive, Slot]]:
    """Every passive that rides on this Pokémon: attached cards, Bodies, markers."""
    defs = m.defs
    for cid in slot.energy:
        for ps in defs[cid].passives:
            yield ps, slot
    if slot.tool >= 0:
        for ps in defs[slot.tool].passives:
            yield ps, slot
    yield from bodies(m, slot)
    for ps in marker_passives(m, slot):
        yield ps, slot


def slot_passive_list(m: Match, slot: Slot) -> list[tuple[Passive, Slot]]:
    """``list(slot_passives(m, slot))``, answered at once for a Pokémon nothing rides on (no
    marker, no attached card with passives, no Poké-Body with passives): the damage figure
    asks this for both Pokémon of every attack and every preview."""
    if not slot.markers:
        carried = m.has_passives
        pf = m.printed[slot.top]
        if pf is not None and not pf.has_body_passives and not m.stacks_below \
                and (slot.tool < 0 or not carried[slot.tool]) \
                and not any(map(carried.__getitem__, slot.energy)):
            return []
    return list(slot_passives(m, slot))


def marker_passives(m: Match, slot: Slot) -> Iterator[Passive]:
    """Passives of the markers in force on this Pokémon (attack results like "takes 10
    less damage")."""
    for name in slot.markers:
        kind = MARKERS.get(name)
        if kind is not None and kind.passive is not None and has_marker(m, slot, name):
            yield kind.passive


def stadium_passives(m: Match) -> Iterator[Passive]:
    if m.stadium >= 0:
        yield from m.defs[m.stadium].passives


# --- Platinum era: pl1 part 1 (attack locks)

ATTACK_LOCKS: dict[str, str] = {}
"""Markers that forbid one attack by name for the user's next turn (Jet Smash's lock):
marker name -> attack name, registered by :func:`attack_lock`. (An attack chosen from a
Pokémon's card is forbidden by its index instead: ``actions.attack_forbidden``.)"""


def attack_lock(attack: str) -> str:
    """The marker that keeps a Pokémon from using ``attack``, registered once per name
    (``effects.steps.AttackLock``, or a ``Mark`` of it)."""
    name = "no_" + "_".join(attack.lower().replace("-", " ").split())
    register_marker(MarkerKind(name, f"can't use {attack}"))
    ATTACK_LOCKS[name] = attack
    return name


# "<that Pokémon> can't use <the chosen attack> during ... next turn": one marker per attack
# index of its card (``actions.attack_forbidden``).
for _i in range(3):
    register_marker(MarkerKind(f"no_attack_{_i}", f"can't use attack {_i + 1}"))


def attack_locked(m: Match, slot: Slot, attack_name: str) -> bool:
    """Is this attack forbidden to this Pokémon now by an attack lock marker?"""
    for name in slot.markers:
        if ATTACK_LOCKS.get(name) == attack_name and has_marker(m, slot, name):
            return True
    return False
# --- Platinum era: Rising Rivals part1 (pl2-1 to pl2-34)

# Coins flipped between turns belong to no player's turn (rules.FlipEachActive, CharStep).
BETWEEN_TURNS_COINS = frozenset({"Burn check", "Sleep check", "Char check"})


def coin_forced_tails(m: Match, player: int, purpose: str) -> bool:
    """Does a coin ``player`` flips now count as tails whatever it shows? So it does during
    that player's own turn while the opponent's Active Pokémon has a working Poké-Body that
    says so (Shiftry's Unlucky Wind: ``opponent_coins_tails``)."""
    if m.current != player or m.turn < 1 or purpose in BETWEEN_TURNS_COINS:
        return False
    a = m.players[1 - player].active
    if a is None:
        return False
    return any(getattr(ps, "opponent_coins_tails", False) for ps, _ in bodies(m, a))


# Card ids that once asked for a record of the damage attacks did to them last turn. Every
# Pokémon's is kept now (``ATTACK_DAMAGE_TAKEN``) and nothing reads this set; it stays
# until the Rising Rivals part 1 script stops adding Aggron to it.
REMEMBERS_HITS: set[str] = set()


# --- Platinum era: pl1 part3 (attack costs)


def attack_cost(m: Match, slot: Slot, attack: AttackDef) -> tuple[str, ...]:
    """The cost of one of this Pokémon's attacks now: the printed cost, unless a passive
    in force changes it (the ``attack_costs`` fact hook; an attack copied from another
    Pokémon keeps its printed cost)."""
    if not m.fact_hooks and not slot.markers and not m.players[slot.owner].turn_effects:
        return attack.cost  # (Expedition: no card changes a cost; an attack's mark may)
    for ref in pokemon_facts(m, slot).attacks:
        if ref.attack.key == attack.key:
            return ref.attack.cost
    return attack.cost


# --- Platinum era: pl1 part2 (pl1-35 to pl1-77)

NO_POKE_POWERS = "no_poke_powers"
register_marker(MarkerKind(NO_POKE_POWERS, "can't use Poké-Powers"))
POISON_COUNTERS = "poison_counters"
register_marker(MarkerKind(POISON_COUNTERS, "Poison counters", is_counter=True))
"""Damage counters a Poisoned Pokémon takes between turns instead of 1 (Toxic Fang); a new
Poison (``ops.inflict``) resets it."""


def body_says(m: Match, slot: Slot, hook_name: str, *args: Any) -> bool:
    """Does a working Poké-Body of this Pokémon answer the yes-or-no hook ``hook_name``
    (``effects.passives.HOOKS``) with yes? At once for a Pokémon none of whose Bodies
    answers it."""
    if hook_name not in stack_facts(m, slot).body_hooks:
        return False
    return any(getattr(ps, hook_name)(m, holder, *args)
               for ps, holder in bodies(m, slot) if hook_name in ps.hooks)
# --- Platinum era: pl1 part3 (damage taken from the last turn's attacks)

ATTACK_DAMAGE_TAKEN = "attack_damage_taken"
register_marker(MarkerKind(ATTACK_DAMAGE_TAKEN, "damage taken from attacks last turn",
                           clears_on_bench=False, clears_on_evolve=False, is_counter=True))
"""The damage the opponent's attacks placed on a Pokémon during the opponent's turn (where
the ruleset ``records_attack_damage``): written by ``ops.deal_damage``, read during its
owner's next turn, removed as the opponent's following turn begins (``rules.start_turn``).
A counter, so it is kept through that turn's end whatever its value."""

OWN_ATTACK_DAMAGE = "own_attack_damage"
register_marker(MarkerKind(OWN_ATTACK_DAMAGE, "damaged by its own side's attack this turn",
                           clears_on_bench=False, clears_on_evolve=False))
"""The turn a Pokémon took damage from its own player's attack (recoil, an attack that hits
its own Bench), kept only in a match with a card that answers a Knock Out
(``KNOCKED_OUT_HOOK``): Rescue Scarf counts a Knock Out by any attack's damage."""
KNOCKED_OUT_HOOK = "on_knocked_out"
KNOCKED_OUT_BY_OWN_ATTACK = "knocked_out_by_own_attack"
register_marker(MarkerKind(KNOCKED_OUT_BY_OWN_ATTACK, "Knocked Out by its own side's attack"))
"""Set by ``rules.mark_attack_knockouts`` as an attack ends, on its player's own Pokémon
it Knocked Out (read by Rescue Scarf)."""


# --- Platinum era: the Lost Zone and the last Pokémon LV.X

BLOCKS_BODIES_HOOK = "blocks_bodies"


def bodies_blocked(m: Match, slot: Slot, power: PowerDef | None = None) -> bool:
    """Does a working Poké-Body of a Pokémon in play switch off the Poké-Bodies of
    ``slot`` (Time Crystal: every Pokémon but the Pokémon SP)? The blocking Body's own
    test is the plain one (conditions, markers), so a blocker never asks about itself.
    A blocker that ``spares`` the name of ``power`` (its own: Garbotoxin) leaves it on."""
    for p in m.players:
        for s in p.in_play():
            pf = stack_facts(m, s)
            if BLOCKS_BODIES_HOOK not in pf.body_hooks:
                continue
            for ref in pf.powers:
                pw = ref.power
                if pw.kind != POKE_BODY or not pw.passives:
                    continue
                if (s.markers and has_marker(m, s, POWERS_OFF)) \
                        or s.conditions & m.rules.body_shutoff:
                    continue
                if any(BLOCKS_BODIES_HOOK in ps.hooks and not spares(ps, power)
                       and getattr(ps, BLOCKS_BODIES_HOOK)(m, s, slot) for ps in pw.passives):
                    return True
    return False


# --- Platinum era: pl1 part 1 (the rest: a Poké-Body that locks Poké-Powers)

POWER_LOCK_HOOK = "locks_powers"


def powers_locked(m: Match, slot: Slot, power: PowerDef | None = None) -> bool:
    """Does a working Poké-Body of any Pokémon in play (either player's) keep ``slot`` from
    using Poké-Powers (hook ``locks_powers``: Ampharos's Damage Bind)? A lock that
    ``spares`` the name of ``power`` leaves it usable."""
    for p in m.players:
        for s in p.in_play():
            for ps, holder in bodies(m, s):
                if POWER_LOCK_HOOK in ps.hooks and not spares(ps, power) \
                        and ps.locks_powers(m, holder, slot):  # type: ignore[attr-defined]
                    return True
    return False


# --- Platinum era: Rising Rivals part1 (rest: area Poké-Bodies)

REACH_HOOK = "reach"


def area_bodies(m: Match) -> Iterator[tuple[Passive, Slot]]:
    """The passives of the working Poké-Bodies in play that change the facts of other
    Pokémon (the ``reach`` hook: Flygon's Rainbow Float, Lucario GL's Boundary Aura), each
    with the Pokémon it is printed on; :func:`fact_passives` asks them for every Pokémon
    in play. Only a match with such a card (``Match.area_bodies``) looks."""
    defs = m.defs
    for p in m.players:
        for s in p.in_play():
            # The stack's Bodies are those printed on its top card and, under a Pokémon
            # LV.X, on the card beneath (``_stacked``): when neither card prints a reaching
            # one, the facts need not be built (asked for every Pokémon's facts).
            if REACH_HOOK not in defs[s.top].body_hooks and (
                    len(s.cards) < 2 or REACH_HOOK not in defs[s.cards[-2]].body_hooks):
                continue
            pf = m.printed[s.top]
            if pf is None or m.stacks_below:
                pf = stack_facts(m, s)
            if REACH_HOOK in pf.body_hooks:
                for ps, holder in bodies(m, s):
                    if REACH_HOOK in ps.hooks:
                        yield ps, holder


AS_BASIC = "as_basic"
register_marker(MarkerKind(AS_BASIC, "put into play as a Basic Pokémon", clears_on_bench=False,
                           clears_on_evolve=False, is_counter=True))
"""An Evolution card an effect put into play as a Basic Pokémon (Gastrodon East Sea's
Calling Wave): the bottom card of its Pokémon (``validate`` allows it there)."""


# ---- Black & White era: dragons_exalted part1 ----


def spares(ps: Passive, power: PowerDef | None) -> bool:
    """Does a lock on powers leave ``power`` alone, being named for it ("except for
    Garbotoxin": the passive's ``spares``)?"""
    return power is not None and getattr(ps, "spares", "") == power.name


def abilities_locked_out_of_play(m: Match, power: PowerDef) -> bool:
    """Is ``power``, the Ability of a card in a hand or a discard pile (Ho-Oh-EX's Rebirth),
    taken away by a working Poké-Body in play whose lock reaches out of play too
    (``out_of_play``: Garbotoxin)? Asked only where a card of the match locks powers."""
    if POWER_LOCK_HOOK not in m.body_hooks_present:
        return False
    for p in m.players:
        for s in p.in_play():
            for ps, holder in bodies(m, s):
                if getattr(ps, "out_of_play", False) and POWER_LOCK_HOOK in ps.hooks \
                        and not spares(ps, power) \
                        and ps.locks_powers(m, holder, None):  # type: ignore[attr-defined]
                    return True
    return False


# ---- Black & White era: dark_explorers part1 ----
# The questions of the Abilities that reach past their own Pokémon (effects.passives:
# ``boosts_side``, ``bars_attacking``, ``burn_counters``, ``guards_side_effects``), each
# asked only in a match where some card answers it.

SIDE_BOOST_HOOK = "boosts_side"
BARS_ATTACKING_HOOK = "bars_attacking"
BURN_COUNTERS_HOOK = "burn_counters"
GUARDS_SIDE_EFFECTS_HOOK = "guards_side_effects"
BURN_COUNTERS = 2  # what Burned costs between turns, in every era's rulebook


def _answering(m: Match, slots: Iterator[Slot] | list[Slot], hook_name: str,
               ) -> Iterator[tuple[Passive, Slot]]:
    """The passives of the working Poké-Bodies (always-on Abilities) of ``slots`` that
    answer ``hook_name``."""
    for s in slots:
        if hook_name in stack_facts(m, s).body_hooks:
            for ps, holder in bodies(m, s):
                if hook_name in ps.hooks:
                    yield ps, holder


def side_boosts(m: Match, dc: Any, dmg: int) -> int:
    """Step b) of the damage figure for the Abilities of the attacking player's Pokémon
    that change the damage of every attack of their side (Aerodactyl's Ancient Scream)."""
    for ps, holder in _answering(m, m.players[dc.player].in_play(), SIDE_BOOST_HOOK):
        dmg = ps.boosts_side(m, dc, holder, dmg)  # type: ignore[attr-defined]
    return dmg


def attacking_barred(m: Match, active: Slot) -> bool:
    """Does an Ability of a Pokémon in play keep ``active`` from attacking now (Slowbro's
    Airhead)? Asked only when a card of the match answers it."""
    if BARS_ATTACKING_HOOK not in m.body_hooks_present:
        return False
    slots = [s for p in m.players for s in p.in_play()]
    return any(ps.bars_attacking(m, holder, active)  # type: ignore[attr-defined]
               for ps, holder in _answering(m, slots, BARS_ATTACKING_HOOK))


def burn_counters(m: Match, burned: Slot) -> int:
    """The damage counters a Burned Pokémon takes on tails between turns: 2, unless an
    Ability in play says more (Volcarona's Scorching Scales)."""
    n = BURN_COUNTERS
    if BURN_COUNTERS_HOOK in m.body_hooks_present:
        slots = [s for p in m.players for s in p.in_play()]
        for ps, holder in _answering(m, slots, BURN_COUNTERS_HOOK):
            n = ps.burn_counters(m, holder, burned, n)  # type: ignore[attr-defined]
    return n


def side_guards_effects(m: Match, slot: Slot, player: int) -> bool:
    """Does an Ability of a Pokémon of ``slot``'s side keep the effects (damage aside) of
    ``player``'s attacks off ``slot`` (Espeon's Solar Revelation)?"""
    if GUARDS_SIDE_EFFECTS_HOOK not in m.body_hooks_present:
        return False
    return any(ps.guards_side_effects(m, holder, slot, player)  # type: ignore[attr-defined]
               for ps, holder in _answering(m, m.players[slot.owner].in_play(),
                                            GUARDS_SIDE_EFFECTS_HOOK))
