"""Positions: ``Match.from_position`` on hostile positions.

The inputs are positions of real seeded matches (every ready-made deck, random players) at
random decisions, mutated structurally: cards moved between zones and owners, duplicated,
deleted or swapped for other (also unimplemented) cards; Special Conditions added; counts
changed to negative, huge or off-by-one values; wrong types anywhere; deep nesting; the
running programs' counters, names and variables changed (with or without the fingerprint
of the programs, which then refuses them or leaves them to the validator); the game and the
fingerprint themselves replaced by hostile values.

A failure is any exception but ``InvalidPosition``, a hang, a refused position that was
changed, or an accepted position that breaks an invariant of the game (checked here,
independently of the engine's validator) or whose match cannot continue: its pending
decision has no legal answer, or a few random legal steps raise anything.
"""

from __future__ import annotations

import copy
import functools
import json
import random
import traceback
from collections import Counter
from collections.abc import Callable
from typing import Any

from handheld.cards import deck_names, default_pool, era_deck_names, load_deck, ready_deck_era
from handheld.engine import Chance, Choice, Match
from handheld.engine.cardpool import CardPool
from handheld.engine.errors import InvalidPosition
from handheld.players import RandomPlayer, chance_outcome

from .core import AreaResult, guard

NAME = "positions"
SHORT = 250
LONG = 10_000

GAMES = 8  # seeded matches the positions come from
STEPS_AFTER_LOAD = 12  # random legal steps an accepted position must survive
CONDITIONS = ("asleep", "confused", "paralyzed", "poisoned", "burned")
HOSTILE_VALUES: tuple[Any, ...] = (None, True, False, 0, -1, 1, 2, 7, 12, 15, 10**6 + 1,
                                   -(10**9), 10**5000, 1.5, float("nan"), float("inf"), "",
                                   "x", "ecard1-98", [], {}, [None], {"a": 1}, [[[]]])

# The loader under test (a name the tests can replace with a broken one).
load: Callable[..., Match] = Match.from_position


# --------------------------------------------------------------------------- corpus


def corpus(pool: CardPool, rng: random.Random, games: int = GAMES) -> list[dict[str, Any]]:
    """Positions of seeded matches between the ready-made decks, at every decision."""
    names = deck_names()
    out: list[dict[str, Any]] = []
    for g in range(games):
        # Two decks of one era (the first deck's), played under that era's rules.
        first = rng.choice(names)
        era = ready_deck_era(first)
        mates = [n for n in era_deck_names(era) if n != first] or [first]
        a, b = first, rng.choice(mates)
        try:
            decks = (load_deck(a), load_deck(b))
            m = Match(pool, decks, record_log=False, era=era)
        except Exception:  # a ready-made deck of cards not written yet: not this area's job
            continue
        player = RandomPlayer(g + 1)
        game_rng = random.Random(g)
        while not m.over and len(out) < (g + 1) * 400:
            out.append(m.position())
            d = m.pending
            if isinstance(d, Chance):
                m.resolve(chance_outcome(d, game_rng))
            elif isinstance(d, Choice):
                m.apply(player.choose(m, d))
        out.append(m.position())
    return out


# --------------------------------------------------------------------------- mutations


def _card_lists(pos: dict[str, Any]) -> list[list[Any]]:
    """Every list of card references in a position (zones and what is in play)."""
    out: list[list[Any]] = []
    for pd in pos.get("players", []):
        for zone in ("deck", "hand", "discard", "prizes", "resolving", "supporter"):
            out.append(pd[zone])
        for slot in [pd.get("active"), *pd.get("bench", [])]:
            if slot:
                out.extend([slot["cards"], slot["energy"], slot["tms"]])
    return out


def _paths(root: Any, depth: int = 8) -> list[tuple[Any, ...]]:
    """The paths to the values inside a position, down to ``depth`` levels (iteratively:
    an earlier mutation may have nested a value thousands of levels deep)."""
    out: list[tuple[Any, ...]] = []
    todo: list[tuple[tuple[Any, ...], Any]] = [((), root)]
    while todo:
        path, value = todo.pop()
        out.append(path)
        if len(path) >= depth:
            continue
        if isinstance(value, dict):
            todo.extend(((*path, k), v) for k, v in value.items())
        elif isinstance(value, list):
            todo.extend(((*path, i), v) for i, v in enumerate(value))
    return out


