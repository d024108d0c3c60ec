"""Every scenario file under tests/engine/scenarios, one test each."""

from __future__ import annotations

import re

import pytest

from handheld.engine.carddefs import POKEMON, CardDef
from handheld.engine.effects.core import Step
from handheld.engine.effects.steps import Flip, FlipUntilTails, walk_steps

from .fixtures import scenario_pool
from .scenario import load_scenarios, run_scenario

SCENARIOS = load_scenarios()


@pytest.mark.parametrize("scenario", [s for _, s in SCENARIOS], ids=[n for n, _ in SCENARIOS])
def test_scenario(scenario: dict) -> None:
    run_scenario(scenario_pool(), scenario)


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 40


def _all_reprints() -> dict[str, str]:
    """Reprint -> the printing whose script it shares: Expedition's holo twins and the
    reprints across sets (``sets.reprints``)."""
    from handheld.engine.sets.expedition import REPRINTS
    from handheld.engine.sets.reprints import REPRINTS as ACROSS

    return {**REPRINTS, **ACROSS}


def _twins(card_id: str) -> set[str]:
    """A card and every printing that shares its script (a scenario of one pins all)."""
    pairs = _all_reprints()
    first = pairs.get(card_id, card_id)
    return {first} | {c for c, t in pairs.items() if t == first}


def _features(d: CardDef) -> list[tuple[str, tuple[Step, ...]]]:
    """Each attack and Power of a card (or a Trainer's play) with its steps."""
    if d.kind == POKEMON:
        return [(a.name, a.steps) for a in d.attacks] + [(p.name, p.steps) for p in d.powers]
    if d.tm_attacks:
        return [(a.name, a.steps) for a in d.tm_attacks]
    return [(d.name, d.play_steps)]


def _coins(sc: dict) -> str:
    return "".join(str(c).upper()[:1] for step in sc.get("steps", []) if "coins" in step
                   for c in (step["coins"] if isinstance(step["coins"], list)
                             else [step["coins"]]))


def coverage_gaps(set_slug: str, only: set[str] | None = None) -> list[str]:
    """What the scenarios miss for a set's cards (basic Energy aside; ``only``: these ids):
    each attack, Power and Trainer must be named by a scenario whose position holds the
    card (or its reprint twin), and every effect that flips coins needs a scenario with
    heads and one with tails. A card with no script is a gap too."""
    from handheld.assets import load_set

    pool = scenario_pool()
    missing = []
    for card in load_set(set_slug)["cards"]:
        d = pool.get(card["id"])
        if d.basic_energy or (only is not None and d.id not in only):
            continue
        if not d.implemented:
            missing.append(f"{d.id} {d.name}: no script")
            continue
        ids = _twins(d.id)
        holding = [(n.replace("é", "e"), s) for n, s in SCENARIOS
                   if any(re.search(rf"\b{re.escape(i)}\b", repr(s["position"])) for i in ids)]
        if not holding:
            missing.append(f"{d.id} {d.name}: no scenario holds it")
            continue
        for feature, steps in _features(d):
            name = feature.replace("é", "e")
            named = [s for n, s in holding if name in n]
            if not named:
                missing.append(f"{d.id} {d.name}: {feature} has no scenario")
                continue
            if any(isinstance(x, (Flip, FlipUntilTails)) for x in walk_steps(steps)):
                flips = [_coins(s) for s in named]
                if not any("H" in c for c in flips) or not any("T" in c for c in flips):
                    missing.append(f"{d.id} {d.name}: {feature} lacks a heads or a tails case")
    return missing


@pytest.mark.parametrize("set_slug", ["expedition", "platinum", "rising_rivals", "black_white",
                                      "next_destinies", "dark_explorers", "dragons_exalted",
                                      "heartgold_soulsilver", "call_of_legends"])
def test_every_card_has_scenarios_for_each_attack_power_and_coin(set_slug: str) -> None:
    """Every card of the played sets (Expedition's 165, Platinum's 133, Rising Rivals' 120,
    the Black & White era's 115, 100, 111 and 128, and HeartGold & SoulSilver's 124 and
    Call of Legends' 106) is scripted and pinned by scenarios (see :func:`coverage_gaps`)."""
    missing = coverage_gaps(set_slug)
    assert not missing, "\n".join(missing)


def test_reprints_share_their_twins_facts_and_effects() -> None:
    from handheld.engine.sets import SCRIPTS

    pool = scenario_pool()
    for card, twin in _all_reprints().items():
        a, b = pool.get(card), pool.get(twin)
        if not b.implemented:
            continue  # (the coverage test reports a first printing with no script)
        assert SCRIPTS[card] is SCRIPTS[twin]
        assert (a.name, a.hp, a.types, a.retreat, a.weakness, a.resistance) == \
            (b.name, b.hp, b.types, b.retreat, b.weakness, b.resistance)
        assert [(x.name, x.cost, x.damage) for x in a.attacks] == \
            [(x.name, x.cost, x.damage) for x in b.attacks]
        assert [p.name for p in a.powers] == [p.name for p in b.powers]
