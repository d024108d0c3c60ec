"""Next Destinies (bw4): effect scripts of bw4-51 to bw4-93 (the Psychic to Colorless
Pokémon, the Trainers, Double Colorless and Prism Energy). The full-art Pokémon-EX and
Emboar that end the set (bw4-94 to 100) play their first printings' scripts
(``sets.reprints``)."""

from __future__ import annotations

from ...carddefs import POKEMON
from ...cardpool import EnergyScript, PokemonScript, Power, Script, TrainerScript
from ...effects.core import Step
from ...effects.library import (
    TAKES_20_LESS,
    AnyTypeOnBasic,
    BasicEnergyDoubled,
    BasicRetreatLess,
    CoinAgainstDamage,
    HealBlock,
    ShareEnergyOnKnockOut,
    StrikeBack,
)
from ...effects.steps import (
    ANY_CARD,
    BASIC_ENERGY,
    BASIC_POKEMON,
    DAMAGED,
    DEFENDER,
    HEADS,
    SELF,
    TOOL_CARD,
    AllOf,
    BenchDamage,
    CanHeal,
    CardFilter,
    CardsInZone,
    ChooseAmong,
    ChooseAttachedEnergy,
    ChooseCards,
    ChooseOpponentHandCard,
    ChoosePokemon,
    ChooseYesNo,
    Const,
    CountPokemon,
    Damage,
    DamageCountersOn,
    DiscardEnergy,
    DoesNothing,
    Draw,
    EnergyOn,
    EnergyUnitsOn,
    EvolvedFromHand,
    FewerHpLeft,
    Flip,
    FromOpponentHandUnseen,
    HasMarker,
    Heal,
    If,
    IfExpr,
    Inflict,
    Mark,
    MoveCards,
    MoveEnergy,
    NothingOnTails,
    OpponentCardsToBottom,
    OpponentHandSize,
    PlayerHas,
    Plus,
    PlusIf,
    PoisonCounters,
    PutCounters,
    SelfDamage,
    ShowHand,
    ShuffleDeck,
    ShuffleHandIntoDeck,
    ShufflePokemonIntoDeck,
    SlotIs,
    Times,
    VarTrue,
    Worded,
    energy_of_type,
    with_attack_named,
)
from ...ruleset import ASLEEP, CONFUSED, PARALYZED, POISONED
from ..shapes import (
    bench_from_deck,
    coin_condition,
    condition,
    on_heads,
    opponent_switches,
    plus_on_heads,
    search_to_hand,
    times_heads,
)

# Heavy Ball and Level Ball: "a Pokémon" (a Restored Pokémon too, Appendix B of seed 003).
RETREAT_3_OR_MORE = CardFilter("retreat_3", "Pokémon card whose Retreat Cost is 3 or more",
                               lambda d: d.kind == POKEMON and d.retreat >= 3)
HP_90_OR_LESS = CardFilter("hp_90", "Pokémon card with 90 HP or less",
                           lambda d: d.kind == POKEMON and 0 < d.hp <= 90)
R_ENERGY = energy_of_type("R")


def hit_bench(amount: int) -> list[Step]:
    """``amount`` damage to 1 of the opponent's Benched Pokémon (chosen first), beside any
    printed damage."""
    return [ChoosePokemon("bt", "opp", "bench", pre=True), BenchDamage(amount, var="bt")]


def cant_retreat() -> Step:
    """"The Defending Pokémon is unable to retreat until your opponent's next turn is over"."""
    return Mark(DEFENDER, "cant_retreat", 1, "is unable to retreat until your opponent's "
                                             "next turn is over")


def giga_power() -> list[Step]:
    """Regigigas-EX's Giga Power: 20 more if the player chooses, and as much to itself."""
    return [Worded(ChooseYesNo("more", "Do 20 more damage (and 20 to this Pokémon)?",
                               pre=True), ""),
            Worded(Damage(PlusIf(60, 20, VarTrue("more"))),
                   "You may add 20 damage to this attack; if you do, this Pokémon takes "
                   "20 damage too."),
            Worded(If(VarTrue("more"), SelfDamage(20)), "")]



