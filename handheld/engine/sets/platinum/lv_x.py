"""Platinum: effect scripts of the Pokémon LV.X pl1-122 to pl1-127, Level Max pl1-107 and
Memory Berry pl1-110.

Levelling up itself is a rule (a main-phase move, ``actions.py``; Appendix A of seed 001):
a LV.X card's page gets its rule line from the era (``Era.lv_x_rule``). Level Max searches
the deck with the same test the main phase uses (``ops.levels_up_onto``); Memory Berry
lends attacks through the same card-stack layer that gives a LV.X its earlier level's
attacks (``facts.stack_facts``)."""

from __future__ import annotations

from ...cardpool import PokemonScript, Power, Script, TrainerScript
from ...effects.library import AttackToll, HpForTypeOnce, NoBodiesButSP, RevengeBonus
from ...effects.passives import AttacksFromBelow
from ...effects.steps import (
    DEFENDER,
    HEADS,
    SELF,
    ActiveMayLevelUp,
    AnyOf,
    AttachEachToOwn,
    BenchDamage,
    ChooseCards,
    ChooseLevelUp,
    ChoosePokemon,
    CountIn,
    CountPokemon,
    Damage,
    DamageEach,
    DiscardEnergy,
    Flip,
    FlipUntilTails,
    If,
    Inflict,
    LevelUpWith,
    LoseAttachedEnergy,
    LoseBenchedExcept,
    LostIfKnockedOut,
    Mark,
    MoveEnergyFreely,
    Plus,
    PoisonCounters,
    ShuffleDeck,
    VarValue,
    Worded,
    basic_energy_of_type,
)
from ...ruleset import POISONED
from .part1 import choose_opponents_pokemon_for

# Lost Cyclone works where a player has 4 or more Benched Pokémon (else it does nothing).
_FOUR_BENCHED = AnyOf((CountIn(CountPokemon("own", "bench"), 4, None,
                               "you have 4 or more Benched Pokémon"),
                       CountIn(CountPokemon("opp", "bench"), 4, None,
                               "your opponent has 4 or more Benched Pokémon")))

SCRIPTS: dict[str, Script] = {
    "pl1-107": TrainerScript(                                  # Level Max
        requires=(ActiveMayLevelUp(),),
        steps=[Flip(), If(HEADS, [ChooseLevelUp("x"), LevelUpWith("x"), ShuffleDeck()])]),
    "pl1-110": TrainerScript(passives=(AttacksFromBelow(),)),  # Memory Berry
    "pl1-122": PokemonScript(                                  # Dialga G LV.X
        powers={"Time Crystal": Power(passives=(NoBodiesButSP(),))},
        attacks={"Remove Lost": [Damage(), FlipUntilTails(), LoseAttachedEnergy(DEFENDER)]},
    ),
    "pl1-125": PokemonScript(                                  # Palkia G LV.X
        powers={"Lost Cyclone": Power(requires=(_FOUR_BENCHED,), steps=(
            Worded(ChoosePokemon("keep", "own", "bench", count=3),
                   "Each player with 4 or more Benched Pokémon keeps 3 of them, chosen by "
                   "that player (you first); all the other Benched Pokémon, with every card "
                   "attached to them, go to the Lost Zone."),
            Worded(ChoosePokemon("kept", "opp", "bench", count=3, chooser="opp"), ""),
            Worded(LoseBenchedExcept("keep", "own"), ""),
            Worded(LoseBenchedExcept("kept", "opp"), "")))},
        attacks={"Hydro Shot": [DiscardEnergy(SELF, 2),
                                *choose_opponents_pokemon_for(80)]},
    ),
    "pl1-123": PokemonScript(                                  # Drapion LV.X
        powers={"Tri-Poison": Power(steps=(
            Flip(),
            If(HEADS, [Inflict(DEFENDER, POISONED), PoisonCounters(DEFENDER, 3)])))},
        attacks={"Sniping Tail": [
            Damage(),
            ChoosePokemon("b", "opp", "bench", pre=True),
            BenchDamage(40, var="b"),
            Mark(DEFENDER, "cant_retreat", 1, "is unable to retreat until your opponent's "
                                              "next turn is over"),
        ]},
    ),
    "pl1-124": PokemonScript(                                  # Giratina LV.X
        powers={"Invisible Tentacles": Power(passives=(AttackToll("Invisible Tentacles"),))},
        attacks={"Darkness Lost": [DamageEach(30), LostIfKnockedOut(each=True)]},
    ),
    "pl1-126": PokemonScript(                                  # Shaymin LV.X
        powers={"Thankfulness": Power(passives=(HpForTypeOnce(40, "G", "Shaymin"),))},
        attacks={"Seed Flare": [
            Worded(ChooseCards("e", "hand", basic_energy_of_type("G"), count=60, up_to=True),
                   "Choose any number of basic [G] Energy cards from your hand."),
            AttachEachToOwn("e"),
            Damage(Plus(40, 20, VarValue("e", "[G] Energy card attached this way")))]},
    ),
    "pl1-127": PokemonScript(                                  # Shaymin LV.X
        powers={"Revenge Seed": Power(passives=(RevengeBonus(60, "G"),))},
        attacks={"Energy Flare": [Damage(), MoveEnergyFreely()]},
    ),
}
