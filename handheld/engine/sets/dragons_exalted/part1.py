"""Dragons Exalted (bw6): effect scripts of bw6-1 to bw6-64 (the Grass, Fire, Water,
Lightning, Psychic and first Fighting Pokémon).

Ho-Oh-EX (bw6-22) and Mew-EX (bw6-46) are printed again as full-art cards (bw6-119,
bw6-120), which play these scripts (``sets/reprints.py``).
"""

from __future__ import annotations

from ...cardpool import PokemonScript, Power, Script
from ...effects.core import Step
from ...effects.library import (
    NO_WEAKNESS,
    PREVENT_60,
    TAKES_20_LESS,
    CountersOnOpponentAttach,
    GuardFromEX,
    NoAbilities,
    NoPrizeWhenKnockedOut,
)
from ...effects.steps import (
    BASIC_ENERGY,
    BASIC_POKEMON,
    DEFENDER,
    HEADS,
    HEADS_COUNT,
    SELF,
    SPECIAL_ENERGY,
    TAILS,
    AttachEachToOwn,
    AttackLock,
    AttacksOfAnyPokemon,
    BasicEnergyTypesOn,
    BenchCards,
    BenchDamage,
    BenchFromDeck,
    BenchFromDiscardSelf,
    BenchRoom,
    CardsInZone,
    ChooseCards,
    ChooseDifferentTypes,
    ChoosePokemon,
    ChooseYesNo,
    ConditionCount,
    CountPokemon,
    Damage,
    DamageTo,
    Devolve,
    DiscardEnergy,
    Draw,
    EnergyInPlay,
    EnergyOfTypeOn,
    EnergyUnitsOn,
    EvolvedFromHand,
    Flip,
    FlipUntilTails,
    HasMarker,
    HeadsAtLeast,
    Heal,
    HealEach,
    If,
    InDiscardPile,
    Inflict,
    KnockOut,
    Mark,
    MoveCards,
    MoveEnergyFreely,
    NothingOnTails,
    OpponentDraws,
    PlayerHas,
    Plus,
    PlusIf,
    PutCounters,
    PutCountersAnyWay,
    RemoveConditions,
    ReorderTopOfDeck,
    ReturnSelfToHand,
    Scaled,
    SelfDamage,
    ShuffleDeck,
    ShuffleHandIntoDeck,
    SlotIs,
    SwitchOpponentActive,
    SwitchOwnActive,
    Times,
    VarTrue,
    Worded,
    card_named,
)
from ...ruleset import ASLEEP, BURNED, CONFUSED, PARALYZED, POISONED
from ..shapes import (
    coin_condition,
    condition,
    may_switch_self,
    on_heads,
    opponent_switches,
    plus_on_heads,
    times_heads,
)


def protected_next_turn() -> Step:
    """Shields this Pokémon from every effect of the opponent's attacks, damage too, through
    the opponent's next turn (Yanmega's Agility, Nincada's Dig)."""
    return Mark(SELF, "no_attack_effects", 1,
                "is protected from all effects of your opponent's attacks, damage included, "
                "during your opponent's next turn")


def takes_20_less_next_turn() -> Step:
    """The attacker takes 20 less damage from attacks, counted after Weakness and
    Resistance, until the end of the opponent's next turn (Cotton Guard, Flame Screen)."""
    return Mark(SELF, TAKES_20_LESS.name, 1,
                "takes 20 less damage from attacks (after Weakness and Resistance) during "
                "your opponent's next turn")


def switch_in_defender() -> list[Step]:
    """You choose 1 of the opponent's Benched Pokémon to trade places with the Defending
    Pokémon (Tangle Drag)."""
    return [ChoosePokemon("t", "opp", "bench", pre=True,
                          wording="Pick one of your opponent's Benched Pokémon to switch "
                                  "in for the Defending Pokémon."),
            SwitchOpponentActive("t", wording="")]


