"""Platinum: effect scripts of pl1-78 to pl1-121 (the Fossils and Level Max aside),
pl1-128 to pl1-130 and pl1-SH4 to pl1-SH6: the commons, every Trainer of the set (Stadiums,
Supporters, Items, Tools) and Rainbow Energy."""

from __future__ import annotations

from ...cardpool import EnergyScript, PokemonScript, Power, Script, TrainerScript
from ...effects.core import Step
from ...effects.library import (
    AttackCostLess,
    CountersWhenPlayed,
    FreeRetreatWithEnergy,
    FreshEvolution,
)
from ...effects.steps import (
    BASIC_ENERGY,
    DEFENDER,
    ENERGY_CARD,
    GALACTIC_INVENTION,
    HEADS,
    POKEMON_CARD,
    SELF,
    SP_POKEMON,
    SUPPORTER_CARD,
    TAILS,
    TRAINER_ITEM,
    AllOf,
    AnyOf,
    AttackDamageTaken,
    BenchDamage,
    BenchDamageOfType,
    ChooseAttachedEnergy,
    ChooseCards,
    ChoosePokemon,
    ChooseYesNo,
    Const,
    Damage,
    DamageChosenNoWR,
    DamageCountersOn,
    DoesNothing,
    Draw,
    DrawChosenUpTo,
    EnergyUnitsOn,
    Flip,
    FromOpponentHandUnseen,
    HasCards,
    HasMarker,
    Heal,
    HealEach,
    HolderIs,
    If,
    IfExpr,
    Inflict,
    InflictActives,
    LookAtOpponentHand,
    Mark,
    MoveCards,
    MoveEnergy,
    MoveTopToBottom,
    NothingOnTails,
    PlayerHas,
    Plus,
    PlusIf,
    PreventPowerEffects,
    PutCounters,
    RemoveConditions,
    ReorderTopOfDeckOf,
    ReturnToHand,
    Scaled,
    SelfDamage,
    ShuffleDeck,
    ShuffleHandIntoDeck,
    SlotIs,
    SurplusEnergy,
    SwitchOpponentActive,
    Times,
    VarTrue,
    VarValue,
    Worded,
    card_named,
    energy_of_type,
)
from ...energy import TYPES
from ...ruleset import ASLEEP, BURNED, CONFUSED, PARALYZED, POISONED
from ..shapes import (
    bench_from_deck,
    coin_condition,
    condition,
    may_switch_self,
    no_trainers_next_turn,
    on_heads,
    plus_on_heads,
    search_to_hand,
    times_heads,
)

G_ENERGY = energy_of_type("G")
R_ENERGY = energy_of_type("R")


def move_energy_to_bench() -> list[Step]:
    """One Energy card moves from this Pokémon to a Benched Pokémon of its owner."""
    return [If(AllOf((PlayerHas("own", "bench"), SlotIs(SELF, "has_energy"))), [
        ChooseAttachedEnergy("e", SELF),
        ChoosePokemon("t", "own", "bench"),
        MoveEnergy("e", "t", "Attach it to that Benched Pokémon.")])]


def boosted(by: str, base: int, boosted_to: int) -> Damage:
    """The base damage is higher while the user's own earlier attack (``by``) marked it."""
    return Damage(IfExpr(HasMarker(SELF, "powered_up",
                                   f"used {by} during your last turn"),
                         Const(boosted_to), Const(base)))


def power_up(attack: str, to: int) -> Worded:
    """In the user's next turn, its <attack> has a higher base damage (<to>)."""
    return Worded(Mark(SELF, "powered_up", 2, ""),
                  f"In your next turn, {attack} of this Pokémon has a base damage of {to}.")


# --------------------------------------------------------------------------- Pokémon

