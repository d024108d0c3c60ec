"""The position validator: is this match state one that a game under its rules can reach?

``position.from_position`` reads a position's JSON with strict types and bounded work, then
calls :func:`validate_state` on the match it built, runs the match's programs to the decision
it waits for (:func:`bounded_run`) and calls :func:`validate_decision`. Each check names the
field it refuses, as a path into the position (``players[0].bench[2].energy[1]``), and raises
:class:`InvalidPosition`. The families (docs/POSITION.md, "What the validator checks"):

* card conservation: every card number appears exactly once, in its owner's zones; a player
  has at most one deck of cards, within the deck rules' copy limits;
* implemented cards: every card has an effect script (CARDS.md: never played blank);
* zone legality: Pokémon make up the evolution stacks, Energy is attached as Energy, a Tool
  as the Tool, Technical Machines as TMs, a Stadium as the Stadium; Trainers being played
  have a running program; Supporters lie beside the Active only in the turn they are played;
* evolution chains: a Basic at the bottom, each card evolving from the one below by name
  and stage, a Baby Pokémon only at the bottom evolving into the Basic it names; a
  Pokémon LV.X only on top, on a Pokémon of its name;
* Special Conditions: only on the Active Pokémon; Asleep, Confused and Paralyzed exclude
  each other (Poisoned and Burned stack with anything);
* counts: Bench size, Prizes within the ruleset's count, damage a non-negative multiple of
  10 within bounds, turn numbers, whose turn it is, ``winner`` in {null, 0, 1} and
  consistent with ``over`` and ``result``; setup (turn 0) holds only face-down Basics,
  and each player still to choose an Active Pokémon has a Basic to choose it from;
* the running programs: a rule procedure at the bottom, each card program coming from its
  card, and a pending decision the engine can continue from (a choice with options, whose
  every answer the running programs can take).

The validator is pure: it reads the match and never changes it (the probe plays on copies).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import combinations, islice
from typing import TYPE_CHECKING, Any

from .carddefs import ENERGY, POKEMON, STADIUM, SUPPORTER, TM, TOOL, TRAINER
from .errors import InvalidPosition
from .facts import AS_BASIC
from .ops import MARKERS, TURN_EFFECTS
from .ruleset import ASLEEP, CONFUSED, PARALYZED
from .state import Chance, Choice, Slot, condition_names

if TYPE_CHECKING:
    from .match import Match

# Bounds on the numbers a position holds (a real game stays far below every one of them).
MAX_TURN = 10_000
MAX_DAMAGE = 2_000
MAX_MULLIGANS = 1_000
MAX_SUDDEN_DEATH = 1_000
MAX_MARKER = 10_000
# The machine may take at most this many instructions to reach the decision a loaded
# position waits for (a real position needs a handful).
MAX_INSTRUCTIONS = 20_000
# The probe: how many answers of the pending decision it tries, and how many decisions it
# follows each one for, until the loaded programs have finished.
PROBE_ANSWERS = 24
PROBE_DECISIONS = 48

_RESULT = re.compile(r"[a-z_]{1,20}(\+[a-z_]{1,20}){0,3}")
_EXCLUSIVE = ASLEEP | CONFUSED | PARALYZED


def _fail(where: str, message: str) -> InvalidPosition:
    return InvalidPosition(f"{where}: {message}")


# =========================================================================== the state


def validate_state(m: Match) -> None:
    """Raise :class:`InvalidPosition` naming the field if ``m`` is not a state a game can
    reach (the match's programs need not have run)."""
    _conservation(m)
    _counts(m)
    for p in m.players:
        _zones(m, p.index)
        for where, slot in _slots(m, p.index):
            _slot(m, slot, where, active=slot is p.active)
    _stadium(m)
    if m.turn == 0:
        _setup(m)
    _stack(m)


def _zone_items(m: Match, player: int) -> Iterator[tuple[str, int]]:
    """(path, card) for every card of a player, in the order the position writes them."""
    p = m.players[player]
    base = f"players[{player}]"
    for i, cid in enumerate(reversed(p.deck)):
        yield f"{base}.deck[{i}]", cid
    for zone in ("hand", "discard", "prizes", "resolving", "supporter", "lost_zone"):
        for i, cid in enumerate(getattr(p, zone)):
            yield f"{base}.{zone}[{i}]", cid
    for where, slot in _slots(m, player):
        for i, cid in enumerate(slot.cards):
            yield f"{where}.cards[{i}]", cid
        for i, cid in enumerate(slot.energy):
            yield f"{where}.energy[{i}]", cid
        if slot.tool >= 0:
            yield f"{where}.tool", slot.tool
        for i, cid in enumerate(slot.tms):
            yield f"{where}.tms[{i}]", cid


def _slots(m: Match, player: int) -> Iterator[tuple[str, Slot]]:
    p = m.players[player]
    if p.active is not None:
        yield f"players[{player}].active", p.active
    for i, slot in enumerate(p.bench):
        yield f"players[{player}].bench[{i}]", slot


def _conservation(m: Match) -> None:
    """Each card exactly once, in its owner's zones; a player's cards make one legal deck;
    every card implemented."""
    n = len(m.defs)
    seen: dict[int, str] = {}
    rules = m.rules
    for player in (0, 1):
        names: Counter[str] = Counter()
        count = 0
        for where, cid in _zone_items(m, player):
            if not 0 <= cid < n:
                raise _fail(where, f"card number {cid} is not a card of this match (0..{n - 1})")
            if cid in seen:
                raise _fail(where, f"card #{cid} is also at {seen[cid]} (a card is in one "
                                   "place only)")
            seen[cid] = where
            if m.owner[cid] != player:
                raise _fail(where, f"card #{cid} belongs to player {m.owner[cid]}")
            d = m.defs[cid]
            if not d.implemented:
                raise _fail(where, f"{d.id} ({d.name}) has no effect script; cards that are "
                                   "not implemented are never played")
            count += 1
            if not (d.kind == ENERGY and d.basic_energy):
                names[d.name] += 1
                if names[d.name] > rules.max_copies:
                    raise _fail(where, f"more than {rules.max_copies} cards named {d.name!r} "
                                       f"in player {player}'s cards (the deck rules)")
        if m.stadium >= 0 and m.owner[m.stadium] == player:
            count += 1
        if count > rules.deck_size:
            raise _fail(f"players[{player}]", f"{count} cards; a player has one deck of "
                                              f"{rules.deck_size}")
    if m.stadium >= 0:
        if m.stadium in seen or not 0 <= m.stadium < n:
            raise _fail("stadium", f"card #{m.stadium} is also at {seen.get(m.stadium, '?')}")
        seen[m.stadium] = "stadium"
        d = m.defs[m.stadium]
        if not d.implemented:
            raise _fail("stadium", f"{d.id} ({d.name}) has no effect script")
    if len(seen) != n:
        missing = min(set(range(n)) - set(seen))
        raise InvalidPosition(f"card #{missing} is in no zone (every card of the match "
                              "appears once)")


def _counts(m: Match) -> None:
    rules = m.rules
    if not 0 <= m.turn <= MAX_TURN:
        raise _fail("turn", f"must be 0..{MAX_TURN}, not {m.turn}")
    if m.current not in (0, 1) or m.first not in (0, 1):
        raise _fail("current", "'current' and 'first' must be 0 or 1")
    # Turn 1 is the first player's, and turns alternate; in setup the coin makes the first
    # player the current one (before it, as in a Sudden Death game's flip, either may be).
    expected = m.first if m.turn % 2 == 1 or m.turn == 0 else 1 - m.first
    if m.current != expected and not (m.turn == 0 and _before_the_flip(m)):
        raise _fail("current", f"turn {m.turn} belongs to player {expected} (player {m.first} "
                               "went first and turns alternate)")
    if not 0 <= m.sudden_death <= MAX_SUDDEN_DEATH:
        raise _fail("sudden_death", f"must be 0..{MAX_SUDDEN_DEATH}")
    wanted = rules.sudden_death_prizes if m.sudden_death else rules.prizes
    if m.prize_count != wanted:
        raise _fail("prize_count", f"must be {wanted} "
                                   f"({'in Sudden Death' if m.sudden_death else 'this era'}), "
                                   f"not {m.prize_count}")
    if m.winner not in (None, 0, 1):
        raise _fail("winner", f"must be null, 0 or 1, not {m.winner!r}")
    if m.over:
        if m.winner is None:
            raise _fail("winner", "a match that is over has a winner")
        if not _RESULT.fullmatch(m.result):
            raise _fail("result", f"{m.result!r} is not a result (e.g. 'prizes', "
                                  "'no_pokemon', 'deck_out', 'prizes+no_pokemon')")
    else:
        if m.winner is not None:
            raise _fail("winner", "a match that is not over has no winner (over is false)")
        if m.result:
            raise _fail("result", "a match that is not over has no result")
    if m.turn_over and m.turn == 0:
        raise _fail("turn_over", "no turn has started during setup")
    for p in m.players:
        base = f"players[{p.index}]"
        if len(p.prizes) > m.prize_count:
            raise _fail(f"{base}.prizes", f"{len(p.prizes)} Prizes; at most {m.prize_count}")
        if len(p.bench) > rules.bench_size:
            raise _fail(f"{base}.bench", f"{len(p.bench)} Pokémon; at most {rules.bench_size}")
        if not 0 <= p.mulligans <= MAX_MULLIGANS:
            raise _fail(f"{base}.mulligans", f"must be 0..{MAX_MULLIGANS}")
        _player_flags(m, p.index)


def _before_the_flip(m: Match) -> bool:
    from .rules import FlipForFirst

    flip = next(i for i, ins in enumerate(m.era.game_program) if isinstance(ins, FlipForFirst))
    return bool(m.stack) and m.stack[0].key == "rule:game" and m.stack[0].pc <= flip


def _player_flags(m: Match, player: int) -> None:
    p = m.players[player]
    base = f"players[{player}].flags"
    n = len(m.defs)
    limit = m.rules.retreats_per_turn
    if p.retreats < 0 or (limit is not None and p.retreats > limit):
        raise _fail(f"{base}.retreats", f"{p.retreats} retreats this turn; the limit is "
                                        f"{limit}")
    if not -1 <= p.energy_target < n:
        raise _fail(f"{base}.energy_target", f"{p.energy_target} is not a card of this match")
    for i, sid in enumerate(p.retreat_blocked):
        if not 0 <= sid < n:
            raise _fail(f"{base}.retreat_blocked[{i}]", f"{sid} is not a card of this match")
    for i, (cid, index) in enumerate(p.powers_used):
        if not 0 <= cid < n or index >= len(m.defs[cid].powers) \
                or (index < 0 and not m.defs[cid].use_code):
            raise _fail(f"{base}.powers_used[{i}]", f"card #{cid} has no power {index}")
    for name, value in p.turn_effects.items():
        if name not in TURN_EFFECTS:
            raise _fail(f"{base}.turn_effects", f"unknown effect {name!r} (known: "
                                                f"{', '.join(sorted(TURN_EFFECTS))})")
        if not 0 <= value <= MAX_TURN:
            raise _fail(f"{base}.turn_effects.{name}", f"must be 0..{MAX_TURN}")


HAND_SHUFFLE = "shuffle hand"
"""The purpose of a shuffle of a hand (a card discarded or picked without looking), whose
size is the hand's; every other shuffle is of a deck."""


def _zones(m: Match, player: int) -> None:
    p = m.players[player]
    base = f"players[{player}]"
    defs = m.defs
    for i, cid in enumerate(p.resolving):
        d = defs[cid]
        if d.kind != TRAINER or d.trainer_kind in (STADIUM, TOOL, TM):
            raise _fail(f"{base}.resolving[{i}]", f"{d.name} is not a Trainer that is played "
                                                  "and then discarded")
        if not any(f.source == cid and f.key.startswith(d.id + "#") for f in m.stack):
            raise _fail(f"{base}.resolving[{i}]", f"{d.name} is being played but no program "
                                                  "of it is running")
    if p.supporter:
        if not m.rules.supporter_discard_end_of_turn:
            raise _fail(f"{base}.supporter", "this era discards Supporters at once")
        if player != m.current:
            raise _fail(f"{base}.supporter", "Supporters lie beside the Active Pokémon only "
                                             "during their player's turn")
        if len(p.supporter) > 1:
            raise _fail(f"{base}.supporter", "one Supporter may be played per turn")
        d = defs[p.supporter[0]]
        if d.kind != TRAINER or d.trainer_kind != SUPPORTER:
            raise _fail(f"{base}.supporter[0]", f"{d.name} is not a Supporter")
        if not p.supporter_played:
            raise _fail(f"{base}.flags.supporter_played", "a Supporter lies beside the Active "
                                                          "Pokémon, so one was played this turn")


def _slot(m: Match, slot: Slot, where: str, *, active: bool) -> None:
    defs = m.defs
    if any(defs[c].legend for c in slot.cards):
        _legend_slot(m, slot, where)
    # Evolution chain: a Basic at the bottom, then each card evolves from the one below.
    below = None
    for i, cid in enumerate(slot.cards if not defs[slot.cards[0]].legend else ()):
        d = defs[cid]
        at = f"{where}.cards[{i}]"
        if d.kind != POKEMON and not (d.fossil and i == 0):
            raise _fail(at, f"{d.name} is not a Pokémon card")
        if d.lv_x:
            # Appendix A of seed 001: a Pokémon LV.X lies on its earlier level, the
            # Pokémon of its name, and nothing goes on top of it.
            if below is None or below.lv_x or below.name != d.name:
                raise _fail(at, f"{d.name} LV.X lies on a Pokémon named {d.name} (its "
                                "earlier level)")
            if i != len(slot.cards) - 1:
                raise _fail(at, f"{d.name} LV.X is the top card of its Pokémon")
        elif below is not None and below.lv_x:
            raise _fail(at, f"nothing lies on {below.name} LV.X")
        elif below is None:
            if d.stage != 0 and not slot.markers.get(AS_BASIC):
                raise _fail(at, f"{d.name} is not a Basic Pokémon; a Pokémon in play starts "
                                "as a Basic")
        elif d.baby:
            raise _fail(at, f"{d.name} is a Baby Pokémon; nothing evolves into one")
        elif below.baby or (d.stage == 0 and below.stage == 0 and d.name in below.evolves_to):
            # (a Basic that evolves into another Basic: a Baby, or Munchlax's Baby
            # Evolution in the Platinum era)
            if d.stage != 0 or d.name not in below.evolves_to:
                raise _fail(at, f"{d.name} does not evolve from {below.name} (a Baby Pokémon "
                                f"evolves into {' or '.join(below.evolves_to) or 'nothing'})")
        elif d.stage == 0 and below.stage == 0 and d.name in below.evolves_to:
            pass  # a Basic an effect puts onto the Basic it names (Happiny's Baby Evolution)
        elif d.stage == 2 and below.is_basic_pokemon and d.evolves_from in below.evolves_to \
                and m.era.stage2_onto_basic:
            pass  # a Stage 2 put straight onto the Basic its Stage 1 evolves from (Rare Candy)
        elif d.evolves_from != below.name or (d.stage != below.stage + 1
                                               and not below.restored):
            raise _fail(at, f"{d.name} does not evolve from {below.name}")
        below = d
    if slot.played_turn > m.turn:
        raise _fail(f"{where}.played_turn", f"turn {slot.played_turn} has not been played yet "
                                            f"(it is turn {m.turn})")
    if len(slot.cards) > 1 and m.rules.no_evolve_first_turn and 0 < m.turn <= 2:
        raise _fail(f"{where}.cards", "no Pokémon evolves on the first turns")
    # What is attached.
    for i, cid in enumerate(slot.energy):
        if defs[cid].kind != ENERGY:
            raise _fail(f"{where}.energy[{i}]", f"{defs[cid].name} is not an Energy card")
    if slot.tool >= 0:
        d = defs[slot.tool]
        if d.kind != TRAINER or d.trainer_kind != TOOL:
            raise _fail(f"{where}.tool", f"{d.name} is not a Pokémon Tool")
    for i, cid in enumerate(slot.tms):
        d = defs[cid]
        if d.kind != TRAINER or d.trainer_kind != TM:
            raise _fail(f"{where}.tms[{i}]", f"{d.name} is not a Technical Machine")
    if slot.tms and m.rules.tm_discard_end_of_turn and slot.owner != m.current:
        raise _fail(f"{where}.tms", "Technical Machines are discarded at the end of their "
                                    "player's turn")
    # Damage and Special Conditions.
    if slot.damage < 0 or slot.damage % 10 or slot.damage > MAX_DAMAGE:
        raise _fail(f"{where}.damage", f"must be a multiple of 10 from 0 to {MAX_DAMAGE}, "
                                       f"not {slot.damage}")
    if slot.conditions and not active:
        raise _fail(f"{where}.conditions", f"{', '.join(condition_names(slot.conditions))}: "
                                           "only the Active Pokémon has Special Conditions")
    if bin(slot.conditions & _EXCLUSIVE).count("1") > 1:
        raise _fail(f"{where}.conditions", "Asleep, Confused and Paralyzed replace each other: "
                                           "a Pokémon has at most one of them")
    if not 0 <= slot.paralyzed_turn <= m.turn:
        raise _fail(f"{where}.paralyzed_turn", f"must be 0..{m.turn} (the current turn)")
    for name, value in slot.markers.items():
        if name not in MARKERS:
            raise _fail(f"{where}.markers", f"unknown marker {name!r} (known: "
                                            f"{', '.join(sorted(MARKERS))})")
        if not 0 <= value <= MAX_MARKER:
            raise _fail(f"{where}.markers.{name}", f"must be 0..{MAX_MARKER}")


def _stadium(m: Match) -> None:
    if m.stadium < 0:
        return
    d = m.defs[m.stadium]
    if d.kind != TRAINER or d.trainer_kind != STADIUM:
        raise _fail("stadium", f"{d.name} is not a Stadium card")


def _setup(m: Match) -> None:
    """Turn 0 is setup: only Basic Pokémon face down, nothing attached or played yet."""
    if m.stadium >= 0:
        raise _fail("stadium", "no Stadium is in play during setup")
    if len(m.stack) > 1 and not m.over:
        raise _fail("stack[1]", "no card's program runs during setup")
    for p in m.players:
        base = f"players[{p.index}]"
        for zone in ("discard", "resolving", "supporter", "lost_zone"):
            if getattr(p, zone):
                raise _fail(f"{base}.{zone}", "no card is played or discarded during setup")
        for where, slot in _slots(m, p.index):
            if len(slot.cards) > 1 or slot.energy or slot.tool >= 0 or slot.tms:
                raise _fail(where, "during setup a Pokémon in play is one Basic Pokémon card "
                                   "with nothing attached")
            if slot.damage or slot.conditions or slot.markers or slot.played_turn:
                raise _fail(where, "during setup a Pokémon has no damage, Special Condition "
                                   "or marker")
    _setup_basics(m)


def _setup_basics(m: Match) -> None:
    """Setup ends only once each player has an Active Pokémon, chosen from the hand: a
    player without one needs a Basic Pokémon in the hand once the mulligans are behind, and
    in the hand or deck before (with none at all, the mulligans would never end)."""
    from .rules import ChooseActive, _has_basic

    if m.over or not m.stack or m.stack[0].key != "rule:game":
        return  # (the stack's own checks refuse these)
    choose = next(i for i, ins in enumerate(m.era.game_program)
                  if isinstance(ins, ChooseActive))
    mulligans_behind = m.stack[0].pc >= choose
    for p in m.players:
        if p.active is not None:
            continue
        cards = p.hand if mulligans_behind else [*p.hand, *p.deck]
        if not _has_basic(m, cards):
            where = "hand" if mulligans_behind else "deck"
            raise _fail(f"players[{p.index}].{where}",
                        "no Basic Pokémon to become the Active one"
                        + (" (the mulligans are over)" if mulligans_behind else
                           " in the hand or deck (the mulligans would never end)"))


def _stack(m: Match) -> None:
    from .rules import MainPhase, TurnStart

    if m.over:
        return
    if not m.stack:
        raise _fail("stack", "a match that is not over runs its game procedure")
    bottom = m.stack[0]
    if bottom.key != "rule:game":
        raise _fail("stack[0].program", f"the bottom program is the game procedure "
                                        f"'rule:game', not {bottom.key!r}")
    program = m.era.game_program
    turn_start = next(i for i, ins in enumerate(program) if isinstance(ins, TurnStart))
    main = next(i for i, ins in enumerate(program) if isinstance(ins, MainPhase))
    if m.turn == 0 and bottom.pc > turn_start:
        raise _fail("stack[0].pc", "during setup (turn 0) the game procedure is still setting "
                                   "up")
    if m.turn > 0 and bottom.pc < main:
        raise _fail("stack[0].pc", f"turn {m.turn} has started: setup is over")
    n = len(m.defs)
    for i, f in enumerate(m.stack):
        if i and f.key == "rule:game":
            raise _fail(f"stack[{i}].program", "the game procedure runs once, at the bottom")
        if f.key in _RULE_VARS:
            _rule_vars(m, f, f"stack[{i}].vars")
        card_id, sep, _ = f.key.partition("#")
        if sep and not f.key.startswith("rule:"):
            if not 0 <= f.source < n or m.defs[f.source].id != card_id:
                raise _fail(f"stack[{i}].source", f"program {f.key!r} runs for a card "
                                                  f"{card_id}, not card #{f.source}")


def _players(value: Any, most: int) -> bool:
    return isinstance(value, list) and len(value) <= most and len(set(value)) == len(value) \
        and all(v in (0, 1) and not isinstance(v, bool) for v in value)


def _cards(m: Match, value: Any) -> bool:
    n = len(m.defs)
    return isinstance(value, list) and len(value) <= 16 and all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v < n for v in value)


