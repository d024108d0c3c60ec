"""HeartGold & SoulSilver (hgss1): effect scripts of hgss1-61 to hgss1-88, the Pokémon Prime
hgss1-105 to hgss1-110 and Gyarados hgss1-123."""

from __future__ import annotations

from ...cardpool import PokemonScript, Power, Script
from ...effects.core import Step
from ...effects.library import CountersOnAnyAttach, ReduceDamageTaken
from ...effects.steps import (
    BASIC_ENERGY,
    DAMAGED,
    DEFENDER,
    HEADS,
    SELF,
    TAILS,
    AnyPokemon,
    BenchDamage,
    ChooseCards,
    ChoosePokemon,
    ChooseYesNo,
    Damage,
    DamageCountersOn,
    DiscardEnergy,
    Draw,
    EvolvedFromHand,
    Flip,
    FlipUntilTails,
    HasCards,
    Heal,
    HealAllShedEnergy,
    If,
    Inflict,
    Mark,
    MoveCards,
    NothingOnTails,
    OpponentHandSize,
    PlayerHas,
    Plus,
    PlusIf,
    PokemonInPlayOf,
    PutCounters,
    SelfDamage,
    ShowHand,
    ShuffleDeck,
    ShuffleHandIntoDeck,
    SwitchOpponentActive,
    Times,
    VarTrue,
    Worded,
    energy_of_type,
    pokemon_named,
    pokemon_of_type_in_play,
)
from ...ruleset import ASLEEP, BURNED, PARALYZED
from ..shapes import (
    coin_condition,
    condition,
    energy_trans,
    may_switch_self,
    on_heads,
    opponent_switches,
    plus_on_heads,
    search_to_hand,
    times_heads,
)

L_ENERGY = energy_of_type("L")
R_ENERGY = energy_of_type("R")
W_ENERGY = energy_of_type("W")
W_POKEMON = pokemon_of_type_in_play("W")


def may(question: str, wording: str, *steps: Step) -> tuple[Step, ...]:
    """A Poké-Power's "you may ...": asked first (``wording`` says the whole of it), the
    steps follow on yes."""
    return (Worded(ChooseYesNo("use", question), ""),
            Worded(If(VarTrue("use"), list(steps)), wording))


