"""Black & White (bw1): effect scripts of bw1-58 to bw1-115 (the [F], [D], [M] and [C]
Pokémon, the Trainers, Reshiram, Zekrom and Pikachu; basic Energy needs none).

Trainers whose effect is the same as an earlier set's share that card's script: Energy
Search, Full Heal, Super Scoop Up and Switch (Expedition's), Poké Ball (Platinum's).
Professor Juniper is Dark Explorers' bw5-98 too, which imports it from here."""

from __future__ import annotations

from ...cardpool import PokemonScript, Power, Script, TrainerScript
from ...effects.library import ATTACKS_20_MORE, NO_ATTACK_EFFECTS, PLUS_POWER_TURN
from ...effects.steps import (
    ANY_CARD,
    BASIC_ENERGY,
    BASIC_POKEMON,
    DAMAGED,
    DEFENDER,
    HEADS_COUNT,
    ITEM_CARD,
    POKEMON_CARD,
    SELF,
    TAILS,
    AnyOf,
    BenchCards,
    ChooseCards,
    ChooseEnergyInPlay,
    ChoosePokemon,
    Const,
    CountPokemon,
    Damage,
    DamageChosen,
    DiscardEnergy,
    DiscardHand,
    Draw,
    Flip,
    HasEnergyOfType,
    Heal,
    If,
    Inflict,
    KnockedOutLastTurn,
    Mark,
    MoveCards,
    MoveEnergy,
    NothingOnTails,
    PlayerHas,
    Plus,
    PlusIf,
    ReorderTopOfDeck,
    SelfDamage,
    ShuffleDeck,
    SlotIs,
    StackingTurnEffect,
    SwitchOpponentActive,
    Times,
    Worded,
    basic_energy_of_type,
    forbid_attack,
    use_defender_attack,
)
from ...ruleset import BURNED, CONFUSED, PARALYZED
from ..expedition import TRAINERS as EXPEDITION
from ..platinum.part3 import TRAINERS as PLATINUM_PART3
from ..shapes import (
    coin_condition,
    condition,
    opponent_switches,
    plus_on_heads,
    search_to_hand,
    times_heads,
)

# "[L] Energy card" in the discard pile: in this era the basic Lightning Energy card (a
# Special Energy that provides every type does so only while attached).
BASIC_L = basic_energy_of_type("L")