def _pair(value: Any, kind: type, lo: int = 0, hi: int = 0) -> bool:
    if not isinstance(value, list) or len(value) != 2:
        return False
    if kind is bool:
        return all(isinstance(v, bool) for v in value)
    return all(isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi
               for v in value)


def _deck_size(m: Match) -> int:
    return int(m.rules.deck_size)


def _prizes(m: Match) -> int:
    return int(m.rules.prizes)


def _switched_to(m: Match, value: Any) -> bool:
    """A finished retreat's ``to``: the current player's Active Pokémon now."""
    a = m.players[m.current].active
    return a is not None and isinstance(value, int) and not isinstance(value, bool) \
        and a.id == value


def _bench_slot(m: Match, value: Any) -> bool:
    bench: list[Slot] = m.players[m.current].bench
    return isinstance(value, int) and not isinstance(value, bool) \
        and any(s.id == value for s in bench)


# What each rule procedure keeps in its variables (rules.py), checked exactly: the rule
# programs are the engine's own, so their variables have one known shape.
_RULE_VARS: dict[str, dict[str, Callable[[Match, Any], bool]]] = {
    "rule:game": {
        "shuffle": lambda m, v: _players(v, 2),
        "mulligan": lambda m, v: _players(v, 2) and len(v) > 0,
        "between": lambda m, v: isinstance(v, int) and not isinstance(v, bool)
        and 0 <= v <= 15,
        "flipped": _cards,
        "tools_done": _cards,
        # Platinum's setup: extra cards owed for the opponent's mulligans (at most one per
        # card of a deck), and whose question about them is pending.
        "owed": lambda m, v: _pair(v, int, 0, _deck_size(m)),
        "asked": lambda m, v: v in (0, 1) and not isinstance(v, bool),
    },
    "rule:knockouts": {
        "owed": lambda m, v: _pair(v, int, 0, _prizes(m)),
        "took_last": lambda m, v: _pair(v, bool),
    },
    "rule:retreat": {
        "to": lambda m, v: _bench_slot(m, v),
    },
    "rule:response": {},
}


