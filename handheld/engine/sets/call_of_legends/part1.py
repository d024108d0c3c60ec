"""Call of Legends (col1): effect scripts of col1-1 to col1-32 (the holo rares and the
rares). Ten of them were printed first in HeartGold & SoulSilver with the same effect
(Clefable, Gyarados, Hitmontop, Ninetales, Slowking, Ampharos, Cleffa, Feraligatr,
Granbull, Meganium): they play those printings' scripts (``sets/reprints.py``)."""

from __future__ import annotations

from ...cardpool import PokemonScript, Power, Script
from ...effects.core import Step
from ...effects.library import (
    COSTS_CC_MORE,
    GUARD_FROM_POWERED,
)
from ...effects.steps import (
    DEFENDER,
    ENERGY_CARD,
    HEADS,
    HEADS_COUNT,
    POKEMON_CARD,
    SELF,
    TAILS,
    TRAINER_CARD,
    AnyPokemon,
    BenchedFromHand,
    CardsInLostZone,
    CardsInZone,
    ChooseCards,
    ChoosePokemon,
    ChoosePokemonUpTo,
    ChooseYesNo,
    ConditionCount,
    Const,
    CountPokemon,
    Damage,
    DamageChosen,
    DamageEach,
    DevolveEach,
    DiscardEnergy,
    DiscardTopCounting,
    DiscardTopOfDeck,
    EnergyCardsOn,
    EnergyUnitsOn,
    Flip,
    Heal,
    If,
    LoseAttachedEnergy,
    Mark,
    MillOpponent,
    MoveCards,
    MoveCountersToOpponent,
    OpponentDiscardsFromHand,
    PlayerHas,
    Plus,
    PlusIf,
    PokemonFilter,
    ShowHand,
    ShuffleDeck,
    ShuffleHandIntoDeck,
    SlotIs,
    SwitchOpponentActive,
    SwitchOwnActive,
    Times,
    UseOpponentSupporter,
    VarTrue,
    VarValue,
    Worded,
    energy_of_type,
    pokemon_of_type_in_play,
)
from ...facts import stack_facts
from ...ruleset import ASLEEP, CONFUSED
from ..shapes import coin_condition, condition, plus_on_heads, times_heads

P_ENERGY = energy_of_type("P")
L_ENERGY = energy_of_type("L")
# Forretress's Everyone Explode Now: the Pokémon of its own line.
PINECO_LINE = PokemonFilter("pineco_line", "that is a Pineco or Forretress",
                            lambda m, s: stack_facts(m, s).name in ("Pineco", "Forretress"))
# Jirachi's Time Hollow: "Stage 1 or Stage 2 Evolved Pokémon".
EVOLVED_STAGE = PokemonFilter("evolved_stage", "that is an Evolved Pokémon (Stage 1 or 2)",
                              lambda m, s: stack_facts(m, s).stage > 0 and len(s.cards) > 1)


def chosen_hit(amount: int) -> list[Step]:
    """Choose 1 of your opponent's Pokémon; the attack does ``amount`` to it."""
    return [ChoosePokemon("t", "opp", pre=True),
            Worded(DamageChosen("t", Const(amount)),
                   f"That Pokémon takes {amount} damage (no Weakness or "
                   "Resistance on the Bench).")]


def search_and_attach(search: Step, more: bool) -> list[Step]:
    """A deck search (``search``, a ``ChooseCards`` into "e"), the cards found attached to
    1 of your Pokémon you choose, then a shuffle (Steel Coat, Acceleration Bolt)."""
    them = "them" if more else "it"
    return [search,
            Worded(If(VarTrue("e"), [ChoosePokemon("t", "own"),
                                     MoveCards("e", "attach", onto="t")]),
                   f"Attach {them} to 1 of your Pokémon."),
            ShuffleDeck()]