def _set(pos: Any, path: tuple[Any, ...], value: Any) -> None:
    node = pos
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def _get(pos: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        pos = pos[key]
    return pos


def _ref_id(ref: str) -> str:
    return ref.split("#", 1)[0]


class Mutator:
    def __init__(self, pool: CardPool, rng: random.Random) -> None:
        self.rng = rng
        self.card_ids = sorted(d.id for d in pool)
        self.unimplemented = sorted(d.id for d in pool if not d.implemented)
        self.programs = [*sorted(pool.programs), "rule:game", "rule:knockouts",
                         "rule:retreat", "nowhere#t"]
        self.deep = False

    def mutate(self, pos: dict[str, Any]) -> list[str]:
        names = []
        for _ in range(self.rng.choice((1, 1, 1, 2, 3))):
            op = self.rng.choice(self.OPS)
            try:
                op(self, pos)
            except Exception:  # the fuzzer's own step failing is not a finding
                continue  # an earlier mutation removed or nested what this one works on
            names.append(op.__name__)
        return names

    # ---- cards

    def move_card(self, pos: dict[str, Any]) -> None:
        lists = [z for z in _card_lists(pos) if z]
        if lists:
            src = self.rng.choice(lists)
            card = src.pop(self.rng.randrange(len(src)))
            dst = self.rng.choice(_card_lists(pos))
            dst.insert(self.rng.randrange(len(dst) + 1), card)

    def duplicate_card(self, pos: dict[str, Any]) -> None:
        lists = [z for z in _card_lists(pos) if z]
        if lists:
            card = self.rng.choice(self.rng.choice(lists))
            dst = self.rng.choice(_card_lists(pos))
            dst.append(card if self.rng.random() < 0.5 else _ref_id(card))

    def delete_card(self, pos: dict[str, Any]) -> None:
        lists = [z for z in _card_lists(pos) if z]
        if lists:
            src = self.rng.choice(lists)
            src.pop(self.rng.randrange(len(src)))

    def swap_card_ids(self, pos: dict[str, Any]) -> None:
        """Two cards trade their ids (numbers stay): an Energy where a Pokémon was..."""
        refs = [(z, i) for z in _card_lists(pos) for i in range(len(z))]
        if len(refs) > 1:
            (za, ia), (zb, ib) = self.rng.sample(refs, 2)
            a, b = za[ia], zb[ib]
            za[ia] = _ref_id(b) + "#" + a.split("#")[1]
            zb[ib] = _ref_id(a) + "#" + b.split("#")[1]

    def replace_card(self, pos: dict[str, Any]) -> None:
        refs = [(z, i) for z in _card_lists(pos) for i in range(len(z))]
        if refs:
            z, i = self.rng.choice(refs)
            pool = self.unimplemented if self.unimplemented and self.rng.random() < 0.4 \
                else self.card_ids
            z[i] = self.rng.choice(pool) + "#" + z[i].split("#")[1]

    def many_cards(self, pos: dict[str, Any]) -> None:
        zone = self.rng.choice(_card_lists(pos))
        zone.extend(["ecard1-164"] * self.rng.choice((60, 500, 5000, 100_000)))

    def stadium(self, pos: dict[str, Any]) -> None:
        pos["stadium"] = self.rng.choice([self.rng.choice(self.card_ids), None,
                                          *HOSTILE_VALUES[:6]])
        pos["stadium_owner"] = self.rng.choice([0, 1, 2, None, "0"])

    # ---- Pokémon in play

    def _slots(self, pos: dict[str, Any]) -> list[dict[str, Any]]:
        return [s for pd in pos["players"] for s in [pd.get("active"), *pd.get("bench", [])]
                if isinstance(s, dict)]

    def add_conditions(self, pos: dict[str, Any]) -> None:
        slots = self._slots(pos)
        if slots:
            slot = self.rng.choice(slots)
            k = self.rng.randrange(1, 4)
            slot["conditions"] = self.rng.sample([*CONDITIONS, "frozen"], k)

    def add_bench(self, pos: dict[str, Any]) -> None:
        slots = self._slots(pos)
        pd = self.rng.choice(pos["players"])
        if slots:
            pd["bench"].extend(json.loads(json.dumps(self.rng.choice(slots)))
                               for _ in range(self.rng.randrange(1, 4)))

    def remove_active(self, pos: dict[str, Any]) -> None:
        self.rng.choice(pos["players"])["active"] = None

    def evolution(self, pos: dict[str, Any]) -> None:
        slots = self._slots(pos)
        if slots:
            slot = self.rng.choice(slots)
            cards = slot["cards"]
            if self.rng.random() < 0.5 and len(cards) > 1:
                cards.reverse()
            else:
                cards.insert(0, self.rng.choice(self.card_ids))

    # ---- numbers and types

    def change_number(self, pos: dict[str, Any]) -> None:
        paths = [p for p in _paths(pos) if p and isinstance(_get(pos, p), int)]
        if paths:
            path = self.rng.choice(paths)
            old = _get(pos, path)
            _set(pos, path, self.rng.choice([old + 1, old - 1, -old - 1, old * 1000,
                                             *HOSTILE_VALUES[3:13]]))

    def wrong_type(self, pos: dict[str, Any]) -> None:
        path = self.rng.choice([p for p in _paths(pos) if p])
        # (a copy: a later move of a card into it must not change the shared constant)
        _set(pos, path, copy.deepcopy(self.rng.choice(HOSTILE_VALUES)))

    def drop_key(self, pos: dict[str, Any]) -> None:
        paths = [p for p in _paths(pos) if p and isinstance(_get(pos, p[:-1]), dict)]
        if paths:
            path = self.rng.choice(paths)
            del _get(pos, path[:-1])[path[-1]]

    def deep_nesting(self, pos: dict[str, Any]) -> None:
        deep: Any = 1
        for _ in range(self.rng.choice((50, 2_000, 100_000))):
            deep = [deep] if self.rng.random() < 0.8 else {"a": deep}
        _set(pos, self.rng.choice([p for p in _paths(pos) if p]), deep)
        self.deep = True

    def huge_reference(self, pos: dict[str, Any]) -> None:
        zone = self.rng.choice(_card_lists(pos))
        zone.append("ecard1-98#" + "9" * self.rng.choice((7, 30, 5000)))

    def outcome(self, pos: dict[str, Any]) -> None:
        pos["over"] = self.rng.choice([True, False, 1, None])
        pos["winner"] = self.rng.choice([None, 0, 1, 7, -1, "0"])
        pos["result"] = self.rng.choice(["", "prizes", "deck_out", "time", 5])

    # ---- the running programs

    def stack(self, pos: dict[str, Any]) -> None:
        stack = pos.get("stack")
        if not isinstance(stack, list) or not stack:
            return
        # The programs above the game procedure hold the interesting variables.
        frame = stack[-1] if self.rng.random() < 0.7 else self.rng.choice(stack)
        if not isinstance(frame, dict):
            return
        what = self.rng.choice((0, 1, 2, 2, 2, 3, 4, 5))
        if what == 0:
            frame["pc"] = self.rng.choice([0, 1, frame.get("pc", 0) + 1, 999, -1])
        elif what == 1:
            frame["program"] = self.rng.choice(self.programs)
        elif what == 2:
            variables = frame.setdefault("vars", {})
            if isinstance(variables, dict):
                key = self.rng.choice([*variables, *variables, "heads", "tails", "owed",
                                       "shuffle", "to", "target", "targets", "flipped"])
                card = self.rng.randrange(130)
                variables[key] = copy.deepcopy(self.rng.choice(
                    [*HOSTILE_VALUES, [0, 1], [999], [-5, 3], card, [card], [card, card], [],
                     0, 3, [True, False], [1, 1]]))
        elif what == 3:
            stack.append(json.loads(json.dumps(frame)))
        elif what == 4:
            stack.pop(self.rng.randrange(len(stack)))
        else:
            for key in ("player", "source", "user", "target"):
                if self.rng.random() < 0.5:
                    frame[key] = self.rng.choice([-1, 0, 1, 2, 500, 10**7])
        if what in (1, 3, 4) and self.rng.random() < 0.6:
            # Other programs no longer match the fingerprint, which refuses the position
            # at once; without one (an older position) the validator's checks are tried.
            pos.pop("fingerprint", None)

    def header(self, pos: dict[str, Any]) -> None:
        key = self.rng.choice(("game", "fingerprint"))
        pos[key] = self.rng.choice([*HOSTILE_VALUES, "tcg", "0" * 16,
                                    pos.get("fingerprint"), "legend"])

    OPS: tuple[Callable[[Mutator, dict[str, Any]], None], ...] = (
        move_card, move_card, duplicate_card, delete_card, swap_card_ids, replace_card,
        many_cards, stadium, add_conditions, add_bench, remove_active, evolution,
        change_number, change_number, wrong_type, wrong_type, drop_key, deep_nesting,
        huge_reference, outcome, stack, stack, stack, header)


# --------------------------------------------------------------------------- checks


def broken_invariant(m: Match) -> str | None:
    """What an accepted match breaks, checked from the rules (not with the validator)."""
    seen: Counter[int] = Counter()
    where: dict[int, int] = {}
    for p in m.players:
        cards = [*p.deck, *p.hand, *p.discard, *p.prizes, *p.resolving, *p.supporter,
                 *p.lost_zone]
        for slot in p.in_play():
            cards += slot.attached()
            top = m.defs[slot.top]
            bottom = m.defs[slot.cards[0]]
            if slot.top != slot.cards[-1] or any(
                    m.defs[c].kind != 0 and not (i == 0 and m.defs[c].fossil)
                    for i, c in enumerate(slot.cards)):
                return f"player {p.index}: a Pokémon stack holds a card that is not a Pokémon"
            if bottom.stage != 0 and "as_basic" not in slot.markers:
                return f"player {p.index}: {top.name} stands on no Basic Pokémon"
            for lower, upper in zip(slot.cards, slot.cards[1:], strict=False):
                a, b = m.defs[lower], m.defs[upper]
                # An Evolution card on the card it names; a Basic on the Baby (or Basic)
                # that names it (Magby's, Munchlax's evolution); a Pokémon LV.X on the
                # Pokémon of its own name (Platinum's Appendix A); any Stage on the Restored
                # Pokémon it names (Black & White's Appendix B); a Stage 2 on the Basic its
                # Stage 1 evolves from, where the era has Rare Candy; the top half of a
                # Pokémon LEGEND on its own other half (seed 000).
                evolves = (b.evolves_from == a.name and b.stage == a.stage + 1
                           and not b.lv_x) or \
                    (not b.baby and b.stage == 0 and not b.lv_x and b.name in a.evolves_to) or \
                    (b.lv_x and not a.lv_x and b.name == a.name) or \
                    (a.restored and b.evolves_from == a.name) or \
                    (m.era.stage2_onto_basic and b.stage == 2 and a.is_basic_pokemon
                     and b.evolves_from in a.evolves_to) or \
                    (a.legend and not a.legend_top and a.legend_other is b)
                if not evolves:
                    return f"player {p.index}: {b.name} does not evolve from {a.name}"
            if any(m.defs[c].kind != 2 for c in slot.energy):
                return f"player {p.index}: a card that is not Energy is attached as Energy"
            if slot.tool >= 0 and m.defs[slot.tool].trainer_kind != "tool":
                return f"player {p.index}: a card that is not a Tool is attached as the Tool"
            if any(m.defs[c].trainer_kind != "tm" for c in slot.tms):
                return f"player {p.index}: a card that is not a TM is attached as a TM"
            if slot.damage < 0 or slot.damage % 10:
                return f"player {p.index}: damage {slot.damage}"
            if slot.conditions and slot is not p.active:
                return f"player {p.index}: a Benched Pokémon has a Special Condition"
            if bin(slot.conditions & 7).count("1") > 1:
                return f"player {p.index}: Asleep/Confused/Paralyzed together"
        for c in cards:
            seen[c] += 1
            where[c] = p.index
        if len(p.bench) > m.rules.bench_size:
            return f"player {p.index}: {len(p.bench)} Benched Pokémon"
        if len(p.prizes) > m.rules.prizes:
            return f"player {p.index}: {len(p.prizes)} Prizes"
        if len(cards) > m.rules.deck_size:
            return f"player {p.index}: {len(cards)} cards"
    if m.stadium >= 0:
        seen[m.stadium] += 1
        if m.defs[m.stadium].trainer_kind != "stadium":
            return "a card that is not a Stadium is in play as the Stadium"
    if set(seen) != set(range(len(m.defs))) or any(n != 1 for n in seen.values()):
        return "a card is missing or in two places"
    if any(m.owner[c] != p for c, p in where.items()):
        return "a card is in the zones of the player who does not own it"
    if not all(d.implemented for d in m.defs):
        return "a card without an effect script is in the match"
    if m.winner not in (None, 0, 1) or m.over != (m.winner is not None):
        return f"over {m.over!r} with winner {m.winner!r}"
    return None


def continue_playing(m: Match, rng: random.Random) -> str | None:
    """A few random legal steps; returns why the match cannot continue, or None."""
    for _ in range(STEPS_AFTER_LOAD):
        if m.over:
            return None
        d = m.pending
        if isinstance(d, Chance):
            m.resolve(chance_outcome(d, rng))
        elif isinstance(d, Choice):
            n = len(d.options)
            if d.nothing_to_pick and d.max == 0:
                m.apply([])  # (a fruitless search of secret cards: its one answer)
                continue
            if n == 0 or d.min > n or d.max < max(d.min, 1):
                return f"the pending {d.kind} choice has no legal answer"
            m.apply(sorted(rng.sample(range(n), rng.randint(d.min, min(d.max, n)))))
        else:
            return "the match waits for nothing but is not over"
    return None


# --------------------------------------------------------------------------- the run


def run(result: AreaResult, attempts: int, rng: random.Random) -> None:
    pool = default_pool()
    sizes = (len(pool.defs), len(pool.programs))
    positions = corpus(pool, rng)
    # Positions in the middle of an attack, a Trainer or a Knock Out: programs with state.
    running = [i for i, p in enumerate(positions) if len(p.get("stack", ())) > 1]
    mutator = Mutator(pool, rng)
    for i in range(attempts):
        k = rng.choice(running) if running and rng.random() < 0.4 \
            else rng.randrange(len(positions))
        pos = json.loads(json.dumps(positions[k]))
        mutator.deep = False
        ops = mutator.mutate(pos) if i % 20 else []  # some unmutated: they must load
        sample = f"corpus position {k}, mutations {ops}"
        # (Compared by value: a huge number has no JSON text, and a deep one no copy.)
        before = None if mutator.deep else copy.deepcopy(pos)
        done, value = guard(result, sample, functools.partial(load, pool, pos,
                                                              record_log=False),
                            (InvalidPosition,), seconds=20)
        if before is not None and pos != before:
            result.fail("file_changed", "the loader changed the position it was given", sample)
        if not done:
            if not ops and isinstance(value, InvalidPosition):
                result.fail("false_accept", f"a real position was refused: {value}", sample)
            continue
        m = value
        problem = broken_invariant(m)
        if problem:
            result.fail("false_accept", problem, sample)
            continue
        try:
            problem = continue_playing(m, random.Random(i))
        except Exception as exc:  # an accepted match must play on
            result.fail("traceback", "".join(traceback.format_exception(exc))[-2000:], sample)
            continue
        if problem:
            result.fail("false_accept", problem, sample)
    if (len(pool.defs), len(pool.programs)) != sizes:
        result.fail("file_changed", "loading positions changed the card pool", "the pool")
