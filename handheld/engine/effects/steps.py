"""The effect DSL: the steps card scripts are written in.

A card's effect is a list of steps. Each step compiles into instructions (usually itself),
reads as a sentence (``text``), and estimates its worth (``value``). The sentences are the
project's own wording and are what the player reads, so the text always says what the
engine does.

Naming: ``SELF`` is the Pokémon using the attack or Power (or the Trainer's player's Active
Pokémon where a Trainer says so), ``DEFENDER`` the Defending Pokémon. Chosen things are
stored in frame variables named by the script (``var="target"``).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from .. import rules as _rules
from ..carddefs import ENERGY, POKEMON, TRAINER, CardDef
from ..energy import BIT
from ..facts import (
    AS_BASIC,
    ATTACK_DAMAGE_TAKEN,
    attack_lock,
    body_says,
    has_marker,
    remaining_hp,
    side_guards_effects,
)
from ..notation import (
    CARD,
    EV_ATTACH,
    EV_CURED,
    EV_MOVE,
    EV_SCOOP,
    EV_SWITCH,
    EV_TO_DECK,
    ORDER,
    SLOT,
    YES,
    YES_NO_OPTIONS,
)
from ..notation import ENERGY as ENERGY_OPTION
from ..ops import (
    LV_X_KIND,
    MARKERS,
    attached_card_units,
    bench_new,
    devolve,
    discard_attached,
    discard_slot,
    draw,
    energy_units,
    find_slot,
    heal,
    inflict,
    is_active,
    level_up,
    level_up_turn_ok,
    levels_up_onto,
    place_counters,
    remove_damage,
    remove_from_play_to,
    stack_facts,
    switch_active,
)
from ..ops import deal_damage as _deal
from ..ruleset import ASLEEP, BURNED, CONFUSED, PARALYZED, POISONED, ROTATION
from ..state import CONDITION_NAMES, Chance, Choice, PlayerState, Slot
from .core import (
    NEXT,
    SUSPEND,
    Builder,
    Cond,
    Eval,
    Expr,
    Instr,
    Jump,
    JumpUnless,
    Result,
    Step,
    plural,
)
from .core import TextCtx as TC
from .passives import DamageCtx

if TYPE_CHECKING:
    from ..match import Match
    from ..state import Frame

SELF = "self"
DEFENDER = "defender"
OWN_ACTIVE = "own_active"  # your Active Pokémon (for Powers used from the Bench)

CONDITION_TEXT = {ASLEEP: "Asleep", CONFUSED: "Confused", PARALYZED: "Paralyzed",
                  POISONED: "Poisoned", BURNED: "Burned"}
# Rough worth of a Special Condition on the opponent's Active, in damage points.
CONDITION_WORTH = {ASLEEP: 20, CONFUSED: 15, PARALYZED: 35, POISONED: 15, BURNED: 15}


def _a(noun: str) -> str:
    """The noun with its indefinite article: "a Basic Pokémon card", "an Evolution card"."""
    return f"{'an' if noun[:1] in 'aeiouAEIOU' else 'a'} {noun}"


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def who_slot(m: Match, f: Frame, who: str) -> Slot | None:
    """Resolve SELF / DEFENDER / a variable holding a slot id to a Pokémon in play."""
    if who == SELF:
        if f.user >= 0:
            return find_slot(m, f.user)
        return m.players[f.player].active
    if who == DEFENDER:
        if f.target >= 0:
            return find_slot(m, f.target)
        return m.players[1 - f.player].active
    if who == OWN_ACTIVE:
        return m.players[f.player].active
    value = f.vars.get(who)
    if isinstance(value, list):
        value = value[0] if value else None
    return find_slot(m, value) if isinstance(value, int) else None


def who_text(tc: TC, who: str) -> str:
    if who == SELF:
        return tc.me if tc.kind != "trainer" else "your Active Pokémon"
    if who == DEFENDER:
        return "the Defending Pokémon"
    if who == OWN_ACTIVE:
        return "your Active Pokémon"
    return "that Pokémon"


def _eval_slot(ev: Eval, who: str) -> Slot | None:
    if who == SELF:
        return ev.user
    if who == DEFENDER:
        return ev.defender
    if who == OWN_ACTIVE:
        return ev.m.players[ev.player].active
    return None


# =========================================================================== conditions


@dataclass(frozen=True)
class HeadsAtLeast(Cond):
    outcome: ClassVar[bool] = True
    n: int = 1
    wording: str = ""

    def holds(self, m: Match, f: Frame) -> bool:
        return f.vars.get("heads", 0) >= self.n

    def text(self, tc: TC) -> str:
        if self.wording:
            return self.wording
        return "Heads" if self.n == 1 else f"{self.n} or more heads"

    def prob(self, ev: Eval) -> float:
        return 0.5 if self.n == 1 else 0.25


@dataclass(frozen=True)
class TailsAtLeast(Cond):
    outcome: ClassVar[bool] = True
    n: int = 1

    def holds(self, m: Match, f: Frame) -> bool:
        return f.vars.get("tails", 0) >= self.n

    def text(self, tc: TC) -> str:
        return "Tails" if self.n == 1 else f"{self.n} or more tails"

    def prob(self, ev: Eval) -> float:
        return 0.5


@dataclass(frozen=True)
class HeadsExactly(Cond):
    outcome: ClassVar[bool] = True
    n: int
    flips: int

    def holds(self, m: Match, f: Frame) -> bool:
        return f.vars.get("heads", 0) == self.n

    def text(self, tc: TC) -> str:
        if self.n == 0:
            return "All tails" if self.flips > 2 else "Both tails"
        return f"Exactly {plural(self.n, 'heads').replace('headss', 'heads')}"

    def prob(self, ev: Eval) -> float:
        from math import comb

        return comb(self.flips, self.n) / 2**self.flips


HEADS = HeadsAtLeast(1)
TAILS = TailsAtLeast(1)


@dataclass(frozen=True)
class SlotIs(Cond):
    """A test on a Pokémon (``who``): ``what`` is one of the predicates below."""

    who: str
    what: str

    def holds(self, m: Match, f: Frame) -> bool:
        s = who_slot(m, f, self.who)
        return s is not None and SLOT_TESTS[self.what][0](m, s)

    def text(self, tc: TC) -> str:
        return f"{who_text(tc, self.who)} {SLOT_TESTS[self.what][1]}"

    def prob(self, ev: Eval) -> float:
        s = _eval_slot(ev, self.who)
        if s is None:
            return 0.5
        return 1.0 if SLOT_TESTS[self.what][0](ev.m, s) else 0.0


SLOT_TESTS: dict[str, tuple[Callable[[Any, Slot], bool], str]] = {
    "active": (lambda m, s: is_active(m, s), "is the Active Pokémon"),
    "benched": (lambda m, s: not is_active(m, s), "is on your Bench"),
    "damaged": (lambda m, s: s.damage > 0, "has damage counters"),
    "undamaged": (lambda m, s: s.damage == 0, "has no damage counters"),
    "has_energy": (lambda m, s: bool(s.energy), "has Energy attached"),
    "has_basic_energy": (lambda m, s: any(m.defs[c].basic_energy for c in s.energy),
                         "has basic Energy attached"),
    "poisoned": (lambda m, s: bool(s.conditions & POISONED), "is Poisoned"),
    "asleep": (lambda m, s: bool(s.conditions & ASLEEP), "is Asleep"),
    "awake": (lambda m, s: not s.conditions & ASLEEP, "is not Asleep"),
    "has_condition": (lambda m, s: bool(s.conditions), "has a Special Condition"),
}


@dataclass(frozen=True)
class PlayerHas(Cond):
    """A test on a player's side: ``side`` is "own" or "opp"; ``what`` names a test in
    ``PLAYER_TESTS``."""

    side: str
    what: str

    def __post_init__(self) -> None:
        if self.what not in PLAYER_TESTS:
            raise ValueError(f"unknown player test {self.what!r}")

    def holds(self, m: Match, f: Frame) -> bool:
        p = f.player if self.side == "own" else 1 - f.player
        return PLAYER_TESTS[self.what][0](m, p)

    def text(self, tc: TC) -> str:
        whose = "you have" if self.side == "own" else "your opponent has"
        return f"{whose} {PLAYER_TESTS[self.what][1]}"

    def prob(self, ev: Eval) -> float:
        p = ev.player if self.side == "own" else 1 - ev.player
        return 1.0 if PLAYER_TESTS[self.what][0](ev.m, p) else 0.0


def _has_bench(m: Match, p: int) -> bool:
    return bool(m.players[p].bench)


def _has_hand(m: Match, p: int) -> bool:
    return bool(m.players[p].hand)


def _has_deck(m: Match, p: int) -> bool:
    return bool(m.players[p].deck)


def _has_damaged(m: Match, p: int) -> bool:
    pl = m.players[p]
    if pl.active is not None and pl.active.damage:
        return True
    for s in pl.bench:
        if s.damage:
            return True
    return False


def _has_energy_in_play(m: Match, p: int) -> bool:
    pl = m.players[p]
    if pl.active is not None and pl.active.energy:
        return True
    for s in pl.bench:
        if s.energy:
            return True
    return False


def _active_has_condition(m: Match, p: int) -> bool:
    a = m.players[p].active
    return a is not None and bool(a.conditions)


def _basic_energy_in_discard(m: Match, p: int) -> bool:
    defs = m.defs
    for c in m.players[p].discard:
        if defs[c].basic_energy:
            return True
    return False


def _bench_basic_energy(m: Match, p: int) -> bool:
    defs = m.defs
    for s in m.players[p].bench:
        for c in s.energy:
            if defs[c].basic_energy:
                return True
    return False


def _energy_in_hand(m: Match, p: int) -> bool:
    return any(m.defs[c].kind == ENERGY for c in m.players[p].hand)


def _harvest_ready(m: Match, p: int) -> bool:
    pl = m.players[p]
    return (pl.energy_attached and pl.active is not None and pl.energy_target == pl.active.id
            and _energy_in_hand(m, p))


def _active_has_basic_energy(m: Match, p: int) -> bool:
    a = m.players[p].active
    return a is not None and any(m.defs[c].basic_energy for c in a.energy)


PLAYER_TESTS: dict[str, tuple[Callable[[Any, int], bool], str]] = {
    "bench": (_has_bench, "a Benched Pokémon"),
    "hand": (_has_hand, "any cards in hand"),
    "deck": (_has_deck, "any cards in the deck"),
    "damaged": (_has_damaged, "a Pokémon with damage counters"),
    "energy_in_play": (_has_energy_in_play, "Energy attached to a Pokémon"),
    "active_condition": (_active_has_condition, "an Active Pokémon with a Special Condition"),
    "basic_energy_discard": (_basic_energy_in_discard, "a basic Energy card in the discard pile"),
    "bench_basic_energy": (_bench_basic_energy, "basic Energy attached to a Benched Pokémon"),
    "energy_in_hand": (_energy_in_hand, "an Energy card in hand"),
    "harvest_ready": (_harvest_ready, "attached this turn's Energy to the Active Pokémon and "
                      "have another Energy card in hand"),
    "discard": (lambda m, p: bool(m.players[p].discard), "any cards in the discard pile"),
}


# =========================================================================== expressions


@dataclass(frozen=True)
class Const(Expr):
    n: int

    def eval(self, m: Match, f: Frame) -> int:
        return self.n

    def text(self, tc: TC) -> str:
        return str(self.n)

    def expect(self, ev: Eval) -> float:
        return float(self.n)


class Printed(Expr):
    """The damage printed beside the attack."""

    def eval(self, m: Match, f: Frame) -> int:
        return int(f.vars.get("printed", 0))

    def text(self, tc: TC) -> str:
        return "its printed damage"

    def expect(self, ev: Eval) -> float:
        return float(getattr(ev, "printed", 0))


PRINTED = Printed()


@dataclass(frozen=True)
class HeadsCount(Expr):
    def eval(self, m: Match, f: Frame) -> int:
        return int(f.vars.get("heads", 0))

    def text(self, tc: TC) -> str:
        return "heads"

    def expect(self, ev: Eval) -> float:
        return ev.heads


HEADS_COUNT = HeadsCount()


@dataclass(frozen=True)
class EnergyCardsOn(Expr):
    who: str

    def eval(self, m: Match, f: Frame) -> int:
        s = who_slot(m, f, self.who)
        return len(s.energy) if s is not None else 0

    def text(self, tc: TC) -> str:
        return f"Energy card attached to {who_text(tc, self.who)}"

    def expect(self, ev: Eval) -> float:
        s = _eval_slot(ev, self.who)
        return float(len(s.energy)) if s is not None else 0.0


@dataclass(frozen=True)
class SurplusEnergy(Expr):
    """Energy units attached to this Pokémon beyond those used to pay the attack's cost."""

    def eval(self, m: Match, f: Frame) -> int:
        s = who_slot(m, f, SELF)
        if s is None:
            return 0
        return max(0, len(energy_units(m, s)) - int(f.vars.get("cost_size", 0)))

    def text(self, tc: TC) -> str:
        return "Energy on this Pokémon beyond what this attack's cost uses"

    def expect(self, ev: Eval) -> float:
        if ev.user is None:
            return 0.0
        return max(0.0, len(energy_units(ev.m, ev.user)) - float(getattr(ev, "cost_size", 0)))


@dataclass(frozen=True)
class Times(Expr):
    """``per`` damage for each ``count``."""

    per: int
    count: Expr = HEADS_COUNT

    def eval(self, m: Match, f: Frame) -> int:
        return self.per * self.count.eval(m, f)

    def text(self, tc: TC) -> str:
        return f"{self.per} damage per {self.count.text(tc)}"

    def expect(self, ev: Eval) -> float:
        return self.per * self.count.expect(ev)


@dataclass(frozen=True)
class Plus(Expr):
    """``base`` plus ``per`` for each ``count`` (at most ``cap`` extra; only ``when`` a
    condition holds, if one is given)."""

    base: int
    per: int
    count: Expr = HEADS_COUNT
    cap: int | None = None
    when: Cond | None = None

    def eval(self, m: Match, f: Frame) -> int:
        if self.when is not None and not self.when.holds(m, f):
            return self.base
        extra = self.per * self.count.eval(m, f)
        if self.cap is not None:
            extra = min(extra, self.cap)
        return self.base + extra

    def text(self, tc: TC) -> str:
        if self.when is not None:
            c = self.when.text(tc)
            s = (f"{self.base} damage; when {c[:1].lower() + c[1:]}, {self.per} more per "
                 f"{self.count.text(tc)}")
        else:
            s = f"{self.base} damage plus {self.per} more per {self.count.text(tc)}"
        if self.cap is not None:
            s += f" (at most {self.cap} more)"
        return s

    def expect(self, ev: Eval) -> float:
        extra = self.per * self.count.expect(ev)
        if self.cap is not None:
            extra = min(extra, float(self.cap))
        p = 1.0 if self.when is None else self.when.prob(ev)
        return self.base + p * extra


@dataclass(frozen=True)
class PlusIf(Expr):
    base: int
    extra: int
    cond: Cond

    def eval(self, m: Match, f: Frame) -> int:
        return self.base + (self.extra if self.cond.holds(m, f) else 0)

    def text(self, tc: TC) -> str:
        c = self.cond.text(tc)
        return f"{self.base} damage, or {self.base + self.extra} when {c[:1].lower() + c[1:]}"

    def expect(self, ev: Eval) -> float:
        return self.base + self.extra * self.cond.prob(ev)


# =========================================================================== flow


class Flip(Step):
    """Flip ``n`` coins (a number or an expression, e.g. the [W] Energy attached); the
    frame's ``heads`` and ``tails`` count them."""

    def __init__(self, n: int | Expr = 1) -> None:
        self.n = Const(n) if isinstance(n, int) else n

    def text(self, tc: TC) -> str:
        n = self.n
        if isinstance(n, Const):
            return "Flip a coin." if n.n == 1 else f"Flip {n.n} coins."
        return f"Flip 1 coin per {n.text(tc)}."

    def value(self, ev: Eval) -> None:
        ev.heads = self.n.expect(ev) / 2

    def run(self, m: Match, f: Frame) -> Result:
        done = f.vars.get("flips", 0)
        if done == 0:
            f.vars["heads"] = 0
            f.vars["tails"] = 0
        if done >= self.n.eval(m, f):
            f.vars.pop("flips", None)
            return NEXT
        m.pending = Chance("coin", f.player, _purpose(m, f))
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        if f.vars.get("flips", 0) == 0:
            f.vars["heads"] = 0
            f.vars["tails"] = 0
        f.vars["heads" if answer else "tails"] += 1
        f.vars["flips"] = f.vars.get("flips", 0) + 1
        m.note_coin(f.player, answer, _purpose(m, f))
        return f.pc


def _purpose(m: Match, f: Frame) -> str:
    if f.source >= 0:
        return m.defs[f.source].name
    return "effect"


class FlipUntilTails(Step):
    """Flip until tails; ``heads`` counts the heads."""

    def text(self, tc: TC) -> str:
        return "Flip coins until one comes up tails."

    def value(self, ev: Eval) -> None:
        ev.heads = 1.0

    def run(self, m: Match, f: Frame) -> Result:
        if "flipping" not in f.vars:
            f.vars["heads"] = 0
            f.vars["tails"] = 0
        elif f.vars["tails"]:
            del f.vars["flipping"]
            return NEXT
        m.pending = Chance("coin", f.player, _purpose(m, f))
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        if "flipping" not in f.vars:
            f.vars["heads"] = 0
            f.vars["tails"] = 0
            f.vars["flipping"] = 1
        f.vars["heads" if answer else "tails"] += 1
        m.note_coin(f.player, answer, _purpose(m, f))
        return f.pc


class If(Step):
    def __init__(self, cond: Cond, then: Step | Sequence[Step],
                 otherwise: Step | Sequence[Step] = (), *, pre: bool = False) -> None:
        self.pre = pre  # a conditional cost, paid before the Confusion check
        self.cond = cond
        self.then = (then,) if isinstance(then, Step) else tuple(then)
        self.otherwise = (otherwise,) if isinstance(otherwise, Step) else tuple(otherwise)

    def emit(self, b: Builder) -> None:
        skip = b.label()
        b.emit(JumpUnless(self.cond, skip))
        b.steps(self.then)
        if self.otherwise:
            end = b.label()
            b.emit(Jump(end))
            b.here(skip)
            b.steps(self.otherwise)
            b.here(end)
        else:
            b.here(skip)

    def text(self, tc: TC) -> str:
        body = _clause(self.then, tc)
        if self.cond.outcome:
            s = f"{_cap(self.cond.text(tc))}: {body}"
            if self.otherwise:
                other = "Tails" if self.cond == HEADS else "Otherwise"
                s += f" {other}: {_clause(self.otherwise, tc)}"
            return s
        s = f"When {self.cond.text(tc)}, {body}"
        if self.otherwise:
            s += f" Otherwise, {_clause(self.otherwise, tc)}"
        return s

    def value(self, ev: Eval) -> None:
        p = self.cond.prob(ev)
        outer = ev.p
        ev.p = outer * p
        for s in self.then:
            s.value(ev)
        ev.p = outer * (1 - p)
        for s in self.otherwise:
            s.value(ev)
        ev.p = outer

    def walk(self) -> list[Step]:
        return [*self.then, *self.otherwise]


def _clause(steps: Sequence[Step], tc: TC) -> str:
    """The steps of a branch as one sentence, "x; then y; then z.", except that a coin's
    outcomes start a sentence of their own: "flip a coin. Heads: y." """
    out = ""
    for step in steps:
        t = step.text(tc)
        if not t:
            continue
        if not out:
            out = t[:1].lower() + t[1:]
        elif isinstance(step, If) and step.cond.outcome:
            out = out.rstrip(".") + ". " + t
        else:
            # A step whose sentence already starts with "Then" needs no second one.
            t = t[5:] if t.startswith("Then ") else t
            out = out.rstrip(".") + "; then " + t[:1].lower() + t[1:]
    return out


class DoesNothing(Step):
    """The attack does nothing (no damage, no other effect)."""

    def emit(self, b: Builder) -> None:
        end = getattr(b, "attack_end", None)
        if end is None:
            raise ValueError("DoesNothing is only meaningful inside an attack")
        b.emit(Jump(end))

    def text(self, tc: TC) -> str:
        return "The attack fails."

    def value(self, ev: Eval) -> None:
        ev.void += ev.p


def gated(*steps: Step) -> list[Step]:
    """``steps`` as one gate: the coins an attack flips to see whether it does anything at
    all, and the "does nothing" they lead to (Giga Horn's "both tails, nothing"). In an
    era whose attack order checks them before the Confusion flip (``Era.coin_gate_first``)
    they come first, and the printed damage waits for them."""
    for step in steps:
        step.gate = True
    return list(steps)


class NothingOnTails(Step):
    """Flip a coin; on tails the attack does nothing (a gate before the damage)."""

    gate = True

    def emit(self, b: Builder) -> None:
        Flip(1).emit(b)
        If(TAILS, DoesNothing()).emit(b)

    def text(self, tc: TC) -> str:
        return "Flip a coin. Tails: the attack fails."

    def value(self, ev: Eval) -> None:
        ev.heads = 0.5
        ev.void += 0.5 * ev.p


# =========================================================================== damage


class Damage(Step):
    """The attack's damage to the Defending Pokémon, figured by the rulebook's steps."""

    main = True
    # False: no effect on the Defending Pokémon changes the damage (Weakness and
    # Resistance aside): ``DamageCtx.ignore_defender_effects`` (Shred).
    defender_effects = True

    def __init__(self, amount: Expr = PRINTED, *, weakness: bool = True,
                 resistance: bool = True) -> None:
        self.amount = amount
        self.weakness = weakness
        self.resistance = resistance

    def text(self, tc: TC) -> str:
        parts = []
        if self.amount is not PRINTED:
            parts.append(f"Does {self.amount.text(tc)}.")
        if not self.weakness and not self.resistance:
            parts.append("Weakness and Resistance are not applied.")
        elif not self.resistance:
            parts.append("Resistance is not applied.")
        elif not self.weakness:
            parts.append("Weakness is not applied.")
        return " ".join(parts)

    def value(self, ev: Eval) -> None:
        ev.damage += ev.p * self.amount.expect(ev)
        ev.no_resistance = not self.resistance

    def run(self, m: Match, f: Frame) -> Result:
        defender = who_slot(m, f, DEFENDER)
        if defender is None:
            return NEXT
        d = m.defs[defender.top]
        if "shield" in f.vars or "retaliate" in f.vars:
            # A Fossil's flips are under way (after a load): the next coin.
            m.pending = Chance("coin", defender.owner, d.name)
            return SUSPEND
        foe = defender.owner != f.player
        if d.flip_shield and foe and "shielded" not in f.vars:
            # A Fossil's rule: flip until tails before the damage, each heads shields some.
            f.vars["shield"] = 0
            m.pending = Chance("coin", defender.owner, d.name)
            return SUSPEND
        base = self.amount.eval(m, f)
        attacker = who_slot(m, f, SELF)
        dc = DamageCtx(attacker, defender, f.player, is_active(m, defender),
                       weakness=self.weakness, resistance=self.resistance,
                       reduction=f.vars.get("shielded", 0) * d.flip_shield,
                       ignore_defender_effects=not self.defender_effects)
        if GUARD_HOOK in m.body_hooks_present:
            if guard_coins(m, f, ((defender, dc, base),)) == SUSPEND:
                return SUSPEND
            if guard_prevented(f, defender):  # (heads: no damage at all)
                f.vars.pop("shielded", None)
                f.vars["dealt"] = 0
                return NEXT
        f.vars.pop("shielded", None)
        f.vars["dealt"] = _deal(m, dc, base)  # for "if this attack damages ..."
        if d.flip_retaliation and foe and attacker is not None \
                and remaining_hp(m, defender) <= 0:
            # A Fossil's rule: about to be Knocked Out, it flips until tails and puts
            # damage counters on the Attacking Pokémon for each heads.
            f.vars["retaliate"] = 0
            m.pending = Chance("coin", defender.owner, d.name)
            return SUSPEND
        return NEXT

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        if GUARD_FOR in f.vars:
            return guard_resume(m, f, answer)
        defender = who_slot(m, f, DEFENDER)
        assert defender is not None
        d = m.defs[defender.top]
        m.note_coin(defender.owner, answer, d.name)
        key = "retaliate" if "retaliate" in f.vars else "shield"
        if answer:
            f.vars[key] += 1
            m.pending = Chance("coin", defender.owner, d.name)
            return SUSPEND
        heads = f.vars.pop(key)
        if key == "shield":
            f.vars["shielded"] = heads
            return f.pc  # tails: now the damage, less the shield
        attacker = who_slot(m, f, SELF)
        if attacker is not None and heads:
            place_counters(m, attacker, heads * d.flip_retaliation)
        return NEXT


class DamageChosen(Step):
    """The attack's damage goes to a chosen Pokémon instead of the Defending Pokémon
    (no Weakness or Resistance for a Benched one)."""

    main = True

    def __init__(self, var: str, amount: Expr = PRINTED) -> None:
        self.var = var
        self.amount = amount

    def text(self, tc: TC) -> str:
        amount = "this attack's damage" if self.amount is PRINTED else self.amount.text(tc)
        return f"That Pokémon takes {amount} instead."

    def value(self, ev: Eval) -> None:
        ev.add(0.8 * self.amount.expect(ev))

    def run(self, m: Match, f: Frame) -> Result:
        return _damage_chosen(m, f, self.var, self.amount.eval(m, f))

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        return guard_resume(m, f, answer)


def _damage_chosen(m: Match, f: Frame, var: str, amount: int, *, weakness: bool = True,
                   resistance: bool = True) -> Result:
    """The attack's damage to each Pokémon chosen in ``var`` (Weakness and Resistance, if
    not switched off, only on an Active Pokémon); SUSPEND while a coin of an Ability that
    answers damage is pending (:func:`guard_coins`)."""
    attacker = who_slot(m, f, SELF)
    hits = []
    for sid in f.vars.get(var) or []:
        s = find_slot(m, sid)
        if s is not None:
            hits.append((s, DamageCtx(attacker, s, f.player, is_active(m, s),
                                      weakness=weakness, resistance=resistance), amount))
    return _deal_hits(m, f, hits)


def _deal_hits(m: Match, f: Frame, hits: Sequence[tuple[Slot, DamageCtx, int]]) -> Result:
    """Deal each ``(Pokémon, context, amount)`` of a damage step, after the coins of the
    Abilities that answer damage (:func:`guard_coins`): SUSPEND while one is pending."""
    if GUARD_HOOK in m.body_hooks_present:
        if guard_coins(m, f, hits) == SUSPEND:
            return SUSPEND
        for s, dc, amount in hits:
            if not guard_prevented(f, s, keep=True):
                _deal(m, dc, amount)
        f.vars.pop(GUARD_DONE, None)
        return NEXT
    for _, dc, amount in hits:
        _deal(m, dc, amount)
    return NEXT


class BenchDamage(Step):
    """Damage to Benched Pokémon: the chosen ones (``var``) or every one on ``side``."""

    def __init__(self, amount: int, *, var: str | None = None, side: str = "opp") -> None:
        self.amount = amount
        self.var = var
        self.side = side

    def text(self, tc: TC) -> str:
        if self.var:
            whom = "The chosen Pokémon takes"
        else:
            whom = {"opp": "Each of your opponent's Benched Pokémon takes",
                    "own": "Each of your Benched Pokémon takes",
                    "both": "Every Benched Pokémon (both players') takes"}[self.side]
        return f"{whom} {self.amount} damage (no Weakness or Resistance on the Bench)."

    def _targets(self, m: Match, f: Frame) -> list[Slot]:
        if self.var:
            out = []
            for sid in f.vars.get(self.var) or []:
                s = find_slot(m, sid)
                if s is not None:
                    out.append(s)
            return out
        sides = {"opp": [1 - f.player], "own": [f.player], "both": [f.player, 1 - f.player]}
        return [s for p in sides[self.side] for s in m.players[p].bench]

    def value(self, ev: Eval) -> None:
        opp = ev.m.players[1 - ev.player]
        n = min(len(opp.bench), 2) if self.var else len(opp.bench)
        if self.side in ("opp", "both"):
            ev.add(0.8 * self.amount * n)
        if self.side in ("own", "both"):
            ev.add(-0.8 * self.amount * len(ev.m.players[ev.player].bench))

    def run(self, m: Match, f: Frame) -> Result:
        attacker = who_slot(m, f, SELF)
        return _deal_hits(m, f, [(s, DamageCtx(attacker, s, f.player, False), self.amount)
                                 for s in self._targets(m, f)])

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        return guard_resume(m, f, answer)


class SelfDamage(Step):
    """The attacking Pokémon does damage to itself (figured like any attack damage)."""

    def __init__(self, amount: int | Expr) -> None:
        self.amount = Const(amount) if isinstance(amount, int) else amount

    def text(self, tc: TC) -> str:
        amount = self.amount.text(tc)
        if isinstance(self.amount, Const):
            amount += " damage"
        return f"{_cap(tc.me)} hits itself for {amount}."

    def value(self, ev: Eval) -> None:
        ev.add(-0.6 * self.amount.expect(ev))

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, SELF)
        amount = self.amount.eval(m, f)
        if s is not None and amount > 0:
            _deal(m, DamageCtx(s, s, f.player, is_active(m, s),
                               weakness=m.rules.self_damage_applies_wr,
                               resistance=m.rules.self_damage_applies_wr), amount)
        return NEXT


class PutCounters(Step):
    """Damage counters placed directly: no Weakness, Resistance or other effects."""

    def __init__(self, who: str, counters: int | Expr) -> None:
        self.who = who
        self.counters = Const(counters) if isinstance(counters, int) else counters

    def text(self, tc: TC) -> str:
        c = self.counters
        n = f"{c.n} damage counter{'s' if c.n != 1 else ''}" if isinstance(c, Const) else \
            f"1 damage counter per {c.text(tc)}"
        return f"Place {n} on {who_text(tc, self.who)}."

    def value(self, ev: Eval) -> None:
        sign = -0.6 if self.who == SELF else 1.0
        ev.add(sign * 10 * self.counters.expect(ev))

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.who)
        if s is not None and not shielded(m, f, s):
            place_counters(m, s, self.counters.eval(m, f))
        return NEXT


# =========================================================================== conditions


class Inflict(Step):
    def __init__(self, who: str, *conditions: int) -> None:
        self.who = who
        self.conditions = conditions

    def text(self, tc: TC) -> str:
        names = [CONDITION_TEXT[c] for c in self.conditions]
        joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        return f"{_cap(who_text(tc, self.who))} becomes {joined}."

    def value(self, ev: Eval) -> None:
        s = _eval_slot(ev, self.who)
        worth = 0.0
        for c in self.conditions:
            if s is not None and s.conditions & c and not c & ROTATION:
                continue
            worth += CONDITION_WORTH[c]
        ev.add(worth if self.who == DEFENDER else -worth)

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.who)
        if s is not None and is_active(m, s) and not shielded(m, f, s):
            for c in self.conditions:
                inflict(m, s, c)
        return NEXT


class RemoveConditions(Step):
    def __init__(self, who: str = SELF) -> None:
        self.who = who

    def text(self, tc: TC) -> str:
        return f"{_cap(who_text(tc, self.who))} recovers from all Special Conditions."

    def value(self, ev: Eval) -> None:
        s = ev.m.players[ev.player].active
        if s is not None:
            ev.add(sum(CONDITION_WORTH[b] for b in CONDITION_NAMES if s.conditions & b))

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.who)
        if s is not None:
            s.conditions = 0
            if m.logging:
                m.log.append((EV_CURED, s.owner, s.top))
        return NEXT


class Mark(Step):
    """A lasting result of an attack on a Pokémon, e.g. "can't attack during your next
    turn" (``turns`` = 2: through its owner's next turn) or "can't retreat during your
    opponent's next turn" (``turns`` = 1)."""

    def __init__(self, who: str, marker: str, turns: int, wording: str) -> None:
        self.who = who
        self.marker = marker
        self.turns = turns
        self.wording = wording
        if marker not in MARKERS:
            raise ValueError(f"unknown marker {marker!r}")

    def text(self, tc: TC) -> str:
        return f"{_cap(who_text(tc, self.who))} {self.wording}."

    def value(self, ev: Eval) -> None:
        ev.add(-10 if self.who == SELF else 10)

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.who)
        if s is not None and not shielded(m, f, s):
            s.markers[self.marker] = m.turn + self.turns
        return NEXT


class MarkOwnSide(Step):
    """A record about the attacking player kept on every one of their Pokémon in play
    (Needle Shock's "a Pokémon of yours used it during your last turn"), so that it
    outlasts the Pokémon that made it leaving play; read with ``SideHasMarker``."""

    def __init__(self, marker: str, turns: int) -> None:
        self.marker = marker
        self.turns = turns
        if marker not in MARKERS:
            raise ValueError(f"unknown marker {marker!r}")

    def text(self, tc: TC) -> str:
        return ""  # (the condition that reads it words it)

    def run(self, m: Match, f: Frame) -> Result:
        for s in m.players[f.player].in_play():
            s.markers[self.marker] = m.turn + self.turns
        return NEXT