def _rule_vars(m: Match, f: Any, where: str) -> None:
    shapes = _RULE_VARS[f.key]
    for name, value in f.vars.items():
        ok = shapes.get(name)
        if f.key == "rule:retreat" and name == "to" and f.pc >= len(f.code):
            ok = _switched_to  # (done: a Poké-Body answering the switch runs above it)
        if ok is None:
            raise _fail(where, f"{f.key!r} has no variable {name!r} (it keeps: "
                               f"{', '.join(shapes)})")
        if not ok(m, value):
            raise _fail(f"{where}.{name}", f"{value!r} is not a value {f.key!r} writes there")
    if f.key == "rule:retreat" and "to" not in f.vars:
        raise _fail(where, "a retreat names the Benched Pokémon it switches to ('to')")
    if f.key == "rule:knockouts" and f.pc > 0 and not {"owed", "took_last"} <= set(f.vars):
        raise _fail(where, "Knock Outs being dealt with keep 'owed' and 'took_last'")


# =========================================================================== the decision


def bounded_run(m: Match) -> None:
    """Run the match's programs to the decision it waits for, as ``Match._run`` does, but
    stop after ``MAX_INSTRUCTIONS`` and turn any failure of the programs into
    :class:`InvalidPosition` (a hostile position must not crash or hang its reader)."""
    from .effects.core import SUSPEND

    stack = m.stack
    budget = MAX_INSTRUCTIONS
    try:
        while m.pending is None and stack and not m.over:
            budget -= 1
            if budget < 0:
                raise _fail("stack", "the running programs do not reach a decision")
            f = stack[-1]
            if f.pc >= len(f.code):
                stack.pop()
                continue
            r = f.code[f.pc].run(m, f)
            if r is None:
                f.pc += 1
            elif r == SUSPEND:
                break
            else:
                f.pc = r
    except InvalidPosition:
        raise
    except Exception as exc:  # a hostile position makes the programs fail: refuse it
        raise _program_failure(m, exc) from None


