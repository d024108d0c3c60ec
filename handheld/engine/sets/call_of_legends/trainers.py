"""Call of Legends (col1): effect scripts of the Trainers and Special Energy, col1-76 to
col1-87, and the shiny Legendary Pokémon col1-SL1 to col1-SL11 (basic Energy needs none).

Copycat, Professor Elm's Training Method, Professor Oak's New Theory, Darkness Energy,
Metal Energy and the shiny Deoxys, Dialga, Groudon, Ho-Oh, Kyogre, Lugia, Palkia and
Rayquaza play an earlier printing's script (sets/reprints.py)."""

from __future__ import annotations

from ...cardpool import PokemonScript, Power, Script, TrainerScript
from ...effects.library import RetreatLessPerEnergy
from ...effects.steps import (
    ANY_CARD,
    BASIC_POKEMON,
    ENERGY_CARD,
    HEADS,
    HEADS_COUNT,
    ChooseCards,
    ChoosePokemon,
    ChooseSpecialEnergyInPlay,
    DamageEach,
    DamageTo,
    DiscardRestOfTop,
    DiscardTopOfDeck,
    Draw,
    Flip,
    If,
    LoseChosenEnergy,
    LostZonePokemon,
    MoveCards,
    OpponentMayDraw,
    PlayerHas,
    ShuffleDeck,
    TopOrBottom,
    WinGame,
    Worded,
)
from ..shapes import search_to_hand

TRAINERS: dict[str, TrainerScript] = {
    "col1-76": TrainerScript(  # Cheerleader's Cheer
        requires=(PlayerHas("own", "deck"),),
        steps=[Draw(3), OpponentMayDraw(1)]),
    "col1-78": TrainerScript(  # Dual Ball
        requires=(PlayerHas("own", "deck"),),
        steps=[Flip(2), Worded(
            If(HEADS, search_to_hand(BASIC_POKEMON, HEADS_COUNT)),
            "Search your deck for 1 Basic Pokémon card for each heads, reveal them to your "
            "opponent and add them to your hand, then shuffle your deck (nothing happens on "
            "2 tails).")]),
    "col1-79": TrainerScript(  # Interviewer's Questions
        requires=(PlayerHas("own", "deck"),),
        steps=[Worded(ChooseCards("e", "deck", ENERGY_CARD, count=8, up_to=True, top=8),
                      "Look at 8 cards from the top of your deck and choose any number of the "
                      "Energy cards among them."),
               MoveCards("e", "hand", reveal=True,
                         wording="Let your opponent see them, then add them to your hand."),
               ShuffleDeck(wording="Shuffle the rest back into your deck.")]),
    "col1-80": TrainerScript(  # Lost Remover
        requires=(PlayerHas("opp", "special_energy_in_play"),),
        steps=[ChooseSpecialEnergyInPlay("e", "opp"), LoseChosenEnergy("e")]),
    # A Stadium each player may use in his or her own turn: the one who finds 6 or more
    # Pokémon in the opponent's Lost Zone may choose to win at once.
    "col1-81": TrainerScript(  # Lost World
        use_requires=(LostZonePokemon("opp", 6),),
        use=(WinGame("lost_world"),)),
    "col1-84": TrainerScript(  # Research Record
        requires=(PlayerHas("own", "deck"),),
        steps=[TopOrBottom(4)]),
    "col1-85": TrainerScript(  # Sage's Training
        requires=(PlayerHas("own", "deck"),),
        steps=[ChooseCards("c", "deck", ANY_CARD, count=2, up_to=False, top=5),
               MoveCards("c", "hand", wording="Put them into your hand."),
               DiscardRestOfTop(5, "c")]),
}

POKEMON: dict[str, PokemonScript] = {
    "col1-SL3": PokemonScript(  # Entei
        powers={"Extreme Speed": Power(passives=(RetreatLessPerEnergy("R"),))},
        attacks={"Wild Blaze": [DiscardTopOfDeck(3)]}),
    "col1-SL9": PokemonScript(  # Raikou
        powers={"Extreme Speed": Power(passives=(RetreatLessPerEnergy("L"),))},
        attacks={"Raging Thunder": [
            ChoosePokemon("mine", "own", pre=True, wording="Choose 1 of your Pokémon."),
            DamageTo("mine", 20)]}),
    "col1-SL11": PokemonScript(  # Suicune
        powers={"Extreme Speed": Power(passives=(RetreatLessPerEnergy("W"),))},
        attacks={"Tsunami": [DamageEach(20, "opp")]}),
}

SCRIPTS: dict[str, Script] = {**TRAINERS, **POKEMON}