def may(name: str, wording: str, *steps: Step) -> tuple[Step, ...]:
    """An Ability's "you may ...": asked first (its ``wording`` says the whole of it), the
    steps follow on yes (the evolving Abilities: ``steps.EvolvedFromHand``)."""
    return (Worded(ChooseYesNo("use", f"Use {name}?"), ""),
            Worded(If(VarTrue("use"), list(steps)), wording))


def echoed(attack: str, base: int, extra: int) -> list[Step]:
    """"During your next turn, this Pokémon's <attack> attack does <extra> more damage
    (before Weakness and Resistance)": the attack reads the mark its last use left."""
    return [Damage(PlusIf(base, extra, HasMarker(SELF, "powered_up",
                                                 f"used {attack} during your last turn"))),
            Worded(Mark(SELF, "powered_up", 2, ""),
                   f"If this Pokémon uses {attack} again during your next turn, it does "
                   f"{extra} more damage (before Weakness and Resistance).")]


HO_OH_EX = PokemonScript(  # Ho-Oh-EX (bw6-22; full art bw6-119)
    powers={"Rebirth": Power(
        requires=(InDiscardPile(), PlayerHas("own", "bench_room")),
        steps=(Flip(), If(HEADS, [
            BenchFromDiscardSelf(),
            ChooseDifferentTypes("e", "discard", 3),
            MoveCards("e", "attach", onto=SELF, wording="Attach them to this Pokémon.")])))},
    attacks={"Rainbow Burn": [Damage(Plus(20, 20, BasicEnergyTypesOn(SELF)))]},
)

MEW_EX = PokemonScript(  # Mew-EX (bw6-46; full art bw6-120)
    powers={"Versatile": Power(
        instead_of_attack=True, uses_per_turn=None, requires=(AttacksOfAnyPokemon(),),
        wording="it may use any attack of any Pokémon in play, yours or your opponent's, "
                "instead of its own, paying that attack's Energy with its own Energy.")},
    attacks={"Replace": [MoveEnergyFreely()]},
)


