"""What a move does, and why a card in the hand cannot be played now, in sentences for the
player (the practice duel's hints and the hand screen).

The hand screen marks the cards the main phase offers (``actions.main_options``); for the
others it says why not. The reasons follow the same rules, asked one at a time in the order
a player would look for them (the turn's limits first, then what the card needs), and end in
a plain "not now" for anything more particular. :func:`explain_option` says what a main
phase option will do, from the card texts the engine generates and the era's rules. Nothing
here changes the match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import notation as tags
from .actions import (
    active_evolution_locked,
    evolves_onto,
    fresh_evolution,
    hand_evolution_banned,
    items_locked,
    levels_up_onto,
    locked_trainer_kinds,
)
from .carddefs import ENERGY, STADIUM, SUPPORTER, TM, TOOL
from .effects.core import TextCtx, plural
from .energy import can_pay
from .facts import power_of, retreat_cost, stack_facts
from .ops import energy_units, find_slot
from .text import card_sections

if TYPE_CHECKING:
    from .match import Match

NOT_NOW = "It cannot be played now."


def why_unplayable(m: Match, player: int, cid: int) -> str:
    """Why ``player`` cannot play card ``cid`` from the hand now (asked of a card the main
    phase does not offer; for one it does, the answer is only the last, general one)."""
    if m.current != player or m.turn < 1:
        return "Cards are played from the hand during your own turn."
    d = m.defs[cid]
    if d.kind == ENERGY:
        if m.players[player].energy_attached:
            return "You have attached an Energy card this turn already (one a turn)."
        return NOT_NOW
    if d.is_pokemon:
        return _pokemon_reason(m, player, cid)
    return _trainer_reason(m, player, cid)


def _bench_full(m: Match, player: int) -> str | None:
    if len(m.players[player].bench) >= m.rules.bench_size:
        return f"Your Bench is full ({m.rules.bench_size} Pokémon)."
    return None


def _first_turn_evolution(m: Match, player: int) -> str | None:
    if m.rules.no_evolve_first_turn and m.turn <= 2:
        return "No Pokémon evolves during either player's first turn."
    if hand_evolution_banned(m, player):
        return "An effect in play stops Pokémon evolving from the hand."
    return None


def _pokemon_reason(m: Match, player: int, cid: int) -> str:
    d = m.defs[cid]
    p = m.players[player]
    if d.restored:
        return "A Restored Pokémon comes into play only through its Fossil card's effect."
    if d.legend:
        other = d.legend_other
        if other is None or not any(m.defs[c] is other for c in p.hand):
            return "Both halves of this Pokémon LEGEND must be in your hand to play it."
        return _bench_full(m, player) or NOT_NOW
    if d.lv_x:
        active = p.active
        if active is None or not levels_up_onto(m, d, active):
            return f"It levels up only your Active {d.name}."
        if active.played_turn >= m.turn:
            return f"Your Active {d.name} came into play this turn: it levels up next turn."
        return _first_turn_evolution(m, player) or NOT_NOW
    if d.is_basic_pokemon:  # (one a Baby evolves into is still benched while there is room)
        return _bench_full(m, player) or NOT_NOW
    reason = _first_turn_evolution(m, player)
    if reason:
        return reason
    targets = [s for s in p.in_play() if evolves_onto(m, d, s)]
    if not targets:
        below = d.evolves_from or "the Pokémon it evolves from"
        return f"You have no {below} in play to evolve."
    fresh = m.turn + 1 if fresh_evolution(m) else m.turn
    if all(s.played_turn >= fresh for s in targets):
        name = stack_facts(m, targets[0]).name
        return f"Your {name} came into play or evolved this turn: it evolves next turn."
    if all(s is p.active and active_evolution_locked(m, s) for s in targets):
        return "An effect in play stops your Active Pokémon from evolving."
    return NOT_NOW


def _trainer_reason(m: Match, player: int, cid: int) -> str:
    d = m.defs[cid]
    p = m.players[player]
    rules = m.rules
    if rules.first_turn_trainer_ban and m.turn == 1:
        return "The player who goes first plays no Trainer cards on the first turn."
    if d.trainer_kind in locked_trainer_kinds(m, p):
        return "An attack stops you playing this kind of card this turn."
    if d.is_item and items_locked(m, p):
        return "An attack stops you playing Item cards this turn."
    if d.trainer_kind == SUPPORTER and p.supporter_played:
        return "You have played a Supporter this turn already (one a turn)."
    if d.responds_to:
        return "It is played only in answer to your opponent's move."
    if d.fossil:
        return _bench_full(m, player) or NOT_NOW
    tc = TextCtx(d.name, "trainer")
    if d.trainer_kind in (TOOL, TM):
        slots = p.in_play()
        if d.trainer_kind == TOOL and all(s.tool >= 0 for s in slots):
            return "Each of your Pokémon has a Pokémon Tool already (one each)."
        if d.attach_to is not None:
            return f"It attaches only to {d.attach_to.text(tc)}."
        return NOT_NOW
    if d.trainer_kind == STADIUM:
        if m.stadium >= 0 and m.defs[m.stadium].name == d.name:
            return f"{d.name} is in play already."
        if rules.stadium_once_per_turn and p.stadium_played:
            return "You have played a Stadium this turn already (one a turn)."
    failing = [c for c in d.requires if not m.requirements_hold((c,), player, cid)]
    if failing:
        return "Play it only if " + " and ".join(c.text(tc) for c in failing) + "."
    return NOT_NOW


def explain_option(m: Match, opt: tuple[Any, ...]) -> str:
    """What choosing a main-phase option will do, in a sentence or two (for a player who is
    learning; the practice duel shows it before the choice)."""
    tag = opt[0]
    p = m.players[m.current]
    d = m.defs[opt[1]] if len(opt) > 1 and isinstance(opt[1], int) \
        and 0 <= opt[1] < len(m.defs) else None
    if tag == tags.ATTACK and d is not None:
        a = d.attacks[opt[2]]
        hit = f"{a.damage} damage" if a.damage else "no damage of its own"
        body = f" {a.text}" if a.text else ""
        return f"{a.name} does {hit} to the Defending Pokémon.{body} Attacking ends your turn."
    if tag == tags.PASS:
        return "Ends your turn without attacking; your opponent plays next."
    if tag == tags.BENCH and d is not None:
        return (f"Puts {d.name} ({d.hp} HP) onto your Bench. When your Active Pokémon is "
                "Knocked Out, a Benched Pokémon takes its place; with none left, you lose.")
    if tag == tags.EVOLVE and d is not None:
        slot = find_slot(m, opt[2])
        below = stack_facts(m, slot).name if slot is not None else "it"
        return (f"{below} becomes {d.name}: {d.hp} HP and {d.name}'s attacks. Its damage "
                "stays; Special Conditions end.")
    if tag == tags.LEVEL_UP and d is not None:
        return (f"Your Active {d.name} levels up to {d.name} LV.X: it keeps its attacks and "
                "Powers and gains the LV.X card's.")
    if tag == tags.ATTACH and d is not None:
        slot = find_slot(m, opt[2])
        if slot is None:
            return "One Energy card a turn."
        name = stack_facts(m, slot).name
        before = energy_units(m, slot)
        after = before + list(d.units)
        ready = [ref.attack.name for ref in stack_facts(m, slot).attacks
                 if can_pay(after, ref.attack.cost) and not can_pay(before, ref.attack.cost)]
        then = f" Then {name} can use {', '.join(ready)}." if ready else ""
        return f"Attaches {d.name} to {name}: one Energy card a turn.{then}"
    if tag == tags.RETREAT:
        active, target = p.active, find_slot(m, opt[1])
        if active is None or target is None:
            return "Swaps your Active Pokémon with a Benched one."
        cost = retreat_cost(m, active)
        pay = f"discarding {plural(cost, 'Energy')} from it" if cost > 0 else "for free"
        limit = m.rules.retreats_per_turn
        once = " Once a turn." if limit == 1 else ""
        return (f"Your Active {stack_facts(m, active).name} goes to the Bench, {pay}, and "
                f"{stack_facts(m, target).name} takes its place.{once}")
    if tag == tags.POWER:
        slot = find_slot(m, opt[1])
        pw = power_of(m, slot, opt[2]) if slot is not None else \
            (d.powers[opt[2]] if d is not None else None)
        if pw is None:
            return m.describe(opt)
        return f"{pw.name}: {pw.text}" if pw.text else m.describe(opt)
    if tag in (tags.PLAY, tags.ATTACH_TOOL, tags.ATTACH_TM, tags.USE_STADIUM) \
            and d is not None:
        text = " ".join(sec.line() for sec in card_sections(d, m.era) if sec.line())
        once = " One Supporter a turn." if d.trainer_kind == SUPPORTER else ""
        return (text or f"Plays {d.name}.") + once
    if tag == tags.DISCARD:
        slot = find_slot(m, opt[1])
        name = stack_facts(m, slot).name if slot is not None else "it"
        return f"Discards {name} from play: a Fossil may leave play this way in your turn."
    return m.describe(opt)
