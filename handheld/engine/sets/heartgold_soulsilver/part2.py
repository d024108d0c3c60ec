"""HeartGold & SoulSilver (hgss1): effect scripts of hgss1-31 to hgss1-60 (the last rares,
the uncommons, the two Unown and the first commons)."""

from __future__ import annotations

from ...cardpool import PokemonScript, Power, Script
from ...effects.core import Cond, Step
from ...effects.library import (
    COSTS_C_MORE,
    REDUCED_10,
    TAKES_20_LESS,
)
from ...effects.steps import (
    DEFENDER,
    ENERGY_CARD,
    HEADS,
    HEADS_COUNT,
    SELF,
    WITH_ENERGY,
    BenchedFromHand,
    ChooseCards,
    ChooseEnergyInPlay,
    ChoosePokemon,
    ChooseYesNo,
    Const,
    CountPokemon,
    Damage,
    DamageChosen,
    DamageEach,
    DiscardEnergy,
    Draw,
    EnergyIntoDeck,
    EnergyOfTypeInPlay,
    EnergyOfTypeOn,
    Flip,
    HeadsAtLeast,
    Heal,
    If,
    Inflict,
    Mark,
    MoveCards,
    PlayerHas,
    Plus,
    PlusIf,
    ReorderTopOfDeck,
    ReturnEnergyToHand,
    ReturnSelfToHand,
    Scaled,
    SelfDamage,
    ShuffleDeck,
    Times,
    VarTrue,
    VarValue,
    Worded,
    card_named,
    pokemon_of_type,
    pokemon_of_type_in_play,
)
from ...ruleset import ASLEEP, PARALYZED, POISONED
from ..shapes import (
    SWEET_SLEEPING_FACE,
    coin_condition,
    condition,
    on_heads,
    plus_on_heads,
    search_to_hand,
    times_heads,
)


def chosen_hit(amount: int) -> list[Step]:
    """Choose 1 of your opponent's Pokémon; the attack does ``amount`` to it (Weakness and
    Resistance only for the Active one)."""
    return [ChoosePokemon("t", "opp", pre=True),
            Worded(DamageChosen("t", Const(amount)),
                   f"That Pokémon takes {amount} damage (no Weakness or "
                   "Resistance on the Bench).")]


def may(guard: Cond, var: str, question: str, wording: str, *steps: Step) -> Step:
    """A "you may" of a Poké-Power fired as its Pokémon is benched, read as one sentence
    (``wording``): a yes-or-no question, then ``steps`` on yes; asked only while ``guard``
    holds (with nothing to act on, no question)."""
    return Worded(If(guard, [ChooseYesNo(var, question), If(VarTrue(var), list(steps))]),
                  wording)