SCRIPTS: dict[str, Script] = {
    "bw4-51": PokemonScript(attacks={  # Zekrom-EX
        "Glinting Claw": plus_on_heads(50, 30),
        "Strong Volt": [DiscardEnergy(SELF, 2)],
    }),
    "bw4-52": PokemonScript(attacks={"Nasty Goo": coin_condition(PARALYZED)}),  # Grimer
    "bw4-53": PokemonScript(attacks={  # Muk
        "Gentle Wrap": [cant_retreat()],
        "Toxic Secretion": [Inflict(DEFENDER, POISONED), PoisonCounters(DEFENDER, 2)],
    }),
    "bw4-54": PokemonScript(attacks={  # Mewtwo-EX
        "X Ball": [Damage(Times(20, EnergyOn((SELF, DEFENDER))))],
        "Psydrive": [DiscardEnergy(SELF, 1)],
    }),
    "bw4-55": PokemonScript(attacks={"Psyshot": [], "Smack": []}),  # Ralts
    "bw4-56": PokemonScript(attacks={  # Kirlia
        "Smack": [],
        "Psychic": [Damage(Plus(40, 10, EnergyUnitsOn(DEFENDER)))],
    }),
    "bw4-57": PokemonScript(  # Gardevoir
        powers={"Psychic Mirage": Power(passives=(BasicEnergyDoubled("P", "Psychic Mirage"),))},
        attacks={"Mind Shock": [Damage(weakness=False, resistance=False)]},
    ),
    "bw4-58": PokemonScript(attacks={"Ram": []}),  # Munna
    "bw4-59": PokemonScript(  # Musharna
        powers={"Forewarn": Power(
            requires=(PlayerHas("own", "deck"),),
            steps=(Worded(ChooseCards("c", "deck", top=2, up_to=False),
                          "Look at 2 cards from the top of your deck and put 1 of them into your "
                          "hand; the other stays on top of your deck."),
                   MoveCards("c", "hand", wording="")))},
        attacks={"Fluffy Dream": [Inflict(SELF, ASLEEP)]},
    ),
    "bw4-60": PokemonScript(attacks={  # Darmanitan
        "Synchrodraw": [ShuffleHandIntoDeck(), ShuffleDeck(wording=""),
                        Draw(OpponentHandSize())],
        "DarMAXitan": [Flip(EnergyUnitsOn(SELF)), Damage(Times(50))],
    }),
    "bw4-61": PokemonScript(attacks={"Psy Bolt": coin_condition(PARALYZED)}),  # Elgyem
    "bw4-62": PokemonScript(attacks={  # Beheeyem
        "Brain Control": [ShowHand("opp"),
                          Worded(ChooseOpponentHandCard("c"), "Choose 1 card from it;"),
                          OpponentCardsToBottom("c", "your opponent puts that card on the "
                                                     "bottom of their deck.")],
        "Psybeam": condition(CONFUSED),
    }),
    "bw4-63": PokemonScript(attacks={  # Riolu
        "Punch": [],
        "Quick Attack": plus_on_heads(10, 20),
    }),
    "bw4-64": PokemonScript(  # Lucario
        powers={"Reflexive Retaliation": Power(
            passives=(StrikeBack(),),
            steps=(PutCounters(DEFENDER, 2),),
            wording="Whenever an attack of your opponent damages this Pokémon while it is "
                    "your Active Pokémon (even if it is Knocked Out), the Attacking Pokémon "
                    "gets 2 damage counters.")},
        attacks={"Aura Sphere": hit_bench(20)},
    ),
    "bw4-65": PokemonScript(attacks={  # Hippopotas
        "Sand Jet": hit_bench(20),
        "Bite": [],
    }),
    "bw4-66": PokemonScript(attacks={  # Hippowdon
        "Sand Bazooka": [Worded(If(AllOf((SlotIs(SELF, "has_basic_energy"),
                                          PlayerHas("own", "bench"))), [
            ChooseYesNo("move", "Move a basic Energy to a Benched Pokémon?"),
            If(VarTrue("move"), [ChooseAttachedEnergy("e", SELF, basic=True),
                                 ChoosePokemon("to", "own", "bench"),
                                 MoveEnergy("e", "to")])]),
            "You may move a basic Energy card from this Pokémon to a Pokémon on your "
            "Bench.")],
        "Rock Tumble": [Damage(resistance=False)],
    }),
    "bw4-67": PokemonScript(attacks={"Triple Smash": times_heads(10, 3)}),  # Mienfoo
    "bw4-68": PokemonScript(attacks={  # Mienshao
        "Haul In": search_to_hand(TOOL_CARD, 2),
        "Meditate": [Damage(Plus(30, 10, DamageCountersOn(DEFENDER)))],
    }),
    "bw4-69": PokemonScript(attacks={  # Sneasel
        "Corner": [cant_retreat()],
        "Scratch": [],
    }),
    "bw4-70": PokemonScript(attacks={  # Weavile
        "Dark Penalty": [If(SlotIs(DEFENDER, "no_tool"), DoesNothing()), Damage()],
        "Fury Swipes": times_heads(30, 3),
    }),
    "bw4-71": PokemonScript(attacks={  # Nuzleaf
        "Surprise Punch": [Worded(If(AllOf((SlotIs(DEFENDER, "has_energy"),
                                            PlayerHas("opp", "bench"))), [
            ChooseAttachedEnergy("e", DEFENDER),
            ChoosePokemon("to", "opp", "bench"),
            MoveEnergy("e", "to")]),
            "Move an Energy card from the Defending Pokémon to a Pokémon on your "
            "opponent's Bench.")],
    }),
    "bw4-72": PokemonScript(  # Shiftry
        powers={"Giant Fan": Power(
            requires=(EvolvedFromHand(),),
            steps=(Worded(ChooseYesNo("fan", "Flip a coin for Giant Fan?"), ""),
                   Worded(If(VarTrue("fan"), [
                       Flip(),
                       If(HEADS, [ChoosePokemon("t", "opp"), ShufflePokemonIntoDeck("t"),
                                  ShuffleDeck("opp")])]),
                       "you may flip a coin. Heads: pick 1 of your opponent's Pokémon; it "
                       "and every card attached to it are shuffled into your opponent's "
                       "deck.")))},
        attacks={"Whirlwind": opponent_switches()},
    ),
    "bw4-73": PokemonScript(attacks={  # Scraggy
        "Shed Skin": [Heal(SELF, 4)],
        "Lunge": [NothingOnTails()],
    }),
    "bw4-74": PokemonScript(attacks={  # Scrafty
        "Rock Head": [Mark(SELF, TAKES_20_LESS.name, 1,
                           "takes 20 less damage from attacks (after Weakness and "
                           "Resistance) during your opponent's next turn")],
        "Hammer Kick": [Damage(PlusIf(50, 30, FewerHpLeft(SELF, DEFENDER)))],
    }),
    "bw4-75": PokemonScript(attacks={  # Bronzor
        "Knock Away": plus_on_heads(10, 10),
        "Spinning Attack": [],
    }),
    "bw4-76": PokemonScript(  # Bronzong
        powers={"Heal Block": Power(passives=(HealBlock(),))},
        attacks={"Oracle Inflict": [Damage(Plus(30, 10, CardsInZone("opp", "hand",
                                                                      ANY_CARD)))]},
    ),
    "bw4-77": PokemonScript(attacks={"Self Destruct": [SelfDamage(60)]}),  # Ferroseed
    "bw4-78": PokemonScript(attacks={  # Jigglypuff
        "Sing": condition(ASLEEP),
        "Double Slap": times_heads(20, 2),
    }),
    "bw4-79": PokemonScript(attacks={  # Wigglytuff
        "Round": [Damage(Times(20, CountPokemon("own", filt=with_attack_named("Round"))))],
        "Hypnoblast": coin_condition(ASLEEP),
    }),
    "bw4-80": PokemonScript(attacks={  # Meowth
        "Double Scratch": times_heads(10, 2),
        "Cat Kick": [],
    }),
    "bw4-81": PokemonScript(attacks={  # Persian
        "Nasty Plot": [ChooseCards("c", "deck"), MoveCards("c", "hand"), ShuffleDeck()],
        "Shadow Claw": on_heads(FromOpponentHandUnseen(1)),
    }),
    "bw4-82": PokemonScript(attacks={  # Regigigas-EX
        "Giga Power": giga_power(),
        "Raging Hammer": [Damage(Plus(50, 10, DamageCountersOn(SELF)))],
    }),
    "bw4-83": PokemonScript(attacks={"Scout": [ShowHand("opp")], "Gust": []}),  # Pidove
    "bw4-84": PokemonScript(attacks={  # Minccino
        "Call for Family": bench_from_deck(BASIC_POKEMON),
        "Tail Smack": [],
    }),
    "bw4-85": PokemonScript(  # Cinccino
        powers={"Smooth Coat": Power(passives=(CoinAgainstDamage(),))},
        attacks={"Echoed Voice": [
            Damage(IfExpr(HasMarker(SELF, "powered_up", "used Echoed Voice during your last "
                                                        "turn"), Const(100), Const(50))),
            Worded(Mark(SELF, "powered_up", 2, ""),
                   "In your next turn, Echoed Voice of this Pokémon does 50 extra damage "
                   "(before Weakness and Resistance).")]},
    ),
    "bw4-86": TrainerScript(  # Cilan
        requires=(PlayerHas("own", "deck"),),
        steps=search_to_hand(BASIC_ENERGY, 3)),
    "bw4-87": TrainerScript(  # Exp. Share
        passives=(ShareEnergyOnKnockOut(),),
        reaction=(ChooseAmong("e", "_knocked", BASIC_ENERGY,
                              wording="Move a basic Energy card that was attached to your "
                                      "Knocked Out Pokémon to the Pokémon Exp. Share is "
                                      "attached to? (choose none to keep it)"),
                  MoveCards("e", "attach", onto=SELF, wording=""))),
    "bw4-88": TrainerScript(  # Heavy Ball
        requires=(PlayerHas("own", "deck"),),
        steps=search_to_hand(RETREAT_3_OR_MORE)),
    "bw4-89": TrainerScript(  # Level Ball
        requires=(PlayerHas("own", "deck"),),
        steps=search_to_hand(HP_90_OR_LESS)),
    "bw4-90": TrainerScript(  # Pokémon Center
        use=(ChoosePokemon("t", "own", "bench", filt=DAMAGED), Heal("t", 2)),
        use_requires=(CanHeal("own", "bench"),)),
    "bw4-91": TrainerScript(passives=(BasicRetreatLess(),)),  # Skyarrow Bridge
    "bw4-92": EnergyScript(),  # Double Colorless Energy
    "bw4-93": EnergyScript(passives=(AnyTypeOnBasic(),)),  # Prism Energy
}
