"""Rising Rivals: effect scripts of pl2-75 to pl2-102, pl2-112 to pl2-114, pl2-RT1 to pl2-RT6.

The commons, the set's Trainers and Special Energy, the Pikachu promos and the Rotom forms.
Pokémon SP are ordinary Basic Pokémon here; ``CardDef.sp`` says which cards are SP. The
primitives these cards brought are in the "Platinum era: Rising Rivals part 3" blocks at
the end of ``effects/steps.py``, ``effects/library.py`` and ``effects/variables.py``.
"""

from __future__ import annotations

from ...cardpool import EnergyScript, PokemonScript, Power, Script, TrainerScript
from ...effects.core import Step
from ...effects.library import (
    AnyTypeOnSP,
    BenchShield,
    IgnoreResistanceForType,
    LockRetreatWhile,
    LowHpBoost,
    MoreUnitsWhenBehind,
    NoPrizeWhile,
    NoWeaknessForType,
    OnlyOnSP,
    OwnTypeBoost,
    OwnTypeShield,
)
from ...effects.steps import (
    BASIC_ENERGY,
    BASIC_POKEMON,
    DAMAGED,
    DAMAGED_SP,
    DEFENDER,
    HEADS,
    HEADS_COUNT,
    POKEMON_CARD,
    SELF,
    SP_CARD,
    SP_OR_BASIC_ENERGY,
    SP_POKEMON,
    TAILS,
    TOOL_CARD,
    WITH_ENERGY,
    AttachToolChosen,
    BenchCards,
    BenchDamage,
    CardFilter,
    ChangeTypeThisTurn,
    ChooseCards,
    ChooseEnergiesOn,
    ChoosePokemon,
    Const,
    Damage,
    DamageChosen,
    DamageCountersOn,
    DealtCounters,
    DiscardEnergy,
    DiscardEnergyEach,
    Draw,
    DrawUntilHand,
    EnergyUnitsOn,
    Flip,
    FlipUntilTails,
    FromOpponentHandUnseen,
    HasCards,
    Heal,
    HealEach,
    If,
    Inflict,
    Mark,
    MoveCards,
    MoveEnergyCards,
    NothingOnTails,
    PlayerHas,
    Plus,
    PlusIf,
    PutCounters,
    PutCountersOnEach,
    RetreatCostOf,
    ReturnDefenderToHand,
    SelfDamage,
    ShuffleDeck,
    SlotIs,
    SwapWithChosen,
    TakeFromBottom,
    Times,
    UnaffectedDamage,
    UsableWhileAsleep,
    VarTrue,
    Worded,
    basic_energy_of_type,
    energy_of_type,
    in_play_named,
    name_has,
)
from ...ruleset import ASLEEP, BURNED, CONFUSED, PARALYZED, POISONED
from ..shapes import (
    coin_condition,
    condition,
    may_switch_self,
    on_heads,
    plus_on_heads,
    search_to_hand,
)

W_ENERGY = energy_of_type("W")
ROTOM_CARD = name_has("Rotom")
ROTOM_IN_PLAY = in_play_named("Rotom")
R_ENERGY = energy_of_type("R")
BASIC_F = basic_energy_of_type("F")


def _rotom_shift(etype: str) -> Power:
    """The Rotom forms' Poké-Power: its type is ``etype`` until the end of the turn."""
    return Power(steps=(ChangeTypeThisTurn(etype),), works_under_conditions=True)


def _to_top_then_search(filt: CardFilter) -> list[Step]:
    """Bebe's Search and SP Radar: a card from the hand on top of the deck, then a search."""
    return [ChooseCards("c", "hand"),
            MoveCards("c", "deck", wording="Place it on your deck as the top card."),
            ChooseCards("p", "deck", filt),
            MoveCards("p", "hand", reveal=True), ShuffleDeck()]