POKEMON: dict[str, PokemonScript] = {
    "bw1-58": PokemonScript(attacks={"Pound": []}),  # Timburr
    "bw1-59": PokemonScript(attacks={"Low Kick": [], "Pound": []}),  # Timburr
    "bw1-60": PokemonScript(attacks={  # Gurdurr
        "Bulk Up": [Mark(SELF, ATTACKS_20_MORE.name, 2,
                         "does 20 more damage with each of its attacks to the Defending "
                         "Pokémon during your next turn (before Weakness and Resistance)")],
        "Pound": [],
    }),
    "bw1-61": PokemonScript(attacks={  # Throh
        "Circle Throw": opponent_switches(),
        "Storm Throw": [Damage(resistance=False)],
    }),
    "bw1-62": PokemonScript(attacks={"Low Sweep": [], "Beatdown": []}),  # Sawk
    "bw1-63": PokemonScript(attacks={  # Sandile
        "Sand Tomb": [Mark(DEFENDER, "cant_retreat", 1,
                           "is unable to retreat until your opponent's next turn is over")],
        "Bite": [],
    }),
    "bw1-64": PokemonScript(attacks={  # Krokorok
        "Torment": forbid_attack(DEFENDER),
        "Bite": [],
    }),
    "bw1-65": PokemonScript(attacks={  # Krookodile
        "Torment": forbid_attack(DEFENDER),
        "Krookoroll": [Damage(PlusIf(60, 40, SlotIs(DEFENDER, "damaged")))],
    }),
    "bw1-66": PokemonScript(attacks={"Scratch": [], "Slash": []}),  # Purrloin
    "bw1-67": PokemonScript(attacks={  # Liepard
        "Taunt": [ChoosePokemon("t", "opp", "bench", pre=True), SwitchOpponentActive("t")],
        "Sucker Punch": [Damage(PlusIf(30, 30, HasEnergyOfType(SELF, "D")))],
    }),
    "bw1-68": PokemonScript(attacks={"Headbutt": []}),  # Scraggy
    "bw1-69": PokemonScript(attacks={  # Scrafty
        "Spit Acid": [Inflict(DEFENDER, BURNED), *coin_condition(PARALYZED)],
        "High Jump Kick": [],
    }),
    "bw1-70": PokemonScript(attacks={"Lunge": [NothingOnTails()]}),  # Zorua
    "bw1-71": PokemonScript(attacks={  # Zoroark
        "Nasty Plot": [ChooseCards("c", "deck", ANY_CARD), MoveCards("c", "hand"),
                       ShuffleDeck()],
        "Foul Play": use_defender_attack(),
    }),
    "bw1-72": PokemonScript(attacks={"Surprise Attack": [NothingOnTails()]}),  # Vullaby
    "bw1-73": PokemonScript(attacks={  # Mandibuzz
        "Blindside": [ChoosePokemon("t", "opp", filt=DAMAGED, pre=True),
                      Worded(DamageChosen("t", Const(50)),
                             "That Pokémon takes 50 damage (no Weakness or "
                             "Resistance on the Bench).")],
        "Punishment": [Damage(PlusIf(40, 60, SlotIs(DEFENDER, "stage2")))],
    }),
    "bw1-74": PokemonScript(attacks={"Bind": coin_condition(PARALYZED)}),  # Klink
    "bw1-75": PokemonScript(attacks={  # Klang
        "Bind": coin_condition(PARALYZED),
        "Gear Grind": times_heads(60, 2),
    }),
    "bw1-76": PokemonScript(  # Klinklang
        powers={"Shift Gear": Power(
            uses_per_turn=None,
            requires=(PlayerHas("own", "energy_M"), PlayerHas("own", "bench")),
            steps=(ChooseEnergyInPlay("e", "own", etype="M",
                                      wording="Pick 1 [M] Energy from 1 of your "
                                              "Pokémon"),
                   ChoosePokemon("to", "own", exclude="e",
                                 wording="and move it to another of your Pokémon."),
                   Worded(MoveEnergy("e", "to"), "")))},
        attacks={"Gear Grind": times_heads(80, 2)},
    ),
    "bw1-77": PokemonScript(attacks={"Tackle": [], "Bite": []}),  # Patrat
    "bw1-78": PokemonScript(attacks={"Hyper Fang": [NothingOnTails()]}),  # Patrat
    "bw1-79": PokemonScript(attacks={  # Watchog
        "Confuse Ray": condition(CONFUSED),
        "Hyper Fang": [NothingOnTails()],
    }),
    "bw1-80": PokemonScript(attacks={  # Lillipup
        "Pickup": [ChooseCards("c", "discard", ITEM_CARD), MoveCards("c", "hand")],
        "Bite": [],
    }),
    "bw1-81": PokemonScript(attacks={"Collect": [Draw(1)], "Tackle": []}),  # Lillipup
    "bw1-82": PokemonScript(attacks={"Collect": [Draw(3)], "Bite": []}),  # Herdier
    "bw1-83": PokemonScript(attacks={  # Stoutland
        "Odor Sleuth": [Flip(3), ChooseCards("c", "discard", ANY_CARD, count=HEADS_COUNT),
                        MoveCards("c", "hand", wording="Put them into your hand.")],
        "Giga Impact": [Mark(SELF, "cant_attack", 2, "is unable to attack until "
                                                     "your next turn is over")],
    }),
    "bw1-84": PokemonScript(attacks={"Quick Attack": plus_on_heads(10, 10)}),  # Pidove
    "bw1-85": PokemonScript(attacks={  # Tranquill
        "Gust": [],
        "Quick Attack": plus_on_heads(20, 30),
    }),
    "bw1-86": PokemonScript(attacks={  # Unfezant
        "Fly": [NothingOnTails(),
                Mark(SELF, NO_ATTACK_EFFECTS.name, 1,
                     "is protected from every effect of attacks, damage included, during "
                     "your opponent's next turn")],
        "Cutting Wind": [],
    }),
    "bw1-87": PokemonScript(attacks={"Doubleslap": times_heads(30, 2)}),  # Audino
    "bw1-88": PokemonScript(attacks={"Tail Slap": times_heads(10, 2)}),  # Minccino
    "bw1-89": PokemonScript(attacks={  # Cinccino
        "Tail Slap": times_heads(20, 2),
        "Do the Wave": [Damage(Times(20, CountPokemon("own", "bench")))],
    }),
    "bw1-90": PokemonScript(attacks={  # Bouffalant
        "Horn Attack": [],
        "Double Stomp": [Flip(2), Damage(Plus(30, 20))],
    }),
    "bw1-91": PokemonScript(attacks={  # Bouffalant
        "Revenge": [Damage(PlusIf(20, 70, KnockedOutLastTurn()))],
        "Head Charge": [Flip(), If(TAILS, SelfDamage(20))],
    }),
    # (bw1-113 Reshiram and bw1-114 Zekrom play bw1-26's and bw1-47's scripts:
    # sets/reprints.py)
    "bw1-115": PokemonScript(attacks={  # Pikachu
        "Energize": [ChooseCards("e", "discard", BASIC_L),
                     MoveCards("e", "attach", onto=SELF)],
        "Thunderbolt": [DiscardEnergy(SELF, None)],
    }),
}