SCRIPTS: dict[str, Script] = {
    "hgss1-31": PokemonScript(  # Sunflora
        powers={"Sunshine Grace": Power(requires=(PlayerHas("own", "deck"),),
                                        steps=tuple(search_to_hand(pokemon_of_type("G"))))},
        attacks={"Blade Arms": []},
    ),
    "hgss1-32": PokemonScript(attacks={  # Typhlosion
        "Magma Punch": [],
        "Fire Spin": [DiscardEnergy(SELF, 2)],
    }),
    "hgss1-33": PokemonScript(  # Tyrogue
        powers={"Sweet Sleeping Face": SWEET_SLEEPING_FACE},
        attacks={"Mischievous Punch": [Damage(weakness=False, resistance=False),
                                       Inflict(SELF, ASLEEP)]},
    ),
    "hgss1-34": PokemonScript(attacks={  # Weezing
        "Super Poison Breath": condition(POISONED),
        # (the era applies no Weakness or Resistance to damage an attacker does to itself;
        # the sentence says so, as the card does)
        "Super Explosion": [Worded(SelfDamage(90), "This Pokémon hits itself for 90 damage "
                                                   "(Weakness is not applied).")],
    }),
    "hgss1-35": PokemonScript(attacks={"Hammer In": [], "Razor Leaf": []}),  # Bayleef
    "hgss1-36": PokemonScript(attacks={  # Blissey
        "Energy Link": [ChooseCards("e", "discard", ENERGY_CARD), MoveCards("e", "attach")],
        "Double-edge": [SelfDamage(40)],
    }),
    "hgss1-37": PokemonScript(attacks={  # Corsola
        "Recover": [DiscardEnergy(SELF, 1, "W"), Heal(SELF, None)],
        "Hyper Cannon": [Flip(2), Damage(PlusIf(20, 50, HeadsAtLeast(2, "Both heads")))],
    }),
    "hgss1-38": PokemonScript(attacks={  # Croconaw
        "Wave Splash": [],
        "Big Bite": [Mark(DEFENDER, "cant_retreat", 1,
                          "is unable to retreat until your opponent's next turn is over")],
    }),
    "hgss1-39": PokemonScript(attacks={  # Delibird
        "Snowy Present": [Draw(Scaled(1, EnergyOfTypeInPlay("own", "W"), "card"))],
        "Hail": [DamageEach(10, "opp")],
    }),
    "hgss1-40": PokemonScript(attacks={  # Donphan
        "Rock Hurl": [Damage(resistance=False)],
        "Double Spin": times_heads(70, 2),
    }),
    "hgss1-41": PokemonScript(attacks={  # Dunsparce
        "Glare": coin_condition(PARALYZED),
        "Fade Out": [Damage(), ReturnSelfToHand()],
    }),
    "hgss1-42": PokemonScript(attacks={  # Flaaffy
        "Thunder Spear": chosen_hit(20),
        "Thundershock": coin_condition(PARALYZED),
    }),
    "hgss1-43": PokemonScript(attacks={  # Heracross
        "Green Draw": [Worded(Draw(CountPokemon("own", filt=pokemon_of_type_in_play("G"))),
                              "Draw 1 card per [G] Pokémon you have in play.")],
        "Double Headbutt": [Flip(2), Damage(Plus(30, 20, HEADS_COUNT))],
    }),
    "hgss1-44": PokemonScript(attacks={  # Igglybuff
        "Graffiti": [Inflict(SELF, ASLEEP),
                     Mark(DEFENDER, COSTS_C_MORE.name, 1,
                          "needs [C] more Energy for each of its attacks during your "
                          "opponent's next turn")],
    }),
    "hgss1-45": PokemonScript(attacks={  # Mantine
        "Group Swim": search_to_hand(pokemon_of_type("W")),
        "Aqua Slash": [Mark(SELF, "cant_attack", 2, "is unable to attack until "
                                                    "your next turn is over")],
    }),
    "hgss1-46": PokemonScript(attacks={"Sharpen": []}),  # Metapod
    "hgss1-47": PokemonScript(attacks={  # Miltank
        "Moomoo Squeeze": search_to_hand(card_named("Moomoo Milk")),
        "Body Slam": coin_condition(PARALYZED),
    }),
    "hgss1-48": PokemonScript(attacks={  # Parasect
        "Sleep Drain": [Inflict(DEFENDER, ASLEEP), Heal(SELF, 4)],
        "Slash": [],
    }),
    "hgss1-49": PokemonScript(attacks={  # Quilava
        "Flare": [],
        "Flamethrower": [DiscardEnergy(SELF, 1)],
    }),
    "hgss1-50": PokemonScript(attacks={  # Qwilfish
        "Offensive Needle": [Flip(), If(HEADS, Inflict(DEFENDER, POISONED),
                                        Inflict(DEFENDER, PARALYZED))],
    }),
    "hgss1-51": PokemonScript(attacks={"Knock Away": plus_on_heads(20, 10)}),  # Skiploom
    "hgss1-52": PokemonScript(attacks={  # Slowbro
        "Big Yawn": [Worded(Inflict(SELF, ASLEEP), ""),
                     Worded(Inflict(DEFENDER, ASLEEP),
                            "Both this Pokémon and the Defending Pokémon fall Asleep.")],
        "Madkinesis": [Damage(Plus(30, 20, EnergyOfTypeOn(SELF, "P")))],
    }),
    "hgss1-53": PokemonScript(attacks={  # Starmie
        "Cosmic Cyclone": [
            ChooseEnergyInPlay("w", "own", etype="W", count=None, pre=True,
                               wording="Pick any number of [W] Energy from your "
                                       "Pokémon."),
            Damage(Times(20, VarValue("w", "Energy chosen", 2))),
            EnergyIntoDeck("w", "Shuffle the chosen Energy cards into your deck."),
            Worded(If(VarTrue("w"), ShuffleDeck()), ""),  # (none chosen: no shuffle)
        ],
    }),
    "hgss1-54": PokemonScript(  # Unown
        powers={"RETURN": Power(
            requires=(BenchedFromHand(),), works_under_conditions=True,
            steps=(may(
                PlayerHas("own", "energy_in_play"), "rt",
                "Take all Energy off 1 of your Pokémon into your hand?",
                "You may take every Energy card from 1 of your Pokémon back into your hand.",
                ChoosePokemon("t", "own", filt=WITH_ENERGY, wording=""),
                ReturnEnergyToHand("t")),))},
        attacks={"Hidden Power": []},
    ),
    "hgss1-55": PokemonScript(  # Unown
        powers={"FLASH": Power(
            requires=(BenchedFromHand(),), works_under_conditions=True,
            steps=(may(
                PlayerHas("own", "deck"), "fl",
                "Look at 5 cards from the top of your deck and reorder them?",
                "You may look at 5 cards from the top of your deck and put them back in any "
                "order.",
                ReorderTopOfDeck(5)),))},
        attacks={"Hidden Power": []},
    ),
    "hgss1-56": PokemonScript(attacks={  # Wigglytuff
        "Double Slap": times_heads(40, 2),
        "Expand": [Mark(SELF, REDUCED_10.name, 1,
                        "takes 10 less damage from attacks (after Weakness and Resistance) "
                        "during your opponent's next turn")],
    }),
    "hgss1-57": PokemonScript(attacks={"Tackle": []}),  # Caterpie
    "hgss1-58": PokemonScript(attacks={  # Chansey
        "Pound": [],
        "Happy Punch": on_heads(Heal(SELF, 3)),
    }),
    "hgss1-59": PokemonScript(attacks={"Tackle": [], "Razor Leaf": []}),  # Chikorita
    "hgss1-60": PokemonScript(attacks={  # Clefairy
        "Minimize": [Mark(SELF, TAKES_20_LESS.name, 1,
                          "takes 20 less damage from attacks (after Weakness and Resistance) "
                          "during your opponent's next turn")],
        "Slap": [],
    }),
}
