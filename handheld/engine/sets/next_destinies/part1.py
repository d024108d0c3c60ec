"""Next Destinies (bw4): effect scripts of bw4-1 to bw4-50 (the [G], [R], [W] and [L]
Pokémon)."""

from __future__ import annotations

from ...cardpool import PokemonScript, Power, Script
from ...effects.core import Step
from ...effects.library import ATTACKS_20_LESS, NO_ITEMS, StrikeBack
from ...effects.steps import (
    ANY_POKEMON_CARD,
    BASIC_POKEMON,
    DEFENDER,
    HEADS,
    HEADS_COUNT,
    SELF,
    TAILS,
    AttachEachToOwn,
    AttackLock,
    BenchCards,
    BenchRoom,
    ChooseCards,
    ChoosePokemon,
    ChooseYesNo,
    Const,
    Damage,
    DamageChosen,
    DamageChosenNoWR,
    DamageTakenLastTurn,
    DealtCounters,
    DiscardEnergy,
    DiscardSpecialEnergy,
    DoesNothing,
    Draw,
    EvolvedFromHand,
    Flip,
    HeadsExactly,
    Heal,
    If,
    Inflict,
    Mark,
    MoveCards,
    Not,
    PlayerHas,
    Plus,
    PlusIf,
    PrizesTaken,
    RetreatCostOf,
    SelfDamage,
    ShuffleDeck,
    SlotIs,
    StadiumInPlay,
    SwitchOwnActive,
    TurnEffect,
    UnaffectedDamage,
    VarTrue,
    Worded,
    energy_of_type,
)
from ...ruleset import ASLEEP, BURNED, CONFUSED, PARALYZED, POISONED
from ..platinum.part2 import bench_hits, chosen_hit
from ..platinum.part3 import boosted, power_up
from ..shapes import (
    coin_condition,
    condition,
    on_heads,
    opponent_switches,
    plus_on_heads,
    search_to_hand,
    times_heads,
)

G_ENERGY = energy_of_type("G")
R_ENERGY = energy_of_type("R")


def stadium_bonus(*steps: Step) -> list[Step]:
    """30 more damage, and the given effect, while a Stadium is in play (the Simisage,
    Simisear and Simipour of this set)."""
    return [Damage(PlusIf(30, 30, StadiumInPlay())), If(StadiumInPlay(), list(steps))]


def energy_on_self_on_heads(etype: str) -> list[Step]:
    """A coin; on heads a deck search for an Energy card of a type, attached to the
    attacker, then a shuffle (Growlithe's Stoke)."""
    return [Flip(), Worded(If(HEADS, [ChooseCards("e", "deck", energy_of_type(etype)),
                                      MoveCards("e", "attach"), ShuffleDeck()]),
                           f"Heads: search your deck and pick a [{etype}] Energy card, attach "
                           "it to this Pokémon, then shuffle your deck.")]


def switch_self() -> list[Step]:
    """The attacker trades places with one of its owner's Benched Pokémon (Emolga's
    Bounce); nothing happens without one."""
    return [If(PlayerHas("own", "bench"), [
        ChoosePokemon("b", "own", "bench", wording=""),
        SwitchOwnActive("b", "This Pokémon trades places with 1 of your Benched Pokémon.")])]


def crunch() -> list[Step]:
    """A coin; heads discards an Energy card from the Defending Pokémon."""
    return on_heads(DiscardEnergy(DEFENDER, 1))


