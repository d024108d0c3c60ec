"""Readable labels for decision options and log events (logs, protocol, scenario tests)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import notation as tags
from .effects.core import plural
from .facts import power_of
from .ops import find_slot

if TYPE_CHECKING:
    from .match import Match


def slot_label(m: Match, slot_id: int) -> str:
    s = find_slot(m, slot_id)
    if s is None:
        return "?"
    p = m.players[s.owner]
    where = "Active" if p.active is s else f"Bench {p.bench.index(s) + 1}"
    return f"{m.defs[s.top].name} ({where})"


def _active_cards(m: Match) -> list[int]:
    """The cards of the Active Pokémon of the player whose turn it is (an attack printed on
    none of them and on no Trainer is a copied one: Versatile copies the player's own)."""
    active = m.players[m.current].active
    return active.cards if active is not None else []


def describe_option(m: Match, opt: tuple[Any, ...]) -> str:
    tag = opt[0]
    name = m.card_name
    if tag == tags.BENCH:
        return f"Bench {name(opt[1])}"
    if tag == tags.EVOLVE:
        return f"Evolve {slot_label(m, opt[2])} into {name(opt[1])}"
    if tag == tags.LEVEL_UP:
        return f"Level up {slot_label(m, opt[2])} to {name(opt[1])} LV.X"
    if tag in (tags.ATTACH, tags.ATTACH_TOOL, tags.ATTACH_TM):
        return f"Attach {name(opt[1])} to {slot_label(m, opt[2])}"
    if tag == tags.PLAY:
        return f"Play {name(opt[1])}"
    if tag == tags.USE_STADIUM:
        return f"Use {name(opt[1])}"
    if tag == tags.POWER:
        s = find_slot(m, opt[1])
        if s is None and 0 <= opt[1] < len(m.defs) \
                and opt[1] in m.players[m.owner[opt[1]]].discard:
            # an Ability used from the discard pile
            return f"Use {m.defs[opt[1]].powers[opt[2]].name} ({name(opt[1])} in discard pile)"
        power = power_of(m, s, opt[2]).name if s is not None else "?"
        return f"Use {power} ({slot_label(m, opt[1])})"
    if tag == tags.RETREAT:
        return f"Retreat to {slot_label(m, opt[1])}"
    if tag == tags.DISCARD:
        return f"Discard {slot_label(m, opt[1])} from play"
    if tag == tags.ATTACK:
        source, i = opt[1], opt[2]
        a = m.defs[source].attacks[i]
        dmg = f" {a.damage}" if a.damage else ""
        owner = m.owner[source]
        via = ""
        if m.defs[source].kind == 1:
            via = f" (via {name(source)})"
        elif owner != m.current or source not in _active_cards(m):
            via = f" (copied from {name(source)})"
        return f"Attack: {a.name}{dmg}{via}"
    if tag == tags.PASS:
        return "End turn"
    if tag == tags.CARD:
        return name(opt[1])
    if tag == tags.SLOT:
        return slot_label(m, opt[1])
    if tag == tags.ENERGY:
        where = f" on {slot_label(m, opt[2])}" if len(opt) > 2 else ""
        return f"{name(opt[1])}{where}"
    if tag == tags.PRIZE:
        return f"Prize card {opt[1] + 1}"
    if tag == tags.DRAW:
        return f"Draw {opt[1]} extra card{'s' if opt[1] != 1 else ''}"
    if tag == tags.PAY:
        return "Discard " + ", ".join(name(c) for c in opt[1:])
    if tag == tags.ORDER:
        return "Order: " + ", ".join(name(c) for c in opt[1:])
    if tag in (tags.YES, tags.NO):
        return tag.capitalize()
    if tag == tags.RESPOND:
        return f"Play {name(opt[1])} in response"
    if tag == tags.ALLOW:
        return "No response"
    return " ".join(str(x) for x in opt)


# Zones every player sees: a card that comes from or goes to one of them is seen by both.
PUBLIC_ZONES = frozenset({"discard", "attach", "lost_zone"})


def move_is_public(ev: tuple[Any, ...]) -> bool:
    """May the opponent of the mover see which card a ``move`` event moved?

    Hands, decks and Prizes are hidden (a card moved between them -- hand to deck,
    a deck search that is not shown -- stays hidden); a card shown on purpose (``reveal``)
    or one that comes from or goes to the discard pile or into play is public. An event
    without its source zone (logs written before the zone was recorded) is judged by its
    destination and ``reveal`` alone, which can only hide more."""
    source = ev[5] if len(ev) > 5 else None
    return bool(ev[4]) or ev[3] in PUBLIC_ZONES or source in PUBLIC_ZONES


def describe_event(m: Match, ev: tuple[Any, ...], viewer: int | None = None,
                   names: Sequence[str] | None = None) -> str:
    """One log event as a line of text. ``viewer`` hides what that player may not see;
    ``names`` replaces "P1" and "P2" (the players' names on the handheld)."""
    kind = ev[0]
    name = m.card_name

    def who(p: int) -> str:
        return names[p] if names else f"P{p + 1}"

    if kind == tags.EV_TURN:
        return f"--- Turn {ev[1]}: {who(ev[2])} ---"
    if kind == tags.EV_FIRST:
        return f"{who(ev[1])} goes first."
    if kind == tags.EV_DRAW:
        if viewer is not None and viewer != ev[1]:
            return f"{who(ev[1])} draws a card."
        return f"{who(ev[1])} draws {name(ev[2])}."
    if kind == tags.EV_COIN:
        return f"{who(ev[1])} flips a coin for {ev[3]}: {'heads' if ev[2] else 'tails'}."
    if kind == tags.EV_SHUFFLE:
        return f"{who(ev[1])} shuffles the deck."
    if kind == tags.EV_MULLIGAN:
        shown = ", ".join(name(c) for c in ev[2])
        return f"{who(ev[1])} has no Basic Pokémon (shows {shown}) and redraws."
    if kind == tags.EV_EXTRA_DRAW:
        return f"{who(ev[1])} draws {plural(ev[2], 'extra card')} for the mulligan."
    if kind == tags.EV_REVEAL:
        bench = ", ".join(name(c) for c in ev[3]) or "nothing"
        return f"{who(ev[1])} reveals Active {name(ev[2])}, Bench: {bench}."
    if kind == tags.EV_BENCH:
        return f"{who(ev[1])} benches {name(ev[2])}."
    if kind == tags.EV_EVOLVE:
        return f"{who(ev[1])} evolves {name(ev[2])} into {name(ev[3])}."
    if kind == tags.EV_LEVEL_UP:
        return f"{who(ev[1])} levels {name(ev[2])} up to {name(ev[3])} LV.X."
    if kind == tags.EV_ATTACH:
        return f"{who(ev[1])} attaches {name(ev[2])} to {name(ev[3])}."
    if kind == tags.EV_PLAY:
        return f"{who(ev[1])} plays {name(ev[2])}."
    if kind == tags.EV_POWER:
        return f"{who(ev[1])}'s {name(ev[2])} uses {ev[3]}."
    if kind == tags.EV_STADIUM_USED:
        return f"{who(ev[1])} uses {name(ev[2])}."
    if kind == tags.EV_RETREAT:
        return f"{who(ev[1])} retreats {name(ev[2])} for {name(ev[3])}."
    if kind == tags.EV_RETREAT_FAILED:
        return f"{who(ev[1])}'s {name(ev[2])} fails to retreat."
    if kind == tags.EV_SWITCH:
        return f"{who(ev[1])}'s {name(ev[2])} becomes the Active Pokémon."
    if kind == tags.EV_ATTACK:
        return f"{who(ev[1])}'s {name(ev[2])} uses {ev[3]}."
    if kind == tags.EV_BABY_STOP:
        return f"{who(ev[1])}'s attack is stopped by the Baby Pokémon."
    if kind == tags.EV_CONFUSED_HIT:
        return f"{who(ev[1])}'s {name(ev[2])} hurts itself in its confusion."
    if kind == tags.EV_DAMAGE:
        return f"{who(ev[1])}'s {name(ev[2])} takes {ev[3]} damage."
    if kind == tags.EV_COUNTERS:
        return f"{plural(ev[3], 'damage counter')} on {who(ev[1])}'s {name(ev[2])}."
    if kind == tags.EV_HEAL:
        return f"{who(ev[1])}'s {name(ev[2])} heals {ev[3]} damage."
    if kind == tags.EV_CONDITION:
        return f"{who(ev[1])}'s {name(ev[2])} is now {ev[3].capitalize()}."
    if kind == tags.EV_RECOVER:
        return f"{who(ev[1])}'s {name(ev[2])} is no longer {ev[3].capitalize()}."
    if kind == tags.EV_CURED:
        return f"{who(ev[1])}'s {name(ev[2])} is cured of Special Conditions."
    if kind == tags.EV_KO:
        return f"{who(ev[1])}'s {name(ev[2])} is Knocked Out!"
    if kind == tags.EV_PRIZE:
        return f"{who(ev[1])} takes {plural(ev[2], 'Prize card')} ({ev[3]} left)."
    if kind == tags.EV_PROMOTE:
        return f"{who(ev[1])} sends out {name(ev[2])}."
    if kind == tags.EV_PASS:
        return f"{who(ev[1])} ends the turn."
    if kind == tags.EV_MOVE:
        source = ev[5] if len(ev) > 5 else None
        what = name(ev[2]) if viewer is None or viewer == ev[1] or move_is_public(ev) \
            else "a card"
        where = f" from {source}" if source else ""
        return f"{who(ev[1])} moves {what}{where} to {ev[3]}."
    if kind == tags.EV_HAND_SHOWN:
        return f"{who(ev[1])} shows their hand: {', '.join(name(c) for c in ev[2]) or 'no cards'}."
    if kind == tags.EV_LOST:
        return f"{who(ev[1])} puts {', '.join(name(c) for c in ev[2])} in the Lost Zone."
    if kind == tags.EV_TO_DECK:
        return f"{who(ev[1])} shuffles {name(ev[2])} and the cards attached to it into the deck."
    if kind == tags.EV_SCOOP:
        return f"{who(ev[1])} returns {name(ev[2])} to the hand."
    if kind == tags.EV_STADIUM_DISCARDED:
        return f"{who(ev[1])}'s Stadium {name(ev[2])} is discarded."
    if kind == tags.EV_SUDDEN_DEATH:
        if len(ev) > 2 and ev[2] == "time":
            return f"*** Sudden Death game {ev[1]} (1 Prize each) ***"
        return f"*** Both players win at once: Sudden Death game {ev[1]} (1 Prize each) ***"
    if kind == tags.EV_TIME:
        left = f"{who(0)} {ev[1]}, {who(1)} {ev[2]}"
        if ev[1] == ev[2]:
            return f"*** Time! The same Prize cards left ({left}): Sudden Death. ***"
        return f"*** Time! Prize cards left: {left}. ***"
    if kind == tags.EV_BETWEEN:
        return "Between turns." if ev[1] == "start" else "The next turn begins."
    if kind == tags.EV_WIN:
        reasons = {"prizes": "took the last Prize", "no_pokemon": "the opponent has no "
                   "Pokémon left in play", "deck_out": "the opponent cannot draw",
                   "time": "fewer Prize cards left when time was called",
                   "forfeit": "the opponent forfeited",
                   # a card's effect that wins the game (steps.WinGame)
                   "lost_world": "Lost World, with 6 or more of the opponent's Pokémon in "
                   "the Lost Zone"}
        why = " and ".join(reasons.get(r, r) for r in ev[2].split("+"))
        return f"*** {who(ev[1])} wins: {why}. ***"
    return " ".join(str(x) for x in ev)
