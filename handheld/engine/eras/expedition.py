"""Expedition (2002, rulebook seed 002): the home era, the one the engine plays.

Its procedures are the programs of :mod:`handheld.engine.rules` (and the retreat program
of :mod:`handheld.engine.retreat`), which read their numbers and switches from the
Ruleset; this module names them as the era's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from .. import rules as R
from ..retreat import RETREAT_PROGRAM
from ..ruleset import EXPEDITION
from .base import BABY, Era

if TYPE_CHECKING:
    from ..carddefs import AttackDef
    from ..effects.core import Step


class Expedition(Era):
    key = "expedition"
    name = "Expedition"
    ruleset = EXPEDITION
    sets: ClassVar[Mapping[str, str]] = {
        "expedition": "ecard1", "aquapolis": "ecard2", "skyridge": "ecard3"}
    playable = True
    pokemon_kinds = frozenset({BABY})

    @property
    def game_program(self) -> tuple[Any, ...]:
        return R.GAME_PROGRAM

    @property
    def knockouts_program(self) -> tuple[Any, ...]:
        return R.KNOCKOUTS

    @property
    def retreat_program(self) -> tuple[Any, ...]:
        return RETREAT_PROGRAM

    def compile_attack(self, attack: AttackDef, steps: tuple[Step, ...]) -> tuple[Any, ...]:
        return R.compile_attack(attack, steps)


ERA = Expedition()
