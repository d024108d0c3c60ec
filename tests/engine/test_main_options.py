"""The main phase's fast path against its reference, on every decision of 500 random games.

``actions.main_options`` is written for speed; ``actions.main_options_reference`` says the
same rules with the readable functions (``evolves_onto``, ``power_usable``,
``can_retreat``, ``can_attack``, ``attack_choices``). The fast path may stay only while
the two agree, option for option and in the same order, wherever a game can go.
"""

from __future__ import annotations

import random
from itertools import permutations

from handheld.cards import default_pool, load_deck
from handheld.engine import Chance, Match, main_options_reference
from handheld.engine.actions import main_options
from handheld.players import RandomPlayer, chance_outcome

DECK_NAMES = ("blazing_quake", "dark_steel", "ember_blaze", "mind_games", "poison_garden",
              "rock_crusher", "sky_flock", "thunder_link", "tidal_mind", "tidal_surge")
GAMES = 500


def _compare_game(pool: object, decks: tuple[list[str], list[str]], seed: int) -> int:
    rng = random.Random(seed)
    players = (RandomPlayer(seed), RandomPlayer(seed + 1))
    m = Match(pool, decks, record_log=False)  # type: ignore[arg-type]
    checked = 0
    while not m.over:
        d = m.pending
        if isinstance(d, Chance):
            m.resolve(chance_outcome(d, rng))
            continue
        assert d is not None
        if d.kind == "main":
            fast = main_options(m)
            assert fast == d.options
            reference = main_options_reference(m)
            assert fast == reference, (seed, m.turn, set(fast) ^ set(reference))
            checked += 1
        m.apply(players[d.player].choose(m, d))
    return checked


def test_fast_main_options_agree_with_the_reference() -> None:
    pool = default_pool()
    decks = {name: load_deck(name) for name in DECK_NAMES}
    pairs = list(permutations(DECK_NAMES, 2))
    checked = 0
    for game in range(GAMES):
        a, b = pairs[game % len(pairs)]
        checked += _compare_game(pool, (decks[a], decks[b]), game)
    assert checked > GAMES * 10  # every game reached the main phase many times


def test_the_comparison_can_fail(monkeypatch: object) -> None:
    """A fast path that forgets a rule (here: retreating) is caught."""
    import handheld.engine.actions as actions

    def no_retreat(m: Match) -> tuple[tuple[object, ...], ...]:
        return tuple(o for o in main_options(m) if o[0] != "retreat")

    pool = default_pool()
    decks = (load_deck("blazing_quake"), load_deck("tidal_mind"))
    failed = False
    for seed in range(20):
        rng = random.Random(seed)
        player = RandomPlayer(seed)
        m = Match(pool, decks, record_log=False)
        while not m.over and not failed:
            d = m.pending
            if isinstance(d, Chance):
                m.resolve(chance_outcome(d, rng))
                continue
            assert d is not None
            if d.kind == "main" and no_retreat(m) != actions.main_options_reference(m):
                failed = True
            m.apply(player.choose(m, d))
        if failed:
            break
    assert failed