def _program_failure(m: Match, exc: BaseException) -> InvalidPosition:
    at = f"stack[{len(m.stack) - 1}]" if m.stack else "stack"
    key = m.stack[-1].key if m.stack else "the game"
    return _fail(at, f"the running program {key!r} cannot continue from this position "
                     f"({type(exc).__name__})")


def validate_decision(m: Match, copy: Callable[[], Match]) -> None:
    """The decision a loaded match waits for must be one the engine can continue from: a
    choice with options and a sane count, both Active Pokémon present in the main phase,
    and (when programs other than the main phase are running) every answer tried on a
    ``copy()`` of the match, followed until those programs have finished."""
    if m.over:
        return
    d = m.pending
    if d is None:
        raise _fail("stack", "the running programs end without a decision to wait for")
    if isinstance(d, Choice):
        n = len(d.options)
        if n == 0 and not (d.kind == "cards_deck" and d.min == d.max == 0):
            raise _fail("stack", f"the pending {d.kind} choice has no options")
        if n and (not 0 <= d.min <= d.max or d.max < 1 or d.min > n):
            raise _fail("stack", f"the pending {d.kind} choice asks for {d.min}..{d.max} of "
                                 f"{n} options")
        if d.kind == "main":
            for p in m.players:
                if p.active is None:
                    raise _fail(f"players[{p.index}].active", "each player has an Active "
                                                              "Pokémon during a turn")
    elif isinstance(d, Chance) and d.kind == "shuffle" \
            and d.size != len(m.players[d.player].hand if d.purpose == HAND_SHUFFLE
                              else m.players[d.player].deck):
        raise _fail("stack", "the pending shuffle is not of the player's deck")
    if _only_the_game(m):
        return
    for answer in islice(_answers(m), PROBE_ANSWERS):
        c = copy()
        try:
            _answer(c, answer)
            for _ in range(PROBE_DECISIONS):
                if c.over or _only_the_game(c):
                    break
                _answer(c, next(_answers(c)))
        except Exception as exc:  # the loaded programs fail on a legal answer: refuse
            raise _program_failure(m, exc) from None