PROFESSOR_JUNIPER = TrainerScript(
    requires=(AnyOf((PlayerHas("own", "deck"), PlayerHas("own", "another_card_in_hand"))),),
    steps=[DiscardHand(), Draw(7)])
"""Professor Juniper (bw1-101; Dark Explorers' bw5-98 shares it)."""

TRAINERS: dict[str, TrainerScript] = {
    "bw1-92": TrainerScript(  # Energy Retrieval
        requires=(PlayerHas("own", "basic_energy_discard"),),
        steps=[ChooseCards("c", "discard", BASIC_ENERGY, count=2),
               MoveCards("c", "hand", wording="Put them into your hand.")]),
    "bw1-93": EXPEDITION["ecard1-153"],  # Energy Search
    "bw1-94": TrainerScript(  # Energy Switch
        requires=(PlayerHas("own", "basic_energy_in_play"), PlayerHas("own", "bench")),
        steps=[ChooseEnergyInPlay("e", "own", basic=True,
                                  wording="Pick 1 basic Energy card from 1 of your "
                                          "Pokémon"),
               ChoosePokemon("to", "own", exclude="e",
                             wording="and move it to another of your Pokémon."),
               Worded(MoveEnergy("e", "to"), "")]),
    # (bw1-95 Full Heal and bw1-104 Switch play Expedition's: sets/reprints.py)
    "bw1-96": TrainerScript(steps=[StackingTurnEffect(  # PlusPower
        PLUS_POWER_TURN,
        "For the rest of this turn, the attacks of your Pokémon do 10 more damage to your "
        "opponent's Active Pokémon (before Weakness and Resistance).", worth=12)]),
    "bw1-97": PLATINUM_PART3["pl1-113"],  # Poké Ball
    "bw1-98": TrainerScript(  # Pokédex
        requires=(PlayerHas("own", "deck"),),
        steps=[ReorderTopOfDeck(5)]),
    "bw1-99": TrainerScript(  # Pokémon Communication
        requires=(PlayerHas("own", "pokemon_in_hand"),),
        steps=[ChooseCards("p", "hand", POKEMON_CARD),
               MoveCards("p", "deck", reveal=True,
                         wording="Reveal it to your opponent, then place it on top of your deck."),
               *search_to_hand(POKEMON_CARD)]),
    "bw1-100": TrainerScript(  # Potion
        requires=(PlayerHas("own", "damaged"),),
        steps=[ChoosePokemon("t", "own", filt=DAMAGED), Heal("t", 3)]),
    "bw1-101": PROFESSOR_JUNIPER,
    "bw1-102": TrainerScript(  # Revive
        requires=(PlayerHas("own", "bench_room"), PlayerHas("own", "basic_pokemon_discard")),
        steps=[ChooseCards("c", "discard", BASIC_POKEMON),
               BenchCards("c", "Put it onto your Bench.")]),
    "bw1-103": EXPEDITION["ecard1-151"],  # Super Scoop Up
}

SCRIPTS: dict[str, Script] = {**POKEMON, **TRAINERS}
