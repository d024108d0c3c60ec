"""Fixtures of the save-system tests: a fake clock and saves on a fresh file."""

from collections.abc import Iterator

import pytest

from firmware_sim.storage import SimStorage
from handheld.save import Saves, open_saves


class Ticks:
    """A clock for the saves: seconds, moving only when told (starts at 1000.0)."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture
def clock() -> Ticks:
    return Ticks()


@pytest.fixture
def storage(tmp_path) -> SimStorage:
    return SimStorage(tmp_path / "data")


@pytest.fixture
def saves(storage, clock) -> Iterator[Saves]:
    opened = open_saves(storage, now=clock)
    assert opened.problem is None
    yield opened.saves
    opened.saves.close()


@pytest.fixture
def pid(saves) -> int:
    return saves.create_profile("Ash").id
