"""Effect scripts of the Expedition Base Set (ecard1).

Each entry is keyed by card id and written with the effect DSL; the printed facts (names,
costs, damage, HP) come from the assets. Attacks that only do their printed damage list no
steps. See docs/CARDS.md for how to add a card.
"""

from __future__ import annotations

from ..cardpool import EnergyScript, PokemonScript, Power, Script, TMAttack, TrainerScript
from ..effects.library import (
    DamageBoostCharm,
    DarknessBoost,
    MetalDrag,
    MetalShield,
    ReduceDamageTaken,
)
from ..effects.steps import (
    BASIC_ENERGY,
    DAMAGED,
    DEFENDER,
    EVOLUTION,
    HEADS,
    HEADS_COUNT,
    SELF,
    TAILS,
    BenchDamage,
    ChooseCards,
    ChooseEnergyInPlay,
    ChoosePokemon,
    Damage,
    DamageChosen,
    DiscardAllEnergyFrom,
    DiscardChosenEnergy,
    DiscardEnergy,
    Draw,
    EnergyCardsOn,
    Flip,
    FlipUntilTails,
    HeadsExactly,
    Heal,
    If,
    Inflict,
    Mark,
    MoveCards,
    NothingOnTails,
    OpponentHandSize,
    PlayerHas,
    Plus,
    PlusIf,
    RemoveConditions,
    ReturnToHand,
    Scaled,
    SelfDamage,
    ShuffleDeck,
    ShuffleHandIntoDeck,
    SlotIs,
    SurplusEnergy,
    SwitchOpponentActive,
    SwitchOwnActive,
    Times,
    TurnEffect,
)
from ..ruleset import ASLEEP, BURNED, CONFUSED, PARALYZED


def on_heads(*steps: object) -> list[object]:
    """The common "flip a coin; if heads, ..." shape."""
    return [Flip(), If(HEADS, list(steps))]  # type: ignore[arg-type]


def coin_condition(condition: int) -> list[object]:
    return on_heads(Inflict(DEFENDER, condition))


