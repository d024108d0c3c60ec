"""Dragons Exalted (bw6): effect scripts of bw6-65 to bw6-128 (the Fighting, Darkness,
Metal, Dragon and Colorless Pokémon from Roggenrola on, the Trainers, the Blend Energy and
the shiny Rayquaza bw6-128).

The full-art and secret rares bw6-119 to 127 play their first printings' scripts (Ho-Oh-EX
bw6-22 and Mew-EX bw6-46 of part 1, Terrakion-EX bw6-71, Registeel-EX bw6-81, Rayquaza-EX
bw6-85 and Giratina-EX bw6-92 of this part, Serperior bw1-6, Reuniclus bw1-57, Krookodile
bw5-66).
"""

from __future__ import annotations

from ...cardpool import EnergyScript, PokemonScript, Power, Script, TrainerScript
from ...effects.core import Step
from ...effects.library import (
    HpBonus,
    NoAttackWhileFacingBasic,
    ReduceDamageTaken,
    SideTypeBoost,
    ToHandWhenKnockedOut,
)
from ...effects.steps import (
    ANY_CARD,
    BASIC_ENERGY,
    DEFENDER,
    EVOLVED,
    HEADS,
    HEADS_COUNT,
    SELF,
    AnyPokemon,
    AttachEachToBench,
    BenchDamage,
    CardFilter,
    ChooseAttachedEnergy,
    ChooseCards,
    ChoosePokemon,
    ChooseYesNo,
    Const,
    Damage,
    DamageChosen,
    DamageCountersOn,
    DamageCountersOnBench,
    DealtCounters,
    Devolve,
    DiscardAllBasicOfOneType,
    DiscardEnergy,
    DiscardSpecialEnergy,
    DiscardToolsInPlay,
    DiscardTopOfDeck,
    DoesNothing,
    EvolvedFromHand,
    Flip,
    FlipUntilTails,
    FromOpponentHandUnseen,
    HandSize,
    HeadsExactly,
    Heal,
    If,
    Inflict,
    Mark,
    MillAndAttachEnergy,
    MillOpponent,
    Minus,
    MoveCards,
    MoveEnergy,
    PlayerHas,
    Plus,
    PlusIf,
    RemoveConditions,
    SelfDamage,
    ShredDamage,
    SlotIs,
    SwitchOwnActive,
    Times,
    ToolInPlay,
    VarTrue,
    VarValue,
    Worded,
    basic_energy_of_type,
    forbid_attack,
    gated,
    pokemon_of_type,
)
from ...ruleset import ASLEEP, BURNED, CONFUSED, PARALYZED, POISONED
from ..shapes import (
    coin_condition,
    condition,
    energy_trans,
    on_heads,
    opponent_switches,
    plus_on_heads,
    search_to_hand,
    times_heads,
)

# Rufflet's Chirp: Pokémon cards whose printed Resistance is [F].
F_RESISTANT = CardFilter("f_resistant", "Pokémon card with [F] Resistance",
                         lambda d: d.is_pokemon and any(t == "F" for t, _ in d.resistance))


def cant_retreat() -> Step:
    """The Defending Pokémon can't retreat during the opponent's next turn."""
    return Mark(DEFENDER, "cant_retreat", 1, "is unable to retreat until your opponent's "
                                             "next turn is over")


def attack_may_fail() -> Step:
    """The Defending Pokémon's attack may fail during the opponent's next turn (a coin)."""
    return Mark(DEFENDER, "attack_may_fail", 1,
                "needs heads on a coin to attack in your opponent's next turn (on tails its "
                "attack fails)")


def guard(amount: int, marker: str) -> Step:
    """Through the opponent's next turn, attacks hurt this Pokémon ``amount`` less (after
    Weakness and Resistance); ``marker`` is the registered one."""
    return Mark(SELF, marker, 1, f"takes {amount} less damage from attacks during your "
                                 "opponent's next turn (after Weakness and Resistance)")


def mill_own(n: int) -> list[Step]:
    """Discard the top ``n`` cards of your own deck."""
    return [DiscardTopOfDeck(n)]


# --------------------------------------------------------------------------- Pokémon

