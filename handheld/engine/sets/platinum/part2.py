"""Platinum: effect scripts of pl1-35 to pl1-77 (the rares without holo, the uncommons
and the first commons)."""

from __future__ import annotations

from ...cardpool import PokemonScript, Power, Script
from ...effects.core import Step
from ...effects.library import (
    ENDURE_10,
    FreeAttacksWhileAffected,
    GuardAttackEffects,
    HealWhileAffected,
    ResistConditions,
)
from ...effects.steps import (
    BASIC_POKEMON,
    DAMAGED,
    DEFENDER,
    HEADS,
    HEADS_COUNT,
    SELF,
    SP_WITH_ENERGY,
    TAILS,
    TRAINER_CARD,
    AllOf,
    AnyPokemon,
    AttachEachToOwn,
    BenchDamage,
    BenchDamageTo,
    BenchedFromHand,
    CardFilter,
    CardProvides,
    ChooseAttachedEnergy,
    ChooseCards,
    ChooseCardsFor,
    ChooseEnergyInPlay,
    ChooseOpponentHandCard,
    ChoosePokemon,
    ChoosePokemonFor,
    ChooseYesNo,
    Const,
    CountPokemon,
    Damage,
    DamageChosen,
    DamageChosenNoWR,
    DiscardChosenEnergy,
    DiscardEnergy,
    DiscardStadium,
    Draw,
    EnergyCardsOn,
    EnergyInTopOfDeck,
    EnergyOfTypeInPlay,
    EvolveWith,
    FewerEnergyThan,
    Flip,
    FlipUntilTails,
    HasCards,
    HasEnergyOfType,
    Heal,
    HealEach,
    If,
    IfExpr,
    Inflict,
    Mark,
    MarkWhileActive,
    MayChooseAttachedEnergy,
    MoreEnergyInPlay,
    MoveCards,
    MoveEnergy,
    OpponentCardsToDeck,
    OpponentMayDraw,
    PlayerHas,
    Plus,
    PlusIf,
    PoisonCounters,
    PutCounters,
    Remember,
    SelfDamage,
    ShuffleDeck,
    SlotIs,
    StadiumInPlay,
    SwitchOpponentActive,
    Times,
    VarTrue,
    Worded,
    card_named,
    energy_of_type,
    forbid_attack,
)
from ...ruleset import ASLEEP, BURNED, CONFUSED, PARALYZED, POISONED
from ..shapes import (
    bench_from_deck,
    coin_condition,
    condition,
    may_switch_self,
    on_heads,
    opponent_switches,
    plus_on_heads,
    search_to_hand,
    times_heads,
)

R_ENERGY = energy_of_type("R")
# Honcho's Command: Stadiums, or Trainers named for Team Galactic's inventions.
GALACTIC_OR_STADIUM = CardFilter(
    "galactic_or_stadium", "Stadium or Team Galactic's Invention card",
    lambda d: TRAINER_CARD.test(d) and (d.trainer_kind == "stadium"
                                        or "Team Galactic's Invention" in d.name))


def bench_hits(count: int, amount: int = 10) -> list[Step]:
    """``amount`` to ``count`` of your opponent's Benched Pokémon, beside the printed
    damage."""
    return [ChoosePokemon("bt", "opp", "bench", count=count, pre=True),
            BenchDamage(amount, var="bt")]


def chosen_hit(amount: int) -> list[Step]:
    """Choose 1 of your opponent's Pokémon; the attack does ``amount`` to it."""
    return [ChoosePokemon("t", "opp", pre=True),
            Worded(DamageChosen("t", Const(amount)),
                   f"That Pokémon takes {amount} damage (no Weakness or "
                   "Resistance on the Bench).")]