SCRIPTS: dict[str, Script] = {
    "hgss1-61": PokemonScript(attacks={"Beat": [], "Flare": []}),  # Cyndaquil
    "hgss1-62": PokemonScript(attacks={  # Drowzee
        "Sleep Inducer": [
            ChoosePokemon("n", "opp", "bench", pre=True),  # (step b: before Confusion)
            SwitchOpponentActive("n", wording="Switch it with the Defending Pokémon; the new "
                                              "Defending Pokémon falls Asleep."),
            Worded(Inflict("n", ASLEEP), ""),
        ],
        "Gentle Slap": [],
    }),
    "hgss1-63": PokemonScript(attacks={  # Exeggcute
        "Continuous Eggsplosion": [FlipUntilTails(), Damage(Times(10))],
    }),
    "hgss1-64": PokemonScript(attacks={  # Girafarig
        "Show Off": search_to_hand(BASIC_ENERGY, 2),
        "Psyshot": [],
    }),
    "hgss1-65": PokemonScript(attacks={"Bite": [], "Combustion": []}),  # Growlithe
    "hgss1-66": PokemonScript(attacks={  # Hoothoot
        "Hypnosis": condition(ASLEEP),
        "Tackle": [],
    }),
    "hgss1-67": PokemonScript(attacks={"Bounce": may_switch_self()}),  # Hoppip
    "hgss1-68": PokemonScript(attacks={"Hypnoblast": condition(ASLEEP)}),  # Jigglypuff
    "hgss1-69": PokemonScript(attacks={  # Jynx
        "Mimic": [ShuffleHandIntoDeck(), ShuffleDeck(wording=""), Draw(OpponentHandSize())],
        "Lick": coin_condition(PARALYZED),
    }),
    "hgss1-70": PokemonScript(attacks={  # Koffing
        "Smokescreen": [Mark(
            DEFENDER, "attack_may_fail", 1,
            "is hidden in smoke: if it attacks during your opponent's next turn, they "
            "flip a coin first, and on tails that attack fails")],
        "Suffocating Gas": [],
    }),
    "hgss1-71": PokemonScript(attacks={  # Ledyba
        "Ram": [],
        "Comet Punch": times_heads(10, 4),
    }),
    "hgss1-72": PokemonScript(attacks={"Splash": []}),  # Magikarp
    "hgss1-73": PokemonScript(attacks={  # Mareep
        "Static Electricity": [
            Worded(ChooseCards("e", "deck", L_ENERGY,
                               count=PokemonInPlayOf(pokemon_named("Mareep"))),
                   "Search your deck and pick up to 1 [L] Energy card per Mareep in play "
                   "(either player's); attach them to this Pokémon."),
            Worded(MoveCards("e", "attach"), ""),
            ShuffleDeck(),
        ],
        "Ram": [],
    }),
    "hgss1-74": PokemonScript(attacks={  # Marill
        "Water Splash": plus_on_heads(10, 10),
        "Tail Slap": [],
    }),
    "hgss1-75": PokemonScript(attacks={"Pay Day": [Draw(1)], "Dig Claws": []}),  # Meowth
    "hgss1-76": PokemonScript(attacks={  # Paras
        "Scratch": [],
        "Double-edge Claw": [SelfDamage(10)],
    }),
    "hgss1-77": PokemonScript(attacks={  # Phanpy
        "Flail": [Damage(Times(10, DamageCountersOn(SELF)))],
    }),
    "hgss1-78": PokemonScript(attacks={  # Pikachu
        "Tail Slap": [],
        "Quick Attack": plus_on_heads(20, 10),
    }),
    "hgss1-79": PokemonScript(attacks={  # Sandshrew
        "Defense Curl": on_heads(Mark(SELF, "no_attack_damage", 1,
                                      "takes no damage from attacks during your opponent's "
                                      "next turn")),
        "Rollout": [],
    }),
    "hgss1-80": PokemonScript(attacks={"Scout": [ShowHand("opp")], "Scratch": []}),  # Sentret
    "hgss1-81": PokemonScript(attacks={"Whimsy Tackle": [NothingOnTails()]}),  # Slowpoke
    "hgss1-82": PokemonScript(attacks={  # Snubbull
        "Roar": opponent_switches(),
        "Sharp Fang": [],
    }),
    "hgss1-83": PokemonScript(attacks={  # Spinarak
        "Hang Down": [],
        "Spider Web": [Mark(DEFENDER, "cant_retreat", 1,
                            "is unable to retreat until your opponent's next turn is over")],
    }),
    "hgss1-84": PokemonScript(attacks={"Spinning Attack": []}),  # Staryu
    "hgss1-85": PokemonScript(attacks={  # Sunkern
        "Cure Kernels": [ChoosePokemon("t", "own", filt=DAMAGED), Heal("t", 2)],
        "Seed Bomb": [],
    }),
    "hgss1-86": PokemonScript(attacks={"Gnaw": [], "Wave Splash": []}),  # Totodile
    "hgss1-87": PokemonScript(attacks={  # Vulpix
        "Singe": coin_condition(BURNED),
        "Ember": [Flip(), If(TAILS, DiscardEnergy(SELF, 1, "R"))],
    }),
    "hgss1-88": PokemonScript(attacks={  # Wooper
        "Tail Whip": on_heads(Mark(DEFENDER, "cant_attack", 1,
                                   "is unable to attack until your opponent's next turn is over")),
        "Watering": [],
    }),
    # ------------------------------------------------------------------ Pokémon Prime
    "hgss1-105": PokemonScript(  # Ampharos
        powers={"Conductivity": Power(passives=(CountersOnAnyAttach(1),))},
        attacks={"Lightning Crush": [Flip(), Damage(PlusIf(40, 40, HEADS)),
                                     If(TAILS, DiscardEnergy(DEFENDER, 1))]},
    ),
    "hgss1-106": PokemonScript(  # Blissey
        # It prints no Special Condition stopping it (and evolving cures them anyway).
        powers={"Blissful Nurse": Power(
            requires=(EvolvedFromHand(), PlayerHas("own", "damaged")),
            works_under_conditions=True,
            steps=may("Use Blissful Nurse?",
                      "You may take every damage counter off each of your Pokémon. Then, if "
                      "you did, discard all Energy from each Pokémon that had any.",
                      HealAllShedEnergy()))},
        attacks={"Strength": []},
    ),
    "hgss1-107": PokemonScript(  # Donphan
        powers={"Exoskeleton": Power(passives=(ReduceDamageTaken(20),))},
        attacks={"Earthquake": [BenchDamage(10, side="own")], "Heavy Impact": []},
    ),
    "hgss1-108": PokemonScript(  # Feraligatr
        powers={"Rain Dance": Power(
            uses_per_turn=None,
            requires=(HasCards("hand", W_ENERGY),
                      AnyPokemon("own", W_POKEMON, wording="you have a [W] Pokémon in play")),
            steps=(ChooseCards("e", "hand", W_ENERGY),
                   Worded(ChoosePokemon("t", "own", filt=W_POKEMON,
                                        wording="Attach the Energy card to which Pokémon?"),
                          ""),
                   MoveCards("e", "attach", onto="t",
                             wording="Attach it to 1 of your [W] Pokémon.")))},
        attacks={"Hydro Crunch": [Damage(Plus(60, 10, DamageCountersOn(DEFENDER)))]},
    ),
    "hgss1-109": PokemonScript(  # Meganium
        powers={"Leaf Trans": energy_trans("G")},
        attacks={"Solarbeam": []},
    ),
    "hgss1-110": PokemonScript(  # Typhlosion
        powers={"Afterburner": Power(
            requires=(HasCards("discard", R_ENERGY),),
            steps=(ChooseCards("e", "discard", R_ENERGY),
                   Worded(ChoosePokemon("t", "own",
                                        wording="Attach the Energy card to which Pokémon?"),
                          ""),
                   MoveCards("e", "attach", onto="t",
                             wording="Attach it to 1 of your Pokémon."),
                   PutCounters("t", 1)))},
        attacks={"Flare Destroy": [DiscardEnergy(SELF, 1), DiscardEnergy(DEFENDER, 1)]},
    ),
    # ---------------------------------------------------------------- the secret rare
    "hgss1-123": PokemonScript(attacks={  # Gyarados
        "Thrash": [Flip(), Damage(PlusIf(30, 20, HEADS)), If(TAILS, SelfDamage(20))],
        "Heavy Storm": [],
    }),
}
