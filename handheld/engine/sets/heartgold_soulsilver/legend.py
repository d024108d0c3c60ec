"""HeartGold & SoulSilver (hgss1): effect scripts of the Pokémon LEGEND, hgss1-111 to
hgss1-114.

A Pokémon LEGEND is two cards benched together from the hand as one Pokémon (the rulebook's
glossary, seed 000). The half that prints the HP lies beneath; the half that prints the
attacks, the Power, Weakness, Resistance and Retreat Cost lies on top and carries the
scripts. The half beneath has nothing to script, so its script is empty: it is implemented
and plays only with its other half (docs/ENGINE.md)."""

from __future__ import annotations

from ...cardpool import PokemonScript, Power, Script
from ...effects.library import AllEnergyAs
from ...effects.steps import (
    SELF,
    BenchedFromHand,
    ChooseYesNo,
    DiscardEnergy,
    If,
    MillAndAttachEnergy,
    VarTrue,
    Worded,
)

SCRIPTS: dict[str, Script] = {
    "hgss1-111": PokemonScript(),  # Ho-Oh LEGEND, the half beneath
    "hgss1-112": PokemonScript(  # Ho-Oh LEGEND, the half on top
        powers={"Sacred Rainbow": Power(passives=(AllEnergyAs("R"),))},
        attacks={"Bright Wing": [DiscardEnergy(SELF, 1)]},
    ),
    "hgss1-113": PokemonScript(),  # Lugia LEGEND, the half beneath
    "hgss1-114": PokemonScript(  # Lugia LEGEND, the half on top
        powers={"Ocean Grow": Power(
            requires=(BenchedFromHand(),),
            steps=(Worded(ChooseYesNo("og", "Look at 5 cards from the top of your deck?"), ""),
                   Worded(If(VarTrue("og"), MillAndAttachEnergy(5)),
                          "You may look at 5 cards from the top of your deck. Attach each Energy "
                          "card among them to this Pokémon and discard the other cards.")))},
        attacks={"Elemental Blast": [DiscardEnergy(SELF, 1, "R"), DiscardEnergy(SELF, 1, "W"),
                                     DiscardEnergy(SELF, 1, "L")]},
    ),
}