def switch_in_and(*steps: Step) -> list[Step]:
    """You pick one of the opponent's Benched Pokémon to trade places with the Defending
    Pokémon, then ``steps`` act on the new one ("t")."""
    return [ChoosePokemon("t", "opp", "bench", pre=True,
                          wording="Pick one of your opponent's Benched Pokémon to switch "
                                  "in for the Defending Pokémon."),
            SwitchOpponentActive("t", wording=""), *steps]


SCRIPTS: dict[str, Script] = {
    "pl1-35": PokemonScript(attacks={  # Luvdisc
        "Love Call": [ChoosePokemon("t", "opp", pre=True,
                                    wording="Pick a Pokémon your opponent has in play."),
                      ChooseCardsFor("c", "deck", "same_type", "t"),
                      MoveCards("c", "hand", reveal=True), ShuffleDeck()],
        "Sweet Kiss": [OpponentMayDraw(1)],
    }),
    "pl1-36": PokemonScript(attacks={  # Ninetales
        "Flame Bash": [FlipUntilTails(),
                       Worded(ChooseCards("e", "deck", R_ENERGY, count=HEADS_COUNT),
                              "Search your deck for up to 1 [R] Energy card for each heads."),
                       AttachEachToOwn("e"), ShuffleDeck()],
        "Mysterious Flames": [If(MoreEnergyInPlay("own"),
                                 Inflict(DEFENDER, BURNED, CONFUSED))],
    }),
    "pl1-37": PokemonScript(attacks={  # Palkia
        "Tsunami": [BenchDamage(10, side="opp")],
        "Water Pulse": coin_condition(ASLEEP),
    }),
    "pl1-38": PokemonScript(attacks={  # Shaymin
        "Energy Blow": [Damage(Plus(10, 10, EnergyCardsOn(SELF)))],
        "Aromatherapy": [HealEach("own", 2)],
    }),
    "pl1-39": PokemonScript(attacks={  # Torterra
        "Green Blast": [Damage(Plus(40, 10, EnergyOfTypeInPlay("own", "G")))],
        "Soothing Scent": condition(ASLEEP),
    }),
    "pl1-41": PokemonScript(  # Bronzong G
        powers={"Galactic Switch": Power(
            requires=(AnyPokemon("own", SP_WITH_ENERGY), PlayerHas("own", "bench")),
            steps=(ChooseEnergyInPlay("e", "own", filt=SP_WITH_ENERGY,
                                      wording="Move 1 Energy card from 1 of your "
                                              "Pokémon SP"),
                   ChoosePokemon("to", "own", exclude="e", wording="onto a different "
                                                                   "Pokémon of yours."),
                   Worded(MoveEnergy("e", "to"), ""), PutCounters(SELF, 2)))},
        attacks={"Psychic Pulse": [BenchDamageTo(10, DAMAGED)]},
    ),
    "pl1-42": PokemonScript(attacks={  # Cacturne
        "Spike Wound": [ChoosePokemon("t", "opp", filt=DAMAGED, pre=True),
                        Worded(DamageChosen("t", Const(50)),
                               "That Pokémon takes 50 damage (no Weakness or "
                               "Resistance on the Bench).")],
        "Poison Experiment": [
            Worded(MayChooseAttachedEnergy("e", SELF, ("G", "D")),
                   "You may discard a [G] or [D] Energy card attached to this Pokémon."),
            Worded(DiscardChosenEnergy("e"), ""),
            If(CardProvides("e", "G", "you discarded [G] Energy"),
               Inflict(DEFENDER, POISONED)),
            If(CardProvides("e", "D", "you discarded [D] Energy"),
               Inflict(DEFENDER, PARALYZED))],
    }),
    "pl1-43": PokemonScript(attacks={  # Carnivine
        "Stretch Vine": [ChoosePokemon("bt", "opp", "bench", count=2, pre=True),
                         BenchDamage(10, var="bt")],
        "Absorb": [Heal(SELF, 2)],
        "Vine Extract": [Remember("hurt", SlotIs(DEFENDER, "damaged")),
                         If(VarTrue("hurt", "the Defending Pokémon already had damage "
                                            "counters before this attack"),
                            Inflict(DEFENDER, BURNED, POISONED))],
    }),
    "pl1-44": PokemonScript(attacks={  # Cascoon
        "Ascension": [ChooseCardsFor("c", "deck", "evolves_from", SELF), EvolveWith("c"),
                      ShuffleDeck()],
        "Poison Thread": condition(POISONED),
    }),
    "pl1-45": PokemonScript(attacks={  # Combusken
        "Firebreathing": plus_on_heads(20, 20),
        "High Jump Kick": [],
    }),
    "pl1-46": PokemonScript(attacks={  # Cranidos
        "Rock Smash": plus_on_heads(20, 20),
        "Knock Over": [If(StadiumInPlay(), [
            Worded(ChooseYesNo("ko", "Discard the Stadium card in play?"), ""),
            Worded(If(VarTrue("ko"), DiscardStadium()),
                   "You may discard the Stadium card in play.")])],
    }),
    "pl1-48": PokemonScript(attacks={  # Flaaffy
        "Spark": bench_hits(2),
        "Tail Code": [If(AllOf((SlotIs(DEFENDER, "has_energy"),
                                PlayerHas("opp", "bench"))), [
            ChooseAttachedEnergy("e", DEFENDER),
            ChoosePokemon("to", "opp", "bench",
                          wording="Choose another of your opponent's Pokémon."),
            MoveEnergy("e", "to")])],
    }),
    "pl1-49": PokemonScript(attacks={  # Grotle
        "Absorb": [Heal(SELF, 1)],
        "Razor Leaf": [],
    }),
    "pl1-51": PokemonScript(attacks={  # Kirlia
        "Teleportation Burst": may_switch_self(),
        "Super Psy Bolt": [],
    }),
    "pl1-52": PokemonScript(attacks={  # Lombre
        "Interrupt": on_heads(ChooseOpponentHandCard("c"), OpponentCardsToDeck("c"),
                              ShuffleDeck("opp", wording="")),
        "Gentle Slap": [],
    }),
    "pl1-53": PokemonScript(attacks={  # Lucario
        "Aura Sphere": bench_hits(1),
        "Do the Wave": [Damage(Plus(20, 10, CountPokemon("own", "bench")))],
    }),
    "pl1-56": PokemonScript(attacks={  # Monferno
        "Fire Tail Slap": [Flip(), If(TAILS, DiscardEnergy(SELF, 1, "R"))],
        "Paralyzing Gaze": coin_condition(PARALYZED),
    }),
    "pl1-58": PokemonScript(attacks={  # Octillery
        "Water Vein": [Flip(EnergyInTopOfDeck(5)), Damage(Times(50)),
                       ShuffleDeck(wording="Shuffle your deck afterward.")],
        "Octazooka": [MarkWhileActive(DEFENDER, "attack_may_fail",
                           "is affected for as long as it stays Active: before each of its "
                           "attacks, your opponent flips a coin, and on tails that attack "
                           "does nothing")],
    }),
    "pl1-59": PokemonScript(attacks={  # Prinplup
        "Surf": [],
        "Bubblebeam": coin_condition(PARALYZED),
    }),
    "pl1-60": PokemonScript(attacks={  # Probopass
        "Stealth Rock": chosen_hit(30),
        "Hyper Beam": on_heads(DiscardEnergy(DEFENDER, 1)),
    }),
    "pl1-61": PokemonScript(attacks={  # Seviper
        "Shed Skin": [Heal(SELF, 4)],
        "Bite and Escape": may_switch_self(),
        "Paralyze Poison": [Inflict(DEFENDER, POISONED),
                            *on_heads(Inflict(DEFENDER, PARALYZED, POISONED))],
    }),
    "pl1-63": PokemonScript(attacks={  # Silcoon
        "Ascension": [ChooseCardsFor("c", "deck", "evolves_from", SELF), EvolveWith("c"),
                      ShuffleDeck()],
        "Sticky String": coin_condition(PARALYZED),
    }),
    "pl1-64": PokemonScript(attacks={  # Vigoroth
        "Reckless Charge": [Flip(), If(TAILS, SelfDamage(10))],
        "Fight Back": [Damage(PlusIf(50, 20, SlotIs(SELF, "damaged")))],
    }),
    "pl1-65": PokemonScript(attacks={  # Wartortle
        "Double Slap": times_heads(20, 2),
        "Rocket Tackle": [SelfDamage(10), *on_heads(
            Mark(SELF, "no_attack_damage", 1,
                 "takes no damage from attacks during your opponent's next turn"))],
    }),
    "pl1-67": PokemonScript(attacks={  # Cacnea
        "Sneaky Attack": [Damage(PlusIf(10, 10, HasEnergyOfType(SELF, "D")))],
        "Shoot Needle": [Flip(2),
                         ChoosePokemonFor("t", "opp", count=HEADS_COUNT,
                                          wording="Pick as many different Pokémon of your "
                                                  "opponent's as you got heads (all of them "
                                                  "if there are fewer)."),
                         Worded(DamageChosen("t", Const(10)),
                                "Each of them takes 10 damage (no Weakness or "
                                "Resistance on the Bench).")],
    }),
    "pl1-68": PokemonScript(attacks={  # Carnivine
        "Poison Breath": coin_condition(POISONED),
        "Sweet Saliva": [HealEach("own", 1, where="bench")],
    }),
    "pl1-69": PokemonScript(attacks={  # Chansey
        "Healing Trial": [Flip(), If(HEADS, Heal(SELF, 3), Heal(DEFENDER, 3))],
        "Pulled Punch": [Damage(IfExpr(SlotIs(DEFENDER, "damaged"), Const(10), Const(40)))],
    }),
    "pl1-70": PokemonScript(attacks={"Bite": [], "Fire Punch": []}),  # Chimchar
    "pl1-71": PokemonScript(attacks={  # Combee
        "Collect": [Draw(1)],
        "Shoot Through": bench_hits(1),
    }),
    "pl1-72": PokemonScript(attacks={  # Diglett
        "Dig Under": [ChoosePokemon("t", "opp", pre=True),
                      Worded(DamageChosenNoWR("t", Const(10)),
                             "That Pokémon takes 10 damage; Weakness and "
                             "Resistance are not applied.")],
        "Trip Over": plus_on_heads(20, 20),
    }),
    "pl1-73": PokemonScript(attacks={  # Dunsparce
        "Call for Family": bench_from_deck(BASIC_POKEMON),
        "Spring Out": chosen_hit(10),
    }),
    "pl1-74": PokemonScript(attacks={  # Electrike
        "Roar": opponent_switches(),
        "Thunder Fang": coin_condition(PARALYZED),
    }),
    "pl1-75": PokemonScript(attacks={  # Grimer
        "Division": bench_from_deck(card_named("Grimer")),
        "Poison Gas": condition(POISONED),
    }),
    "pl1-76": PokemonScript(  # Happiny
        powers={"Baby Evolution": Power(works_under_conditions=True,
            requires=(SlotIs(SELF, "may_evolve_from_hand"),
                      HasCards("hand", card_named("Chansey"))),
            steps=(ChooseCards("c", "hand", card_named("Chansey")),
                   EvolveWith("c", SELF, "Put it onto this Pokémon (this evolves it)."),
                   Heal(SELF, None)))},
        attacks={"Hospitality": [If(PlayerHas("opp", "bench"), switch_in_and(
            Heal("t", 2)))]},
    ),
    "pl1-77": PokemonScript(attacks={  # Honchkrow G
        "Honcho's Command": search_to_hand(GALACTIC_OR_STADIUM, 2),
        "Target Attack": [ChoosePokemon("t", "opp", pre=True),
                          Worded(DamageChosen("t", IfExpr(SlotIs("t", "damaged"), Const(40),
                                                          Const(20))),
                                 "That Pokémon takes 20 damage instead, or 40 "
                                 "if it already has damage counters (no Weakness or Resistance on "
                                 "the Bench).")],
    }),
    "pl1-40": PokemonScript(  # Toxicroak G
        powers={"Anticipation": Power(passives=(GuardAttackEffects(),))},
        attacks={"Deep Poison": [Damage(PlusIf(20, 40, SlotIs(DEFENDER, "poisoned")))]},
    ),
    "pl1-47": PokemonScript(  # Crobat G
        powers={"Flash Bite": Power(works_under_conditions=True,
            requires=(BenchedFromHand(),),
            steps=(Worded(ChooseYesNo("fb", "Place a damage counter on an opponent's "
                                            "Pokémon?"), ""),
                   Worded(If(VarTrue("fb"), [ChoosePokemon("t", "opp", wording=""),
                                             PutCounters("t", 1)]),
                          "You may place 1 damage counter on any of your opponent's "
                          "Pokémon.")))},
        attacks={"Toxic Fang": [Inflict(DEFENDER, POISONED), PoisonCounters(DEFENDER, 2)]},
    ),
    "pl1-50": PokemonScript(attacks={  # Houndoom G
        "Black Cry": [Worded(Mark(DEFENDER, "cant_retreat", 1, "can't retreat"), ""),
                      Mark(DEFENDER, "no_poke_powers", 1,
                           "is unable to retreat or use Poké-Powers until your opponent's "
                           "next turn is over")],
        "Dark Slash": [
            Worded(MayChooseAttachedEnergy("e", SELF, ("D",)),
                   "You may discard a [D] Energy card attached to this Pokémon."),
            Worded(DiscardChosenEnergy("e"), ""),
            Damage(PlusIf(40, 20, CardProvides("e", "D", "you did")))],
    }),
    "pl1-54": PokemonScript(  # Mightyena
        powers={"Cold Feet": Power(passives=(FreeAttacksWhileAffected(),))},
        attacks={
            "Collude": [Damage(PlusIf(20, 20, PlayerHas("own", "supporter_played")))],
            "Desperate Attack": [Damage(PlusIf(50, 30, FewerEnergyThan(SELF, DEFENDER)))],
        },
    ),
    "pl1-55": PokemonScript(attacks={  # Mismagius
        "Upper Hand": forbid_attack(DEFENDER),
        "Psybeam": coin_condition(CONFUSED),
    }),
    "pl1-57": PokemonScript(  # Muk
        powers={"Sludge Cell": Power(passives=(HealWhileAffected(2),))},
        attacks={
            "Strange Poison": [Flip(), If(HEADS, Inflict(DEFENDER, POISONED),
                                          Inflict(SELF, POISONED))],
            "Strange Sludge": [Damage(PlusIf(50, 20, SlotIs(SELF, "poisoned"))),
                               If(SlotIs(SELF, "poisoned"), Inflict(DEFENDER, CONFUSED))],
        },
    ),
    "pl1-62": PokemonScript(attacks={  # Shieldon
        "Endure": on_heads(Mark(SELF, ENDURE_10.name, 1,
                                "is left with 10 HP instead if damage from an attack would "
                                "Knock it Out during your opponent's next turn")),
        "Rock Slide": bench_hits(2),
    }),
    "pl1-66": PokemonScript(  # Zangoose
        powers={"Thick Skin": Power(passives=(ResistConditions(),))},
        attacks={
            "Invite and Strike": [If(PlayerHas("opp", "bench"), switch_in_and(
                Worded(DamageChosen("t", Const(20)),
                       "The new Defending Pokémon takes 20 damage.")))],
            "Chop Up": [BenchDamageTo(10, DAMAGED)],
        },
    ),
}
