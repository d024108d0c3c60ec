"""Retreat ("How Do You Retreat?"): paying the Retreat Cost, the Confused flip, the switch.

A module of its own because two others need it and may not need each other both ways: the
main phase (``actions``) starts a retreat, and the era (``eras/base.py``) puts these
instructions together as its retreat procedure."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .effects.core import NEXT, SUSPEND, Instr, Result
from .energy import valid_retreat_payment
from .notation import EV_RETREAT, EV_RETREAT_FAILED, PAY
from .ops import discard_attached, energy_card_units, find_slot, retreat_cost, switch_active
from .ruleset import CONFUSED
from .state import Chance, Choice, Frame, Slot

if TYPE_CHECKING:
    from .match import Match


class RetreatPay(Instr):
    """Pay the Retreat Cost in Energy from the retreating Pokémon, one unit per [C]; the
    rulebook's expert question on paying with Double Energy forbids overpaying."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[f.player]
        active = p.active
        assert active is not None
        cost = retreat_cost(m, active)
        if cost <= 0:
            return NEXT
        options = retreat_payments(m, active, cost)
        if len(options) == 1:
            return self.resume(m, f, (options[0],))
        m.pending = Choice(f.player, "retreat_payment", f"Pay the Retreat Cost ({cost})",
                           options)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        active = m.players[f.player].active
        assert active is not None
        for cid in answer[0][1:]:
            discard_attached(m, active, cid)
        return NEXT


def retreat_payments(m: Match, slot: Slot, cost: int) -> tuple[tuple[Any, ...], ...]:
    """Every valid way to pay a Retreat Cost, one option per distinct set of card kinds
    (copies of a card are interchangeable), smallest payments first."""
    kinds: dict[Any, list[int]] = {}
    for cid in slot.energy:
        kinds.setdefault(m.defs[cid], []).append(cid)
    groups = [(cids, energy_card_units(m, cids[0], slot)) for cids in kinds.values()]
    out: list[tuple[Any, ...]] = []
    if all(u == 1 for _, u in groups):
        # Every card pays 1: the payments are the ways to pick ``cost`` cards by kind.
        def pick(i: int, left: int, picked: list[int]) -> None:
            if left == 0:
                out.append((PAY, *picked))
                return
            if i == len(groups):
                return
            cids = groups[i][0]
            for n in range(min(left, len(cids)), -1, -1):
                pick(i + 1, left - n, picked + cids[:n])

        pick(0, cost, [])
        return tuple(out)

    def choose(i: int, picked: list[int], units: list[int]) -> None:
        if i == len(groups):
            if picked and valid_retreat_payment(units, cost):
                out.append((PAY, *picked))
            return
        cids, u = groups[i]
        for n in range(len(cids) + 1):
            choose(i + 1, picked + cids[:n], units + [u] * n)

    choose(0, [], [])
    out.sort(key=len)
    return tuple(out)


class RetreatFlip(Instr):
    """Confused (Expedition rulebook, Special Conditions): the cost is paid first, then a
    coin decides. Heads, the retreat goes ahead as usual; tails, it fails and this Pokémon
    may not attempt another retreat during the same turn."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        active = m.players[f.player].active
        assert active is not None
        if not (active.conditions & CONFUSED and m.rules.confused_retreat_flip):
            return NEXT
        m.pending = Chance("coin", f.player, "Confused retreat")
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        m.note_coin(f.player, answer, "Confused retreat")
        if answer:
            return NEXT
        p = m.players[f.player]
        assert p.active is not None
        p.retreat_blocked.append(p.active.id)
        if m.logging:
            m.log.append((EV_RETREAT_FAILED, f.player, p.active.top))
        return len(f.code)


class RetreatSwitch(Instr):
    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        p = m.players[f.player]
        old = p.active
        new = find_slot(m, f.vars["to"])
        assert old is not None and new is not None
        switch_active(m, p, new)
        p.retreats += 1
        if m.logging:
            m.log.append((EV_RETREAT, f.player, old.top, new.top))
        if RETREAT_HOOK in m.body_hooks_present:
            retreated(m, old)
        return NEXT


# --- Platinum era: pl1 part 1 (the rest: a Poké-Body that answers a retreat)

RETREAT_HOOK = "on_opponent_retreat"


def retreated(m: Match, old: Slot) -> None:
    """``old`` has just retreated to its owner's Bench: the Poké-Bodies of the other
    player's Pokémon that answer it act now (hook ``on_opponent_retreat``: Dugtrio's
    Sinkhole)."""
    from .ops import bodies

    for s in m.players[1 - old.owner].in_play():
        for ps, holder in bodies(m, s):
            if RETREAT_HOOK in ps.hooks:
                ps.on_opponent_retreat(m, holder, old)  # type: ignore[attr-defined]

