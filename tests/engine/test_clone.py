"""``Match.clone`` (a copy structure by structure) against ``position.copy_match`` (a round
trip through the position, the reference), on every decision of random games.

At every decision: the clone's position equals the original's and the reference copy's,
its pending decision and legal actions are the same, and playing the clone on (a few
random steps) leaves the original untouched. Every attribute of a match, a player, a
Pokémon in play and a frame is set on the copy, so an attribute added later without
being copied fails here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import permutations

import pytest

from handheld.cards import default_pool, load_deck
from handheld.engine import Chance, Match
from handheld.engine.position import copy_match, to_position
from handheld.engine.state import Frame, PlayerState, Slot
from handheld.players import RandomPlayer, chance_outcome
from tests.engine.fixtures import play_on

DECK_NAMES = ("blazing_quake", "dark_steel", "mind_games", "poison_garden", "sky_flock",
              "thunder_link", "tidal_mind", "verdant_bounty")
GAMES = 60
STEPS = 6  # random steps played on each clone


def _step(m: Match, rng: random.Random) -> None:
    d = m.pending
    if isinstance(d, Chance):
        m.resolve(chance_outcome(d, rng))
    else:
        assert d is not None
        legal = m.legal_actions()
        m.apply(list(rng.choice(legal)))


def _unset(obj: object) -> list[str]:
    return [name for name in type(obj).__slots__  # type: ignore[attr-defined]
            if not hasattr(obj, name)]


def clone_problems(m: Match, rng: random.Random,
                   clone: Callable[[Match], Match] = Match.clone) -> list[str]:
    """What is wrong with ``clone(m)`` at this decision (nothing: an empty list)."""
    before = to_position(m)
    legal = m.legal_actions()
    c = clone(m)
    out = []
    if c is m:
        return ["the clone is the match itself"]
    unset = _unset(c) + [n for p in c.players for n in _unset(p)] \
        + [n for s in (x for p in c.players for x in p.in_play()) for n in _unset(s)] \
        + [n for f in c.stack for n in _unset(f)]
    if unset:
        return [f"attributes not copied: {sorted(set(unset))}"]
    if to_position(c) != before:
        out.append("the clone's position differs from the original's")
    if to_position(copy_match(m)) != before:
        out.append("the reference copy's position differs from the original's")
    if c.pending != m.pending or c.legal_actions() != legal:
        out.append("the clone waits for another decision")
    if (c.over, c.winner, c.result) != (m.over, m.winner, m.result):
        out.append("the clone's result differs")
    for _ in range(STEPS):
        if c.over:
            break
        _step(c, rng)
    if to_position(m) != before or m.legal_actions() != legal:
        out.append("playing on the clone changed the original")
    return out


def _games(count: int) -> list[tuple[list[str], list[str]]]:
    decks = {name: load_deck(name) for name in DECK_NAMES}
    pairs = list(permutations(DECK_NAMES, 2))
    return [(decks[a], decks[b]) for a, b in (pairs[g % len(pairs)] for g in range(count))]


def test_a_clone_equals_the_reference_copy_on_every_decision() -> None:
    pool = default_pool()
    checked = 0
    for game, decks in enumerate(_games(GAMES)):
        rng = random.Random(game)
        players = (RandomPlayer(game), RandomPlayer(game + 1))
        m = Match(pool, decks, record_log=False)
        while not m.over:
            problems = clone_problems(m, rng)
            assert not problems, (game, m.turn, problems)
            checked += 1
            play_on(m, players, rng)
        assert clone_problems(m, rng) == []  # a finished match clones too
    assert checked > GAMES * 20


def test_a_clone_keeps_its_own_log_only_when_asked() -> None:
    pool = default_pool()
    m = Match(pool, _games(1)[0])
    rng = random.Random(0)
    for _ in range(10):
        _step(m, rng)
    assert m.log
    quiet, loud = m.clone(), m.clone(record_log=True)
    assert not quiet.logging and quiet.log == []
    assert loud.logging and loud.log == []
    for _ in range(30):
        if loud.over:
            break
        _step(loud, rng)
    assert loud.log and loud.log is not m.log


def _leak(monkeypatch: pytest.MonkeyPatch, cls: type, change: Callable[[object, object], None],
          ) -> None:
    """Make ``cls.copy`` leave something wrong: ``change(copy, original)``."""
    copy = cls.copy  # type: ignore[attr-defined]

    def leaky(self: object) -> object:
        c = copy(self)
        change(c, self)
        return c

    monkeypatch.setattr(cls, "copy", leaky)


LEAKS: dict[str, tuple[type, Callable[[object, object], None]]] = {
    "shared hand": (PlayerState, lambda c, o: setattr(c, "hand", o.hand)),  # type: ignore[attr-defined]
    "shared deck": (PlayerState, lambda c, o: setattr(c, "deck", o.deck)),  # type: ignore[attr-defined]
    "shared bench": (PlayerState, lambda c, o: setattr(c, "bench", o.bench)),  # type: ignore[attr-defined]
    "shared vars": (Frame, lambda c, o: setattr(c, "vars", o.vars)),  # type: ignore[attr-defined]
    "forgotten attribute": (Slot, lambda c, o: delattr(c, "tool")),
}


@pytest.mark.parametrize("leak", sorted(LEAKS))
def test_the_comparison_can_fail(leak: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A clone that shares a mutable part with the original, or forgets one, is caught."""
    _leak(monkeypatch, *LEAKS[leak])
    pool = default_pool()
    found = False
    for game, decks in enumerate(_games(20)):
        rng = random.Random(game)
        m = Match(pool, decks, record_log=False)
        while not m.over and not found:
            found = bool(clone_problems(m, rng))
            _step(m, rng)
        if found:
            break
    assert found, leak