# =========================================================================== healing


class Heal(Step):
    """Remove damage counters (``counters`` None: all of them)."""

    def __init__(self, who: str, counters: int | Expr | None) -> None:
        self.who = who
        self.counters = Const(counters) if isinstance(counters, int) else counters

    def text(self, tc: TC) -> str:
        target = who_text(tc, self.who)
        if self.counters is None:
            return f"Take every damage counter off {target}."
        c = self.counters
        amount = plural(c.n, "damage counter") if isinstance(c, Const) else c.text(tc)
        return f"Take {amount} off {target} (all of them if it has fewer)."

    def value(self, ev: Eval) -> None:
        s = _eval_slot(ev, self.who) or _best_damaged(ev)
        if s is None:
            return
        amount = s.damage if self.counters is None else 10 * self.counters.expect(ev)
        ev.add(0.7 * min(float(s.damage), amount))

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.who)
        if s is not None:
            amount = s.damage if self.counters is None else 10 * self.counters.eval(m, f)
            heal(m, s, amount)
        return NEXT


def _best_damaged(ev: Eval) -> Slot | None:
    slots = [s for s in ev.m.players[ev.player].in_play() if s.damage > 0]
    return max(slots, key=lambda s: s.damage) if slots else None


# =========================================================================== choices


@dataclass(frozen=True)
class PokemonFilter:
    key: str
    label: str
    test: Callable[[Any, Slot], bool]


ANY_POKEMON = PokemonFilter("any", "", lambda m, s: True)
DAMAGED = PokemonFilter("damaged", "with damage counters", lambda m, s: s.damage > 0)
WITH_ENERGY = PokemonFilter("energy", "with Energy attached", lambda m, s: bool(s.energy))


class ChoosePokemon(Step):
    """Choose Pokémon in play into ``var`` (a list of slot ids).

    ``side``: "own" or "opp"; ``where``: "any", "bench" or "active"; ``count``: how many
    (fewer if fewer exist); ``chooser``: "self" or "opp" (the opponent picks, as when the
    opponent brings up a Benched Pokémon of their own choosing)."""

    def __init__(self, var: str, side: str, where: str = "any", *, count: int = 1,
                 filt: PokemonFilter = ANY_POKEMON, chooser: str = "self",
                 pre: bool = False, exclude: str | None = None,
                 wording: str | None = None) -> None:
        self.var = var
        self.side = side  # "own", "opp" or "any" (both players')
        self.where = where
        self.count = count
        self.filt = filt
        self.chooser = chooser
        self.pre = pre
        self.exclude = exclude  # a variable naming a Pokémon (or a card on one) to leave out
        self.wording = wording

    def candidates(self, m: Match, player: int, f: Frame | None = None) -> list[Slot]:
        sides = {"own": [player], "opp": [1 - player], "any": [player, 1 - player]}
        slots: list[Slot] = []
        for side in sides[self.side]:
            p = m.players[side]
            if self.where == "bench":
                slots.extend(p.bench)
            elif self.where == "active":
                slots.extend([p.active] if p.active is not None else [])
            else:
                slots.extend(p.in_play())
        out = [s for s in slots if self.filt.test(m, s)]
        if self.exclude and f is not None:
            left_out = _holder(m, f, self.exclude)
            out = [s for s in out if s is not left_out]
        return out

    def text(self, tc: TC) -> str:
        if self.wording is not None:
            return self.wording
        whose = {"own": "your", "opp": "your opponent's", "any": "either player's"}[self.side]
        if self.chooser == "opp" and self.side == "opp":
            whose = "their"
        where = {"any": "Pokémon", "bench": "Benched Pokémon", "active": "Active Pokémon"}
        what = f"{whose} {where[self.where]}"
        if self.filt is not ANY_POKEMON:
            what += f" {self.filt.label}"
        n = "1 of" if self.count == 1 else f"{self.count} of"
        fewer = f" ({'all' if self.count > 1 else 'none'} if there are fewer)" \
            if self.count > 1 else ""
        subject = "Pick" if self.chooser == "self" else "Your opponent picks"
        return f"{subject} {n} {what}{fewer}."

    def run(self, m: Match, f: Frame) -> Result:
        cands = self.candidates(m, f.player, f)
        n = min(self.count, len(cands))
        if n == 0:
            f.vars[self.var] = []
            return NEXT
        if n == len(cands):
            f.vars[self.var] = [s.id for s in cands]
            return NEXT
        chooser = f.player if self.chooser == "self" else 1 - f.player
        options = tuple((SLOT, s.id) for s in cands)
        m.pending = Choice(chooser, "target", self.text(TC(m.defs[f.source].name
                                                            if f.source >= 0 else "")),
                           options, min=n, max=n)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        f.vars[self.var] = [opt[1] for opt in answer]
        return NEXT


class _Verdicts(dict[CardDef, bool]):
    """CardDef -> bool, filled on first lookup: searches test each kind of card once."""

    def __init__(self, test: Callable[[CardDef], bool]) -> None:
        super().__init__()
        self.test = test

    def __missing__(self, d: CardDef) -> bool:
        verdict = self[d] = bool(self.test(d))
        return verdict


@dataclass(frozen=True)
class CardFilter:
    key: str
    label: str  # singular noun phrase: "basic Energy card"
    test: Callable[[CardDef], bool]
    verdicts: _Verdicts = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "verdicts", _Verdicts(self.test))


ANY_CARD = CardFilter("any", "card", lambda d: True)
BASIC_ENERGY = CardFilter("basic_energy", "basic Energy card", lambda d: d.basic_energy)
ENERGY_CARD = CardFilter("energy", "Energy card", lambda d: d.kind == ENERGY)
EVOLUTION = CardFilter("evolution", "Evolution card",
                       lambda d: d.kind == POKEMON and d.stage > 0)
# (a Pokémon LV.X has no stage in its facts, and is no Basic Pokémon card)
BASIC_POKEMON = CardFilter("basic_pokemon", "Basic Pokémon card",
                           lambda d: d.is_basic_pokemon)
BASIC_NOT_BABY = CardFilter("basic_not_baby", "Basic Pokémon card (not a Baby)",
                            lambda d: d.is_basic_pokemon and not d.baby)
POKEMON_CARD = CardFilter("pokemon", "Pokémon card",
                          lambda d: d.kind == POKEMON)


def energy_of_type(t: str) -> CardFilter:
    """Energy cards that provide ``t`` (basic Energy of that type, mostly)."""
    bit = BIT[t]
    return CardFilter(f"energy_{t}", f"[{t}] Energy card",
                      lambda d: d.kind == ENERGY and any(u & bit for u in d.units))
TRAINER_CARD = CardFilter("trainer", "Trainer card", lambda d: d.kind == TRAINER)


def _zone(m: Match, player: int, zone: str) -> list[int]:
    p = m.players[player]
    return {"hand": p.hand, "deck": p.deck, "discard": p.discard}[zone]


def ask_fruitless_search(m: Match, player: int, kind: str, prompt: str) -> Result:
    """Pose a search of secret cards (the deck, or cards of it only the searcher sees) that
    has nothing it may take as a decision all the same, whose one answer is the empty pick:
    at a table the searcher looks through the cards either way, so whether a decision was
    asked must not tell the other player whether they held anything."""
    m.pending = Choice(player, kind, prompt, (), min=0, max=0)
    return SUSPEND


def expected_in_zone(ev: Eval, player: int, zone: str, test: Callable[[Any], bool]) -> float:
    """How many cards passing ``test`` (on a card's facts) the evaluating player can expect
    in ``player``'s zone, from what that player sees: a discard pile or its own hand is
    counted; its own deck holds its share of the cards it has not seen (deck and face-down
    Prizes together, since it does not know which are Prizes); the opponent's hand and deck
    hold the share that the evaluating player's own list has, the opponent's list being
    hidden (a public stand-in: decks of one era look alike)."""
    m = ev.m
    cards = _zone(m, player, zone)
    if zone == "discard" or (zone == "hand" and player == ev.player):
        return float(sum(1 for c in cards if test(m.defs[c])))
    if not cards:
        return 0.0
    if player == ev.player:
        p = m.players[player]
        pool = p.deck + p.prizes
    else:
        pool = [c for c, owner in enumerate(m.owner) if owner == ev.player]
    share = sum(1 for c in pool if test(m.defs[c])) / max(1, len(pool))
    return len(cards) * share


class ChooseCards(Step):
    """Choose cards from a zone of your own (``hand``, ``deck``, ``discard``) into
    ``var`` (a list of card ids). A deck search may come up empty (the deck is secret);
    public zones must give as many as they can. ``count`` may be an expression."""

    def __init__(self, var: str, zone: str, filt: CardFilter = ANY_CARD, *,
                 count: int | Expr = 1, up_to: bool | None = None,
                 exclude_source: bool = True, top: int = 0) -> None:
        self.var = var
        self.zone = zone  # hand, deck, discard; with ``top``: the top cards of the deck
        self.filt = filt
        self.count = Const(count) if isinstance(count, int) else count
        self.up_to = zone == "deck" if up_to is None else up_to
        self.exclude_source = exclude_source
        self.top = top

    def text(self, tc: TC) -> str:
        c = self.count
        where = {"hand": "your hand", "deck": "your deck", "discard": "your discard pile"}
        if self.top:
            head = f"Look at your deck's top {self.top} cards."
            if isinstance(c, Const) and c.n == 1:
                return f"{head} You may choose {_a(self.filt.label)} from them."
            n = c.text(tc)
            if self.up_to:
                return f"{head} You may choose up to {n} {self.filt.label}s from them."
            return f"{head} Choose {n} {self.filt.label}s from them."
        # The zone leads ("From your hand, choose ..."): the printed cards put it after
        # the cards, and that order repeats their sentences word for word.
        if not isinstance(c, Const):
            return (f"From {where[self.zone]}, choose {_a(self.filt.label)} per "
                    f"{c.text(tc)} (all of them if there are fewer).")
        if c.n == 1:
            what = _a(self.filt.label)
        else:
            what = ("up to " if self.up_to else "") + f"{c.n} {self.filt.label}s"
        if self.zone == "deck":
            return f"Search your deck and pick {what}."
        fewer = " (all of them if there are fewer)" if c.n > 1 and not self.up_to else ""
        return f"From {where[self.zone]}, choose {what}{fewer}."

    def value(self, ev: Eval) -> None:
        # Picking a card you want is worth about a card; from the hand it costs one.
        n = self.count.expect(ev)
        ev.add(-4 * n if self.zone == "hand" else 6 * n)

    def _cands(self, m: Match, f: Frame) -> list[int]:
        ok = self.filt.verdicts
        defs = m.defs
        if self.top:
            zone = list(reversed(m.players[f.player].deck[-self.top:]))
            return [c for c in zone if ok[defs[c]]]
        cands = [c for c in _zone(m, f.player, self.zone) if ok[defs[c]]]
        if self.exclude_source and f.source in cands:
            cands.remove(f.source)
        return cands

    def run(self, m: Match, f: Frame) -> Result:
        cands = self._cands(m, f)
        count = self.count.eval(m, f)
        want = min(count, len(cands))
        # The deck is secret: its search is asked whatever it holds (unless the deck is
        # empty, which both players see), so no shortcut may tell what was there.
        secret = self.zone == "deck" and count > 0 and bool(m.players[f.player].deck)
        prompt = self.text(TC(m.defs[f.source].name if f.source >= 0 else ""))
        if want <= 0:
            f.vars[self.var] = []
            if secret:
                return ask_fruitless_search(m, f.player, f"cards_{self.zone}", prompt)
            return NEXT
        lo = 0 if self.up_to else want
        if lo == want and (want == len(cands) or (
                not secret and len({id(m.defs[c]) for c in cands}) == 1)):
            # All of them, or copies of one card: nothing to choose between.
            f.vars[self.var] = list(cands[:want])
            return NEXT
        if want == 1:
            options = m.distinct_cards(cands, lambda d: True)
            if lo == 1 and len(options) == 1 and not secret:
                f.vars[self.var] = [options[0][1]]
                return NEXT
        else:
            options = tuple((CARD, c) for c in cands)
        m.pending = Choice(f.player, f"cards_{self.zone}", prompt, options, min=lo, max=want)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        f.vars[self.var] = [opt[1] for opt in answer]
        return NEXT


class ChooseAttachedEnergy(Step):
    """Choose Energy cards attached to a Pokémon (``who``) into ``var``."""

    def __init__(self, var: str, who: str, *, count: int = 1, etype: str | None = None,
                 chooser: str = "self", pre: bool = False, basic: bool = False) -> None:
        self.var = var
        self.who = who
        self.count = count
        self.etype = etype
        self.chooser = chooser
        self.pre = pre
        self.basic = basic

    def _cands(self, m: Match, f: Frame) -> list[int]:
        s = who_slot(m, f, self.who)
        if s is None:
            return []
        cards = [c for c in s.energy if m.defs[c].basic_energy] if self.basic else s.energy
        if self.etype is None:
            return list(cards)
        bit = BIT[self.etype]
        return [c for c in cards if any(u & bit for u in attached_card_units(m, s, c))]

    def text(self, tc: TC) -> str:
        kind = f"[{self.etype}] Energy card" if self.etype else (
            "basic Energy card" if self.basic else "Energy card")
        return f"Choose {plural(self.count, kind)} attached to {who_text(tc, self.who)}."

    def run(self, m: Match, f: Frame) -> Result:
        cands = self._cands(m, f)
        n = min(self.count, len(cands))
        if n == 0:
            f.vars[self.var] = []
            return NEXT
        options = m.distinct_cards(cands, lambda d: True) if n == 1 else \
            tuple((CARD, c) for c in cands)
        if n == len(cands) or len(options) == 1:
            f.vars[self.var] = [o[1] for o in options][:n] if n == 1 else list(cands)[:n]
            return NEXT
        chooser = f.player if self.chooser == "self" else 1 - f.player
        m.pending = Choice(chooser, "energy", self.text(TC("")), options, min=n, max=n)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        f.vars[self.var] = [opt[1] for opt in answer]
        return NEXT


class ChooseEnergyInPlay(Step):
    """Choose Energy cards attached to one side's Pokémon into ``var`` (a list of card
    ids): 1 of them, or with ``count`` None any number (none at all allowed). ``where``:
    "any" or "bench"; only basic Energy (``basic``), only Energy that provides ``etype``,
    only on Pokémon that pass ``filt``."""

    def __init__(self, var: str, side: str = "opp", *, where: str = "any",
                 basic: bool = False, etype: str | None = None,
                 filt: PokemonFilter | None = None, count: int | None = 1,
                 pre: bool = False, wording: str | None = None) -> None:
        self.var = var
        self.side = side
        self.where = where
        self.basic = basic
        self.etype = etype
        self.filt = filt
        self.count = count
        self.pre = pre
        self.wording = wording

    def text(self, tc: TC) -> str:
        if self.wording is not None:
            return self.wording
        whose = "your opponent's" if self.side == "opp" else "your"
        where = "Benched Pokémon" if self.where == "bench" else "Pokémon"
        if self.etype is not None:
            n = "any number of" if self.count is None else f"{self.count}"
            return f"Choose {n} [{self.etype}] Energy attached to {whose} {where}."
        kind = "basic Energy card" if self.basic else "Energy card"
        which = f" {self.filt.label}" if self.filt is not None else ""
        return f"Pick 1 {kind} from among those attached to {whose} {where}{which}."

    def options(self, m: Match, player: int) -> list[tuple[Any, ...]]:
        p = m.players[player if self.side == "own" else 1 - player]
        slots = p.bench if self.where == "bench" else p.in_play()
        bit = BIT[self.etype] if self.etype is not None else 0
        options: list[tuple[Any, ...]] = []
        for s in slots:
            if self.filt is not None and not self.filt.test(m, s):
                continue
            seen: set[int] = set()
            for c in s.energy:
                d = m.defs[c]
                if (self.basic and not d.basic_energy) \
                        or (bit and not any(u & bit for u in attached_card_units(m, s, c))):
                    continue
                # One option per kind of card on a Pokémon, unless several may be taken.
                if self.count == 1 and id(d) in seen:
                    continue
                seen.add(id(d))
                options.append((ENERGY_OPTION, c, s.id))
        return options

    def run(self, m: Match, f: Frame) -> Result:
        options = self.options(m, f.player)
        if not options or (self.count is not None and len(options) <= self.count):
            f.vars[self.var] = [o[1] for o in options]
            return NEXT
        lo = 0 if self.count is None else self.count
        hi = len(options) if self.count is None else self.count
        m.pending = Choice(f.player, "energy", self.text(TC("")), tuple(options),
                           min=lo, max=hi)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        f.vars[self.var] = [opt[1] for opt in answer]
        return NEXT


def _holder(m: Match, f: Frame, var: str) -> Slot | None:
    """The Pokémon a variable names: a Pokémon (slot id) or a card attached to one."""
    value = f.vars.get(var)
    if isinstance(value, list):
        value = value[0] if value else None
    if not isinstance(value, int):
        return who_slot(m, f, var) if var in (SELF, DEFENDER, OWN_ACTIVE) else None
    slot = find_slot(m, value)
    if slot is not None:
        return slot
    for p in m.players:
        for s in p.in_play():
            if value in s.energy or value == s.tool or value in s.tms:
                return s
    return None


# =========================================================================== moving cards


class DiscardEnergy(Step):
    """Discard Energy cards attached to a Pokémon: ``count`` None means all (of ``etype``
    if given). As a cost of an attack it is paid before the Confusion check (``pre``)."""

    def __init__(self, who: str = SELF, count: int | None = 1, etype: str | None = None, *,
                 pre: bool = False, chooser: str = "self") -> None:
        self.who = who
        self.count = count
        self.etype = etype
        self.pre = pre
        self.chooser = chooser
        self._choose = ChooseAttachedEnergy("_discard", who, count=count or 0, etype=etype,
                                            chooser=chooser)

    def emit(self, b: Builder) -> None:
        if self.count is not None:
            b.emit(self._choose)
        b.emit(self)

    def text(self, tc: TC) -> str:
        kind = f"[{self.etype}] Energy" if self.etype else "Energy"
        target = who_text(tc, self.who)
        if self.count is None:
            return f"Discard all {kind} cards from {target}."
        return f"Discard {plural(self.count, kind + ' card')} from {target}."

    def value(self, ev: Eval) -> None:
        s = _eval_slot(ev, self.who)
        n = (len(s.energy) if s else 2) if self.count is None else self.count
        ev.add((-8 if self.who == SELF else 12) * n)

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.who)
        if s is None or shielded(m, f, s):
            f.vars.pop("_discard", None)
            return NEXT
        if self.count is None:
            cards = [c for c in s.energy if self.etype is None
                     or any(u & BIT[self.etype] for u in attached_card_units(m, s, c))]
        else:
            cards = f.vars.pop("_discard", [])
        for c in cards:
            if c in s.energy:
                discard_attached(m, s, c)
        f.vars["discarded"] = len(cards)
        return NEXT

    def walk(self) -> list[Step]:
        return []


class DiscardChosenEnergy(Step):
    """Discard the Energy cards (ids in ``var``) from whatever Pokémon holds them."""

    def __init__(self, var: str) -> None:
        self.var = var

    def text(self, tc: TC) -> str:
        return "Discard it."

    def value(self, ev: Eval) -> None:
        opp = ev.m.players[1 - ev.player]
        if any(s.energy for s in opp.in_play()):
            ev.add(15)

    def run(self, m: Match, f: Frame) -> Result:
        for cid in f.vars.get(self.var) or []:
            for p in m.players:
                for s in p.in_play():
                    if cid in s.energy:
                        discard_attached(m, s, cid)
        return NEXT


class Draw(Step):
    def __init__(self, n: int | Expr) -> None:
        self.n = Const(n) if isinstance(n, int) else n

    def text(self, tc: TC) -> str:
        if isinstance(self.n, Const):
            return f"Draw {plural(self.n.n, 'card')}."
        return f"Draw {self.n.text(tc)}."

    def value(self, ev: Eval) -> None:
        deck = len(ev.m.players[ev.player].deck)
        n = min(self.n.expect(ev), float(deck))
        ev.add(6 * n if deck > 8 else 2 * n)

    def run(self, m: Match, f: Frame) -> Result:
        draw(m, m.players[f.player], self.n.eval(m, f))
        return NEXT


@dataclass(frozen=True)
class OpponentHandSize(Expr):
    def eval(self, m: Match, f: Frame) -> int:
        return len(m.players[1 - f.player].hand)

    def text(self, tc: TC) -> str:
        return "as many cards as your opponent has in hand"

    def expect(self, ev: Eval) -> float:
        return float(len(ev.m.players[1 - ev.player].hand))


@dataclass(frozen=True)
class Scaled(Expr):
    """``k`` times another count, e.g. 2 cards (``noun``) for each heads."""

    k: int
    count: Expr = HEADS_COUNT
    noun: str = "cards"

    def eval(self, m: Match, f: Frame) -> int:
        return self.k * self.count.eval(m, f)

    def text(self, tc: TC) -> str:
        return f"{self.k} {self.noun} per {self.count.text(tc)}"

    def expect(self, ev: Eval) -> float:
        return self.k * self.count.expect(ev)


class ShuffleHandIntoDeck(Step):
    def __init__(self, side: str = "own") -> None:
        self.side = side

    def text(self, tc: TC) -> str:
        return "Put your hand into your deck and shuffle it." if self.side == "own" else \
            "Your opponent puts their hand into their deck and shuffles it."

    def value(self, ev: Eval) -> None:
        ev.add(-5 * len(ev.m.players[ev.player].hand))

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[f.player if self.side == "own" else 1 - f.player]
        p.deck.extend(p.hand)
        p.hand.clear()
        return NEXT


class ShuffleDeck(Step):
    """A chance node: the deck is shuffled (a permutation resolved by the driver)."""

    def __init__(self, side: str = "own", wording: str = "Then shuffle your deck.") -> None:
        self.side = side
        self.wording = wording

    def text(self, tc: TC) -> str:
        return self.wording

    def run(self, m: Match, f: Frame) -> Result:
        p = f.player if self.side == "own" else 1 - f.player
        m.pending = Chance("shuffle", p, "shuffle deck", len(m.players[p].deck))
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        p = f.player if self.side == "own" else 1 - f.player
        m.apply_shuffle(p, answer)
        return NEXT


def _take_from_own_zones(p: PlayerState, cid: int) -> str | None:
    """Remove ``cid`` from the player's hand, deck or discard pile; the zone's name, or None
    if it is in none of them."""
    for name, zone in (("hand", p.hand), ("deck", p.deck), ("discard", p.discard)):
        if cid in zone:
            zone.remove(cid)
            return name
    return None


class MoveCards(Step):
    """Move the chosen cards (ids in ``var``) from your zone to another: ``to`` is
    "hand", "deck" (top), "discard" or "attach" (onto the Pokémon in ``onto``)."""

    def __init__(self, var: str, to: str, *, onto: str = SELF, wording: str | None = None,
                 reveal: bool = False) -> None:
        self.var = var
        self.to = to
        self.onto = onto
        self.wording = wording
        self.reveal = reveal

    def text(self, tc: TC) -> str:
        if self.wording is not None:
            return self.wording
        return {"hand": "Reveal it to your opponent, then add it to your hand." if self.reveal
                else "Put it into your hand.",
                "deck": "Place it on top of your deck.",
                "discard": "Discard it.",
                "attach": f"Attach it to {who_text(tc, self.onto)}."}[self.to]

    def value(self, ev: Eval) -> None:
        if self.to == "hand":
            ev.add(8)
        elif self.to == "attach":
            ev.add(15)

    def run(self, m: Match, f: Frame) -> Result:
        cards = f.vars.get(self.var) or []
        p = m.players[f.player]
        target = who_slot(m, f, self.onto) if self.to == "attach" else None
        for cid in cards:
            source = _take_from_own_zones(p, cid)
            if source is None:
                continue  # the card is no longer where it was chosen
            if self.to == "hand":
                p.hand.append(cid)
            elif self.to == "deck":
                p.deck.append(cid)
            elif self.to == "discard":
                p.discard.append(cid)
            elif target is not None:
                target.energy.append(cid)
                if source == "hand":  # its own effect and the Bodies that answer it
                    m.on_energy_attached(target, cid)
            else:
                p.discard.append(cid)
            if m.logging:
                # The source zone lets a log tell a public move (from the discard pile)
                # from a private one (hand to deck, a deck search that is not shown).
                m.log.append((EV_MOVE, f.player, cid, self.to, self.reveal, source))
        return NEXT


class SwitchOwnActive(Step):
    """Switch your Active Pokémon with the Benched Pokémon in ``var`` (or SELF)."""

    def __init__(self, var: str, wording: str = "Switch your Active Pokémon with it.") -> None:
        self.var = var
        self.wording = wording

    def text(self, tc: TC) -> str:
        return self.wording

    def value(self, ev: Eval) -> None:
        a = ev.m.players[ev.player].active
        if a is not None and (a.conditions or a.damage):
            ev.add(10 + a.damage * 0.3)

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[f.player]
        s = who_slot(m, f, self.var)
        if s is not None and s in p.bench:
            switch_active(m, p, s)
            if m.logging:
                m.log.append((EV_SWITCH, f.player, s.top))
        return NEXT


class SwitchOpponentActive(Step):
    """Switch the opponent's Active Pokémon with their Benched Pokémon in ``var``."""

    def __init__(self, var: str, wording: str | None = None) -> None:
        self.var = var
        self.wording = wording  # None: the generated sentence; "": silent

    def text(self, tc: TC) -> str:
        if self.wording is not None:
            return self.wording
        return "It trades places with your opponent's Active Pokémon."

    def value(self, ev: Eval) -> None:
        ev.add(15)

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[1 - f.player]
        s = who_slot(m, f, self.var)
        if s is not None and s in p.bench and not switch_shielded(m, f, p, s):
            switch_active(m, p, s)
            if m.logging:
                m.log.append((EV_SWITCH, p.index, s.top))
        return NEXT


def switch_shielded(m: Match, f: Frame, p: PlayerState, s: Slot) -> bool:
    """Does a guard against attack effects stop an attack from switching the opponent's
    Benched Pokémon ``s`` with their Active Pokémon? Being moved is an effect done to both
    (Solar Revelation on either one, Agility's shield on the Active); Trainer cards are
    never stopped (``shielded`` reads only attacks)."""
    return shielded(m, f, s) or (p.active is not None and shielded(m, f, p.active))


class ReturnToHand(Step):
    """Return the Pokémon in ``var`` and every card attached to it to your hand."""

    def __init__(self, var: str) -> None:
        self.var = var

    def text(self, tc: TC) -> str:
        return "Put that Pokémon and every card attached to it back into your hand."

    def value(self, ev: Eval) -> None:
        s = _best_damaged(ev)
        ev.add(0.5 * s.damage if s is not None else -10)

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.var)
        if s is not None:
            remove_from_play_to(m, s, m.players[s.owner].hand)
            if m.logging:
                m.log.append((EV_SCOOP, s.owner, s.top))
        return NEXT


class DiscardAllEnergyFrom(Step):
    def __init__(self, who: str) -> None:
        self.who = who

    def text(self, tc: TC) -> str:
        return f"Then discard all Energy cards from {who_text(tc, self.who)}."

    def value(self, ev: Eval) -> None:
        ev.add(-6)

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.who)
        if s is not None:
            for c in list(s.energy):
                discard_attached(m, s, c)
        return NEXT


class TurnEffect(Step):
    """An effect lasting for the rest of the turn (``ops.TURN_EFFECTS`` names it); with
    ``side`` "opp", on the opponent for their next turn (it is dated that turn, so the start
    of their turn keeps it and its end clears it)."""

    def __init__(self, name: str, wording: str, worth: float = 10, *,
                 side: str = "own") -> None:
        self.name = name
        self.wording = wording
        self.worth = worth
        self.side = side

    def text(self, tc: TC) -> str:
        return self.wording

    def value(self, ev: Eval) -> None:
        ev.add(self.worth)

    def run(self, m: Match, f: Frame) -> Result:
        if self.side == "opp":
            m.players[1 - f.player].turn_effects[self.name] = m.turn + 1
        else:
            m.players[f.player].turn_effects[self.name] = m.turn
        return NEXT


class KnockOutSlot(Step):  # used by tests of the Knock Out rules
    def __init__(self, who: str) -> None:
        self.who = who

    def text(self, tc: TC) -> str:
        return f"{_cap(who_text(tc, self.who))} is Knocked Out."

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.who)
        if s is not None:
            discard_slot(m, s)
        return NEXT


def walk_steps(steps: Sequence[Step]) -> list[Step]:
    """Every step, nested ones included (for checks on a whole script)."""
    out: list[Step] = []
    for s in steps:
        out.append(s)
        inner = getattr(s, "walk", None)
        if inner is not None:
            out.extend(walk_steps(inner()))
    return out


def steps_text(steps: Sequence[Step], tc: TC) -> str:
    return " ".join(t for t in (s.text(tc) for s in steps) if t)


class FinishTrainer(Instr):
    """A played Trainer that is not kept (Supporters lie beside the Active until the end
    of the turn; Stadiums stay in play) goes to the discard pile once its effect is done."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        if f.source < 0:
            return NEXT
        p = m.players[m.owner[f.source]]
        if f.source in p.resolving:
            p.resolving.remove(f.source)
            p.discard.append(f.source)
        return NEXT


class CheckState(Instr):
    """After an effect: Knock Outs and a missing Active Pokémon are dealt with at once."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        if m.ko_dirty and _rules.needs_knockout_check(m):
            _rules.push_knockouts(m)
        return NEXT



# =========================================================================== more conditions


@dataclass(frozen=True)
class VarTrue(Cond):
    """A yes/no answer (``ChooseYesNo``) or a count in a variable is true / non-zero."""

    var: str
    wording: str = "you do"

    def holds(self, m: Match, f: Frame) -> bool:
        return bool(f.vars.get(self.var))

    def text(self, tc: TC) -> str:
        return self.wording

    def prob(self, ev: Eval) -> float:
        return 0.7


@dataclass(frozen=True)
class SameEnergyCount(Cond):
    """This Pokémon and the Defending Pokémon have as many Energy cards attached."""

    def holds(self, m: Match, f: Frame) -> bool:
        a, b = who_slot(m, f, SELF), who_slot(m, f, DEFENDER)
        return a is not None and b is not None and len(a.energy) == len(b.energy)

    def text(self, tc: TC) -> str:
        return "the Defending Pokémon has as many Energy cards as this Pokémon"

    def prob(self, ev: Eval) -> float:
        if ev.user is None or ev.defender is None:
            return 0.3
        return 1.0 if len(ev.user.energy) == len(ev.defender.energy) else 0.0


@dataclass(frozen=True)
class AnyOf(Cond):
    conds: tuple[Cond, ...]

    def holds(self, m: Match, f: Frame) -> bool:
        return any(c.holds(m, f) for c in self.conds)

    def text(self, tc: TC) -> str:
        return " or ".join(c.text(tc) for c in self.conds)

    def prob(self, ev: Eval) -> float:
        miss = 1.0
        for c in self.conds:
            miss *= 1 - c.prob(ev)
        return 1 - miss


@dataclass(frozen=True)
class AllOf(Cond):
    conds: tuple[Cond, ...]

    def holds(self, m: Match, f: Frame) -> bool:
        return all(c.holds(m, f) for c in self.conds)

    def text(self, tc: TC) -> str:
        return " and ".join(c.text(tc) for c in self.conds)

    def prob(self, ev: Eval) -> float:
        hit = 1.0
        for c in self.conds:
            hit *= c.prob(ev)
        return hit


@dataclass(frozen=True)
class PrizesAtMost(Cond):
    side: str
    n: int

    def holds(self, m: Match, f: Frame) -> bool:
        p = f.player if self.side == "own" else 1 - f.player
        return len(m.players[p].prizes) <= self.n

    def text(self, tc: TC) -> str:
        whose = "you have" if self.side == "own" else "your opponent has"
        return f"{whose} {self.n} or fewer Prize cards left"

    def prob(self, ev: Eval) -> float:
        p = ev.player if self.side == "own" else 1 - ev.player
        return 1.0 if len(ev.m.players[p].prizes) <= self.n else 0.0


@dataclass(frozen=True)
class HasCards(Cond):
    """A zone of a player holds a card passing a filter (say, a [L] Energy card among the
    player's discards)."""

    zone: str
    filt: Any  # CardFilter (defined below)
    side: str = "own"

    def holds(self, m: Match, f: Frame) -> bool:
        p = f.player if self.side == "own" else 1 - f.player
        return any(self.filt.test(m.defs[c]) for c in _zone(m, p, self.zone))

    def text(self, tc: TC) -> str:
        whose = "your" if self.side == "own" else "your opponent's"
        where = {"hand": "hand", "deck": "deck", "discard": "discard pile"}[self.zone]
        return f"there is {_a(self.filt.label)} in {whose} {where}"

    def prob(self, ev: Eval) -> float:
        p = ev.player if self.side == "own" else 1 - ev.player
        return 1.0 if any(self.filt.test(ev.m.defs[c])
                          for c in _zone(ev.m, p, self.zone)) else 0.0


