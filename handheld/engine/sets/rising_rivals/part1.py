"""Rising Rivals: effect scripts of pl2-1 to pl2-34 (the holo rares and rares, many of
them Pokémon SP of the Gym Leaders, the Elite Four and Team Galactic).

Pokémon SP are ordinary Basic Pokémon here (``CardDef.sp`` says what they are). Printed
facts come from the assets; the sentences players read are generated from these steps.
"""

from __future__ import annotations

from ...cardpool import PokemonScript, Power, Script
from ...effects.library import (
    ActiveAura,
    AsleepTakeCounters,
    CountersOnAttacker,
    FreeRetreatForEnergyTypes,
    HealOwnBetweenTurns,
    NoWeaknessWithEnergy,
    OnSwitchedOut,
    OpponentCoinsTails,
    WeaknessDoubles,
    attack_lock,
)
from ...effects.steps import (
    ANY_CARD,
    BASIC_ENERGY,
    DAMAGED,
    DEFENDER,
    ENERGY_CARD,
    EVOLVED,
    HEADS,
    NOT_EVOLVED,
    OWN_ACTIVE,
    SELF,
    SUPPORTER_CARD,
    AllOf,
    BenchDamage,
    BenchFromDeck,
    ChooseCards,
    ChooseEnergiesOn,
    ChoosePokemon,
    ChooseYesNo,
    Const,
    CountPokemon,
    Damage,
    DamageChosen,
    DamageCountersOn,
    DamageTakenLastTurn,
    Devolve,
    DiscardAllEnergyFrom,
    DiscardEnergy,
    DiscardOpponentStadium,
    DiscardTopOfDeck,
    DoesNothing,
    DrawChosenUpTo,
    EnergyCardsOn,
    EnergyUnitsOn,
    EvolvedFromThisTurn,
    Flip,
    FlipForEach,
    HandSizesEqual,
    HasCards,
    HasMarker,
    HeadsAtLeast,
    HeadsExactly,
    Heal,
    If,
    IfExpr,
    Inflict,
    KnockedOutByAttack,
    Mark,
    MarkOwnSide,
    MoveCards,
    MoveEnergyCards,
    NothingOnTails,
    PlayerHas,
    Plus,
    PlusIf,
    PrizesAtMost,
    PrizesTaken,
    RemoveConditions,
    SelfDamage,
    ShuffleDeck,
    ShuffleHandIntoDeck,
    SideHasMarker,
    SlotIs,
    SwitchOpponentActive,
    UnaffectedDamage,
    UseSupporterInPlay,
    VarTrue,
    Worded,
    basic_energy_of_type,
    gated,
    named_pokemon,
    pokemon_of_type,
)
from ...facts import REMEMBERS_HITS
from ...ops import MarkerKind, register_marker
from ...ruleset import ASLEEP, BURNED, CONFUSED, PARALYZED, POISONED
from ..shapes import (
    OPP_OR_OWN_BENCH,
    coin_condition,
    condition,
    on_heads,
    opponent_switches,
    plus_on_heads,
    times_heads,
)

GIANT_WAVE_LOCK = attack_lock("Giant Wave")
# "a Pokémon of yours used Needle Shock during your last turn": kept through the user's
# next turn on every Pokémon of that side (so it outlasts the Beedrill that used it).
NEEDLE_SHOCK = register_marker(MarkerKind("needle_shock", "used Needle Shock",
                                          clears_on_bench=False, clears_on_evolve=False)).name


def undevelop() -> Power:
    """Undevelop (Flareon, Jolteon, Vaporeon): the Poké-Power that devolves its Pokémon."""
    return Power(requires=(SlotIs(SELF, "evolved"),), steps=(Devolve(SELF),))


def evolved_from_eevee() -> EvolvedFromThisTurn:
    return EvolvedFromThisTurn(SELF, "Eevee")


# Aggron's Return Blow reads the damage attacks did to it during the opponent's last turn.
REMEMBERS_HITS.add("pl2-14")

