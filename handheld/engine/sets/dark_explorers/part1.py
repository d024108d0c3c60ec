"""Dark Explorers (bw5): effect scripts of bw5-1 to bw5-55 (Restored Aerodactyl too)."""

from __future__ import annotations

from ...cardpool import PokemonScript, Power, Script
from ...effects.core import Step
from ...effects.library import (
    ATTACK_MAY_FAIL,
    ATTACKS_30_LESS,
    CantAttackWithPrizes,
    GuardEnergizedSide,
    MoreBurnCounters,
    SideAttackBonus,
)
from ...effects.steps import (
    BASIC_ENERGY,
    DEFENDER,
    ENERGY_CARD,
    HEADS,
    POKEMON_CARD,
    SELF,
    TAILS,
    TOOL_CARD,
    AnyPokemon,
    BenchDamage,
    CardFilter,
    CardProvides,
    CardsInZone,
    ChooseAttachedEnergy,
    ChooseCards,
    ChoosePokemon,
    ChooseYesNo,
    Const,
    CountIn,
    Damage,
    DamageChosen,
    DamageCountersOn,
    DamageEach,
    DealtCounters,
    DiscardChosenEnergy,
    DiscardEnergy,
    DoesNothing,
    Draw,
    Flip,
    FlipUntilTails,
    FromOpponentHandUnseen,
    HasCards,
    HeadsExactly,
    Heal,
    HealEach,
    If,
    Inflict,
    Mark,
    MayChooseAttachedEnergy,
    MoreCardsInHand,
    MoveCards,
    MoveEnergy,
    Not,
    PlayerHas,
    Plus,
    PlusIf,
    PokemonInPlay,
    PokemonIs,
    RetreatCostOf,
    ReturnDefenderToHand,
    SelfDamage,
    ShowHand,
    ShuffleDeck,
    ShuffleHandIntoDeck,
    ShufflePokemonIntoDeck,
    SwitchInDefender,
    Times,
    VarTrue,
    VarValue,
    Worded,
    energy_of_type,
    gated,
    pokemon_named,
)
from ...ruleset import ASLEEP, BURNED, CONFUSED, PARALYZED, POISONED
from ..shapes import (
    attach_from_discard_to_bench,
    coin_condition,
    condition,
    may_switch_self,
    on_heads,
    plus_on_heads,
    search_to_hand,
    times_heads,
    with_article,
)

R_ENERGY = energy_of_type("R")


def discard_energy_for_more(etype: str, base: int, extra: int) -> list[Step]:
    """An optional discard of a [etype] Energy from this Pokémon that raises the attack's
    damage by ``extra`` (Fire Slash, Electrigun)."""
    return [Worded(MayChooseAttachedEnergy("e", SELF, (etype,)),
                   f"You may discard a [{etype}] Energy card attached to this Pokémon."),
            Worded(DiscardChosenEnergy("e"), ""),
            Damage(PlusIf(base, extra, CardProvides("e", etype, "you did")))]


def new_defender(*then: Step) -> list[Step]:
    """Choose 1 of the opponent's Benched Pokémon, switch it with the Defending Pokémon,
    then ``then`` acts on the new Defending Pokémon ("t")."""
    return [ChoosePokemon("t", "opp", "bench", pre=True,
                          wording="Pick one of your opponent's Benched Pokémon to switch "
                                  "in for the Defending Pokémon."),
            SwitchInDefender("t", wording=""), *then]


def attach_from_discard_to_self(filt: CardFilter) -> list[Step]:
    """A coin; on heads an Energy card of ``filt`` from your discard pile goes onto this
    Pokémon (Flame Cloak, Charge Beam)."""
    return on_heads(Worded(ChooseCards("e", "discard", filt), ""),
                    Worded(MoveCards("e", "attach", onto=SELF),
                           f"From your discard pile, attach {with_article(filt.label)} "
                           "to this Pokémon."))