SCRIPTS: dict[str, Script] = {
    "col1-2": PokemonScript(attacks={  # Deoxys
        "Cell Storm": [DiscardEnergy(SELF, 2, "P"), Heal(SELF, 6)],
    }),
    "col1-3": PokemonScript(attacks={  # Dialga
        "Time Rewind": [ShuffleHandIntoDeck(), ShuffleDeck(wording="")],
    }),
    "col1-4": PokemonScript(attacks={  # Espeon
        "Solar Suggestion": [MoveCountersToOpponent(4)],
        "Psybeam": coin_condition(CONFUSED),
    }),
    "col1-5": PokemonScript(attacks={  # Forretress
        "Mirror Shot": [Mark(DEFENDER, "attack_may_fail", 1,
                             "needs heads on a coin to attack in your opponent's next turn "
                             "(on tails that attack fails)")],
        "Everyone Explode Now": [Damage(Times(30, CountPokemon("own", filt=PINECO_LINE))),
                                 Worded(DamageEach(30, "own", PINECO_LINE),
                                        "Then each of those Pokémon, this one included, "
                                        "takes 30 damage.")],
    }),
    "col1-6": PokemonScript(attacks={  # Groudon
        "Volcano Stomp": [Flip(), If(HEADS, MillOpponent(4), DiscardTopOfDeck(4))],
    }),
    "col1-9": PokemonScript(attacks={  # Ho-Oh
        "Combustion": [],
        "Scorching Wing": [Flip(), If(TAILS, DiscardEnergy(SELF, None, "R"))],
    }),
    "col1-10": PokemonScript(attacks={  # Houndoom
        "Fire Counterattack": [Damage(PlusIf(20, 60, AnyPokemon(
            "opp", pokemon_of_type_in_play("F"),
            wording="there is an [F] Pokémon on your opponent's side")))],
        "Dark Roar": [OpponentDiscardsFromHand(1)],
    }),
    "col1-11": PokemonScript(  # Jirachi
        powers={"Stardust Song": Power(
            requires=(BenchedFromHand(),), works_under_conditions=True,
            steps=(Worded(ChooseYesNo("go", "Flip 3 coins for Stardust Song?"), ""),
                   Worded(If(VarTrue("go"), [
                       Flip(3),
                       ChooseCards("e", "discard", P_ENERGY, count=HEADS_COUNT),
                       MoveCards("e", "attach")]),
                       "You may flip 3 coins. Per heads, move a [P] Energy card out of "
                       "your discard pile onto this Pokémon.")))},
        attacks={"Time Hollow": [
            ChoosePokemonUpTo("t", "opp", count=EnergyUnitsOn(SELF), filt=EVOLVED_STAGE,
                              wording="Choose any number of your opponent's Evolved Pokémon "
                                      "(Stage 1 or Stage 2), up to 1 for each Energy attached "
                                      "to this Pokémon.", pre=True),  # (step b)
            DevolveEach("t", "Put the highest Stage Evolution card of each of them back into "
                             "your opponent's hand.")]},
    ),
    "col1-12": PokemonScript(attacks={  # Kyogre
        "Destructive Tsunami": [Flip(), If(HEADS, DamageEach(40, "opp"),
                                           DamageEach(40, "own"))],
    }),
    "col1-13": PokemonScript(attacks={  # Leafeon
        "Miasma Wind": [Damage(Times(50, ConditionCount(DEFENDER)))],
        "Soothing Scent": condition(ASLEEP),
    }),
    "col1-14": PokemonScript(attacks={  # Lucario
        "Dimension Sphere": [Damage(Plus(30, 20, CardsInLostZone("own", POKEMON_CARD)))],
        "Sky Uppercut": [Damage(resistance=False)],
    }),
    "col1-15": PokemonScript(attacks={  # Lugia
        "Linear Attack": chosen_hit(30),
        "Hydro Splash": [],
    }),
    "col1-16": PokemonScript(attacks={  # Magmortar
        "Hard Crush": [DiscardTopCounting(3, ENERGY_CARD, "energy"),
                       Damage(Times(50, VarValue("energy", "Energy card discarded this way",
                                                 1.2)))],
        "Mantle Bazooka": [DiscardEnergy(SELF, 2, "R")],
    }),
    "col1-18": PokemonScript(  # Pachirisu
        powers={"Self-Generation": Power(
            requires=(BenchedFromHand(),), works_under_conditions=True,
            steps=(Worded(ChooseCards("e", "hand", L_ENERGY, count=2, up_to=True),
                          "From your hand, you may attach 1 or 2 [L] Energy cards to "
                          "this Pokémon."),
                   Worded(MoveCards("e", "attach"), "")))},
        attacks={"Shocking Bolt": [Worded(LoseAttachedEnergy(SELF, EnergyCardsOn(SELF)),
                                          "Send every Energy card on this Pokémon to "
                                          "the Lost Zone.")]},
    ),
    "col1-19": PokemonScript(attacks={  # Palkia
        "Wormhole": [If(PlayerHas("own", "bench"), [
            ChoosePokemon("s", "own", "bench", wording=""),
            SwitchOwnActive("s", "This Pokémon trades places with 1 of your Benched Pokémon.")]),
            ChoosePokemon("o", "opp", "bench", chooser="opp", wording=""),
            SwitchOpponentActive("o", "Your opponent then swaps the Defending Pokémon for "
                                      "1 of their Benched Pokémon.")],
    }),
    "col1-20": PokemonScript(attacks={  # Rayquaza
        "Inferno Spear": [DiscardEnergy(SELF, 1, "R"), DiscardEnergy(SELF, 1, "L")],
    }),
    "col1-21": PokemonScript(  # Smeargle
        powers={"Portrait": Power(
            requires=(SlotIs(SELF, "active"), PlayerHas("opp", "hand")),
            steps=(Worded(ShowHand("opp"), "Your opponent shows you their hand."),
                   UseOpponentSupporter()))},
        attacks={"Tail Rap": times_heads(20, 2)},
    ),
    "col1-22": PokemonScript(attacks={  # Umbreon
        "Moonlight Fang": [Worded(
            Mark(SELF, GUARD_FROM_POWERED.name, 1, "is guarded"),
            "Until your opponent's next turn is over, attacks of their Pokémon that have "
            "any Poké-Powers or Poké-Bodies do nothing to this Pokémon, damage included.")],
        "Quick Blow": plus_on_heads(30, 30),
    }),
    "col1-28": PokemonScript(attacks={  # Mismagius
        "Sleeping Spell": coin_condition(ASLEEP),
        "Poltergeist": [Worded(ShowHand("opp"), "Your opponent shows you their hand."),
                        Damage(Times(30, CardsInZone(
                            "opp", "hand", TRAINER_CARD,
                            "Trainer, Supporter and Stadium card in your opponent's hand")))],
    }),
    "col1-29": PokemonScript(  # Mr. Mime
        powers={"Trick Reveal": Power(
            requires=(PlayerHas("opp", "hand"),),
            steps=(Worded(ShowHand("own"), ""),
                   Worded(ShowHand("opp"), "You and your opponent show each other your "
                                           "hands.")))},
        attacks={"Juggling": times_heads(10, 4)},
    ),
    "col1-30": PokemonScript(attacks={  # Pidgeot
        "Headwind": [Mark(DEFENDER, COSTS_CC_MORE.name, 1,
                          "needs [C][C] more Energy for each of its attacks during your "
                          "opponent's next turn")],
        "Quick Attack": plus_on_heads(40, 30),
    }),
    "col1-31": PokemonScript(attacks={  # Skarmory
        "Steel Coat": search_and_attach(ChooseCards("e", "deck", energy_of_type("M")),
                                        more=False),
        "Razor Wing": [],
    }),
}
