"""Platinum: effect scripts of pl1-1 to pl1-34 (the holo rares and the first rares).

Written with the effect DSL (see docs/CARDS.md); the steps this part added are the block
"Platinum era: pl1 part 1" at the end of ``effects/steps.py`` and ``effects/library.py``.
The Poké-Bodies that reach other Pokémon (a lock on Poké-Powers, on evolving the Active
Pokémon, a guard of the Bench, damage that ignores the defender's side, an answer to a
retreat) are the block "Platinum era: pl1 part 1 (the rest)" of ``effects/passives.py``
and ``effects/library.py``.
"""

from __future__ import annotations

from ...cardpool import PokemonScript, Power, Script
from ...effects.core import Step
from ...effects.library import (
    BenchBarrier,
    CountersOnRetreat,
    DamageBind,
    GuardFromAffected,
    HealWithTool,
    IronSkull,
    RestAfterAttacking,
    TimeAura,
)
from ...effects.steps import (
    BASIC_ENERGY,
    BASIC_SP,
    DAMAGED,
    DEFENDER,
    HEADS,
    OWN_ACTIVE,
    POKEMON_CARD,
    POKEMON_NOT_LV_X_OR_BASIC_ENERGY,
    SELF,
    SP_POKEMON,
    TAILS,
    WITH_POKE_POWER,
    AllOf,
    AttachEachToOwn,
    AttackLock,
    BenchCards,
    BenchDamage,
    BenchedFromHand,
    BenchRoom,
    CardsNamedIn,
    CardsToHandSize,
    ChooseAttachedEnergy,
    ChooseCards,
    ChooseEnergyInPlay,
    ChoosePokemon,
    ChooseYesNo,
    Const,
    CountIn,
    CountPokemon,
    Cure,
    Damage,
    DamageChosen,
    DamageCountersOn,
    DamageEach,
    DealtCounters,
    DiscardChosenEnergy,
    DiscardEnergy,
    DiscardRestOfTop,
    DiscardTrainersAttached,
    Draw,
    DrawChosenUpTo,
    DrawUntilHand,
    EndTurn,
    EnergyOfTypeOnAll,
    EnergyOn,
    Flip,
    FlipEachForDamage,
    FromOpponentHandUnseen,
    HandHasNo,
    HandSize,
    HasMarker,
    HeadsExactly,
    Heal,
    HealEach,
    If,
    IfExpr,
    Inflict,
    KnockOut,
    LostIfKnockedOut,
    Mark,
    Minus,
    MoveAllEnergy,
    MoveCards,
    MoveEnergy,
    Not,
    NothingOnTails,
    PlayerHas,
    Plus,
    PlusIf,
    PutCounters,
    RemoveConditions,
    ReorderTopOfDeck,
    SelfDamage,
    ShuffleDeck,
    ShuffleHandIntoDeck,
    SlotIs,
    SwapDamage,
    Times,
    TurnEffect,
    TurnFlag,
    VarTrue,
    VarValue,
    Worded,
    energy_of_type,
)
from ...ruleset import ASLEEP, BURNED, CONFUSED, PARALYZED, POISONED
from ..shapes import (
    OPP_OR_OWN_BENCH,
    may_switch_self,
    no_trainer_cards_next_turn,
    on_heads,
    opponent_switches,
)

G_ENERGY = energy_of_type("G")
L_ENERGY = energy_of_type("L")
W_ENERGY = energy_of_type("W")
ENERGY_ON_SELF = EnergyOn((SELF,))
ENERGY_4 = CountIn(ENERGY_ON_SELF, 4, None, "4 or more Energy are attached to this Pokémon")


def choose_opponents_pokemon_for(amount: int) -> list[Step]:
    """``amount`` damage to an opponent's Pokémon of the attacker's choice (Weakness and
    Resistance for the Active Pokémon only)."""
    return [ChoosePokemon("t", "opp", pre=True), *damage_chosen(amount)]


def damage_chosen(amount: int) -> list[Step]:
    """N damage to the Pokémon chosen into ``t`` (Weakness and Resistance only if it is
    the Active Pokémon)."""
    return [Worded(DamageChosen("t", Const(amount)),
                   f"It takes {amount} damage (no Weakness or Resistance on "
                   "the Bench).")]