SCRIPTS: dict[str, Script] = {
    "bw5-1": PokemonScript(attacks={"Tackle": [], "Razor Leaf": []}),  # Bulbasaur
    "bw5-2": PokemonScript(attacks={  # Ivysaur
        "Sleep Powder": condition(ASLEEP),
        "Poison Powder": condition(POISONED),
    }),
    "bw5-3": PokemonScript(  # Venusaur
        powers={"Floral Scent": Power(requires=(PlayerHas("own", "deck"),),
                                      steps=tuple(search_to_hand(POKEMON_CARD)))},
        attacks={"Poison Powder": condition(POISONED)},
    ),
    "bw5-4": PokemonScript(attacks={  # Scyther
        "Air Slash": [DiscardEnergy(SELF, 1)],
    }),
    "bw5-5": PokemonScript(attacks={  # Carnivine
        "Lure Poison": new_defender(
            Worded(Inflict("t", POISONED), "The new Defending Pokémon becomes Poisoned.")),
        "Spit Squall": [ReturnDefenderToHand()],
    }),
    "bw5-6": PokemonScript(attacks={  # Leafeon
        "Quick Attack": plus_on_heads(10, 30),
        "Energy Assist": attach_from_discard_to_bench(BASIC_ENERGY),
    }),
    "bw5-7": PokemonScript(attacks={"Beat": [], "Cut": []}),  # Dwebble
    "bw5-8": PokemonScript(attacks={  # Crustle
        "Cut": [],
        "Heavy Bullet": [If(PlayerHas("opp", "bench"), on_heads(
            ChoosePokemon("b", "opp", "bench"),
            Worded(BenchDamage(20, var="b"), "It takes 20 damage (no Weakness "
                                             "or Resistance on the Bench).")))],
    }),
    "bw5-9": PokemonScript(attacks={  # Karrablast
        "Beat": [],
        "Reckless Charge": [SelfDamage(10)],
    }),
    "bw5-10": PokemonScript(attacks={"Body Slam": coin_condition(PARALYZED)}),  # Shelmet
    "bw5-11": PokemonScript(attacks={  # Accelgor
        "Hammer In": [],
        "Deck and Cover": [Inflict(DEFENDER, PARALYZED, POISONED),
                           Worded(ShufflePokemonIntoDeck(SELF),
                                  "Shuffle this Pokémon and every card attached to it into "
                                  "your deck."),
                           ShuffleDeck(wording="")],
    }),
    "bw5-12": PokemonScript(attacks={  # Flareon
        "Sand-Attack": [Mark(DEFENDER, ATTACK_MAY_FAIL.name, 1,
                             "is affected during your opponent's next turn: each time it "
                             "goes to attack, your opponent flips a coin, and on tails the "
                             "attack fails")],
        "Fire Slash": discard_energy_for_more("R", 60, 30),
    }),
    "bw5-13": PokemonScript(attacks={  # Entei-EX
        "Fire Fang": condition(BURNED),
        "Grand Flame": attach_from_discard_to_bench(R_ENERGY),
    }),
    "bw5-14": PokemonScript(attacks={"Reckless Charge": [SelfDamage(10)]}),  # Torchic
    "bw5-15": PokemonScript(attacks={"Peck": [], "Live Coal": []}),  # Torchic
    "bw5-16": PokemonScript(attacks={  # Combusken
        "Double Kick": times_heads(20, 2),
        "Flamethrower": [DiscardEnergy(SELF, 1)],
    }),
    "bw5-17": PokemonScript(attacks={  # Blaziken
        "Blaze Kick": [Flip(), Damage(PlusIf(40, 30, HEADS)),
                       If(TAILS, Inflict(DEFENDER, BURNED))],
        "Flamethrower": [DiscardEnergy(SELF, 1)],
    }),
    "bw5-18": PokemonScript(attacks={  # Torkoal
        "Flame Cloak": [If(HasCards("discard", R_ENERGY),
                           attach_from_discard_to_self(R_ENERGY))],
        "Heat Blast": [],
    }),
    "bw5-19": PokemonScript(attacks={  # Heatmor
        "Hot Lick": [Damage(PlusIf(10, 50, PokemonIs(DEFENDER, pokemon_named("Durant"))))],
        "Firebreathing": plus_on_heads(50, 20),
    }),
    "bw5-20": PokemonScript(attacks={"Ram": [], "Flare": []}),  # Larvesta
    "bw5-21": PokemonScript(attacks={"Super Singe": condition(BURNED)}),  # Larvesta
    "bw5-22": PokemonScript(  # Volcarona
        powers={"Scorching Scales": Power(passives=(MoreBurnCounters(4),))},
        attacks={"Burning Wind": [
            Worded(ChooseYesNo("bw", "Discard an Energy card to Burn the Defending "
                                     "Pokémon?"), ""),
            Worded(If(VarTrue("bw"), [DiscardEnergy(SELF, 1), Inflict(DEFENDER, BURNED)]),
                   "You may discard an Energy card from this Pokémon. Then, if you did, the "
                   "Defending Pokémon becomes Burned.")]},
    ),
    "bw5-23": PokemonScript(attacks={  # Slowpoke
        "Big Yawn": [Worded(Inflict(SELF, ASLEEP), ""),
                     Worded(Inflict(DEFENDER, ASLEEP),
                            "Both this Pokémon and the Defending Pokémon fall Asleep.")],
        "Shot in the Dark": [*gated(Flip(2), If(Not(HeadsExactly(2, 2), "either coin is tails"),
                                                DoesNothing())), Damage()],
    }),
    "bw5-24": PokemonScript(  # Slowbro
        powers={"Airhead": Power(passives=(CantAttackWithPrizes((2, 4, 6)),))},
        attacks={"Lazy Headbutt": [Inflict(SELF, ASLEEP)]},
    ),
    "bw5-25": PokemonScript(attacks={  # Vaporeon
        "Muddy Water": [ChoosePokemon("b", "opp", "bench", pre=True), BenchDamage(20, var="b")],
        "Spiral Drain": [Heal(SELF, 2)],
    }),
    "bw5-26": PokemonScript(attacks={  # Kyogre-EX
        "Smash Turn": may_switch_self(),
        "Dual Splash": [ChoosePokemon("t", "opp", count=2, pre=True),
                        Worded(DamageChosen("t", Const(50)),
                               "Each of them takes 50 damage (no Weakness or "
                               "Resistance on the Bench).")],
    }),
    "bw5-27": PokemonScript(attacks={"Fury Attack": times_heads(10, 3)}),  # Piplup
    "bw5-28": PokemonScript(attacks={  # Prinplup
        "Razor Wing": [],
        "Fury Attack": times_heads(30, 3),
    }),
    "bw5-29": PokemonScript(  # Empoleon
        powers={"Diving Draw": Power(
            requires=(PlayerHas("own", "hand"),),
            steps=(Worded(ChooseCards("c", "hand"), ""),
                   Worded(MoveCards("c", "discard"), "Discard a card from your hand."),
                   Draw(2)))},
        attacks={"Attack Command": [Damage(Times(10, PokemonInPlay()))]},
    ),
    "bw5-30": PokemonScript(attacks={  # Glaceon
        "Quick Attack": plus_on_heads(10, 30),
        "Reflect Energy": [Worded(If(PlayerHas("own", "bench"), [
            ChooseAttachedEnergy("e", SELF), ChoosePokemon("b", "own", "bench"),
            MoveEnergy("e", "b")]),
            "Move an Energy card from this Pokémon to a Pokémon on your Bench.")],
    }),
    "bw5-31": PokemonScript(attacks={"Spiral Drain": [Heal(SELF, 2)]}),  # Tympole
    "bw5-32": PokemonScript(attacks={"Bubble Beam": coin_condition(PARALYZED)}),  # Palpitoad
    "bw5-33": PokemonScript(attacks={"Double Spin": times_heads(10, 2)}),  # Vanillite
    "bw5-34": PokemonScript(attacks={  # Vanillish
        "Triple Spin": times_heads(20, 3),
        "Frost Breath": [],
    }),
    "bw5-35": PokemonScript(attacks={"Water Pulse": condition(ASLEEP)}),  # Ducklett
    "bw5-36": PokemonScript(attacks={  # Swanna
        "Healing Pirouette": [HealEach("own", 3)],
        "Incessant Peck": [FlipUntilTails(), Damage(Plus(60, 20))],
    }),
    "bw5-37": PokemonScript(attacks={  # Jolteon
        "Electrigun": discard_energy_for_more("L", 20, 40),
        "Pin Missile": times_heads(40, 4),
    }),
    "bw5-38": PokemonScript(attacks={  # Raikou-EX
        "Thunder Fang": coin_condition(PARALYZED),
        "Volt Bolt": [ChoosePokemon("t", "opp", pre=True), DiscardEnergy(SELF, None, "L"),
                      Worded(DamageChosen("t", Const(100)),
                             "That Pokémon takes 100 damage (no Weakness or "
                             "Resistance on the Bench).")],
    }),
    "bw5-39": PokemonScript(attacks={  # Plusle
        "Tag Draw": [ShuffleHandIntoDeck(), ShuffleDeck(wording=""), Draw(4),
                     Worded(If(AnyPokemon("own", pokemon_named("Minun"), where="bench"),
                               Draw(4)), "With Minun on your Bench, draw 4 more cards.")],
        "Positive Ion": plus_on_heads(20, 10),
    }),
    "bw5-40": PokemonScript(attacks={  # Minun
        "Negative Ion": [Mark(DEFENDER, ATTACKS_30_LESS.name, 1,
                              "does 30 less damage with its attacks (before Weakness and "
                              "Resistance) during your opponent's next turn")],
        "Electrishower": [DamageEach(10, "opp")],
    }),
    "bw5-41": PokemonScript(attacks={"Ram": [], "Bug Bite": []}),  # Joltik
    "bw5-42": PokemonScript(attacks={"Static Shock": []}),  # Joltik
    "bw5-43": PokemonScript(attacks={  # Galvantula
        "Quick Turn": times_heads(20, 2),
        "Electrisilk": [Damage(PlusIf(30, 40, CountIn(
            RetreatCostOf(DEFENDER), 0, 0, wording="the Defending Pokémon retreats for "
                                                   "free")))],
    }),
    "bw5-44": PokemonScript(attacks={  # Tynamo
        "Charge Beam": [If(HasCards("discard", ENERGY_CARD),
                           attach_from_discard_to_self(ENERGY_CARD))],
    }),
    "bw5-45": PokemonScript(attacks={  # Tynamo
        "Spark": [ChoosePokemon("b", "opp", "bench", pre=True), BenchDamage(10, var="b")],
    }),
    "bw5-46": PokemonScript(attacks={  # Eelektrik
        "Headbutt": [],
        "Shock Bolt": [DiscardEnergy(SELF, None, "L")],
    }),
    "bw5-47": PokemonScript(attacks={  # Eelektross
        "Suction Heal": [Damage(), Worded(Heal(SELF, DealtCounters()),
                                          "Remove as much damage from this Pokémon as this "
                                          "attack did to the Defending Pokémon.")],
        "Slurp Shakedown": new_defender(
            Worded(DamageChosen("t", Const(60)),
                   "The new Defending Pokémon takes 60 damage (the present one does "
                   "when your opponent's Bench is empty).")),
    }),
    "bw5-48": PokemonScript(  # Espeon
        powers={"Solar Revelation": Power(passives=(GuardEnergizedSide(),))},
        attacks={"Psy Report": [ShowHand()]},
    ),
    "bw5-49": PokemonScript(attacks={  # Slowking
        "Psy Bolt": coin_condition(PARALYZED),
        "Hand Press": [Damage(PlusIf(50, 30, MoreCardsInHand()))],
    }),
    "bw5-50": PokemonScript(attacks={  # Woobat
        "Supersonic": coin_condition(CONFUSED),
        "Heart Stamp": [],
    }),
    "bw5-51": PokemonScript(attacks={  # Yamask
        "Astonish": on_heads(FromOpponentHandUnseen(1, "deck"),
                             ShuffleDeck("opp", wording="")),
    }),
    "bw5-52": PokemonScript(attacks={  # Cofagrigus
        "Chuck": [Worded(ChooseCards("t", "hand", TOOL_CARD,
                                     count=CardsInZone("own", "hand", TOOL_CARD),
                                     up_to=True), ""),
                  Worded(MoveCards("t", "discard"),
                         "Discard as many Pokémon Tool cards from your hand as you like."),
                  Damage(Times(40, VarValue("t", "Pokémon Tool card discarded this way")))],
        "Lock Up": [Mark(DEFENDER, "cant_retreat", 1,
                         "is unable to retreat until your opponent's next turn is over")],
    }),
    "bw5-53": PokemonScript(  # Aerodactyl (Restored: benched only by Old Amber Aerodactyl)
        benched_by="Old Amber Aerodactyl",
        powers={"Ancient Scream": Power(passives=(SideAttackBonus(10),))},
        attacks={"Wing Attack": []},
    ),
    "bw5-54": PokemonScript(attacks={  # Groudon-EX
        "Tromp": [BenchDamage(10, side="opp")],
        "Giant Claw": [Damage(PlusIf(80, 40, CountIn(
            DamageCountersOn(DEFENDER), 2, wording="2 or more damage counters are already "
                                                   "on the Defending Pokémon")))],
    }),
    "bw5-55": PokemonScript(attacks={"Scratch": []}),  # Drilbur
}