def _energy_in_play(m: Match, player: int) -> int:
    p = m.players[player]
    n = len(p.active.energy) if p.active is not None else 0
    for s in p.bench:
        n += len(s.energy)
    return n


@dataclass(frozen=True)
class OpponentHasMoreEnergy(Cond):
    def holds(self, m: Match, f: Frame) -> bool:
        return _energy_in_play(m, 1 - f.player) > _energy_in_play(m, f.player)

    def text(self, tc: TC) -> str:
        return ("your opponent's Pokémon have more Energy cards attached in all than "
                "yours")

    def prob(self, ev: Eval) -> float:
        return 1.0 if _energy_in_play(ev.m, 1 - ev.player) > _energy_in_play(
            ev.m, ev.player) else 0.0


# =========================================================================== more expressions


@dataclass(frozen=True)
class IfExpr(Expr):
    """``then`` when the condition holds, else ``otherwise``."""

    cond: Cond
    then: Expr
    otherwise: Expr

    def eval(self, m: Match, f: Frame) -> int:
        return self.then.eval(m, f) if self.cond.holds(m, f) else self.otherwise.eval(m, f)

    def text(self, tc: TC) -> str:
        c = self.cond.text(tc)
        return (f"{self.then.text(tc)} damage when {c[:1].lower() + c[1:]}, otherwise "
                f"{self.otherwise.text(tc)}")

    def expect(self, ev: Eval) -> float:
        p = self.cond.prob(ev)
        return p * self.then.expect(ev) + (1 - p) * self.otherwise.expect(ev)


@dataclass(frozen=True)
class VarValue(Expr):
    """A count a step left in a variable (e.g. ``discarded``)."""

    var: str
    wording: str
    guess: float = 1.0

    def eval(self, m: Match, f: Frame) -> int:
        value = f.vars.get(self.var, 0)
        return len(value) if isinstance(value, list) else int(value)

    def text(self, tc: TC) -> str:
        return self.wording

    def expect(self, ev: Eval) -> float:
        return self.guess


class SideCount(Expr):
    """A count of something of one side, ``side`` "own" (the player whose effect it is) or
    "opp": a subclass says what it counts (``count``) and how it reads. The computer
    player's estimate is the count now (what it counts lies face up)."""

    side: str

    @abstractmethod
    def count(self, m: Match, p: PlayerState) -> int: ...

    def _count(self, m: Match, player: int) -> int:
        return self.count(m, m.players[player if self.side == "own" else 1 - player])

    def eval(self, m: Match, f: Frame) -> int:
        return self._count(m, f.player)

    def expect(self, ev: Eval) -> float:
        return float(self._count(ev.m, ev.player))


@dataclass(frozen=True)
class CountPokemon(SideCount):
    """How many Pokémon a side has in play that pass a filter (``where``: any / bench)."""

    side: str
    where: str = "any"
    filt: Any = None  # PokemonFilter

    def count(self, m: Match, p: PlayerState) -> int:
        slots = p.bench if self.where == "bench" else p.in_play()
        filt = self.filt or ANY_POKEMON
        return sum(1 for s in slots if filt.test(m, s))

    def text(self, tc: TC) -> str:
        where = {("own", "bench"): "Pokémon on your Bench",
                 ("opp", "bench"): "Pokémon on your opponent's Bench",
                 ("own", "any"): "Pokémon in play on your side",
                 ("opp", "any"): "Pokémon in play on your opponent's side"}[self.side, self.where]
        label = f" {self.filt.label}" if self.filt is not None and self.filt.label else ""
        return f"{where}{label}"


@dataclass(frozen=True)
class DamageCountersOn(Expr):
    who: str

    def eval(self, m: Match, f: Frame) -> int:
        s = who_slot(m, f, self.who)
        return s.damage // 10 if s is not None else 0

    def text(self, tc: TC) -> str:
        return f"damage counter on {who_text(tc, self.who)}"

    def expect(self, ev: Eval) -> float:
        s = _eval_slot(ev, self.who)
        return s.damage / 10 if s is not None else 0.0


@dataclass(frozen=True)
class EnergyOfTypeOn(Expr):
    """Energy units of a type attached to a Pokémon (after effects that change them)."""

    who: str
    etype: str

    def eval(self, m: Match, f: Frame) -> int:
        s = who_slot(m, f, self.who)
        if s is None:
            return 0
        bit = BIT[self.etype]
        return sum(1 for u in energy_units(m, s) if u & bit)

    def text(self, tc: TC) -> str:
        return f"[{self.etype}] Energy attached to {who_text(tc, self.who)}"

    def expect(self, ev: Eval) -> float:
        s = _eval_slot(ev, self.who)
        if s is None:
            return 0.0
        bit = BIT[self.etype]
        return float(sum(1 for u in energy_units(ev.m, s) if u & bit))


# =========================================================================== more steps


class ChooseYesNo(Step):
    """A yes/no decision ("you may ..."), stored in ``var`` as True or False."""

    def __init__(self, var: str, question: str, *, pre: bool = False) -> None:
        self.var = var
        self.question = question
        self.pre = pre

    def text(self, tc: TC) -> str:
        return ""  # the sentence of the step that depends on it says it ("You may ...")

    def value(self, ev: Eval) -> None:
        pass

    def run(self, m: Match, f: Frame) -> Result:
        m.pending = Choice(f.player, "yes_no", self.question, YES_NO_OPTIONS)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        f.vars[self.var] = answer[0][0] == YES
        return NEXT


class MoveEnergy(Step):
    """Move the Energy cards in ``var`` (usually one) from the Pokémon holding them onto
    ``to``."""

    def __init__(self, var: str, to: str, wording: str | None = None) -> None:
        self.var = var
        self.to = to
        self.wording = wording  # None: the generated sentence; "": silent

    def text(self, tc: TC) -> str:
        if self.wording is not None:
            return self.wording
        return f"Attach it to {who_text(tc, self.to)}."

    def value(self, ev: Eval) -> None:
        ev.add(4)

    def run(self, m: Match, f: Frame) -> Result:
        target = _holder(m, f, self.to)
        if target is None:
            return NEXT
        for cid in list(f.vars.get(self.var) or []):
            holder = next((s for p in m.players for s in p.in_play() if cid in s.energy),
                          None)
            if holder is None or holder is target:
                continue
            holder.energy.remove(cid)
            target.energy.append(cid)
            if m.logging:
                m.log.append((EV_ATTACH, f.player, cid, target.top))
        return NEXT


class MoveAllEnergy(Step):
    """Move every Energy card from one Pokémon to another (``frm`` and ``to`` name them)."""

    def __init__(self, frm: str, to: str) -> None:
        self.frm = frm
        self.to = to

    def text(self, tc: TC) -> str:
        return (f"Move every Energy card from {who_text(tc, self.frm)} to "
                f"{who_text(tc, self.to)}.")

    def value(self, ev: Eval) -> None:
        ev.add(5)

    def run(self, m: Match, f: Frame) -> Result:
        a, b = who_slot(m, f, self.frm), who_slot(m, f, self.to)
        if a is None or b is None or a is b:
            return NEXT
        b.energy.extend(a.energy)
        a.energy.clear()
        return NEXT


class MoveCounters(Step):
    """Move damage counters from one chosen Pokémon to another (no Weakness or Resistance;
    it may Knock the other Out)."""

    def __init__(self, frm: str, to: str, n: int = 1) -> None:
        self.frm = frm
        self.to = to
        self.n = n

    def text(self, tc: TC) -> str:
        return f"Move {plural(self.n, 'damage counter')} from the first to the second."

    def value(self, ev: Eval) -> None:
        ev.add(15)

    def run(self, m: Match, f: Frame) -> Result:
        a, b = who_slot(m, f, self.frm), who_slot(m, f, self.to)
        if a is None or b is None or a is b:
            return NEXT
        n = min(self.n, a.damage // 10)
        if n:
            remove_damage(m, a, 10 * n)  # (moved, not healed: no heal block stops it)
            place_counters(m, b, n)
        return NEXT


class HealEach(Step):
    """Remove damage counters from each of a side's Pokémon that has any (``where``
    "bench": each of its Benched Pokémon)."""

    def __init__(self, side: str, counters: int, *, where: str = "any",
                 wording: str | None = None) -> None:
        self.side = side
        self.counters = counters
        self.where = where
        self.wording = wording

    def _slots(self, m: Match, player: int) -> list[Slot]:
        p = m.players[player if self.side == "own" else 1 - player]
        return list(p.bench) if self.where == "bench" else p.in_play()

    def text(self, tc: TC) -> str:
        if self.wording is not None:
            return self.wording
        whose = "your" if self.side == "own" else "your opponent's"
        which = "Benched Pokémon" if self.where == "bench" else "Pokémon"
        return (f"Take {plural(self.counters, 'damage counter')} off each of {whose} "
                f"{which} that has any.")

    def value(self, ev: Eval) -> None:
        n = sum(1 for s in self._slots(ev.m, ev.player) if s.damage)
        ev.add((7 if self.side == "own" else -7) * self.counters * n)

    def run(self, m: Match, f: Frame) -> Result:
        for s in self._slots(m, f.player):
            if s.damage:
                heal(m, s, 10 * self.counters)
        return NEXT


class ReorderTopOfDeck(Step):
    """Look at your deck's top ``n`` cards and return them there in the order you like."""

    def __init__(self, n: int) -> None:
        self.n = n

    def text(self, tc: TC) -> str:
        return (f"Look at {self.n} cards from the top of your deck and put them back in "
                "the order you like.")

    def value(self, ev: Eval) -> None:
        ev.add(3)

    def run(self, m: Match, f: Frame) -> Result:
        from itertools import permutations

        deck = m.players[f.player].deck
        top = list(reversed(deck[-self.n:]))  # top card first
        if len(top) < 2:
            return NEXT
        # Copies of a card are interchangeable: one option per distinct order of card ids.
        ids = [m.defs[c].id for c in top]
        if len(set(ids)) == len(ids):
            options = [(ORDER, *order) for order in permutations(top)]
        else:
            id_of = dict(zip(top, ids)).__getitem__  # noqa: B905
            seen: set[tuple[str, ...]] = set()
            options = []
            for order in permutations(top):
                key = tuple(map(id_of, order))
                if key not in seen:
                    seen.add(key)
                    options.append((ORDER, *order))
        # (asked even when they are copies with one order: only the player sees them)
        m.pending = Choice(f.player, "order", self.text(TC("")), tuple(options))
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        deck = m.players[f.player].deck
        order = list(answer[0][1:])  # new order, top card first
        del deck[-len(order):]
        deck.extend(reversed(order))
        return NEXT


class ShufflePokemonIntoDeck(Step):
    """Put the Pokémon in ``var`` and every card attached to it into its owner's deck (a
    shuffle follows as its own step)."""

    def __init__(self, var: str) -> None:
        self.var = var

    def text(self, tc: TC) -> str:
        return "Shuffle that Pokémon and every card attached to it into your deck."

    def value(self, ev: Eval) -> None:
        ev.add(2)

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.var)
        if s is not None:
            remove_from_play_to(m, s, m.players[s.owner].deck)
            if m.logging:
                m.log.append((EV_TO_DECK, s.owner, s.top))
        return NEXT


class Worded(Step):
    """A step with the sentence that reads best in its card's text (everything else is the
    inner step's)."""

    def __init__(self, inner: Step, wording: str) -> None:
        self.inner = inner
        self.wording = wording
        self.pre = inner.pre
        self.gate = inner.gate

    def emit(self, b: Builder) -> None:
        self.inner.emit(b)

    def text(self, tc: TC) -> str:
        return self.wording

    def value(self, ev: Eval) -> None:
        self.inner.value(ev)

    def walk(self) -> list[Step]:
        return [self.inner]


# --- Platinum era: Pokémon LV.X


def _level_up_cands(m: Match, player: int) -> list[int]:
    """The Pokémon LV.X cards of the player's deck that could level up the Active Pokémon
    now (read only by the deck's owner, who is searching it)."""
    active = m.players[player].active
    if active is None or not level_up_turn_ok(m):
        return []
    defs = m.defs
    return [c for c in m.players[player].deck if levels_up_onto(m, defs[c], active)]


@dataclass(frozen=True)
class ActiveMayLevelUp(Cond):
    """Your Active Pokémon could be levelled up now (a Trainer's requirement: it came into
    play before this turn, is no Pokémon LV.X, and it is not a first turn). Whether the
    deck holds its Pokémon LV.X is secret, so it is not asked."""

    def holds(self, m: Match, f: Frame) -> bool:
        active = m.players[f.player].active
        if active is None or not level_up_turn_ok(m) or active.played_turn >= m.turn:
            return False
        return not stack_facts(m, active).has_kind(LV_X_KIND)

    def text(self, tc: TC) -> str:
        return ("your Active Pokémon could level up (it came into play before this turn "
                "and is not a Pokémon LV.X)")

    def prob(self, ev: Eval) -> float:
        return 1.0


class ChooseLevelUp(Step):
    """Find in your deck a Pokémon LV.X that your Active Pokémon can level up into, into
    ``var`` (a list of at most one card). The search may come up empty: the deck is secret."""

    def __init__(self, var: str) -> None:
        self.var = var

    def text(self, tc: TC) -> str:
        return ("Search your deck and pick a Pokémon LV.X that can level up your Active "
                "Pokémon, and level it up with that card.")

    def value(self, ev: Eval) -> None:
        ev.add(20)

    def run(self, m: Match, f: Frame) -> Result:
        cands = _level_up_cands(m, f.player)
        prompt = "Choose a Pokémon LV.X to level up your Active Pokémon"
        if not cands:
            f.vars[self.var] = []
            if m.players[f.player].deck:
                return ask_fruitless_search(m, f.player, "cards_deck", prompt)
            return NEXT
        options = m.distinct_cards(cands, lambda d: True)
        m.pending = Choice(f.player, "cards_deck", prompt, options, min=0, max=1)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        f.vars[self.var] = [opt[1] for opt in answer]
        return NEXT


class LevelUpWith(Step):
    """Put the Pokémon LV.X chosen in ``var`` (from your deck) onto your Active Pokémon:
    it counts as levelling up (``ops.level_up``)."""

    def __init__(self, var: str) -> None:
        self.var = var

    def text(self, tc: TC) -> str:
        return ""  # ChooseLevelUp says it

    def value(self, ev: Eval) -> None:
        ev.add(20)

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[f.player]
        active = p.active
        for cid in f.vars.get(self.var) or []:
            if active is not None and cid in p.deck:
                p.deck.remove(cid)
                level_up(m, active, cid)
        return NEXT


# --- Platinum era: pl1 part 1
# Conditions, counts and steps the holo rares and first rares of Platinum need; each is
# general (parameters), so later sets can say the same thing with them.

def _slot_has_resistance(m: Any, s: Slot) -> bool:
    from ..facts import pokemon_facts

    return bool(pokemon_facts(m, s).resistance)


def _slot_has_powers(m: Any, s: Slot) -> bool:
    from ..facts import stack_facts

    return bool(stack_facts(m, s).powers)


def _slot_has_poke_power(m: Any, s: Slot) -> bool:
    from ..carddefs import POKE_POWER
    from ..facts import stack_facts

    return any(r.power.kind == POKE_POWER for r in stack_facts(m, s).powers)


SLOT_TESTS["has_resistance"] = (_slot_has_resistance, "has any Resistance")
SLOT_TESTS["has_powers"] = (_slot_has_powers, "has a Poké-Power or a Poké-Body")
SLOT_TESTS["has_poke_power"] = (_slot_has_poke_power, "has a Poké-Power")


def _energy_of_type_test(t: str, where: str) -> Callable[[Any, int], bool]:
    bit = BIT[t]

    def test(m: Any, p: int) -> bool:
        pl = m.players[p]
        slots = pl.bench if where == "bench" else pl.in_play()
        return any(u & bit for s in slots for c in s.energy
                   for u in attached_card_units(m, s, c))
    return test


# "bench_energy_P": [P] Energy on a Benched Pokémon; "energy_W": [W] Energy on any Pokémon.
for _t in ("G", "R", "W", "L", "P", "F", "D", "M"):
    PLAYER_TESTS[f"bench_energy_{_t}"] = (_energy_of_type_test(_t, "bench"),
                                         f"[{_t}] Energy attached to a Benched Pokémon")
    PLAYER_TESTS[f"energy_{_t}"] = (_energy_of_type_test(_t, "any"),
                                   f"[{_t}] Energy attached to a Pokémon")
PLAYER_TESTS["bench_room"] = (lambda m, p: len(m.players[p].bench) < m.rules.bench_size,
                              "room on the Bench")


@dataclass(frozen=True)
class CountIn(Cond):
    """A count lies in ``lo``..``hi`` (``hi`` None: no upper bound)."""

    count: Expr
    lo: int = 0
    hi: int | None = None
    wording: str = ""

    def holds(self, m: Match, f: Frame) -> bool:
        n = self.count.eval(m, f)
        return n >= self.lo and (self.hi is None or n <= self.hi)

    def text(self, tc: TC) -> str:
        if self.wording:
            return self.wording
        what = self.count.text(tc)
        if self.hi is None:
            return f"there are {self.lo} or more of {what}"
        if self.lo == self.hi:
            return f"there are exactly {self.lo} of {what}"
        return f"there are {self.hi} or fewer of {what}"

    def prob(self, ev: Eval) -> float:
        n = self.count.expect(ev)
        return 1.0 if n >= self.lo and (self.hi is None or n <= self.hi) else 0.0


@dataclass(frozen=True)
class TurnFlag(Cond):
    """An effect of the rest of this turn (``TurnEffect``) is in force for you: e.g. a
    Power of which only one may be used each turn was used."""

    name: str
    wording: str

    def holds(self, m: Match, f: Frame) -> bool:
        return self.name in m.players[f.player].turn_effects

    def text(self, tc: TC) -> str:
        return self.wording

    def prob(self, ev: Eval) -> float:
        return 1.0 if self.name in ev.m.players[ev.player].turn_effects else 0.0


@dataclass(frozen=True)
class Not(Cond):
    cond: Cond
    wording: str

    def holds(self, m: Match, f: Frame) -> bool:
        return not self.cond.holds(m, f)

    def text(self, tc: TC) -> str:
        return self.wording

    def prob(self, ev: Eval) -> float:
        return 1.0 - self.cond.prob(ev)


@dataclass(frozen=True)
class HandHasNo(Cond):
    """Your hand holds no card passing a filter ("you have no Pokémon in your hand")."""

    filt: Any  # CardFilter

    def holds(self, m: Match, f: Frame) -> bool:
        return not any(self.filt.test(m.defs[c]) for c in m.players[f.player].hand)

    def text(self, tc: TC) -> str:
        return f"your hand holds no {self.filt.label}s"

    def prob(self, ev: Eval) -> float:
        hand = ev.m.players[ev.player].hand
        return 0.0 if any(self.filt.test(ev.m.defs[c]) for c in hand) else 1.0


@dataclass(frozen=True)
class EnergyOn(Expr):
    """Energy (units, after effects that change them) attached to one or more Pokémon."""

    who: tuple[str, ...] = (SELF,)

    def eval(self, m: Match, f: Frame) -> int:
        n = 0
        for w in self.who:
            s = who_slot(m, f, w)
            if s is not None:
                n += len(energy_units(m, s))
        return n

    def text(self, tc: TC) -> str:
        return "Energy on " + " and on ".join(who_text(tc, w) for w in self.who)

    def expect(self, ev: Eval) -> float:
        n = 0.0
        for w in self.who:
            s = _eval_slot(ev, w)
            if s is not None:
                n += len(energy_units(ev.m, s))
        return n


@dataclass(frozen=True)
class Minus(Expr):
    """``base`` less ``per`` for each ``count`` (never below 0)."""

    base: int
    per: int
    count: Expr

    def eval(self, m: Match, f: Frame) -> int:
        return max(0, self.base - self.per * self.count.eval(m, f))

    def text(self, tc: TC) -> str:
        return f"{self.base} damage minus {self.per} for each {self.count.text(tc)}"

    def expect(self, ev: Eval) -> float:
        return max(0.0, self.base - self.per * self.count.expect(ev))


@dataclass(frozen=True)
class CardsToHandSize(Expr):
    """How many cards you must draw to hold ``n`` in your hand."""

    n: int

    def eval(self, m: Match, f: Frame) -> int:
        return max(0, self.n - len(m.players[f.player].hand))

    def text(self, tc: TC) -> str:
        return f"cards until you have {self.n} in your hand"

    def expect(self, ev: Eval) -> float:
        return float(max(0, self.n - len(ev.m.players[ev.player].hand)))


@dataclass(frozen=True)
class BenchRoom(Expr):
    """Free places on your Bench, at most ``cap``."""

    cap: int

    def eval(self, m: Match, f: Frame) -> int:
        return max(0, min(self.cap, m.rules.bench_size - len(m.players[f.player].bench)))

    def text(self, tc: TC) -> str:
        return f"free place on your Bench (at most {self.cap})"

    def expect(self, ev: Eval) -> float:
        room = ev.m.rules.bench_size - len(ev.m.players[ev.player].bench)
        return float(max(0, min(self.cap, room)))


@dataclass(frozen=True)
class CardsNamedIn(Expr):
    """Cards of the given names in one of your zones ("Kricketot and Kricketune in your
    discard pile")."""

    zone: str
    names: tuple[str, ...]

    def eval(self, m: Match, f: Frame) -> int:
        return sum(1 for c in _zone(m, f.player, self.zone) if m.defs[c].name in self.names)

    def text(self, tc: TC) -> str:
        where = {"hand": "your hand", "deck": "your deck", "discard": "your discard pile"}
        return f"{' or '.join(self.names)} card in {where[self.zone]}"

    def expect(self, ev: Eval) -> float:
        return expected_in_zone(ev, ev.player, self.zone, lambda d: d.name in self.names)


@dataclass(frozen=True)
class DealtCounters(Expr):
    """The damage this attack did to the Defending Pokémon (``Damage``'s ``dealt``), in
    damage counters."""

    def eval(self, m: Match, f: Frame) -> int:
        return int(f.vars.get("dealt", 0)) // 10

    def text(self, tc: TC) -> str:
        return "1 damage counter for each 10 damage this attack did to the Defending Pokémon"

    def expect(self, ev: Eval) -> float:
        return ev.damage / 10


# Pokémon SP (Appendix B): the card on top of the stack says it (``CardDef.sp``).
SP_POKEMON = PokemonFilter("sp", "that is a Pokémon SP", lambda m, s: m.defs[s.top].sp)
DAMAGED_SP = PokemonFilter("damaged_sp", "SP with damage counters",
                           lambda m, s: s.damage > 0 and m.defs[s.top].sp)
BASIC_SP = CardFilter("basic_sp", "Basic Pokémon SP card",
                      lambda d: d.kind == POKEMON and d.stage == 0 and d.sp and not d.lv_x)


class AttackLock(Step):
    """"<this Pokémon> can't use <attack> during your next turn": a marker on the user
    that keeps that one attack from being offered until the end of its owner's next turn
    (it goes away on the Bench or by evolution, like any result of an attack)."""

    def __init__(self, attack: str) -> None:
        self.attack = attack
        self.marker = attack_lock(attack)

    def text(self, tc: TC) -> str:
        return f"{_cap(tc.me)} is unable to use {self.attack} until your next turn is over."

    def value(self, ev: Eval) -> None:
        ev.add(-10)

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, SELF)
        if s is not None:
            s.markers[self.marker] = m.turn + 2
        return NEXT


class KnockOut(Step):
    """The Pokémon is Knocked Out: it gets damage up to its HP, so the Knock Out rules
    (Prizes, a new Active Pokémon) follow as for any Knock Out."""

    def __init__(self, who: str) -> None:
        self.who = who

    def text(self, tc: TC) -> str:
        return f"{_cap(who_text(tc, self.who))} is Knocked Out."

    def value(self, ev: Eval) -> None:
        s = _eval_slot(ev, self.who)
        if s is not None:
            from ..facts import remaining_hp

            ev.add(remaining_hp(ev.m, s) * (1 if self.who != SELF else -1))

    def run(self, m: Match, f: Frame) -> Result:
        from ..facts import max_hp

        s = who_slot(m, f, self.who)
        if s is not None and not shielded(m, f, s):
            s.damage = max(s.damage, max_hp(m, s))
            m.ko_dirty = True
        return NEXT


class Cure(Step):
    """Remove some Special Conditions (a mask) from a Pokémon."""

    def __init__(self, who: str, bits: int) -> None:
        self.who = who
        self.bits = bits

    def text(self, tc: TC) -> str:
        names = [CONDITION_TEXT[b] for b in CONDITION_TEXT if self.bits & b]
        return f"{_cap(who_text(tc, self.who))} is no longer {' or '.join(names)}."

    def value(self, ev: Eval) -> None:
        s = _eval_slot(ev, self.who)
        if s is not None and s.conditions & self.bits:
            worth = sum(CONDITION_WORTH[b] for b in CONDITION_WORTH if s.conditions & self.bits & b)
            ev.add(-worth if self.who == DEFENDER else worth)

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.who)
        if s is not None and s.conditions & self.bits:
            s.conditions &= ~self.bits
            if m.logging:
                m.log.append((EV_CURED, s.owner, s.top))
        return NEXT


class EndTurn(Step):
    """Your turn ends at once (after the rest of this effect)."""

    def text(self, tc: TC) -> str:
        return "Your turn ends."

    def value(self, ev: Eval) -> None:
        ev.add(-20)

    def run(self, m: Match, f: Frame) -> Result:
        m.turn_over = True
        return NEXT


class SwapDamage(Step):
    """Swap all damage counters between two Pokémon (counters, not damage: no Weakness,
    Resistance or other effects)."""

    def __init__(self, a: str, b: str) -> None:
        self.a = a
        self.b = b

    def text(self, tc: TC) -> str:
        return (f"Exchange the damage counters of {who_text(tc, self.a)} and "
                f"{who_text(tc, self.b)}.")

    def value(self, ev: Eval) -> None:
        a, b = _eval_slot(ev, self.a), _eval_slot(ev, self.b)
        if a is not None and b is not None:
            ev.add(a.damage - b.damage)

    def run(self, m: Match, f: Frame) -> Result:
        a, b = who_slot(m, f, self.a), who_slot(m, f, self.b)
        if a is not None and b is not None and a is not b:
            a.damage, b.damage = b.damage, a.damage
            m.ko_dirty = True
        return NEXT


class DamageEach(Step):
    """``amount`` damage to each Pokémon of ``side`` ("own", "opp", "both") that passes a
    filter: the Active Pokémon take it with Weakness and Resistance, the Benched without."""

    def __init__(self, amount: int, side: str = "opp",
                 filt: PokemonFilter = ANY_POKEMON) -> None:
        self.amount = amount
        self.side = side
        self.filt = filt

    def _slots(self, m: Match, player: int) -> list[Slot]:
        sides = {"opp": [1 - player], "own": [player], "both": [player, 1 - player]}
        return [s for p in sides[self.side] for s in m.players[p].in_play()
                if self.filt.test(m, s)]

    def text(self, tc: TC) -> str:
        whose = {"opp": "Each of your opponent's Pokémon", "own": "Each of your Pokémon",
                 "both": "Every Pokémon in play (both players')"}[self.side]
        label = f" {self.filt.label}" if self.filt.label else ""
        return (f"{whose}{label} takes {self.amount} damage (no Weakness or Resistance on "
                "the Bench).")

    def value(self, ev: Eval) -> None:
        for s in self._slots(ev.m, ev.player):
            ev.add((0.8 if s.owner != ev.player else -0.6) * self.amount)

    def run(self, m: Match, f: Frame) -> Result:
        attacker = who_slot(m, f, SELF)
        return _deal_hits(m, f, [(s, DamageCtx(attacker, s, f.player, is_active(m, s)),
                                  self.amount) for s in self._slots(m, f.player)])

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        return guard_resume(m, f, answer)


class FlipEachForDamage(Step):
    """Flip a coin for each of a side's Pokémon; each one whose coin is heads takes
    ``amount`` damage (Weakness and Resistance for the Active only)."""

    def __init__(self, amount: int, side: str = "opp") -> None:
        self.amount = amount
        self.side = side

    def _slots(self, m: Match, f: Frame) -> list[Slot]:
        return m.players[1 - f.player if self.side == "opp" else f.player].in_play()

    def text(self, tc: TC) -> str:
        whose = "your opponent's" if self.side == "opp" else "your"
        return (f"For each of {whose} Pokémon, flip a coin; heads: that Pokémon takes "
                f"{self.amount} damage (no Weakness or Resistance on the Bench).")

    def value(self, ev: Eval) -> None:
        n = len(ev.m.players[1 - ev.player if self.side == "opp" else ev.player].in_play())
        ev.add(0.4 * self.amount * n)

    def run(self, m: Match, f: Frame) -> Result:
        results = f.vars.get("_each", [])
        slots = self._slots(m, f)
        if len(results) < len(slots):
            m.pending = Chance("coin", f.player, _purpose(m, f))
            return SUSPEND
        attacker = who_slot(m, f, SELF)
        hits = [(s, DamageCtx(attacker, s, f.player, is_active(m, s)), self.amount)
                for s, heads in zip(slots, results) if heads]  # noqa: B905 - as flipped
        if _deal_hits(m, f, hits) == SUSPEND:
            return SUSPEND  # (an Ability's coin against the damage: Smooth Coat)
        f.vars.pop("_each", None)
        return NEXT

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        if GUARD_FOR in f.vars:
            return guard_resume(m, f, answer)
        # (flags, not numbers: a number in a list may be a card, players.hidden)
        f.vars.setdefault("_each", []).append(bool(answer))
        m.note_coin(f.player, answer, _purpose(m, f))
        return f.pc


BLIND_PICK = "shuffle hand"  # validate.HAND_SHUFFLE: the shuffle of a hand
"""The purpose of the shuffle of a hand that stands for a pick without looking."""


class FromOpponentHandUnseen(Step):
    """Choose cards from the opponent's hand without looking, then put them in the
    opponent's ``to`` zone ("discard", or "deck": a shuffle of that deck follows as its own
    step): ``count`` of them or, with ``down_to``, as many as leave that many in the hand.
    A pick made without looking is a random one, so it is a chance node: a shuffle of the
    opponent's hand, whose first cards are the ones picked."""

    def __init__(self, count: int | Expr = 1, to: str = "discard", *,
                 down_to: int | None = None, wording: str | None = None) -> None:
        self.count = Const(count) if isinstance(count, int) else count
        self.to = to
        self.down_to = down_to
        self.wording = wording

    def _n(self, m: Match, f: Frame) -> int:
        hand = m.players[1 - f.player].hand
        if self.down_to is not None:
            return max(0, len(hand) - self.down_to)
        return min(self.count.eval(m, f), len(hand))

    def text(self, tc: TC) -> str:
        if self.wording is not None:
            return self.wording
        if self.down_to is not None:
            return (f"Discard cards at random from your opponent's hand until {self.down_to} "
                    "are left.")
        c = self.count
        n = plural(c.n, "card") if isinstance(c, Const) else f"1 card per {c.text(tc)}"
        if self.to == "deck":
            return (f"Pick {n} from your opponent's hand face down and look at it; "
                    "your opponent shuffles it into their deck.")
        return f"Pick {n} from your opponent's hand face down and discard it."

    def value(self, ev: Eval) -> None:
        hand = len(ev.m.players[1 - ev.player].hand)
        n = max(0, hand - self.down_to) if self.down_to is not None else \
            min(float(hand), self.count.expect(ev))
        ev.add(n * (6 if self.to == "discard" else 4))

    def run(self, m: Match, f: Frame) -> Result:
        if self._n(m, f) <= 0:
            return NEXT
        m.pending = Chance("shuffle", 1 - f.player, BLIND_PICK,
                           len(m.players[1 - f.player].hand))
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        n = self._n(m, f)
        p = m.players[1 - f.player]
        hand = [p.hand[i] for i in answer]
        picked = hand[:n]
        p.hand[:] = hand[n:]
        (p.deck if self.to == "deck" else p.discard).extend(picked)
        if m.logging:
            for cid in picked:
                m.log.append((EV_MOVE, p.index, cid, self.to, True, "hand"))
        return NEXT


class BenchCards(Step):
    """Put the chosen Basic Pokémon cards (ids in ``var``, from your hand, deck or
    discard pile) onto your Bench, as room allows; each then is the Pokémon the variable
    names (a Pokémon's id is its Basic card's)."""

    def __init__(self, var: str, wording: str = "Put them onto your Bench.") -> None:
        self.var = var
        self.wording = wording

    def text(self, tc: TC) -> str:
        return self.wording

    def value(self, ev: Eval) -> None:
        ev.add(10)

    def run(self, m: Match, f: Frame) -> Result:

        p = m.players[f.player]
        for cid in f.vars.get(self.var) or []:
            if len(p.bench) >= m.rules.bench_size:
                break
            if _take_from_own_zones(p, cid) is None:
                continue
            bench_new(m, p, cid)
        return NEXT


