"""Rising Rivals: effect scripts of pl2-35 to pl2-74 (rares, uncommons and commons).

Written with the effect DSL (docs/CARDS.md); the printed facts come from the assets. Pokémon
SP (names ending G, GL, 4) are Basic Pokémon here like any other.
"""

from __future__ import annotations

from ...cardpool import PokemonScript, Power, Script
from ...effects.core import Step
from ...effects.library import (
    AllTypes,
    HealOnAttach,
    ReduceDamageTaken,
    ReduceDamageTakenWithEnergy,
    SideGuard,
    StrikeBack,
)
from ...effects.steps import (
    BASIC_ENERGY,
    DAMAGED_G,
    DEFENDER,
    ENERGY_CARD,
    HEADS,
    HEADS_COUNT,
    SELF,
    SUPPORTER_CARD,
    TAILS,
    TRAINER_CARD,
    UNDAMAGED,
    AllOf,
    BenchDamage,
    CardsInZone,
    ChooseAttachedEnergy,
    ChooseCards,
    ChoosePokemon,
    ChooseYesNo,
    Const,
    Damage,
    DamageChosen,
    DiscardEnergy,
    DoesNothing,
    Draw,
    EnergyOfTypeOn,
    EvolveWith,
    Flip,
    FlipUntilTails,
    HasCards,
    Heal,
    If,
    IfExpr,
    Inflict,
    Mark,
    MoveCards,
    MoveEnergy,
    MoveZoneCards,
    NothingOnTails,
    OpponentMayDiscard,
    PlayerHas,
    Plus,
    PlusIf,
    PutCounters,
    RemoveConditions,
    SameEnergyCount,
    SelfDamage,
    SetCounter,
    ShuffleDeck,
    ShufflePokemonIntoDeck,
    SlotIs,
    SwitchOwnActive,
    Times,
    VarFalse,
    VarTrue,
    Worded,
    card_named,
    energy_of_type,
    evolves_from,
)
from ...ruleset import ASLEEP, BURNED, CONFUSED, PARALYZED, POISONED
from ..shapes import condition, on_heads, opponent_switches, plus_on_heads

W_ENERGY = energy_of_type("W")
M_ENERGY = energy_of_type("M")
R_ENERGY = energy_of_type("R")
ALL_TYPES = ("G", "R", "W", "L", "P", "F", "D", "M", "C")


def choose_opponents_pokemon(damage: int) -> list[Step]:
    """``damage`` to an opponent's Pokémon of the attacker's choice (Weakness and
    Resistance apply to the Active Pokémon only)."""
    return [ChoosePokemon("t", "opp", pre=True),
            Worded(DamageChosen("t", Const(damage)),
                   f"It takes {damage} damage (Weakness and Resistance count "
                   "only for an Active Pokémon).")]


def baby_evolution() -> Power:
    """Munchlax's Baby Evolution: put Snorlax from the hand onto it, then heal it fully."""
    return Power(
        requires=(SlotIs(SELF, "may_evolve_from_hand"), HasCards("hand", card_named("Snorlax"))),
        works_under_conditions=True,
        steps=(Worded(ChooseCards("s", "hand", card_named("Snorlax")), ""),
               EvolveWith("s", SELF, "Put the Snorlax card on this Pokémon, which evolves "
                                     "it."),
               Heal(SELF, None)))