SCRIPTS: dict[str, Script] = {
    "pl1-1": PokemonScript(  # Ampharos
        powers={"Damage Bind": Power(passives=(DamageBind(),))},
        attacks={
            "Gigavolt": [Flip(), Damage(PlusIf(30, 30, HEADS)),
                         If(TAILS, Inflict(DEFENDER, PARALYZED))],
            "Reflect Energy": [If(PlayerHas("own", "bench"), [
                Worded(ChooseAttachedEnergy("e", SELF), ""),
                ChoosePokemon("b", "own", "bench", wording=""),
                MoveEnergy("e", "b", "Move an Energy card from this Pokémon to a Pokémon on "
                                     "your Bench.")])],
        },
    ),
    "pl1-2": PokemonScript(  # Blastoise
        powers={"Dig Well": Power(
            requires=(PlayerHas("own", "deck"),),
            steps=(Worded(ChooseCards("e", "deck", W_ENERGY, count=3, up_to=True, top=3),
                          "Look at 3 cards from the top of your deck and choose any number of "
                          "[W] Energy cards among them."),
                   AttachEachToOwn("e"),
                   DiscardRestOfTop(3, "e")))},
        attacks={
            "Aqua Press": [Damage(Plus(20, 10, EnergyOfTypeOnAll("W")))],
            "Double Launcher": [
                DiscardEnergy(SELF, 2, "W"),
                ChoosePokemon("t", "opp", "bench", count=2, pre=True),
                Worded(BenchDamage(60, var="t"),
                       "Each of them takes 60 damage (no Weakness or "
                       "Resistance on the Bench)."),
                AttackLock("Double Launcher")],
        },
    ),
    "pl1-3": PokemonScript(  # Blaziken
        powers={"Fire Breath": Power(steps=(Inflict(DEFENDER, BURNED),))},
        attacks={
            "Clutch": [Mark(DEFENDER, "cant_retreat", 1,
                            "is unable to retreat until your opponent's next turn is over")],
            "Fire Spin": [DiscardEnergy(SELF, 2)],
        },
    ),
    "pl1-4": PokemonScript(  # Delcatty
        powers={"Power Circulation": Power(
            requires=(PlayerHas("own", "basic_energy_discard"),),
            steps=(Worded(ChooseCards("e", "discard", BASIC_ENERGY, count=2, up_to=True),
                          "Pick no more than 2 basic Energy cards in your discard pile."),
                   MoveCards("e", "deck", wording="Let your opponent see them, then stack "
                                                  "them on top of your deck in the order "
                                                  "you like."),
                   Worded(If(CountIn(VarValue("e", "cards chosen"), 2), ReorderTopOfDeck(2)),
                          ""),
                   If(VarTrue("e", "you chose any"), PutCounters(SELF, 2))))},
        attacks={"Power Heal": [Damage(Plus(10, 10, DamageCountersOn(SELF))),
                                Heal(SELF, 2)],
                 "Rear Kick": []},
    ),
    "pl1-5": PokemonScript(  # Dialga
        powers={"Reverse Time": Power(works_under_conditions=True,
            requires=(BenchedFromHand(),),
            steps=(Worded(ChooseCards("c", "discard", POKEMON_NOT_LV_X_OR_BASIC_ENERGY,
                                      count=3, up_to=True),
                          "You may choose up to 3 Pokémon (not Pokémon LV.X) and basic Energy "
                          "cards, in any mix, from your discard pile."),
                   MoveCards("c", "deck", wording="Reveal them to your opponent, then place "
                                                  "them on top of your deck as you like."),
                   Worded(If(CountIn(VarValue("c", "cards chosen"), 3), ReorderTopOfDeck(3),
                             If(CountIn(VarValue("c", "cards chosen"), 2),
                                ReorderTopOfDeck(2))), "")))},
        attacks={"Time-Space Traveling": [DrawUntilHand(7)]},
    ),
    "pl1-6": PokemonScript(  # Dialga
        powers={"Time Aura": Power(passives=(TimeAura(),))},
        attacks={"Metal Burn": [DiscardEnergy(SELF, None, "M")]},
    ),
    "pl1-7": PokemonScript(attacks={  # Dialga G
        "Deafen": [no_trainer_cards_next_turn(stadiums=True)],
        "Second Strike": [Damage(PlusIf(50, 20, CountIn(
            DamageCountersOn(DEFENDER), 2, None,
            "the Defending Pokémon already has at least 2 damage counters")))],
    }),
    "pl1-8": PokemonScript(  # Gardevoir
        powers={"Psychic Connect": Power(
            uses_per_turn=None,
            requires=(PlayerHas("own", "bench_energy_P"),),
            steps=(ChooseEnergyInPlay("e", "own", where="bench", etype="P"),
                   MoveEnergy("e", OWN_ACTIVE, "Attach it to your Active Pokémon.")))},
        attacks={
            "Energy Burst": [Damage(Plus(20, 10, EnergyOn((SELF, DEFENDER))))],
            "Psychic Protection": [Mark(SELF, "no_weakness", 1,
                                        "loses its Weakness until your "
                                        "opponent's next turn is over")],
        },
    ),
    "pl1-9": PokemonScript(  # Giratina
        powers={"Let Loose": Power(works_under_conditions=True,
            requires=(BenchedFromHand(),),
            steps=(Worded(ChooseYesNo("go", "Use Let Loose?"), ""),
                   Worded(If(VarTrue("go"), [
                       ShuffleHandIntoDeck("own"), ShuffleDeck("own"),
                       ShuffleHandIntoDeck("opp"), ShuffleDeck("opp"),
                       DrawChosenUpTo(4, "own"), DrawChosenUpTo(4, "opp")]),
                       "You may have each player shuffle their hand into their deck; then "
                       "each player draws up to 4 cards, as many as they choose (you draw "
                       "first).")))},
        attacks={"Earth Power": [
            Flip(2),
            Worded(If(HeadsExactly(1, 2), BenchDamage(10)),
                   "Each of your opponent's Benched Pokémon takes 10 damage per heads (no "
                   "Weakness or Resistance on the Bench)."),
            Worded(If(HeadsExactly(2, 2), BenchDamage(20)), ""),
        ]},
    ),
    "pl1-10": PokemonScript(attacks={  # Giratina
        "Over Slash": [DamageEach(10, "opp")],
        "Dark Wing Flaps": [
            FromOpponentHandUnseen(1, "deck",
                                   wording="Pick 1 card face down from your opponent's hand "
                                           "and look at it; then your opponent shuffles it "
                                           "into their deck."),
            ShuffleDeck("opp", wording="")],
        "Wrack Down": [],
    }),
    "pl1-11": PokemonScript(  # Manectric
        powers={"Electric Barrier": Power(passives=(BenchBarrier("Manectric"),))},
        attacks={
            "Power Wave": [DamageEach(30, "both", filt=WITH_POKE_POWER)],
            "Attract Current": [
                ChooseCards("e", "deck", L_ENERGY),
                Worded(If(VarTrue("e"), [ChoosePokemon("t", "own", wording=""),
                                         MoveCards("e", "attach", onto="t", wording="")]),
                       "Attach it to 1 of your Pokémon."),
                ShuffleDeck()],
        },
    ),
    "pl1-12": PokemonScript(attacks={  # Palkia G
        "Splashing Turn": [Damage(), *may_switch_self()],
        "Pearl Breath": [BenchDamage(10)],
    }),
    "pl1-13": PokemonScript(  # Rampardos
        powers={"Iron Skull": Power(passives=(IronSkull(),))},
        attacks={
            "Head Smash": [If(SlotIs(DEFENDER, "knocked_out"), SelfDamage(40))],
            "Mold Breaker": [Mark(SELF, "takes_20_less", 2,
                                  "takes 20 less damage from attacks (after Weakness and "
                                  "Resistance) until your next turn is over")],
        },
    ),
    "pl1-14": PokemonScript(attacks={  # Shaymin
        "Flower Aroma": [Heal(SELF, 2), Inflict(DEFENDER, ASLEEP)],
        "Damage Aid": [Damage(PlusIf(30, 50, SlotIs(DEFENDER, "has_condition"))),
                       RemoveConditions(DEFENDER)],
    }),
    "pl1-15": PokemonScript(attacks={  # Shaymin
        "Growth": [ChooseCards("e", "hand", G_ENERGY), MoveCards("e", "attach", onto=SELF)],
        "Air Slash": [Flip(), If(TAILS, DiscardEnergy(SELF, 1))],
    }),
    "pl1-16": PokemonScript(  # Slaking
        powers={"Lazy Paunch": Power(passives=(RestAfterAttacking(),))},
        attacks={"Best Dash": [
            Mark(SELF, "takes_50_more", 1,
                 "takes 50 more damage from attacks (after Weakness and Resistance) during "
                 "your opponent's next turn")]},
    ),
    "pl1-17": PokemonScript(attacks={  # Weavile G
        "Call for Family": [
            Worded(ChooseCards("p", "deck", BASIC_SP, count=BenchRoom(2), up_to=True),
                   "Search your deck and pick up to 2 Basic Pokémon SP (no more than your "
                   "Bench has room for)."),
            BenchCards("p"), ShuffleDeck()],
        "Team Attack": [Damage(Plus(10, 10, CountPokemon("own", filt=SP_POKEMON)))],
    }),
    "pl1-18": PokemonScript(attacks={  # Altaria
        "Midnight Eyes": [Inflict(DEFENDER, ASLEEP),
                          Mark(DEFENDER, "midnight_eyes", 2,
                               "is marked by Midnight Eyes until the end of your next turn")],
        "Perish Song": [If(AllOf((SlotIs(DEFENDER, "asleep"),
                                  HasMarker(DEFENDER, "midnight_eyes",
                                            "was hit by Midnight Eyes during your previous turn"))),
                           KnockOut(DEFENDER))],
        "Healing Song": [HealEach("own", 1)],
    }),
    "pl1-19": PokemonScript(  # Banette
        powers={"Temper Tantrum": Power(
            requires=(PlayerHas("own", "hand"),),
            steps=(Worded(ChooseCards("c", "hand", count=HandSize(), up_to=True),
                          "Discard any number of cards from your hand."),
                   MoveCards("c", "discard", wording=""),
                   PutCounters(SELF, VarValue("c", "card discarded this way"))))},
        attacks={
            "Darkness Switch": [DiscardEnergy(SELF, 1), SwapDamage(SELF, DEFENDER)],
            "Loneliness": [
                Worded(ChooseYesNo("show", "Show your hand to your opponent?"),
                       "You may reveal your hand to your opponent."),
                Damage(IfExpr(AllOf((VarTrue("show", "you did"), HandHasNo(POKEMON_CARD))),
                              Const(60), Const(30))),
            ],
        },
    ),
    "pl1-20": PokemonScript(  # Bastiodon
        powers={"Metal Trait": Power(passives=(HealWithTool(1),))},
        attacks={
            "Iron Defense": on_heads(Mark(
                SELF, "no_attack_effects", 1,
                "is protected from every effect of attacks, damage included, during your "
                "opponent's next turn")),
            "Iron Tackle": [SelfDamage(30)],
        },
    ),
    "pl1-21": PokemonScript(attacks={  # Beautifly
        "Colorful Powder": [
            Damage(PlusIf(20, 40, ENERGY_4)),
            If(CountIn(ENERGY_ON_SELF, 0, 2, "this Pokémon has 2 or fewer Energy attached"),
               Inflict(DEFENDER, POISONED)),
            If(CountIn(ENERGY_ON_SELF, 3, 3, "it has exactly 3"),
               Inflict(DEFENDER, BURNED, POISONED)),
            If(ENERGY_4, Inflict(DEFENDER, ASLEEP, BURNED, POISONED)),
        ],
        "Silver Scale": [Damage(IfExpr(SlotIs(DEFENDER, "has_resistance"),
                                       Const(60), Const(30)))],
    }),
    "pl1-22": PokemonScript(  # Blissey
        powers={"Nurse Call": Power(
            requires=(PlayerHas("own", "hand"), PlayerHas("own", "damaged"),
                      Not(TurnFlag("nurse_call", ""), "no Nurse Call was used this turn")),
            steps=(TurnEffect("nurse_call", "", worth=0),
                   Worded(ChooseCards("c", "hand"), "Discard a card from your hand."),
                   MoveCards("c", "discard", wording=""),
                   ChoosePokemon("t", "own", filt=DAMAGED), Heal("t", 2)))},
        attacks={
            "Return": [Draw(CardsToHandSize(6))],
            "Double-edge": [SelfDamage(60)],
        },
    ),
    "pl1-23": PokemonScript(attacks={  # Dialga
        "Energy Stream": [Damage(), If(PlayerHas("own", "basic_energy_discard"), on_heads(
            ChooseCards("e", "discard", BASIC_ENERGY), MoveCards("e", "attach", onto=SELF)))],
        "Diamond Blow": [Mark(SELF, "cant_attack", 2, "is unable to attack until "
                                                      "your next turn is over")],
    }),
    "pl1-24": PokemonScript(  # Dugtrio
        powers={"Sinkhole": Power(passives=(CountersOnRetreat(2),))},
        attacks={
            "Push Down": [If(PlayerHas("opp", "bench"), opponent_switches())],
            "Magnitude": [BenchDamage(10, side="both")],
        },
    ),
    "pl1-25": PokemonScript(  # Dustox
        powers={"Camouflage Pattern": Power(passives=(GuardFromAffected(2),))},
        attacks={
            "Smogscreen": [Inflict(DEFENDER, POISONED),
                           Mark(DEFENDER, "attack_may_fail", 1,
                                "needs heads on a coin to attack in your opponent's next "
                                "turn (on tails its attack fails)")],
            "Chemical Scale": [If(SlotIs(DEFENDER, "has_powers"),
                                  Inflict(DEFENDER, BURNED, CONFUSED))],
        },
    ),
    "pl1-26": PokemonScript(attacks={  # Empoleon
        "Knock Off": [FromOpponentHandUnseen()],
        "Jet Smash": [*choose_opponents_pokemon_for(70), AttackLock("Jet Smash")],
    }),
    "pl1-27": PokemonScript(attacks={  # Giratina
        "Strafe": [Damage(), *may_switch_self()],
        "Broken-space Blow": [Damage(), LostIfKnockedOut()],
    }),
    "pl1-28": PokemonScript(attacks={  # Giratina
        "Dragon Claw": [],
        "Dragonbreath": [NothingOnTails(),
                         Worded(Inflict(DEFENDER, PARALYZED),
                                "Heads: the Defending Pokémon becomes Paralyzed.")],
    }),
    "pl1-29": PokemonScript(attacks={  # Golduck
        "Swim": [
            Worded(If(AllOf((PlayerHas("opp", "energy_W"), OPP_OR_OWN_BENCH)),
                      ChooseYesNo("swim", "Do 30 damage to a Benched Pokémon instead?"),
                      pre=True),
                   "When any [W] Energy is on your opponent's Pokémon, you may "
                   "do 30 damage to 1 Benched Pokémon (either player's, no Weakness or "
                   "Resistance) instead."),
            Worded(If(VarTrue("swim"), ChoosePokemon("b", "any", "bench"), pre=True), ""),
            Worded(If(VarTrue("swim"), DamageChosen("b"), Damage()), ""),
        ],
        "Water Slide": [
            Worded(If(PlayerHas("own", "bench"),
                      ChooseYesNo("slide", "Move all Energy to 1 of your Benched Pokémon?"),
                      pre=True),
                   "You may move every Energy card from this Pokémon to a Pokémon on your "
                   "Bench."),
            Worded(If(VarTrue("slide"), [ChoosePokemon("b", "own", "bench"),
                                         MoveAllEnergy(SELF, "b")]), ""),
            Damage(IfExpr(VarTrue("slide", "you did"), Const(60), Const(40))),
        ],
    }),
    "pl1-30": PokemonScript(attacks={  # Gyarados G
        "Wriggle": [FlipEachForDamage(30, "opp")],
        "Dwindling Wave": [Damage(Minus(100, 10, DamageCountersOn(SELF)))],
    }),
    "pl1-31": PokemonScript(attacks={  # Infernape
        "Rushing Flames": [
            ChooseEnergyInPlay("r", "own", etype="R", count=None, pre=True,
                               wording="Discard any number of [R] Energy attached to your "
                                       "Pokémon."),
            Worded(DiscardChosenEnergy("r"), ""),
            Flip(VarValue("r", "Energy card discarded this way", 1)),
            Damage(Times(80)),
        ],
        "Rage": [Damage(Plus(30, 10, DamageCountersOn(SELF)))],
    }),
    "pl1-32": PokemonScript(attacks={  # Kricketune
        "Revenge Melody": [Damage(Times(20, CardsNamedIn("discard",
                                                         ("Kricketot", "Kricketune"))))],
        "Bug Buzz": [Damage(PlusIf(50, 30, SlotIs(DEFENDER, "asleep"))),
                     Cure(DEFENDER, ASLEEP)],
    }),
    "pl1-33": PokemonScript(attacks={  # Lickilicky
        "Harrumph": [ChoosePokemon("t", "opp", pre=True), DiscardTrainersAttached("t"),
                     *damage_chosen(40)],
        "Body Press": [Damage(), *on_heads(Inflict(DEFENDER, PARALYZED),
                                           DiscardEnergy(DEFENDER, 1))],
    }),
    "pl1-34": PokemonScript(  # Ludicolo
        powers={"Cheerful Voice": Power(steps=(
            EndTurn(),
            Mark(SELF, "attacks_60_more", 2,
                 "adds 60 damage to the Defending Pokémon with each of its attacks "
                 "in your next turn (before Weakness and Resistance)")))},
        attacks={
            "Mad Dance": [Inflict(DEFENDER, CONFUSED)],
            "Best Dance": [Damage(),
                           Worded(Heal(SELF, DealtCounters()),
                                  "Once its damage is done, remove from this Pokémon 1 "
                                  "damage counter for each 10 damage this attack did to "
                                  "the Defending Pokémon."),
                           AttackLock("Best Dance")],
        },
    ),
}
