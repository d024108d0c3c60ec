"""The rulebook's procedures as programs: setup, the turn, retreat, the attack frame,
between turns, Knock Outs and winning.

Each procedure is a tuple of instructions run by the match (see ``effects/core.py``). The
comments name the rulebook section each instruction implements and say, in our own words,
what it asks for (letters like ``a)`` follow that section's numbered steps).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from . import actions as _actions
from .carddefs import POKE_POWER_RESPONSE, AttackDef
from .effects.core import NEXT, SUSPEND, Builder, Instr, Label, Result, Step
from .effects.passives import DamageCtx
from .facts import (
    ATTACK_DAMAGE_TAKEN,
    KNOCKED_OUT_BY_OWN_ATTACK,
    KNOCKED_OUT_HOOK,
    OWN_ATTACK_DAMAGE,
    MarkerKind,
    attack_cost,
    burn_counters,
    register_marker,
    stack_facts,
)
from .notation import (
    ALLOW_OPTION,
    CARD,
    DRAW,
    EV_ATTACK,
    EV_BABY_STOP,
    EV_BETWEEN,
    EV_CONFUSED_HIT,
    EV_DRAW,
    EV_EXTRA_DRAW,
    EV_FIRST,
    EV_KO,
    EV_MULLIGAN,
    EV_PLAY,
    EV_PRIZE,
    EV_PROMOTE,
    EV_RECOVER,
    EV_REVEAL,
    EV_TURN,
    PRIZE,
    RESPOND,
    SLOT,
)
from .ops import (
    MARKERS,
    bodies,
    deal_damage,
    discard_attached,
    draw,
    find_slot,
    has_marker,
    heal,
    is_knocked_out,
    knocked_out_to,
    marker_passives,
    place_counters,
)
from .ruleset import ASLEEP, BURNED, CONFUSED, PARALYZED, POISONED
from .state import Chance, Choice, Frame, Slot, main_choice

# Passive hooks the end of the turn asks (effects.passives.HOOKS).
BETWEEN = "between_turns_counters"
END_DISCARD = "end_of_turn_discard"

if TYPE_CHECKING:
    from .match import Match


def coin(player: int, purpose: str) -> Chance:
    return Chance("coin", player, purpose)


# =========================================================================== setup


class NewGame(Instr):
    """Start (or restart, for Sudden Death) a game: every card back in its owner's deck."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        m.reset_for_game()
        return NEXT


class FlipForFirst(Instr):
    """Setup: a coin flip picks the first player. Player 1 (the first seat) calls heads."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        m.pending = coin(0, "who goes first")
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        m.first = 0 if answer else 1
        m.current = m.first
        m.note_coin(0, answer, "who goes first")
        if m.logging:
            m.log.append((EV_FIRST, m.first))
        return NEXT


class ShuffleQueue(Instr):
    """Shuffle the decks of the players listed in ``vars['shuffle']``, one chance node each."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        queue = f.vars.get("shuffle")
        if not queue:
            return NEXT
        p = queue[0]
        m.pending = Chance("shuffle", p, "shuffle deck", len(m.players[p].deck))
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        queue = f.vars["shuffle"]
        m.apply_shuffle(queue[0], answer)
        del queue[0]
        return f.pc


class QueueBothShuffles(Instr):
    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        f.vars["shuffle"] = [m.first, 1 - m.first]
        return NEXT


class DrawOpeningHands(Instr):
    """Setup: each player draws an opening hand (7 cards in every era) from the shuffled
    deck."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        for p in m.players:
            draw(m, p, m.rules.hand_size)
        return NEXT


def _has_basic(m: Match, hand: list[int]) -> bool:
    defs = m.defs
    return any(_setup_basic(defs[c]) for c in hand)


def _setup_basic(d: Any) -> bool:
    """A Basic Pokémon for setup; Fossil Trainers qualify too, since the rulebook treats
    them as Basics while setting up (seed 001)."""
    return d.is_basic_pokemon or d.fossil


class MulliganCheck(Instr):
    """The rulebook's mulligan questions: one player, or both, opening with no Basic.

    Without a Basic: show the hand, shuffle it back, draw 7 again; the opponent may draw
    extra cards (Expedition: up to 2, right away). When neither player has one, both do it
    and nobody draws extra. Jumps past the mulligan block once both hands hold a Basic.
    """

    __slots__ = ("target",)

    def __init__(self, done: Any) -> None:
        self.target: Any = done

    def run(self, m: Match, f: Frame) -> Result:
        has = [_has_basic(m, p.hand) for p in m.players]
        if all(has):
            f.vars.pop("mulligan", None)
            return self.target
        order = [m.first, 1 - m.first]
        without = [p for p in order if not has[p]]
        for p in without:
            pl = m.players[p]
            pl.mulligans += 1
            if m.logging:
                m.log.append((EV_MULLIGAN, p, list(pl.hand)))
            pl.deck.extend(pl.hand)
            pl.hand.clear()
        f.vars["mulligan"] = without
        f.vars["shuffle"] = list(without)
        return NEXT


class MulliganRedraw(Instr):
    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        for p in f.vars["mulligan"]:
            draw(m, m.players[p], m.rules.hand_size)
        return NEXT


class MulliganExtra(Instr):
    """The opponent of a single mulligan may draw up to N extra cards (a choice)."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        without = f.vars["mulligan"]
        if len(without) != 1 or m.rules.mulligan_extra_after_prizes:
            return NEXT
        other = 1 - without[0]
        most = min(m.rules.mulligan_extra_cards, len(m.players[other].deck))
        if most <= 0:
            return NEXT
        options = tuple((DRAW, n) for n in range(most + 1))
        m.pending = Choice(other, "mulligan_draw",
                           "Your opponent took a mulligan: draw extra cards?", options)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        other = 1 - f.vars["mulligan"][0]
        n = answer[0][1]
        draw(m, m.players[other], n)
        if m.logging and n:
            m.log.append((EV_EXTRA_DRAW, other, n))
        return NEXT


