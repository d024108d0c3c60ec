"""Call of Legends (col1): effect scripts of col1-33 to col1-75.

Fourteen of these Pokémon are printed as in HeartGold & SoulSilver and share their first
printing's script (``sets/reprints.py``): Typhlosion, Tyrogue, Weezing, Bayleef, Croconaw,
Donphan, Flaaffy, Quilava, Koffing, Magikarp, Clefairy, Slowpoke, Snubbull and Vulpix.
"""

from __future__ import annotations

from ...cardpool import PokemonScript, Power, Script
from ...effects.core import Step
from ...effects.library import (
    TAKES_30_LESS,
    ReduceDamageTakenWhileEnergized,
)
from ...effects.steps import (
    DEFENDER,
    HEADS,
    POKEMON_CARD,
    SELF,
    TAILS,
    AttackLock,
    ChooseCards,
    ChoosePokemon,
    Const,
    Cure,
    Damage,
    DamageChosen,
    DiscardEnergy,
    DiscardTopOfDeck,
    DoesNothing,
    Draw,
    EnergyOfTypeOn,
    EnergyUnitsOn,
    Flip,
    HeadsExactly,
    Heal,
    If,
    Inflict,
    LoseAttachedEnergy,
    LoseChosenCards,
    LoseFromOpponentHandUnseen,
    LoseOpponentTopCards,
    Mark,
    MoveCards,
    OpponentDraws,
    Plus,
    PlusIf,
    SelfDamage,
    ShuffleDeck,
    ShufflePokemonIntoDeck,
    SlotIs,
    Times,
    VarTrue,
    Worded,
    energy_of_type,
    gated,
)
from ...ruleset import ASLEEP, BURNED, PARALYZED, POISONED
from ..dragons_exalted.part1 import protected_next_turn
from ..platinum.part3 import boosted, power_up
from ..shapes import (
    SWEET_SLEEPING_FACE,
    condition,
    no_trainer_cards_next_turn,
    on_heads,
    plus_on_heads,
)

G_ENERGY = energy_of_type("G")



def discard_r_on_tails() -> list[Step]:
    """A coin; on tails a [R] Energy card attached to the attacker is discarded."""
    return [Flip(), If(TAILS, DiscardEnergy(SELF, 1, "R"))]


def takes_30_less_next_turn() -> Step:
    """The attacker takes 30 less damage from attacks (after Weakness and Resistance)
    during the opponent's next turn."""
    return Mark(SELF, TAKES_30_LESS.name, 1,
                "takes 30 less damage from attacks (after Weakness and Resistance) during "
                "your opponent's next turn")


