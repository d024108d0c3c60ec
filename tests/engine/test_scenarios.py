"""Every scenario file under tests/engine/scenarios, one test each."""

from __future__ import annotations

import pytest

from .fixtures import scenario_pool
from .scenario import load_scenarios, run_scenario

SCENARIOS = load_scenarios()


@pytest.mark.parametrize("scenario", [s for _, s in SCENARIOS], ids=[n for n, _ in SCENARIOS])
def test_scenario(scenario: dict) -> None:
    run_scenario(scenario_pool(), scenario)


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 40


def test_every_theme_deck_card_has_a_scenario() -> None:
    """Each card of the theme decks (basic Energy aside) appears in a scenario's position
    and is named by some scenario (accents aside)."""
    from handheld.cards import load_deck, theme_deck_names

    pool = scenario_pool()
    texts = [repr(s["position"]) for _, s in SCENARIOS]
    names = " ".join(n for n, _ in SCENARIOS).replace("é", "e")
    missing = []
    for deck in theme_deck_names():
        for card_id in set(load_deck(deck)):
            d = pool.get(card_id)
            if d.basic_energy:
                continue
            if not any(card_id in t for t in texts) or d.name.replace("é", "e") not in names:
                missing.append(f"{card_id} {d.name}")
    assert not missing, f"cards without a scenario: {sorted(missing)}"