class SetupChoice(Instr):
    """A setup decision made by each player in turn, the first player first."""

    __slots__ = ("order",)

    def __init__(self, order: int) -> None:
        self.order = order

    def player(self, m: Match) -> int:
        return m.first if self.order == 0 else 1 - m.first


class ChooseActive(SetupChoice):
    """Setup: each player picks a Basic from hand as the face-down Active Pokémon."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        p = self.player(m)
        options = m.distinct_cards(m.players[p].hand, _setup_basic)
        m.pending = Choice(p, "setup_active", "Choose your Active Pokémon", options)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        p = m.pending_player
        cid = answer[0][1]
        pl = m.players[p]
        pl.hand.remove(cid)
        pl.active = Slot(cid, p, 0)
        return NEXT


class ChooseBench(SetupChoice):
    """Setup: each player may bench up to 5 more Basics, face down."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        p = self.player(m)
        hand = m.players[p].hand
        options = tuple((CARD, c) for c in hand if _setup_basic(m.defs[c]))
        if not options:
            return NEXT
        most = min(len(options), m.rules.bench_size)
        m.pending = Choice(p, "setup_bench", "Put Basic Pokémon on your Bench", options,
                           min=0, max=most)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        p = m.pending_player
        pl = m.players[p]
        for opt in answer:
            cid = opt[1]
            pl.hand.remove(cid)
            pl.bench.append(Slot(cid, p, 0))
        return NEXT


class SetPrizes(Instr):
    """Setup: the top 6 cards of each deck are set aside face down as Prize cards."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        n = m.prize_count
        for p in m.players:
            for _ in range(min(n, len(p.deck))):
                p.prizes.append(p.deck.pop())
        return NEXT


class Reveal(Instr):
    """Setup ends: every Active and Benched Pokémon is turned face up, and the extra
    mulligan draws happen after Prizes."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        if m.logging:
            for p in (m.first, 1 - m.first):
                pl = m.players[p]
                m.log.append((EV_REVEAL, p, pl.active.top if pl.active else -1,
                              [s.top for s in pl.bench]))
        return NEXT


class ExtraDrawAfterPrizes(Instr):
    """Later eras: each mulligan of the opponent lets a player draw 1 card after Prizes."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        if not m.rules.mulligan_extra_after_prizes:
            return NEXT
        for p in (m.first, 1 - m.first):
            n = m.players[1 - p].mulligans * m.rules.mulligan_extra_cards
            draw(m, m.players[p], n)
        return NEXT


# =========================================================================== the turn


def start_turn(m: Match) -> None:
    """The turn's first step is a draw. A player who cannot draw at that point loses."""
    m.turn += 1
    m.turn_over = False
    p = m.players[m.current]
    # An effect an opponent's attack set for this turn (Platinum cards that forbid
    # something on the opponent's next turn) is dated this turn or later and outlives the reset.
    lasting = {k: v for k, v in p.turn_effects.items() if v >= m.turn} \
        if p.turn_effects else None
    p.new_turn()
    if lasting:
        p.turn_effects.update(lasting)
    if m.rules.records_attack_damage:
        # The other player's Pokémon: what the last turn's attacks did to them is over.
        for s in m.players[1 - m.current].in_play():
            if s.markers:
                s.markers.pop(ATTACK_DAMAGE_TAKEN, None)
    if m.logging:
        m.log.append((EV_TURN, m.turn, m.current))
    if m.turn == 1 and not m.rules.first_player_draws:
        return
    if not p.deck:
        m.finish(1 - m.current, "deck_out")
        return
    cid = p.deck.pop()
    p.hand.append(cid)
    if m.logging:
        m.log.append((EV_DRAW, p.index, cid))


class TurnStart(Instr):
    """The first turn of a game begins (later turns begin in ``BetweenKnockOuts``)."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        start_turn(m)
        return NEXT


class MainPhase(Instr):
    """The turn's main phase: the optional actions, in any order and mix, then attack or
    pass."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        if m.turn_over:
            return NEXT
        if m.ko_dirty and needs_knockout_check(m):
            push_knockouts(m)
            return f.pc
        m.pending = main_choice(m.current, _actions.main_options(m))
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        _actions.do_main_action(m, answer[0])
        if m.turn_over:
            return NEXT  # passing ends the main phase at once
        if m.stack[-1] is f and not m.ko_dirty:
            # Nothing else to run (no program pushed, no Knock Out possible): ask for the
            # next move right away instead of going round the machine.
            m.pending = main_choice(m.current, _actions.main_options(m))
            return SUSPEND
        return f.pc


