"""Platinum: effect scripts of the Pokémon LV.X pl1-122 to pl1-127, Level Max pl1-107 and
Memory Berry pl1-110.

Levelling up itself is a rule (a main-phase move, ``actions.py``; Appendix A of seed 001):
a LV.X card's page gets its rule line from the era (``Era.lv_x_rule``). Level Max searches
the deck with the same test the main phase uses (``ops.levels_up_onto``); Memory Berry
lends attacks through the same card-stack layer that gives a LV.X its earlier level's
attacks (``facts.stack_facts``)."""

from __future__ import annotations

from ...cardpool import Script, TrainerScript
from ...effects.passives import AttacksFromBelow
from ...effects.steps import (
    HEADS,
    ActiveMayLevelUp,
    ChooseLevelUp,
    Flip,
    If,
    LevelUpWith,
    ShuffleDeck,
)

SCRIPTS: dict[str, Script] = {
    "pl1-107": TrainerScript(                                  # Level Max
        requires=(ActiveMayLevelUp(),),
        steps=[Flip(), If(HEADS, [ChooseLevelUp("x"), LevelUpWith("x"), ShuffleDeck()])]),
    "pl1-110": TrainerScript(passives=(AttacksFromBelow(),)),  # Memory Berry
}