POKEMON: dict[str, PokemonScript] = {
    "pl1-78": PokemonScript(attacks={  # Kricketot
        "Lullaby": condition(ASLEEP),
        "Rollout": [],
    }),
    "pl1-79": PokemonScript(attacks={  # Lapras
        "Grind": [Damage(Times(10, EnergyUnitsOn(SELF)))],
        "Ice Beam": coin_condition(PARALYZED),
    }),
    "pl1-80": PokemonScript(attacks={  # Lickitung
        "Stretch Tongue": [ChoosePokemon("t", "opp", pre=True),
                           DamageChosenNoWR("t", Const(10))],
        "Knock Off": [FromOpponentHandUnseen(
            wording="Discard 1 card at random from your opponent's hand.")],
    }),
    "pl1-81": PokemonScript(attacks={  # Lotad
        "Energy Ball": [Damage(Plus(10, 10, SurplusEnergy(), cap=20))],
        "Synthesis": on_heads(
            ChooseCards("e", "deck", G_ENERGY),
            If(VarTrue("e", "you found one"), [
                ChoosePokemon("t", "own"),
                MoveCards("e", "attach", onto="t", wording="Attach it to that Pokémon.")]),
            ShuffleDeck()),
    }),
    "pl1-82": PokemonScript(attacks={  # Mareep
        "Minor Errand-Running": search_to_hand(BASIC_ENERGY),
        "Expand": [Mark(SELF, "reduced_10", 1,
                        "takes 10 less damage from attacks (after Weakness and Resistance) "
                        "during your opponent's next turn")],
    }),
    "pl1-83": PokemonScript(attacks={  # Misdreavus
        "Take Back": on_heads(ChooseCards("c", "discard", TRAINER_ITEM),
                              MoveCards("c", "hand", reveal=True)),
        "Tackle": [],
    }),
    "pl1-84": PokemonScript(attacks={  # Nosepass
        "Pull": [ChoosePokemon("o", "opp", "bench", pre=True), SwitchOpponentActive("o")],
        "Rollout": [],
    }),
    "pl1-85": PokemonScript(attacks={  # Piplup
        "Muddy Water": [ChoosePokemon("t", "opp", "bench", pre=True),
                        BenchDamage(10, var="t")],
        "Pound": [],
    }),
    "pl1-86": PokemonScript(attacks={  # Poochyena
        "Howl": bench_from_deck(card_named("Poochyena")),
        "Lunge": [NothingOnTails()],
    }),
    "pl1-87": PokemonScript(attacks={  # Psyduck
        "Headache": on_heads(no_trainers_next_turn()),
        "Latent Power": [Flip(), Worded(
            If(HEADS, Damage(), Inflict(SELF, CONFUSED)),
            "Tails: this attack does no damage, and this Pokémon becomes Confused instead.")],
    }),
    "pl1-88": PokemonScript(attacks={  # Purugly G
        "Chip Off": [FromOpponentHandUnseen(down_to=5)],
        "Poor Sleep": [Flip(), Damage(PlusIf(50, 30, HEADS)), If(HEADS, Inflict(SELF, ASLEEP))],
    }),
    "pl1-89": PokemonScript(attacks={  # Ralts
        "Future Sight": [
            Worded(ChooseYesNo("theirs", "Look at your opponent's deck (else your own)?"), ""),
            ReorderTopOfDeckOf(5, "theirs")],
        "Hypnoblast": coin_condition(ASLEEP),
    }),
    "pl1-90": PokemonScript(attacks={  # Remoraid
        "Splash": [],
        "Trickle": times_heads(20, 2),
    }),
    "pl1-91": PokemonScript(attacks={  # Riolu
        "Light Punch": [],
        "Steady Punch": plus_on_heads(20, 10),
    }),
    "pl1-92": PokemonScript(attacks={  # Shuppet
        "Hypnotic Gaze": condition(ASLEEP),
        "Fade Out": [If(PlayerHas("own", "no_bench"), DoesNothing()), Damage(),
                     Worded(ReturnToHand(SELF), "Then put this Pokémon and every card "
                                                "attached to it back into your hand.")],
    }),
    "pl1-93": PokemonScript(attacks={  # Skitty
        "Heal Bell": [HealEach("own", 1)],
        "Take Down": [SelfDamage(10)],
    }),
    "pl1-94": PokemonScript(  # Skuntank G
        powers={"Poison Structure": Power(
            requires=(PlayerHas("own", "stadium"),),
            steps=(InflictActives(POISONED, skip_sp=True),))},
        attacks={"Smokescreen": [Mark(
            DEFENDER, "attack_may_fail", 1,
            "is hidden in smoke: if it attacks during your opponent's next turn, they "
            "flip a coin first, and on tails that attack fails")]},
    ),
    "pl1-95": PokemonScript(attacks={  # Slakoth
        "Flail": [Damage(Times(10, DamageCountersOn(SELF)))],
        "Slack Off": [Heal(SELF, None),
                      Mark(SELF, "cant_attack", 2, "is unable to attack until "
                                                   "your next turn is over")],
    }),
    "pl1-96": PokemonScript(attacks={"Skull Bash": [], "Bite": []}),  # Squirtle
    "pl1-97": PokemonScript(attacks={  # Swablu
        "Sing": condition(ASLEEP),
        "Run Around": may_switch_self(),
    }),
    "pl1-98": PokemonScript(attacks={  # Tauros
        "Show Off": search_to_hand(BASIC_ENERGY),
        "Take Down": [Flip(), If(TAILS, SelfDamage(10))],
    }),
    "pl1-99": PokemonScript(attacks={  # Torchic
        "Focus Energy": [power_up("Fire Shard", 80)],
        "Fire Shard": [NothingOnTails(), boosted("Focus Energy", 20, 80)],
    }),
    "pl1-100": PokemonScript(attacks={  # Torkoal
        "Super Singe": coin_condition(BURNED),
        "Flame Ball": move_energy_to_bench(),
    }),
    "pl1-101": PokemonScript(attacks={  # Turtwig
        "Ram": [],
        "Body Slam": coin_condition(PARALYZED),
    }),
    "pl1-102": PokemonScript(attacks={  # Vulpix
        "Reheat": [ChooseCards("e", "hand", ENERGY_CARD, count=2, up_to=True),
                   MoveCards("e", "discard", wording="Discard them."),
                   Draw(Scaled(2, VarValue("e", "card discarded this way", 1)))],
        "Confuse Ray": coin_condition(CONFUSED),
    }),
    "pl1-103": PokemonScript(attacks={  # Wurmple
        "Ram": [],
        "Poison Sting": coin_condition(POISONED),
    }),
    "pl1-128": PokemonScript(attacks={  # Electabuzz
        "Thundershock": coin_condition(PARALYZED),
        "Thunderpunch": [Flip(), Damage(PlusIf(30, 10, HEADS)), If(TAILS, SelfDamage(10))],
    }),
    "pl1-129": PokemonScript(attacks={"Jab": [], "Special Punch": []}),  # Hitmonchan
    "pl1-130": PokemonScript(attacks={  # Scyther
        "Swords Dance": [power_up("Slash", 60)],
        "Slash": [boosted("Swords Dance", 30, 60)],
    }),
    "pl1-SH4": PokemonScript(  # Lotad
        powers={"Swift Swim": Power(passives=(FreeRetreatWithEnergy("W"),))},
        attacks={"Blot": [Heal(SELF, 1)], "Jump On": plus_on_heads(10, 20)},
    ),
    "pl1-SH5": PokemonScript(attacks={  # Swablu
        "Roost": [Heal(SELF, 4),
                  Mark(SELF, "cant_retreat", 2, "is unable to retreat in your next turn")],
        "Mirror Move": [Damage(AttackDamageTaken(SELF))],
        "Fury Attack": times_heads(10, 3),
    }),
    "pl1-SH6": PokemonScript(attacks={  # Vulpix
        "Find Wildfire": search_to_hand(R_ENERGY, 2),
        "Brushfire": [Damage(), BenchDamageOfType(10, "G")],
        "Inflame": [If(HasCards("hand", R_ENERGY),
                       [ChooseCards("e", "hand", R_ENERGY),
                        MoveCards("e", "discard", wording="Discard it."), Damage()],
                       DoesNothing())],
    }),
}