class EndOfTurn(Instr):
    """The end of the turn: discard the Supporters played this turn and Technical Machines,
    the end-of-turn discards of attached cards (Strength Charm), expire this turn's attack
    results and turn effects.

    The same pass notes which between-turns steps have work (``vars["between"]``) and jumps
    straight to the Knock Out check when none has: most turns of a plain game.
    """

    __slots__ = ("target",)

    def __init__(self, target: Any) -> None:
        self.target: Any = target

    def run(self, m: Match, f: Frame) -> Result:
        cur = m.current
        p = m.players[cur]
        if p.supporter:
            defs = m.defs
            for cid in p.supporter:
                (p.hand if defs[cid].back_to_hand else p.discard).append(cid)
            p.supporter.clear()
        energy_effects = m.energy_end_discard or m.energy_acts_between
        bodies_act = m.bodies_act_between
        flags = 0
        for pl in m.players:
            a = pl.active
            if a is not None and a.conditions:
                flags |= BT_CONDITIONS
            for slot in pl.in_play():
                if slot.tool >= 0 or slot.tms or slot.markers:
                    flags |= _end_slot(m, slot, pl.index == cur)
                if energy_effects and slot.energy:
                    flags |= _end_energy(m, slot)
                if bodies_act and BETWEEN in stack_facts(m, slot).body_hooks:
                    flags |= BT_PASSIVES
        if p.turn_effects:
            p.turn_effects.clear()
        if not flags:
            return self.target
        f.vars["between"] = flags
        if m.logging:  # a battle timer stops for these steps, and only for them
            m.log.append((EV_BETWEEN, "start"))
        return NEXT


def _end_slot(m: Match, slot: Slot, current: bool) -> int:
    """End of turn for a Pokémon holding a Tool, a Technical Machine or markers; returns the
    between-turns steps it needs."""
    flags = 0
    if slot.tms and current and m.rules.tm_discard_end_of_turn:
        for cid in list(slot.tms):
            discard_attached(m, slot, cid)
    for cid in list(slot.tms):
        # A Technical Machine that stays attached may ask to go (TM G-107: its holder is
        # no longer a Pokémon SP).
        d = m.defs[cid]
        if END_DISCARD in d.hooks and any(END_DISCARD in ps.hooks
                                          and ps.end_of_turn_discard(m, slot, cid)
                                          for ps in d.passives):
            discard_attached(m, slot, cid)
    tool = slot.tool
    if tool >= 0:
        d = m.defs[tool]
        if END_DISCARD in d.hooks:
            for ps in d.passives:
                if END_DISCARD in ps.hooks and ps.end_of_turn_discard(m, slot, tool):
                    discard_attached(m, slot, tool)
                    break
        if slot.tool >= 0:
            if BETWEEN in d.hooks:
                flags |= BT_PASSIVES
            if d.between_code:
                flags |= BT_TOOLS
    markers = slot.markers
    if markers:
        turn = m.turn
        for name, value in list(markers.items()):
            kind = MARKERS.get(name)
            if kind is not None and not kind.is_counter and value <= turn:
                del markers[name]
        if markers.get("char"):
            flags |= BT_CHAR
    return flags


def _end_energy(m: Match, slot: Slot) -> int:
    """End of turn for the Energy on a Pokémon (Special Energy that goes to the discard
    pile as the turn ends, or that acts between turns)."""
    if not m.energy_end_discard:  # the common case: only ask whether any acts
        acts = m.acts_between
        for cid in slot.energy:
            if acts[cid]:
                return BT_PASSIVES
        return 0
    flags = 0
    for cid in list(slot.energy):
        d = m.defs[cid]
        if END_DISCARD in d.hooks:
            for ps in d.passives:
                if END_DISCARD in ps.hooks and ps.end_of_turn_discard(m, slot, cid):
                    discard_attached(m, slot, cid)
                    break
        if BETWEEN in d.hooks and cid in slot.energy:
            flags |= BT_PASSIVES
    return flags


_MARKERS = attrgetter("markers")
_TMS = attrgetter("tms")
_TOOL = attrgetter("tool")


class NextTurn(Instr):
    """The next player's turn begins (after Knock Outs between turns)."""

    __slots__ = ("target",)

    def __init__(self, target: Any) -> None:
        self.target: Any = target  # the main phase

    def run(self, m: Match, f: Frame) -> Result:
        if m.over:
            return NEXT
        m.current = 1 - m.current
        start_turn(m)
        return self.target


# =========================================================================== between turns


def _between_order(m: Match) -> list[int]:
    # The player about to take a turn goes first (rulebook, the ordering of the steps
    # between turns: that player also promotes and takes Prizes first).
    return [1 - m.current, m.current]


def _standing(m: Match, s: Slot) -> bool:
    """Whether the steps between turns still act on ``s``: where a Pokémon is Knocked Out
    the moment its damage reaches its HP, one an earlier step Knocked Out is neither
    flipped for, hurt nor healed by a later one (``Ruleset.between_turns_knock_out_at_once``;
    Black & White checks for Knock Outs only after the last step)."""
    return not m.rules.between_turns_knock_out_at_once or not is_knocked_out(m, s)


def _actives_between(m: Match) -> list[Slot]:
    out = []
    for p in _between_order(m):
        a = m.players[p].active
        if a is not None and _standing(m, a):
            out.append(a)
    return out