SCRIPTS: dict[str, Script] = {
    "bw4-1": PokemonScript(attacks={  # Pinsir
        "Power Pinch": [
            Flip(2),
            Worded(If(HEADS, DiscardEnergy(DEFENDER, 1)),
                   "For each heads, discard 1 Energy card from the Defending Pokémon."),
            Worded(If(HeadsExactly(2, 2), DiscardEnergy(DEFENDER, 1)), "")],
        "Grip and Squeeze": [Mark(DEFENDER, "cant_retreat", 1,
                                  "is unable to retreat until your opponent's next turn is over")],
    }),
    "bw4-2": PokemonScript(attacks={"Trip Over": plus_on_heads(10, 10)}),  # Seedot
    "bw4-3": PokemonScript(attacks={  # Kricketot
        "Beat": [],
        "Double Headbutt": [Flip(2), Damage(Plus(10, 10, HEADS_COUNT))],
    }),
    "bw4-4": PokemonScript(attacks={  # Kricketune
        "White Noise": condition(ASLEEP),
        "Draining Cut": [*times_heads(40, 2),
                         Worded(Heal(SELF, DealtCounters()),
                                "Heal from this Pokémon as much damage as this attack did "
                                "to the Defending Pokémon.")],
    }),
    "bw4-5": PokemonScript(attacks={  # Shaymin-EX
        "Synthesis": [ChooseCards("e", "deck", G_ENERGY),
                      AttachEachToOwn("e", "Attach it to 1 of your Pokémon."),
                      ShuffleDeck()],
        "Revenge Blast": [Damage(Plus(30, 30, PrizesTaken("opp")))],
    }),
    "bw4-6": PokemonScript(attacks={"Seed Bomb": []}),  # Pansage
    "bw4-7": PokemonScript(attacks={  # Simisage
        "Collect": [Draw(3)],
        "Stadium Drain": stadium_bonus(Worded(Heal(SELF, 3), "this Pokémon is healed of "
                                                             "30 damage.")),
    }),
    "bw4-8": PokemonScript(attacks={  # Foongus
        "Find a Friend": [Flip(), Worded(If(HEADS, search_to_hand(ANY_POKEMON_CARD)),
                                         "Heads: search your deck and pick a Pokémon; let "
                                         "your opponent see it, take it into your hand, then "
                                         "shuffle your deck.")],
        "Rising Lunge": plus_on_heads(10, 20),
    }),
    "bw4-9": PokemonScript(  # Amoonguss
        powers={"Sporprise": Power(
            requires=(EvolvedFromHand(),),
            steps=(Worded(ChooseYesNo("use", "Use Sporprise?"), ""),
                   Worded(If(VarTrue("use"), Inflict(DEFENDER, CONFUSED, POISONED)),
                          "You may make your opponent's Active Pokémon Confused and "
                          "Poisoned.")))},
        attacks={"Rising Lunge": plus_on_heads(20, 30)},
    ),
    "bw4-10": PokemonScript(attacks={  # Growlithe
        "Stoke": energy_on_self_on_heads("R"),
        "Firebreathing": plus_on_heads(10, 20),
    }),
    "bw4-11": PokemonScript(attacks={"Combustion": []}),  # Growlithe
    "bw4-12": PokemonScript(  # Arcanine
        powers={"Blazing Mane": Power(
            passives=(StrikeBack(),),
            steps=(Inflict(DEFENDER, BURNED),),
            wording="Whenever an attack of your opponent damages this Pokémon while it is "
                    "your Active Pokémon (even if it is Knocked Out), the Attacking Pokémon "
                    "becomes Burned.")},
        attacks={"Fire Spin": [Flip(), If(TAILS, DiscardEnergy(SELF, 2))]},
    ),
    "bw4-13": PokemonScript(attacks={"Crunch": crunch(), "Heat Blast": []}),  # Arcanine
    "bw4-14": PokemonScript(attacks={  # Moltres
        "Searing Flame": condition(BURNED),
        "Fire Blast": [DiscardEnergy(SELF, 1, "R")],
    }),
    "bw4-15": PokemonScript(attacks={"Flare": []}),  # Pansear
    "bw4-16": PokemonScript(attacks={  # Simisear
        "Collect": [Draw(3)],
        "Stadium Burn": stadium_bonus(Inflict(DEFENDER, BURNED)),
    }),
    "bw4-17": PokemonScript(attacks={"Hammer In": []}),  # Darumaka
    "bw4-18": PokemonScript(attacks={"Flare": []}),  # Litwick
    "bw4-19": PokemonScript(attacks={  # Lampent
        "Ember": [Flip(), If(TAILS, DiscardEnergy(SELF, 1))],
    }),
    "bw4-20": PokemonScript(attacks={  # Chandelure
        "Flame Burst": bench_hits(2, 30),
        "Inferno": [DiscardEnergy(SELF, None), Inflict(DEFENDER, BURNED)],
    }),
    # Reshiram and Zekrom print what bw1-26/bw1-113 and bw1-47/bw1-114 print: once bw1 is
    # scripted, these two should share its scripts.
    # (bw4-21 Reshiram and bw4-50 Zekrom play bw1-26's and bw1-47's: sets/reprints.py)
    "bw4-22": PokemonScript(attacks={  # Reshiram-EX
        "Glinting Claw": plus_on_heads(50, 30),
        "Brave Fire": [Flip(), If(TAILS, SelfDamage(50))],
    }),
    "bw4-23": PokemonScript(attacks={  # Staryu
        "Recover": [DiscardEnergy(SELF, 1), Heal(SELF, None)],
        "Water Gun": [],
    }),
    "bw4-24": PokemonScript(attacks={  # Starmie
        "Confuse Ray": condition(CONFUSED),
        "Swift": [Worded(UnaffectedDamage(),
                         "This attack's damage is not changed by Weakness, Resistance or any "
                         "other effect on the Defending Pokémon.")],
    }),
    "bw4-25": PokemonScript(attacks={  # Lapras
        "Call for Family": [
            Worded(ChooseCards("p", "deck", BASIC_POKEMON, count=BenchRoom(2), up_to=True),
                   "Search your deck for 2 Basic Pokémon at most (no more than your "
                   "Bench has room for)."),
            BenchCards("p"), ShuffleDeck()],
        "Reckless Charge": [SelfDamage(20)],
    }),
    "bw4-26": PokemonScript(attacks={  # Lapras
        "Water Arrow": chosen_hit(20),
        "Surf": [],
    }),
    "bw4-27": PokemonScript(attacks={  # Articuno
        "Ice Beam": coin_condition(PARALYZED),
        "Ice Wing": [],
    }),
    "bw4-28": PokemonScript(attacks={"Water Gun": []}),  # Panpour
    "bw4-29": PokemonScript(attacks={  # Simipour
        "Collect": [Draw(3)],
        "Stadium Wave": stadium_bonus(Inflict(DEFENDER, ASLEEP)),
    }),
    "bw4-30": PokemonScript(attacks={  # Basculin
        "Bite": [],
        "Bared Fangs": [If(Not(SlotIs(DEFENDER, "damaged"),
                                  "the Defending Pokémon is undamaged"),
                              DoesNothing()), Damage()],
    }),
    "bw4-31": PokemonScript(attacks={"Beat": [], "Icy Snow": []}),  # Vanillite
    "bw4-32": PokemonScript(attacks={  # Vanillish
        "Icy Snow": [],
        "Icy Wind": coin_condition(ASLEEP),
    }),
    "bw4-33": PokemonScript(  # Vanilluxe
        powers={"Slippery Soles": Power(
            requires=(PlayerHas("own", "bench"),),
            steps=(ChoosePokemon("b", "own", "bench", wording=""),
                   SwitchOwnActive("b", "Your Active Pokémon trades places with 1 of your "
                                        "Benched Pokémon."),
                   Worded(If(PlayerHas("opp", "bench"), opponent_switches()),
                          "Then, if you did, your opponent swaps their Active Pokémon for 1 "
                          "of their Benched Pokémon.")))},
        attacks={"Crushing Ice": [Damage(Plus(60, 10, RetreatCostOf(DEFENDER)))]},
    ),
    "bw4-34": PokemonScript(attacks={  # Frillish
        "Bubble": coin_condition(PARALYZED),
        "Spit Poison": condition(POISONED),
    }),
    "bw4-35": PokemonScript(attacks={  # Jellicent
        "Vengeful Wish": [Damage(DamageTakenLastTurn())],
        "Absorb Life": [Heal(SELF, 3)],
    }),
    "bw4-36": PokemonScript(attacks={  # Cubchoo
        "Sniffle": [power_up("Belt", 40)],
        "Belt": [boosted("Sniffle", 20, 40)],
    }),
    "bw4-37": PokemonScript(attacks={  # Beartic
        "Daunt": [Mark(DEFENDER, ATTACKS_20_LESS.name, 1,
                       "does 20 less damage with its attacks during your opponent's next "
                       "turn (before Weakness and Resistance)")],
        "Ambush": plus_on_heads(60, 30),
    }),
    "bw4-38": PokemonScript(attacks={  # Kyurem-EX
        "Frozen Wings": [DiscardSpecialEnergy(DEFENDER)],
        "Hail Blizzard": [AttackLock("Hail Blizzard")],
    }),
    "bw4-39": PokemonScript(attacks={  # Pikachu
        "Thundershock": coin_condition(PARALYZED),
        "Tail Whap": [],
    }),
    "bw4-40": PokemonScript(attacks={  # Raichu
        "Thundershock": coin_condition(PARALYZED),
        "Slam": times_heads(80, 2),
    }),
    "bw4-41": PokemonScript(attacks={  # Zapdos
        "Random Spark": chosen_hit(50),
        "Thundering Hurricane": times_heads(50, 4),
    }),
    "bw4-42": PokemonScript(attacks={  # Shinx
        "Jump On": plus_on_heads(10, 10),
        "Static Shock": [],
    }),
    "bw4-43": PokemonScript(attacks={"Reckless Charge": [SelfDamage(10)]}),  # Shinx
    "bw4-44": PokemonScript(attacks={  # Luxio
        "Jump On": plus_on_heads(20, 30),
        "Wild Charge": [SelfDamage(10)],
    }),
    "bw4-45": PokemonScript(attacks={  # Luxio
        "Quick Turn": times_heads(20, 2),
        "Bite": [],
    }),
    "bw4-46": PokemonScript(attacks={  # Luxray
        "Flash Impact": [
            ChoosePokemon("mine", "own", pre=True, wording=""),
            Damage(),
            Worded(DamageChosenNoWR("mine", Const(20)),
                   "One of your own Pokémon takes 20 damage too (no Weakness or "
                   "Resistance).")],
        "Crunch": crunch(),
    }),
    "bw4-47": PokemonScript(attacks={  # Blitzle
        "Thunder Jolt": [Flip(), If(TAILS, SelfDamage(10))],
    }),
    "bw4-48": PokemonScript(attacks={  # Zebstrika
        "Disconnect": [TurnEffect(NO_ITEMS, "Your opponent can't play Item cards from their "
                                            "hand during their next turn.", worth=20,
                                  side="opp")],
        "Lightning Crash": [ChoosePokemon("t", "opp", pre=True),
                            DiscardEnergy(SELF, None, "L"),
                            Worded(DamageChosen("t", Const(80)),
                                   "That Pokémon takes 80 damage (no Weakness "
                                   "or Resistance on the Bench).")],
    }),
    "bw4-49": PokemonScript(attacks={"Bounce": switch_self()}),  # Emolga
}
