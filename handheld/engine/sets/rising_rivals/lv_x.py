"""Rising Rivals: effect scripts of the Pokémon LV.X pl2-103 to pl2-111.

Levelling up itself is a rule (a main-phase move, ``actions.py``; Appendix A of seed 001);
a LV.X card's page gets its rule line from the era (``Era.lv_x_rule``)."""

from __future__ import annotations

from ...cardpool import PokemonScript, Power, Script
from ...effects.steps import SELF, DiscardEnergy, PlayerHas
from ..shapes import opponent_switches

SCRIPTS: dict[str, Script] = {
    "pl2-108": PokemonScript(                                  # Infernape 4 LV.X
        powers={"Intimidating Roar": Power(requires=(PlayerHas("opp", "bench"),),
                                           steps=tuple(opponent_switches()))},
        attacks={"Fire Spin": [DiscardEnergy(SELF, 2, pre=True)]},
    ),
}