class PoisonStep(Instr):
    """a) Poison: each Poisoned Pokémon gets its damage counters."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        if not _wanted(f, BT_CONDITIONS):
            return NEXT
        for p in _between_order(m):
            a = m.players[p].active
            if a is not None and a.conditions & POISONED and _standing(m, a):
                # Toxic and the like leave how many counters their Poison places
                place_counters(m, a, a.markers.get("poison_counters", 1) if a.markers else 1)
        return NEXT


class FlipEachActive(Instr):
    """Flip once for each Active Pokémon with ``bit`` (b: Burn, c: Sleep)."""

    __slots__ = ("bit", "purpose")

    def __init__(self, bit: int, purpose: str) -> None:
        self.bit = bit
        self.purpose = purpose

    def _todo(self, m: Match, f: Frame) -> list[Slot]:
        done = f.vars.setdefault("flipped", [])
        return [a for a in _actives_between(m) if a.conditions & self.bit and a.id not in done]

    def run(self, m: Match, f: Frame) -> Result:
        if not _wanted(f, BT_CONDITIONS):
            return NEXT
        bit = self.bit
        a0, a1 = m.players[0].active, m.players[1].active
        if not ((a0 is not None and a0.conditions & bit)
                or (a1 is not None and a1.conditions & bit)):
            return NEXT
        todo = self._todo(m, f)
        if not todo:
            f.vars.pop("flipped", None)
            return NEXT
        m.pending = coin(todo[0].owner, self.purpose)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        slot = self._todo(m, f)[0]
        f.vars["flipped"].append(slot.id)
        m.note_coin(slot.owner, answer, self.purpose)
        if self.bit == BURNED:
            if not answer:  # tails: 2 damage counters (or an Ability's more), no W/R
                place_counters(m, slot, burn_counters(m, slot))
        elif self.bit == ASLEEP and answer:  # heads: it wakes up
            slot.conditions &= ~ASLEEP
            if m.logging:
                m.log.append((EV_RECOVER, slot.owner, slot.top, "asleep"))
        return f.pc


class ParalysisStep(Instr):
    """c) Paralysis wears off once its player's next turn is over."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        if not _wanted(f, BT_CONDITIONS):
            return NEXT
        a = m.players[m.current].active
        if a is not None and a.conditions & PARALYZED and a.paralyzed_turn < m.turn:
            a.conditions &= ~PARALYZED
            if m.logging:
                m.log.append((EV_RECOVER, a.owner, a.top, "paralyzed"))
        return NEXT


class CharStep(Instr):
    """d) Flip for each Pokémon with Char counters; tails puts a damage counter on it for
    each Char counter."""

    __slots__ = ()

    def _todo(self, m: Match, f: Frame) -> list[Slot]:
        done = f.vars.setdefault("flipped", [])
        out = []
        for p in _between_order(m):
            for s in m.players[p].in_play():
                if s.markers.get("char", 0) > 0 and s.id not in done and _standing(m, s):
                    out.append(s)
        return out

    def run(self, m: Match, f: Frame) -> Result:
        if not _wanted(f, BT_CHAR):
            return NEXT
        todo = self._todo(m, f)
        if not todo:
            f.vars.pop("flipped", None)
            return NEXT
        m.pending = coin(todo[0].owner, "Char check")
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        slot = self._todo(m, f)[0]
        f.vars["flipped"].append(slot.id)
        m.note_coin(slot.owner, answer, "Char check")
        if not answer:
            place_counters(m, slot, slot.markers["char"])
        return f.pc


class DarknessStep(Instr):
    """e) Darkness Energy hurts the Pokémon it is attached to, unless that Pokémon is of
    the Darkness type or has Dark in its name -- asked of the passives."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        if not _wanted(f, BT_PASSIVES):
            return NEXT
        acts = m.acts_between  # per card instance: does a passive of it act now?
        defs = m.defs
        for p in _between_order(m):
            for s in m.players[p].in_play():
                n = 0
                # Only the cards whose passives act between turns are asked.
                for cid in s.energy:
                    if acts[cid]:
                        for ps in defs[cid].passives:
                            n += ps.between_turns_counters(m, s)
                if s.tool >= 0 and acts[s.tool]:
                    for ps in defs[s.tool].passives:
                        n += ps.between_turns_counters(m, s)
                if acts[s.top]:
                    for ps, holder in bodies(m, s):
                        n += ps.between_turns_counters(m, holder)
                if s.markers:
                    for ps in marker_passives(m, s):
                        n += ps.between_turns_counters(m, s)
                if n and not _standing(m, s):
                    continue
                if n > 0:
                    place_counters(m, s, n)
                elif n < 0:  # a Body that removes counters at this step (Muk's Sludge Cell)
                    heal(m, s, -10 * n)
        return NEXT


class ToolsStep(Instr):
    """Pokémon Tools that act between turns (Healing Berry-like cards); each runs its
    program for its holder."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        if not _wanted(f, BT_TOOLS):
            return NEXT
        done = f.vars.setdefault("tools_done", [])
        for p in _between_order(m):
            for s in m.players[p].in_play():
                if s.tool >= 0 and s.tool not in done and _standing(m, s):
                    d = m.defs[s.tool]
                    if d.between_code:
                        done.append(s.tool)
                        m.stack.append(Frame(f"{d.id}#between", d.between_code, p, s.tool,
                                             s.id))
                        return f.pc
        f.vars.pop("tools_done", None)
        return NEXT


