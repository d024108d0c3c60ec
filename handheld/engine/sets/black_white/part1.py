"""Black & White (bw1): effect scripts of bw1-1 to bw1-57 (the [G], [R], [W], [L] and the
first [P] Pokémon)."""

from __future__ import annotations

from ...cardpool import PokemonScript, Power, Script
from ...effects.core import Step
from ...effects.library import ATTACKS_40_MORE, HealEachBetweenTurns, ReduceDamageTaken
from ...effects.steps import (
    DAMAGED,
    DEFENDER,
    HEADS,
    SELF,
    TAILS,
    BenchDamage,
    ChooseCards,
    ChoosePokemon,
    Damage,
    DamageCountersOn,
    DealtCounters,
    DiscardEnergy,
    DoesNothing,
    EnergyOfTypeOn,
    EnergyOfTypeOnAll,
    EnergyUnitsOn,
    Flip,
    HasCards,
    HeadsTable,
    Heal,
    HealEachOf,
    If,
    Inflict,
    Mark,
    MoveCards,
    MoveEnergyOfTypeFreely,
    MoveOwnCounters,
    PlayerHas,
    Plus,
    PlusIf,
    SelfDamage,
    ShuffleDeck,
    SlotIs,
    SwitchOwnActive,
    Worded,
    basic_energy_of_type,
    card_named,
    pokemon_of_type_in_play,
)
from ...ruleset import ASLEEP, BURNED, CONFUSED, PARALYZED, POISONED
from ..shapes import (
    bench_from_deck,
    coin_condition,
    condition,
    on_heads,
    plus_on_heads,
    times_heads,
)

# "[R] Energy card" from the hand or the deck: a basic Fire Energy card (a Special Energy
# provides its types only once attached).
R_ENERGY = basic_energy_of_type("R")


def leaf_storm() -> list[Step]:
    """Heal 20 from each of your [G] Pokémon (Serperior's and Lilligant's Leaf Storm)."""
    return [HealEachOf("own", 2, pokemon_of_type_in_play("G"))]


def leech() -> list[Step]:
    """Heal this Pokémon by the damage the attack did to the Defending Pokémon (Giga
    Drain, Leech Life)."""
    return [Damage(), Worded(Heal(SELF, DealtCounters()),
                             "Take 1 damage counter off this Pokémon per 10 damage this "
                             "attack did to the Defending Pokémon.")]


def outrage() -> list[Step]:
    """20 plus 10 for each damage counter on this Pokémon (Reshiram's, Zekrom's)."""
    return [Damage(Plus(20, 10, DamageCountersOn(SELF)))]


def dream_eater() -> list[Step]:
    """No damage at all unless the Defending Pokémon is Asleep."""
    return [If(SlotIs(DEFENDER, "awake"), DoesNothing()), Damage()]


def hydro_pump(base: int) -> list[Step]:
    """``base``, and 10 more per [W] Energy on this Pokémon."""
    return [Damage(Plus(base, 10, EnergyOfTypeOn(SELF, "W")))]


