"""Dark Explorers (bw5): effect scripts of bw5-56 to bw5-111.

The full-art and secret rares of the range print the effects of earlier cards and play
their scripts through ``sets.reprints``: Entei-EX, Kyogre-EX, Raikou-EX and Groudon-EX
bw5-103 to 106 (bw5-13, 26, 38, 54), Darkrai-EX bw5-107 (bw5-63), Tornadus-EX bw5-108
(bw5-90), Gardevoir bw5-109 (Next Destinies' bw4-57) and Professor Juniper bw5-98 (Black &
White's bw1-101). They are not listed here.
"""

from __future__ import annotations

from ...carddefs import POKEMON
from ...cardpool import PokemonScript, Power, Script, TrainerScript
from ...effects.core import Step
from ...effects.library import NoEvolvingFromHand, NoRetreatCostWithEnergy, TypeToolBonus
from ...effects.steps import (
    DEFENDER,
    ENERGY_CARD,
    HEADS,
    ITEM_CARD,
    OWN_ACTIVE,
    POKEMON_CARD,
    RESTORED_CARD,
    SELF,
    SUPPORTER_CARD,
    TAILS,
    AnyPokemon,
    AttackLock,
    BenchCards,
    BenchDamage,
    CardFilter,
    ChooseCards,
    ChooseCardsFor,
    ChooseFromBottom,
    ChoosePokemon,
    ChooseSpecialEnergyInPlay,
    Const,
    CountPokemon,
    Damage,
    DamageChosen,
    DamageCountersOn,
    DealtCounters,
    DiscardChosenEnergy,
    DiscardEnergy,
    DiscardTool,
    DoesNothing,
    Draw,
    DrawUntilHand,
    EnergyOfTypeOn,
    EvolveToStage2,
    EvolveWith,
    Flip,
    FlipUntilTails,
    FromOpponentHandUnseen,
    HasCards,
    HeadsAtLeast,
    HeadsExactly,
    HeadsTable,
    Heal,
    If,
    Inflict,
    Mark,
    MoveCards,
    NothingOnTails,
    PlayerDraws,
    PlayerHas,
    Plus,
    PlusIf,
    PrizesLeft,
    PrizesTaken,
    RevealUntil,
    SelfDamage,
    ShuffleDeck,
    ShuffleHandIntoDeck,
    SlotIs,
    StadiumInPlay,
    Stage2EvolutionReady,
    SwitchOpponentActive,
    SwitchOwnActive,
    Times,
    Worded,
    basic_energy_of_type,
    gated,
    pokemon_of_type_in_play,
)
from ...ruleset import ASLEEP, CONFUSED, PARALYZED
from ..shapes import (
    coin_condition,
    condition,
    on_heads,
    opponent_switches,
    plus_on_heads,
    search_to_hand,
    times_heads,
)

DARK = pokemon_of_type_in_play("D")
# Old Amber Aerodactyl finds a Pokémon named Aerodactyl, nothing else (its Restored card).
AERODACTYL = CardFilter("pokemon_aerodactyl", "Aerodactyl",
                        lambda d: d.kind == POKEMON and d.name == "Aerodactyl")


def bench_hit(amount: int) -> list[Step]:
    """The attack's only damage: ``amount`` to 1 of the opponent's Benched Pokémon."""
    return [ChoosePokemon("t", "opp", "bench", pre=True, wording=""),
            Worded(DamageChosen("t", Const(amount)),
                   f"Choose 1 of your opponent's Benched Pokémon. It takes {amount} damage (no "
                   "Weakness or Resistance on the Bench).")]


def bench_hits(count: int, amount: int) -> list[Step]:
    """Beside the printed damage, ``amount`` to ``count`` of the opponent's Benched
    Pokémon."""
    return [ChoosePokemon("bt", "opp", "bench", count=count, pre=True),
            BenchDamage(amount, var="bt")]


def cant_retreat() -> Step:
    return Mark(DEFENDER, "cant_retreat", 1, "is unable to retreat until your opponent's "
                                             "next turn is over")


