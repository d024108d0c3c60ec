"""Expedition (2002, rulebook seed 002): the home era, the one the engine plays.

Its procedures are the 2002 rulebook's, which are :class:`Era`'s default sections (the
instructions of :mod:`handheld.engine.rules` and :mod:`handheld.engine.retreat`, which read
their numbers and switches from the Ruleset): it overrides none of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..ruleset import EXPEDITION
from .base import BABY, Era


class Expedition(Era):
    key = "expedition"
    name = "Expedition"
    ruleset = EXPEDITION
    sets: ClassVar[Mapping[str, str]] = {
        "expedition": "ecard1", "aquapolis": "ecard2", "skyridge": "ecard3"}
    source_set_ids = range(171, 174)
    playable = True
    pokemon_kinds = frozenset({BABY})


ERA = Expedition()
