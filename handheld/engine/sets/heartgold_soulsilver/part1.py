"""HeartGold & SoulSilver (hgss1): effect scripts of hgss1-1 to hgss1-30 (the holo rares
and the first rares)."""

from __future__ import annotations

from ...cardpool import PokemonScript, Power, Script
from ...effects.core import Step
from ...effects.library import TAKES_20_MORE, TAKES_30_LESS
from ...effects.steps import (
    BASIC_ENERGY,
    DEFENDER,
    ENERGY_CARD,
    HEADS,
    HEADS_COUNT,
    POKEMON_CARD,
    SELF,
    TAILS,
    AllOf,
    BenchDamage,
    ChooseCards,
    ChooseEnergyInPlay,
    ChoosePokemon,
    ChooseYesNo,
    Const,
    Damage,
    DamageChosen,
    DamageCountersOn,
    DamageEach,
    DealtCounters,
    DiscardEnergy,
    Draw,
    EnergyUnitsOn,
    Flip,
    FlipUntilTails,
    FromOpponentHandUnseen,
    HandSizesEqual,
    HasCards,
    HasEnergyOfType,
    Heal,
    HealEach,
    If,
    Inflict,
    Mark,
    MoveCards,
    MoveEnergy,
    PlayerHas,
    Plus,
    PlusIf,
    PokemonInPlay,
    ReorderTopOfDeckOf,
    ReturnToHand,
    SearchDeckToBench,
    SelfDamage,
    ShuffleDeck,
    ShuffleHandIntoDeck,
    SwitchOwnActive,
    Times,
    UnaffectedDamage,
    VarTrue,
    Worded,
    basic_energy_of_type,
)
from ...ruleset import ASLEEP, PARALYZED, POISONED
from ..shapes import (
    SWEET_SLEEPING_FACE,
    coin_condition,
    condition,
    opponent_switches,
    plus_on_heads,
    search_to_hand,
    times_heads,
)

# "a [R] Energy card" in the hand: a basic Fire Energy card (a Special Energy provides its
# types only once attached).
R_ENERGY_CARD = basic_energy_of_type("R")

# Cleffa's and Pichu's Poké-Body.


def bench_hit(amount: int) -> list[Step]:
    """``amount`` to 1 of the opponent's Benched Pokémon, beside the printed damage."""
    return [ChoosePokemon("bt", "opp", "bench", pre=True),
            Worded(BenchDamage(amount, var="bt"),
                   f"This attack also does {amount} damage to that Pokémon (no Weakness or "
                   "Resistance on the Bench).")]


def switch_self(wording: str = "This Pokémon trades places with 1 of your Benched "
                                "Pokémon.") -> list[Step]:
    """The attacker trades places with 1 of its owner's Benched Pokémon, after the damage
    (nothing happens without a Benched Pokémon)."""
    return [Worded(ChoosePokemon("b", "own", "bench"), ""), SwitchOwnActive("b", wording)]


def own_mark(marker: str, wording: str) -> Step:
    """A mark this attack leaves on its user through the opponent's next turn (Close
    Combat, Leaf Guard)."""
    return Mark(SELF, marker, 1, f"{wording} during your opponent's next turn (after "
                                 "Weakness and Resistance)")