class DiscardTrainersAttached(Step):
    """Discard every Trainer card attached to a Pokémon (its Tool and Technical Machines)."""

    def __init__(self, who: str) -> None:
        self.who = who

    def text(self, tc: TC) -> str:
        return f"Discard all Trainer cards from {who_text(tc, self.who)}."

    def value(self, ev: Eval) -> None:
        ev.add(5)

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.who)
        if s is not None:
            for cid in ([s.tool] if s.tool >= 0 else []) + list(s.tms):
                discard_attached(m, s, cid)
        return NEXT


@dataclass(frozen=True)
class HasMarker(Cond):
    """A Pokémon carries a lasting mark (``Mark``) that is still in force."""

    who: str
    marker: str
    wording: str

    def holds(self, m: Match, f: Frame) -> bool:
        s = who_slot(m, f, self.who)
        return s is not None and has_marker(m, s, self.marker)

    def text(self, tc: TC) -> str:
        return f"{who_text(tc, self.who)} {self.wording}"

    def prob(self, ev: Eval) -> float:
        s = _eval_slot(ev, self.who)
        return 1.0 if s is not None and self.marker in s.markers else 0.0


# --- Platinum era: Rising Rivals part1 (pl2-1 to pl2-34)


@dataclass(frozen=True)
class PrizesTaken(SideCount):
    """How many Prize cards a side has taken so far (the game's Prize count less those
    left)."""

    side: str = "opp"

    def count(self, m: Match, p: PlayerState) -> int:
        return max(0, m.prize_count - len(p.prizes))

    def text(self, tc: TC) -> str:
        return "Prize card you have taken" if self.side == "own" else \
            "Prize card your opponent has taken"


def _evolved_from_this_turn(m: Match, s: Slot, name: str) -> bool:
    # Evolving sets played_turn to the turn (ops.evolve); the card below names the Pokémon
    # it evolved from.
    return (len(s.cards) >= 2 and s.played_turn == m.turn
            and m.defs[s.cards[-2]].name == name)


@dataclass(frozen=True)
class EvolvedFromThisTurn(Cond):
    """The Pokémon evolved from ``name`` during this turn (Flareon's Evolving Flare)."""

    who: str
    name: str

    def holds(self, m: Match, f: Frame) -> bool:
        s = who_slot(m, f, self.who)
        return s is not None and _evolved_from_this_turn(m, s, self.name)

    def text(self, tc: TC) -> str:
        return f"{who_text(tc, self.who)} evolved from {self.name} this turn"

    def prob(self, ev: Eval) -> float:
        s = _eval_slot(ev, self.who)
        return 1.0 if s is not None and _evolved_from_this_turn(ev.m, s, self.name) else 0.0


@dataclass(frozen=True)
class HandSizesEqual(Cond):
    """You and your opponent hold as many cards in hand."""

    def holds(self, m: Match, f: Frame) -> bool:
        return len(m.players[0].hand) == len(m.players[1].hand)

    def text(self, tc: TC) -> str:
        return "you and your opponent have the same number of cards in hand"

    def prob(self, ev: Eval) -> float:
        return 1.0 if len(ev.m.players[0].hand) == len(ev.m.players[1].hand) else 0.0


class FlipForEach(Step):
    """Flip a coin for each Pokémon in ``var`` (in order); those whose coin came up heads
    go into ``out`` (Rampardos GL's Trample)."""

    def __init__(self, var: str, out: str, wording: str) -> None:
        self.var = var
        self.out = out
        self.wording = wording

    def text(self, tc: TC) -> str:
        return self.wording

    def value(self, ev: Eval) -> None:
        ev.heads = 0.5

    def run(self, m: Match, f: Frame) -> Result:
        todo = f.vars.get(self.var) or []
        done = f.vars.get("_flipped", 0)
        if done == 0:
            f.vars[self.out] = []
        if done >= len(todo):
            f.vars.pop("_flipped", None)
            return NEXT
        m.pending = Chance("coin", f.player, _purpose(m, f))
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        done = f.vars.get("_flipped", 0)
        if done == 0:
            f.vars[self.out] = []
        todo = f.vars.get(self.var) or []
        if answer:
            f.vars[self.out].append(todo[done])
        # the frame's coin counts too, so "heads"/"tails" read as usual afterwards
        f.vars["heads" if answer else "tails"] = f.vars.get("heads" if answer else "tails",
                                                            0) + 1
        f.vars["_flipped"] = done + 1
        m.note_coin(f.player, answer, _purpose(m, f))
        return f.pc


class DiscardTopOfDeck(Step):
    """Discard the top ``n`` cards of your deck (fewer if it runs out)."""

    def __init__(self, n: int = 1) -> None:
        self.n = n

    def text(self, tc: TC) -> str:
        return "Discard 1 card from the top of your deck." if self.n == 1 else \
            f"Discard {self.n} cards from the top of your deck."

    def value(self, ev: Eval) -> None:
        ev.add(-2 * self.n)

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[f.player]
        for _ in range(min(self.n, len(p.deck))):
            p.discard.append(p.deck.pop())
        return NEXT


class Devolve(Step):
    """Take the top card of a Pokémon's evolution stack into its owner's hand: the card
    below is the Pokémon now (damage and attached cards stay; as with evolving, Special
    Conditions and the results of attacks go)."""

    def __init__(self, who: str = SELF) -> None:
        self.who = who

    def text(self, tc: TC) -> str:
        return (f"Devolve {who_text(tc, self.who)}: put its top Evolution card into your "
                "hand.")

    def value(self, ev: Eval) -> None:
        ev.add(-15)

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.who)
        if s is not None and not shielded(m, f, s):
            devolve(m, s, m.players[s.owner].hand)
        return NEXT


class BenchFromDeck(Step):
    """Put the chosen cards of your deck (ids in ``var``) onto your Bench as Basic
    Pokémon, while there is room, each with ``counters`` damage counters (Gastrodon East
    Sea's Calling Wave)."""

    def __init__(self, var: str, counters: int = 0) -> None:
        self.var = var
        self.counters = counters

    def text(self, tc: TC) -> str:
        extra = f", placing {plural(self.counters, 'damage counter')} on each of them" \
            if self.counters else ""
        return f"Play them onto your Bench as Basic Pokémon{extra}."

    def value(self, ev: Eval) -> None:
        ev.add(8 - 3 * self.counters)

    def run(self, m: Match, f: Frame) -> Result:
        from ..ops import new_slot

        p = m.players[f.player]
        for cid in f.vars.get(self.var) or []:
            if len(p.bench) >= m.rules.bench_size or cid not in p.deck:
                continue
            p.deck.remove(cid)
            s = new_slot(m, p, cid)
            if m.defs[cid].stage:
                s.markers[AS_BASIC] = 1  # (an Evolution card, played as a Basic Pokémon)
            p.bench.append(s)
            place_counters(m, s, self.counters)
        return NEXT


class DiscardOpponentStadium(Step):
    """Discard the Stadium in play if the opponent played it; ``var`` tells whether one
    was discarded (Flygon's Sand Wall)."""

    def __init__(self, var: str = "stadium_gone") -> None:
        self.var = var

    def text(self, tc: TC) -> str:
        return "If your opponent has a Stadium card in play, discard it."

    def value(self, ev: Eval) -> None:
        if ev.m.stadium >= 0 and ev.m.owner[ev.m.stadium] != ev.player:
            ev.add(10)

    def run(self, m: Match, f: Frame) -> Result:
        cid = m.stadium
        f.vars[self.var] = False
        if cid >= 0 and m.owner[cid] != f.player:
            m.stadium = -1
            m.players[m.owner[cid]].discard.append(cid)
            f.vars[self.var] = True
        return NEXT


class OpponentDraws(Step):
    """Your opponent draws ``n`` cards (fewer if the deck runs out)."""

    def __init__(self, n: int) -> None:
        self.n = n

    def text(self, tc: TC) -> str:
        return f"Your opponent draws {plural(self.n, 'card')}."

    def value(self, ev: Eval) -> None:
        ev.add(-4 * self.n)

    def run(self, m: Match, f: Frame) -> Result:
        draw(m, m.players[1 - f.player], self.n)
        return NEXT


@dataclass(frozen=True)
class SideHasMarker(Cond):
    """Some Pokémon of a side carries a marker in force (``present``), or none does
    (Beedrill's Needle Shock: "if any of your Pokémon used it during your last turn")."""

    side: str
    marker: str
    wording: str
    present: bool = True

    def _holds(self, m: Match, player: int) -> bool:
        p = m.players[player if self.side == "own" else 1 - player]
        found = any(has_marker(m, s, self.marker) for s in p.in_play())
        return found == self.present

    def holds(self, m: Match, f: Frame) -> bool:
        return self._holds(m, f.player)

    def text(self, tc: TC) -> str:
        return self.wording

    def prob(self, ev: Eval) -> float:
        return 1.0 if self._holds(ev.m, ev.player) else 0.0


SLOT_TESTS["lv_x"] = (lambda m, s: bool(m.defs[s.top].lv_x), "is a Pokémon LV.X")


def is_evolved(m: Match, s: Slot) -> bool:
    """An Evolved Pokémon: one played on another Pokémon to evolve it (a Stage 1 or 2, or
    Expedition's Basic played on its Baby). A Pokémon LV.X is no Evolution card (it keeps
    the stage of the level beneath it), and a Pokémon LEGEND's two halves are one Basic."""
    if m.defs[s.top].legend:
        return False
    defs = m.defs
    return sum(1 for c in s.cards if not defs[c].lv_x) > 1


NOT_EVOLVED = PokemonFilter("not_evolved", "that is not an Evolved Pokémon",
                            lambda m, s: not is_evolved(m, s))
EVOLVED = PokemonFilter("evolved", "that has evolved", is_evolved)
SUPPORTER_CARD = CardFilter("supporter", "Supporter card",
                            lambda d: d.kind == TRAINER and d.trainer_kind == "supporter")


def named_pokemon(name: str) -> CardFilter:
    """Pokémon cards whose name starts with ``name`` (Gastrodon East Sea and West Sea are
    both "Gastrodon")."""
    return CardFilter(f"named_{name}", f"{name} card",
                      lambda d: d.kind == POKEMON and d.name.startswith(name))


def card_named(name: str) -> CardFilter:
    """Cards of one name ("search your deck for Grimer")."""
    return CardFilter(f"named_{name}", f"{name} card", lambda d: d.name == name)


def pokemon_of_type(t: str) -> CardFilter:
    """Pokémon cards of a type ("a [G] Pokémon")."""
    return CardFilter(f"pokemon_{t}", f"[{t}] Pokémon card",
                      lambda d: d.kind == POKEMON and t in d.types)


def basic_energy_of_type(t: str) -> CardFilter:
    bit = BIT[t]
    return CardFilter(f"basic_energy_{t}", f"basic [{t}] Energy card",
                      lambda d: d.basic_energy and any(u & bit for u in d.units))


# --- Platinum era: pl1 part3 (commons, Trainers, Rainbow Energy)
# Small general pieces the commons and Trainers of Platinum need: amounts and tests on a
# Pokémon, hidden-hand discards, decks looked at from either side, Pokémon put onto the
# Bench from a search, and the Trainer filters of the era (where "Trainer card" means the
# cards that are neither Supporters nor Stadiums).

TRAINER_ITEM = CardFilter(
    "trainer_item", "Trainer card",
    lambda d: d.kind == TRAINER and d.trainer_kind not in ("supporter", "stadium"))
GALACTIC_INVENTION = CardFilter(
    "galactic_invention", "Trainer card with Team Galactic's Invention in its name",
    lambda d: d.kind == TRAINER and d.trainer_kind not in ("supporter", "stadium")
    and "Team Galactic's Invention" in d.name)


def _own_stadium(m: Match, p: int) -> bool:
    return m.stadium >= 0 and m.owner[m.stadium] == p


PLAYER_TESTS["condition"] = (_active_has_condition, "a Pokémon with a Special Condition")
PLAYER_TESTS["stadium"] = (_own_stadium, "a Stadium in play")
PLAYER_TESTS["no_bench"] = (lambda m, p: not m.players[p].bench, "no Benched Pokémon")
PLAYER_TESTS["trainer_discard"] = (
    lambda m, p: any(TRAINER_ITEM.test(m.defs[c]) for c in m.players[p].discard),
    "a Trainer card in the discard pile")
PLAYER_TESTS["pokemon_discard"] = (
    lambda m, p: any(m.defs[c].kind == POKEMON for c in m.players[p].discard),
    "a Pokémon card in the discard pile")
PLAYER_TESTS["sp_in_play"] = (
    lambda m, p: any(m.defs[s.top].sp for s in m.players[p].in_play()),
    "a Pokémon SP in play")


@dataclass(frozen=True)
class EnergyUnitsOn(Expr):
    """The amount of Energy attached to a Pokémon (units, not cards)."""

    who: str

    def eval(self, m: Match, f: Frame) -> int:
        s = who_slot(m, f, self.who)
        return len(energy_units(m, s)) if s is not None else 0

    def text(self, tc: TC) -> str:
        return f"Energy attached to {who_text(tc, self.who)}"

    def expect(self, ev: Eval) -> float:
        s = _eval_slot(ev, self.who)
        return float(len(energy_units(ev.m, s))) if s is not None else 0.0


class DamageChosenNoWR(DamageChosen):
    """Damage to a chosen Pokémon (Active or Benched) that Weakness and Resistance never
    change."""

    def text(self, tc: TC) -> str:
        return (f"That Pokémon takes {self.amount.text(tc)} damage instead; Weakness and "
                "Resistance are not applied.")

    def run(self, m: Match, f: Frame) -> Result:
        return _damage_chosen(m, f, self.var, self.amount.eval(m, f), weakness=False,
                              resistance=False)


class BenchDamageOfType(BenchDamage):
    """Damage to each of the opponent's Benched Pokémon of one type."""

    def __init__(self, amount: int, etype: str) -> None:
        super().__init__(amount, side="opp")
        self.etype = etype

    def text(self, tc: TC) -> str:
        return (f"Every [{self.etype}] Pokémon on your opponent's Bench takes {self.amount} "
                "damage (no Weakness or Resistance on the Bench).")

    def _targets(self, m: Match, f: Frame) -> list[Slot]:
        from ..facts import pokemon_types

        return [s for s in m.players[1 - f.player].bench
                if self.etype in pokemon_types(m, s)]

    def value(self, ev: Eval) -> None:
        from ..facts import pokemon_types

        n = sum(1 for s in ev.m.players[1 - ev.player].bench
                if self.etype in pokemon_types(ev.m, s))
        ev.add(0.8 * self.amount * n)


class ReorderTopOfDeckOf(ReorderTopOfDeck):
    """Look at the top ``n`` cards of the deck of the player a yes/no answer (``var``: yes
    for the opponent's) names, and put them back in any order. Only the chooser sees them."""

    def __init__(self, n: int, var: str) -> None:
        super().__init__(n)
        self.var = var

    def text(self, tc: TC) -> str:
        return (f"Pick a player's deck: look at {self.n} cards from its top and put them back "
                "in the order you like.")

    def run(self, m: Match, f: Frame) -> Result:
        owner = 1 - f.player if f.vars.get(self.var) else f.player
        if owner == f.player:
            return super().run(m, f)
        # The same choice, on the opponent's deck (the chooser is still this player).
        real = m.players[f.player].deck
        m.players[f.player].deck = m.players[owner].deck
        try:
            return super().run(m, f)
        finally:
            m.players[f.player].deck = real

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        owner = 1 - f.player if f.vars.get(self.var) else f.player
        deck = m.players[owner].deck
        order = list(answer[0][1:])
        del deck[-len(order):]
        deck.extend(reversed(order))
        return NEXT


class MoveTopToBottom(Step):
    """Put the top ``n`` cards of your deck on its bottom (in the same order)."""

    def __init__(self, n: int, wording: str) -> None:
        self.n = n
        self.wording = wording

    def text(self, tc: TC) -> str:
        return self.wording

    def run(self, m: Match, f: Frame) -> Result:
        deck = m.players[f.player].deck
        n = min(self.n, len(deck))
        if n:
            top = deck[-n:]
            del deck[-n:]
            deck[:0] = top
        return NEXT


class InflictActives(Step):
    """Each Active Pokémon (both players') is now affected by a Special Condition;
    ``skip_sp``: Pokémon SP are left out."""

    def __init__(self, condition: int, *, skip_sp: bool = False) -> None:
        self.condition = condition
        self.skip_sp = skip_sp

    def text(self, tc: TC) -> str:
        but = " (except Pokémon SP)" if self.skip_sp else ""
        return (f"Both players' Active Pokémon{but} become "
                f"{CONDITION_TEXT[self.condition]}.")

    def _hits(self, m: Match, p: int) -> bool:
        s = m.players[p].active
        return s is not None and not (self.skip_sp and m.defs[s.top].sp)

    def value(self, ev: Eval) -> None:
        worth = CONDITION_WORTH[self.condition]
        if self._hits(ev.m, 1 - ev.player):
            ev.add(worth)
        if self._hits(ev.m, ev.player):
            ev.add(-worth)

    def run(self, m: Match, f: Frame) -> Result:
        for p in (f.player, 1 - f.player):
            s = m.players[p].active
            if s is not None and self._hits(m, p):
                inflict(m, s, self.condition)
        return NEXT


SHOWN = "_shown"  # a frame variable: the opponent's cards an effect showed its player


class LookAtOpponentHand(Step):
    """Look at the opponent's hand, then answer a yes/no question (``var``). The cards are
    named in the prompt of the chooser's own decision, which the opponent's view never
    shows (position.player_view hides the options and prompt of another's choice)."""

    def __init__(self, var: str, question: str) -> None:
        self.var = var
        self.question = question

    def text(self, tc: TC) -> str:
        return "Have a look at the cards your opponent holds."

    def run(self, m: Match, f: Frame) -> Result:
        hand = m.players[1 - f.player].hand
        names = ", ".join(m.defs[c].name for c in hand) or "no cards"
        # (kept as a list: the cards shown stay put when the chooser's computer deals
        # the cards it has not seen, players.hidden.pinned_cards)
        f.vars[SHOWN] = list(hand)
        m.pending = Choice(f.player, "yes_no", f"Your opponent's hand: {names}. {self.question}",
                           YES_NO_OPTIONS)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        f.vars[self.var] = answer[0][0] == YES
        return NEXT


# --- Platinum era: pl1 part3 (Tools for some Pokémon only)


@dataclass(frozen=True)
class HolderIs(Cond):
    """A Tool's ``attach_to``: the Pokémon it would be attached to (the query frame's user)
    passes ``filt`` ("Attach it to 1 of your Pokémon SP")."""

    filt: PokemonFilter

    def holds(self, m: Match, f: Frame) -> bool:
        s = who_slot(m, f, SELF)
        return s is not None and self.filt.test(m, s)

    def text(self, tc: TC) -> str:
        return f"1 of your Pokémon {self.filt.label}"


# --- Platinum era: Rising Rivals part 3 (pl2-75 to pl2-102, pl2-112 to 114, RT1 to RT6)

from ..carddefs import POKEMON as _POKEMON_KIND  # noqa: E402
from ..ops import place_attack_damage as _place_attack_damage  # noqa: E402
from ..ops import retreat_cost as _retreat_cost  # noqa: E402
from ..ops import slot_passive_list as _slot_passive_list  # noqa: E402

SP_CARD = CardFilter("sp_pokemon", "Pokémon SP card",
                     lambda d: d.kind == _POKEMON_KIND and d.sp)
SP_OR_BASIC_ENERGY = CardFilter("sp_or_basic_energy", "Pokémon SP or basic Energy card",
                                lambda d: (d.kind == _POKEMON_KIND and d.sp) or d.basic_energy)




def _any_slot(m: Match, p: int, filt: PokemonFilter) -> bool:
    return any(filt.test(m, s) for s in m.players[p].in_play())


PLAYER_TESTS.update({
    "sp_in_play": (lambda m, p: _any_slot(m, p, SP_POKEMON), "a Pokémon SP in play"),
    "damaged_sp": (lambda m, p: _any_slot(m, p, DAMAGED_SP),
                   "a Pokémon SP with damage counters"),
    "evolved": (lambda m, p: _any_slot(m, p, EVOLVED), "an Evolved Pokémon in play"),
    # The Trainer being played is still in the hand when this is asked.
    "another_card_in_hand": (lambda m, p: len(m.players[p].hand) >= 2,
                             "another card in hand"),
    "sp_energy_ready": (lambda m, p: _any_slot(m, p, SP_POKEMON) and any(
        m.defs[c].basic_energy for c in m.players[p].hand),
        "a Pokémon SP in play and a basic Energy card in hand"),
    # Drawing up to 6 after an optional discard draws something: at most 6 other cards.
    "can_draw_to_6": (lambda m, p: len(m.players[p].hand) <= 7 and bool(m.players[p].deck),
                      "fewer than 7 other cards in hand and cards in the deck"),
    "two_pokemon_energy": (lambda m, p: len(m.players[p].in_play()) >= 2 and _any_slot(
        m, p, WITH_ENERGY), "2 Pokémon in play, one of them with Energy attached"),
})




@dataclass(frozen=True)
class RetreatCostOf(Expr):
    """The [C] Energy in a Pokémon's Retreat Cost, after effects that change it."""

    who: str

    def eval(self, m: Match, f: Frame) -> int:
        s = who_slot(m, f, self.who)
        return _retreat_cost(m, s) if s is not None else 0

    def text(self, tc: TC) -> str:
        return f"[C] of Retreat Cost {who_text(tc, self.who)} has (effects on it included)"

    def expect(self, ev: Eval) -> float:
        s = _eval_slot(ev, self.who)
        return float(_retreat_cost(ev.m, s)) if s is not None else 1.0




class UnaffectedDamage(Step):
    """Attack damage to the Defending Pokémon or a chosen one (``var``) that no Weakness,
    Resistance, Poké-Power, Poké-Body or other effect on that Pokémon changes; effects on
    the attacker (damage steps b and e) still count."""

    main = True

    def __init__(self, amount: int | Expr = PRINTED, var: str = DEFENDER) -> None:
        self.amount = Const(amount) if isinstance(amount, int) else amount
        self.var = var

    def text(self, tc: TC) -> str:
        target = "the Defending Pokémon" if self.var == DEFENDER else "that Pokémon"
        amount = "Its damage" if self.amount is PRINTED else f"{self.amount.text(tc)} damage"
        return (f"{amount} to {target} ignores Weakness, Resistance, Poké-Powers, "
                "Poké-Bodies and every other effect on it.")

    def value(self, ev: Eval) -> None:
        ev.add(self.amount.expect(ev))

    def run(self, m: Match, f: Frame) -> Result:
        attacker = who_slot(m, f, SELF)
        for s in self._targets(m, f):
            dc = DamageCtx(attacker, s, f.player, is_active(m, s), weakness=False,
                           resistance=False)
            dmg = self.amount.eval(m, f)
            if attacker is not None:
                for step in ("b", "e"):
                    for ps, holder in _slot_passive_list(m, attacker):
                        if ps.damage_step == step and dmg > 0:
                            dmg = ps.modify_damage(m, dc, holder, dmg)
            dmg = max(0, dmg - dmg % 10)
            f.vars["dealt"] = dmg
            if dmg <= 0:
                continue
            # Placed as any attack damage is: what answers being damaged still answers it
            # (a Body of the damaged Pokémon, the record of damage taken from attacks).
            _place_attack_damage(m, dc, dmg)
        return NEXT

    def _targets(self, m: Match, f: Frame) -> list[Slot]:
        if self.var == DEFENDER:
            d = who_slot(m, f, DEFENDER)
            return [d] if d is not None else []
        out = [find_slot(m, sid) for sid in f.vars.get(self.var) or []]
        return [s for s in out if s is not None]


class DiscardEnergyEach(Step):
    """Every opponent's Pokémon with Energy on it loses one Energy card to the discard pile
    (the attacker picks each card, one Pokémon after another)."""

    def text(self, tc: TC) -> str:
        return "Discard an Energy card from each of your opponent's Pokémon."

    def value(self, ev: Eval) -> None:
        ev.add(12 * sum(1 for s in ev.m.players[1 - ev.player].in_play() if s.energy))

    def _todo(self, m: Match, f: Frame) -> list[Slot]:
        done = f.vars.get("_each_done") or []
        return [s for s in m.players[1 - f.player].in_play() if s.energy and s.id not in done]

    def run(self, m: Match, f: Frame) -> Result:
        while True:
            todo = self._todo(m, f)
            if not todo:
                f.vars.pop("_each_done", None)
                return NEXT
            s = todo[0]
            options = m.distinct_cards(list(s.energy), lambda d: True)
            if len(options) == 1:
                self._discard(m, f, s, options[0][1])
                continue
            m.pending = Choice(f.player, "energy", f"Discard an Energy card from "
                               f"{m.defs[s.top].name}.", tuple((ENERGY_OPTION, o[1], s.id)
                                                               for o in options))
            return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        cid, sid = answer[0][1], answer[0][2]
        s = find_slot(m, sid)
        if s is not None:
            self._discard(m, f, s, cid)
        return f.pc  # on to the next Pokémon

    def _discard(self, m: Match, f: Frame, s: Slot, cid: int) -> None:
        discard_attached(m, s, cid)
        f.vars["_each_done"] = [*(f.vars.get("_each_done") or []), s.id]


class ChooseEnergiesOn(Step):
    """Choose any number of the Energy cards attached to the Pokémon in ``who`` into
    ``var`` (none at all is allowed)."""

    def __init__(self, var: str, who: str, wording: str | None = None) -> None:
        self.var = var
        self.who = who
        self.wording = wording

    def text(self, tc: TC) -> str:
        if self.wording is not None:
            return self.wording
        return f"Choose as many Energy cards attached to {who_text(tc, self.who)} as you like."

    def run(self, m: Match, f: Frame) -> Result:
        s = _holder(m, f, self.who)
        if s is None or not s.energy:
            f.vars[self.var] = []
            return NEXT
        m.pending = Choice(f.player, "energy", self.text(TC("")),
                           tuple((ENERGY_OPTION, c, s.id) for c in s.energy),
                           min=0, max=len(s.energy))
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        f.vars[self.var] = [opt[1] for opt in answer]
        return NEXT


class MoveEnergyCards(MoveEnergy):
    """``MoveEnergy`` for several cards: its sentence speaks of them."""

    def text(self, tc: TC) -> str:
        if self.wording is not None:
            return self.wording
        return f"Move them to {who_text(tc, self.to)}."


class TakeFromBottom(Step):
    """Look at the bottom ``n`` cards of your deck, put up to ``take`` of them into your
    hand, and put the rest back on the bottom in the order you choose."""

    def __init__(self, n: int, take: int) -> None:
        self.n = n
        self.take = take

    def text(self, tc: TC) -> str:
        return (f"Look at your deck's bottom {self.n} cards. Put {self.take} of them into "
                "your hand and return the rest beneath your deck in any order.")

    def value(self, ev: Eval) -> None:
        ev.add(7 * min(self.take, len(ev.m.players[ev.player].deck)))

    def run(self, m: Match, f: Frame) -> Result:
        deck = m.players[f.player].deck  # the top card is the last one
        if "_bottom_taken" in f.vars:
            return self._order(m, f)
        bottom = deck[:self.n]
        want = min(self.take, len(bottom))
        if want == len(bottom):  # (copies are asked too: only the searcher sees them)
            self._move(m, f, bottom[len(bottom) - want:])
            return self._order(m, f)
        m.pending = Choice(f.player, "cards_deck", self.text(TC("")),
                           tuple((CARD, c) for c in bottom), min=want, max=want)
        return SUSPEND

    def _move(self, m: Match, f: Frame, cards: list[int]) -> None:
        p = m.players[f.player]
        for cid in cards:
            p.deck.remove(cid)
            p.hand.append(cid)
            if m.logging:
                m.log.append((EV_MOVE, f.player, cid, "hand", False, "deck"))
        f.vars["_bottom_taken"] = len(cards)

    def _order(self, m: Match, f: Frame) -> Result:
        from itertools import permutations

        deck = m.players[f.player].deck
        left = max(0, min(self.n, len(deck) + int(f.vars["_bottom_taken"]))
                   - int(f.vars["_bottom_taken"]))
        rest = deck[:left]
        seen: set[tuple[str, ...]] = set()
        options = []
        for order in permutations(rest):
            key = tuple(m.defs[c].id for c in order)
            if key not in seen:
                seen.add(key)
                options.append((ORDER, *order))
        if len(rest) <= 1:  # (copies are asked too: only the player has seen them)
            del f.vars["_bottom_taken"]
            return NEXT
        f.vars["_bottom_order"] = left
        m.pending = Choice(f.player, "order", "Return these cards under your deck, the "
                           "card that goes nearest the top first.", tuple(options))
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        if "_bottom_order" in f.vars:
            left = int(f.vars.pop("_bottom_order"))
            del f.vars["_bottom_taken"]
            deck = m.players[f.player].deck
            order = list(answer[0][1:])  # nearest the top first
            deck[:left] = list(reversed(order))
            return NEXT
        self._move(m, f, [opt[1] for opt in answer])
        return f.pc  # then the order of the others


class ChangeTypeThisTurn(Step):
    """A Pokémon's type becomes ``etype`` until the end of this turn (a lasting mark that
    stays when it moves to the Bench)."""

    def __init__(self, etype: str, who: str = SELF) -> None:
        self.etype = etype
        self.who = who
        self.marker = f"type_{etype}"
        if self.marker not in MARKERS:
            raise ValueError(f"no type marker for {etype!r} (effects/library.py)")

    def text(self, tc: TC) -> str:
        return f"{_cap(who_text(tc, self.who))} is a [{self.etype}] Pokémon until the end of " \
               "your turn."

    def value(self, ev: Eval) -> None:
        d = ev.m.players[1 - ev.player].active
        if d is not None:
            facts = ev.m.defs[d.top]
            if any(t == self.etype for t, _ in facts.weakness):
                ev.add(15)

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.who)
        if s is not None:
            for name in [k for k in s.markers if k.startswith("type_")]:
                del s.markers[name]
            s.markers[self.marker] = m.turn
        return NEXT


class ReturnDefenderToHand(ReturnToHand):
    """The opponent returns the Defending Pokémon and every card attached to it to their
    hand (they then choose a new Active Pokémon)."""

    def __init__(self) -> None:
        super().__init__(DEFENDER)

    def text(self, tc: TC) -> str:
        return ("Your opponent puts the Defending Pokémon and every card attached to it back "
                "into their hand.")

    def value(self, ev: Eval) -> None:
        d = ev.defender
        ev.add(20 + 0.5 * (d.damage if d is not None else 0) + 5 * len(d.energy if d else []))


class UsableWhileAsleep(Step):
    """Says that the attack may be used while its Pokémon is Asleep (Toss and Turn): the
    card pool sets ``AttackDef.asleep_ok`` from it; it does nothing when the attack runs."""

    asleep_ok = True

    def text(self, tc: TC) -> str:
        return "This attack can be used even while this Pokémon is Asleep."

    def run(self, m: Match, f: Frame) -> Result:
        return NEXT


TOOL_CARD = CardFilter("tool", "Pokémon Tool card", lambda d: d.trainer_kind == "tool")



class AttachToolChosen(Step):
    """Attach the chosen Pokémon Tool card (``var``, from one of your zones) to the Pokémon
    ``onto`` names, if it holds no Tool yet."""

    def __init__(self, var: str, onto: str, wording: str = "Attach it to that Pokémon.",
                 ) -> None:
        self.var = var
        self.onto = onto
        self.wording = wording

    def text(self, tc: TC) -> str:
        return self.wording

    def value(self, ev: Eval) -> None:
        ev.add(8)

    def run(self, m: Match, f: Frame) -> Result:
        target = who_slot(m, f, self.onto)
        p = m.players[f.player]
        for cid in (f.vars.get(self.var) or [])[:1]:
            if target is None or target.tool >= 0 or _take_from_own_zones(p, cid) is None:
                continue
            target.tool = cid
            if m.logging:
                m.log.append((EV_ATTACH, f.player, cid, target.top))
        return NEXT


SLOT_TESTS["sp"] = (lambda m, s: m.defs[s.top].sp, "is a Pokémon SP")


# --- Platinum era: Rising Rivals part 2 (pl2-35 to pl2-74)
# Tests of Pokémon, card filters, counts and steps that the rares, uncommons and commons of
# Rising Rivals need; written generally (parameters) so other sets of the era can use them.

def _stage(m: Match, s: Slot) -> int:
    from ..ops import pokemon_facts

    return pokemon_facts(m, s).stage


SLOT_TESTS["evolved"] = (is_evolved, "is an Evolved Pokémon")
# An Ability that answers evolving from the hand: the Pokémon evolved this turn.
SLOT_TESTS["evolved_this_turn"] = (
    lambda m, s: is_evolved(m, s) and s.played_turn == m.turn,
    "evolved this turn")