SCRIPTS: dict[str, Script] = {
    # ----------------------------------------------------------------- [G]
    "bw1-1": PokemonScript(attacks={"Tackle": [], "Vine Whip": []}),  # Snivy
    "bw1-2": PokemonScript(attacks={"Leaf Blade": plus_on_heads(10, 30)}),  # Snivy
    "bw1-3": PokemonScript(attacks={  # Servine
        "Wrap": coin_condition(PARALYZED),
        "Tackle": [],
    }),
    "bw1-4": PokemonScript(attacks={  # Servine
        "Wring Out": on_heads(Inflict(DEFENDER, PARALYZED), DiscardEnergy(DEFENDER, 1)),
    }),
    "bw1-5": PokemonScript(attacks={  # Serperior
        "Vine Whip": [],
        "Leaf Storm": leaf_storm(),
    }),
    "bw1-6": PokemonScript(  # Serperior
        powers={"Royal Heal": Power(passives=(HealEachBetweenTurns(1),))},
        attacks={"Leaf Tornado": [MoveEnergyOfTypeFreely("G")]},
    ),
    "bw1-7": PokemonScript(attacks={"Scratch": [], "Vine Whip": []}),  # Pansage
    "bw1-8": PokemonScript(attacks={  # Simisage
        "Seed Bomb": [],
        "Fury Swipes": times_heads(40, 3),
    }),
    "bw1-9": PokemonScript(attacks={  # Petilil
        "Magical Leaf": [Flip(), Damage(PlusIf(10, 10, HEADS)), If(HEADS, Heal(SELF, 1))],
    }),
    "bw1-10": PokemonScript(attacks={  # Lilligant
        "Petal Dance": [*times_heads(30, 3), Inflict(SELF, CONFUSED)],
        "Leaf Storm": leaf_storm(),
    }),
    "bw1-11": PokemonScript(attacks={  # Maractus
        "Mega Drain": [Heal(SELF, 2)],
        "Pin Missile": times_heads(20, 4),
    }),
    "bw1-12": PokemonScript(attacks={  # Maractus
        "Constant Rattle": [Flip(3), Damage(HeadsTable((0, 10, 30, 60)))],
        "Giga Drain": leech(),
    }),
    "bw1-13": PokemonScript(attacks={  # Deerling
        "Double Kick": times_heads(10, 2),
        "Leech Seed": [Heal(SELF, 1)],
    }),
    "bw1-14": PokemonScript(attacks={  # Sawsbuck
        "Nature Power": [Damage(Plus(20, 10, EnergyOfTypeOnAll("G")))],
        "Horn Leech": [Heal(SELF, 2)],
    }),
    # ----------------------------------------------------------------- [R]
    "bw1-15": PokemonScript(attacks={"Tackle": [], "Rollout": []}),  # Tepig
    "bw1-16": PokemonScript(attacks={"Take Down": [SelfDamage(10)]}),  # Tepig
    "bw1-17": PokemonScript(attacks={  # Pignite
        "Flame Charge": [ChooseCards("e", "deck", R_ENERGY),
                         MoveCards("e", "attach", onto=SELF), ShuffleDeck()],
        "Heat Crash": [],
    }),
    "bw1-18": PokemonScript(attacks={  # Pignite
        "Rollout": [],
        "Flamethrower": [DiscardEnergy(SELF, 1)],
    }),
    "bw1-19": PokemonScript(attacks={  # Emboar
        "Heat Crash": [],
        "Flare Blitz": [DiscardEnergy(SELF, None, "R")],
    }),
    "bw1-20": PokemonScript(  # Emboar
        powers={"Inferno Fandango": Power(
            uses_per_turn=None,
            requires=(HasCards("hand", R_ENERGY),),
            steps=(ChooseCards("e", "hand", R_ENERGY),
                   Worded(ChoosePokemon("t", "own", wording="Attach the Energy card to which "
                                                            "Pokémon?"), ""),
                   MoveCards("e", "attach", onto="t",
                             wording="Attach it to 1 of your Pokémon.")))},
        attacks={"Heat Crash": []},
    ),
    "bw1-21": PokemonScript(attacks={"Scratch": [], "Live Coal": []}),  # Pansear
    "bw1-22": PokemonScript(attacks={  # Simisear
        "Flame Burst": [ChoosePokemon("bt", "opp", "bench", count=2, pre=True),
                        BenchDamage(20, var="bt")],
        "Fury Swipes": times_heads(40, 3),
    }),
    "bw1-23": PokemonScript(attacks={"Firebreathing": plus_on_heads(10, 10)}),  # Darumaka
    "bw1-24": PokemonScript(attacks={  # Darumaka
        "Singe": condition(BURNED),
        "Rollout": [],
    }),
    "bw1-25": PokemonScript(attacks={  # Darmanitan
        "Fire Fang": condition(BURNED),
        "Thrash": [Flip(), Damage(PlusIf(70, 20, HEADS)), If(TAILS, SelfDamage(20))],
    }),
    "bw1-26": PokemonScript(attacks={  # Reshiram
        "Outrage": outrage(),
        "Blue Flare": [DiscardEnergy(SELF, 2, "R")],
    }),
    # ----------------------------------------------------------------- [W]
    "bw1-27": PokemonScript(attacks={"Tackle": [], "Water Gun": []}),  # Oshawott
    "bw1-28": PokemonScript(attacks={"Razor Shell": plus_on_heads(20, 20)}),  # Oshawott
    "bw1-29": PokemonScript(attacks={  # Dewott
        "Water Gun": [],
        "Razor Shell": plus_on_heads(40, 20),
    }),
    "bw1-30": PokemonScript(attacks={  # Dewott
        "Aqua Tail": [Flip(EnergyOfTypeOn(SELF, "W")), Damage(Plus(30, 10))],
    }),
    "bw1-31": PokemonScript(attacks={  # Samurott
        "Pike": [ChoosePokemon("bt", "opp", "bench", pre=True), BenchDamage(30, var="bt")],
        "Surf": [],
    }),
    "bw1-32": PokemonScript(  # Samurott
        powers={"Shell Armor": Power(passives=(ReduceDamageTaken(20),))},
        attacks={"Hydro Pump": hydro_pump(70)},
    ),
    "bw1-33": PokemonScript(attacks={"Scratch": [], "Water Gun": []}),  # Panpour
    "bw1-34": PokemonScript(attacks={  # Simipour
        "Scald": condition(BURNED),
        "Fury Swipes": times_heads(40, 3),
    }),
    "bw1-35": PokemonScript(attacks={  # Basculin
        "Crunch": on_heads(DiscardEnergy(DEFENDER, 1)),
    }),
    "bw1-36": PokemonScript(attacks={"Water Gun": []}),  # Ducklett
    "bw1-37": PokemonScript(attacks={  # Swanna
        "Feather Dance": [Mark(SELF, ATTACKS_40_MORE.name, 2,
                               "does 40 more damage with each of its attacks during your "
                               "next turn (before Weakness and Resistance)")],
        "Aqua Ring": [If(PlayerHas("own", "bench"), [
            Worded(ChoosePokemon("b", "own", "bench",
                                 wording="Switch this Pokémon with which Benched Pokémon?"), ""),
            SwitchOwnActive("b", "This Pokémon trades places with 1 of your Benched Pokémon.")])],
    }),
    "bw1-38": PokemonScript(attacks={"Pound": [], "Wave Splash": []}),  # Alomomola
    "bw1-39": PokemonScript(attacks={  # Alomomola
        "Water Pulse": condition(ASLEEP),
        "Hydro Pump": hydro_pump(40),
    }),
    # ----------------------------------------------------------------- [L]
    "bw1-40": PokemonScript(attacks={"Rear Kick": []}),  # Blitzle
    "bw1-41": PokemonScript(attacks={"Stomp": plus_on_heads(10, 10)}),  # Blitzle
    "bw1-42": PokemonScript(attacks={  # Zebstrika
        "Stomp": plus_on_heads(20, 20),
        "Wild Charge": [SelfDamage(10)],
    }),
    "bw1-43": PokemonScript(attacks={  # Zebstrika
        "Rear Kick": [],
        "Electrispark": [BenchDamage(10, side="opp")],
    }),
    "bw1-44": PokemonScript(attacks={"Stun Needle": coin_condition(PARALYZED)}),  # Joltik
    "bw1-45": PokemonScript(attacks={"Leech Life": leech()}),  # Joltik
    "bw1-46": PokemonScript(attacks={  # Galvantula
        "Electroweb": [Mark(DEFENDER, "cant_retreat", 1,
                            "is unable to retreat until your opponent's next turn is over")],
        "Leech Life": leech(),
    }),
    "bw1-47": PokemonScript(attacks={  # Zekrom
        "Outrage": outrage(),
        "Bolt Strike": [SelfDamage(40)],
    }),
    # ----------------------------------------------------------------- [P]
    "bw1-48": PokemonScript(attacks={  # Munna
        "Hypnosis": condition(ASLEEP),
        "Dream Eater": dream_eater(),
    }),
    "bw1-49": PokemonScript(attacks={  # Musharna
        "Hypnotic Ray": condition(ASLEEP),
        "Dream Eater": dream_eater(),
    }),
    "bw1-50": PokemonScript(attacks={"Gust": []}),  # Woobat
    "bw1-51": PokemonScript(attacks={  # Swoobat
        "Attract": [Mark(DEFENDER, "attack_may_fail", 1,
                         "may fail to attack in your opponent's next turn: each time it "
                         "tries, your opponent flips a coin, and on tails that attack fails")],
        "Heart Stamp": [],
    }),
    "bw1-52": PokemonScript(attacks={"Ram": [], "Rollout": []}),  # Venipede
    "bw1-53": PokemonScript(attacks={  # Whirlipede
        "Poison Sting": condition(POISONED),
        "Rollout": [],
    }),
    "bw1-54": PokemonScript(attacks={  # Scolipede
        "Steamroller": [Damage(resistance=False)],
        "Poison Claws": condition(POISONED),
    }),
    "bw1-55": PokemonScript(attacks={  # Solosis
        "Cell Culture": bench_from_deck(card_named("Solosis")),
        "Rollout": [],
    }),
    "bw1-56": PokemonScript(attacks={  # Duosion
        "Recover": [DiscardEnergy(SELF, 1), Heal(SELF, None)],
        "Rollout": [],
    }),
    "bw1-57": PokemonScript(  # Reuniclus
        powers={"Damage Swap": Power(
            uses_per_turn=None,
            requires=(PlayerHas("own", "damaged"), PlayerHas("own", "bench")),
            steps=(ChoosePokemon("a", "own", filt=DAMAGED,
                                 wording="Choose 1 of your Pokémon with damage counters and "
                                         "another of your Pokémon."),
                   Worded(ChoosePokemon("b", "own", exclude="a",
                                        wording="Move the damage counter to which Pokémon?"),
                          ""),
                   MoveOwnCounters("a", "b", 1)))},
        attacks={"Psywave": [Damage(Plus(30, 10, EnergyUnitsOn(DEFENDER)))]},
    ),
}
