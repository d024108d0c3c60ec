"""HeartGold & SoulSilver (hgss1): effect scripts of the Trainers and Special Energy,
hgss1-89 to hgss1-104, and Alph Lithograph hgss1-ONE (basic Energy needs none).

Copycat, Energy Switch, Full Heal, Poké Ball, Pokémon Communication, Professor Elm's
Training Method, Switch and Double Colorless Energy play an earlier printing's script
(sets/reprints.py)."""

from __future__ import annotations

from ...cardpool import EnergyScript, Script, TrainerScript
from ...effects.library import EveryTypeInPlay
from ...effects.steps import (
    BASIC_ENERGY,
    BASIC_POKEMON,
    DAMAGED,
    HEADS_COUNT,
    SELF,
    SUPPORTER_CARD,
    ChooseCards,
    ChoosePokemon,
    Draw,
    Flip,
    Heal,
    MoveCards,
    PlayerHas,
    PutCounters,
    Scaled,
    ShowHand,
    ShuffleDeck,
    ShuffleHandIntoDeck,
    SwitchOpponentActive,
    Worded,
)
from ..shapes import on_heads, search_to_hand

TRAINERS: dict[str, TrainerScript] = {
    "hgss1-89": TrainerScript(  # Bill
        requires=(PlayerHas("own", "deck"),),
        steps=[Draw(2)]),
    "hgss1-92": TrainerScript(  # Fisherman
        requires=(PlayerHas("own", "basic_energy_discard"),),
        steps=[ChooseCards("e", "discard", BASIC_ENERGY, count=4),
               MoveCards("e", "hand", reveal=True,
                         wording="Let your opponent see them, then add them to your hand.")]),
    "hgss1-94": TrainerScript(  # Moomoo Milk
        requires=(PlayerHas("own", "damaged"),),
        steps=[ChoosePokemon("t", "own", filt=DAMAGED), Flip(2),
               Heal("t", Scaled(3, HEADS_COUNT, "damage counters"))]),
    "hgss1-96": TrainerScript(  # Pokégear3.0
        requires=(PlayerHas("own", "deck"),),
        steps=[ChooseCards("c", "deck", SUPPORTER_CARD, top=7),
               MoveCards("c", "hand", reveal=True),
               ShuffleDeck(wording="Shuffle the rest into your deck.")]),
    "hgss1-97": TrainerScript(  # Pokémon Collector
        requires=(PlayerHas("own", "deck"),),
        steps=search_to_hand(BASIC_POKEMON, 3)),
    "hgss1-99": TrainerScript(  # Pokémon Reversal
        requires=(PlayerHas("opp", "bench"),),
        steps=on_heads(ChoosePokemon("t", "opp", "bench"), SwitchOpponentActive("t"))),
    "hgss1-101": TrainerScript(steps=[  # Professor Oak's New Theory (col1-83 shares it)
        ShuffleHandIntoDeck(), ShuffleDeck(wording=""), Draw(6)]),
    "hgss1-ONE": TrainerScript(  # Alph Lithograph
        requires=(PlayerHas("opp", "hand"),),
        steps=[Worded(ShowHand("opp"), "Your opponent shows you their hand.")]),
}

ENERGY: dict[str, EnergyScript] = {
    # Not Platinum's: the printed [C] is what it counts as anywhere but in play.
    "hgss1-104": EnergyScript(  # Rainbow Energy
        passives=(EveryTypeInPlay(),),
        on_attach=(Worded(PutCounters(SELF, 1), "Place 1 damage counter on that Pokémon."),)),
}

SCRIPTS: dict[str, Script] = {**TRAINERS, **ENERGY}
