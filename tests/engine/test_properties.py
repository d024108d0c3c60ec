"""Invariants that must hold in every game (Hypothesis picks the seeds and the choices)."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handheld.cards import load_deck
from handheld.engine import Chance, Match
from handheld.players import RandomPlayer, chance_outcome, play_match, replay

from .fixtures import evolution_line, scenario_pool

DECKS = (load_deck("blazing_quake"), load_deck("tidal_mind"))
SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def zones_of(m: Match) -> Counter[int]:
    """How many times each card instance appears across every zone of the match."""
    seen: Counter[int] = Counter()
    for p in m.players:
        for zone in (p.deck, p.hand, p.discard, p.prizes, p.resolving, p.supporter):
            seen.update(zone)
        for slot in p.in_play():
            seen.update(slot.attached())
    if m.stadium >= 0:
        seen[m.stadium] += 1
    return seen


def check_invariants(m: Match) -> None:
    seen = zones_of(m)
    assert set(seen) == set(range(len(m.defs))), "a card left the game or appeared from nowhere"
    assert all(n == 1 for n in seen.values()), f"a card is in two zones: {seen.most_common(2)}"
    for p in m.players:
        assert len(p.bench) <= m.rules.bench_size
        for slot in p.in_play():
            assert slot.top == slot.cards[-1]
            assert slot.tool < 0 or m.defs[slot.tool].trainer_kind == "tool"
            assert all(m.defs[c].kind == 2 for c in slot.energy)
            assert all(m.owner[c] == p.index for c in slot.attached())
        if not m.over and m.turn >= 1 and m.choice is not None and m.choice.kind == "main":
            assert p.active is not None or p.index != m.current


def walk_game(seed: int, every: int, on_choice: object) -> Match:
    """Play a random game, calling ``on_choice(m)`` at every ``every``-th decision."""
    rng = random.Random(seed)
    player = RandomPlayer(seed + 1)
    m = Match(scenario_pool(), DECKS, record_log=False)
    n = 0
    while not m.over:
        d = m.pending
        if isinstance(d, Chance):
            m.resolve(chance_outcome(d, rng))
            continue
        if n % every == 0:
            on_choice(m)  # type: ignore[operator]
        m.apply(player.choose(m, d))
        n += 1
        assert n < 20_000
    return m


@SETTINGS
@given(seed=st.integers(0, 2**31))
def test_every_card_is_in_exactly_one_zone(seed: int) -> None:
    m = walk_game(seed, 1, check_invariants)
    check_invariants(m)


@SETTINGS
@given(seed=st.integers(0, 2**31))
def test_positions_round_trip_exactly(seed: int) -> None:
    pool = scenario_pool()

    def round_trip(m: Match) -> None:
        pos = m.position()
        text = json.dumps(pos)
        again = Match.from_position(pool, json.loads(text))
        assert again.position() == pos
        assert [again.describe(o) for o in again.choice.options] == \
            [m.describe(o) for o in m.choice.options]

    walk_game(seed, 7, round_trip)


@SETTINGS
@given(seed=st.integers(0, 2**31))
def test_no_illegal_action_is_ever_listed(seed: int) -> None:
    """Every listed answer can be applied (to a copy made through a position) and leaves a
    consistent match."""
    pool = scenario_pool()

    def try_all(m: Match) -> None:
        pos = m.position()
        for action in m.legal_actions()[:40]:
            copy = Match.from_position(pool, pos, record_log=False)
            copy.apply(list(action))
            check_invariants(copy)

    walk_game(seed, 11, try_all)


@SETTINGS
@given(seed=st.integers(0, 2**31), player_seed=st.integers(0, 2**31))
def test_same_seed_and_answers_give_the_same_match(seed: int, player_seed: int) -> None:
    pool = scenario_pool()
    players = [RandomPlayer(player_seed), RandomPlayer(player_seed + 1)]
    m, record = play_match(pool, DECKS, players, seed, record_log=True, record_answers=True)
    again = replay(pool, record)
    assert again.position() == m.position()
    assert again.log == m.log
    assert again.winner == record.winner


def test_different_seeds_give_different_matches() -> None:
    pool = scenario_pool()
    logs = set()
    for seed in range(5):
        players = [RandomPlayer(1), RandomPlayer(2)]
        m, _ = play_match(pool, DECKS, players, seed, record_log=True)
        logs.add(repr(m.log[:40]))
    assert len(logs) == 5


def test_attack_options_match_the_full_energy_check() -> None:
    """The main phase's quick cost check agrees with the full matcher, also when an Energy
    provides every type (a rainbow unit must pay a coloured cost)."""
    from handheld.engine import CardPool, EnergyScript
    from handheld.engine.energy import can_pay
    from handheld.engine.ops import energy_units

    pool = CardPool()
    from handheld.assets import load_set
    from handheld.engine.sets import SCRIPTS

    for card in load_set("expedition")["cards"]:
        pool.add(card, SCRIPTS.get(card["id"]))
    pool.add({"id": "test-9", "number": "9", "name": "Prism Test Energy", "supertype": "energy",
              "subtypes": ["special"], "provides": [["G", "R", "W", "L", "P", "F", "D", "M"]],
              "rarity": "", "artist": "", "reprint_of": None}, EnergyScript())
    pos = {"turn": 5, "players": [
        {"active": {"cards": ["ecard1-86"], "energy": ["test-9", "ecard1-165"]},
         "deck": ["ecard1-165"] * 5, "prizes": ["ecard1-165"] * 6},
        {"active": {"cards": ["ecard1-20"]}, "deck": ["ecard1-165"] * 5,
         "prizes": ["ecard1-165"] * 6}]}
    m = Match.from_position(pool, pos)
    offered = {m.describe(o) for o in m.choice.options}
    units = energy_units(m, m.players[0].active)
    for a in pool.get("ecard1-86").attacks:   # Flaming Punch [R][C]: the prism pays [R]
        label = f"Attack: {a.name} {a.damage}"
        assert (label in offered) == can_pay(units, a.cost), label
    assert "Attack: Flaming Punch 10" in offered


_BASIC_AND_SPECIAL_ENERGY = [f"ecard1-{n}" for n in range(158, 166)]


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_every_attack_is_offered_exactly_when_its_cost_is_paid(data: st.DataObject) -> None:
    """For any Expedition Pokémon and any Energy attached, the main phase offers an attack
    exactly when the full matcher says the Energy pays for it (one-colour and mixed costs,
    Darkness and Metal Energy, Bodies that change Energy types)."""
    from handheld.assets import load_set
    from handheld.engine.energy import can_pay
    from handheld.engine.ops import energy_units

    pool = scenario_pool()
    attackers = [c["id"] for c in load_set("expedition")["cards"]
                 if c["supertype"] == "pokemon" and c["attacks"]
                 and not pool.get(c["id"]).copies_attacks]
    card = data.draw(st.sampled_from(attackers))
    # (At most 4 of a Special Energy: the deck rules, which positions keep.)
    energy = data.draw(st.lists(st.sampled_from(_BASIC_AND_SPECIAL_ENERGY), max_size=5)
                       .filter(lambda cards: all(cards.count(c) <= 4
                                                 for c in ("ecard1-158", "ecard1-159"))))
    pos = {"turn": 5, "players": [
        {"active": {"cards": evolution_line(pool, card), "energy": energy},
         "deck": ["ecard1-165"] * 5, "prizes": ["ecard1-165"] * 6},
        {"active": {"cards": ["ecard1-72"]}, "deck": ["ecard1-165"] * 5,
         "prizes": ["ecard1-165"] * 6}]}
    m = Match.from_position(pool, pos)
    offered = {(o[1], o[2]) for o in m.choice.options if o[0] == "attack"}
    active = m.players[0].active
    units = energy_units(m, active)
    for i, a in enumerate(m.defs[active.top].attacks):
        assert ((active.top, i) in offered) == can_pay(units, a.cost), (card, energy, a.name)


_ENERGY_OF = {"F": "ecard1-160", "R": "ecard1-161", "G": "ecard1-162", "L": "ecard1-163",
              "P": "ecard1-164", "W": "ecard1-165", "D": "ecard1-158", "M": "ecard1-159"}


def test_every_attack_of_the_set_is_offered_with_its_exact_cost() -> None:
    """Each attack of each Expedition Pokémon: offered with exactly its cost attached (the
    coloured symbols by matching Energy, [C] by Grass or Fire), and offered or not exactly
    as the full matcher says when one coloured Energy is swapped for another type."""
    from handheld.assets import load_set
    from handheld.engine.energy import can_pay
    from handheld.engine.ops import energy_units

    pool = scenario_pool()
    for card in load_set("expedition")["cards"]:
        if card["supertype"] != "pokemon" or pool.get(card["id"]).copies_attacks:
            continue
        for i, a in enumerate(pool.get(card["id"]).attacks):
            filler = "ecard1-161" if "G" in a.cost else "ecard1-162"
            exact = [_ENERGY_OF[c] if c != "C" else filler for c in a.cost]
            swapped = list(exact)
            for j, c in enumerate(a.cost):
                if c != "C":
                    swapped[j] = filler
                    break
            for energy in (exact, swapped):
                pos = {"turn": 5, "players": [
                    {"active": {"cards": evolution_line(pool, card["id"]), "energy": energy},
                     "deck": ["ecard1-165"] * 5, "prizes": ["ecard1-165"] * 6},
                    {"active": {"cards": ["ecard1-72"]}, "deck": ["ecard1-165"] * 5,
                     "prizes": ["ecard1-165"] * 6}]}
                m = Match.from_position(pool, pos)
                active = m.players[0].active
                offered = (m.choice.options and
                           ("attack", active.top, i) in m.choice.options)
                expected = can_pay(energy_units(m, active), a.cost)
                assert offered == expected, (card["id"], a.name, energy)
                if energy is exact:
                    assert expected, (card["id"], a.name, "its own cost must pay")


def test_the_main_phase_offers_exactly_the_usable_powers() -> None:
    """The inlined Power check of the main phase agrees with ``power_usable`` in every main
    phase of a few random games with the Power-rich decks of the whole set."""
    from handheld.cards import DECK_SETS
    from handheld.engine.actions import POWER, power_usable
    from handheld.players import RandomPlayer

    pool = scenario_pool()
    names = DECK_SETS["expedition"]
    checked = 0
    for seed in range(12):
        decks = [load_deck(names[seed % len(names)]), load_deck(names[(seed * 5 + 1) % 9])]
        m = Match(pool, decks, record_log=False)
        rng = random.Random(seed)
        player = RandomPlayer(seed)
        while not m.over:
            d = m.pending
            if isinstance(d, Chance):
                m.resolve(chance_outcome(d, rng))
                continue
            if d.kind == "main":
                p = m.players[m.current]
                expected = {(s.id, i) for s in p.in_play()
                            for i in m.defs[s.top].power_choices if power_usable(m, s, i)}
                offered = {(o[1], o[2]) for o in d.options if o[0] == POWER}
                assert offered == expected
                checked += bool(expected)
            m.apply(player.choose(m, d))
    assert checked > 50