POKEMON: dict[str, PokemonScript] = {
    # ----------------------------------------------------------------- rares
    "pl2-35": PokemonScript(  # Vespiquen 4
        powers={"Royal Gain": Power(passives=(HealOnAttach(1, to_self=True, etype="G"),))},
        attacks={"Leaf Needle": [Flip(EnergyOfTypeOn(SELF, "G")), Damage(Plus(30, 20))]},
    ),
    "pl2-36": PokemonScript(  # Walrein
        powers={"Gather Ice": Power(works_under_conditions=True,
            requires=(SlotIs(SELF, "evolved_this_turn"), HasCards("hand", W_ENERGY)),
            steps=(Worded(ChooseCards("w", "hand", W_ENERGY,
                                      count=CardsInZone("own", "hand", W_ENERGY), up_to=True),
                          "From your hand, attach any number of [W] Energy cards to this "
                          "Pokémon."),
                   MoveCards("w", "attach", onto=SELF, wording="")))},
        attacks={"Cold Crush": [DiscardEnergy(SELF, 1), DiscardEnergy(DEFENDER, 1)]},
    ),
    "pl2-37": PokemonScript(attacks={  # Yanmega 4
        "Skill Dive": choose_opponents_pokemon(10),
        "Whirlwind": opponent_switches(),
    }),
    "pl2-38": PokemonScript(attacks={  # Alakazam 4
        "Recover": [DiscardEnergy(SELF, 1, "P"), Heal(SELF, 4)],
        "Mysterious Beam": on_heads(DiscardEnergy(DEFENDER, 1)),
    }),
    "pl2-39": PokemonScript(attacks={  # Electrode G
        "Reckless Bomb": [Worded(Damage(Const(20)), "Does 20 damage to the Defending Pokémon."),
                          BenchDamage(20, side="opp"), SelfDamage(100)],
        "Reflect Energy": [If(AllOf((PlayerHas("own", "bench"), SlotIs(SELF, "has_energy"))), [
            ChooseAttachedEnergy("e", SELF),
            ChoosePokemon("t", "own", "bench"),
            MoveEnergy("e", "t", "Attach it to that Benched Pokémon.")])],
    }),
    "pl2-40": PokemonScript(attacks={  # Gengar GL
        "Confuse Ray": condition(CONFUSED),
        "Attack and Hide": [
            ChoosePokemon("t", "opp", pre=True), PutCounters("t", 3),
            Worded(ChooseYesNo("hide", "Shuffle this Pokémon and its cards into your deck?"),
                   "You may shuffle this Pokémon and every card attached to it into your "
                   "deck."),
            Worded(If(VarTrue("hide"), [ShufflePokemonIntoDeck(SELF),
                                        ShuffleDeck(wording="")]), ""),
        ],
    }),
    "pl2-41": PokemonScript(  # Glaceon
        powers={"Frost Wind": Power(passives=(SideGuard(10),))},
        attacks={
            "Ice Blade": choose_opponents_pokemon(30),
            "Ice Bind": [
                OpponentMayDiscard("d", "Your opponent may discard a card from their "
                                        "hand."),
                If(VarFalse("d", "they don't"), Inflict(DEFENDER, PARALYZED))],
        },
    ),
    "pl2-42": PokemonScript(  # Hippowdon 4
        powers={"Sand Armor": Power(passives=(ReduceDamageTakenWithEnergy(10, "F"),))},
        attacks={"Bite and Crush": [Flip(2), Damage(Plus(30, 10))]},
    ),
    "pl2-43": PokemonScript(attacks={  # Infernape 4
        "Split Bomb": [ChoosePokemon("t", "opp", count=2, pre=True),
                       Worded(DamageChosen("t", Const(20)),
                              "Each of them takes 20 damage (Weakness and "
                              "Resistance count only for an Active Pokémon).")],
        "High Jump Kick": [],
    }),
    "pl2-44": PokemonScript(attacks={  # Lairon
        "Heavy Metal": [Flip(EnergyOfTypeOn(SELF, "M")), Damage(Plus(10, 20))],
        "Granite Head": [Mark(SELF, "less_damage_10", 1,
                              "takes 10 less damage from attacks during your opponent's "
                              "next turn (after Weakness and Resistance)")],
    }),
    "pl2-45": PokemonScript(  # Leafeon
        powers={"Energy Refresh": Power(passives=(HealOnAttach(2, to_self=False),))},
        attacks={
            "Plus Energy": [ChooseCards("e", "hand", BASIC_ENERGY),
                            If(VarTrue("e", "you chose one"), [
                                ChoosePokemon("t", "own"),
                                MoveCards("e", "attach", onto="t")])],
            "Soothing Scent": condition(ASLEEP),
        },
    ),
    "pl2-46": PokemonScript(attacks={  # Machamp GL
        "Cross-Cut": [Damage(PlusIf(30, 20, SlotIs(DEFENDER, "evolved")))],
        "Brush Off": [
            If(PlayerHas("opp", "bench"), [
                Worded(ShufflePokemonIntoDeck(DEFENDER),
                       "The Defending Pokémon and every card attached to it go on top of "
                       "your opponent's deck."),
                ShuffleDeck("opp", "Then your opponent shuffles that deck.")],
                DoesNothing())],
    }),
    "pl2-47": PokemonScript(attacks={  # Rapidash 4
        "Pickup Power": [Flip(3),
                         ChooseCards("e", "discard", BASIC_ENERGY, count=HEADS_COUNT),
                         MoveCards("e", "hand", reveal=True,
                                   wording="Let your opponent see them, then add "
                                           "them to your hand.")],
        "Fire Mane": [],
    }),
    "pl2-48": PokemonScript(attacks={  # Scizor 4
        "Cut": [],
        "Crushing Blow": on_heads(DiscardEnergy(DEFENDER, 1)),
    }),
    "pl2-49": PokemonScript(  # Sharpedo
        powers={"Energy Shark": Power(
            passives=(StrikeBack(),),
            steps=(Flip(), If(HEADS, DiscardEnergy(DEFENDER, 1))),
            wording="Whenever an attack of your opponent damages this Pokémon while it is "
                    "your Active Pokémon (even if it is Knocked Out), flip a coin. Heads: "
                    "discard 1 Energy card from the Attacking Pokémon.")},
        attacks={
            "Crunch": [Mark(DEFENDER, "more_damage_40", 2,
                            "takes 40 more damage from any attack that damages it (after "
                            "Weakness and Resistance) through your next turn")],
            "Sharp Fang": [],
        },
    ),
    "pl2-50": PokemonScript(  # Starmie
        powers={"Aqua Recycle": Power(
            requires=(HasCards("discard", W_ENERGY),),
            steps=(ChooseCards("e", "discard", W_ENERGY),
                   MoveCards("e", "hand", reveal=True,
                             wording="Let your opponent see it, then add it to your hand.")))},
        attacks={
            "Synchro Gain": [If(SameEnergyCount(), Heal(SELF, 4))],
            "Powerful Spin": [Mark(SELF, "cant_attack", 2,
                                   "is unable to attack until your next turn is over")],
        },
    ),
    "pl2-51": PokemonScript(attacks={  # Steelix GL
        "Mend": [ChooseCards("e", "discard", M_ENERGY),
                 If(VarTrue("e", "you do"), [MoveCards("e", "attach", onto=SELF),
                                             Heal(SELF, 1)])],
        "Squeeze": [Flip(), Damage(PlusIf(30, 50, HEADS)),
                    If(HEADS, Inflict(DEFENDER, PARALYZED))],
    }),
    "pl2-52": PokemonScript(attacks={  # Tropius
        "Fly": [NothingOnTails(),
                Mark(SELF, "no_attack_effects", 1,
                     "is protected from all effects of your opponent's attacks, damage "
                     "included, during your opponent's next turn")],
        "Blessed Fruit": [ChoosePokemon("t", "own", "bench", filt=DAMAGED_G,
                                        wording="Choose 1 of your Benched [G] Pokémon with "
                                                "damage counters."),
                          Heal("t", None)],
        "Solarbeam": [],
    }),
    "pl2-53": PokemonScript(attacks={  # Vibrava
        "Energy Typhoon": [
            Damage(Times(20, CardsInZone("opp", "discard", ENERGY_CARD))),
            MoveZoneCards("opp", "discard", "deck", ENERGY_CARD,
                          "Then those Energy cards go on top of your opponent's deck."),
            ShuffleDeck("opp", "Then your opponent shuffles that deck.")],
        "Quick Attack": plus_on_heads(20, 20),
    }),
    "pl2-54": PokemonScript(attacks={  # Whiscash 4
        "Sleep Pulse": condition(ASLEEP),
        "Earthquake": [BenchDamage(10, side="own")],
    }),
    # ----------------------------------------------------------------- uncommons
    "pl2-55": PokemonScript(attacks={  # Aerodactyl GL
        "Collect": [Draw(2)],
        "Primal Breath": [Mark(DEFENDER, "cant_evolve", 1,
                               "can't be evolved or levelled up from your opponent's hand "
                               "during his or her next turn")],
    }),
    "pl2-56": PokemonScript(attacks={  # Ambipom G
        "Tail Code": [If(AllOf((SlotIs(DEFENDER, "has_energy"), PlayerHas("opp", "bench"))), [
            ChooseAttachedEnergy("e", DEFENDER),
            ChoosePokemon("t", "opp", "bench",
                          wording="Choose another of your opponent's Pokémon."),
            MoveEnergy("e", "t")])],
        "Snap Attack": [Damage(IfExpr(SlotIs(DEFENDER, "has_energy"), Const(20), Const(60)))],
    }),
    "pl2-57": PokemonScript(attacks={  # Aron
        "Iron Head": [FlipUntilTails(), Damage(Times(10))],
        "Ram": [],
    }),
    "pl2-58": PokemonScript(attacks={  # Carvanha
        "Scary Face": on_heads(
            Mark(DEFENDER, "cant_attack", 1, "is unable to attack until your opponent's "
                                             "next turn is over"),
            Mark(DEFENDER, "cant_retreat", 1, "is unable to retreat until your opponent's "
                                              "next turn is over")),
        "Whirlpool": on_heads(DiscardEnergy(DEFENDER, 1)),
    }),
    "pl2-59": PokemonScript(attacks={  # Eevee
        "Signs of Evolution": [
            Worded(ChooseCards("c", "deck", evolves_from("Eevee"), count=2),
                   "Search your deck for Eevee's evolutions and pick up to 2 of them."),
            MoveCards("c", "hand", reveal=True,
                      wording="Let your opponent see them, then add them to your hand."),
            ShuffleDeck()],
        "Bounce": [If(PlayerHas("own", "bench"), [
            ChoosePokemon("b", "own", "bench"),
            SwitchOwnActive("b", "Switch this Pokémon with it.")])],
    }),
    "pl2-60": PokemonScript(attacks={  # Flareon 4
        "Tackle": [],
        "Fire Tail Slap": [Flip(), If(TAILS, DiscardEnergy(SELF, 1, "R"))],
    }),
    "pl2-61": PokemonScript(attacks={  # Forretress G
        "Shell Scatter": [Worded(Damage(Const(10)), "Does 10 damage to the Defending Pokémon."),
                          BenchDamage(10, side="opp"),
                          Mark(SELF, "no_attack_0", 2,
                               "is unable to use Shell Scatter until your next turn is over")],
        "Bomb Risk": [BenchDamage(10, side="both"), Flip(), If(TAILS, SelfDamage(80))],
    }),
    "pl2-62": PokemonScript(attacks={  # Gliscor 4
        "Irongrip": [],
        "Loaded Needle": [Flip(), Damage(PlusIf(10, 30, HEADS)),
                          If(TAILS, Inflict(DEFENDER, POISONED))],
    }),
    "pl2-63": PokemonScript(attacks={  # Growlithe
        "Stoke": [ChooseCards("e", "deck", R_ENERGY), MoveCards("e", "attach", onto=SELF),
                  ShuffleDeck()],
        "Take Down": [SelfDamage(10)],
    }),
    "pl2-64": PokemonScript(attacks={  # Hippopotas
        "Push Down": opponent_switches(),
        "Endeavor": [Flip(2), Damage(Plus(30, 20))],
    }),
    "pl2-65": PokemonScript(attacks={  # Houndoom 4
        "Corner": [Mark(DEFENDER, "cant_retreat", 1,
                        "is unable to retreat until your opponent's next turn is over")],
        "Fire Fang": condition(BURNED),
    }),
    "pl2-66": PokemonScript(  # Kakuna
        powers={"Exoskeleton": Power(passives=(ReduceDamageTaken(20),))},
        attacks={"Dangerous Evolution": [
            Inflict(DEFENDER, POISONED),
            *on_heads(ChooseCards("c", "deck", evolves_from("Kakuna")),
                      EvolveWith("c", SELF),
                      ShuffleDeck())]},
    ),
    "pl2-67": PokemonScript(  # Kecleon
        powers={"Colorful Body": Power(passives=(AllTypes(ALL_TYPES),))},
        attacks={"Triple Smash": [Flip(3), Damage(Plus(10, 20))]},
    ),
    # ----------------------------------------------------------------- commons
    "pl2-68": PokemonScript(attacks={  # Koffing
        "Offensive Gas": on_heads(Inflict(DEFENDER, CONFUSED, POISONED)),
        "Gas Bomb": [Worded(SelfDamage(30), "It also does 30 damage to itself (no "
                                            "Weakness or Resistance).")],
    }),
    "pl2-69": PokemonScript(  # Munchlax
        powers={"Baby Evolution": baby_evolution()},
        attacks={"Rest": [RemoveConditions(SELF), Heal(SELF, 6), Inflict(SELF, ASLEEP)]},
    ),
    "pl2-70": PokemonScript(  # Munchlax
        powers={"Baby Evolution": baby_evolution()},
        attacks={"Errand-Running": [
            ChooseCards("c", "deck", TRAINER_CARD),
            MoveCards("c", "hand", reveal=True), ShuffleDeck()]},
    ),
    "pl2-71": PokemonScript(attacks={  # Nidoran♀
        "Scratch": [],
        "Offer Help": [ChooseCards("c", "deck", SUPPORTER_CARD),
                       MoveCards("c", "hand", reveal=True), ShuffleDeck()],
    }),
    "pl2-72": PokemonScript(attacks={  # Nidoran♂
        "Leer": on_heads(Mark(DEFENDER, "cant_attack", 1,
                              "is unable to attack until your opponent's next turn is over")),
        "Horn Hazard": [NothingOnTails()],
    }),
    "pl2-73": PokemonScript(attacks={  # Nidorina
        "Jump Tackle": [Worded(SelfDamage(10), "It also does 10 damage to itself (no "
                                               "Weakness or Resistance).")],
        "Stress Poison": [Damage(PlusIf(40, 20, SlotIs(SELF, "damaged"))),
                          If(SlotIs(SELF, "damaged"), Inflict(DEFENDER, POISONED))],
    }),
    "pl2-74": PokemonScript(attacks={  # Nidorino
        "Toxic": [Inflict(DEFENDER, POISONED),
                  SetCounter(DEFENDER, "poison_counters", 2,
                             "Between turns, its Poison puts 2 damage counters on it "
                             "instead of 1.")],
        "Frustration": [ChoosePokemon("t", "opp", filt=UNDAMAGED, pre=True),
                        Worded(DamageChosen("t", Const(40)),
                               "It takes 40 damage (Weakness and Resistance "
                               "count only for an Active Pokémon).")],
    }),
}

SCRIPTS: dict[str, Script] = {**POKEMON}