SCRIPTS: dict[str, Script] = {
    # ----------------------------------------------------------------- Fire
    "ecard1-98": PokemonScript(attacks={  # Charmander
        "Gnaw": [],
        "Searing Flame": coin_condition(BURNED),
    }),
    "ecard1-97": PokemonScript(attacks={  # Charmander
        "Tail Rap": [Flip(2), Damage(Times(10))],
        "Flare": [],
    }),
    "ecard1-73": PokemonScript(attacks={  # Charmeleon
        "Double Scratch": [Flip(2), Damage(Times(20))],
        "Flamethrower": [DiscardEnergy(SELF, 1, "R", pre=True)],
    }),
    "ecard1-39": PokemonScript(attacks={  # Charizard
        "Tail Smash": [NothingOnTails()],
        "Flamethrower": [DiscardEnergy(SELF, 1, "R", pre=True)],
    }),
    "ecard1-40": PokemonScript(  # Charizard
        powers={"Burning Energy": Power(steps=(TurnEffect(
            "burning_energy",
            "Every basic Energy attached to your Pokémon provides [R] Energy instead of its "
            "usual type for the rest of this turn.", worth=8),))},
        attacks={"Scorching Whirlwind": [
            Flip(2),
            If(HeadsExactly(1, 2), DiscardEnergy(SELF, 2)),
            If(HeadsExactly(0, 2), DiscardEnergy(SELF, None)),
        ]},
    ),
    "ecard1-86": PokemonScript(attacks={  # Magmar
        "Flaming Punch": coin_condition(BURNED),
        "Thrash": [Flip(), Damage(PlusIf(30, 10, HEADS)), If(TAILS, SelfDamage(10))],
    }),
    "ecard1-17": PokemonScript(attacks={  # Magby (Baby)
        "Energy Catch": on_heads(ChooseCards("e", "discard", BASIC_ENERGY),
                                 MoveCards("e", "hand")),
    }),
    # ----------------------------------------------------------------- Fighting
    "ecard1-110": PokemonScript(attacks={  # Geodude
        "Rock Hurl": [Damage(resistance=False)],
    }),
    "ecard1-79": PokemonScript(attacks={  # Graveler
        "Rock Hurl": [Damage(resistance=False)],
        "Rock Slide": [ChoosePokemon("targets", "opp", "bench", count=2, pre=True), Damage(),
                       BenchDamage(10, var="targets")],
    }),
    "ecard1-14": PokemonScript(  # Golem
        powers={"Rock Body": Power(passives=(ReduceDamageTaken(10),))},
        attacks={"Rock Tumble": [Damage(resistance=False)]},
    ),
    "ecard1-81": PokemonScript(attacks={  # Hitmonlee
        "Smash Kick": [],
        "Stretch Kick": [ChoosePokemon("target", "opp", "bench", pre=True),
                         DamageChosen("target")],
    }),
    # ----------------------------------------------------------------- Water
    "ecard1-131": PokemonScript(attacks={  # Squirtle
        "Wave Splash": [],
        "Doubleslap": [Flip(2), Damage(Times(20))],
    }),
    "ecard1-132": PokemonScript(attacks={  # Squirtle
        "Headbutt": [],
        "Bubblebeam": coin_condition(PARALYZED),
    }),
    "ecard1-92": PokemonScript(attacks={  # Wartortle
        "Doubleslap": [Flip(2), Damage(Times(10))],
        "Giant Wave": [Mark(SELF, "cant_attack", 2, "can't attack during your next turn")],
    }),
    "ecard1-36": PokemonScript(attacks={  # Blastoise
        "Bubble": coin_condition(PARALYZED),
        "Double Cannon": [Flip(2), Damage(Times(40))],
    }),
    "ecard1-37": PokemonScript(  # Blastoise
        powers={"Jet Stream": Power(
            requires=(SlotIs(SELF, "active"),),
            steps=tuple(on_heads(DiscardEnergy(SELF, 1), DiscardEnergy(DEFENDER, 1))),  # type: ignore[arg-type]
        )},
        attacks={"Energy Cannon": [Damage(Plus(40, 10, SurplusEnergy(), cap=20))]},
    ),
    "ecard1-115": PokemonScript(attacks={"Crabhammer": []}),  # Krabby
    "ecard1-15": PokemonScript(attacks={  # Kingler
        "Bubble": coin_condition(PARALYZED),
        "Giant Claw": [NothingOnTails()],
    }),
    "ecard1-83": PokemonScript(attacks={  # Jynx
        "Ice Punch": coin_condition(PARALYZED),
        "Powder Snow": [Inflict(DEFENDER, ASLEEP)],
    }),
    # ----------------------------------------------------------------- Psychic
    "ecard1-93": PokemonScript(attacks={  # Abra
        "Scratch": [],
        "Confuse Ray": coin_condition(CONFUSED),
    }),
    "ecard1-84": PokemonScript(attacks={  # Kadabra
        "Energy Recall": [ChooseCards("e", "discard", BASIC_ENERGY, count=2),
                          MoveCards("e", "attach", onto=SELF,
                                    wording="Attach them to this Pokémon.")],
        "Confuse Ray": coin_condition(CONFUSED),
    }),
    "ecard1-20": PokemonScript(attacks={  # Mewtwo
        "Hypnosis": coin_condition(ASLEEP),
        "Psychic": [Damage(Plus(20, 10, EnergyCardsOn(DEFENDER)))],
    }),
    # ----------------------------------------------------------------- Trainers
    "ecard1-149": TrainerScript(steps=[  # Professor Oak's Research
        ShuffleHandIntoDeck(), ShuffleDeck(wording=""), Draw(5)]),
    "ecard1-148": TrainerScript(  # Professor Elm's Training Method
        requires=(PlayerHas("own", "deck"),),
        steps=[ChooseCards("c", "deck", EVOLUTION), MoveCards("c", "hand", reveal=True),
               ShuffleDeck()]),
    "ecard1-142": TrainerScript(steps=[  # Mary's Impulse
        FlipUntilTails(), Draw(Scaled(2))]),
    "ecard1-137": TrainerScript(  # Bill's Maintenance
        requires=(PlayerHas("own", "hand"),),
        steps=[ChooseCards("c", "hand"),
               MoveCards("c", "deck", wording="Shuffle it into your deck."),
               ShuffleDeck(wording=""), Draw(3)]),
    "ecard1-138": TrainerScript(steps=[  # Copycat
        ShuffleHandIntoDeck(), ShuffleDeck(wording=""), Draw(OpponentHandSize())]),
    "ecard1-145": TrainerScript(  # Pokémon Nurse
        requires=(PlayerHas("own", "damaged"),),
        steps=[ChoosePokemon("t", "own", filt=DAMAGED), Heal("t", None),
               DiscardAllEnergyFrom("t")]),
    "ecard1-156": TrainerScript(  # Potion
        requires=(PlayerHas("own", "damaged"),),
        steps=[ChoosePokemon("t", "own", filt=DAMAGED), Heal("t", 2)]),
    "ecard1-155": TrainerScript(  # Moo-Moo Milk
        requires=(PlayerHas("own", "damaged"),),
        steps=[ChoosePokemon("t", "own", filt=DAMAGED), Flip(2),
               Heal("t", Scaled(2, HEADS_COUNT, "damage counters"))]),
    "ecard1-157": TrainerScript(  # Switch
        requires=(PlayerHas("own", "bench"),),
        steps=[ChoosePokemon("t", "own", "bench"), SwitchOwnActive("t")]),
    "ecard1-153": TrainerScript(  # Energy Search
        requires=(PlayerHas("own", "deck"),),
        steps=[ChooseCards("c", "deck", BASIC_ENERGY), MoveCards("c", "hand", reveal=True),
               ShuffleDeck()]),
    "ecard1-154": TrainerScript(  # Full Heal
        requires=(PlayerHas("own", "active_condition"),),
        steps=[RemoveConditions(SELF)]),
    "ecard1-140": TrainerScript(  # Energy Removal 2
        requires=(PlayerHas("opp", "energy_in_play"),),
        steps=on_heads(ChooseEnergyInPlay("e", "opp"), DiscardChosenEnergy("e"))),  # type: ignore[arg-type]
    "ecard1-141": TrainerScript(  # Energy Restore
        requires=(PlayerHas("own", "basic_energy_discard"),),
        steps=[Flip(3), ChooseCards("e", "discard", BASIC_ENERGY, count=HEADS_COUNT),
               MoveCards("e", "hand", wording="Put them into your hand.")]),
    "ecard1-146": TrainerScript(  # Pokémon Reversal
        requires=(PlayerHas("opp", "bench"),),
        steps=[ChoosePokemon("t", "opp", "bench"), *on_heads(SwitchOpponentActive("t"))]),  # type: ignore[list-item]
    "ecard1-151": TrainerScript(steps=on_heads(  # Super Scoop Up
        ChoosePokemon("t", "own"), ReturnToHand("t"))),  # type: ignore[arg-type]
    "ecard1-150": TrainerScript(passives=(DamageBoostCharm(10),)),  # Strength Charm
    "ecard1-144": TrainerScript(attacks=(  # Multi Technical Machine 01
        TMAttack("Paralyzing Gaze", ("C",), "", (Inflict(DEFENDER, PARALYZED),)),)),
    # ----------------------------------------------------------------- Special Energy
    "ecard1-158": EnergyScript(passives=(DarknessBoost(),)),  # Darkness Energy
    "ecard1-159": EnergyScript(passives=(MetalShield(), MetalDrag())),  # Metal Energy
}