# --------------------------------------------------------------------------- Trainers

TRAINERS: dict[str, TrainerScript] = {
    "pl1-104": TrainerScript(passives=(FreshEvolution(),)),  # Broken Time-Space
    "pl1-105": TrainerScript(  # Cyrus's Conspiracy
        requires=(PlayerHas("own", "deck"),),
        steps=[ChooseCards("s", "deck", SUPPORTER_CARD),
               ChooseCards("e", "deck", BASIC_ENERGY),
               ChooseCards("i", "deck", GALACTIC_INVENTION),
               Worded(MoveCards("s", "hand", reveal=True),
                      "Reveal the cards you found to your opponent, then add them to your "
                      "hand."),
               Worded(MoveCards("e", "hand", reveal=True), ""),
               Worded(MoveCards("i", "hand", reveal=True), ""),
               ShuffleDeck()]),
    "pl1-106": TrainerScript(passives=(CountersWhenPlayed(2, "evolve"),)),  # Galactic HQ
    "pl1-108": TrainerScript(  # Life Herb
        requires=(AnyOf((PlayerHas("own", "damaged"), PlayerHas("own", "condition"))),),
        steps=on_heads(ChoosePokemon("t", "own"), RemoveConditions("t"), Heal("t", 6))),
    "pl1-109": TrainerScript(steps=[  # Looker's Investigation
        LookAtOpponentHand("theirs", "Shuffle your opponent's hand away (else yours)?"),
        Worded(If(VarTrue("theirs"),
                  [ShuffleHandIntoDeck("opp"), ShuffleDeck("opp", wording=""),
                   DrawChosenUpTo(5, "opp")],
                  [ShuffleHandIntoDeck(), ShuffleDeck(wording=""), DrawChosenUpTo(5)]),
               "Then choose yourself or your opponent: that player shuffles their hand into "
               "their deck and draws up to 5 cards, as many as they choose.")]),
    "pl1-111": TrainerScript(passives=(  # Miasma Valley
        CountersWhenPlayed(2, "bench", spared=("G", "P")),)),
    "pl1-112": TrainerScript(steps=[  # PlusPower
        ChoosePokemon("t", "own"),
        Worded(Mark("t", "plus_power", 0, ""),
               "Until this turn ends, that Pokémon's attacks do 10 more damage to your "
               "opponent's Active Pokémon (before Weakness and Resistance).")]),
    "pl1-113": TrainerScript(  # Poké Ball
        requires=(PlayerHas("own", "deck"),),
        steps=on_heads(*search_to_hand(POKEMON_CARD))),
    "pl1-114": TrainerScript(  # Pokédex HANDY910is
        requires=(PlayerHas("own", "deck"),),
        steps=[Worded(ChooseCards("c", "deck", top=2, up_to=False),
                      "Look at 2 cards from the top of your deck and choose 1 of them."),
               MoveCards("c", "hand"),
               MoveTopToBottom(1, "The other card goes beneath your deck.")]),
    "pl1-115": TrainerScript(  # Pokémon Rescue
        requires=(PlayerHas("own", "pokemon_discard"),),
        steps=[ChooseCards("c", "discard", POKEMON_CARD), MoveCards("c", "hand", reveal=True)]),
    "pl1-116": TrainerScript(  # Team Galactic's Invention G-101 Energy Gain
        attach_to=HolderIs(SP_POKEMON), passives=(AttackCostLess("C", 1),)),
    "pl1-117": TrainerScript(  # Team Galactic's Invention G-103 Power Spray
        responds_to="poke_power", requires=(PlayerHas("own", "sp_3_in_play"),),
        steps=[PreventPowerEffects()]),
    "pl1-118": TrainerScript(  # Team Galactic's Invention G-105 Poké Turn
        requires=(PlayerHas("own", "sp_in_play"),),
        steps=[ChoosePokemon("t", "own", filt=SP_POKEMON), ReturnToHand("t")]),
}

# --------------------------------------------------------------------------- Energy

ENERGY: dict[str, EnergyScript] = {
    "pl1-121": EnergyScript(  # Rainbow Energy
        provides=(TYPES,),
        on_attach=(Worded(PutCounters(SELF, 1), "Place 1 damage counter on that Pokémon."),)),
}

SCRIPTS: dict[str, Script] = {**POKEMON, **TRAINERS, **ENERGY}