def _only_the_game(m: Match) -> bool:
    """No program runs but the game procedure (whose variables are checked exactly): what
    follows is the engine's own rules on a validated state, with nothing left to probe."""
    return len(m.stack) <= 1


def _answers(m: Match) -> Iterator[Any]:
    d = m.pending
    if isinstance(d, Chance):
        if d.kind == "coin":
            yield from (True, False)
        else:
            yield list(range(d.size))
            yield list(reversed(range(d.size)))
        return
    assert isinstance(d, Choice)
    n = len(d.options)
    for k in range(max(d.min, 0), min(d.max, n) + 1):
        if k:
            yield from (list(c) for c in combinations(range(n), k))
        else:
            yield []


def _answer(m: Match, answer: Any) -> None:
    if isinstance(m.pending, Chance):
        m.resolve(answer)
    else:
        m.apply(answer)


def _legend_slot(m: Match, slot: Slot, where: str) -> None:
    """A Pokémon LEGEND in play is its two halves and nothing else: the half that prints
    the HP beneath, its own other half on top (seed 000's glossary)."""
    defs = m.defs
    names = " + ".join(defs[c].name for c in slot.cards)
    if len(slot.cards) != 2:
        raise _fail(f"{where}.cards", f"a Pokémon LEGEND is its 2 halves in play ({names})")
    beneath, top = (defs[c] for c in slot.cards)
    if beneath.legend_top or beneath.legend_other is not top:
        raise _fail(f"{where}.cards", f"{names}: the half beneath of a Pokémon LEGEND, then "
                                      "its own other half on top")