SCRIPTS: dict[str, Script] = {
    "pl2-1": PokemonScript(  # Arcanine
        powers={"Flare Condition": Power(passives=(NoWeaknessWithEnergy("R"),))},
        attacks={
            "Burn Out": [
                Worded(ChooseYesNo("more", "Do 30 more damage? (This Pokémon is then "
                                   "Burned.)", pre=True),
                       "You may add 30 damage to this attack; then, if you did, this "
                       "Pokémon gets Burned."),
                Damage(IfExpr(VarTrue("more", "you chose to"), Const(60), Const(30))),
                Worded(If(VarTrue("more"), Inflict(SELF, BURNED)), ""),
            ],
            "Flames of Rage": [
                DiscardEnergy(SELF, 1, "R"),
                Damage(Plus(60, 10, DamageCountersOn(SELF))),
            ],
        },
    ),
    "pl2-2": PokemonScript(attacks={  # Bastiodon GL
        "Bounce Back": opponent_switches(),
        "Smack Attack": [Heal(SELF, 1)],
    }),
    "pl2-3": PokemonScript(  # Darkrai G
        powers={"Eerie Aura": Power(passives=(AsleepTakeCounters(1),))},
        attacks={"Darkness Sleep": [
            # Asked before the attack's own damage: "already has damage counters".
            If(SlotIs(DEFENDER, "damaged"), Inflict(DEFENDER, ASLEEP)),
            Damage(),
        ]},
    ),
    "pl2-4": PokemonScript(attacks={  # Floatzel GL
        "Incite": [
            ChooseCards("s", "discard", SUPPORTER_CARD, count=2, up_to=True),
            MoveCards("s", "hand", reveal=True,
                      wording="Let your opponent see them, then add them to your hand."),
        ],
        "Giant Wave": [Mark(SELF, GIANT_WAVE_LOCK, 2,
                            "is unable to use Giant Wave until your next turn is over")],
    }),
    "pl2-5": PokemonScript(  # Flygon
        powers={"Rainbow Float": Power(passives=(FreeRetreatForEnergyTypes(),))},
        attacks={
            "Sand Wall": [
                Damage(),
                DiscardOpponentStadium("gone"),
                If(VarTrue("gone", "you do"),
                   Mark(SELF, "no_attack_effects", 1,
                        "is protected from all effects of your opponent's attacks, damage "
                        "included, during your opponent's next turn")),
            ],
            "Power Swing": [Damage(Plus(60, 10, CountPokemon("own", "bench", EVOLVED)))],
        },
    ),
    "pl2-6": PokemonScript(attacks={  # Froslass GL
        "Sleep Inducer": [
            ChoosePokemon("n", "opp", "bench", pre=True),
            SwitchOpponentActive("n", wording="Switch it with the Defending Pokémon; the new "
                                              "Defending Pokémon falls Asleep."),
            Worded(Inflict("n", ASLEEP), ""),
        ],
        "Wake-Up Slap": [
            Damage(PlusIf(30, 20, SlotIs(DEFENDER, "has_condition"))),
            RemoveConditions(DEFENDER),
        ],
    }),
    "pl2-7": PokemonScript(  # Jirachi
        powers={"Final Wish": Power(works_under_conditions=True,
            requires=(KnockedOutByAttack(),),
            steps=(Worded(ChooseYesNo("wish", "Search your deck for any 1 card?"), ""),
                   Worded(If(VarTrue("wish"), [ChooseCards("c", "deck", ANY_CARD),
                                               MoveCards("c", "hand"), ShuffleDeck()]),
                          "you may take any 1 card of your deck into your hand, then "
                          "shuffle your deck."),
                   ))},
        attacks={
            "Detour": [UseSupporterInPlay()],
            "Swift": [UnaffectedDamage()],
        },
    ),
    "pl2-8": PokemonScript(  # Lucario GL
        powers={"Boundary Aura": Power(passives=(WeaknessDoubles(),))},
        attacks={"Combo Throw": [Damage(Plus(30, 10, EnergyUnitsOn(DEFENDER)))]},
    ),
    "pl2-9": PokemonScript(attacks={  # Luxray GL
        "Bite": [],
        "Trash Bolt": [
            Worded(If(HasCards("hand", ENERGY_CARD),
                      [ChooseCards("e", "hand", ENERGY_CARD), MoveCards("e", "discard")],
                      DoesNothing(), pre=True),
                   "Discard an Energy card from your hand first; with none there, this "
                   "attack does nothing."),
            Damage(),
        ],
    }),
    "pl2-10": PokemonScript(attacks={  # Mismagius GL
        "Psychic Removal": [
            Flip(2),
            If(HeadsAtLeast(2, "Both heads"),
               Worded(DiscardAllEnergyFrom(DEFENDER),
                      "Every Energy card on the Defending Pokémon goes to the discard pile.")),
        ],
        "Grudge": [Damage(Plus(20, 10, PrizesTaken("opp")))],
    }),
    "pl2-11": PokemonScript(attacks={  # Rampardos GL
        "Trample": [
            ChoosePokemon("b", "any", "bench", count=10, wording=""),
            FlipForEach("b", "hit", "Flip a coin per Benched Pokémon, yours and "
                                    "your opponent's alike."),
            Worded(BenchDamage(30, var="hit"),
                   "Each of them takes 30 damage whose coin came up heads (no "
                   "Weakness or Resistance on the Bench)."),
        ],
        "Rend": [Damage(PlusIf(40, 20, SlotIs(DEFENDER, "damaged")))],
    }),
    "pl2-12": PokemonScript(attacks={  # Roserade GL
        "Poison Bind": [
            Inflict(DEFENDER, POISONED),
            Mark(DEFENDER, "cant_retreat", 1, "is unable to retreat until your opponent's "
                                              "next turn is over"),
        ],
        "Long Whip": [
            Worded(If(
                AllOf((SlotIs(DEFENDER, "has_condition"), OPP_OR_OWN_BENCH)),
                [ChooseYesNo("whip", "Do 30 damage to a Benched Pokémon instead?"),
                 If(VarTrue("whip"),
                    [ChoosePokemon("t", "any", "bench"), DamageChosen("t")],
                    Damage())],
                Damage()),
                "If the Defending Pokémon has a Special Condition, you may have this attack "
                "do its 30 damage to 1 Benched Pokémon (yours or your opponent's) instead (no "
                "Weakness or Resistance on the Bench)."),
        ],
    }),
    "pl2-13": PokemonScript(  # Shiftry
        powers={"Unlucky Wind": Power(passives=(OpponentCoinsTails(),))},
        attacks={
            "Conform": [If(HandSizesEqual(), Inflict(DEFENDER, CONFUSED))],
            "Seal Off": [Mark(DEFENDER, "powers_off", 1,
                              "has no use of its Poké-Powers or Poké-Bodies until your "
                              "opponent's next turn is over")],
        },
    ),
    "pl2-14": PokemonScript(attacks={  # Aggron
        "Return Blow": [Damage(DamageTakenLastTurn())],
        "Metal Fang": [
            Worded(ChooseYesNo("fang", "Discard your deck's top card to heal this "
                                       "Pokémon?"),
                   "If you choose to discard your deck's top card, this Pokémon heals 2 "
                   "damage counters and recovers from every Special Condition."),
            # (with no card to discard there is no "if you do")
            Worded(If(AllOf((VarTrue("fang"), PlayerHas("own", "deck"))),
                      [DiscardTopOfDeck(1), Heal(SELF, 2), RemoveConditions(SELF)]), ""),
        ],
        "Heavy Impact": [],
    }),
    "pl2-15": PokemonScript(  # Beedrill
        powers={"Flutter Wings": Power(
            requires=(PlayerHas("own", "deck"),),
            steps=(ChooseCards("g", "deck", pokemon_of_type("G")),
                   MoveCards("g", "hand", reveal=True),
                   ShuffleDeck()))},
        attacks={"Needle Shock": [
            If(SideHasMarker("own", NEEDLE_SHOCK, "no Pokémon of yours used Needle Shock "
                                                  "in your last turn", present=False),
               Inflict(DEFENDER, PARALYZED, POISONED)),
            MarkOwnSide(NEEDLE_SHOCK, 2),
        ]},
    ),
    "pl2-16": PokemonScript(attacks={  # Bronzong 4
        "Hand Refresh": [
            Worded(ShuffleHandIntoDeck("own"),
                   "Each player shuffles their hand into their deck and draws up to 4 cards, "
                   "as many as they choose (you draw first)."),
            Worded(ShuffleDeck("own"), ""),
            Worded(ShuffleHandIntoDeck("opp"), ""),
            Worded(ShuffleDeck("opp"), ""),
            Worded(DrawChosenUpTo(4, "own"), ""),
            Worded(DrawChosenUpTo(4, "opp"), ""),
        ],
        "Payback": [
            Damage(PlusIf(10, 50, PrizesAtMost("opp", 1))),
            If(PrizesAtMost("opp", 1), Inflict(DEFENDER, CONFUSED)),
        ],
    }),
    "pl2-17": PokemonScript(attacks={  # Drapion 4
        "Body Slam": coin_condition(PARALYZED),
        "Mega Impact": [],
    }),
    "pl2-18": PokemonScript(attacks={  # Espeon 4
        "Hypnosis": condition(ASLEEP),
        "Psywave": [Damage(Plus(20, 10, EnergyCardsOn(DEFENDER)))],
    }),
    "pl2-19": PokemonScript(  # Flareon
        powers={"Undevelop": undevelop()},
        attacks={
            "Tail Slap": [],
            "Evolving Flare": [
                Damage(PlusIf(40, 20, evolved_from_eevee())),
                Worded(If(evolved_from_eevee(), Inflict(DEFENDER, BURNED)),
                       "If it did, the Defending Pokémon gets Burned."),
            ],
        },
    ),
    "pl2-20": PokemonScript(attacks={  # Gallade 4
        "Chop Up": [
            ChoosePokemon("d", "opp", "bench", count=10, filt=DAMAGED, wording=""),
            Worded(BenchDamage(10, var="d"),
                   "Each of your opponent's Benched Pokémon with damage counters takes 10 "
                   "damage (no Weakness or Resistance on the Bench)."),
        ],
        "Feint": [Damage(resistance=False)],
    }),
    "pl2-21": PokemonScript(  # Gastrodon East Sea
        powers={"Sticky Hold": Power(
            passives=(OnSwitchedOut(),),
            steps=(ChooseEnergiesOn("e", SELF, wording="Move any Energy cards attached to "
                                                       "this Pokémon to your new Active "
                                                       "Pokémon?"),
                   MoveEnergyCards("e", OWN_ACTIVE)),
            wording="Whenever this Pokémon goes from the Active spot to your Bench (switched "
                    "or retreated), you may move as many Energy cards attached to it as you "
                    "like to your new Active Pokémon.")},
        attacks={
            "Calling Wave": [
                ChooseCards("g", "deck", named_pokemon("Gastrodon"), count=2, up_to=True),
                BenchFromDeck("g", counters=2),
                ShuffleDeck(),
            ],
            "Wave Splash": [],
        },
    ),
    "pl2-22": PokemonScript(attacks={  # Gastrodon West Sea
        "Tackle": [],
        "Muddy Bomb": [
            ChoosePokemon("t", "opp", pre=True),
            ChoosePokemon("o", "opp", count=10, exclude="t", wording=""),
            Worded(DamageChosen("t", Const(30)), "It takes 30 damage"),
            Worded(DamageChosen("o", Const(10)),
                   "and every other Pokémon of your opponent's takes 10 damage (no Weakness "
                   "or Resistance on the Bench)."),
        ],
        "Raging Sea": [Damage(Plus(60, 10, CountPokemon("own", "bench", DAMAGED)))],
    }),
    "pl2-23": PokemonScript(attacks={  # Golem 4
        "Rage": [Damage(Plus(20, 10, DamageCountersOn(SELF)))],
        "Double-edge": [SelfDamage(60)],
    }),
    "pl2-24": PokemonScript(attacks={  # Heracross 4
        "Focus Energy": [Worded(Mark(SELF, "focus_energy", 2, "focuses"),
                                "In your next turn, Megahorn of this Pokémon has a base "
                                "damage of 100.")],
        "Megahorn": [
            NothingOnTails(),
            Damage(IfExpr(HasMarker(SELF, "focus_energy", "used Focus Energy during your "
                                                           "last turn"),
                          Const(100), Const(50))),
        ],
    }),
    "pl2-25": PokemonScript(  # Hippowdon
        powers={"Sand Cover": Power(passives=(
            ActiveAura("opp", "lv_x", "every Pokémon LV.X your opponent has in play"),))},
        attacks={
            "Save Sand": [
                Worded(ChooseCards("f", "discard", basic_energy_of_type("F"), up_to=True),
                       "Before doing damage, you may move a basic [F] Energy card out of your "
                       "discard pile onto this Pokémon."),
                Worded(MoveCards("f", "attach", onto=SELF), ""),
                Damage(Plus(20, 10, EnergyCardsOn(SELF))),
            ],
            "Groundquake": [
                ChoosePokemon("b", "any", "bench", count=10, filt=NOT_EVOLVED, wording=""),
                Worded(BenchDamage(10, var="b"),
                       "Each Benched Pokémon on either side that is not an Evolved Pokémon "
                       "takes 10 damage (no Weakness or Resistance on the Bench)."),
            ],
        },
    ),
    "pl2-26": PokemonScript(  # Jolteon
        powers={"Undevelop": undevelop()},
        attacks={
            "Quick Attack": plus_on_heads(10, 30),
            "Evolving Thunder": [If(evolved_from_eevee(), BenchDamage(10))],
        },
    ),
    "pl2-27": PokemonScript(  # Mamoswine GL
        powers={"Icy Aura": Power(passives=(
            ActiveAura("actives", "not_type:W",
                       "each Active Pokémon (yours and your opponent's) that is not a [W] "
                       "Pokémon"),))},
        attacks={"Avalanche": on_heads(BenchDamage(10))},
    ),
    "pl2-28": PokemonScript(attacks={  # Mr. Mime 4
        "Magic Heal": [
            Flip(3),
            Worded(If(HeadsAtLeast(1), [ChoosePokemon("h1", "own", filt=DAMAGED),
                                        Heal("h1", 1)]),
                   "Per heads, take 1 damage counter off one of your Pokémon (a new choice "
                   "each time)."),
            Worded(If(HeadsAtLeast(2), [ChoosePokemon("h2", "own", filt=DAMAGED),
                                        Heal("h2", 1)]), ""),
            Worded(If(HeadsAtLeast(3), [ChoosePokemon("h3", "own", filt=DAMAGED),
                                        Heal("h3", 1)]), ""),
        ],
        "Barrier Attack": [Mark(SELF, "barrier_10", 1,
                                "takes 10 less damage from attacks during your opponent's "
                                "next turn (after Weakness and Resistance)")],
    }),
    "pl2-29": PokemonScript(  # Nidoking
        powers={"Territoriality": Power(passives=(CountersOnAttacker(2),))},
        attacks={
            "Fling Away": [
                Worded(If(PlayerHas("opp", "bench"),
                          [ChoosePokemon("t", "opp", "bench"), Damage(Const(30)),
                           BenchDamage(30, var="t")],
                          Damage()),
                       "If your opponent has a Benched Pokémon, the Defending Pokémon takes 30 "
                       "damage instead, and 1 of their Benched Pokémon also takes 30 (no "
                       "Weakness or Resistance on the Bench)."),
            ],
            "Giga Horn": [*gated(Flip(2), If(HeadsExactly(0, 2), DoesNothing())), Damage()],
        },
    ),
    "pl2-30": PokemonScript(  # Nidoqueen
        powers={"Maternal Comfort": Power(passives=(
            HealOwnBetweenTurns("Maternal Comfort"),))},
        attacks={
            "Mega Punch": [],
            "Ruthless Tail": [Damage(Plus(50, 10, CountPokemon("opp", "bench")))],
        },
    ),
    "pl2-31": PokemonScript(attacks={  # Raichu GL
        "Thunder Throw": [
            ChoosePokemon("t", "opp", "bench", count=2, pre=True),
            Worded(BenchDamage(10, var="t"),
                   "Each of them takes 10 damage (no Weakness or Resistance on "
                   "the Bench)."),
        ],
        "Repeat Lightning": [Damage(Plus(30, 10, CountPokemon("opp", "bench", DAMAGED)))],
    }),
    "pl2-32": PokemonScript(attacks={  # Rhyperior 4
        "Double Lariat": times_heads(30, 2),
        "Rock Tumble": [Damage(resistance=False)],
    }),
    "pl2-33": PokemonScript(attacks={  # Snorlax
        "Pick and Collect": [
            ChooseCards("e", "discard", BASIC_ENERGY, count=4, up_to=True),
            MoveCards("e", "hand", reveal=True,
                      wording="Let your opponent see them, then add them to your hand."),
        ],
        "Roll Over": [
            Flip(),
            If(HEADS, Inflict(DEFENDER, ASLEEP)),
            Worded(Inflict(SELF, ASLEEP), "Either way, this Pokémon falls Asleep."),
        ],
    }),
    "pl2-34": PokemonScript(  # Vaporeon
        powers={"Undevelop": undevelop()},
        attacks={
            "Muddy Water": [
                ChoosePokemon("t", "opp", "bench", pre=True),
                Worded(BenchDamage(10, var="t"),
                       "It takes 10 damage (no Weakness or Resistance on the "
                       "Bench)."),
            ],
            "Evolving Aqua": [
                ChoosePokemon("t", "opp", filt=DAMAGED, pre=True),
                Worded(DamageChosen("t", IfExpr(evolved_from_eevee(), Const(60), Const(40))),
                       "It takes 40 damage, or 60 damage if this Pokémon "
                       "evolved from Eevee this turn (no Weakness or Resistance on the "
                       "Bench)."),
            ],
        },
    ),
}
