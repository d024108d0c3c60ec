"""The kernel's contract, checked on every registered game in every era it plays
(OpenSpiel's API test): what a driver, the session, the link and the protocol rely on.

A new game registered in handheld.games gets these tests by adding its setups to
:data:`SETUPS` (a test fails until it does)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from handheld import games
from handheld.cards import load_deck
from handheld.kernel import Chance, Choice, Game, State

# Per game and era: the setups its matches start from (two decks of the era for the card
# game).
SETUPS: dict[tuple[str, str], list[Callable[[], Any]]] = {
    ("tcg", "expedition"): [lambda: (load_deck("blazing_quake"), load_deck("tidal_mind")),
                            lambda: (load_deck("dark_steel"), load_deck("thunder_link"))],
    ("tcg", "platinum"): [lambda: (load_deck("flame_rush"), load_deck("tidal_guard")),
                          lambda: (load_deck("steel_time"), load_deck("thunder_gym"))],
    # (not the theme pair: its random games often end in a few turns, the starting player
    # Knocking Out a lone Basic on the first turn, too short for these checks)
    ("tcg", "call_of_legends"): [lambda: (load_deck("meadow_bloom"), load_deck("mind_haze")),
                                 lambda: (load_deck("sacred_flame"), load_deck("ocean_legend"))],
    ("tcg", "black_white"): [lambda: (load_deck("crimson_spark"), load_deck("tidal_blade")),
                             lambda: (load_deck("fossil_quarry"), load_deck("phantom_gate"))],
    # Legend Pieces: None is Gold against Silver; the armies can also be named, either way.
    ("pieces", "classic"): [lambda: None, lambda: ["silver", "gold"]],
}
# Games whose random matches are short (Legend Pieces: about a hundred steps, against a
# thousand or more for the card game) are sampled this many times more densely.
SHORT_MATCHES = {"pieces": 4}
# The kinds of chance node each game's random matches meet.
CHANCE_KINDS = {"tcg": {"coin", "shuffle"}, "pieces": {"coin", "draw"}}
MAX_STEPS = 20_000  # chance outcomes and answers in one match: far above any real one
SEEDS = (1, 2, 3)


def cases() -> list[Any]:
    out = []
    for key in games.keys():
        for era in games.game(key).eras:
            out.append(pytest.param(key, era, id=f"{key}-{era}"))
    return out


def new(key: str, era: str, setup: int = 0) -> State:
    return games.game(key).new_state(SETUPS[key, era][setup](), era)


def random_answer(state: State, rng: random.Random) -> Any:
    return rng.choice(list(state.legal_actions()))


def step(state: State, rng: random.Random) -> None:
    d = state.pending
    if isinstance(d, Chance):
        state.resolve(d.sample(rng))
    else:
        state.apply(random_answer(state, rng))


def walk(key: str, era: str, seed: int, setup: int = 0) -> Iterator[State]:
    """Every state of a random match, first to last (the same object, advanced)."""
    rng = random.Random(seed)
    state = new(key, era, setup)
    for _ in range(MAX_STEPS):
        yield state
        if state.over:
            return
        step(state, rng)
    raise AssertionError(f"{key}/{era} seed {seed}: no end after {MAX_STEPS} steps")


def sample_points(key: str, era: str, seed: int, every: int = 37) -> Iterator[State]:
    """Some states of a random match, spread over it, the last one included."""
    every = max(2, every // SHORT_MATCHES.get(key, 1))
    for i, state in enumerate(walk(key, era, seed)):
        if i % every == 0 or state.over:
            yield state


def test_every_registered_game_has_setups_here() -> None:
    assert games.keys() == ["tcg", "pieces"]  # a new game adds its setups above
    for key in games.keys():
        for era in games.game(key).eras:
            assert SETUPS.get((key, era)), f"no setups for {key!r} in {era!r} in tests/kernel"
        g = games.game(key)
        assert isinstance(g, Game) and g.key == key and g.name and g.eras


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'; known: tcg, pieces"):
        games.game("chess")


@pytest.mark.parametrize(("key", "era"), cases())
def test_a_game_is_immutable_and_its_states_are_states(key: str, era: str) -> None:
    g = games.game(key)
    with pytest.raises(AttributeError):
        g.key = "other"  # type: ignore[misc]
    assert isinstance(new(key, era), State)


@pytest.mark.parametrize(("key", "era"), cases())
@pytest.mark.parametrize("seed", SEEDS)
def test_pending_is_a_choice_or_a_chance_until_over(key: str, era: str, seed: int) -> None:
    seen = {Choice: 0, Chance: 0}
    for state in walk(key, era, seed, setup=seed % len(SETUPS[key, era])):
        d = state.pending
        if state.over:
            assert d is None and state.legal_actions() == []
            assert state.result and (state.winner is None or state.winner in (0, 1))
            break
        assert type(d) in (Choice, Chance), d
        seen[type(d)] += 1
        if isinstance(d, Choice):
            if d.nothing_to_pick:  # a fruitless search of secret cards: its one answer
                assert d.min == d.max == 0 and state.legal_actions() == [()]
            else:
                assert d.options and 1 <= d.max and d.min <= d.max
            assert len(state.legal_actions()) > 0
        else:
            assert state.legal_actions() == []
            assert state.result == "" and state.winner is None
    assert seen[Choice] > 10 and seen[Chance] > 2  # both kinds came up


def illegal_answers(choice: Choice) -> list[Any]:
    n = len(choice.options)
    out: list[Any] = [n, -1, "0", None, 1.5, True, {"a": 0}, [n], [0, 0]]
    if choice.max < n:
        out.append(list(range(choice.max + 1)))
    return out


@pytest.mark.parametrize(("key", "era"), cases())
def test_an_illegal_answer_raises_and_changes_nothing(key: str, era: str) -> None:
    checked = 0
    for state in sample_points(key, era, 4, every=11):
        before = state.digest()
        d = state.pending
        if isinstance(d, Choice):
            for bad in illegal_answers(d):
                with pytest.raises(Exception):  # the game's own error class  # noqa: B017
                    state.apply(bad)
                assert state.digest() == before, bad
                assert state.pending == d
            with pytest.raises(Exception):  # noqa: B017
                state.resolve(True)  # a chance outcome where a player must choose
            checked += 1
        elif isinstance(d, Chance):
            with pytest.raises(Exception):  # noqa: B017
                state.apply(0)
            for bad in ("heads", None, 1, [0, 0], list(range(d.size + 1))):
                if not d.is_outcome(bad):
                    with pytest.raises(Exception):  # noqa: B017
                        state.resolve(bad)
            assert state.digest() == before
        else:
            with pytest.raises(Exception):  # noqa: B017
                state.apply(0)  # nothing to answer once over
            assert state.digest() == before
    assert checked > 5


@pytest.mark.parametrize(("key", "era"), cases())
def test_a_clone_is_equal_and_independent(key: str, era: str) -> None:
    rng = random.Random(9)
    clones = 0
    for state in sample_points(key, era, 5, every=23):
        before = state.digest()
        legal = list(state.legal_actions())
        c = state.clone()
        assert c is not state and c.digest() == before
        assert list(c.legal_actions()) == legal and c.pending == state.pending
        assert (c.over, c.winner, c.result) == (state.over, state.winner, state.result)
        # Play the clone on a while: the original does not move.
        for _ in range(15):
            if c.over:
                break
            step(c, rng)
        assert state.digest() == before and list(state.legal_actions()) == legal
        clones += 1
    assert clones > 5


@pytest.mark.parametrize(("key", "era"), cases())
def test_a_position_round_trips_through_load(key: str, era: str) -> None:
    g: Game = games.game(key)
    loaded = 0
    for state in sample_points(key, era, 6, every=29):
        back = g.load(state.position())
        assert back.digest() == state.digest()
        assert back.position() == state.position()
        assert list(back.legal_actions()) == list(state.legal_actions())
        assert back.pending == state.pending
        loaded += 1
    assert loaded > 5


@pytest.mark.parametrize(("key", "era"), cases())
def test_chance_nodes_know_their_outcomes(key: str, era: str) -> None:
    rng = random.Random(2)
    kinds = set()
    for state in walk(key, era, 7):
        d = state.pending
        if not isinstance(d, Chance):
            if state.over:
                break
            continue
        kinds.add(d.kind)
        if d.kind == "coin":
            outcomes = list(d.outcomes())
            assert outcomes == [True, False] and d.outcome_count() == 2
            assert sum(d.probability(o) for o in outcomes) == 1.0
        elif d.kind == "draw":
            outcomes = list(d.outcomes())
            assert outcomes == list(range(d.size)) and d.outcome_count() == d.size >= 1
            assert sum(d.probability(o) for o in outcomes) == pytest.approx(1.0)
            assert d.probability(d.size) == 0.0 and d.probability(True) == 0.0
        else:
            assert d.outcome_count() > 1
            assert d.probability(list(range(d.size))) > 0
        assert d.probability("heads") == 0.0 and not d.is_outcome("heads")
        for _ in range(3):
            outcome = d.sample(rng)
            assert d.is_outcome(outcome) and d.probability(outcome) > 0
            c = state.clone()
            c.resolve(outcome)  # a sampled outcome is always accepted
    assert kinds == CHANCE_KINDS[key]


def test_chance_probabilities_without_listing_a_shuffle() -> None:
    coin = Chance("coin", 0, "test")
    assert [coin.probability(o) for o in coin.outcomes()] == [0.5, 0.5]
    small = Chance("shuffle", 0, "deck", 3)
    perms = list(small.outcomes())
    assert len(perms) == small.outcome_count() == 6 and len({tuple(p) for p in perms}) == 6
    assert sum(small.probability(p) for p in perms) == pytest.approx(1.0)
    big = Chance("shuffle", 0, "deck", 60)
    first = next(big.outcomes())  # lazy: 60! outcomes are never listed
    assert first == list(range(60)) and big.probability(first) > 0
    assert big.probability([*range(59), 0]) == 0.0
    # Sampling draws exactly one random() per card (replays depend on it).
    a, b = random.Random(5), random.Random(5)
    big.sample(a)
    for _ in range(60):
        b.random()
    assert a.random() == b.random()


@pytest.mark.parametrize(("key", "era"), cases())
def test_random_play_ends_and_the_same_seed_gives_the_same_digests(key: str,
                                                                    era: str) -> None:
    runs = [[s.digest() for s in walk(key, era, seed)] for seed in (8, 8, 9)]
    assert runs[0] == runs[1]
    assert runs[0] != runs[2]
    # (a whole setup and some turns: a Black & White game may end early, the starting
    # player attacking a lone Basic on the first turn)
    assert all(len(r) > 30 for r in runs)
