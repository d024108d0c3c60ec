"""The search player's leaf evaluation: the two sides' values add up to 1, Prizes and a lost
Bench move it the right way, a style bends it, and the committed weights are a fit that
beats a constant guess on games it did not see."""

from __future__ import annotations

import random

import pytest

from handheld.cards import DECK_SETS, default_pool, load_deck
from handheld.engine import Chance, Choice, Match
from handheld.engine.eras import ERAS
from handheld.players import GreedyPlayer
from handheld.players.leaf import FEATURES, features, leaf_value, weights_for
from handheld.players.leaf_weights import FIT, NAMES, WEIGHTS
from handheld.players.style import STYLES

POOL = default_pool()
ERA_SETS = {"expedition": "theme", "platinum": "platinum_theme",
            "call_of_legends": "call_of_legends_theme", "black_white": "black_white_theme"}


def turn_starts(era: str, seed: int, limit: int = 40) -> list[Match]:
    """Copies of a greedy game of ``era``'s theme pair at the start of each turn."""
    decks = [load_deck(n) for n in DECK_SETS[ERA_SETS[era]]]
    m = Match(POOL, decks, ERAS[era].ruleset, record_log=False, validate=False)
    rng = random.Random(seed)
    players = [GreedyPlayer(seed), GreedyPlayer(seed + 1)]
    out: list[Match] = []
    turn = -1
    for _ in range(4000):
        if m.over or len(out) >= limit:
            break
        d = m.pending
        if isinstance(d, Chance):
            m.resolve(d.sample(rng))
            continue
        assert isinstance(d, Choice)
        if m.turn != turn and m.turn >= 2:
            turn = m.turn
            out.append(m.clone())
        m.apply(players[d.player].choose(m, d))
    return out


@pytest.mark.parametrize("era", list(ERA_SETS))
def test_the_two_sides_values_add_up_to_one(era: str) -> None:
    spots = [m for seed in (3, 4, 5) for m in turn_starts(era, seed)]
    assert len(spots) >= 12
    values = set()
    for m in spots:
        a, b = leaf_value(m, 0), leaf_value(m, 1)
        assert 0.0 < a < 1.0
        assert a + b == pytest.approx(1.0, abs=1e-12)
        values.add(round(a, 6))
    assert len(values) > len(spots) // 2  # it reads the position, not a constant


def test_a_finished_match_is_won_lost_or_drawn() -> None:
    m = turn_starts("expedition", 5)[-1]
    m.over, m.winner = True, 1
    assert (leaf_value(m, 1), leaf_value(m, 0)) == (1.0, 0.0)
    m.winner = None
    assert leaf_value(m, 0) == 0.5


def test_a_prize_taken_and_a_lost_bench_move_it_the_right_way() -> None:
    m = next(s for s in turn_starts("expedition", 7) if s.players[0].bench
             and len(s.players[0].prizes) >= 2)
    before = leaf_value(m, 0)
    took = m.clone()
    took.players[0].hand.append(took.players[0].prizes.pop())  # a Prize card taken
    assert leaf_value(took, 0) > before
    lost = m.clone()
    lost.players[0].bench = []  # nothing left behind the Active Pokémon
    assert leaf_value(lost, 0) < before


def test_a_style_bends_it() -> None:
    m = next(s for s in turn_starts("expedition", 11)
             if len(s.players[0].bench) != len(s.players[1].bench))
    plain = leaf_value(m, 0)
    swarm = leaf_value(m, 0, STYLES["swarm"])  # counts the Bench more
    gap = len(m.players[0].bench) - len(m.players[1].bench)
    assert (swarm > plain) if gap > 0 else (swarm < plain)


def test_features_are_differences_and_whose_turn() -> None:
    m = turn_starts("platinum", 13)[4]
    f0, f1 = features(m, 0), features(m, 1)
    assert len(f0) == len(FEATURES) + 1
    assert f0[:-1] == [-x for x in f1[:-1]]
    assert {f0[-1], f1[-1]} == {1.0, -1.0}
    assert f0[-1] == (1.0 if m.current == 0 else -1.0)


def test_the_committed_weights_are_a_fit_that_learned_something() -> None:
    assert NAMES == (*FEATURES, "to_move")
    for era in (*ERA_SETS, "all"):
        assert len(WEIGHTS[era]) == len(NAMES), era
        fitted, held_out, loss, constant = FIT[era]
        assert fitted > 10_000 and held_out > 10_000, era
        # Held out: better than guessing the average, by a clear margin.
        assert loss < constant - 0.1, era
        prizes = WEIGHTS[era][FEATURES.index("prizes_left")]
        assert prizes < 0, era  # more Prizes left to take is worse
    assert weights_for("no such era") == WEIGHTS["all"]