POKEMON: dict[str, PokemonScript] = {
    "bw6-65": PokemonScript(attacks={  # Roggenrola
        "Stone Edge": plus_on_heads(10, 20),
        "Hammer In": [],
    }),
    "bw6-66": PokemonScript(attacks={  # Boldore
        "Rock Cannon": [FlipUntilTails(), Damage(Times(30))],
        "Earthquake": [BenchDamage(10, side="own")],
    }),
    "bw6-67": PokemonScript(attacks={  # Gigalith
        "Revenge Cannon": [Damage(Plus(10, 10, DamageCountersOnBench("own")))],
        "Reckless Charge": [SelfDamage(40)],
    }),
    "bw6-68": PokemonScript(attacks={  # Throh
        "Squeeze": [Flip(), Damage(PlusIf(40, 20, HEADS)),
                    Worded(If(HEADS, Inflict(DEFENDER, PARALYZED)),
                           "Heads: the Defending Pokémon is also now Paralyzed.")],
        "Superpower": [
            Worded(ChooseYesNo("more", "Do 20 more damage? (This Pokémon then does 20 "
                               "damage to itself.)", pre=True),
                   "You may add 20 damage to this attack; if you do, this Pokémon takes "
                   "20 damage too."),
            Damage(PlusIf(70, 20, VarTrue("more", "you chose to"))),
            Worded(If(VarTrue("more"), SelfDamage(20)), ""),
        ],
    }),
    "bw6-69": PokemonScript(attacks={  # Sawk
        "Defensive Stance": [Heal(SELF, 3),
                             ChoosePokemon("b", "own", "bench"),
                             SwitchOwnActive("b", "Switch this Pokémon with it.")],
        "Karate Chop": [Damage(Minus(70, 10, DamageCountersOn(SELF)))],
    }),
    "bw6-70": PokemonScript(attacks={  # Stunfisk
        "Muddy Water": [ChoosePokemon("t", "opp", "bench", pre=True), BenchDamage(20, var="t")],
        "Rumble": [cant_retreat()],
    }),
    "bw6-71": PokemonScript(attacks={  # Terrakion-EX
        "Rock Tumble": [Damage(resistance=False)],
        "Pump-up Smash": [If(PlayerHas("own", "bench"), [
            ChooseCards("e", "hand", BASIC_ENERGY, count=2), AttachEachToBench("e")])],
    }),
    "bw6-72": PokemonScript(attacks={  # Murkrow
        "Peck": [],
        "Wing Attack": [],
    }),
    "bw6-73": PokemonScript(attacks={  # Honchkrow
        "Whirlwind": [If(PlayerHas("opp", "bench"), [
            Worded(ChooseYesNo("sw", "Have your opponent switch the Defending Pokémon?"), ""),
            Worded(If(VarTrue("sw"), opponent_switches()),
                   "you may make your opponent swap the Defending Pokémon for 1 of their "
                   "Benched Pokémon (they choose which).")])],
        "Diving Swipe": [FromOpponentHandUnseen(1, wording="A random card of your "
                                                           "opponent's hand is discarded.")],
    }),
    "bw6-74": PokemonScript(attacks={  # Houndour
        "Bite": [],
        "Darkness Fang": [],
    }),
    "bw6-75": PokemonScript(attacks={  # Houndoom
        "Bite": [],
        "Fire Fang": condition(BURNED),
    }),
    "bw6-76": PokemonScript(attacks={  # Stunky
        "Acid Spray": on_heads(DiscardEnergy(DEFENDER, 1)),
    }),
    "bw6-77": PokemonScript(attacks={  # Skuntank
        "Smogscreen": [Inflict(DEFENDER, POISONED), attack_may_fail()],
        "Hammer In": [],
    }),
    "bw6-78": PokemonScript(attacks={  # Aron
        "Take Down": [SelfDamage(10)],
    }),
    "bw6-79": PokemonScript(attacks={  # Lairon
        "Metal Claw": [],
        "Wreak Havoc": [FlipUntilTails(), MillOpponent(HEADS_COUNT)],
    }),
    "bw6-80": PokemonScript(  # Aggron
        powers={"Toppling Wind": Power(
            requires=(EvolvedFromHand(),),
            steps=(Worded(ChooseYesNo("tw", "Send your opponent's 3 top deck cards to "
                                            "their discard pile?"), ""),
                   Worded(If(VarTrue("tw"), MillOpponent(3)),
                          "You may discard 3 cards from the top of your opponent's deck.")))},
        attacks={"Giga Horn": [*gated(Flip(2), If(HeadsExactly(0, 2), DoesNothing())),
                               Damage()]},
    ),
    "bw6-81": PokemonScript(attacks={  # Registeel-EX
        "Triple Laser": [
            ChoosePokemon("t", "opp", count=3, pre=True),
            Worded(DamageChosen("t", Const(30)),
                   "Each of them takes 30 damage (Weakness and Resistance "
                   "only for the Active Pokémon).")],
        "Protect Charge": [guard(20, "takes_20_less")],
    }),
    "bw6-82": PokemonScript(attacks={  # Probopass
        "Magnetic Lines": [If(PlayerHas("opp", "bench"), [
            Worded(ChooseYesNo("ml", "Move an Energy from the Defending Pokémon to a Benched "
                                     "Pokémon?"), ""),
            Worded(If(VarTrue("ml"), [ChooseAttachedEnergy("e", DEFENDER),
                                      ChoosePokemon("to", "opp", "bench"),
                                      MoveEnergy("e", "to")]),
                   "You may move an Energy card from the Defending Pokémon to a Pokémon on "
                   "your opponent's Bench.")])],
        "Heavy Nose": [Damage(PlusIf(60, 30, SlotIs(DEFENDER, "damaged")))],
    }),
    "bw6-83": PokemonScript(attacks={  # Durant
        "Pull Out": [ChooseCards("c", "discard", ANY_CARD), MoveCards("c", "deck")],
        "Iron Head": [FlipUntilTails(), Damage(Times(30))],
    }),
    "bw6-84": PokemonScript(  # Altaria
        powers={"Fight Song": Power(passives=(SideTypeBoost("N", 20),))},
        attacks={"Glide": []},
    ),
    "bw6-85": PokemonScript(attacks={  # Rayquaza-EX
        "Celestial Roar": [MillAndAttachEnergy(3)],
        "Dragon Burst": [DiscardAllBasicOfOneType(("R", "L")),
                         Damage(Times(60, VarValue("discarded", "Energy card discarded this "
                                                                "way", 2.0)))],
    }),
    "bw6-86": PokemonScript(attacks={  # Gible
        "Tackle": [],
        "Gnaw": [],
    }),
    "bw6-87": PokemonScript(attacks={  # Gible
        "Sand-Attack": [attack_may_fail()],
        "Knock Away": plus_on_heads(10, 20),
    }),
    "bw6-88": PokemonScript(attacks={  # Gabite
        "Tackle": [],
        "Shred": [ShredDamage()],
    }),
    "bw6-89": PokemonScript(  # Gabite
        powers={"Dragon Call": Power(requires=(PlayerHas("own", "deck"),),
                                     steps=tuple(search_to_hand(pokemon_of_type("N"))))},
        attacks={"Dragonslice": []},
    ),
    "bw6-90": PokemonScript(attacks={  # Garchomp
        "Mach Cut": [DiscardSpecialEnergy(DEFENDER)],
        "Dragonblade": mill_own(2),
    }),
    "bw6-91": PokemonScript(attacks={  # Garchomp
        "Jet Headbutt": [],
        "Sand Tomb": [cant_retreat()],
    }),
    "bw6-92": PokemonScript(attacks={  # Giratina-EX
        "Shred": [ShredDamage()],
        "Dragon Pulse": mill_own(3),
    }),
    "bw6-93": PokemonScript(attacks={  # Deino
        "Deep Growl": coin_condition(PARALYZED),
        "Power Breath": [DiscardEnergy(SELF, 1)],
    }),
    "bw6-94": PokemonScript(attacks={  # Deino
        "Guard Press": [guard(10, "less_damage_10")],
        "Headbutt": [],
    }),
    "bw6-95": PokemonScript(attacks={  # Zweilous
        "Crunch": on_heads(DiscardEnergy(DEFENDER, 1)),
        "Dragon Claw": [],
    }),
    "bw6-96": PokemonScript(attacks={  # Zweilous
        "Draw In": [ChooseCards("e", "discard", basic_energy_of_type("D"), count=2),
                    MoveCards("e", "attach", wording="Attach them to this Pokémon.")],
        "Dragon Headbutt": [],
    }),
    "bw6-97": PokemonScript(  # Hydreigon
        powers={"Dark Trance": energy_trans("D")},
        attacks={"Dragonblast": [DiscardEnergy(SELF, 2, "D")]},
    ),
    "bw6-98": PokemonScript(attacks={  # Hydreigon
        "Consume": [Worded(Heal(SELF, DealtCounters()),
                           "Then remove from this Pokémon as much damage as this attack did "
                           "to the Defending Pokémon.")],
        "Destructor Beam": on_heads(DiscardEnergy(DEFENDER, 1)),
    }),
    "bw6-99": PokemonScript(attacks={  # Aipom
        "Double Hit": times_heads(10, 2),
    }),
    "bw6-100": PokemonScript(attacks={  # Ambipom
        "Double Hit": times_heads(20, 2),
        "Hand Fling": [Damage(Times(10, HandSize()))],
    }),
    "bw6-101": PokemonScript(attacks={  # Slakoth
        "Smack 'n' Slack": [Inflict(SELF, ASLEEP)],
    }),
    "bw6-102": PokemonScript(attacks={  # Vigoroth
        "Ambush": plus_on_heads(20, 40),
    }),
    "bw6-103": PokemonScript(  # Slaking
        powers={"Unobservant": Power(passives=(NoAttackWhileFacingBasic(),))},
        attacks={"Crushing Blow": [DiscardEnergy(DEFENDER, 1)]},
    ),
    "bw6-104": PokemonScript(attacks={  # Swablu
        "Sing": condition(ASLEEP),
        "Peck": [],
    }),
    "bw6-105": PokemonScript(attacks={  # Swablu
        "Peck": [],
    }),
    "bw6-106": PokemonScript(attacks={  # Bidoof
        "Bang Heads": [Inflict(DEFENDER, CONFUSED), Inflict(SELF, CONFUSED)],
    }),
    "bw6-107": PokemonScript(attacks={  # Bibarel
        "Amnesia": forbid_attack(DEFENDER),
        "Tumbling Tackle": [Inflict(DEFENDER, ASLEEP), Inflict(SELF, ASLEEP)],
    }),
    "bw6-108": PokemonScript(attacks={  # Audino
        "Wake-up Beam": [RemoveConditions(DEFENDER)],
        "Drain Slap": [Heal(SELF, 3)],
    }),
    "bw6-109": PokemonScript(attacks={  # Minccino
        "Pound": [],
        "Reckless Charge": [SelfDamage(10)],
    }),
    "bw6-110": PokemonScript(  # Bouffalant
        powers={"Bouffer": Power(passives=(ReduceDamageTaken(20),))},
        attacks={"Gold Breaker": [Damage(PlusIf(60, 60, SlotIs(DEFENDER, "ex")))]},
    ),
    "bw6-111": PokemonScript(attacks={  # Rufflet
        "Chirp": [Worded(ChooseCards("c", "deck", F_RESISTANT, count=2),
                         "Search your deck for up to 2 Pokémon with [F] Resistance."),
                  *search_to_hand(F_RESISTANT, 2)[1:]],
        "Sharp Beak": plus_on_heads(10, 20),
    }),
    "bw6-112": PokemonScript(attacks={  # Braviary
        "Slash": [],
        "Fury Attack": times_heads(50, 3),
    }),
    "bw6-128": PokemonScript(attacks={  # Rayquaza
        "Dragon Pulse": mill_own(2),
        "Shred": [ShredDamage()],
    }),
}

# --------------------------------------------------------------------------- Trainers

TRAINERS: dict[str, TrainerScript] = {
    "bw6-113": TrainerScript(  # Devolution Spray
        requires=(AnyPokemon("own", EVOLVED),),
        steps=[ChoosePokemon("t", "own", filt=EVOLVED),
               Worded(Devolve("t"), "Devolve it: put its highest Evolution card into your "
                                    "hand. It can't evolve again this turn.")]),
    "bw6-114": TrainerScript(passives=(HpBonus(20),)),  # Giant Cape
    "bw6-115": TrainerScript(passives=(ToHandWhenKnockedOut(),)),  # Rescue Scarf
    "bw6-116": TrainerScript(  # Tool Scrapper
        requires=(ToolInPlay(),),
        steps=[DiscardToolsInPlay(2)]),
}

# --------------------------------------------------------------------------- Energy

ENERGY: dict[str, EnergyScript] = {
    # One unit of any of four types (the printed facts say which): [C] in no zone matters.
    "bw6-117": EnergyScript(),  # Blend Energy GRPD
    "bw6-118": EnergyScript(),  # Blend Energy WLFM
}

SCRIPTS: dict[str, Script] = {**POKEMON, **TRAINERS, **ENERGY}