def evolves_from(name: str) -> CardFilter:
    """Evolution cards that evolve from the Pokémon called ``name``."""
    return CardFilter(f"evolves_from_{name}", f"card that evolves from {name}",
                      lambda d: d.kind == POKEMON and d.evolves_from == name)


UNDAMAGED = PokemonFilter("undamaged", "with no damage counters", lambda m, s: s.damage == 0)
DAMAGED_G = PokemonFilter("damaged_G", "[G] Pokémon with damage counters",
                          lambda m, s: s.damage > 0 and "G" in _types(m, s))


def _types(m: Match, s: Slot) -> tuple[str, ...]:
    from ..ops import pokemon_types

    return pokemon_types(m, s)


@dataclass(frozen=True)
class VarFalse(Cond):
    """A yes/no answer or a count in a variable is false / zero (the opposite of
    ``VarTrue``)."""

    var: str
    wording: str = "you don't"

    def holds(self, m: Match, f: Frame) -> bool:
        return not f.vars.get(self.var)

    def text(self, tc: TC) -> str:
        return self.wording

    def prob(self, ev: Eval) -> float:
        return 0.5


@dataclass(frozen=True)
class CardsInZone(SideCount):
    """How many cards passing a filter lie in a zone (hand, deck, discard) of a side."""

    side: str
    zone: str
    filt: Any  # CardFilter
    wording: str = ""

    def count(self, m: Match, p: PlayerState) -> int:
        ok = self.filt.verdicts
        return sum(1 for c in _zone(m, p.index, self.zone) if ok[m.defs[c]])

    def expect(self, ev: Eval) -> float:
        player = ev.player if self.side == "own" else 1 - ev.player
        return expected_in_zone(ev, player, self.zone, self.filt.verdicts.__getitem__)

    def text(self, tc: TC) -> str:
        if self.wording:
            return self.wording
        whose = "your" if self.side == "own" else "your opponent's"
        where = {"hand": "hand", "deck": "deck", "discard": "discard pile"}[self.zone]
        return f"{self.filt.label} in {whose} {where}"


class MoveZoneCards(Step):
    """Move every card passing a filter from one zone of a side to another ("put the
    Energy cards of your opponent's discard pile on top of his or her deck"); a shuffle
    follows as its own step."""

    def __init__(self, side: str, frm: str, to: str, filt: CardFilter, wording: str) -> None:
        self.side = side
        self.frm = frm
        self.to = to
        self.filt = filt
        self.wording = wording

    def text(self, tc: TC) -> str:
        return self.wording

    def value(self, ev: Eval) -> None:
        ev.add(3 if self.side == "opp" else -3)

    def run(self, m: Match, f: Frame) -> Result:
        p = f.player if self.side == "own" else 1 - f.player
        src, dst = _zone(m, p, self.frm), _zone(m, p, self.to)
        ok = self.filt.verdicts
        moving = [c for c in src if ok[m.defs[c]]]
        for c in moving:
            src.remove(c)
            dst.append(c)
            if m.logging:
                m.log.append((EV_MOVE, p, c, self.to, True, self.frm))
        return NEXT


class OpponentMayDiscard(Step):
    """The opponent may discard a card of their hand (to avoid what follows);
    ``var`` is True when a card was discarded. The opponent sees only his or her hand."""

    def __init__(self, var: str, wording: str = "") -> None:
        self.var = var
        self.wording = wording

    def text(self, tc: TC) -> str:
        return self.wording

    def value(self, ev: Eval) -> None:
        ev.add(4)

    def run(self, m: Match, f: Frame) -> Result:
        hand = m.players[1 - f.player].hand
        if not hand:
            f.vars[self.var] = False
            return NEXT
        options = m.distinct_cards(hand, lambda d: True)
        m.pending = Choice(1 - f.player, "cards_hand",
                           "Discard a card from your hand to avoid the effect, or none.",
                           options, min=0, max=1)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        chosen = [opt[1] for opt in answer]
        p = m.players[1 - f.player]
        for c in chosen:
            if c in p.hand:
                p.hand.remove(c)
                p.discard.append(c)
                if m.logging:
                    m.log.append((EV_MOVE, p.index, c, "discard", True, "hand"))
        f.vars[self.var] = bool(chosen)
        return NEXT


class EvolveWith(Step):
    """Put the chosen card (``var``: from your hand or deck) onto a Pokémon (``who``); this
    counts as evolving it (attack results and Special Conditions end)."""

    def __init__(self, var: str, who: str = SELF, wording: str | None = None) -> None:
        self.var = var
        self.who = who
        self.wording = wording

    def text(self, tc: TC) -> str:
        if self.wording is not None:
            return self.wording
        return f"Evolve {who_text(tc, self.who)} by putting it on top (as a normal evolution)."

    def value(self, ev: Eval) -> None:
        ev.add(20)

    def run(self, m: Match, f: Frame) -> Result:
        from ..notation import EV_EVOLVE
        from ..ops import evolve

        s = who_slot(m, f, self.who)
        cards = f.vars.get(self.var) or []
        if s is None or not cards:
            return NEXT
        cid = cards[0]
        p = m.players[f.player]
        source = _take_from_own_zones(p, cid)
        if source is None:
            return NEXT
        before = s.top
        evolve(m, s, cid)
        if m.logging:
            m.log.append((EV_EVOLVE, f.player, before, cid))
        pf = m.printed[cid]
        if source == "hand" and pf is not None and pf.power_choices:
            # (played from the hand to evolve: an Ability like Giant Fan may fire)
            from ..actions import evolve_triggers

            evolve_triggers(m, s, pf)
        return NEXT


class SetCounter(Step):
    """Set a counter marker (``MarkerKind.is_counter``) on a Pokémon to ``value``, e.g. how
    many damage counters its Poison places between turns."""

    def __init__(self, who: str, marker: str, amount: int, wording: str) -> None:
        self.who = who
        self.marker = marker
        self.amount = amount
        self.wording = wording
        if marker not in MARKERS:
            raise ValueError(f"unknown marker {marker!r}")

    def text(self, tc: TC) -> str:
        return self.wording

    def value(self, ev: Eval) -> None:
        ev.add(10 * (self.amount - 1) if self.who == DEFENDER else -10)

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.who)
        if s is not None and is_active(m, s):
            s.markers[self.marker] = self.amount
        return NEXT


SLOT_TESTS["may_evolve"] = (
    lambda m, s: s.played_turn < m.turn
    and not (m.rules.no_evolve_first_turn and m.turn <= 2)
    and not has_marker(m, s, "cant_evolve"),
    "could be evolved now")


# --- Platinum era: pl1 part2 (pl1-35 to pl1-77)
# Conditions, expressions and steps the Platinum commons and uncommons print and no older
# step says: a fact remembered before the damage, choices that look at the opponent's
# hand or follow a chosen Pokémon's type, evolving from an effect, putting Basics onto the
# Bench, damage to a filtered part of the Bench.


@dataclass(frozen=True)
class CardProvides(Cond):
    """The card chosen into ``var`` (an Energy card) provides ``etype``."""

    var: str
    etype: str
    wording: str = ""

    def holds(self, m: Match, f: Frame) -> bool:
        cards = f.vars.get(self.var) or []
        bit = BIT[self.etype]
        return bool(cards) and any(u & bit for u in m.defs[cards[0]].units)

    def text(self, tc: TC) -> str:
        return self.wording or f"it provides [{self.etype}] Energy"

    def prob(self, ev: Eval) -> float:
        return 0.5


@dataclass(frozen=True)
class MoreEnergyInPlay(Cond):
    """``side``'s Pokémon have more Energy cards attached in all than the other side's."""

    side: str = "own"

    def _holds(self, m: Match, player: int) -> bool:
        me = player if self.side == "own" else 1 - player
        return _energy_in_play(m, me) > _energy_in_play(m, 1 - me)

    def holds(self, m: Match, f: Frame) -> bool:
        return self._holds(m, f.player)

    def text(self, tc: TC) -> str:
        if self.side == "own":
            return "your Pokémon have more Energy cards attached in all than your opponent's"
        return "your opponent's Pokémon have more Energy cards attached in all than yours"

    def prob(self, ev: Eval) -> float:
        return 1.0 if self._holds(ev.m, ev.player) else 0.0


@dataclass(frozen=True)
class FewerEnergyThan(Cond):
    """Pokémon ``who`` has fewer Energy cards attached than Pokémon ``than``."""

    who: str
    than: str

    def holds(self, m: Match, f: Frame) -> bool:
        a, b = who_slot(m, f, self.who), who_slot(m, f, self.than)
        return a is not None and b is not None and len(a.energy) < len(b.energy)

    def text(self, tc: TC) -> str:
        return (f"{who_text(tc, self.who)} has fewer Energy cards attached than "
                f"{who_text(tc, self.than)}")

    def prob(self, ev: Eval) -> float:
        a, b = _eval_slot(ev, self.who), _eval_slot(ev, self.than)
        if a is None or b is None:
            return 0.3
        return 1.0 if len(a.energy) < len(b.energy) else 0.0


@dataclass(frozen=True)
class HasEnergyOfType(Cond):
    """Pokémon ``who`` has Energy of ``etype`` attached (after effects that change it)."""

    who: str
    etype: str

    def holds(self, m: Match, f: Frame) -> bool:
        s = who_slot(m, f, self.who)
        return s is not None and any(u & BIT[self.etype] for u in energy_units(m, s))

    def text(self, tc: TC) -> str:
        return f"{who_text(tc, self.who)} has any [{self.etype}] Energy on it"

    def prob(self, ev: Eval) -> float:
        s = _eval_slot(ev, self.who)
        if s is None:
            return 0.5
        return 1.0 if any(u & BIT[self.etype] for u in energy_units(ev.m, s)) else 0.0


@dataclass(frozen=True)
class AnyPokemon(Cond):
    """Some Pokémon of ``side`` (in ``where``: any / bench) passes a filter."""

    side: str
    filt: PokemonFilter
    where: str = "any"
    wording: str = ""  # the sentence, where the generated one reads badly

    def _holds(self, m: Match, player: int) -> bool:
        p = m.players[player if self.side == "own" else 1 - player]
        slots = p.bench if self.where == "bench" else p.in_play()
        return any(self.filt.test(m, s) for s in slots)

    def holds(self, m: Match, f: Frame) -> bool:
        return self._holds(m, f.player)

    def text(self, tc: TC) -> str:
        if self.wording:
            return self.wording
        whose = "you have" if self.side == "own" else "your opponent has"
        where = "a Benched Pokémon" if self.where == "bench" else "a Pokémon"
        return f"{whose} {where} {self.filt.label} in play"

    def prob(self, ev: Eval) -> float:
        return 1.0 if self._holds(ev.m, ev.player) else 0.0


@dataclass(frozen=True)
class StadiumInPlay(Cond):
    def holds(self, m: Match, f: Frame) -> bool:
        return m.stadium >= 0

    def text(self, tc: TC) -> str:
        return "a Stadium card is in play"

    def prob(self, ev: Eval) -> float:
        return 1.0 if ev.m.stadium >= 0 else 0.0


PLAYER_TESTS["supporter_played"] = (lambda m, p: m.players[p].supporter_played,
                                    "played a Supporter card during this turn")


@dataclass(frozen=True)
class EnergyOfTypeInPlay(SideCount):
    """Energy units of a type attached to all of a side's Pokémon."""

    side: str
    etype: str

    def count(self, m: Match, p: PlayerState) -> int:
        bit = BIT[self.etype]
        return sum(1 for s in p.in_play() for u in energy_units(m, s) if u & bit)

    def text(self, tc: TC) -> str:
        whose = "your" if self.side == "own" else "your opponent's"
        return f"[{self.etype}] Energy attached to {whose} Pokémon in play"


@dataclass(frozen=True)
class EnergyInTopOfDeck(Expr):
    """Energy cards among the top ``n`` cards of your deck (revealed to both players)."""

    n: int

    def eval(self, m: Match, f: Frame) -> int:
        top = m.players[f.player].deck[-self.n:]
        return sum(1 for c in top if m.defs[c].kind == ENERGY)

    def text(self, tc: TC) -> str:
        return f"Energy card among the top {self.n} cards of your deck"

    def expect(self, ev: Eval) -> float:
        return self.n * 0.4  # the deck is secret: a typical share of Energy


class Remember(Step):
    """Keep whether a condition holds now in ``var`` (a fact read before this attack's
    damage changes it, "already has damage counters"). It says nothing itself: the step
    that reads ``var`` does. A cost-like step: it runs before the damage (``pre``)."""

    def __init__(self, var: str, cond: Cond) -> None:
        self.var = var
        self.cond = cond
        self.pre = True

    def text(self, tc: TC) -> str:
        return ""

    def run(self, m: Match, f: Frame) -> Result:
        f.vars[self.var] = self.cond.holds(m, f)
        return NEXT


class MayChooseAttachedEnergy(Step):
    """You may choose 1 Energy card attached to ``who`` that provides one of ``etypes``
    (``var`` is empty if you choose none)."""

    def __init__(self, var: str, who: str, etypes: tuple[str, ...], *, pre: bool = False,
                 ) -> None:
        self.var = var
        self.who = who
        self.etypes = etypes
        self.pre = pre

    def text(self, tc: TC) -> str:
        kinds = " or ".join(f"[{t}]" for t in self.etypes)
        return f"You may choose a {kinds} Energy card attached to {who_text(tc, self.who)}."

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.who)
        mask = 0
        for t in self.etypes:
            mask |= BIT[t]
        cands = [] if s is None else [c for c in s.energy
                                      if any(u & mask for u in m.defs[c].units)]
        if not cands:
            f.vars[self.var] = []
            return NEXT
        options = m.distinct_cards(cands, lambda d: True)
        m.pending = Choice(f.player, "energy", self.text(TC("")), options, min=0, max=1)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        f.vars[self.var] = [opt[1] for opt in answer]
        return NEXT


class ChooseCardsFor(ChooseCards):
    """A search whose filter depends on a Pokémon in play (``who``): ``match`` is
    "evolves_from" (a card that evolves from it) or "same_type" (a Pokémon card sharing a
    type with it)."""

    def __init__(self, var: str, zone: str, match: str, who: str, *,
                 count: int | Expr = 1, up_to: bool | None = None) -> None:
        super().__init__(var, zone, ANY_CARD, count=count, up_to=up_to)
        if match not in ("evolves_from", "same_type"):
            raise ValueError(f"unknown match {match!r}")
        self.match = match
        self.who = who

    def _test(self, m: Match, f: Frame) -> Callable[[CardDef], bool]:
        s = who_slot(m, f, self.who)
        if s is None:
            return lambda d: False
        from ..ops import pokemon_facts

        facts = pokemon_facts(m, s)
        if self.match == "evolves_from":
            return lambda d: (d.kind == POKEMON and d.evolves_from == facts.name
                              and d.stage == facts.stage + 1)
        types = set(facts.types)
        return lambda d: d.kind == POKEMON and bool(types & set(d.types))

    def _cands(self, m: Match, f: Frame) -> list[int]:
        ok = self._test(m, f)
        cands = [c for c in _zone(m, f.player, self.zone) if ok(m.defs[c])]
        if self.exclude_source and f.source in cands:
            cands.remove(f.source)
        return cands

    def text(self, tc: TC) -> str:
        where = {"hand": "your hand", "deck": "your deck", "discard": "your discard pile"}
        what = ("a card that evolves from " + who_text(tc, self.who)
                if self.match == "evolves_from"
                else "a Pokémon card of the same type as " + who_text(tc, self.who))
        if self.zone == "deck":
            return f"Search your deck and pick {what}."
        return f"Choose {what} from {where[self.zone]}."




class ChooseOpponentHandCard(Step):
    """The chooser sees the opponent's hand and picks 1 card of it into ``var`` (the card
    says to look, so that hand is shown to the chooser)."""

    def __init__(self, var: str) -> None:
        self.var = var

    def text(self, tc: TC) -> str:
        return "Look through your opponent's hand and pick 1 card there."

    def run(self, m: Match, f: Frame) -> Result:
        hand = m.players[1 - f.player].hand
        if not hand:
            f.vars[self.var] = []
            return NEXT
        options = m.distinct_cards(hand, lambda d: True)
        if len(options) == 1:
            f.vars[self.var] = [options[0][1]]
            return NEXT
        m.pending = Choice(f.player, "cards_opp_hand", self.text(TC("")), options)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        f.vars[self.var] = [opt[1] for opt in answer]
        return NEXT


class OpponentCardsToDeck(Step):
    """Your opponent puts the cards of their hand chosen into ``var`` into their deck (a
    shuffle of that deck follows as its own step)."""

    def __init__(self, var: str, wording: str | None = None) -> None:
        self.var = var
        self.wording = wording

    def text(self, tc: TC) -> str:
        return self.wording if self.wording is not None else \
            "Your opponent shuffles it into their deck."

    def value(self, ev: Eval) -> None:
        ev.add(8)

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[1 - f.player]
        for cid in f.vars.get(self.var) or []:
            if cid in p.hand:
                p.hand.remove(cid)
                p.deck.append(cid)
                if m.logging:
                    m.log.append((EV_MOVE, p.index, cid, "deck", True, "hand"))
        return NEXT


class OpponentMayDraw(Step):
    """Your opponent may draw ``n`` cards (their yes/no decision)."""

    def __init__(self, n: int = 1) -> None:
        self.n = n

    def text(self, tc: TC) -> str:
        return f"Your opponent may draw {plural(self.n, 'card')}."

    def value(self, ev: Eval) -> None:
        ev.add(-4 * self.n)

    def run(self, m: Match, f: Frame) -> Result:
        if not m.players[1 - f.player].deck:
            return NEXT
        m.pending = Choice(1 - f.player, "yes_no", f"Draw {plural(self.n, 'card')}?",
                           YES_NO_OPTIONS)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        if answer[0][0] == YES:
            draw(m, m.players[1 - f.player], self.n)
        return NEXT


class AttachEachToOwn(Step):
    """Attach each card chosen into ``var`` (from your deck, hand or discard pile) to 1 of
    your Pokémon, choosing for each card where it goes."""

    def __init__(self, var: str, wording: str | None = None) -> None:
        self.var = var
        self.wording = wording

    def text(self, tc: TC) -> str:
        return self.wording if self.wording is not None else \
            "Attach them to your Pokémon, split as you like."

    def value(self, ev: Eval) -> None:
        ev.add(12)

    def run(self, m: Match, f: Frame) -> Result:
        cards = f.vars.get(self.var) or []
        i = int(f.vars.get("_attached", 0))
        slots = m.players[f.player].in_play()
        if i >= len(cards) or not slots:
            f.vars.pop("_attached", None)
            return NEXT
        if len(slots) == 1:
            self._attach(m, f, cards[i], slots[0])
            return f.pc
        m.pending = Choice(f.player, "target",
                           f"Attach {m.defs[cards[i]].name} to which Pokémon?",
                           tuple((SLOT, s.id) for s in slots))
        return SUSPEND

    def _attach(self, m: Match, f: Frame, cid: int, target: Slot) -> None:
        f.vars["_attached"] = int(f.vars.get("_attached", 0)) + 1
        source = _take_from_own_zones(m.players[f.player], cid)
        if source is None:
            return
        target.energy.append(cid)
        if m.logging:
            m.log.append((EV_ATTACH, f.player, cid, target.top))
        if source == "hand":  # (what answers an attachment from the hand: Electromagnetic Wall)
            m.on_energy_attached(target, cid)

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        cards = f.vars.get(self.var) or []
        target = find_slot(m, answer[0][1])
        i = int(f.vars.get("_attached", 0))
        if target is not None and i < len(cards):
            self._attach(m, f, cards[i], target)
        return f.pc


class ChoosePokemonFor(ChoosePokemon):
    """``ChoosePokemon`` whose number is an expression (1 for each heads): that many
    different Pokémon, or all of them if there are fewer."""

    def __init__(self, var: str, side: str, where: str = "any", *, count: Expr,
                 wording: str | None = None) -> None:
        super().__init__(var, side, where, wording=wording)
        self.count_expr = count

    def text(self, tc: TC) -> str:
        if self.wording is not None:
            return self.wording
        whose = {"own": "your", "opp": "your opponent's", "any": "either player's"}[self.side]
        where = {"any": "Pokémon", "bench": "Benched Pokémon", "active": "Active Pokémon"}
        return (f"For each {self.count_expr.text(tc)}, choose 1 of {whose} "
                f"{where[self.where]}, each one different (all of them if there are fewer).")

    def run(self, m: Match, f: Frame) -> Result:
        self_count = self.count_expr.eval(m, f)
        cands = self.candidates(m, f.player, f)
        n = min(self_count, len(cands))
        if n <= 0:
            f.vars[self.var] = []
            return NEXT
        if n == len(cands):
            f.vars[self.var] = [s.id for s in cands]
            return NEXT
        options = tuple((SLOT, s.id) for s in cands)
        m.pending = Choice(f.player, "target", self.text(TC("")), options, min=n, max=n)
        return SUSPEND


class BenchDamageTo(BenchDamage):
    """Damage to each Benched Pokémon of ``side`` that passes a filter."""

    def __init__(self, amount: int, filt: PokemonFilter, *, side: str = "opp") -> None:
        super().__init__(amount, side=side)
        self.filt = filt

    def text(self, tc: TC) -> str:
        whose = {"opp": "your opponent's", "own": "your"}[self.side]
        return (f"Each of {whose} Benched Pokémon {self.filt.label} takes {self.amount} "
                "damage (no Weakness or Resistance on the Bench).")

    def _targets(self, m: Match, f: Frame) -> list[Slot]:
        return [s for s in super()._targets(m, f) if self.filt.test(m, s)]

    def value(self, ev: Eval) -> None:
        p = ev.m.players[1 - ev.player if self.side == "opp" else ev.player]
        n = sum(1 for s in p.bench if self.filt.test(ev.m, s))
        ev.add((0.8 if self.side == "opp" else -0.8) * self.amount * n)


class DiscardStadium(Step):
    """Discard the Stadium card in play (to its owner's discard pile)."""

    def text(self, tc: TC) -> str:
        return "Discard the Stadium card in play."

    def value(self, ev: Eval) -> None:
        if ev.m.stadium >= 0:
            ev.add(5 if ev.m.owner[ev.m.stadium] != ev.player else -5)

    def run(self, m: Match, f: Frame) -> Result:
        if m.stadium >= 0:
            old = m.stadium
            m.stadium = -1
            m.players[m.owner[old]].discard.append(old)
            if m.logging:
                from ..notation import EV_STADIUM_DISCARDED

                m.log.append((EV_STADIUM_DISCARDED, m.owner[old], old))
        return NEXT


SP_WITH_ENERGY = PokemonFilter("sp_energy", "SP with Energy attached",
                               lambda m, s: m.defs[s.top].sp and bool(s.energy))


class MarkWhileActive(Mark):
    """A lasting result of an attack with no end but the Pokémon leaving the Active spot
    (or evolving): the marker lasts to the last turn a game can reach."""

    def __init__(self, who: str, marker: str, wording: str) -> None:
        super().__init__(who, marker, 0, wording)

    def run(self, m: Match, f: Frame) -> Result:
        from ..validate import MAX_TURN

        s = who_slot(m, f, self.who)
        if s is not None and not shielded(m, f, s):
            s.markers[self.marker] = MAX_TURN
        return NEXT


# --- Platinum era: pl1 part2, the hooks (Toxicroak G, Crobat G, Mismagius)


def shielded(m: Match, f: Frame, s: Slot) -> bool:
    """Is the opponent's Pokémon ``s`` protected from every effect but damage of the attack
    running in ``f``? By an earlier attack's result (marker ``no_attack_effects``) or by a
    Poké-Body (hook ``guards_attack_effects``: Toxicroak G's Anticipation) or a marker
    whose passive answers that hook (Umbreon's Moonlight Fang), or by an Ability of its
    side (hook ``guards_side_effects``: Espeon's Solar Revelation). The one
    check of the steps that land an effect on a Pokémon (counters, conditions, markers,
    Energy discards, a forbidden attack)."""
    if s.owner == f.player or "#a" not in f.key:
        return False
    if has_marker(m, s, "no_attack_effects"):
        return True
    if s.markers and _marker_guards(m, s, f.player):  # (Umbreon's Moonlight Fang)
        return True
    return body_says(m, s, "guards_attack_effects", f.player) \
        or side_guards_effects(m, s, f.player)  # (an Ability of its side: Solar Revelation)


class PickAttack(Step):
    """The attack's choice of one attack of Pokémon ``who`` (step b of an attack, before
    the Confusion flip): the card and the index go into ``var`` and ``var_index`` for a
    later step. ``copyable``: the attacks another Pokémon may use as its own (Foul Play);
    else the attacks printed on the Pokémon's own card (Torment)."""

    pre = True

    def __init__(self, var: str, who: str = DEFENDER, *, copyable: bool = False) -> None:
        self.var = var
        self.who = who
        self.copyable = copyable

    def text(self, tc: TC) -> str:
        return ""  # the step that uses the choice words it

    def options(self, m: Match, f: Frame) -> tuple[tuple[Any, ...], ...]:
        from ..facts import stack_facts
        from ..notation import ATTACK

        s = who_slot(m, f, self.who)
        if s is None:
            return ()
        if self.copyable:
            return tuple((ATTACK, r.card, r.index) for r in _copyable_attacks(m, s))
        if shielded(m, f, s):
            return ()
        return tuple((ATTACK, r.card, r.index) for r in stack_facts(m, s).attacks
                     if r.card == s.top and r.index < 3)

    def run(self, m: Match, f: Frame) -> Result:
        options = self.options(m, f)
        if len(options) < 2:
            return self.resume(m, f, list(options))
        prompt = ("Choose the Defending Pokémon's attack to use" if self.copyable
                  else "Choose the attack it can't use next turn")
        m.pending = Choice(f.player, "attack", prompt, options)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        if answer:
            _, f.vars[self.var], f.vars[f"{self.var}_index"] = answer[0]
        return NEXT


def _picked(m: Match, f: Frame, var: str, s: Slot | None) -> tuple[int, int] | None:
    """The attack ``PickAttack`` chose into ``var``, if it is still one of Pokémon ``s``'s
    cards' (a position from outside may name anything there)."""
    card, index = f.vars.get(var), f.vars.get(f"{var}_index")
    if s is None or type(card) is not int or type(index) is not int or card not in s.cards:
        return None
    if not 0 <= index < len(m.defs[card].attacks):
        return None
    return card, index


class ForbidAttack(Step):
    """Pokémon ``who`` can't use the attack ``PickAttack`` chose into ``var`` during its
    owner's next turn (marker ``no_attack_<index>``, ``actions.attack_locked``). Written
    through :func:`forbid_attack`, which makes the choice first."""

    def __init__(self, var: str, who: str = DEFENDER, turns: int = 1) -> None:
        self.var = var
        self.who = who
        self.turns = turns

    def text(self, tc: TC) -> str:
        return (f"Pick one attack of {who_text(tc, self.who)}: it is unable to use that "
                "attack until your opponent's next turn is over.")

    def value(self, ev: Eval) -> None:
        ev.add(10)

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.who)
        picked = _picked(m, f, self.var, s)
        if picked is None or s is None or shielded(m, f, s) or picked[0] != s.top \
                or picked[1] >= 3:  # (markers exist for the three printed attacks)
            return NEXT
        s.markers[f"no_attack_{picked[1]}"] = m.turn + self.turns
        return NEXT


def forbid_attack(who: str = DEFENDER, turns: int = 1) -> list[Step]:
    """Torment's shape (one attack of that Pokémon is barred during its owner's next turn):
    the pick before the Confusion flip, the bar after it."""
    return [PickAttack("forbid", who), ForbidAttack("forbid", who, turns)]


class PoisonCounters(Step):
    """A Poison that places ``counters`` damage counters between turns instead of 1: the
    marker ``poison_counters`` on Pokémon ``who`` while it is Poisoned (the Poison step
    between turns reads it; a new Poison resets it)."""

    def __init__(self, who: str, counters: int) -> None:
        self.who = who
        self.counters = counters

    def text(self, tc: TC) -> str:
        return (f"Between turns, Poison puts {self.counters} damage counters on "
                f"{who_text(tc, self.who)}, not 1.")

    def value(self, ev: Eval) -> None:
        ev.add(10 * (self.counters - 1) if self.who == DEFENDER else -10)

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.who)
        if s is not None and s.conditions & POISONED and not shielded(m, f, s):
            s.markers["poison_counters"] = self.counters
        return NEXT


class FiringMoment(Cond):
    """The requirement of a power used only at one moment of the game that the rules
    recognise (a flag on the subclass says which): it never holds in the main phase, so the
    power is never offered there, and the rule of that moment starts it instead."""

    def holds(self, m: Match, f: Frame) -> bool:
        return False

    def prob(self, ev: Eval) -> float:
        return 0.0


@dataclass(frozen=True)
class BenchedFromHand(FiringMoment):
    """A Poké-Power that fires as its Pokémon is put from the hand onto the Bench (Crobat
    G's Flash Bite), started by ``actions.do_main_action``."""

    fires_on_bench: ClassVar[bool] = True
    power_head: ClassVar[str] = ("Once during your turn, as this Pokémon comes from your "
                                 "hand to your Bench")

    def text(self, tc: TC) -> str:
        return "you have just put this Pokémon from your hand onto your Bench"


# --- Platinum era: pl1 part3 (damage taken from the last turn's attacks)


@dataclass(frozen=True)
class AttackDamageTaken(Expr):
    """The damage the opponent's attacks did to a Pokémon during the opponent's last turn
    (the ``attack_damage_taken`` marker, kept where the ruleset records it)."""

    who: str = SELF

    def eval(self, m: Match, f: Frame) -> int:
        s = who_slot(m, f, self.who)
        return s.markers.get(ATTACK_DAMAGE_TAKEN, 0) if s is not None else 0

    def text(self, tc: TC) -> str:
        return (f"as much damage as your opponent's attacks did to {who_text(tc, self.who)} "
                "during their last turn (none if they did none)")

    def expect(self, ev: Eval) -> float:
        s = _eval_slot(ev, self.who)
        return float(s.markers.get(ATTACK_DAMAGE_TAKEN, 0)) if s is not None else 0.0


@dataclass(frozen=True)
class DamageTakenLastTurn(AttackDamageTaken):
    """The same amount for the attacking Pokémon itself, in Aggron's Return Blow's words."""

    def text(self, tc: TC) -> str:
        return f"as much damage as attacks did to {tc.me} during your opponent's last turn"


# --- Platinum era: pl1 part3 (answering a Poké-Power)

PLAYER_TESTS["sp_3_in_play"] = (
    lambda m, p: sum(1 for s in m.players[p].in_play() if m.defs[s.top].sp) >= 3,
    "3 or more Pokémon SP in play")


class PreventPowerEffects(Step):
    """A card played in response to the opponent's Poké-Power (``TrainerScript.responds_to``
    "poke_power"): that Power's program ends before any of its effects; it stays used."""

    def text(self, tc: TC) -> str:
        return ("Play this card only during your opponent's turn, as one of their Pokémon "
                "uses a Poké-Power: that Poké-Power has no effect at all (it still counts "
                "as used).")

    def value(self, ev: Eval) -> None:
        ev.add(20)

    def run(self, m: Match, f: Frame) -> Result:
        # The Power's frame: the one run for the Pokémon this response names (f.user).
        for fr in reversed(m.stack):
            if fr.user == f.user and fr.player != f.player and "#p" in fr.key:
                fr.pc = len(fr.code)
                break
        return NEXT


# --- Platinum era: Pokémon LV.X cards


def _is_lv_x(m: Match, s: Slot) -> bool:
    return stack_facts(m, s).has_kind(LV_X_KIND)


LV_X_POKEMON = PokemonFilter("lv_x", "that is a Pokémon LV.X", _is_lv_x)
WITH_TRAINER = PokemonFilter("with_trainer", "with a Pokémon Tool or Technical Machine "
                             "attached", lambda m, s: s.tool >= 0 or bool(s.tms))


def _sp_counter_to_move(m: Match, p: int) -> bool:
    sps = [s for s in m.players[p].in_play() if SP_POKEMON.test(m, s)]
    return len(sps) >= 2 and any(s.damage for s in sps)


PLAYER_TESTS["sp_counter_to_move"] = (
    _sp_counter_to_move, "a Pokémon SP with damage counters and another Pokémon SP in play")
PLAYER_TESTS["trainer_attached"] = (
    lambda m, p: any(s.tool >= 0 or s.tms for s in m.players[p].in_play()),
    "a Pokémon Tool or Technical Machine attached to a Pokémon")


@dataclass(frozen=True)
class HandBelow(Cond):
    """Your hand holds fewer than ``n`` cards."""

    n: int

    def holds(self, m: Match, f: Frame) -> bool:
        return len(m.players[f.player].hand) < self.n

    def text(self, tc: TC) -> str:
        return f"you have fewer than {self.n} cards in your hand"

    def prob(self, ev: Eval) -> float:
        return 1.0 if len(ev.m.players[ev.player].hand) < self.n else 0.0