# Which between-turns steps have something to do (``vars["between"]``, set by EndOfTurn).
BT_CONDITIONS = 1  # an Active Pokémon has a Special Condition: steps a) to c)
BT_CHAR = 2  # a Pokémon has Char counters: step d)
BT_PASSIVES = 4  # an attached card or a Body acts between turns (Darkness Energy): step e)
BT_TOOLS = 8  # a Pokémon Tool acts between turns
BT_ALL = 15


def _wanted(f: Frame, flag: int) -> bool:
    return bool(f.vars.get("between", BT_ALL) & flag)


class BetweenKnockOuts(Instr):
    """Knock Outs from the between-turns steps; when there are none the next player's turn
    starts right here (the common case, one step instead of three)."""

    __slots__ = ("target",)

    def __init__(self, target: Any) -> None:
        self.target: Any = target  # the main phase

    def run(self, m: Match, f: Frame) -> Result:
        if "between" in f.vars:
            del f.vars["between"]
            if m.logging:
                m.log.append((EV_BETWEEN, "end"))
        if m.ko_dirty and needs_knockout_check(m):
            push_knockouts(m)
            return NEXT  # NextTurn follows once the Knock Outs are dealt with
        m.current = 1 - m.current
        start_turn(m)
        return self.target


# =========================================================================== Knock Outs


def needs_knockout_check(m: Match) -> bool:
    """Is a Pokémon Knocked Out, or an Active Pokémon missing? Clears ``ko_dirty``."""
    if m.over:
        return False
    m.ko_dirty = False
    printed = m.printed
    for p in m.players:
        a = p.active
        if a is None:
            return True
        if m.fact_hooks or p.turn_effects:
            if any(is_knocked_out(m, s) for s in (a, *p.bench)):
                return True
            continue
        # is_knocked_out, inlined for the common case: with no passive that changes facts
        # and no marker, HP is the printed HP (at least 10), so an undamaged Pokémon is
        # not Knocked Out (tests/engine/test_fact_fast_paths.py compares with the rule).
        for s in (a, *p.bench):
            if s.markers:
                if is_knocked_out(m, s):
                    return True
            elif s.damage:
                pf = printed[s.top]
                if s.damage >= pf.hp if pf is not None else is_knocked_out(m, s):
                    return True
    return False


def push_knockouts(m: Match) -> None:
    m.stack.append(Frame("rule:knockouts", m.era.knockouts_program, m.current))


class CollectKnockOuts(Instr):
    """Knock Out check after an attack: each Pokémon with damage at least its HP goes to
    the discard pile with everything attached."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        owed = [0, 0]
        if KNOCKED_OUT_HOOK in m.body_hooks_present:
            # (Water Rescue, Revenge Seed: asked while every Pokémon Knocked Out together
            # is still in play)
            for pl in m.players:
                for s in pl.in_play():
                    if is_knocked_out(m, s):
                        knocked_out_answers(m, s)
        for pl in m.players:
            for s in pl.in_play():
                if is_knocked_out(m, s):
                    if m.logging:
                        m.log.append((EV_KO, pl.index, s.top))
                    # (asked while it is still in play: its Poké-Bodies may change it)
                    owed[1 - pl.index] += m.prizes_for_knockout(s)
                    knocked_out_to(m, s)  # (the discard pile, or the Lost Zone)
        f.vars["owed"] = owed
        f.vars["took_last"] = [False, False]
        return NEXT


class KnockOutStep(Instr):
    """A Knock Out step each player does in turn, the player whose turn it is last."""

    __slots__ = ("order",)

    def __init__(self, order: int) -> None:
        self.order = order

    def _player(self, m: Match) -> int:
        return 1 - m.current if self.order == 0 else m.current


class TakePrizes(KnockOutStep):
    """Each Knock Out earns its opponent a Prize, picked and put into hand. The player
    whose turn it is chooses last."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        p = self._player(m)
        owed = f.vars["owed"][p]
        prizes = m.players[p].prizes
        if owed <= 0 or not prizes:
            return NEXT
        n = min(owed, len(prizes))
        # Which face-down Prize is taken cannot matter when it is all of them, or when
        # the game ends right after (a player has no Pokémon left): no question then.
        game_ends = any(pl.active is None and not pl.bench for pl in m.players)
        if n == len(prizes) or game_ends:
            return self.resume(m, f, tuple((PRIZE, i) for i in range(n)))
        options = tuple((PRIZE, i) for i in range(len(prizes)))
        m.pending = Choice(p, "prize", f"Take {n} Prize card{'s' if n > 1 else ''}",
                           options, min=n, max=n)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        p = self._player(m)
        pl = m.players[p]
        picked = sorted((opt[1] for opt in answer), reverse=True)
        for i in picked:
            pl.hand.append(pl.prizes.pop(i))
        if m.logging:
            m.log.append((EV_PRIZE, p, len(picked), len(pl.prizes)))
        if not pl.prizes:
            f.vars["took_last"][p] = True
        f.vars["owed"][p] = 0
        return NEXT