POKEMON: dict[str, PokemonScript] = {
    "pl2-75": PokemonScript(attacks={  # Nuzleaf
        "Blind": [Mark(DEFENDER, "attack_may_fail", 1,
                       "may miss its attack in your opponent's next turn: when it attacks, "
                       "they flip a coin first, and on tails that attack does nothing")],
        "Feint Attack": [
            ChoosePokemon("t", "opp", pre=True),
            Worded(UnaffectedDamage(30, var="t"),
                   "That Pokémon takes 30 damage, untouched by Weakness, Resistance, or "
                   "any Poké-Power, Poké-Body or other effect on it.")],
    }),
    "pl2-76": PokemonScript(  # Quagsire GL
        powers={"Submerge": Power(passives=(BenchShield(),))},
        attacks={"Punch and Run": may_switch_self()},
    ),
    "pl2-77": PokemonScript(attacks={  # Sealeo
        "Find Ice": search_to_hand(W_ENERGY, 2),
        "Sheer Cold": on_heads(Mark(DEFENDER, "cant_attack", 1,
                                    "is unable to attack until your opponent's next turn is over")),
    }),
    "pl2-78": PokemonScript(attacks={  # Seedot
        "Harden": [Mark(SELF, "shield_40", 1,
                        "takes no damage from an attack during your opponent's next turn "
                        "if that damage is 40 or less (after Weakness and Resistance)")],
        "Astonish": [FromOpponentHandUnseen(1, "deck"), ShuffleDeck("opp", wording="")],
    }),
    "pl2-79": PokemonScript(attacks={  # Shellos East Sea
        "Ripple": on_heads(PutCountersOnEach("opp", 1)),
        "Brine": [ChoosePokemon("t", "opp", filt=DAMAGED, pre=True),
                  DamageChosen("t", Const(20))],
    }),
    "pl2-80": PokemonScript(attacks={  # Shellos West Sea
        "Healing Sea": [Flip(2), ChoosePokemon("t", "own"), Heal("t", HEADS_COUNT)],
        "Mud Shot": [],
    }),
    "pl2-81": PokemonScript(  # Snorlax
        powers={"Bad Sleeping Habits": Power(passives=(LockRetreatWhile(ASLEEP, "Asleep"),))},
        attacks={
            "Toss and Turn": [Damage(PlusIf(20, 30, SlotIs(SELF, "asleep"))),
                              UsableWhileAsleep()],
            "Heavy Press": [Flip(), Damage(PlusIf(40, 40, HEADS)),
                            If(TAILS, Inflict(SELF, ASLEEP))],
        },
    ),
    "pl2-82": PokemonScript(attacks={  # Spheal
        "Powder Snow": condition(ASLEEP),
        "Ice Ball": [],
    }),
    "pl2-83": PokemonScript(attacks={  # Staryu
        "Cosmic Draw": [If(PlayerHas("opp", "evolved"), Draw(3))],
        "Swift": [UnaffectedDamage()],
    }),
    "pl2-84": PokemonScript(  # Trapinch
        powers={"Gather Sand": Power(works_under_conditions=True,
            requires=(SlotIs(SELF, "active"), HasCards("discard", BASIC_F)),
            steps=(ChooseCards("e", "discard", BASIC_F),
                   MoveCards("e", "attach", onto=SELF)))},
        attacks={"Grind": [Damage(Times(10, EnergyUnitsOn(SELF)))]},
    ),
    "pl2-85": PokemonScript(  # Turtwig GL
        powers={"Overgrow": Power(passives=(LowHpBoost(60, 30),))},
        attacks={"Giga Drain": [Damage(), Heal(SELF, DealtCounters())]},
    ),
    "pl2-86": PokemonScript(attacks={  # Weedle
        "Rescue String": [ChooseCards("p", "discard", POKEMON_CARD, count=5, up_to=True),
                          MoveCards("p", "deck", reveal=True,
                                    wording="Reveal them to your opponent, then shuffle them into "
                                            "your deck."),
                          ShuffleDeck(wording="")],
        "Needling Sting": plus_on_heads(10, 10),
    }),
    "pl2-87": PokemonScript(  # Weezing
        powers={"Camouflage Gas": Power(passives=(NoPrizeWhile(CONFUSED, "Confused"),))},
        attacks={
            "Damage Breakdown": [
                Worded(PutCounters(DEFENDER, DamageCountersOn(SELF)),
                       "Put as many damage counters on the Defending Pokémon as there are on "
                       "this Pokémon."),
                Inflict(SELF, CONFUSED)],
            "Smog": condition(POISONED),
        },
    ),
    "pl2-112": PokemonScript(attacks={  # Pikachu
        "Gnaw": [],
        "Thunder Jolt": [Flip(), If(TAILS, SelfDamage(10))],
    }),
    "pl2-113": PokemonScript(attacks={  # Flying Pikachu
        "Thundershock": coin_condition(PARALYZED),
        "Fly": [NothingOnTails(), Damage(),
                Mark(SELF, "no_attack_effects", 1,
                     "is protected from all effects of your opponent's attacks, damage "
                     "included, during your opponent's next turn")],
    }),
    "pl2-114": PokemonScript(attacks={"Surf": []}),  # Surfing Pikachu
    "pl2-RT1": PokemonScript(  # Fan Rotom
        powers={"Fan Shift": _rotom_shift("C")},
        attacks={
            "Spin Storm": on_heads(ReturnDefenderToHand()),
            "Air Slash": [Flip(), If(TAILS, DiscardEnergy(SELF, 1))],
        },
    ),
    "pl2-RT2": PokemonScript(  # Frost Rotom
        powers={"Frost Shift": _rotom_shift("W")},
        attacks={
            "Hail": [Worded(Damage(Const(10)),
                            "Each of your opponent's Pokémon takes 10 damage (no Weakness "
                            "or Resistance for Benched Pokémon)."),
                     Worded(BenchDamage(10, side="opp"), "")],
            "Crushing Ice": [Damage(Plus(40, 10, RetreatCostOf(DEFENDER)))],
        },
    ),
    "pl2-RT3": PokemonScript(  # Heat Rotom
        powers={"Heat Shift": _rotom_shift("R")},
        attacks={
            "Warm Up": [If(PlayerHas("own", "bench"), [
                ChooseCards("e", "deck", R_ENERGY),
                If(VarTrue("e", "you found one"), [
                    ChoosePokemon("t", "own", "bench"),
                    MoveCards("e", "attach", onto="t",
                              wording="Attach it to that Benched Pokémon.")]),
                ShuffleDeck()])],
            "Heat Burn": condition(BURNED),
        },
    ),
    # The printed text of Mow Shift in ../shared says [R] (the card is a Grass form): the
    # script follows the data; see the report of issue 13.
    "pl2-RT4": PokemonScript(  # Mow Rotom
        powers={"Mow Shift": _rotom_shift("R")},
        attacks={
            "Slash": [],
            "Mow Down": on_heads(DiscardEnergyEach()),
        },
    ),
    "pl2-RT5": PokemonScript(  # Wash Rotom
        powers={"Wash Shift": _rotom_shift("W")},
        attacks={
            "Cleanse Away": [HealEach("own", 3, where="bench", wording=(
                "Each of your Benched Pokémon loses 3 damage counters (all of them "
                "from one that has fewer)."))],
            "Drain Wash": [FlipUntilTails(), FromOpponentHandUnseen(HEADS_COUNT)],
        },
    ),
}

