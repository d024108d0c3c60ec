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
            d = m.pending
            if isinstance(d, Chance):
                m.resolve(chance_outcome(d, rng))
            else:
                assert d is not None
                m.apply(players[d.player].choose(m, d))
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