SCRIPTS: dict[str, Script] = {
    "col1-33": PokemonScript(attacks={  # Snorlax
        "Layabout": [Heal(SELF, None), AttackLock("Layabout")],
        "Clomp Clomp Clobber": [Worded(LoseAttachedEnergy(SELF, Const(1)),
                                       "Send 1 Energy card from this Pokémon to the "
                                       "Lost Zone.")],
    }),
    "col1-34": PokemonScript(attacks={  # Tangrowth
        "Grind": [Damage(Times(20, EnergyUnitsOn(SELF)))],
        "Plow Over": [Flip(), If(HEADS, Inflict(DEFENDER, PARALYZED),
                                 Worded(LoseAttachedEnergy(DEFENDER, Const(1)),
                                        "Send 1 Energy card from the Defending Pokémon "
                                        "to the Lost Zone."))],
    }),
    "col1-37": PokemonScript(attacks={  # Ursaring
        "Confront": [],
        "Cross Chop": plus_on_heads(50, 30),
    }),
    "col1-39": PokemonScript(attacks={  # Zangoose
        "Swords Dance": [power_up("Lost Claw", 60)],
        "Lost Claw": [boosted("Swords Dance", 30, 60), LoseFromOpponentHandUnseen(1)],
    }),
    "col1-44": PokemonScript(attacks={  # Flareon
        "Flame Tail": [],
        "Flamethrower": [DiscardEnergy(SELF, 1)],
    }),
    "col1-45": PokemonScript(attacks={  # Jolteon
        "Agility": on_heads(protected_next_turn()),
        "Mach Bolt": [],
    }),
    "col1-46": PokemonScript(  # Magby
        powers={"Sweet Sleeping Face": SWEET_SLEEPING_FACE},
        attacks={"Play with Fire": [Inflict(DEFENDER, BURNED), Inflict(SELF, ASLEEP)]},
    ),
    "col1-47": PokemonScript(  # Mime Jr.
        powers={"Sweet Sleeping Face": SWEET_SLEEPING_FACE},
        attacks={"Sleepy Lost": [LoseOpponentTopCards(1), Inflict(SELF, ASLEEP)]},
    ),
    "col1-48": PokemonScript(attacks={  # Pidgeotto
        "Gust": [],
        "Twister": [
            *gated(Flip(2), If(HeadsExactly(0, 2), DoesNothing())), Damage(),
            Worded(If(HeadsExactly(2, 2), DiscardEnergy(DEFENDER, 2)),
                   "For each heads, discard 1 Energy card from the Defending Pokémon."),
            Worded(If(HeadsExactly(1, 2), DiscardEnergy(DEFENDER, 1)), ""),
        ],
    }),
    "col1-50": PokemonScript(attacks={  # Riolu
        "Tumble Over": [Mark(SELF, "cant_attack", 2, "is unable to attack until "
                                                     "your next turn is over")],
    }),
    "col1-51": PokemonScript(attacks={  # Seviper
        "Poison Buildup": [Inflict(SELF, POISONED)],
        "Poison Effect": [Damage(PlusIf(20, 60, SlotIs(SELF, "poisoned"))),
                          Worded(If(SlotIs(SELF, "poisoned"), Cure(SELF, POISONED)),
                                 "If it is, it is then no longer Poisoned.")],
    }),
    "col1-52": PokemonScript(attacks={  # Vaporeon
        "Spiral Drain": [Heal(SELF, 2)],
        "Dual Splash": [ChoosePokemon("t", "opp", count=2, pre=True),
                        Worded(DamageChosen("t", Const(30)),
                               "Each of them takes 30 damage (no Weakness or "
                               "Resistance on the Bench).")],
    }),
    "col1-53": PokemonScript(attacks={  # Chikorita
        "Nap": [Heal(SELF, 1)],
        "Reckless Charge": [SelfDamage(10)],
    }),
    "col1-55": PokemonScript(attacks={"Fireworks": discard_r_on_tails()}),  # Cyndaquil
    "col1-56": PokemonScript(attacks={"Tackle": [], "Bite": []}),  # Eevee
    "col1-57": PokemonScript(attacks={  # Hitmonchan
        "Detect": on_heads(protected_next_turn()),
        "Sky Uppercut": [Damage(resistance=False)],
    }),
    "col1-58": PokemonScript(attacks={"Kick": [], "High Jump Kick": []}),  # Hitmonlee
    "col1-59": PokemonScript(attacks={"Jump On": plus_on_heads(10, 10)}),  # Houndour
    "col1-62": PokemonScript(attacks={"Live Coal": [], "Magma Punch": []}),  # Magmar
    "col1-63": PokemonScript(attacks={"Static Shock": []}),  # Mareep
    "col1-64": PokemonScript(attacks={  # Mawile
        "Selfish Draw": [
            Worded(ChooseCards("top", "deck", top=1),
                   "Look at your deck's top card; you may take it into your hand."),
            Worded(If(VarTrue("top"), MoveCards("top", "hand"),
                      [DiscardTopOfDeck(1), Draw(1)]),
                   "If you don't, discard it and draw a card."),
        ],
        "Destructive Jaw": on_heads(Inflict(DEFENDER, PARALYZED), DiscardEnergy(DEFENDER, 1)),
    }),
    "col1-65": PokemonScript(attacks={  # Misdreavus
        "Mumble": [],
        "Dual Draw": [Worded(Draw(3), "You draw 3 cards, then your opponent draws 3."),
                      Worded(OpponentDraws(3), "")],
    }),
    "col1-66": PokemonScript(  # Phanpy
        powers={"Ultra-thick Skin": Power(passives=(ReduceDamageTakenWhileEnergized(10),))},
        attacks={"Rock Smash": plus_on_heads(20, 10)},
    ),
    "col1-67": PokemonScript(attacks={  # Pidgey
        "Messenger": [ChooseCards("c", "deck", POKEMON_CARD),
                      MoveCards("c", "hand", reveal=True),
                      Worded(ShufflePokemonIntoDeck(SELF),
                             "Then shuffle this Pokémon and every card attached to it into "
                             "your deck."),
                      ShuffleDeck(wording="")],
        "Glide": [],
    }),
    "col1-68": PokemonScript(attacks={"Rollout": []}),  # Pineco
    "col1-69": PokemonScript(attacks={  # Relicanth
        "Prehistoric Wisdom": [ChooseCards("c", "hand"), LoseChosenCards("c"), Draw(3)],
        "Granite Head": [takes_30_less_next_turn()],
    }),
    "col1-72": PokemonScript(attacks={  # Tangela
        "Nutritional Support": [ChooseCards("e", "deck", G_ENERGY),
                                If(VarTrue("e", "you found one"), [
                                    ChoosePokemon("t", "own"),
                                    MoveCards("e", "attach", onto="t",
                                              wording="Attach the Energy card to it.")]),
                                ShuffleDeck()],
        "Poisonpowder": condition(POISONED),
    }),
    "col1-73": PokemonScript(attacks={  # Teddiursa
        "Fake Tears": on_heads(no_trainer_cards_next_turn(), takes_30_less_next_turn()),
    }),
    "col1-74": PokemonScript(attacks={  # Totodile
        "Aqua Tail": [Flip(EnergyOfTypeOn(SELF, "W")), Damage(Plus(30, 20))],
    }),
}