SCRIPTS: dict[str, Script] = {
    "bw5-56": PokemonScript(attacks={  # Excadrill
        "Tunnel Strike": bench_hit(30),
        "Dig Uppercut": [ChooseCards("c", "discard"), MoveCards("c", "hand")],
    }),
    "bw5-57": PokemonScript(attacks={  # Excadrill
        "Reinforced Drill": [Damage(PlusIf(50, 30, SlotIs(SELF, "has_tool")))],
        "Mach Claw": [Damage(resistance=False)],
    }),
    "bw5-58": PokemonScript(attacks={"Low Kick": [], "Hammer In": []}),  # Timburr
    "bw5-59": PokemonScript(attacks={  # Gurdurr
        "Low Kick": [],
        "Steel Swing": times_heads(60, 2),
    }),
    "bw5-60": PokemonScript(attacks={  # Umbreon
        "Shadow Drain": [Worded(Heal(SELF, DealtCounters()),
                                "Heal from this Pokémon as much damage as this attack did "
                                "to the Defending Pokémon.")],
        "Slashing Strike": [AttackLock("Slashing Strike")],
    }),
    "bw5-61": PokemonScript(attacks={  # Umbreon
        "Confuse Ray": condition(CONFUSED),
        "Shadow Shutdown": [Flip(2), If(HeadsAtLeast(2, "Both heads"),
                                        DiscardEnergy(DEFENDER, None))],
    }),
    "bw5-62": PokemonScript(attacks={  # Sableye
        "Confuse Ray": coin_condition(CONFUSED),
        "Junk Hunt": [ChooseCards("c", "discard", ITEM_CARD, count=2),
                      MoveCards("c", "hand", wording="Put them into your hand.")],
    }),
    "bw5-63": PokemonScript(  # Darkrai-EX (bw5-107 prints it again)
        powers={"Dark Cloak": Power(passives=(NoRetreatCostWithEnergy("D"),))},
        attacks={"Night Spear": bench_hits(1, 30)},
    ),
    "bw5-64": PokemonScript(attacks={  # Sandile
        "Sand Dive": on_heads(Mark(SELF, "no_attack_damage", 1,
                                   "takes no damage from attacks during your opponent's next "
                                   "turn")),
        "Corkscrew Punch": [],
    }),
    "bw5-65": PokemonScript(attacks={"Mud-Slap": [], "Corkscrew Punch": []}),  # Krokorok
    "bw5-66": PokemonScript(attacks={  # Krookodile
        "Dark Clamp": [cant_retreat()],
        "Bombast": [Damage(Times(40, PrizesTaken("own")))],
    }),
    "bw5-67": PokemonScript(attacks={  # Scraggy
        "Rising Lunge": plus_on_heads(10, 20),
    }),
    "bw5-68": PokemonScript(attacks={  # Scrafty
        "Headbutt": [],
        "Crushing Blow": on_heads(DiscardEnergy(DEFENDER, 1)),
    }),
    "bw5-69": PokemonScript(attacks={  # Zorua
        # Evolving, even by an attack, waits for the player's second turn (seed 003).
        "Ascension": [If(SlotIs(SELF, "may_evolve"), [
            ChooseCardsFor("c", "deck", "evolves_from", SELF), EvolveWith("c"),
            ShuffleDeck()])],
        "Scratch": [],
    }),
    "bw5-70": PokemonScript(attacks={  # Zorua
        "Paralyzing Gaze": coin_condition(PARALYZED),
        "Shadow Bind": [cant_retreat()],
    }),
    "bw5-71": PokemonScript(attacks={  # Zoroark
        "Brutal Bash": [Worded(Damage(Times(20, CountPokemon("own", filt=DARK))),
                               "Does 20 damage for each of your [D] Pokémon in play.")],
        "Dark Rush": [Damage(Times(20, DamageCountersOn(SELF)))],
    }),
    "bw5-72": PokemonScript(attacks={  # Bisharp
        "Slash": [],
        "Fury Cutter": [Flip(3), Damage(HeadsTable((30, 40, 60, 90)))],
    }),
    "bw5-73": PokemonScript(attacks={"Whirlwind": opponent_switches()}),  # Vullaby
    "bw5-74": PokemonScript(attacks={  # Escavalier
        "Joust": [Worded(DiscardTool(DEFENDER), "First, any Pokémon Tool card on the "
                                                "Defending Pokémon is discarded; then the "
                                                "damage is done."),
                  Damage()],
        "Cavalry Lance": [Mark(SELF, "no_weakness", 1,
                               "loses its Weakness until your opponent's next turn is over")],
    }),
    "bw5-75": PokemonScript(attacks={  # Klink
        "Smash Turn": [ChoosePokemon("b", "own", "bench", wording=""),
                       SwitchOwnActive("b", "This Pokémon trades places with 1 of your "
                                            "Benched Pokémon.")],
    }),
    "bw5-76": PokemonScript(attacks={  # Klang
        "Charge Beam": on_heads(ChooseCards("e", "discard", ENERGY_CARD),
                                MoveCards("e", "attach")),
        "Vice Grip": [],
    }),
    "bw5-77": PokemonScript(attacks={  # Klinklang
        "Metal Blast": [Damage(Plus(20, 20, EnergyOfTypeOn(SELF, "M")))],
        "Lock Gear": [DrawUntilHand(6)],
    }),
    "bw5-78": PokemonScript(attacks={"Scratch": [], "Metal Claw": []}),  # Pawniard
    "bw5-79": PokemonScript(attacks={  # Bisharp
        "Aerial Ace": plus_on_heads(20, 20),
        "Metal Claw": [],
    }),
    "bw5-80": PokemonScript(attacks={  # Chansey
        "Sing": condition(ASLEEP),
        "Double-Edge": [SelfDamage(30)],
    }),
    "bw5-81": PokemonScript(attacks={  # Chansey
        "Continuous Tumble": [FlipUntilTails(), Damage(Times(30))],
    }),
    "bw5-82": PokemonScript(  # Blissey
        powers={"Softboiled": Power(
            requires=(SlotIs(OWN_ACTIVE, "damaged"),),
            steps=(Flip(), If(HEADS, Heal(OWN_ACTIVE, 3))))},
        attacks={"Double-Edge": [SelfDamage(60)]},
    ),
    "bw5-83": PokemonScript(attacks={"Surprise Attack": [NothingOnTails()]}),  # Eevee
    "bw5-84": PokemonScript(attacks={"Smash Kick": [], "Tail Whap": []}),  # Eevee
    "bw5-85": PokemonScript(attacks={  # Chatot
        "Tone-Deaf": coin_condition(CONFUSED),
        "Peck": [],
    }),
    "bw5-86": PokemonScript(attacks={  # Lillipup
        "Tackle": [],
        "Take Down": [SelfDamage(10)],
    }),
    "bw5-87": PokemonScript(attacks={  # Herdier
        "Roar": opponent_switches(),
        "Tackle": [],
    }),
    "bw5-88": PokemonScript(attacks={  # Stoutland
        "Special Fang": [Damage(PlusIf(40, 40, SlotIs(SELF, "has_special_energy")))],
        "Ferocious Bellow": [Mark(DEFENDER, "attacks_30_less", 1,
                                  "does 30 less damage with its attacks during your "
                                  "opponent's next turn (before Weakness and Resistance)")],
    }),
    "bw5-89": PokemonScript(attacks={  # Haxorus
        "Guillotine": [],
        "Stunning Uppercut": [*gated(Flip(2), If(HeadsExactly(0, 2), DoesNothing())), Damage(),
                              If(HeadsAtLeast(2, "Both heads"), Inflict(DEFENDER, PARALYZED))],
    }),
    "bw5-90": PokemonScript(attacks={  # Tornadus-EX (bw5-108 prints it again)
        "Blow Through": [Damage(PlusIf(30, 30, StadiumInPlay()))],
        "Power Blast": [Flip(), If(TAILS, DiscardEnergy(SELF, 1))],
    }),
    "bw5-91": TrainerScript(  # Cheren
        requires=(PlayerHas("own", "deck"),), steps=[Draw(3)]),
    "bw5-92": TrainerScript(  # Dark Claw
        passives=(TypeToolBonus("D", 20),)),
    "bw5-93": TrainerScript(  # Dark Patch
        requires=(HasCards("discard", basic_energy_of_type("D")),
                  AnyPokemon("own", DARK, "bench", "you have a Benched [D] Pokémon")),
        steps=[ChooseCards("e", "discard", basic_energy_of_type("D")),
               ChoosePokemon("t", "own", "bench", filt=DARK,
                             wording="Choose 1 of your Benched [D] Pokémon."),
               MoveCards("e", "attach", onto="t", wording="Attach the Energy card to it.")]),
    "bw5-94": TrainerScript(  # Enhanced Hammer
        requires=(PlayerHas("opp", "special_energy_in_play"),),
        steps=[ChooseSpecialEnergyInPlay("e", "opp"), DiscardChosenEnergy("e")]),
    "bw5-95": TrainerScript(  # Hooligans Jim & Cas
        requires=(PlayerHas("opp", "hand"),),
        steps=on_heads(FromOpponentHandUnseen(
            3, "deck", wording="Choose 3 cards at random from your opponent's hand (all of "
                               "them if there are fewer): your opponent reveals them and "
                               "shuffles them into their deck."),
            ShuffleDeck("opp", wording=""))),
    "bw5-96": TrainerScript(steps=[  # N
        Worded(ShuffleHandIntoDeck("own"), "Each player shuffles their hand into their "
                                           "deck."),
        Worded(ShuffleDeck(), ""),
        Worded(ShuffleHandIntoDeck("opp"), ""),
        Worded(ShuffleDeck("opp"), ""),
        Worded(PlayerDraws("own", PrizesLeft("own")), "Then each player draws 1 card for "
                                                      "each of their remaining Prize cards."),
        Worded(PlayerDraws("opp", PrizesLeft("opp")), ""),
    ]),
    "bw5-97": TrainerScript(  # Old Amber Aerodactyl
        requires=(PlayerHas("own", "bench_room"), PlayerHas("own", "deck")),
        steps=[ChooseFromBottom("c", 7, AERODACTYL),
               BenchCards("c", "Let your opponent see it, then place it on your Bench."),
               ShuffleDeck(wording="Shuffle your deck.")]),
    "bw5-99": TrainerScript(  # Random Receiver
        requires=(PlayerHas("own", "deck"),),
        steps=[RevealUntil(SUPPORTER_CARD),
               ShuffleDeck(wording="Shuffle the rest of the turned-over cards into your deck.")]),
    "bw5-100": TrainerScript(  # Rare Candy
        requires=(Stage2EvolutionReady(),), steps=[EvolveToStage2()]),
    "bw5-101": TrainerScript(  # Twist Mountain
        use_requires=(PlayerHas("own", "bench_room"), HasCards("hand", RESTORED_CARD)),
        use=(Flip(), If(HEADS, [ChooseCards("r", "hand", RESTORED_CARD),
                                BenchCards("r", "Put it onto your Bench.")]))),
    "bw5-102": TrainerScript(  # Ultra Ball
        requires=(PlayerHas("own", "two_other_cards_in_hand"),),
        steps=[Worded(ChooseCards("d", "hand", count=2), "Discard 2 other cards from your "
                                                         "hand."),
               MoveCards("d", "discard", wording=""),
               *search_to_hand(POKEMON_CARD)]),
    "bw5-110": PokemonScript(  # Archeops
        powers={"Ancient Power": Power(passives=(NoEvolvingFromHand(),))},
        attacks={"Rock Slide": bench_hits(2, 10)},
    ),
    "bw5-111": TrainerScript(  # Pokémon Catcher
        requires=(PlayerHas("opp", "bench"),),
        steps=[ChoosePokemon("t", "opp", "bench"), SwitchOpponentActive("t")]),
}