SCRIPTS: dict[str, Script] = {
    "hgss1-1": PokemonScript(attacks={"Sharp Fang": [], "Fire Mane": []}),  # Arcanine
    "hgss1-2": PokemonScript(attacks={  # Azumarill
        "Waterfall": [],
        "Bubblebeam": coin_condition(PARALYZED),
    }),
    "hgss1-3": PokemonScript(attacks={  # Clefable
        # Any of your Pokémon, this one too: its Active place is filled from the Bench as
        # after a Knock Out (and with no Benched Pokémon left, you lose, as you would with
        # no Pokémon in play).
        "Fairy Power": [ChoosePokemon("t", "own"), ReturnToHand("t")],
        "Moon Impact": [],
    }),
    "hgss1-4": PokemonScript(attacks={  # Gyarados
        "Hydro Splash": [],
        "Hyper Beam": [DiscardEnergy(DEFENDER, 1)],
    }),
    "hgss1-5": PokemonScript(attacks={  # Hitmontop
        "Triple Kick": times_heads(20, 3),
        "Close Combat": [own_mark(TAKES_20_MORE.name, "takes 20 more damage from attacks")],
    }),
    "hgss1-6": PokemonScript(attacks={  # Jumpluff
        "Mass Attack": [Damage(Times(10, PokemonInPlay()))],
        "Leaf Guard": [own_mark(TAKES_30_LESS.name, "takes 30 less damage from attacks")],
    }),
    "hgss1-7": PokemonScript(  # Ninetales
        powers={"Roast Reveal": Power(
            requires=(HasCards("hand", R_ENERGY_CARD),),
            steps=(Worded(ChooseCards("e", "hand", R_ENERGY_CARD),
                          "Discard that card and take the top 3 cards of your deck into "
                          "your hand."),
                   Worded(MoveCards("e", "discard"), ""),
                   Worded(Draw(3), "")))},
        attacks={"Will-o'-the-wisp": []},
    ),
    "hgss1-8": PokemonScript(  # Noctowl
        powers={"Night Sight": Power(requires=(PlayerHas("own", "deck"),), steps=(Draw(1),))},
        attacks={"Extrasensory": [Damage(PlusIf(40, 40, HandSizesEqual()))]},
    ),
    "hgss1-9": PokemonScript(attacks={  # Quagsire
        "Muddy Water": bench_hit(20),
        "Mud Shot": [],
    }),
    "hgss1-10": PokemonScript(attacks={  # Raichu
        "Iron Tail": [FlipUntilTails(), Damage(Times(30))],
        "Thunderbolt": [DiscardEnergy(SELF, None)],
    }),
    "hgss1-11": PokemonScript(attacks={"Poison Jab": condition(POISONED)}),  # Shuckle
    "hgss1-12": PokemonScript(  # Slowking
        powers={"Second Sight": Power(
            # (No requirement: both decks are empty only in the last turn of a game.)
            steps=(Worded(ChooseYesNo("theirs", "Look at your opponent's deck (else your "
                                                "own)?"), ""),
                   ReorderTopOfDeckOf(3, "theirs")))},
        attacks={"Psyshock": coin_condition(PARALYZED)},
    ),
    "hgss1-13": PokemonScript(attacks={  # Wobbuffet
        "Double Return": [Flip(), If(HEADS, Damage(Times(20, DamageCountersOn(SELF))))],
    }),
    "hgss1-14": PokemonScript(attacks={  # Ampharos
        "Acceleration Bolt": [
            ChooseCards("e", "deck", BASIC_ENERGY, count=2),
            If(VarTrue("e", "you found any"), [
                Worded(ChoosePokemon("t", "own"), ""),
                MoveCards("e", "attach", onto="t",
                          wording="Attach them to 1 of your Pokémon.")]),
            ShuffleDeck()],
        "Thunder": [Flip(), If(TAILS, SelfDamage(20))],
    }),
    "hgss1-15": PokemonScript(attacks={  # Ariados
        "Leech Life": [Damage(), Worded(Heal(SELF, DealtCounters()),
                                        "Take 1 damage counter off this Pokémon per 10 "
                                        "damage this attack did to the Defending "
                                        "Pokémon.")],
        "Poisonous Saliva": condition(POISONED),
    }),
    "hgss1-16": PokemonScript(attacks={  # Butterfree
        "Cure Powder": [HealEach("own", 3)],
        "Whirlwind": opponent_switches(),
    }),
    "hgss1-17": PokemonScript(  # Cleffa
        powers={"Sweet Sleeping Face": SWEET_SLEEPING_FACE},
        attacks={"Eeeeeeek": [ShuffleHandIntoDeck(), ShuffleDeck(wording=""), Draw(6),
                              Inflict(SELF, ASLEEP)]},
    ),
    "hgss1-18": PokemonScript(attacks={  # Exeggutor
        "Energy Absorption": [ChooseCards("e", "discard", ENERGY_CARD, count=2, up_to=True),
                              MoveCards("e", "attach", onto=SELF,
                                        wording="Attach them to this Pokémon.")],
        "Big Eggsplosion": [Flip(EnergyUnitsOn(SELF)), Damage(Times(40))],
    }),
    "hgss1-19": PokemonScript(attacks={  # Farfetch'd
        "Collect": [Draw(2)],
        "Spin Turn": switch_self(),
    }),
    "hgss1-20": PokemonScript(attacks={  # Feraligatr
        "Spinning Tail": [DamageEach(20, "opp")],
        "Surf": [],
    }),
    "hgss1-21": PokemonScript(attacks={  # Furret
        "Find a Friend": search_to_hand(POKEMON_CARD),
        "Quick Blow": plus_on_heads(20, 20),
    }),
    "hgss1-22": PokemonScript(attacks={  # Granbull
        "Timid Tackle": [SelfDamage(20), *switch_self("Then this Pokémon trades places with 1 "
                                                      "of your Benched Pokémon.")],
        "Chomp": [Damage(Plus(40, 10, DamageCountersOn(SELF)))],
    }),
    "hgss1-23": PokemonScript(  # Hypno
        powers={"Sleep Pendulum": Power(steps=tuple(coin_condition(ASLEEP)))},
        attacks={"Psychic Shot": bench_hit(10)},
    ),
    "hgss1-24": PokemonScript(attacks={  # Lapras
        "Ice Beam": coin_condition(PARALYZED),
        "Ice Blade": [ChoosePokemon("t", "opp", pre=True),
                      Worded(DamageChosen("t", Const(30)),
                             "That Pokémon takes 30 damage (no Weakness or "
                             "Resistance on the Bench).")],
    }),
    "hgss1-25": PokemonScript(attacks={  # Ledian
        "Quick Draw": [Draw(3)],
        "Swift": [UnaffectedDamage()],
    }),
    "hgss1-26": PokemonScript(attacks={  # Meganium
        "Sleep Powder": condition(ASLEEP),
        "Giant Bloom": [Heal(SELF, 2)],
    }),
    "hgss1-27": PokemonScript(attacks={  # Persian
        "Sharpen Claws": [Flip(3), FromOpponentHandUnseen(
            HEADS_COUNT, wording="Per heads, discard a card picked face down from your "
                                 "opponent's hand.")],
        "Sneaky Attack": [Damage(PlusIf(30, 30, HasEnergyOfType(SELF, "D")))],
    }),
    "hgss1-28": PokemonScript(  # Pichu
        powers={"Sweet Sleeping Face": SWEET_SLEEPING_FACE},
        attacks={"Playground": [
            # You first, then your opponent, each choosing from his or her own deck.
            Worded(SearchDeckToBench("own"),
                   "You may search your deck for Basic Pokémon cards, as many as you "
                   "like, and bench them."),
            ShuffleDeck(wording="Shuffle your deck afterward."),
            Worded(SearchDeckToBench("opp"),
                   "Then your opponent may do the same with their own deck and shuffle it."),
            ShuffleDeck("opp", wording=""),
            Inflict(SELF, ASLEEP)]},
    ),
    "hgss1-29": PokemonScript(attacks={  # Sandslash
        "Poison Sting": condition(POISONED),
        "Fury Swipes": times_heads(30, 3),
    }),
    "hgss1-30": PokemonScript(attacks={  # Smoochum
        "Energy Antics": [
            # (Nothing to move without Energy on one of 2 or more Pokémon.)
            Worded(If(AllOf((PlayerHas("opp", "energy_in_play"), PlayerHas("opp", "bench"))), [
                ChooseEnergyInPlay("e", "opp", wording="Pick an Energy card on one of "
                                                       "your opponent's Pokémon to move."),
                ChoosePokemon("to", "opp", exclude="e",
                              wording="Move it to which of your opponent's Pokémon?"),
                MoveEnergy("e", "to")]),
                "Pick an Energy card on 1 of your opponent's Pokémon and move it to "
                "another of their Pokémon."),
            Inflict(SELF, ASLEEP)],
    }),
}