@dataclass(frozen=True)
class HandSize(Expr):
    """The number of cards in your hand, at most ``cap`` if given."""

    cap: int | None = None

    def eval(self, m: Match, f: Frame) -> int:
        n = len(m.players[f.player].hand)
        return n if self.cap is None else min(n, self.cap)

    def text(self, tc: TC) -> str:
        cap = f" (at most {self.cap})" if self.cap is not None else ""
        return f"card in your hand{cap}"

    def expect(self, ev: Eval) -> float:
        n = float(len(ev.m.players[ev.player].hand))
        return n if self.cap is None else min(n, float(self.cap))


class PutCountersOnEach(Step):
    """Put ``counters`` damage counters on each Pokémon of a side ("own" or "opp")."""

    def __init__(self, side: str, counters: int) -> None:
        self.side = side
        self.counters = counters

    def text(self, tc: TC) -> str:
        whose = "you have" if self.side == "own" else "your opponent has"
        return (f"Put {plural(self.counters, 'damage counter')} on every Pokémon {whose} "
                "in play.")

    def value(self, ev: Eval) -> None:
        p = ev.m.players[ev.player if self.side == "own" else 1 - ev.player]
        ev.add((-6 if self.side == "own" else 10) * self.counters * len(p.in_play()))

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[f.player if self.side == "own" else 1 - f.player]
        for s in p.in_play():
            place_counters(m, s, self.counters)
        return NEXT


class DamageTo(Step):
    """An attack's extra damage to the Pokémon chosen in ``var`` (either player's), with
    Weakness and Resistance applied only if asked and only to an Active Pokémon; it is not
    the attack's main damage."""

    def __init__(self, var: str, amount: int, *, weakness: bool = False,
                 resistance: bool = False) -> None:
        self.var = var
        self.amount = amount
        self.weakness = weakness
        self.resistance = resistance

    def text(self, tc: TC) -> str:
        wr = "" if self.weakness or self.resistance else \
            " (Weakness and Resistance are not applied)"
        return f"That Pokémon takes {self.amount} damage{wr}."

    def value(self, ev: Eval) -> None:
        ev.add(-0.5 * self.amount)  # mostly aimed at one's own Pokémon

    def run(self, m: Match, f: Frame) -> Result:
        return _damage_chosen(m, f, self.var, self.amount, weakness=self.weakness,
                              resistance=self.resistance)

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        return guard_resume(m, f, answer)


class DrawUntilHand(Step):
    """Draw until your hand holds ``n`` cards (or the deck runs out); ``drawn`` counts the
    cards drawn, for "if you do"."""

    def __init__(self, n: int) -> None:
        self.n = n

    def text(self, tc: TC) -> str:
        return f"Draw until your hand holds {self.n} cards."

    def value(self, ev: Eval) -> None:
        p = ev.m.players[ev.player]
        n = max(0, min(self.n - len(p.hand), len(p.deck)))
        ev.add((6 if len(p.deck) > 8 else 2) * n)

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[f.player]
        f.vars["drawn"] = draw(m, p, max(0, self.n - len(p.hand)))
        return NEXT


class ReturnAttachedTrainer(Step):
    """Return a Pokémon Tool or Technical Machine attached to the Pokémon in ``who`` to
    your hand (chosen, when it holds more than one)."""

    def __init__(self, who: str) -> None:
        self.who = who

    def text(self, tc: TC) -> str:
        return ("Return a Pokémon Tool or Technical Machine attached to it to your hand.")

    def value(self, ev: Eval) -> None:
        ev.add(2)

    def _cands(self, m: Match, f: Frame) -> list[int]:
        s = who_slot(m, f, self.who)
        if s is None:
            return []
        return ([s.tool] if s.tool >= 0 else []) + list(s.tms)

    def run(self, m: Match, f: Frame) -> Result:
        cands = self._cands(m, f)
        if len(cands) <= 1:
            return self._return(m, f, cands)
        m.pending = Choice(f.player, "cards_attached", "Choose the card to return to your "
                           "hand", tuple((CARD, c) for c in cands))
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        return self._return(m, f, [answer[0][1]])

    def _return(self, m: Match, f: Frame, cards: list[int]) -> Result:
        s = who_slot(m, f, self.who)
        if s is None:
            return NEXT
        for cid in cards:
            if cid == s.tool:
                s.tool = -1
            elif cid in s.tms:
                s.tms.remove(cid)
            else:
                continue
            m.players[s.owner].hand.append(cid)
            m.ko_dirty = True  # a Tool may have changed the HP
            if m.logging:
                m.log.append((EV_MOVE, s.owner, cid, "hand", True, "attach"))
        return NEXT


class ShuffleInPlayIntoDecks(Step):
    """Each player puts every card they have in play that is not a Pokémon card or a
    Supporter (attached Energy, Tools, Technical Machines, their Stadium) into their deck;
    the shuffles follow as steps of their own."""

    def text(self, tc: TC) -> str:
        return ("Each player puts all their cards in play except Pokémon and Supporter cards "
                "(attached cards, a Stadium) into their deck.")

    def value(self, ev: Eval) -> None:
        def count(p: PlayerState) -> int:
            return sum(len(s.energy) + (s.tool >= 0) + len(s.tms) for s in p.in_play())
        ev.add(8 * (count(ev.m.players[1 - ev.player]) - count(ev.m.players[ev.player])))

    def run(self, m: Match, f: Frame) -> Result:
        for p in m.players:
            for s in p.in_play():
                cards = [*s.energy, *([s.tool] if s.tool >= 0 else []), *s.tms]
                s.energy.clear()
                s.tool = -1
                s.tms.clear()
                p.deck.extend(cards)
                if m.logging:
                    for cid in cards:
                        m.log.append((EV_MOVE, p.index, cid, "deck", True, "attach"))
        if m.stadium >= 0:
            owner = m.owner[m.stadium]
            m.players[owner].deck.append(m.stadium)
            m.stadium = -1
        m.ko_dirty = True  # a Tool or a Stadium may have changed an HP
        return NEXT


def name_has(word: str) -> CardFilter:
    """Cards whose name holds ``word`` ("any Rotom": Rotom and its forms)."""
    return CardFilter(f"named_{word}", f"card with {word} in its name",
                      lambda d: d.kind == POKEMON and word in d.name)


def in_play_named(word: str) -> PokemonFilter:
    """Pokémon in play whose name holds ``word``."""
    return PokemonFilter(f"named_{word}", f"with {word} in its name",
                         lambda m, s: word in m.defs[s.top].name)


PLAYER_TESTS["rotom_in_play"] = (lambda m, p: _any_slot(m, p, in_play_named("Rotom")),
                                 "a Rotom in play")


class SwapWithChosen(Step):
    """Put the chosen Pokémon card (``new``, from your deck) into play in place of your
    Pokémon ``old``: every attached card and damage counter moves to it, Special
    Conditions and other effects go away, and the old card goes on top of your deck
    (Charon's Choice)."""

    def __init__(self, new: str, old: str, wording: str = "") -> None:
        self.new = new
        self.old = old
        self.wording = wording

    def text(self, tc: TC) -> str:
        return self.wording or ("Switch it with that Pokémon: every card attached to it and "
                                "its damage counters move to the new card, Special Conditions "
                                "and other effects end, and the old card goes on top of your "
                                "deck.")

    def value(self, ev: Eval) -> None:
        ev.add(5)

    def run(self, m: Match, f: Frame) -> Result:
        old = who_slot(m, f, self.old)
        picked = f.vars.get(self.new) or []
        p = m.players[f.player]
        if old is None or old.owner != f.player or not picked:
            return NEXT
        cid = picked[0]
        if _take_from_own_zones(p, cid) is None:
            return NEXT
        new = Slot(cid, f.player, old.played_turn)
        new.energy = old.energy
        new.tool = old.tool
        new.tms = old.tms
        new.damage = old.damage
        if p.active is old:
            p.active = new
        else:
            p.bench[p.bench.index(old)] = new
        p.deck.extend(old.cards)  # (the end of the list is the top of the deck)
        m.ko_dirty = True
        if m.logging:
            m.log.append((EV_MOVE, f.player, cid, "play", True, "deck"))
            for c in old.cards:
                m.log.append((EV_MOVE, f.player, c, "deck", True, "play"))
        return NEXT


# --- Platinum era: the Lost Zone


class LostIfKnockedOut(Step):
    """A Pokémon this attack has Knocked Out goes to the Lost Zone with every card
    attached to it, not to the discard pile (Giratina's Broken-space Blow, Giratina LV.X's
    Darkness Lost): the Defending Pokémon, or each of the opponent's Pokémon (``each``).
    Placed after the attack's damage: a Pokémon whose damage now reaches its HP gets the
    marker ``ops.LOST_ON_KNOCKOUT``, read by the Knock Out that follows."""

    def __init__(self, *, each: bool = False) -> None:
        self.each = each

    def text(self, tc: TC) -> str:
        if self.each:
            return ("Any of your opponent's Pokémon Knocked Out by this attack's damage goes "
                    "to the Lost Zone, with all its attached cards, rather than to the "
                    "discard pile.")
        return ("Should this attack Knock Out the Defending Pokémon, that Pokémon and all its "
                "attached cards go to the Lost Zone rather than to the discard pile.")

    def value(self, ev: Eval) -> None:
        ev.add(5)  # cards the opponent can never get back

    def run(self, m: Match, f: Frame) -> Result:
        from ..ops import LOST_ON_KNOCKOUT

        if self.each:
            targets = m.players[1 - f.player].in_play()
        else:
            d = who_slot(m, f, DEFENDER)
            targets = [] if d is None else [d]
        for s in targets:
            if remaining_hp(m, s) <= 0 and not shielded(m, f, s):
                s.markers[LOST_ON_KNOCKOUT] = m.turn
        return NEXT


class LoseAttachedEnergy(Step):
    """Put ``count`` Energy cards attached to Pokémon ``who`` in the Lost Zone, the player
    of the effect choosing which (all of them if there are no more than that); Dialga G
    LV.X's Remove Lost, one for each heads."""

    def __init__(self, who: str = DEFENDER, count: Expr = HEADS_COUNT) -> None:
        self.who = who
        self.count = count

    def text(self, tc: TC) -> str:
        n = "that many" if self.count is HEADS_COUNT else self.count.text(tc)
        return (f"Then choose {n} Energy cards attached to {who_text(tc, self.who)} (1 for "
                "each heads) and put them in the Lost Zone." if self.count is HEADS_COUNT
                else f"Put {n} Energy cards attached to {who_text(tc, self.who)} in the "
                "Lost Zone.")

    def value(self, ev: Eval) -> None:
        s = _eval_slot(ev, self.who)
        if s is not None and s.energy:
            n = min(float(len(s.energy)), self.count.expect(ev))
            ev.add((15 if s.owner != ev.player else -10) * n)

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.who)
        if s is None or not s.energy or shielded(m, f, s):
            return NEXT
        n = self.count.eval(m, f)
        if n <= 0:
            return NEXT
        if n >= len(s.energy):
            self._lose(m, s, list(s.energy))
            return NEXT
        options = tuple((CARD, c) for c in s.energy)
        m.pending = Choice(f.player, "energy",
                           f"Choose {plural(n, 'Energy card')} for the Lost Zone",
                           options, min=n, max=n)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        s = who_slot(m, f, self.who)
        if s is not None:
            self._lose(m, s, [opt[1] for opt in answer if opt[1] in s.energy])
        return NEXT

    @staticmethod
    def _lose(m: Match, s: Slot, cards: list[int]) -> None:
        from ..ops import lose_attached

        for cid in cards:
            lose_attached(m, s, cid)


class LoseBenchedExcept(Step):
    """Put each Benched Pokémon of ``side`` ("own" or "opp") that is not in ``keep`` (a
    variable of slot ids), and every card attached to it, in the Lost Zone (Palkia G
    LV.X's Lost Cyclone)."""

    def __init__(self, keep: str, side: str = "own") -> None:
        self.keep = keep
        self.side = side

    def text(self, tc: TC) -> str:
        whose = "your" if self.side == "own" else "their"
        return (f"Put {whose} other Benched Pokémon, with all their attached cards, in the "
                "Lost Zone.")

    def value(self, ev: Eval) -> None:
        p = ev.m.players[ev.player if self.side == "own" else 1 - ev.player]
        ev.add((20 if self.side == "opp" else -20) * max(0, len(p.bench) - 3))

    def run(self, m: Match, f: Frame) -> Result:
        from ..ops import lose_slot

        p = m.players[f.player if self.side == "own" else 1 - f.player]
        keep = f.vars.get(self.keep) or []
        for s in [s for s in p.bench if s.id not in keep]:
            lose_slot(m, s)
        return NEXT
# --- Platinum era: pl1 part 1 (the rest)
# The rest of pl1-1 to pl1-34: the cards left after a look at the top of the deck go to
# the discard pile, a draw of "up to" a number chosen by the drawer, and the filters and
# tests those cards print.


class DiscardRestOfTop(Step):
    """After a look at the top ``n`` cards of your deck (``ChooseCards(..., top=n)`` into
    ``var``, the chosen ones taken away since), discard the cards left of those ``n``."""

    def __init__(self, n: int, var: str) -> None:
        self.n = n
        self.var = var

    def text(self, tc: TC) -> str:
        return "The rest go to your discard pile."

    def value(self, ev: Eval) -> None:
        ev.add(-2)

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[f.player]
        left = min(len(p.deck), self.n - len(f.vars.get(self.var) or []))
        for _ in range(max(0, left)):
            cid = p.deck.pop()
            p.discard.append(cid)
            if m.logging:
                m.log.append((EV_MOVE, p.index, cid, "discard", True, "deck"))
        return NEXT


class DrawChosenUpTo(Step):
    """A player (``side`` "own" or "opp") draws any number of cards from 0 to ``n``, as
    that player chooses ("draws up to n cards")."""

    def __init__(self, n: int, side: str = "own") -> None:
        self.n = n
        self.side = side

    def text(self, tc: TC) -> str:
        who = "You draw" if self.side == "own" else "Your opponent draws"
        return f"{who} up to {self.n} cards (any number of them, as they choose)."

    def value(self, ev: Eval) -> None:
        ev.add((6 if self.side == "own" else -6) * self.n)

    def run(self, m: Match, f: Frame) -> Result:
        from ..notation import DRAW

        player = f.player if self.side == "own" else 1 - f.player
        most = min(self.n, len(m.players[player].deck))
        if most <= 0:
            return NEXT
        m.pending = Choice(player, "draw_count", f"Draw how many cards (up to {most})?",
                           tuple((DRAW, k) for k in range(most + 1)))
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        player = f.player if self.side == "own" else 1 - f.player
        draw(m, m.players[player], int(answer[0][1]))
        return NEXT


def _has_poke_power_now(m: Any, s: Slot) -> bool:
    from ..carddefs import POKE_POWER
    from ..facts import stack_facts

    return any(ref.power.kind == POKE_POWER for ref in stack_facts(m, s).powers)


WITH_POKE_POWER = PokemonFilter("poke_power", "that has a Poké-Power", _has_poke_power_now)
POKEMON_NOT_LV_X_OR_BASIC_ENERGY = CardFilter(
    "pokemon_not_lv_x_or_basic_energy", "Pokémon card (not a Pokémon LV.X) or basic Energy card",
    lambda d: (d.kind == POKEMON and not d.lv_x) or d.basic_energy)
SLOT_TESTS["knocked_out"] = (lambda m, s: remaining_hp(m, s) <= 0,
                             "has taken enough damage from this attack to be Knocked Out")


@dataclass(frozen=True)
class EnergyOfTypeOnAll(Expr):
    """Energy units of a type attached to every Pokémon in play (both players')."""

    etype: str

    def _count(self, m: Match) -> int:
        bit = BIT[self.etype]
        return sum(1 for p in m.players for s in p.in_play() for u in energy_units(m, s)
                   if u & bit)

    def eval(self, m: Match, f: Frame) -> int:
        return self._count(m)

    def text(self, tc: TC) -> str:
        return f"[{self.etype}] Energy attached to all Pokémon in play (both players')"

    def expect(self, ev: Eval) -> float:
        return float(self._count(ev.m))


# --- Platinum era: Rising Rivals part1 (rest: pl2-5, 7, 8, 21, 29)


@dataclass(frozen=True)
class KnockedOutByAttack(FiringMoment):
    """The requirement of a Poké-Power used only at the moment the opponent's attack
    damages its Pokémon enough to Knock it Out, once during the opponent's turn (Jirachi's Final
    Wish). It never holds in the main phase, so the Power is never offered there;
    ``ops.knocked_out_powers`` starts it at that moment instead. ``power_head`` is how the
    Power's text begins (``text.power_text``)."""

    fires_on_knockout: ClassVar[bool] = True
    power_head: ClassVar[str] = ("Once during your opponent's turn, when damage from an "
                                 "attack is about to Knock Out this Pokémon")

    def text(self, tc: TC) -> str:
        return "your opponent's attack is about to Knock Out this Pokémon with its damage"


class UseSupporterInPlay(Step):
    """The attack does what the Supporter card its player has in play (played this turn,
    lying beside the Active Pokémon) does, if there is one (Jirachi's Detour): that
    card's program runs now for the attacking player, its requirements aside."""

    def text(self, tc: TC) -> str:
        return ("This attack copies the effect of the Supporter card you have in play, if "
                "any.")

    def value(self, ev: Eval) -> None:
        if ev.m.players[ev.player].supporter:
            ev.add(15)

    def run(self, m: Match, f: Frame) -> Result:
        from ..state import Frame as _Frame

        p = m.players[f.player]
        if not p.supporter:
            return NEXT
        cid = p.supporter[-1]
        d = m.defs[cid]
        if d.play_code:
            m.stack.append(_Frame(f"{d.id}#t", d.play_code, f.player, cid))
        return NEXT


# --- Platinum era: the last Pokémon LV.X (pl1-123, 124, 126, 127, pl2-104, 105)


class TakeBackKnockedOut(Step):
    """Put the cards of a Pokémon just Knocked Out (the frame's ``_rescue``, written by the
    Poké-Body that started this program: ``library.RescueKnockedOut``) from the discard
    pile into the hand; cards no longer there (the Lost Zone) stay where they are."""

    def text(self, tc: TC) -> str:
        return ""  # (the Body's passive says it)

    def value(self, ev: Eval) -> None:
        ev.add(20)

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[f.player]
        for cid in f.vars.get("_rescue") or []:
            if cid in p.discard:
                p.discard.remove(cid)
                p.hand.append(cid)
                if m.logging:
                    m.log.append((EV_MOVE, f.player, cid, "hand", True, "discard"))
        return NEXT


class MoveEnergyFreely(Step):
    """Shift as many Energy cards as you want between your own Pokémon, each from one
    Pokémon to another, as you like (Shaymin LV.X's Energy Flare): one card at a time, each
    card moved once (choosing none stops)."""

    def text(self, tc: TC) -> str:
        return "You may move as many Energy cards as you like between your Pokémon."

    def value(self, ev: Eval) -> None:
        ev.add(5)

    def run(self, m: Match, f: Frame) -> Result:
        slots = m.players[f.player].in_play()
        card = f.vars.get("_card")
        if card is not None:  # the chosen card's new Pokémon
            targets = [s for s in slots if s.id != card[1]]
            if len(targets) == 1:
                return self._move(m, f, targets[0])
            m.pending = Choice(f.player, "target",
                               f"Move {m.defs[card[0]].name} to which Pokémon?",
                               tuple((SLOT, s.id) for s in targets))
            return SUSPEND
        moved = f.vars.get("_moved") or []
        options: list[tuple[Any, ...]] = []
        if len(slots) > 1:
            for s in slots:
                seen: set[int] = set()
                for c in s.energy:
                    if c not in moved and id(m.defs[c]) not in seen:
                        seen.add(id(m.defs[c]))
                        options.append((ENERGY_OPTION, c, s.id))
        if not options:
            f.vars.pop("_moved", None)
            return NEXT
        m.pending = Choice(f.player, "energy", "Move an Energy card to another of your "
                           "Pokémon? (choose none to stop)", tuple(options), min=0, max=1)
        return SUSPEND

    def _move(self, m: Match, f: Frame, target: Slot) -> Result:
        cid, sid = f.vars.pop("_card")
        holder = find_slot(m, sid)
        if holder is not None and cid in holder.energy:
            holder.energy.remove(cid)
            target.energy.append(cid)
            m.ko_dirty = True  # (an Energy gone may change what a passive gives)
            if m.logging:
                m.log.append((EV_ATTACH, f.player, cid, target.top))
        f.vars["_moved"] = [*(f.vars.get("_moved") or []), cid]
        return f.pc

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        if "_card" in f.vars:
            target = find_slot(m, answer[0][1])
            if target is None:
                f.vars.pop("_card")
                return f.pc
            return self._move(m, f, target)
        if not answer:
            f.vars.pop("_moved", None)
            return NEXT
        f.vars["_card"] = [answer[0][1], answer[0][2]]
        return f.pc


# ---- Black & White era: black_white part1 ----


@dataclass(frozen=True)
class HeadsTable(Expr):
    """Damage read off a table by the number of heads: ``amounts[k]`` for k heads, the
    coins being one fewer than the table's entries (Maractus's Constant Rattle)."""

    amounts: tuple[int, ...]

    def eval(self, m: Match, f: Frame) -> int:
        heads = int(f.vars.get("heads", 0))
        return self.amounts[min(heads, len(self.amounts) - 1)]

    def text(self, tc: TC) -> str:
        parts = [f"{amount} damage for {plural(k, 'heads').replace('headss', 'heads')}"
                 for k, amount in enumerate(self.amounts) if amount]
        listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]
        return f"{listed} (no damage otherwise)" if 0 in self.amounts else listed

    def expect(self, ev: Eval) -> float:
        from math import comb

        n = len(self.amounts) - 1
        return sum(comb(n, k) * a for k, a in enumerate(self.amounts)) / 2**n


class HealEachOf(HealEach):
    """Remove damage counters from each of a side's Pokémon that passes a filter and has
    any ("each of your [G] Pokémon": Serperior's and Lilligant's Leaf Storm)."""

    def __init__(self, side: str, counters: int, filt: PokemonFilter, *,
                 wording: str | None = None) -> None:
        super().__init__(side, counters, wording=wording)
        self.filt = filt

    def _slots(self, m: Match, player: int) -> list[Slot]:
        return [s for s in super()._slots(m, player) if self.filt.test(m, s)]

    def text(self, tc: TC) -> str:
        if self.wording is not None:
            return self.wording
        whose = "your" if self.side == "own" else "your opponent's"
        return (f"Take {plural(self.counters, 'damage counter')} off each of {whose} "
                f"{self.filt.label} that has any.")


def pokemon_of_type_in_play(t: str) -> PokemonFilter:
    """Pokémon in play of a type, as their facts say now ("each of your [G] Pokémon")."""
    return PokemonFilter(f"type_{t}", f"[{t}] Pokémon", lambda m, s: t in _types(m, s))


class MoveEnergyOfTypeFreely(MoveEnergyFreely):
    """``MoveEnergyFreely`` for the Energy cards that provide one type where they are
    attached (Serperior's Leaf Tornado: "[G] Energy")."""

    def __init__(self, etype: str) -> None:
        self.etype = etype

    def text(self, tc: TC) -> str:
        return (f"You may move as many [{self.etype}] Energy cards as you like between your "
                "Pokémon.")

    def value(self, ev: Eval) -> None:
        ev.add(4)

    def run(self, m: Match, f: Frame) -> Result:
        if f.vars.get("_card") is not None:
            return super().run(m, f)  # (the chosen card's new Pokémon)
        slots = m.players[f.player].in_play()
        moved = f.vars.get("_moved") or []
        bit = BIT[self.etype]
        options: list[tuple[Any, ...]] = []
        if len(slots) > 1:
            for s in slots:
                seen: set[int] = set()
                for c in s.energy:
                    if c in moved or id(m.defs[c]) in seen \
                            or not any(u & bit for u in attached_card_units(m, s, c)):
                        continue
                    seen.add(id(m.defs[c]))
                    options.append((ENERGY_OPTION, c, s.id))
        if not options:
            f.vars.pop("_moved", None)
            return NEXT
        m.pending = Choice(f.player, "energy", f"Move a [{self.etype}] Energy card to another "
                           "of your Pokémon? (choose none to stop)", tuple(options), min=0,
                           max=1)
        return SUSPEND


class MoveOwnCounters(MoveCounters):
    """``MoveCounters`` between two of its player's own Pokémon (Reuniclus's Damage Swap):
    the damage on that side stays the same, so the move is worth nothing by itself to the
    greedy player, which would otherwise move counters back and forth as often as the
    Ability allows, or onto a Pokémon they Knock Out."""

    def value(self, ev: Eval) -> None:
        pass


# ---- Black & White era: black_white part2 ----
# What bw1-58 to bw1-115 need: Item cards by name of their kind, Stage 2 Pokémon, a few
# player tests for Trainers, discarding the whole hand (Professor Juniper), a rest-of-turn
# effect that adds up when played again (PlusPower), an attack used as another Pokémon's
# attack (Foul Play), and the check that an opponent's attack Knocked Out one of your
# Pokémon on their last turn (Revenge).

from ..energy import TYPE_NAMES as _TYPE_NAMES  # noqa: E402

ITEM_CARD = CardFilter("item", "Item card", lambda d: d.is_item)
"""Item cards (in the Black & White era a Pokémon Tool is an Item too)."""

SLOT_TESTS["stage2"] = (lambda m, s: _stage(m, s) == 2, "is Stage 2")

PLAYER_TESTS.update({
    "basic_energy_in_play": (
        lambda m, p: any(m.defs[c].basic_energy for s in m.players[p].in_play()
                         for c in s.energy),
        "basic Energy attached to a Pokémon"),
    "basic_pokemon_discard": (
        lambda m, p: any(m.defs[c].is_basic_pokemon for c in m.players[p].discard),
        "a Basic Pokémon card in the discard pile"),
    "pokemon_in_hand": (lambda m, p: any(m.defs[c].kind == POKEMON for c in m.players[p].hand),
                        "a Pokémon card in hand"),
})


class DiscardHand(Step):
    """Discard every card of your hand (the Trainer being played is no longer in it)."""

    def text(self, tc: TC) -> str:
        return "Discard your hand."

    def value(self, ev: Eval) -> None:
        ev.add(-5 * max(0, len(ev.m.players[ev.player].hand) - 1))

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[f.player]
        cards = list(p.hand)
        p.hand.clear()
        p.discard.extend(cards)
        if m.logging:
            for c in cards:
                m.log.append((EV_MOVE, f.player, c, "discard", True, "hand"))
        return NEXT


class StackingTurnEffect(Step):
    """A rest-of-turn effect that adds up each time it is played (PlusPower: two of them
    add 20): the first of ``names`` (each a registered ``ops.TURN_EFFECTS`` entry with the
    same passive) not yet in force this turn is set; past the last one it adds nothing
    more."""

    def __init__(self, names: tuple[str, ...], wording: str, worth: float = 10) -> None:
        self.names = names
        self.wording = wording
        self.worth = worth

    def text(self, tc: TC) -> str:
        return self.wording

    def value(self, ev: Eval) -> None:
        ev.add(self.worth)

    def run(self, m: Match, f: Frame) -> Result:
        effects = m.players[f.player].turn_effects
        for name in self.names:
            if name not in effects:
                effects[name] = m.turn
                break
        return NEXT


def _copyable_attacks(m: Match, s: Slot) -> list[Any]:
    """The attacks of Pokémon ``s`` another Pokémon may use as its own: every attack its
    facts give it but those a Technical Machine lends, and but attacks that themselves
    use another Pokémon's attack (a copy of a copy would never end)."""
    return [r for r in stack_facts(m, s).attacks if r.origin != "tm"
            and not any(isinstance(x, UseDefenderAttack) for x in walk_steps(r.attack.steps))]


class UseDefenderAttack(Step):
    """This attack becomes the Defending Pokémon's attack ``PickAttack`` chose into ``var``
    (Zoroark's Foul Play; written through :func:`use_defender_attack`). Its program takes
    the place of this attack's, as if announced and already past the checks that may
    cancel it (this attack passed them): its own choices and costs come next, then its
    damage and effects, all for this Pokémon (its type, "this Pokémon", "your"); the
    Energy cost of the chosen attack is not needed."""

    def __init__(self, var: str) -> None:
        self.var = var

    def text(self, tc: TC) -> str:
        return ("Pick an attack of the Defending Pokémon. This attack does what that "
                "attack does (its Energy cost is not needed).")

    def value(self, ev: Eval) -> None:
        d = ev.defender
        if d is None:
            return
        best = max((r.attack.base for r in _copyable_attacks(ev.m, d)), default=0)
        ev.damage += ev.p * best

    def run(self, m: Match, f: Frame) -> Result:
        from ..state import Frame as _Frame

        picked = _picked(m, f, self.var, who_slot(m, f, DEFENDER))
        if picked is None:
            return NEXT
        card, index = picked
        attack = m.defs[card].attacks[index]
        # The attack procedure's opening and checks are done: mark them so in the new
        # frame (rules.AttackBegin, CancelCheck, ConfusionCheck read these).
        variables = {"announced": 1, "baby": 1, "cancel_checked": 1, "confusion": 1,
                     "printed": attack.base, "cost_size": f.vars.get("cost_size", 0)}
        assert m.stack[-1] is f
        m.stack[-1] = _Frame(attack.key, attack.code, f.player, card, f.user, f.target,
                             variables)
        return NEXT


def use_defender_attack() -> list[Step]:
    """Foul Play's shape (this attack becomes one the Defending Pokémon has): the pick
    before the Confusion flip, the borrowed attack after it."""
    return [PickAttack("copied", DEFENDER, copyable=True), UseDefenderAttack("copied")]


class KnockedOutLastTurn(Cond):
    """Your opponent's attack Knocked Out one of your Pokémon with its damage on their
    last turn: the flags ``library.record_knockout_by_attack`` sets for its owner's
    next turn. Those records are kept only in a match whose cards ask for them
    (``rule_hooks``: ``CardDef.rule_hooks``)."""

    rule_hooks: ClassVar[frozenset[str]] = frozenset({"on_knocked_out"})
    flags: ClassVar[tuple[str, ...]] = tuple(f"knocked_out_{t}" for t in _TYPE_NAMES)

    def holds(self, m: Match, f: Frame) -> bool:
        effects = m.players[f.player].turn_effects
        return bool(effects) and any(name in effects for name in self.flags)

    def text(self, tc: TC) -> str:
        return ("your opponent's attack Knocked Out one of your Pokémon with its damage "
                "during their last turn")

    def prob(self, ev: Eval) -> float:
        effects = ev.m.players[ev.player].turn_effects
        return 1.0 if any(name in effects for name in self.flags) else 0.0


def rule_hooks_of(steps: Sequence[Step]) -> frozenset[str]:
    """The rule records the steps need kept for them (``rule_hooks`` of the steps, and of
    the conditions and expressions they hold, nested ones included), e.g. Knock Outs by
    the opponent's attack for :class:`KnockedOutLastTurn`."""
    out: set[str] = set()

    def visit(obj: Any, depth: int = 0) -> None:
        out.update(getattr(obj, "rule_hooks", ()))
        if depth > 8 or not hasattr(obj, "__dict__"):
            return
        for value in vars(obj).values():
            for v in value if isinstance(value, (tuple, list)) else (value,):
                if isinstance(v, (Cond, Expr, Step)):
                    visit(v, depth + 1)

    for s in walk_steps(steps):
        visit(s)
    return frozenset(out)


# ---- Black & White era: next_destinies part1 ----


@dataclass(frozen=True)
class EvolvedFromHand(FiringMoment):
    """The requirement of an Ability used only as its card is played from the hand to evolve
    one of its player's Pokémon (Amoonguss's Sporprise). It never holds in the main phase,
    so the Ability is never offered there; ``actions.evolve_triggers`` starts it at that
    moment instead. ``power_head`` is how its text begins (``text.power_text``)."""

    fires_on_evolve: ClassVar[bool] = True
    power_head: ClassVar[str] = ("When you evolve 1 of your Pokémon by playing this card "
                                 "from your hand")

    def text(self, tc: TC) -> str:
        return "you have just evolved 1 of your Pokémon with this card from your hand"


class ChooseAttachedSpecialEnergy(ChooseAttachedEnergy):
    """``ChooseAttachedEnergy`` among the Special Energy cards (no basic Energy)."""

    def _cands(self, m: Match, f: Frame) -> list[int]:
        s = who_slot(m, f, self.who)
        return [] if s is None else [c for c in s.energy if not m.defs[c].basic_energy]

    def text(self, tc: TC) -> str:
        return (f"Choose {plural(self.count, 'Special Energy card')} attached to "
                f"{who_text(tc, self.who)}.")


