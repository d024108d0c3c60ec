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
