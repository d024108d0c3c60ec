"""Rising Rivals: effect scripts of the Pokémon LV.X pl2-103 to pl2-111.

Levelling up itself is a rule (a main-phase move, ``actions.py``; Appendix A of seed 001);
a LV.X card's page gets its rule line from the era (``Era.lv_x_rule``). A Poké-Power that
works "when you put this card from your hand onto ..." is ``Power(on_level_up=True)``: the
level-up move offers it at once (``actions.level_up_triggers``), never the main phase."""

from __future__ import annotations

from ...cardpool import PokemonScript, Power, Script
from ...effects.library import MillWhileActive, RescueKnockedOut
from ...effects.steps import (
    DAMAGED_SP,
    DEFENDER,
    ENERGY_CARD,
    LV_X_POKEMON,
    SELF,
    SP_POKEMON,
    WITH_TRAINER,
    BenchDamage,
    ChooseCards,
    ChoosePokemon,
    ChooseYesNo,
    Const,
    Damage,
    DamageChosen,
    DamageCountersOn,
    DamageTo,
    DiscardEnergy,
    DrawUntilHand,
    HandBelow,
    HandSize,
    Heal,
    If,
    Inflict,
    MoveCards,
    MoveCounters,
    PlayerHas,
    Plus,
    PutCounters,
    PutCountersOnEach,
    ReturnAttachedTrainer,
    ShuffleDeck,
    ShuffleInPlayIntoDecks,
    SlotIs,
    SwitchOpponentActive,
    TakeBackKnockedOut,
    Times,
    VarTrue,
    VarValue,
    Worded,
)
from ...ruleset import ASLEEP
from ..shapes import opponent_switches

SCRIPTS: dict[str, Script] = {
    "pl2-103": PokemonScript(                                  # Alakazam 4 LV.X
        powers={"Damage Switch": Power(
            uses_per_turn=None,
            requires=(PlayerHas("own", "sp_counter_to_move"),),
            steps=(ChoosePokemon("a", "own", filt=DAMAGED_SP,
                                 wording="Choose 1 of your Pokémon SP with damage counters "
                                         "and another of your Pokémon SP."),
                   ChoosePokemon("b", "own", filt=SP_POKEMON, exclude="a", wording=""),
                   MoveCounters("a", "b", 1)))},
        attacks={"Mind Shock": [Damage(weakness=False, resistance=False)]},
    ),
    "pl2-106": PokemonScript(                                  # Gallade 4 LV.X
        powers={"Blade Storm": Power(works_under_conditions=True, on_level_up=True,
                                     steps=(PutCountersOnEach("opp", 1),))},
        attacks={"Aimed Cut": [Damage(Plus(40, 10, DamageCountersOn(DEFENDER)))]},
    ),
    "pl2-107": PokemonScript(                                  # Hippowdon LV.X
        powers={"Sand Reset": Power(works_under_conditions=True,
            once_per_game=True,
            steps=(ShuffleInPlayIntoDecks(), ShuffleDeck("own", wording="Both players "
                                                          "shuffle their decks."),
                   ShuffleDeck("opp", wording="")))},
        attacks={"Double Shoot": [
            DiscardEnergy(SELF, 2, "F"),
            ChoosePokemon("b", "opp", "bench", count=2, pre=True),
            BenchDamage(40, var="b")]},
    ),
    "pl2-108": PokemonScript(                                  # Infernape 4 LV.X
        powers={"Intimidating Roar": Power(requires=(PlayerHas("opp", "bench"),),
                                           steps=tuple(opponent_switches()))},
        attacks={"Fire Spin": [DiscardEnergy(SELF, 2)]},
    ),
    "pl2-109": PokemonScript(                                  # Luxray GL LV.X
        powers={"Bright Look": Power(works_under_conditions=True,
            on_level_up=True, requires=(PlayerHas("opp", "bench"),),
            steps=(ChoosePokemon("o", "opp", "bench",
                                 wording="switch in one of your opponent's Benched Pokémon "
                                         "(you pick which) for their Active Pokémon."),
                   SwitchOpponentActive("o", wording="")))},
        attacks={"Flash Impact": [
            ChoosePokemon("t", "own", pre=True, wording="Choose 1 of your Pokémon."),
            DamageTo("t", 30)]},
    ),
    "pl2-110": PokemonScript(                                  # Mismagius GL LV.X
        powers={"Magical Return": Power(
            uses_per_turn=None,
            requires=(PlayerHas("own", "trainer_attached"),),
            steps=(ChoosePokemon("t", "own", filt=WITH_TRAINER),
                   ReturnAttachedTrainer("t")))},
        attacks={"Darkness Magic": [
            Worded(PutCounters(DEFENDER, HandSize(cap=8)),
                   "The Defending Pokémon gets 1 damage counter per card in your hand "
                   "(8 counters at most).")]},
    ),
    "pl2-111": PokemonScript(                                  # Snorlax LV.X
        powers={"Big Appetite": Power(
            requires=(SlotIs(SELF, "active"), HandBelow(6), PlayerHas("own", "deck")),
            steps=(DrawUntilHand(6),
                   If(VarTrue("drawn", "you drew any"), Inflict(SELF, ASLEEP))))},
        attacks={"Exercise": [
            Worded(ChooseCards("e", "hand", ENERGY_CARD, count=60, up_to=True),
                   "Discard Energy cards from your hand, as many as you like (or none)."),
            Worded(MoveCards("e", "discard"), ""),
            Worded(Heal(SELF, VarValue("e", "that many", guess=1.0)),
                   "Then take that many damage counters off this Pokémon.")]},
    ),
    "pl2-105": PokemonScript(                                  # Flygon LV.X
        powers={"Wind Erosion": Power(passives=(MillWhileActive(),))},
        attacks={"Extreme Attack": [
            ChoosePokemon("t", "opp", filt=LV_X_POKEMON, pre=True),
            Worded(DamageChosen("t", Const(150)),
                   "It takes 150 damage (no Weakness or Resistance on the "
                   "Bench).")]},
    ),
    "pl2-104": PokemonScript(                                  # Floatzel GL LV.X
        powers={"Water Rescue": Power(
            passives=(RescueKnockedOut("W", "Floatzel"),),
            # (its program, started by the passive as the Knock Out happens)
            steps=(ChooseYesNo("use", "Water Rescue: put the Knocked Out Pokémon and its "
                                      "cards into your hand?"),
                   If(VarTrue("use"), [TakeBackKnockedOut()])))},
        attacks={"Energy Cyclone": [
            Worded(ChooseCards("e", "hand", ENERGY_CARD, count=60, up_to=True),
                   "Choose any number of Energy cards from your hand and show them to your "
                   "opponent."),
            Damage(Times(20, VarValue("e", "Energy card chosen", guess=1.5))),
            Worded(MoveCards("e", "deck", reveal=True), "Put those cards on top of your deck,"),
            Worded(ShuffleDeck(), "then shuffle your deck.")]},
    ),
}