class DiscardSpecialEnergy(DiscardEnergy):
    """Discard ``count`` Special Energy cards attached to a Pokémon (none if it has none;
    Kyurem-EX's Frozen Wings)."""

    def __init__(self, who: str = DEFENDER, count: int = 1) -> None:
        super().__init__(who, count)
        self._choose = ChooseAttachedSpecialEnergy("_discard", who, count=count)

    def text(self, tc: TC) -> str:
        what = "a Special Energy card" if self.count == 1 else \
            f"{self.count} Special Energy cards"
        return f"Discard {what} from {who_text(tc, self.who)}."

    def value(self, ev: Eval) -> None:
        s = _eval_slot(ev, self.who)
        if s is not None and any(not ev.m.defs[c].basic_energy for c in s.energy):
            ev.add(15 if self.who != SELF else -10)


# "Search your deck for a Pokémon": any Pokémon card (a Restored Pokémon too), not only the
# Basic and Evolution cards the older sets name.
ANY_POKEMON_CARD = CardFilter("pokemon_card", "Pokémon", lambda d: d.kind == POKEMON)


# ---- Black & White era: dark_explorers part2 ----
# What bw5-56 to bw5-111 print that no earlier step says: Special Energy and Restored
# Pokémon as card filters, a Tool discarded by an attack, a look at the bottom of the deck,
# a reveal until a card of a kind turns up, draws for each Prize card left, and a Stage 2
# card put straight onto its Basic Pokémon (Rare Candy).

from ..carddefs import STAGE2 as _STAGE2  # noqa: E402

SLOT_TESTS["has_tool"] = (lambda m, s: s.tool >= 0, "has a Pokémon Tool attached")
SLOT_TESTS["has_special_energy"] = (
    lambda m, s: any(not m.defs[c].basic_energy for c in s.energy),
    "has any Special Energy attached")

SPECIAL_ENERGY = CardFilter("special_energy", "Special Energy card",
                            lambda d: d.kind == ENERGY and not d.basic_energy)
RESTORED_CARD = CardFilter("restored", "Restored Pokémon card",
                           lambda d: d.kind == POKEMON and d.restored)


def _special_energy_in_play(m: Match, p: int) -> bool:
    defs = m.defs
    return any(not defs[c].basic_energy for s in m.players[p].in_play() for c in s.energy)


PLAYER_TESTS["special_energy_in_play"] = (_special_energy_in_play,
                                          "Special Energy attached to a Pokémon")
# Ultra Ball: the card being played is still in the hand when this is asked.
PLAYER_TESTS["two_other_cards_in_hand"] = (lambda m, p: len(m.players[p].hand) >= 3,
                                           "2 other cards in hand")


@dataclass(frozen=True)
class PrizesLeft(SideCount):
    """How many Prize cards a side has left."""

    side: str = "own"

    def count(self, m: Match, p: PlayerState) -> int:
        return len(p.prizes)

    def text(self, tc: TC) -> str:
        return "Prize card you have left" if self.side == "own" else \
            "Prize card your opponent has left"


class PlayerDraws(Step):
    """A player (``side`` "own" or "opp") draws ``n`` cards, an expression (fewer if the
    deck runs out)."""

    def __init__(self, side: str, n: int | Expr) -> None:
        self.side = side
        self.n = Const(n) if isinstance(n, int) else n

    def text(self, tc: TC) -> str:
        who = "Draw" if self.side == "own" else "Your opponent draws"
        if isinstance(self.n, Const):
            return f"{who} {plural(self.n.n, 'card')}."
        return f"{who} 1 card per {self.n.text(tc)}."

    def value(self, ev: Eval) -> None:
        ev.add((6 if self.side == "own" else -5) * self.n.expect(ev))

    def run(self, m: Match, f: Frame) -> Result:
        draw(m, m.players[f.player if self.side == "own" else 1 - f.player],
             self.n.eval(m, f))
        return NEXT


class DiscardTool(Step):
    """Discard the Pokémon Tool attached to a Pokémon (``who``), if it has one."""

    def __init__(self, who: str = DEFENDER) -> None:
        self.who = who

    def text(self, tc: TC) -> str:
        return f"Discard a Pokémon Tool card from {who_text(tc, self.who)}."

    def value(self, ev: Eval) -> None:
        s = _eval_slot(ev, self.who)
        if s is not None and s.tool >= 0:
            ev.add(10 if s.owner != ev.player else -10)

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.who)
        if s is not None and s.tool >= 0 and not shielded(m, f, s):
            discard_attached(m, s, s.tool)
            m.ko_dirty = True  # (a Tool may have changed the HP)
        return NEXT


class ChooseFromBottom(ChooseCards):
    """Look at the bottom ``n`` cards of your deck and choose up to ``count`` of them that
    pass a filter into ``var`` (none is allowed: the player "may")."""

    def __init__(self, var: str, n: int, filt: CardFilter = ANY_CARD, *,
                 count: int = 1) -> None:
        super().__init__(var, "deck", filt, count=count, up_to=True)
        self.bottom = n

    def text(self, tc: TC) -> str:
        return (f"Look at your deck's bottom {self.bottom} cards. You may choose "
                f"{_a(self.filt.label)} from them.")

    def _cands(self, m: Match, f: Frame) -> list[int]:
        ok = self.filt.verdicts
        defs = m.defs
        # (the deck's first card is its bottom one)
        return [c for c in m.players[f.player].deck[:self.bottom] if ok[defs[c]]]


class RevealUntil(Step):
    """Turn over your deck's cards one by one from the top, stopping at the first that
    passes a filter, and put that one into your hand; the other revealed cards stay in the
    deck (a shuffle follows as its own step). With no such card the whole deck is revealed
    and nothing moves."""

    def __init__(self, filt: CardFilter) -> None:
        self.filt = filt

    def text(self, tc: TC) -> str:
        return (f"Turn over cards from the top of your deck one at a time until "
                f"{_a(self.filt.label)} shows up; put it into your hand.")

    def value(self, ev: Eval) -> None:
        # The player knows its own list but not which cards are its face-down Prizes: the
        # worth is the chance that at least one wanted card is among the deck's, not the
        # deck's true contents (which would tell it what its Prizes are).
        p = ev.m.players[ev.player]
        ok = self.filt.verdicts
        deck, unseen = len(p.deck), len(p.deck) + len(p.prizes)
        wanted = sum(1 for c in p.deck if ok[ev.m.defs[c]]) + \
            sum(1 for c in p.prizes if ok[ev.m.defs[c]])
        all_in_prizes = 1.0
        for i in range(wanted):
            all_in_prizes *= max(0, unseen - deck - i) / (unseen - i)
        ev.add(10 * (1 - all_in_prizes))

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[f.player]
        ok = self.filt.verdicts
        for i in range(len(p.deck) - 1, -1, -1):  # (the top card is the last)
            cid = p.deck[i]
            if ok[m.defs[cid]]:
                del p.deck[i]
                p.hand.append(cid)
                if m.logging:
                    m.log.append((EV_MOVE, f.player, cid, "hand", True, "deck"))
                break
        return NEXT


def _first_turn(m: Match) -> bool:
    """Is this the first turn of the player whose turn it is? (The first player's is turn
    1, the second player's turn 2.)"""
    return m.turn <= 2


def stage2_evolutions(m: Match, player: int) -> list[tuple[Any, ...]]:
    """The (EVOLVE, card, Pokémon) moves Rare Candy allows ``player`` now: a Stage 2 card
    of the hand onto a Basic Pokémon in play it evolves from (through the Stage 1 its
    Basic names), that was not put into play this turn; none during the player's first
    turn, nor where a card from the hand may not evolve that Pokémon (an attack's result,
    a Body's lock). A Restored Pokémon is no Basic Pokémon. One move per kind of card."""
    from ..actions import active_evolution_locked, hand_evolution_banned
    from ..notation import EVOLVE

    if _first_turn(m) or hand_evolution_banned(m, player):
        return []
    p = m.players[player]
    defs = m.defs
    cards: dict[int, int] = {}
    for cid in p.hand:
        d = defs[cid]
        if d.kind == POKEMON and d.stage == _STAGE2 and not d.lv_x:
            cards.setdefault(id(d), cid)
    if not cards:
        return []
    out: list[tuple[Any, ...]] = []
    for s in p.in_play():
        basic = defs[s.top]
        if len(s.cards) != 1 or not basic.is_basic_pokemon or s.played_turn >= m.turn:
            continue
        if s.markers and has_marker(m, s, "cant_evolve"):
            continue
        if s is p.active and active_evolution_locked(m, s):
            continue
        out.extend((EVOLVE, cid, s.id) for cid in cards.values()
                   if defs[cid].evolves_from in basic.evolves_to)
    return out


def _may_evolve_from_hand(m: Match, s: Slot) -> bool:
    """A card from the hand may evolve ``s`` now (a Baby Evolution, which counts as
    evolving): the evolving rules (``may_evolve``), and no Poké-Body that bans evolving
    from the hand or locks the Active Pokémon's evolution (Time Aura)."""
    from ..actions import active_evolution_locked, hand_evolution_banned

    if not SLOT_TESTS["may_evolve"][0](m, s) or hand_evolution_banned(m, s.owner):
        return False
    return not (s is m.players[s.owner].active and active_evolution_locked(m, s))


SLOT_TESTS["may_evolve_from_hand"] = (_may_evolve_from_hand,
                                      "could be evolved now by a card from your hand")


@dataclass(frozen=True)
class Stage2EvolutionReady(Cond):
    """Rare Candy's requirement: it is not your first turn, and a Stage 2 card of your
    hand could go onto a Basic Pokémon of yours that came into play before this turn
    (``stage2_evolutions``)."""

    def holds(self, m: Match, f: Frame) -> bool:
        return bool(stage2_evolutions(m, f.player))

    def text(self, tc: TC) -> str:
        return ("it is not your first turn and a Stage 2 card in your hand can evolve 1 of "
                "your Basic Pokémon put into play before this turn")

    def prob(self, ev: Eval) -> float:
        return 1.0 if stage2_evolutions(ev.m, ev.player) else 0.0


class EvolveToStage2(Step):
    """Pick one of your Basic Pokémon in play and a Stage 2 card of your hand that evolves
    from it (``stage2_evolutions``: one choice of the pairs), and put that card onto it:
    this counts as evolving it."""

    def text(self, tc: TC) -> str:
        return ("Pick 1 of your Basic Pokémon in play and a Stage 2 card from your hand "
                "that evolves from it, and put that card onto it, skipping the Stage 1 "
                "(this counts as evolving that Pokémon).")

    def value(self, ev: Eval) -> None:
        ev.add(30)

    def run(self, m: Match, f: Frame) -> Result:
        options = stage2_evolutions(m, f.player)
        if not options:
            return NEXT
        if len(options) == 1:
            return self.resume(m, f, [options[0]])
        m.pending = Choice(f.player, "evolve", "Choose a Stage 2 card and the Basic Pokémon "
                           "it goes onto", tuple(options))
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        from ..notation import EV_EVOLVE
        from ..ops import evolve

        _, cid, sid = answer[0]
        p = m.players[f.player]
        s = find_slot(m, sid)
        if s is None or cid not in p.hand:
            return NEXT
        p.hand.remove(cid)
        before = s.top
        evolve(m, s, cid)
        if m.logging:
            m.log.append((EV_EVOLVE, f.player, before, cid))
        # The Stage 2 card was played from the hand to evolve: the Stadium in play and the
        # card's own Ability for evolving from the hand answer,
        # as they do for an evolution in the main phase (actions.do_main_action).
        from ..actions import evolve_triggers, pokemon_played

        if m.stadium >= 0:
            pokemon_played(m, s, "evolve")
        pf = m.printed[cid]
        if pf is not None and pf.power_choices:
            evolve_triggers(m, s, pf)
        return NEXT


class ChooseSpecialEnergyInPlay(ChooseEnergyInPlay):
    """Choose 1 Special Energy card attached to one side's Pokémon into ``var``."""

    def __init__(self, var: str, side: str = "opp") -> None:
        super().__init__(var, side)

    def text(self, tc: TC) -> str:
        whose = "your opponent's" if self.side == "opp" else "your"
        return f"Pick 1 Special Energy card from among those on {whose} Pokémon."

    def options(self, m: Match, player: int) -> list[tuple[Any, ...]]:
        defs = m.defs
        return [o for o in super().options(m, player) if not defs[o[1]].basic_energy]


# ---- Black & White era: dragons_exalted part1 ----
# Abilities used from the discard pile or that copy any Pokémon's attacks; the counts the
# set's attacks read; a search for basic Energy of different types; damage counters placed
# one at a time.


@dataclass(frozen=True)
class InDiscardPile(Cond):
    """The requirement of an Ability used while its card lies in its owner's discard pile
    (Ho-Oh-EX's Rebirth): the main phase offers it for the card there (``from_discard``,
    ``actions.discard_power_options``), never for that Pokémon in play."""

    from_discard: ClassVar[bool] = True
    power_head: ClassVar[str] = ("Once during your turn, before attacking, while this card "
                                 "is in your discard pile")

    def holds(self, m: Match, f: Frame) -> bool:
        return f.source >= 0 and f.source in m.players[f.player].discard

    def text(self, tc: TC) -> str:
        return "this card is in your discard pile"

    def prob(self, ev: Eval) -> float:
        return 0.0


@dataclass(frozen=True)
class AttacksOfAnyPokemon(Cond):
    """Marks a Power used instead of attacking (``instead_of_attack``) that copies the
    attacks of any Pokémon in play, the player's own included, not only the opponent's
    (Mew-EX's Versatile: ``copies_own_side``, read by ``actions.attack_choices``). It
    always holds; its ``power_head`` begins the Ability's text."""

    copies_own_side: ClassVar[bool] = True
    power_head: ClassVar[str] = "Whenever this Pokémon attacks"

    def holds(self, m: Match, f: Frame) -> bool:
        return True

    def text(self, tc: TC) -> str:
        return ""

    def prob(self, ev: Eval) -> float:
        return 1.0


def _condition_total(s: Slot | None) -> int:
    return 0 if s is None else sum(1 for b in CONDITION_NAMES if s.conditions & b)


@dataclass(frozen=True)
class ConditionCount(Expr):
    """How many Special Conditions affect a Pokémon (Poisoned, Burned and one of Asleep,
    Confused or Paralyzed: at most 3)."""

    who: str = DEFENDER

    def eval(self, m: Match, f: Frame) -> int:
        return _condition_total(who_slot(m, f, self.who))

    def text(self, tc: TC) -> str:
        return f"Special Condition affecting {who_text(tc, self.who)}"

    def expect(self, ev: Eval) -> float:
        return float(_condition_total(_eval_slot(ev, self.who)))


def _basic_energy_types(m: Any, s: Slot | None) -> int:
    if s is None:
        return 0
    mask = 0
    for c in s.energy:
        d = m.defs[c]
        if d.basic_energy:
            for u in d.units:
                mask |= u
    return bin(mask).count("1")


@dataclass(frozen=True)
class BasicEnergyTypesOn(Expr):
    """How many different types of basic Energy are attached to a Pokémon."""

    who: str = SELF

    def eval(self, m: Match, f: Frame) -> int:
        return _basic_energy_types(m, who_slot(m, f, self.who))

    def text(self, tc: TC) -> str:
        return f"basic Energy type attached to {who_text(tc, self.who)}"

    def expect(self, ev: Eval) -> float:
        return float(_basic_energy_types(ev.m, _eval_slot(ev, self.who)))


@dataclass(frozen=True)
class EnergyInPlay(SideCount):
    """The Energy (units, after effects that change them) attached to all of a side's
    Pokémon."""

    side: str = "opp"

    def count(self, m: Match, p: PlayerState) -> int:
        return sum(len(energy_units(m, s)) for s in p.in_play())

    def text(self, tc: TC) -> str:
        whose = "your" if self.side == "own" else "your opponent's"
        return f"Energy attached to {whose} Pokémon in play"


# (``has_tool`` and ``SPECIAL_ENERGY``: the dark_explorers part2 block above)


class ChooseDifferentTypes(Step):
    """Choose basic Energy cards from a zone of your own into ``var``, no two of the same
    type, up to ``count`` of them (Beautifly's Triple Energy, Ho-Oh-EX's Rebirth), one card
    at a time. A deck search may stop short (the deck is secret); from the discard pile,
    a public zone, a card of each type still missing is taken while there is one."""

    def __init__(self, var: str, zone: str, count: int = 3,
                 wording: str | None = None) -> None:
        self.var = var
        self.zone = zone
        self.count = count
        self.wording = wording

    def text(self, tc: TC) -> str:
        if self.wording is not None:
            return self.wording
        if self.zone == "deck":
            return (f"Search your deck and pick up to {self.count} basic Energy cards, each "
                    "of a different type.")
        return (f"Choose {self.count} basic Energy cards of different types from your "
                f"{'discard pile' if self.zone == 'discard' else self.zone} (as many types "
                "as there are, if fewer).")

    def value(self, ev: Eval) -> None:
        ev.add(8 * self.count)

    def _cands(self, m: Match, f: Frame, picked: list[int]) -> list[int]:
        taken = 0
        for c in picked:
            for u in m.defs[c].units:
                taken |= u
        return [c for c in _zone(m, f.player, self.zone)
                if c not in picked and c != f.source and m.defs[c].basic_energy
                and not any(u & taken for u in m.defs[c].units)]

    def _done(self, f: Frame, picked: list[int]) -> Result:
        f.vars[self.var] = list(picked)
        f.vars.pop("_types", None)
        return NEXT

    def run(self, m: Match, f: Frame) -> Result:
        picked = list(f.vars.get("_types") or [])
        must = self.zone != "deck"
        while True:
            if len(picked) >= self.count:
                return self._done(f, picked)
            cands = self._cands(m, f, picked)
            prompt = (f"Choose a basic Energy card of a type not chosen yet "
                      f"({len(picked) + 1} of {self.count})")
            if not cands:
                if not must and m.players[f.player].deck:
                    # (the deck is secret: asked even when nothing is left to find)
                    return ask_fruitless_search(m, f.player, f"cards_{self.zone}", prompt)
                return self._done(f, picked)
            options = m.distinct_cards(cands, lambda d: True)
            if must and len(options) == 1:
                picked.append(options[0][1])
                f.vars["_types"] = list(picked)  # (progress, kept as a position would)
                continue
            break
        m.pending = Choice(f.player, f"cards_{self.zone}", prompt, options,
                           min=1 if must else 0, max=1)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        picked = list(f.vars.get("_types") or [])
        if not answer:
            return self._done(f, picked)
        f.vars["_types"] = [*picked, answer[0][1]]
        return f.pc


class BenchFromDiscardSelf(Step):
    """Put this card (the frame's source: an Ability used from the discard pile) from
    your discard pile onto your Bench, if there is room; it is then the Pokémon ``SELF``
    names (its frame's user is that card)."""

    def __init__(self, wording: str = "Put this Pokémon onto your Bench.") -> None:
        self.wording = wording

    def text(self, tc: TC) -> str:
        return self.wording

    def value(self, ev: Eval) -> None:
        ev.add(40)

    def run(self, m: Match, f: Frame) -> Result:

        p = m.players[f.player]
        cid = f.source
        if cid in p.discard and len(p.bench) < m.rules.bench_size:
            p.discard.remove(cid)
            bench_new(m, p, cid)
        return NEXT


class PutCountersAnyWay(Step):
    """Put ``counters`` damage counters on the opponent's Pokémon in any way you like:
    one counter at a time, each on the Pokémon you choose (Shedinja's Cursed Drop). A
    Pokémon protected from the attack's effects takes none."""

    def __init__(self, counters: int) -> None:
        self.counters = counters

    def text(self, tc: TC) -> str:
        return (f"Split {plural(self.counters, 'damage counter')} as you like among your "
                "opponent's Pokémon.")

    def value(self, ev: Eval) -> None:
        ev.add(10 * self.counters)

    def _cands(self, m: Match, f: Frame) -> list[Slot]:
        return [s for s in m.players[1 - f.player].in_play() if not shielded(m, f, s)]

    def run(self, m: Match, f: Frame) -> Result:
        done = int(f.vars.get("_placed", 0))
        cands = self._cands(m, f)
        if done >= self.counters or not cands:
            f.vars.pop("_placed", None)
            return NEXT
        if len(cands) == 1:
            place_counters(m, cands[0], self.counters - done)
            f.vars.pop("_placed", None)
            return NEXT
        m.pending = Choice(f.player, "target",
                           f"Put damage counter {done + 1} of {self.counters} on which "
                           "Pokémon?", tuple((SLOT, s.id) for s in cands))
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        s = find_slot(m, answer[0][1])
        if s is not None:
            place_counters(m, s, 1)
        f.vars["_placed"] = int(f.vars.get("_placed", 0)) + 1
        return f.pc


class ReturnSelfToHand(ReturnToHand):
    """Return this Pokémon and every card attached to it to your hand (Jumpluff's Leave It
    to the Wind); worth using only when the damage it takes away is worth more than the
    cards' time in play."""

    def __init__(self) -> None:
        super().__init__(SELF)

    def text(self, tc: TC) -> str:
        return f"Put {tc.me} and every card attached to it back into your hand."

    def value(self, ev: Eval) -> None:
        s = ev.user
        ev.add(0.6 * s.damage - 25 if s is not None else -25)


# ---- Black & White era: next_destinies part2 ----
# A coin before attack damage lands (an Ability that answers damage), a hand shown to both
# players, the bottom of the opponent's deck, tests on Pokémon Tools, remaining HP and
# attacks by name, and a choice among the cards a Tool's passive hands its program.

from ..notation import EV_HAND_SHOWN as _EV_HAND_SHOWN  # noqa: E402
from ..ops import HEALING_BLOCK_HOOK as _HEALING_BLOCK_HOOK  # noqa: E402
from ..ops import figure_damage as _figure_damage  # noqa: E402
from ..ops import healing_blocked as _healing_blocked  # noqa: E402

GUARD_HOOK = "flips_against_damage"
GUARD_FOR = "_guard_for"  # the Pokémon whose coin is pending (a slot id)
GUARD_DONE = "_guard"  # the coins flipped so far: slot id, heads (1 or 0), ...


def guard_coins(m: Match, f: Frame, hits: Sequence[tuple[Slot, DamageCtx, int]]) -> Result:
    """Before a damage step places its damage: a coin for each Pokémon it would damage
    (``hits``: the Pokémon, the damage's context, the amount) whose working Ability says
    so (hook ``flips_against_damage``: Cinccino's Smooth Coat), flipped by its owner.
    SUSPEND while one is pending (nothing changed but the frame's own record); NEXT once
    each is known, for :func:`guard_prevented` to read. The step runs again after each
    coin (:func:`guard_resume`)."""
    if GUARD_HOOK not in m.body_hooks_present:
        return NEXT
    done = f.vars.get(GUARD_DONE) or []
    for s, dc, amount in hits:
        if s.id in done[0::2] or dc.ignore_defender_effects or not body_says(m, s, GUARD_HOOK):
            continue  # (Shred's damage passes every effect on the Pokémon it hits)
        preview = DamageCtx(dc.attacker, dc.defender, dc.player, dc.to_active,
                            weakness=dc.weakness, resistance=dc.resistance, preview=True,
                            reduction=dc.reduction)
        if _figure_damage(m, preview, amount) <= 0:
            continue  # no damage would be done: no coin
        f.vars[GUARD_FOR] = s.id
        m.pending = Chance("coin", s.owner, m.defs[s.top].name)
        return SUSPEND
    return NEXT


def guard_prevented(f: Frame, s: Slot, *, keep: bool = False) -> bool:
    """Did the coin :func:`guard_coins` flipped for ``s`` come up heads (its damage is
    prevented)? The record goes with the answer unless ``keep`` (more Pokémon to ask)."""
    done = f.vars.get(GUARD_DONE) or []
    heads = any(done[i] == s.id and done[i + 1] for i in range(0, len(done) - 1, 2))
    if not keep:
        f.vars.pop(GUARD_DONE, None)
    return heads


def guard_resume(m: Match, f: Frame, answer: Any) -> Result:
    """The coin of :func:`guard_coins` is in: record it and run the step again."""
    sid = f.vars.pop(GUARD_FOR)
    f.vars[GUARD_DONE] = [*(f.vars.get(GUARD_DONE) or []), sid, 1 if answer else 0]
    s = find_slot(m, sid)
    m.note_coin(s.owner if s is not None else f.player, answer,
                m.defs[s.top].name if s is not None else "effect")
    return f.pc


class ShowHand(Step):
    """A player's hand is shown to both players (the opponent's for ``side`` "opp"); the
    log names its cards (``EV_HAND_SHOWN``)."""

    def __init__(self, side: str = "opp") -> None:
        self.side = side

    def text(self, tc: TC) -> str:
        return "Your opponent shows you their hand." if self.side == "opp" else \
            "Show your hand to your opponent."

    def value(self, ev: Eval) -> None:
        ev.add(1 if self.side == "opp" else -1)

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[1 - f.player if self.side == "opp" else f.player]
        if self.side == "opp":
            f.vars[SHOWN] = list(p.hand)  # (seen: pinned, as LookAtOpponentHand's)
        if m.logging:
            m.log.append((_EV_HAND_SHOWN, p.index, list(p.hand)))
        return NEXT


class OpponentCardsToBottom(OpponentCardsToDeck):
    """Your opponent puts the cards of their hand chosen into ``var`` on the bottom of
    their deck (no shuffle)."""

    def text(self, tc: TC) -> str:
        return self.wording if self.wording is not None else \
            "Your opponent puts it on the bottom of their deck."

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[1 - f.player]
        for cid in f.vars.get(self.var) or []:
            if cid in p.hand:
                p.hand.remove(cid)
                p.deck.insert(0, cid)  # (the end of the list is the top)
                if m.logging:
                    m.log.append((EV_MOVE, p.index, cid, "deck", True, "hand"))
        return NEXT


SLOT_TESTS["no_tool"] = (lambda m, s: s.tool < 0, "has no Pokémon Tool attached")


@dataclass(frozen=True)
class FewerHpLeft(Cond):
    """Pokémon ``who`` has fewer HP left than Pokémon ``than``."""

    who: str
    than: str

    def holds(self, m: Match, f: Frame) -> bool:
        a, b = who_slot(m, f, self.who), who_slot(m, f, self.than)
        return a is not None and b is not None and remaining_hp(m, a) < remaining_hp(m, b)

    def text(self, tc: TC) -> str:
        return f"{who_text(tc, self.who)} has fewer HP left than {who_text(tc, self.than)}"

    def prob(self, ev: Eval) -> float:
        a, b = _eval_slot(ev, self.who), _eval_slot(ev, self.than)
        if a is None or b is None:
            return 0.5
        return 1.0 if remaining_hp(ev.m, a) < remaining_hp(ev.m, b) else 0.0


def with_attack_named(name: str) -> PokemonFilter:
    """Pokémon in play that have an attack of this name now ("your Pokémon that have the
    Round attack")."""
    from ..facts import pokemon_facts

    return PokemonFilter(f"attack_{name}", f"that has the {name} attack",
                         lambda m, s: any(r.attack.name == name
                                          for r in pokemon_facts(m, s).attacks))


@dataclass(frozen=True)
class CanHeal(Cond):
    """Some Pokémon of ``side`` (in ``where``: any / bench) has damage counters, and
    nothing in play keeps damage from being healed (Heal Block)."""

    side: str = "own"
    where: str = "any"

    def _holds(self, m: Match, player: int) -> bool:
        p = m.players[player if self.side == "own" else 1 - player]
        slots = p.bench if self.where == "bench" else p.in_play()
        if not any(s.damage for s in slots):
            return False
        return not (_HEALING_BLOCK_HOOK in m.body_hooks_present and _healing_blocked(m))

    def holds(self, m: Match, f: Frame) -> bool:
        return self._holds(m, f.player)

    def text(self, tc: TC) -> str:
        whose = "you have" if self.side == "own" else "your opponent has"
        where = "a Benched Pokémon" if self.where == "bench" else "a Pokémon"
        return f"{whose} {where} with damage counters that can be healed"

    def prob(self, ev: Eval) -> float:
        return 1.0 if self._holds(ev.m, ev.player) else 0.0


class ChooseAmong(Step):
    """You may choose up to ``count`` of the cards a passive handed this program (the
    frame's ``among``: Exp. Share's "_knocked") that still lie in your discard pile and
    pass ``filt``, into ``var`` (none at all is allowed)."""

    def __init__(self, var: str, among: str, filt: CardFilter = ANY_CARD, *, count: int = 1,
                 wording: str = "") -> None:
        self.var = var
        self.among = among
        self.filt = filt
        self.count = count
        self.wording = wording

    def text(self, tc: TC) -> str:
        return self.wording

    def value(self, ev: Eval) -> None:
        ev.add(6 * self.count)

    def run(self, m: Match, f: Frame) -> Result:
        discard = m.players[f.player].discard
        ok = self.filt.verdicts
        cands = [c for c in f.vars.get(self.among) or [] if c in discard and ok[m.defs[c]]]
        if not cands:
            f.vars[self.var] = []
            return NEXT
        options = m.distinct_cards(cands, lambda d: True) if self.count == 1 else \
            tuple((CARD, c) for c in cands)
        m.pending = Choice(f.player, "cards_discard",
                           self.wording or f"Choose up to {self.count} of these cards",
                           options, min=0, max=min(self.count, len(options)))
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        f.vars[self.var] = [opt[1] for opt in answer]
        return NEXT


# ---- Black & White era: dark_explorers part1 ----
# A test of a Pokémon's name, hand sizes compared, every Pokémon in play counted, a switch
# whose new Defending Pokémon later steps name.

def pokemon_named(name: str) -> PokemonFilter:
    """Pokémon in play of exactly this name ("if the Defending Pokémon is Durant")."""
    return PokemonFilter(f"is_{name}", name, lambda m, s: stack_facts(m, s).name == name)


@dataclass(frozen=True)
class PokemonIs(Cond):
    """A Pokémon (``who``) passes a filter: "the Defending Pokémon is Durant"."""

    who: str
    filt: PokemonFilter

    def holds(self, m: Match, f: Frame) -> bool:
        s = who_slot(m, f, self.who)
        return s is not None and self.filt.test(m, s)

    def text(self, tc: TC) -> str:
        return f"{who_text(tc, self.who)} is {self.filt.label}"

    def prob(self, ev: Eval) -> float:
        s = _eval_slot(ev, self.who)
        if s is None:
            return 0.5
        return 1.0 if self.filt.test(ev.m, s) else 0.0


@dataclass(frozen=True)
class MoreCardsInHand(Cond):
    """Your hand is bigger than your opponent's."""

    def _holds(self, m: Match, player: int) -> bool:
        return len(m.players[player].hand) > len(m.players[1 - player].hand)

    def holds(self, m: Match, f: Frame) -> bool:
        return self._holds(m, f.player)

    def text(self, tc: TC) -> str:
        return "your opponent has fewer cards in hand than you"

    def prob(self, ev: Eval) -> float:
        return 1.0 if self._holds(ev.m, ev.player) else 0.0


@dataclass(frozen=True)
class PokemonInPlay(Expr):
    """How many Pokémon are in play, both players' counted."""

    def _count(self, m: Match) -> int:
        return sum(len(p.in_play()) for p in m.players)

    def eval(self, m: Match, f: Frame) -> int:
        return self._count(m)

    def text(self, tc: TC) -> str:
        return "Pokémon in play (yours and your opponent's)"

    def expect(self, ev: Eval) -> float:
        return float(self._count(ev.m))


class SwitchInDefender(Step):
    """Switch the Defending Pokémon with the opponent's Benched Pokémon chosen in ``var``
    (by an earlier ``ChoosePokemon``, before the Confusion check), then make ``var`` name
    the opponent's Active Pokémon, the new Defending Pokémon, for the steps that follow.
    With no Benched Pokémon to switch in, it names the Defending Pokémon as it is: our
    reading of "the new Defending Pokémon" when nothing could be switched."""

    def __init__(self, var: str, wording: str | None = None) -> None:
        self.var = var
        self.wording = wording

    def text(self, tc: TC) -> str:
        if self.wording is not None:
            return self.wording
        return "Switch it with the Defending Pokémon."

    def value(self, ev: Eval) -> None:
        if ev.m.players[1 - ev.player].bench:
            ev.add(15)

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[1 - f.player]
        s = who_slot(m, f, self.var)
        if s is not None and s in p.bench and not switch_shielded(m, f, p, s):
            switch_active(m, p, s)
            if m.logging:
                m.log.append((EV_SWITCH, p.index, s.top))
        f.vars[self.var] = [p.active.id] if p.active is not None else []
        return NEXT


# ---- Black & White era: dragons_exalted part2 ----

from ..facts import EX_KIND  # noqa: E402

SLOT_TESTS["ex"] = (lambda m, s: EX_KIND in stack_facts(m, s).kinds, "is a Pokémon-EX")