TRAINERS: dict[str, TrainerScript] = {
    "pl2-88": TrainerScript(  # Aaron's Collection
        requires=(HasCards("discard", SP_OR_BASIC_ENERGY),),
        steps=[ChooseCards("c", "discard", SP_OR_BASIC_ENERGY, count=2, up_to=True),
               MoveCards("c", "hand", reveal=True,
                         wording="Let your opponent see them, then add them to your hand.")]),
    "pl2-89": TrainerScript(  # Bebe's Search
        requires=(PlayerHas("own", "another_card_in_hand"),),
        steps=_to_top_then_search(POKEMON_CARD)),
    "pl2-90": TrainerScript(  # Bertha's Warmth
        requires=(PlayerHas("own", "damaged_sp"),),
        steps=[ChoosePokemon("t", "own", filt=DAMAGED_SP), Heal("t", 5)]),
    "pl2-91": TrainerScript(  # Flint's Willpower
        requires=(PlayerHas("own", "sp_energy_ready"),),
        steps=[ChooseCards("e", "hand", BASIC_ENERGY),
               ChoosePokemon("t", "own", filt=SP_POKEMON),
               MoveCards("e", "attach", onto="t")]),
    "pl2-92": TrainerScript(  # Lucian's Assignment
        requires=(PlayerHas("own", "two_pokemon_energy"),),
        steps=[ChoosePokemon("from", "own", filt=WITH_ENERGY),
               ChooseEnergiesOn("e", "from"),
               ChoosePokemon("to", "own", exclude="from",
                             wording="Choose another of your Pokémon."),
               MoveEnergyCards("e", "to")]),
    "pl2-93": TrainerScript(  # Pokémon Contest Hall
        use_requires=(PlayerHas("own", "bench_room"),),
        use=(Flip(), If(HEADS, [
            ChooseCards("b", "deck", BASIC_POKEMON),
            BenchCards("b", "Put it onto your Bench."),
            If(VarTrue("b", "you found one"), [
                Worded(ChooseCards("t", "deck", TOOL_CARD, up_to=True),
                       "You may also pick a Pokémon Tool card from your deck and attach it "
                       "to that Pokémon."),
                Worded(AttachToolChosen("t", "b"), "")]),
            ShuffleDeck()]))),
    "pl2-94": TrainerScript(  # Sunyshore City Gym
        passives=(IgnoreResistanceForType("L"), NoWeaknessForType("L"))),
    # The card facts (assets and ../shared) give no attack for this TM: it is scripted with
    # what they do give (who may hold it, when it goes) and lends no attack until they do.
    "pl2-95": TrainerScript(  # Team Galactic's Invention G-107 Technical Machine
        attach_to=SlotIs(SELF, "sp"), passives=(OnlyOnSP(),)),
    "pl2-96": TrainerScript(  # Team Galactic's Invention G-109 SP Radar
        requires=(PlayerHas("own", "another_card_in_hand"),),
        steps=_to_top_then_search(SP_CARD)),
    "pl2-97": TrainerScript(  # Underground Expedition
        requires=(PlayerHas("own", "deck"),),
        steps=[TakeFromBottom(4, 2)]),
    "pl2-98": TrainerScript(  # Volkner's Philosophy
        requires=(PlayerHas("own", "can_draw_to_6"),),
        steps=[Worded(ChooseCards("d", "hand", up_to=True),
                      "You may pick a card in your hand and discard it."),
               Worded(MoveCards("d", "discard"), ""),
               DrawUntilHand(6)]),
    "pl2-RT6": TrainerScript(  # Charon's Choice
        back_to_hand=True,
        requires=(PlayerHas("own", "rotom_in_play"), PlayerHas("own", "deck")),
        steps=[ChooseCards("new", "deck", ROTOM_CARD),
               If(VarTrue("new", "you found one"), [
                   ChoosePokemon("old", "own", filt=ROTOM_IN_PLAY,
                                 wording="Choose 1 of your Rotom in play."),
                   SwapWithChosen("new", "old")]),
               ShuffleDeck()]),
}

ENERGY: dict[str, EnergyScript] = {
    # Not Expedition's: this era's Darkness Energy adds its damage before Weakness and
    # Resistance, only for a [D] Pokémon, and puts no damage counters between turns.
    "pl2-99": EnergyScript(passives=(OwnTypeBoost("D"),)),  # Darkness Energy
    # Not Expedition's: only a [M] Pokémon is shielded, and nothing hinders other attackers.
    "pl2-100": EnergyScript(passives=(OwnTypeShield("M"),)),  # Metal Energy
    "pl2-101": EnergyScript(passives=(AnyTypeOnSP(),)),  # SP Energy
    "pl2-102": EnergyScript(passives=(MoreUnitsWhenBehind(2),)),  # Upper Energy
}

SCRIPTS: dict[str, Script] = {**POKEMON, **TRAINERS, **ENERGY}