class WinCheck(Instr):
    """Taking the last Prize wins; so does an opponent with no Pokémon left to replace a
    Knocked Out Active. Both at once is Sudden Death, unless one player wins in two ways
    and the other in only one (rulebook, the question of a simultaneous win)."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        ways = [0, 0]
        reasons: list[list[str]] = [[], []]
        for p in (0, 1):
            if f.vars["took_last"][p]:
                ways[p] += 1
                reasons[p].append("prizes")
            opp = m.players[1 - p]
            if opp.active is None and not opp.bench:
                ways[p] += 1
                reasons[p].append("no_pokemon")
        if ways[0] and ways[1]:
            if ways[0] == ways[1]:
                m.begin_sudden_death()
                return NEXT
            winner = 0 if ways[0] > ways[1] else 1
            m.finish(winner, "+".join(reasons[winner]))
        elif ways[0] or ways[1]:
            winner = 0 if ways[0] else 1
            m.finish(winner, "+".join(reasons[winner]))
        return NEXT


class Promote(KnockOutStep):
    """A player whose Active was Knocked Out promotes a Benched Pokémon in its place --
    the player about to take a turn (not the current one) first."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        if m.over:
            return NEXT
        p = self._player(m)
        pl = m.players[p]
        if pl.active is not None or not pl.bench:
            return NEXT
        if len(pl.bench) == 1:
            return self.resume(m, f, ((SLOT, pl.bench[0].id),))
        options = tuple((SLOT, s.id) for s in pl.bench)
        m.pending = Choice(p, "promote", "Choose your new Active Pokémon", options)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        p = self._player(m)
        pl = m.players[p]
        slot = next(s for s in pl.bench if s.id == answer[0][1])
        pl.bench.remove(slot)
        pl.active = slot
        if m.logging:
            m.log.append((EV_PROMOTE, p, slot.top))
        return NEXT


# =========================================================================== the attack


ATTACK_ANNOUNCED_HOOK = "attack_announced"


class AttackBegin(Instr):
    """a) Against a Baby Pokémon, a coin flip decides whether the attack happens at all
    (tails ends the turn). b) announce the attack."""

    __slots__ = ("attack", "target")

    def __init__(self, attack: AttackDef, end: Any) -> None:
        self.attack = attack
        self.target: Any = end

    def run(self, m: Match, f: Frame) -> Result:
        if not f.vars.get("announced"):
            f.vars["announced"] = 1
            # What the attack's steps read: its printed damage and how many Energy units
            # its cost uses ("not used to pay for this attack").
            f.vars["printed"] = self.attack.base
            user = find_slot(m, f.user)
            # (a Tool may lower the cost: the cost now, not the printed one)
            f.vars["cost_size"] = len(attack_cost(m, user, self.attack) if user
                                      else self.attack.cost)
            if m.logging:
                m.log.append((EV_ATTACK, f.player, user.top if user else -1, self.attack.name))
            if user is not None and ATTACK_ANNOUNCED_HOOK in m.body_hooks_present:
                for ps, holder in bodies(m, user):
                    if ATTACK_ANNOUNCED_HOOK in ps.hooks:
                        ps.attack_announced(m, holder)
        defender = find_slot(m, f.target)
        if defender is not None and stack_facts(m, defender).baby and "baby" not in f.vars:
            m.pending = coin(f.player, "Baby Pokémon")
            return SUSPEND
        return NEXT

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        f.vars["baby"] = 1
        m.note_coin(f.player, answer, "Baby Pokémon")
        if answer:
            return NEXT
        if m.logging:
            m.log.append((EV_BABY_STOP, f.player))
        return self.target


class CancelCheck(Instr):
    """e) effects that alter or cancel the attack (results of the opponent's last attack
    on the attacker, e.g. a coin that cancels the attack on tails)."""

    __slots__ = ("target",)

    def __init__(self, end: Any) -> None:
        self.target: Any = end

    def run(self, m: Match, f: Frame) -> Result:
        user = find_slot(m, f.user)
        if user is None or "cancel_checked" in f.vars:
            return NEXT
        if has_marker(m, user, "attack_may_fail"):
            m.pending = coin(f.player, "attack may fail")
            return SUSPEND
        return NEXT

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        f.vars["cancel_checked"] = 1
        m.note_coin(f.player, answer, "attack may fail")
        return NEXT if answer else self.target


class ConfusionCheck(Instr):
    """f) A Confused attacker flips to see whether its attack works: on
    tails it does 20 damage to itself (its own Weakness and Resistance apply) in
    Expedition, or takes 3 damage counters in later eras, and the attack ends."""

    __slots__ = ("target",)

    def __init__(self, end: Any) -> None:
        self.target: Any = end

    def run(self, m: Match, f: Frame) -> Result:
        user = find_slot(m, f.user)
        if user is None or not user.conditions & CONFUSED or "confusion" in f.vars:
            return NEXT
        m.pending = coin(f.player, "Confusion")
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        f.vars["confusion"] = 1
        m.note_coin(f.player, answer, "Confusion")
        if answer:
            return NEXT
        user = find_slot(m, f.user)
        assert user is not None
        if m.logging:
            m.log.append((EV_CONFUSED_HIT, f.player, user.top))
        if m.rules.confusion_uses_counters:
            place_counters(m, user, 3)
        else:
            dc = DamageCtx(user, user, f.player, True, confusion=True)
            deal_damage(m, dc, m.rules.confusion_self_damage)
        return self.target