# Tables a match derives from its card definitions (Match.index_flags), compared between
# the two ways of copying with other cards.
TABLES = ("acts_between", "units_of", "fact_hook", "fact_hooks", "area_bodies", "hp_may_fall",
          "active_damage_hooks", "has_passives", "energy_end_discard", "energy_acts_between",
          "bodies_act_between", "multi_type_energy", "stacks_below", "card_units_hook",
          "card_units_hooks", "retreat_locks", "body_blocks", "body_hooks_present",
          "power_answers", "discard_powers", "printed")


@pytest.mark.parametrize("deck_set", ["theme", "platinum", "call_of_legends", "black_white"])
def test_a_copy_with_other_cards_equals_the_position_round_trip(deck_set: str) -> None:
    """``copy_with_other_cards`` (structural) against the round trip through the position
    it replaced, at decisions of random games of every era: the same position, decision,
    tables and play on (a few random steps with the same stream)."""
    from handheld.cards import DECK_SETS, deck_set_era
    from handheld.engine.eras import ERAS
    from handheld.engine.position import (
        copy_with_other_cards,
        copy_with_other_cards_reference,
    )

    pool = default_pool()
    names = DECK_SETS[deck_set]
    era = ERAS[deck_set_era(deck_set)]
    ids = sorted({c for n in names for c in load_deck(n)})
    checked = changed = 0
    for game in range(4):
        rng = random.Random(game)
        decks = [load_deck(names[game % len(names)]), load_deck(names[(game + 1) % len(names)])]
        players = (RandomPlayer(game), RandomPlayer(game + 1))
        m = Match(pool, decks, era.ruleset, record_log=False, validate=False)
        while not m.over and m.decisions < 150:
            if m.decisions % 3 == 0:
                who = rng.choice([None, 0, 1])
                sides = m.players if who is None else [m.players[who]]
                cards = {n: rng.choice(ids) for p in sides for n in (p.hand + p.deck + p.prizes)
                         if rng.random() < 0.5}
                cards[len(m.defs) + 5] = ids[0]  # (a number nowhere: left alone by both)
                before = to_position(m)
                fast = copy_with_other_cards(m, who, cards)
                slow = copy_with_other_cards_reference(m, who, cards)
                where = (deck_set, game, m.decisions)
                assert to_position(fast) == to_position(slow), where
                assert fast.pending == slow.pending, where
                assert fast.legal_actions() == slow.legal_actions(), where
                for name in TABLES:
                    assert getattr(fast, name) == getattr(slow, name), (where, name)
                changed += fast.defs != m.defs
                play = random.Random(game * 1000 + m.decisions)
                again = random.Random(game * 1000 + m.decisions)
                for _ in range(STEPS):
                    if fast.over or slow.over:
                        break
                    _step(fast, play)
                    _step(slow, again)
                assert to_position(fast) == to_position(slow), where
                assert to_position(m) == before, where  # the original is untouched
                checked += 1
            play_on(m, players, rng)
    assert checked > 40 and changed > 20
