"""Why a card in the hand cannot be played now, in a sentence for the player.

The hand screen marks the cards the main phase offers (``actions.main_options``); for the
others it says why not. The reasons follow the same rules, asked one at a time in the order
a player would look for them (the turn's limits first, then what the card needs), and end in
a plain "not now" for anything more particular. Nothing here changes the match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import (
    active_evolution_locked,
    evolves_onto,
    fresh_evolution,
    hand_evolution_banned,
    items_locked,
    levels_up_onto,
    trainers_locked,
)
from .carddefs import ENERGY, STADIUM, SUPPORTER, TM, TOOL
from .effects.core import TextCtx
from .facts import stack_facts

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
    if trainers_locked(m, p):
        return "An attack stops you playing Trainer cards this turn."
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