class AttackEnd(Instr):
    """g) Last, every Pokémon whose damage has reached its HP is Knocked Out. Attacking
    ends the turn."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        m.turn_over = True
        if m.ko_dirty and needs_knockout_check(m):
            if KNOCKED_OUT_HOOK in m.body_hooks_present:
                mark_attack_knockouts(m, f.player)
            push_knockouts(m)
        return NEXT


# =========================================================================== programs
#
# The procedures above are put together in sections, each a list of fresh instructions
# (labels are resolved in place, so a section's instructions belong to one program). An
# era (``eras/base.py``) asks for each section through a method of its own, so a later era
# changes one section -- a step between turns, another setup -- by overriding one method;
# these functions are the 2002 rulebook's sections. A section may hold a :class:`Label`
# where a label is to be placed.

Section = list[Any]


def setup_section() -> Section:
    """A new game, the flip for who goes first, shuffles and opening hands, mulligans (as
    many rounds as it takes), the Active and Benched Pokémon, Prizes, the reveal."""
    check, done = Label(), Label()
    return [
        NewGame(),
        FlipForFirst(),
        QueueBothShuffles(),
        ShuffleQueue(),
        DrawOpeningHands(),
        check,
        MulliganCheck(done),
        ShuffleQueue(),
        MulliganRedraw(),
        MulliganExtra(),
        _JumpTo(check),
        done,
        ChooseActive(0),
        ChooseActive(1),
        ChooseBench(0),
        ChooseBench(1),
        SetPrizes(),
        Reveal(),
        ExtraDrawAfterPrizes(),
    ]


def turn_start_section() -> Section:
    """The first turn of the game begins (its draw)."""
    return [TurnStart()]


def main_phase_section() -> Section:
    """The moves of a turn, until an attack or a pass ends it."""
    return [MainPhase()]


def end_of_turn_section(skip: Label) -> Section:
    """The end of the turn; ``skip`` is where it goes when no between-turns step has work
    (the next turn's start), past the whole between-turns section."""
    return [EndOfTurn(skip)]


def between_turns_section() -> Section:
    """The steps between turns, in the rulebook's order. They run only on a turn whose end
    found work for them (``EndOfTurn``)."""
    return [
        PoisonStep(),
        FlipEachActive(BURNED, "Burn check"),
        FlipEachActive(ASLEEP, "Sleep check"),
        ParalysisStep(),
        CharStep(),
        DarknessStep(),
        ToolsStep(),
    ]


def next_turn_section(main: Label) -> Section:
    """Knock Outs from between turns, then the next player's turn from ``main``."""
    return [BetweenKnockOuts(main), NextTurn(main)]


def knockouts_section() -> Section:
    """Knock Outs and Prizes: pushed whenever a Pokémon may have been Knocked Out."""
    return [CollectKnockOuts(), TakePrizes(0), TakePrizes(1), WinCheck(), Promote(0),
            Promote(1)]


def attack_opening_section(attack: AttackDef, end: Label) -> Section:
    """Before the card's choices and costs: the Baby flip, the announcement."""
    return [AttackBegin(attack, end)]


def attack_checks_section(end: Label) -> Section:
    """After the card's choices and costs, before its effects: what may cancel the attack
    (an earlier attack's result, Confusion); each jumps to ``end`` when it does."""
    return [CancelCheck(end), ConfusionCheck(end)]


def attack_closing_section() -> Section:
    """The end of the attack (Knock Outs; attacking ends the turn)."""
    return [AttackEnd()]


def assemble(*sections: Section) -> tuple[Any, ...]:
    """One program from sections, in order: labels are placed and resolved."""
    b = Builder()
    jumps: list[_JumpTo] = []
    for section in sections:
        for item in section:
            if isinstance(item, Label):
                b.here(item)
                continue
            if isinstance(item, _JumpTo):
                jumps.append(item)
            b.emit(item)
    for jump in jumps:
        if isinstance(jump.at, Label):
            if jump.at.at < 0:
                raise ValueError("unplaced label in program")
            jump.at = jump.at.at
    return b.build()


def assemble_attack(attack: AttackDef, steps: tuple[Step, ...], end: Label,
                    opening: Section, checks: Section, closing: Section,
                    early: Callable[[Step], bool] | None = None) -> tuple[Any, ...]:
    """An attack's whole program: ``opening``, the card's choices and costs (``Step.pre``,
    or what ``early`` says comes before the checks), ``checks``, the card's other steps in
    the order given (the card pool has already placed the printed damage), then ``end``
    and ``closing``."""
    first = early or _is_pre
    b = Builder()
    b.attack_end = end  # type: ignore[attr-defined]
    for instr in opening:
        b.emit(instr)
    b.steps([s for s in steps if first(s)])
    for instr in checks:
        b.emit(instr)
    b.steps([s for s in steps if not first(s)])
    b.here(end)
    for instr in closing:
        b.emit(instr)
    return b.build()


def _is_pre(step: Step) -> bool:
    return bool(step.pre)


def compile_attack(attack: AttackDef, steps: tuple[Step, ...]) -> tuple[Any, ...]:
    """The attack's whole program under the 2002 rulebook: steps a)-g) around the card's
    own steps."""
    end = Label()
    return assemble_attack(attack, steps, end, attack_opening_section(attack, end),
                           attack_checks_section(end), attack_closing_section())


class _JumpTo(Instr):
    """Back to a placed label (the mulligan rounds); ``at`` is resolved by ``assemble``."""

    __slots__ = ("at",)

    def __init__(self, at: Label | int) -> None:
        self.at: Any = at

    def run(self, m: Match, f: Frame) -> Result:
        return self.at


# --- Platinum era: pl1 part3 (a response to a Poké-Power)


def open_power_response(m: Match, slot: Slot) -> None:
    """A Poké-Power of ``slot`` was just used (its frame pushed): give the other player a
    chance to answer it, before any of its effects, whenever a card of the era could answer
    it by its printed conditions (``Match.power_answers``: 3 Pokémon SP in play for Power
    Spray). Only public facts decide: not that player's hand, nor whether the list holds
    such a card at all, so the pause tells the Power's user nothing of either."""
    other = 1 - slot.owner
    if any(m.requirements_hold(conds, other, slot.top) for conds in m.power_answers):
        m.stack.append(Frame("rule:response", m.era.response_program, other, slot.top,
                             slot.id))


class PowerResponse(Instr):
    """The other player answers a Poké-Power: one option per kind of card in the hand that
    may answer it now, and "allow". The options and prompt are that player's own (the
    opponent's view hides them); a card played goes through its own program, whose steps
    (e.g. ``PreventPowerEffects``) deal with the Power."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[f.player]
        distinct = {m.defs[c].id: c for c in p.hand
                    if m.defs[c].responds_to == POKE_POWER_RESPONSE
                    and m.requirements_hold(m.defs[c].requires, f.player, c)}
        options: list[tuple[Any, ...]] = [(RESPOND, c) for c in distinct.values()]
        options.append(ALLOW_OPTION)
        # (the pause comes whatever the hand holds: say why when nothing in it answers)
        ask = "Play a card in response?" if distinct else "No card in your hand answers it."
        m.pending = Choice(f.player, "response",
                           f"Your opponent's {m.defs[f.source].name} uses a Poké-Power. {ask}",
                           tuple(options))
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        opt = answer[0]
        if opt[0] != RESPOND:
            return NEXT
        cid = opt[1]
        p = m.players[f.player]
        p.hand.remove(cid)
        p.resolving.append(cid)
        if m.logging:
            m.log.append((EV_PLAY, f.player, cid))
        d = m.defs[cid]
        # (this frame ends as the card's program starts above it)
        m.stack.append(Frame(f"{d.id}#t", d.play_code, f.player, cid, f.user))
        return NEXT


# --- Platinum era: the last Pokémon LV.X (Knock Outs by the opponent's attack)

KNOCKED_OUT_BY_ATTACK = "knocked_out_by_attack"
register_marker(MarkerKind(KNOCKED_OUT_BY_ATTACK, "Knocked Out by the opponent's attack"))


def mark_attack_knockouts(m: Match, player: int) -> None:
    """As ``player``'s attack ends: each Pokémon of the other player it damaged (marker
    ``attack_damage_taken``, Platinum's ``records_attack_damage``) that is now Knocked Out
    is marked ``knocked_out_by_attack`` for the Knock Out that follows, and each of the
    player's own it damaged (``own_attack_damage``) ``knocked_out_by_own_attack``."""
    for s in m.players[1 - player].in_play():
        if s.markers and s.markers.get(ATTACK_DAMAGE_TAKEN, 0) > 0 and is_knocked_out(m, s):
            s.markers[KNOCKED_OUT_BY_ATTACK] = m.turn
    for s in m.players[player].in_play():
        if s.markers and s.markers.get(OWN_ATTACK_DAMAGE) == m.turn and is_knocked_out(m, s):
            s.markers[KNOCKED_OUT_BY_OWN_ATTACK] = m.turn


def knocked_out_answers(m: Match, slot: Slot) -> None:
    """``slot`` is being Knocked Out: the working Poké-Bodies of its side's Pokémon in play
    that answer it (hook ``on_knocked_out``) are asked while it is still in play, with
    whether the opponent's attack damage did it. A Body's program it starts runs once
    every Knock Out of this check is done (its cards are in the discard pile by then)."""
    by_attack = bool(slot.markers) and has_marker(m, slot, KNOCKED_OUT_BY_ATTACK)
    if by_attack:
        from .effects.library import record_knockout_by_attack

        record_knockout_by_attack(m, slot)  # (for "during the opponent's last turn")
    for s in m.players[slot.owner].in_play():  # (``slot`` among them)
        for ps, holder in bodies(m, s):
            if KNOCKED_OUT_HOOK in ps.hooks:
                ps.on_knocked_out(m, holder, slot, by_attack)  # type: ignore[attr-defined]
        if s.tool >= 0:
            # Every Pokémon Tool of that side answers it too, the Knocked Out Pokémon's own
            # (Rescue Scarf) and the others' (Exp. Share); its holder is its Pokémon.
            for ps in m.defs[s.tool].passives:
                if KNOCKED_OUT_HOOK in ps.hooks:
                    ps.on_knocked_out(m, s, slot, by_attack)  # type: ignore[attr-defined]