@dataclass(frozen=True)
class DamageCountersOnBench(SideCount):
    """Every damage counter on a side's Benched Pokémon, added up (Gigalith's Revenge
    Cannon)."""

    side: str = "own"

    def count(self, m: Match, p: PlayerState) -> int:
        return sum(s.damage // 10 for s in p.bench)

    def text(self, tc: TC) -> str:
        whose = "your" if self.side == "own" else "your opponent's"
        return f"damage counter on {whose} Benched Pokémon"


class ShredDamage(Damage):
    """The attack's damage to the Defending Pokémon, figured with Weakness and Resistance
    but none of the effects on the Defending Pokémon (its Abilities, Tools, Special Energy,
    results of attacks, the guards of its side): ``DamageCtx.ignore_defender_effects``
    (Shred)."""

    defender_effects = False

    def text(self, tc: TC) -> str:
        return ("This attack's damage is not changed by any effect on the Defending Pokémon "
                "(Weakness and Resistance still apply).")


class AttachEachToBench(AttachEachToOwn):
    """Attach each card chosen into ``var`` to 1 of your Benched Pokémon, choosing for each
    card where it goes (Terrakion-EX's Pump-up Smash)."""

    def text(self, tc: TC) -> str:
        return self.wording if self.wording is not None else \
            "Attach them to your Benched Pokémon, split as you like."

    def run(self, m: Match, f: Frame) -> Result:
        cards = f.vars.get(self.var) or []
        i = int(f.vars.get("_attached", 0))
        slots = m.players[f.player].bench
        if i >= len(cards) or not slots:
            f.vars.pop("_attached", None)
            return NEXT
        if len(slots) == 1:
            self._attach(m, f, cards[i], slots[0])
            return f.pc
        m.pending = Choice(f.player, "target",
                           f"Attach {m.defs[cards[i]].name} to which Benched Pokémon?",
                           tuple((SLOT, s.id) for s in slots))
        return SUSPEND


class MillAndAttachEnergy(Step):
    """Discard the top ``n`` cards of your deck; each Energy card among them is attached to
    this Pokémon instead (Rayquaza-EX's Celestial Roar)."""

    def __init__(self, n: int) -> None:
        self.n = n

    def text(self, tc: TC) -> str:
        return (f"Discard {self.n} cards from the top of your deck. Attach each Energy card "
                f"among them to {tc.me}.")

    def value(self, ev: Eval) -> None:
        ev.add(4 * self.n)

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[f.player]
        me = who_slot(m, f, SELF)
        for _ in range(min(self.n, len(p.deck))):
            cid = p.deck.pop()
            if me is not None and m.defs[cid].kind == ENERGY:
                me.energy.append(cid)
                if m.logging:
                    m.log.append((EV_ATTACH, f.player, cid, me.top))
            else:
                p.discard.append(cid)
                if m.logging:
                    m.log.append((EV_MOVE, p.index, cid, "discard", True, "deck"))
        return NEXT


class DiscardAllBasicOfOneType(Step):
    """Discard every basic Energy card of one of ``types`` attached to this Pokémon: the
    player picks the type when both are there (Rayquaza-EX's Dragon Burst). ``discarded``
    counts the cards."""

    def __init__(self, types: tuple[str, ...]) -> None:
        self.types = types

    def text(self, tc: TC) -> str:
        kinds = " or ".join(f"every basic [{t}] Energy" for t in self.types)
        return f"From {tc.me}, discard {kinds} (your choice)."

    def value(self, ev: Eval) -> None:
        ev.add(-15)

    def _groups(self, m: Match, f: Frame) -> dict[str, list[int]]:
        s = who_slot(m, f, SELF)
        out: dict[str, list[int]] = {}
        if s is None:
            return out
        for t in self.types:
            cards = [c for c in s.energy if m.defs[c].basic_energy
                     and any(u & BIT[t] for u in m.defs[c].units)]
            if cards:
                out[t] = cards
        return out

    def run(self, m: Match, f: Frame) -> Result:
        groups = self._groups(m, f)
        if len(groups) <= 1:
            return self._discard(m, f, next(iter(groups.values()), []))
        options = tuple((CARD, cards[0]) for cards in groups.values())
        m.pending = Choice(f.player, "energy", "Discard all basic Energy of which type?",
                           options)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        picked = answer[0][1]
        groups = self._groups(m, f)
        return self._discard(m, f, next((g for g in groups.values() if picked in g), []))

    def _discard(self, m: Match, f: Frame, cards: list[int]) -> Result:
        s = who_slot(m, f, SELF)
        if s is not None:
            for c in cards:
                discard_attached(m, s, c)
        f.vars["discarded"] = len(cards)
        return NEXT


class MillOpponent(Step):
    """Discard cards from the top of your opponent's deck: ``count`` of them (a number or
    an expression, e.g. the heads), fewer if the deck runs out."""

    def __init__(self, count: int | Expr) -> None:
        self.count = Const(count) if isinstance(count, int) else count

    def text(self, tc: TC) -> str:
        c = self.count
        if isinstance(c, Const):
            return f"Discard {plural(c.n, 'card')} from the top of your opponent's deck."
        return f"Discard 1 card from the top of your opponent's deck per {c.text(tc)}."

    def value(self, ev: Eval) -> None:
        ev.add(3 * self.count.expect(ev))

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[1 - f.player]
        for _ in range(min(self.count.eval(m, f), len(p.deck))):
            cid = p.deck.pop()
            p.discard.append(cid)
            if m.logging:
                m.log.append((EV_MOVE, p.index, cid, "discard", True, "deck"))
        return NEXT


class DiscardToolsInPlay(Step):
    """Pick up to ``count`` Pokémon Tool cards from Pokémon in play, on either side, and
    discard them (Tool Scrapper). Each Pokémon holds at most one Tool, so
    the choice names the Pokémon; at least one is chosen."""

    def __init__(self, count: int = 2) -> None:
        self.count = count

    def text(self, tc: TC) -> str:
        return (f"Discard up to {self.count} Pokémon Tool cards of your choice from Pokémon "
                "in play (either player's).")

    def value(self, ev: Eval) -> None:
        opp = ev.m.players[1 - ev.player]
        ev.add(12 * min(self.count, sum(1 for s in opp.in_play() if s.tool >= 0)))

    def _cands(self, m: Match, f: Frame) -> list[Slot]:
        return [s for p in (f.player, 1 - f.player) for s in m.players[p].in_play()
                if s.tool >= 0]

    def run(self, m: Match, f: Frame) -> Result:
        cands = self._cands(m, f)
        if len(cands) <= 1:
            return self._discard(m, cands)
        m.pending = Choice(f.player, "target",
                           f"Choose up to {self.count} Pokémon whose Tool to discard",
                           tuple((SLOT, s.id) for s in cands), min=1,
                           max=min(self.count, len(cands)))
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        slots = [find_slot(m, opt[1]) for opt in answer]
        return self._discard(m, [s for s in slots if s is not None])

    def _discard(self, m: Match, slots: list[Slot]) -> Result:
        for s in slots:
            if s.tool >= 0:
                cid = s.tool
                discard_attached(m, s, cid)
                m.ko_dirty = True  # (a Tool may have given HP)
                if m.logging:
                    m.log.append((EV_MOVE, m.owner[cid], cid, "discard", True, "attach"))
        return NEXT


@dataclass(frozen=True)
class ToolInPlay(Cond):
    """A Pokémon Tool is attached to some Pokémon in play, either player's (Tool
    Scrapper)."""

    def holds(self, m: Match, f: Frame) -> bool:
        return any(s.tool >= 0 for p in m.players for s in p.in_play())

    def text(self, tc: TC) -> str:
        return "a Pokémon Tool is attached to a Pokémon in play (either player's)"

    def prob(self, ev: Eval) -> float:
        return 1.0 if any(s.tool >= 0 for p in ev.m.players for s in p.in_play()) else 0.0


# ---- Call of Legends era: hgss_p3 ----


@dataclass(frozen=True)
class PokemonInPlayOf(PokemonInPlay):
    """How many Pokémon in play pass a filter, both players' counted ("the number of Mareep
    in play, yours and your opponent's": Mareep's Static Electricity)."""

    filt: PokemonFilter = ANY_POKEMON

    def _count(self, m: Match) -> int:
        return sum(1 for p in m.players for s in p.in_play() if self.filt.test(m, s))

    def text(self, tc: TC) -> str:
        return f"{self.filt.label} in play (yours and your opponent's)"


class HealAllShedEnergy(Step):
    """Remove every damage counter from each of your Pokémon; each Pokémon that had any
    then discards all its attached Energy cards (Blissey's Blissful Nurse). A Pokémon whose
    healing is blocked (Heal Block) keeps its counters and its Energy."""

    def text(self, tc: TC) -> str:
        return ("Take every damage counter off each of your Pokémon, then discard all "
                "Energy from each Pokémon that had any.")

    def value(self, ev: Eval) -> None:
        # A counter healed is worth about 7, an Energy card lost about 8 (as elsewhere).
        for s in ev.m.players[ev.player].in_play():
            if s.damage:
                ev.add(0.7 * s.damage - 8 * len(s.energy))

    def run(self, m: Match, f: Frame) -> Result:
        for s in m.players[f.player].in_play():
            if s.damage and heal(m, s, s.damage):
                for c in list(s.energy):
                    discard_attached(m, s, c)
        return NEXT


# ---- Call of Legends era: col_p2 ----
# Cards sent to the Lost Zone from the opponent's hand and deck and from your own hand.

from ..ops import to_lost_zone as _to_lost_zone  # noqa: E402


class LoseFromOpponentHandUnseen(FromOpponentHandUnseen):
    """Choose ``count`` cards from the opponent's hand without looking and put them in the
    Lost Zone (Zangoose's Lost Claw). As for the other picks without looking, a shuffle of
    that hand stands for the pick."""

    def __init__(self, count: int | Expr = 1, *, wording: str | None = None) -> None:
        super().__init__(count, "lost", wording=wording)

    def text(self, tc: TC) -> str:
        if self.wording is not None:
            return self.wording
        c = self.count
        if isinstance(c, Const):
            what = plural(c.n, "card")
            it = "it" if c.n == 1 else "them"
        else:
            what, it = f"1 card per {c.text(tc)}", "them"
        return (f"Pick {what} from your opponent's hand face down and put {it} in the Lost "
                "Zone.")

    def value(self, ev: Eval) -> None:
        hand = len(ev.m.players[1 - ev.player].hand)
        ev.add(8 * min(float(hand), self.count.expect(ev)))  # gone for good: more than a discard

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        n = self._n(m, f)
        p = m.players[1 - f.player]
        hand = [p.hand[i] for i in answer]
        p.hand[:] = hand[n:]
        _to_lost_zone(m, hand[:n])
        return NEXT


class LoseOpponentTopCards(Step):
    """Put the top ``n`` cards of the opponent's deck in the Lost Zone, fewer if the deck
    runs out (Mime Jr.'s Sleepy Lost)."""

    def __init__(self, n: int = 1) -> None:
        self.n = n

    def text(self, tc: TC) -> str:
        return (f"Send {plural(self.n, 'card')} from the top of your opponent's deck to the "
                "Lost Zone.")

    def value(self, ev: Eval) -> None:
        ev.add(4 * min(self.n, len(ev.m.players[1 - ev.player].deck)))

    def run(self, m: Match, f: Frame) -> Result:
        deck = m.players[1 - f.player].deck
        n = min(self.n, len(deck))
        if n:
            cards = deck[-n:]
            del deck[-n:]
            _to_lost_zone(m, list(reversed(cards)))  # (the top card first)
        return NEXT


class LoseChosenCards(Step):
    """Put the chosen cards (ids in ``var``, from your hand, deck or discard pile) in your
    Lost Zone (Relicanth's Prehistoric Wisdom)."""

    def __init__(self, var: str, wording: str = "Put it in the Lost Zone.") -> None:
        self.var = var
        self.wording = wording

    def text(self, tc: TC) -> str:
        return self.wording

    def value(self, ev: Eval) -> None:
        ev.add(-2)  # (the choice from the hand already counts the card's worth)

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[f.player]
        lost = [cid for cid in f.vars.get(self.var) or []
                if _take_from_own_zones(p, cid) is not None]
        if lost:
            _to_lost_zone(m, lost)
        return NEXT


# ---- Call of Legends era: hgss_p1 ----
# A player's own search of his or her deck for Pokémon to bench, as many as the Bench has
# room for, made by that player even in the other one's attack (Pichu's Playground: each
# player may put Basic Pokémon from his or her deck onto the Bench).


class SearchDeckToBench(Step):
    """The player of ``side`` ("own", "opp") may search his or her deck for any number of
    cards of ``filt`` (Basic Pokémon cards), as many as the Bench has room for, and put them
    onto his or her Bench. That player chooses, seeing only that deck; the shuffle of it
    follows as its own step."""

    def __init__(self, side: str = "own", filt: CardFilter = BASIC_POKEMON,
                 wording: str | None = None) -> None:
        self.side = side
        self.filt = filt
        self.wording = wording

    def text(self, tc: TC) -> str:
        if self.wording is not None:
            return self.wording
        if self.side == "own":
            return (f"Search your deck and pick any number of {self.filt.label}s; put them "
                    "onto your Bench.")
        return (f"Your opponent may search their deck for any number of {self.filt.label}s "
                "and put them onto their Bench.")

    def _player(self, m: Match, player: int) -> PlayerState:
        return m.players[player if self.side == "own" else 1 - player]

    def value(self, ev: Eval) -> None:
        # More Pokémon in play: more attackers, and more to Knock Out before the last
        # Prize; a guess of two of them, each worth about a card to its owner.
        p = self._player(ev.m, ev.player)
        n = min(2, max(0, ev.m.rules.bench_size - len(p.bench)))
        ev.add((6 if self.side == "own" else -6) * n)

    def run(self, m: Match, f: Frame) -> Result:
        p = self._player(m, f.player)
        ok = self.filt.verdicts
        cands = [c for c in p.deck if ok[m.defs[c]]]
        room = m.rules.bench_size - len(p.bench)
        most = min(room, len(cands))
        prompt = f"Put any number of {self.filt.label}s from your deck onto your Bench."
        if most <= 0:
            if room > 0 and p.deck:  # (the deck is secret: asked even when it has none)
                return ask_fruitless_search(m, p.index, "cards_deck", prompt)
            return NEXT
        m.pending = Choice(p.index, "cards_deck", prompt, tuple((CARD, c) for c in cands),
                           min=0, max=most)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:

        p = self._player(m, f.player)
        for opt in answer:
            cid = opt[1]
            if len(p.bench) >= m.rules.bench_size or cid not in p.deck:
                continue
            p.deck.remove(cid)
            bench_new(m, p, cid)
        return NEXT


# ---- Call of Legends era: col_tr ----
# The Trainers of HeartGold & SoulSilver and Call of Legends: an attached Energy card put in
# the Lost Zone, the top of the deck split between its top and its bottom, the Pokémon in a
# Lost Zone counted, and a game won by a card's effect (Lost World).


class LoseChosenEnergy(Step):
    """Put the Energy cards chosen into ``var`` (attached to Pokémon in play, either
    player's) in their owners' Lost Zones (Lost Remover)."""

    def __init__(self, var: str) -> None:
        self.var = var

    def text(self, tc: TC) -> str:
        return "Put it in the Lost Zone."

    def value(self, ev: Eval) -> None:
        # (the card is gone for good: a little more than a discarded one)
        if any(not ev.m.defs[c].basic_energy for s in ev.m.players[1 - ev.player].in_play()
               for c in s.energy):
            ev.add(25)

    def run(self, m: Match, f: Frame) -> Result:
        from ..ops import lose_attached

        for cid in f.vars.get(self.var) or []:
            for p in m.players:
                for s in p.in_play():
                    if cid in s.energy:
                        lose_attached(m, s, cid)
        return NEXT


def _distinct_orders(m: Match, cards: list[int]) -> list[tuple[Any, ...]]:
    """Every order of ``cards`` as an ``ORDER`` option, one per distinct order of card ids
    (copies of a card are interchangeable)."""
    from itertools import permutations

    seen: set[tuple[str, ...]] = set()
    options: list[tuple[Any, ...]] = []
    for order in permutations(cards):
        key = tuple(m.defs[c].id for c in order)
        if key not in seen:
            seen.add(key)
            options.append((ORDER, *order))
    return options


class TopOrBottom(Step):
    """Look at the top ``n`` cards of your deck: put any of them back on top in the order
    you choose and the others on the bottom in the order you choose (Research Record).
    Three decisions (which stay on top, their order, the order of the others) are kept in
    the frame's ``_keep``, ``_top`` and ``_bottom``; the cards move once all are in."""

    def __init__(self, n: int) -> None:
        self.n = n

    def text(self, tc: TC) -> str:
        return (f"Look at {self.n} cards from the top of your deck. Return any of them to the "
                "top in the order you like, and the rest beneath your deck in any order.")

    def value(self, ev: Eval) -> None:
        ev.add(4)

    def run(self, m: Match, f: Frame) -> Result:
        deck = m.players[f.player].deck
        top = list(reversed(deck[-self.n:]))  # the top card first
        if not top:
            return NEXT
        if "_keep" not in f.vars:
            m.pending = Choice(f.player, "cards_deck", "Choose the cards that go back on top "
                               "of your deck (the others go to the bottom).",
                               tuple((CARD, c) for c in top), min=0, max=len(top))
            return SUSPEND
        keep = [c for c in top if c in f.vars["_keep"]]
        rest = [c for c in top if c not in keep]
        for var, cards, prompt in (
                ("_top", keep, "Put these cards back on top of your deck, the top card "
                               "first."),
                ("_bottom", rest, "Put these cards on the bottom of your deck, the card "
                                  "that goes nearest the top first.")):
            if var in f.vars:
                continue
            if len(cards) > 1:  # (copies too: only the player has seen them)
                m.pending = Choice(f.player, "order", prompt,
                                   tuple(_distinct_orders(m, cards)))
                return SUSPEND
            f.vars[var] = list(cards)  # (one card or none: nothing to ask)
        on_top, below = f.vars.pop("_top"), f.vars.pop("_bottom")
        del f.vars["_keep"]
        del deck[-len(top):]
        deck[:0] = list(reversed(below))  # (the deck's list runs from the bottom card up)
        deck.extend(reversed(on_top))
        return NEXT

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        if "_keep" not in f.vars:
            f.vars["_keep"] = [opt[1] for opt in answer]
        else:
            f.vars["_top" if "_top" not in f.vars else "_bottom"] = list(answer[0][1:])
        return f.pc  # (then the next decision, or the move)


@dataclass(frozen=True)
class LostZonePokemon(Cond):
    """A side ("own" or "opp") has at least ``n`` Pokémon cards in its Lost Zone (Lost
    World). Each Pokémon card counts: an evolved Pokémon put there counts once for each of
    its Pokémon cards."""

    side: str
    n: int

    def _count(self, m: Match, player: int) -> int:
        return sum(1 for c in m.players[player].lost_zone if m.defs[c].kind == POKEMON)

    def holds(self, m: Match, f: Frame) -> bool:
        return self._count(m, f.player if self.side == "own" else 1 - f.player) >= self.n

    def text(self, tc: TC) -> str:
        whose = "you have" if self.side == "own" else "your opponent has"
        return f"{whose} {self.n} or more Pokémon cards in the Lost Zone"

    def prob(self, ev: Eval) -> float:
        player = ev.player if self.side == "own" else 1 - ev.player
        return 1.0 if self._count(ev.m, player) >= self.n else 0.0


class WinGame(Step):
    """The player of the effect wins the game at once (Lost World). ``reason`` is the word
    the match's result records (``Match.result``, beside "prizes" or "deck_out"); the log
    says why in ``describe``'s words."""

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def text(self, tc: TC) -> str:
        return "Win the game."

    def value(self, ev: Eval) -> None:
        ev.add(10_000)

    def run(self, m: Match, f: Frame) -> Result:
        m.finish(f.player, self.reason)
        return NEXT


# ---- Call of Legends era: col_p1 ----
# What Call of Legends col1-1 to col1-32 print that no earlier step says: a count of the
# Lost Zone, the top of the deck discarded and counted, a discard the opponent chooses,
# damage counters moved to the opponent's Pokémon, Evolution cards taken back to the
# opponent's hand, a Supporter of the opponent's hand used as a Poké-Power's effect, and
# the guard of a marker against the effects of attacks (``shielded``).

from ..facts import marker_passives as _marker_passives  # noqa: E402


def _marker_guards(m: Match, s: Slot, player: int) -> bool:
    """Does a marker in force on ``s`` keep the effects of ``player``'s attacks off it (its
    passive answers ``guards_attack_effects``: Umbreon's Moonlight Fang)?"""
    return any("guards_attack_effects" in ps.hooks and ps.guards_attack_effects(m, s, player)
               for ps in _marker_passives(m, s))


@dataclass(frozen=True)
class CardsInLostZone(SideCount):
    """How many cards passing a filter lie in a side's Lost Zone (counting the Pokémon
    cards there, say)."""

    side: str
    filt: Any  # CardFilter

    def count(self, m: Match, p: PlayerState) -> int:
        ok = self.filt.verdicts
        return sum(1 for c in p.lost_zone if ok[m.defs[c]])

    def text(self, tc: TC) -> str:
        whose = "your" if self.side == "own" else "your opponent's"
        return f"{self.filt.label} in {whose} Lost Zone"


class DiscardTopCounting(DiscardTopOfDeck):
    """Discard the top ``n`` cards of your deck (fewer if it runs out) and count in ``var``
    those that pass ``filt`` (Magmortar's Hard Crush: the Energy cards discarded)."""

    def __init__(self, n: int, filt: CardFilter, var: str) -> None:
        super().__init__(n)
        self.filt = filt
        self.var = var

    def value(self, ev: Eval) -> None:
        ev.add(-2 * self.n)

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[f.player]
        ok = self.filt.verdicts
        counted = 0
        for _ in range(min(self.n, len(p.deck))):
            cid = p.deck.pop()
            p.discard.append(cid)
            counted += ok[m.defs[cid]]
            if m.logging:
                m.log.append((EV_MOVE, p.index, cid, "discard", True, "deck"))
        f.vars[self.var] = counted
        return NEXT


class OpponentDiscardsFromHand(Step):
    """Your opponent discards ``n`` cards from their hand, choosing which (all of them if
    they hold no more; Houndoom's Dark Roar). Only that player sees the choice."""

    def __init__(self, n: int = 1) -> None:
        self.n = n

    def text(self, tc: TC) -> str:
        what = "a card" if self.n == 1 else f"{self.n} cards"
        return f"Your opponent discards {what} from their hand."

    def value(self, ev: Eval) -> None:
        ev.add(6 * min(self.n, len(ev.m.players[1 - ev.player].hand)))

    def run(self, m: Match, f: Frame) -> Result:
        hand = m.players[1 - f.player].hand
        n = min(self.n, len(hand))
        if n <= 0:
            return NEXT
        if n == len(hand):
            return self._discard(m, f, list(hand))
        options = m.distinct_cards(hand, lambda d: True) if n == 1 else \
            tuple((CARD, c) for c in hand)
        if len(options) == 1:
            return self._discard(m, f, [options[0][1]])
        m.pending = Choice(1 - f.player, "cards_hand",
                           f"Discard {plural(n, 'card')} from your hand", options,
                           min=n, max=n)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        return self._discard(m, f, [opt[1] for opt in answer])

    @staticmethod
    def _discard(m: Match, f: Frame, cards: list[int]) -> Result:
        p = m.players[1 - f.player]
        for cid in cards:
            if cid in p.hand:
                p.hand.remove(cid)
                p.discard.append(cid)
                if m.logging:
                    m.log.append((EV_MOVE, p.index, cid, "discard", True, "hand"))
        return NEXT


class MoveCountersToOpponent(Step):
    """Move up to ``n`` damage counters from your Pokémon onto your opponent's, spread as
    you like (Espeon's Solar Suggestion): one counter at a time, from one of your
    Pokémon that has any to one of your opponent's Pokémon, each chosen (choosing no
    Pokémon to move from stops). A Pokémon protected from the attack's effects takes none.
    Its progress: "_counters" (moved so far), "_from" (the Pokémon chosen to move from)."""

    def __init__(self, n: int) -> None:
        self.n = n

    def text(self, tc: TC) -> str:
        return (f"Move up to {plural(self.n, 'damage counter')} from your Pokémon to your "
                "opponent's Pokémon, split as you like.")

    def value(self, ev: Eval) -> None:
        mine = sum(s.damage // 10 for s in ev.m.players[ev.player].in_play())
        ev.add(15 * min(self.n, mine))

    def _targets(self, m: Match, f: Frame) -> list[Slot]:
        return [s for s in m.players[1 - f.player].in_play() if not shielded(m, f, s)]

    def _done(self, f: Frame) -> Result:
        f.vars.pop("_counters", None)
        f.vars.pop("_from", None)
        return NEXT

    def run(self, m: Match, f: Frame) -> Result:
        targets = self._targets(m, f)
        if "_from" in f.vars:  # where the chosen counter goes
            if len(targets) <= 1:
                return self._move(m, f, targets[0] if targets else None)
            m.pending = Choice(f.player, "target", "Move the damage counter to which of your "
                               "opponent's Pokémon?", tuple((SLOT, s.id) for s in targets))
            return SUSPEND
        done = int(f.vars.get("_counters", 0))
        sources = [s for s in m.players[f.player].in_play() if s.damage >= 10]
        if done >= self.n or not sources or not targets:
            return self._done(f)
        m.pending = Choice(f.player, "target",
                           f"Move damage counter {done + 1} of up to {self.n} from which of "
                           "your Pokémon? (choose none to stop)",
                           tuple((SLOT, s.id) for s in sources), min=0, max=1)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        if "_from" in f.vars:
            return self._move(m, f, find_slot(m, answer[0][1]))
        if not answer:
            return self._done(f)
        f.vars["_from"] = answer[0][1]
        return f.pc

    def _move(self, m: Match, f: Frame, target: Slot | None) -> Result:
        source = find_slot(m, f.vars.pop("_from"))
        if source is not None and target is not None and source.damage >= 10:
            remove_damage(m, source, 10)  # (moved, not healed: no heal block stops it)
            place_counters(m, target, 1)
        f.vars["_counters"] = int(f.vars.get("_counters", 0)) + 1
        return f.pc


class ChoosePokemonUpTo(ChoosePokemon):
    """``ChoosePokemon`` of any number of different Pokémon from none up to ``count``, an
    expression ("choose a number of ... up to the amount of Energy attached")."""

    def __init__(self, var: str, side: str, where: str = "any", *, count: Expr,
                 filt: PokemonFilter = ANY_POKEMON, wording: str | None = None,
                 pre: bool = False) -> None:
        super().__init__(var, side, where, filt=filt, wording=wording, pre=pre)
        self.count_expr = count

    def text(self, tc: TC) -> str:
        if self.wording is not None:
            return self.wording
        whose = {"own": "your", "opp": "your opponent's", "any": "either player's"}[self.side]
        where = {"any": "Pokémon", "bench": "Benched Pokémon", "active": "Active Pokémon"}
        label = f" {self.filt.label}" if self.filt.label else ""
        return (f"Choose any number of {whose} {where[self.where]}{label}, up to 1 for each "
                f"{self.count_expr.text(tc)}.")

    def run(self, m: Match, f: Frame) -> Result:
        cands = self.candidates(m, f.player, f)
        n = min(self.count_expr.eval(m, f), len(cands))
        if n <= 0:
            f.vars[self.var] = []
            return NEXT
        m.pending = Choice(f.player, "target", self.text(TC("")),
                           tuple((SLOT, s.id) for s in cands), min=0, max=n)
        return SUSPEND


class DevolveEach(Step):
    """Take the highest Evolution card off each Pokémon chosen in ``var`` and put it into
    its owner's hand (Jirachi's Time Hollow): the card below is the Pokémon now, with its
    damage and attached cards; Special Conditions and the results of attacks go, as on
    evolving. A Pokémon protected from the attack's effects keeps its card."""

    def __init__(self, var: str, wording: str | None = None) -> None:
        self.var = var
        self.wording = wording

    def text(self, tc: TC) -> str:
        if self.wording is not None:
            return self.wording
        return ("Take the highest Evolution card off each of them and put it into its "
                "owner's hand.")

    def value(self, ev: Eval) -> None:
        # About a card's worth of tempo for each Evolved Pokémon the opponent has (2 at most:
        # the Energy such attacks usually count), nothing with none to choose.
        evolved = sum(1 for s in ev.m.players[1 - ev.player].in_play() if len(s.cards) > 1)
        ev.add(20 * min(evolved, 2))

    def run(self, m: Match, f: Frame) -> Result:
        for sid in list(f.vars.get(self.var) or []):
            s = find_slot(m, sid)
            if s is not None and len(s.cards) > 1 and not shielded(m, f, s):
                devolve(m, s, m.players[s.owner].hand)
        return NEXT


# About one card in ten of a deck is a Supporter (the share in Call of Legends' ready-made
# decks, where the card that uses one from the opponent's hand is): the public guess of the
# opponent's hand, which no player may read.
SUPPORTER_SHARE = 0.1


class UseOpponentSupporter(Step):
    """Choose a Supporter card in your opponent's hand (the hand is looked at first, by an
    earlier step) and do what it does, as this effect's own (Smeargle's Portrait): its
    program runs now for you, its requirements aside (it does what it can); the card stays
    in that hand. With no Supporter there, nothing happens."""

    def text(self, tc: TC) -> str:
        return ("Choose a Supporter card there, if any, and use its effect as the effect of "
                f"this {'Poké-Power' if tc.kind == 'power' else 'attack'} (the card stays in "
                "their hand).")

    def value(self, ev: Eval) -> None:
        # The opponent's hand is hidden: only its size is known, so the worth is the chance
        # that a hand of that size holds a Supporter (see SUPPORTER_SHARE).
        hand = len(ev.m.players[1 - ev.player].hand)
        ev.add(20 * (1 - (1 - SUPPORTER_SHARE) ** hand))

    def run(self, m: Match, f: Frame) -> Result:
        ok = SUPPORTER_CARD.verdicts
        cands = [c for c in m.players[1 - f.player].hand if ok[m.defs[c]]]
        if not cands:
            return NEXT
        options = m.distinct_cards(cands, lambda d: True)
        if len(options) == 1:
            return self.resume(m, f, options)
        m.pending = Choice(f.player, "cards_opp_hand",
                           "Choose a Supporter card whose effect to use", options)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        from ..state import Frame as _Frame

        cid = answer[0][1]
        d = m.defs[cid]
        if d.play_code and cid in m.players[1 - f.player].hand:
            m.stack.append(_Frame(f"{d.id}#t", d.play_code, f.player, cid))
        return NEXT


# ---- Call of Legends era: hgss_p2 ----
# Attached Energy cards taken off a Pokémon in play into a zone of their owner's: all of
# one Pokémon's into the hand (Unown's RETURN), or the chosen ones into the deck (Starmie's
# Cosmic Cyclone, a shuffle following).

from ..ops import detach as _detach  # noqa: E402


def _energy_off_to(m: Match, slot: Slot, cards: Sequence[int], to: str) -> None:
    """Take each of ``cards`` still attached to ``slot`` off it into its owner's ``to``
    zone ("hand" or "deck"), logged as a public move from play."""
    for cid in cards:
        if cid not in slot.energy:
            continue
        _detach(slot, cid)
        owner = m.players[m.owner[cid]]
        (owner.hand if to == "hand" else owner.deck).append(cid)
        if m.logging:
            m.log.append((EV_MOVE, m.owner[cid], cid, to, True, "attach"))


class ReturnEnergyToHand(Step):
    """Every Energy card attached to the Pokémon in ``who`` goes back to its owner's hand
    (Unown's RETURN: a Pokémon's Energy saved before it is Knocked Out, or moved on)."""

    def __init__(self, who: str) -> None:
        self.who = who

    def text(self, tc: TC) -> str:
        return f"Put all Energy cards from {who_text(tc, self.who)} back into your hand."

    def value(self, ev: Eval) -> None:
        # Energy taken out of play costs attachments to come: worth it only for a Pokémon
        # about to be Knocked Out, which a plain estimate cannot see.
        s = _eval_slot(ev, self.who)
        ev.add(-5 * (len(s.energy) if s is not None else 1))

    def run(self, m: Match, f: Frame) -> Result:
        s = who_slot(m, f, self.who)
        if s is not None:
            _energy_off_to(m, s, list(s.energy), "hand")
        return NEXT


class EnergyIntoDeck(Step):
    """The Energy cards chosen into ``var``, wherever they are attached, go into their
    owner's deck (a ``ShuffleDeck`` follows: Starmie's Cosmic Cyclone)."""

    def __init__(self, var: str, wording: str | None = None) -> None:
        self.var = var
        self.wording = wording

    def text(self, tc: TC) -> str:
        if self.wording is not None:
            return self.wording
        return "Put those Energy cards into your deck."

    def value(self, ev: Eval) -> None:
        ev.add(-8)

    def run(self, m: Match, f: Frame) -> Result:
        cards = list(f.vars.get(self.var) or [])
        for p in m.players:
            for s in p.in_play():
                _energy_off_to(m, s, [c for c in cards if c in s.energy], "deck")
        return NEXT
