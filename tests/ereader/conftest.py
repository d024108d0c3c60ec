"""The e-Reader's models read the committed assets, loaded the way the app loads them."""

from __future__ import annotations

import pytest

from handheld.cards import default_pool
from handheld.engine.cardpool import CardPool


@pytest.fixture(scope="session")
def pool() -> CardPool:
    """Every card of every set, with the scripts written so far (the app's own pool)."""
    return default_pool()