SCRIPTS: dict[str, Script] = {
    "bw6-1": PokemonScript(attacks={  # Hoppip
        "Flail Around": times_heads(10, 3),
    }),
    "bw6-2": PokemonScript(attacks={  # Skiploom
        "Bullet Seed": times_heads(10, 4),
    }),
    "bw6-3": PokemonScript(  # Jumpluff
        powers={"Leave It to the Wind": Power(
            # (the Active one only while a Benched Pokémon can take its place: with none,
            # it would only lose the game)
            requires=(PlayerHas("own", "bench"),), steps=(ReturnSelfToHand(),))},
        attacks={"Acrobatics": [Flip(2), Damage(Plus(20, 30))]},
    ),
    "bw6-4": PokemonScript(attacks={  # Yanma
        "Whirlwind": opponent_switches(),
    }),
    "bw6-5": PokemonScript(attacks={  # Yanmega
        "Agility": on_heads(protected_next_turn()),
        "Cutting Wind": [],
    }),
    "bw6-6": PokemonScript(attacks={  # Wurmple
        "Sleep Poison": on_heads(Inflict(DEFENDER, ASLEEP, POISONED)),
    }),
    "bw6-7": PokemonScript(attacks={  # Silcoon
        "Harden": [Mark(SELF, PREVENT_60.name, 1,
                        "takes no damage from an attack during your opponent's next turn if "
                        "that damage is 60 or less (after Weakness and Resistance)")],
        "Bug Bite": [],
    }),
    "bw6-8": PokemonScript(attacks={  # Beautifly
        "Triple Energy": [ChooseDifferentTypes("e", "deck", 3), AttachEachToOwn("e"),
                          ShuffleDeck()],
        "Drainpour": [HealEach("own", 4, where="bench")],
    }),
    "bw6-9": PokemonScript(attacks={  # Cascoon
        "Tangle Drag": switch_in_defender(),
        "Spiral Drain": [Heal(SELF, 2)],
    }),
    "bw6-10": PokemonScript(attacks={  # Nincada
        "Dig": on_heads(protected_next_turn()),
    }),
    "bw6-11": PokemonScript(  # Ninjask
        powers={"Cast-off Shell": Power(
            requires=(EvolvedFromHand(), PlayerHas("own", "bench_room"),
                      PlayerHas("own", "deck")),
            steps=may("Cast-off Shell",
                      "You may find a Shedinja in your deck and put it onto your Bench, "
                      "then shuffle your deck.",
                      ChooseCards("s", "deck", card_named("Shedinja")), BenchFromDeck("s"),
                      ShuffleDeck()))},
        attacks={"Night Slash": may_switch_self()},
    ),
    "bw6-12": PokemonScript(attacks={  # Roselia
        "Double Whip": times_heads(10, 2),
        "Relaxing Fragrance": [Heal(SELF, 3), RemoveConditions(SELF)],
    }),
    "bw6-13": PokemonScript(attacks={  # Roselia
        "Needling Sting": plus_on_heads(10, 20),
    }),
    "bw6-14": PokemonScript(attacks={  # Roserade
        "Crosswise Whip": times_heads(30, 4),
        "Poison Point": condition(POISONED),
    }),
    "bw6-15": PokemonScript(  # Roserade
        powers={"Le Parfum": Power(
            requires=(EvolvedFromHand(), PlayerHas("own", "deck")),
            steps=may("Le Parfum",
                      "You may take any 1 card of your deck into your hand, then shuffle "
                      "your deck.",
                      ChooseCards("c", "deck"), MoveCards("c", "hand"), ShuffleDeck()))},
        attacks={"Squeeze": [Flip(), Damage(PlusIf(30, 20, HEADS)),
                             If(HEADS, Inflict(DEFENDER, PARALYZED))]},
    ),
    "bw6-16": PokemonScript(attacks={  # Maractus
        "Stun Needle": coin_condition(PARALYZED),
        "Reinforced Needle": [Damage(PlusIf(40, 40, SlotIs(SELF, "has_tool")))],
    }),
    "bw6-17": PokemonScript(attacks={  # Foongus
        "Double Spin": times_heads(10, 2),
    }),
    "bw6-18": PokemonScript(attacks={  # Vulpix
        "Singe": condition(BURNED),
    }),
    "bw6-19": PokemonScript(  # Ninetales
        powers={"Bright Look": Power(
            requires=(EvolvedFromHand(), PlayerHas("opp", "bench")),
            steps=may("Bright Look",
                      "You may swap your opponent's Active Pokémon for 1 of their Benched "
                      "Pokémon.",
                      ChoosePokemon("t", "opp", "bench"), SwitchOpponentActive("t")))},
        attacks={"Hexed Flame": [Damage(Plus(20, 50, ConditionCount(DEFENDER)))]},
    ),
    "bw6-20": PokemonScript(attacks={"Beat": [], "Magma Punch": []}),  # Magmar
    "bw6-21": PokemonScript(attacks={  # Magmortar
        "Flame Screen": [takes_20_less_next_turn()],
        "Flamethrower": [DiscardEnergy(SELF, 1)],
    }),
    "bw6-22": HO_OH_EX,
    "bw6-23": PokemonScript(attacks={  # Magikarp
        "Soggy Rush": [FlipUntilTails(), Damage(Times(10))],
    }),
    "bw6-24": PokemonScript(attacks={  # Gyarados
        "Sharp Fang": [],
        "Swing Around": [Flip(2), Damage(Plus(60, 30))],
    }),
    "bw6-25": PokemonScript(attacks={  # Wailmer
        "Lullaby": coin_condition(ASLEEP),
        "Water Gun": [],
    }),
    "bw6-26": PokemonScript(attacks={  # Wailord
        "Water Cannon": [NothingOnTails(), Damage(Times(30, EnergyOfTypeOn(SELF, "W")))],
        "Giant Wave": [AttackLock("Giant Wave")],
    }),
    "bw6-27": PokemonScript(attacks={  # Feebas
        "Add-a-Dash": [Flip(2), Draw(Scaled(1, HEADS_COUNT, "card"))],
    }),
    "bw6-28": PokemonScript(attacks={  # Milotic
        "Clear Search": [ChooseCards("c", "deck", count=3),
                         MoveCards("c", "hand", wording="Put them into your hand."),
                         ShuffleDeck()],
        "Water Pulse": condition(ASLEEP),
    }),
    "bw6-29": PokemonScript(attacks={  # Spheal
        "Unstoppable Roll": [Flip(2), Damage(PlusIf(10, 30, HeadsAtLeast(
            2, wording="both coins are heads")))],
    }),
    "bw6-30": PokemonScript(attacks={"Ice Ball": [], "Aurora Beam": []}),  # Sealeo
    "bw6-31": PokemonScript(attacks={  # Walrein
        "Aurora Beam": [],
        "Ice Entomb": [Inflict(DEFENDER, PARALYZED), AttackLock("Ice Entomb")],
    }),
    "bw6-32": PokemonScript(attacks={"Wave Splash": []}),  # Buizel
    "bw6-33": PokemonScript(attacks={"Wave Splash": [], "Waterfall": []}),  # Floatzel
    "bw6-34": PokemonScript(attacks={  # Tympole
        "Bubble": coin_condition(PARALYZED),
    }),
    "bw6-35": PokemonScript(attacks={  # Palpitoad
        "Supersonic": condition(CONFUSED),
        "Hyper Voice": [],
    }),
    "bw6-36": PokemonScript(attacks={  # Seismitoad
        "Echoed Voice": echoed("Echoed Voice", 50, 50),
        "Drain Punch": [Heal(SELF, 2)],
    }),
    "bw6-37": PokemonScript(attacks={  # Alomomola
        "Mysterious Beam": on_heads(DiscardEnergy(DEFENDER, 1)),
        "Double Slap": times_heads(50, 2),
    }),
    "bw6-38": PokemonScript(attacks={  # Mareep
        "Cotton Guard": [takes_20_less_next_turn()],
        "Thunder Jolt": [Flip(), If(TAILS, SelfDamage(10))],
    }),
    "bw6-39": PokemonScript(attacks={  # Flaaffy
        "Cotton Guard": [takes_20_less_next_turn()],
        "Power Gem": [],
    }),
    "bw6-40": PokemonScript(  # Ampharos
        powers={"Electromagnetic Wall": Power(passives=(CountersOnOpponentAttach(3),))},
        attacks={"Electrobullet": [ChoosePokemon("bt", "opp", "bench", pre=True),
                                   BenchDamage(20, var="bt")]},
    ),
    "bw6-41": PokemonScript(attacks={  # Electrike
        "Tackle": [],
        "Quick Attack": plus_on_heads(10, 20),
    }),
    "bw6-42": PokemonScript(attacks={  # Electrike
        "Quick Turn": times_heads(20, 2),
    }),
    "bw6-43": PokemonScript(attacks={  # Manectric
        "Energy Crush": [Damage(Times(20, EnergyInPlay("opp")))],
        "Flash Impact": [ChoosePokemon("mine", "own", pre=True), DamageTo("mine", 20)],
    }),
    "bw6-44": PokemonScript(attacks={  # Manectric
        "Energy Assist": [If(PlayerHas("own", "bench"), [
            ChooseCards("e", "discard", BASIC_ENERGY, count=2),
            ChoosePokemon("t", "own", "bench"),
            MoveCards("e", "attach", onto="t", wording="Attach them to that Pokémon.")])],
        "Quick Attack": plus_on_heads(30, 20),
    }),
    "bw6-45": PokemonScript(attacks={  # Emolga
        "Call for Family": [
            Worded(ChooseCards("p", "deck", BASIC_POKEMON, count=BenchRoom(2), up_to=True),
                   "Search your deck for 2 Basic Pokémon at most (no more than your "
                   "Bench has room for)."),
            BenchCards("p"), ShuffleDeck()],
        "Static Shock": [],
    }),
    "bw6-46": MEW_EX,
    "bw6-47": PokemonScript(attacks={  # Dustox
        "Hazardous Scales": [Inflict(DEFENDER, ASLEEP, BURNED, POISONED)],
        "Aerial Ace": plus_on_heads(50, 30),
    }),
    "bw6-48": PokemonScript(  # Shedinja
        powers={"Empty Shell": Power(passives=(NoPrizeWhenKnockedOut(),))},
        attacks={"Cursed Drop": [PutCountersAnyWay(3)]},
    ),
    "bw6-49": PokemonScript(attacks={  # Drifloon
        "Sneaky Placement": [ChoosePokemon("t", "opp", pre=True), PutCounters("t", 1)],
    }),
    "bw6-50": PokemonScript(attacks={"Beat": [], "Gust": []}),  # Drifloon
    "bw6-51": PokemonScript(attacks={  # Drifblim
        "Shadow Steal": [Damage(Times(50, CardsInZone("opp", "discard", SPECIAL_ENERGY)))],
        "Plentiful Placement": [ChoosePokemon("t", "opp", pre=True), PutCounters("t", 4)],
    }),
    "bw6-52": PokemonScript(  # Sigilyph
        powers={"Safeguard": Power(passives=(GuardFromEX(),))},
        attacks={"Psychic": [Damage(Plus(50, 10, EnergyUnitsOn(DEFENDER)))]},
    ),
    "bw6-53": PokemonScript(attacks={  # Trubbish
        "Pound": [],
        "Poison Gas": condition(POISONED),
    }),
    "bw6-54": PokemonScript(  # Garbodor
        powers={"Garbotoxin": Power(passives=(NoAbilities("Garbotoxin"),))},
        attacks={"Sludge Toss": []},
    ),
    "bw6-55": PokemonScript(attacks={  # Gothita
        "Future Sight": [ReorderTopOfDeck(5)],
    }),
    "bw6-56": PokemonScript(attacks={  # Gothorita
        "Hypnoblast": condition(ASLEEP),
        "Mind Shock": [Damage(weakness=False, resistance=False)],
    }),
    "bw6-57": PokemonScript(attacks={  # Gothitelle
        "Doom Decree": [Flip(2), If(HeadsAtLeast(2, wording="Both heads"),
                                    KnockOut(DEFENDER))],
        "Black Magic": [Damage(Plus(40, 20, CountPokemon("opp", "bench")))],
    }),
    "bw6-58": PokemonScript(attacks={  # Golett
        "Nap": [Heal(SELF, 4)],
        "Pound": [],
    }),
    "bw6-59": PokemonScript(attacks={  # Golurk
        "Devolution Punch": [Worded(Devolve(DEFENDER),
                                    "Devolve the Defending Pokémon: put its highest Stage "
                                    "Evolution card into your opponent's hand.")],
        "Ghost Hammer": [Mark(SELF, NO_WEAKNESS.name, 1,
                              "loses its Weakness until your opponent's next turn is over")],
    }),
    "bw6-60": PokemonScript(attacks={"Headbutt": [], "Beat": []}),  # Cubone
    "bw6-61": PokemonScript(attacks={  # Marowak
        "Bone Lock": [Mark(DEFENDER, "cant_retreat", 1,
                           "is unable to retreat until your opponent's next turn is over")],
        "Vortex Chop": [Damage(PlusIf(60, 30, SlotIs(DEFENDER, "has_resistance")))],
    }),
    "bw6-62": PokemonScript(attacks={"Rock Throw": []}),  # Nosepass
    "bw6-63": PokemonScript(attacks={  # Baltoy
        "Spinning Attack": [],
        "Reverse Spin": [ShuffleHandIntoDeck("opp"), ShuffleDeck("opp", wording=""),
                         OpponentDraws(4)],
    }),
    "bw6-64": PokemonScript(attacks={  # Claydol
        "Rapid Spin": [ChoosePokemon("s", "own", "bench",
                                     wording="This Pokémon trades places with 1 of your "
                                             "Benched Pokémon."),
                       SwitchOwnActive("s", ""), *opponent_switches()],
        "Rock Smash": plus_on_heads(60, 30),
    }),
}
