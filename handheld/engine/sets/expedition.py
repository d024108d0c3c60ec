"""Effect scripts of the Expedition Base Set (ecard1), all 165 cards.

Each entry is keyed by card id and written with the effect DSL; the printed facts (names,
costs, damage, HP) come from the assets. Attacks that only do their printed damage list no
steps. The holo rares 1-32 are reprinted as 33-70 with the same effects: ``REPRINTS`` maps
one id to the other. See docs/CARDS.md for how to add a card.
"""

from __future__ import annotations

from ..cardpool import EnergyScript, PokemonScript, Power, Script, TMAttack, TrainerScript
from ..effects.library import (
    AllEnergyAs,
    DamageBoostCharm,
    DarknessBoost,
    MetalDrag,
    MetalShield,
    ReduceDamageTaken,
)
from ..effects.steps import (
    BASIC_ENERGY,
    BASIC_NOT_BABY,
    DAMAGED,
    DEFENDER,
    ENERGY_CARD,
    EVOLUTION,
    HEADS,
    HEADS_COUNT,
    OWN_ACTIVE,
    POKEMON_CARD,
    SELF,
    TAILS,
    AllOf,
    AnyOf,
    BenchDamage,
    ChooseAttachedEnergy,
    ChooseCards,
    ChooseEnergyInPlay,
    ChoosePokemon,
    ChooseYesNo,
    Const,
    CountPokemon,
    Damage,
    DamageChosen,
    DamageCountersOn,
    DiscardAllEnergyFrom,
    DiscardChosenEnergy,
    DiscardEnergy,
    DoesNothing,
    Draw,
    EnergyCardsOn,
    EnergyOfTypeOn,
    Flip,
    FlipUntilTails,
    HasCards,
    HeadsAtLeast,
    HeadsExactly,
    Heal,
    HealEach,
    If,
    IfExpr,
    Inflict,
    Mark,
    MoveAllEnergy,
    MoveCards,
    MoveCounters,
    MoveEnergy,
    NothingOnTails,
    OpponentHandSize,
    OpponentHasMoreEnergy,
    PlayerHas,
    Plus,
    PlusIf,
    PrizesAtMost,
    PutCounters,
    RemoveConditions,
    ReorderTopOfDeck,
    ReturnToHand,
    SameEnergyCount,
    Scaled,
    SelfDamage,
    ShuffleDeck,
    ShuffleHandIntoDeck,
    ShufflePokemonIntoDeck,
    SlotIs,
    SurplusEnergy,
    SwitchOpponentActive,
    SwitchOwnActive,
    Times,
    TurnEffect,
    VarTrue,
    VarValue,
    Worded,
    energy_of_type,
)
from ..ruleset import ASLEEP, BURNED, CONFUSED, PARALYZED, POISONED
from .shapes import (
    OPP_OR_OWN_BENCH,
    coin_condition,
    condition,
    on_heads,
    opponent_switches,
    plus_on_heads,
    search_to_hand,
    switch_both_benches,
    times_heads,
)

L_ENERGY = energy_of_type("L")
R_ENERGY = energy_of_type("R")

# --------------------------------------------------------------------------- Pokémon

POKEMON: dict[str, PokemonScript] = {
    "ecard1-33": PokemonScript(  # Alakazam
        powers={"Psymimic": Power(
            instead_of_attack=True,
            wording="use 1 of the attacks of your opponent's Pokémon as this Pokémon's "
                    "attack, paying its Energy cost and anything else it asks for with this "
                    "Pokémon; this Pokémon stays a [P] Pokémon.")},
        attacks={"Syncroblast": [Damage(IfExpr(SameEnergyCount(), Const(80), Const(20)))]},
    ),
    "ecard1-34": PokemonScript(  # Ampharos
        powers={"Energy Connect": Power(
            uses_per_turn=None,
            requires=(PlayerHas("own", "bench_basic_energy"),),
            steps=(ChooseEnergyInPlay("e", "own", where="bench", basic=True),
                   MoveEnergy("e", OWN_ACTIVE, "Attach it to your Active Pokémon.")))},
        attacks={"Lightning Strike": [
            Worded(ChooseYesNo("all_l", "Discard all [L] Energy for 80 damage?", pre=True),
                   "You may discard every [L] Energy card from this Pokémon."),
            Worded(If(VarTrue("all_l"), DiscardEnergy(SELF, None, "L"), pre=True), ""),
            Damage(IfExpr(VarTrue("all_l", "you did"), Const(80), Const(40))),
        ]},
    ),
    "ecard1-35": PokemonScript(attacks={  # Arbok
        "Poison Spray": condition(POISONED),
        "Poison Reaction": [Damage(PlusIf(20, 20, SlotIs(DEFENDER, "poisoned")))],
    }),
    "ecard1-36": PokemonScript(attacks={  # Blastoise
        "Bubble": coin_condition(PARALYZED),
        "Double Cannon": times_heads(40, 2),
    }),
    "ecard1-37": PokemonScript(  # Blastoise
        powers={"Jet Stream": Power(
            requires=(SlotIs(SELF, "active"),),
            steps=tuple(on_heads(DiscardEnergy(SELF, 1), DiscardEnergy(DEFENDER, 1))),
        )},
        attacks={"Energy Cannon": [Damage(Plus(40, 10, SurplusEnergy(), cap=20))]},
    ),
    "ecard1-38": PokemonScript(  # Butterfree
        powers={"Miraculous Powder": Power(
            requires=(PlayerHas("own", "active_condition"),),
            steps=(RemoveConditions(OWN_ACTIVE),))},
        attacks={"Spiral Drain": on_heads(Heal(SELF, 2))},
    ),
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
    "ecard1-41": PokemonScript(  # Clefable
        powers={"Moonlight": Power(
            requires=(PlayerHas("own", "hand"),),
            steps=(ChooseCards("c", "hand"),
                   MoveCards("c", "deck", wording="Place it on top of your deck."),
                   ChooseCards("e", "deck", BASIC_ENERGY),
                   MoveCards("e", "hand", reveal=True), ShuffleDeck()))},
        attacks={"Doubleslap": times_heads(20, 2)},
    ),
    "ecard1-42": PokemonScript(attacks={  # Cloyster
        "Lick": coin_condition(PARALYZED),
        "Auto Fire": times_heads(20, 4),
    }),
    "ecard1-43": PokemonScript(  # Dragonite
        powers={"Tailwind": Power(
            requires=(SlotIs(SELF, "benched"),),
            steps=(Mark(OWN_ACTIVE, "free_retreat", 0,
                        "has a Retreat Cost of 0 for the rest of this turn"),))},
        attacks={"Dragon Tail": times_heads(40, 2)},
    ),
    "ecard1-44": PokemonScript(attacks={  # Dugtrio
        "Mud Slap": [],
        "Magnitude": [BenchDamage(10, side="both")],
    }),
    "ecard1-45": PokemonScript(attacks={  # Fearow
        "Clutch": [Mark(DEFENDER, "cant_retreat", 1,
                        "is unable to retreat until your opponent's next turn is over")],
        "Supersonic Flight": [NothingOnTails()],
    }),
    "ecard1-46": PokemonScript(attacks={  # Feraligatr
        "Slash": [],
        "Double Claw": [Flip(2), Damage(Plus(30, 20))],
    }),
    "ecard1-47": PokemonScript(  # Feraligatr
        powers={"Major Tsunami": Power(
            requires=(SlotIs(SELF, "active"), OPP_OR_OWN_BENCH),
            steps=tuple(switch_both_benches()))},
        attacks={"Rending Jaws": [
            Damage(IfExpr(SlotIs(DEFENDER, "undamaged"), Const(40), Const(70)))]},
    ),
    "ecard1-48": PokemonScript(  # Gengar
        powers={"Chaos Move": Power(
            requires=(PrizesAtMost("opp", 3),
                      AnyOf((PlayerHas("own", "damaged"), PlayerHas("opp", "damaged")))),
            steps=(ChoosePokemon("from", "any", filt=DAMAGED,
                                 wording="Choose a Pokémon (yours or your opponent's) with "
                                         "damage counters, then another Pokémon."),
                   ChoosePokemon("to", "any", exclude="from", wording=""),
                   MoveCounters("from", "to", 1)))},
        attacks={"Hide in Shadows": [
            ChoosePokemon("b", "own", "bench"),
            SwitchOwnActive("b", "Switch this Pokémon with it.")]},
    ),
    "ecard1-14": PokemonScript(  # Golem
        powers={"Rock Body": Power(passives=(ReduceDamageTaken(10),))},
        attacks={"Rock Tumble": [Damage(resistance=False)]},
    ),
    "ecard1-15": PokemonScript(attacks={  # Kingler
        "Bubble": coin_condition(PARALYZED),
        "Giant Claw": [NothingOnTails()],
    }),
    "ecard1-51": PokemonScript(  # Machamp
        powers={"Terraforming": Power(requires=(PlayerHas("own", "deck"),),
                                      steps=(ReorderTopOfDeck(4),))},
        attacks={"Iron Fist": [
            Flip(), Damage(Plus(50, 10, CountPokemon("own", filt=DAMAGED), when=HEADS))]},
    ),
    "ecard1-17": PokemonScript(attacks={  # Magby (Baby)
        "Energy Catch": on_heads(ChooseCards("e", "discard", BASIC_ENERGY),
                                 MoveCards("e", "hand")),
    }),
    "ecard1-53": PokemonScript(attacks={  # Meganium
        "Sleep Powder": condition(ASLEEP),
        "Solarbeam": [],
    }),
    "ecard1-54": PokemonScript(  # Meganium
        powers={"Soothing Aroma": Power(requires=(PlayerHas("own", "damaged"),),
                                        steps=tuple(on_heads(HealEach("own", 1))))},
        attacks={"Poisonpowder": condition(POISONED)},
    ),
    "ecard1-55": PokemonScript(attacks={  # Mew
        "Super Psywave": [ChoosePokemon("t", "opp", pre=True),
                          PutCounters("t", EnergyCardsOn("t"))],
    }),
    "ecard1-20": PokemonScript(attacks={  # Mewtwo
        "Hypnosis": coin_condition(ASLEEP),
        "Psychic": [Damage(Plus(20, 10, EnergyCardsOn(DEFENDER)))],
    }),
    "ecard1-57": PokemonScript(attacks={  # Ninetales
        "Mislead": [Flip(2), If(HeadsAtLeast(1, "At least 1 heads"),
                                Inflict(DEFENDER, CONFUSED))],
        "Ethereal Flame": [
            DiscardEnergy(SELF, None, "R", pre=True),
            Damage(Plus(30, 20, VarValue("discarded", "card discarded this way", 2)))],
    }),
    "ecard1-58": PokemonScript(attacks={  # Pichu (Baby)
        "Energy Patch": [ChooseEnergyInPlay("e", "own", basic=True),
                         ChoosePokemon("to", "own", exclude="e",
                                       wording="Choose another of your Pokémon."),
                         MoveEnergy("e", "to")],
    }),
    "ecard1-59": PokemonScript(  # Pidgeot
        powers={"Beating Wings": Power(
            requires=(SlotIs(SELF, "active"), PlayerHas("own", "bench")),
            steps=(ChoosePokemon("b", "own", "bench"), ShufflePokemonIntoDeck("b"),
                   ShuffleDeck(wording="")))},
        attacks={"Sharp Beak": plus_on_heads(20, 30)},
    ),
    "ecard1-60": PokemonScript(  # Poliwrath
        powers={"Plunge": Power(
            requires=(SlotIs(SELF, "benched"),),
            steps=tuple(on_heads(MoveAllEnergy(OWN_ACTIVE, SELF),
                                 SwitchOwnActive(SELF, "This Pokémon then trades places "
                                                       "with your Active Pokémon."))))},
        attacks={"Water Punch": [Flip(EnergyOfTypeOn(SELF, "W")), Damage(Plus(40, 10))]},
    ),
    "ecard1-61": PokemonScript(attacks={  # Raichu
        "Plasma": [If(HasCards("discard", L_ENERGY), on_heads(
            ChooseCards("e", "discard", L_ENERGY),
            MoveCards("e", "attach", onto=SELF)))],
        "Shock Bolt": [DiscardEnergy(SELF, None, "L", pre=True)],
    }),
    "ecard1-62": PokemonScript(attacks={  # Rapidash
        "Overrun": [If(PlayerHas("opp", "bench"), on_heads(
            ChoosePokemon("t", "opp", "bench"), BenchDamage(10, var="t")))],
        "Flame Tail": [],
    }),
    "ecard1-63": PokemonScript(attacks={  # Skarmory
        "Steel Beak": plus_on_heads(20, 10),
        "Air Cutter": [NothingOnTails()],
    }),
    "ecard1-64": PokemonScript(attacks={  # Typhlosion
        "Quick Attack": plus_on_heads(10, 20),
        "Thermal Blast": on_heads(BenchDamage(10, side="opp")),
    }),
    "ecard1-65": PokemonScript(  # Typhlosion
        powers={"Heat Up": Power(
            requires=(OpponentHasMoreEnergy(), PlayerHas("own", "bench")),
            steps=(ChooseCards("e", "deck", R_ENERGY),
                   If(VarTrue("e", "you found one"), [
                       ChoosePokemon("t", "own", "bench"),
                       MoveCards("e", "attach", onto="t")]),
                   ShuffleDeck()))},
        attacks={"Super Singe": coin_condition(BURNED)},
    ),
    "ecard1-66": PokemonScript(  # Tyranitar
        powers={"Dark Aura": Power(passives=(AllEnergyAs("D"),))},
        attacks={"Stamp": [Flip(), Damage(PlusIf(50, 10, HEADS)),
                           If(HEADS, BenchDamage(10, side="opp"))]},
    ),
    "ecard1-67": PokemonScript(attacks={  # Venusaur
        "Leech Seed": [Damage(), If(VarTrue("dealt", "the Defending Pokémon took damage"),
                                    Heal(SELF, 1))],
        "Fury Strikes": times_heads(30, 3),
    }),
    "ecard1-68": PokemonScript(  # Venusaur
        powers={"Harvest Bounty": Power(
            requires=(PlayerHas("own", "harvest_ready"),),
            steps=(ChooseCards("e", "hand", ENERGY_CARD),
                   MoveCards("e", "attach", onto=OWN_ACTIVE,
                             wording="Attach it to your Active Pokémon too.")))},
        attacks={"Body Slam": coin_condition(PARALYZED)},
    ),
    "ecard1-69": PokemonScript(  # Vileplume
        powers={"Poison Pollen": Power(steps=tuple(coin_condition(POISONED)))},
        attacks={"Petal Dance": [*times_heads(30, 3), Inflict(SELF, CONFUSED)]},
    ),
    "ecard1-70": PokemonScript(attacks={  # Weezing
        "Foul Gas": [Flip(), If(HEADS, Inflict(DEFENDER, POISONED),
                                Inflict(DEFENDER, CONFUSED))],
        "Misfire": [Flip(), If(TAILS, PutCounters(SELF, 6))],
    }),
    # ----------------------------------------------------------------- uncommons
    "ecard1-71": PokemonScript(attacks={  # Bayleef
        "Mysterious Powder": coin_condition(CONFUSED),
        "Razor Leaf": [],
    }),
    "ecard1-72": PokemonScript(attacks={  # Chansey
        "Bind Wound": on_heads(ChoosePokemon("t", "own", filt=DAMAGED), Heal("t", 2)),
        "Dogpile": [Damage(Times(10, CountPokemon("own", "bench"))),
                    SelfDamage(Times(10, CountPokemon("own", "bench")))],
    }),
    "ecard1-73": PokemonScript(attacks={  # Charmeleon
        "Double Scratch": times_heads(20, 2),
        "Flamethrower": [DiscardEnergy(SELF, 1, "R", pre=True)],
    }),
    "ecard1-74": PokemonScript(attacks={  # Croconaw
        "Tackle": [],
        "Take Down": [SelfDamage(10)],
    }),
    "ecard1-75": PokemonScript(attacks={  # Dragonair
        "Spiral Wave": [FlipUntilTails(), Damage(Times(20))],
    }),
    "ecard1-76": PokemonScript(attacks={  # Electabuzz
        "Energy Draw": [ChooseCards("e", "deck", BASIC_ENERGY),
                        MoveCards("e", "attach", onto=SELF), ShuffleDeck()],
        "Reflect Energy": [If(AllOf((PlayerHas("own", "bench"),
                                     SlotIs(SELF, "has_basic_energy"))), [
            ChooseAttachedEnergy("e", SELF, basic=True),
            ChoosePokemon("t", "own", "bench"),
            MoveEnergy("e", "t", "Attach it to that Benched Pokémon.")])],
    }),
    "ecard1-77": PokemonScript(attacks={  # Flaaffy
        "Headbutt": [],
        "Thunder Jolt": [Flip(), If(TAILS, SelfDamage(20))],
    }),
    "ecard1-78": PokemonScript(attacks={  # Gloom
        "Razor Leaf": [],
        "Foul Odor": [Inflict(DEFENDER, CONFUSED), Inflict(SELF, CONFUSED)],
    }),
    "ecard1-79": PokemonScript(attacks={  # Graveler
        "Rock Hurl": [Damage(resistance=False)],
        "Rock Slide": [ChoosePokemon("targets", "opp", "bench", count=2, pre=True), Damage(),
                       BenchDamage(10, var="targets")],
    }),
    "ecard1-80": PokemonScript(attacks={  # Haunter
        "Nightmare": condition(ASLEEP),
        "Dream Eater": [If(SlotIs(DEFENDER, "awake"), DoesNothing()), Damage()],
    }),
    "ecard1-81": PokemonScript(attacks={  # Hitmonlee
        "Smash Kick": [],
        "Stretch Kick": [ChoosePokemon("target", "opp", "bench", pre=True),
                         DamageChosen("target")],
    }),
    "ecard1-82": PokemonScript(attacks={  # Ivysaur
        "Sleep Seed": condition(ASLEEP),
        "Vine Whip": [],
    }),
    "ecard1-83": PokemonScript(attacks={  # Jynx
        "Ice Punch": coin_condition(PARALYZED),
        "Powder Snow": condition(ASLEEP),
    }),
    "ecard1-84": PokemonScript(attacks={  # Kadabra
        "Energy Recall": [ChooseCards("e", "discard", BASIC_ENERGY, count=2),
                          MoveCards("e", "attach", onto=SELF,
                                    wording="Attach them to this Pokémon.")],
        "Confuse Ray": coin_condition(CONFUSED),
    }),
    "ecard1-85": PokemonScript(attacks={"Punch": [], "Mega Kick": []}),  # Machoke
    "ecard1-86": PokemonScript(attacks={  # Magmar
        "Flaming Punch": coin_condition(BURNED),
        "Thrash": [Flip(), Damage(PlusIf(30, 10, HEADS)), If(TAILS, SelfDamage(10))],
    }),
    "ecard1-87": PokemonScript(  # Metapod
        powers={"Exoskeleton": Power(passives=(ReduceDamageTaken(20),))},
        attacks={"Rollout": []},
    ),
    "ecard1-88": PokemonScript(attacks={  # Pidgeotto
        "Whirlwind": opponent_switches(),
    }),
    "ecard1-89": PokemonScript(attacks={  # Poliwhirl
        "Punch": [],
        "Bubblebeam": coin_condition(PARALYZED),
    }),
    "ecard1-90": PokemonScript(attacks={"Headbutt": []}),  # Pupitar
    "ecard1-91": PokemonScript(attacks={  # Quilava
        "Super Singe": coin_condition(BURNED),
        "Tackle": [],
    }),
    "ecard1-92": PokemonScript(attacks={  # Wartortle
        "Doubleslap": times_heads(10, 2),
        "Giant Wave": [Mark(SELF, "cant_attack", 2, "is unable to attack until "
                                                    "your next turn is over")],
    }),
    # ----------------------------------------------------------------- commons
    "ecard1-93": PokemonScript(attacks={  # Abra
        "Scratch": [],
        "Confuse Ray": coin_condition(CONFUSED),
    }),
    "ecard1-94": PokemonScript(attacks={  # Bulbasaur
        "Tackle": [],
        "Poison Seed": coin_condition(POISONED),
    }),
    "ecard1-95": PokemonScript(attacks={  # Bulbasaur
        "Sleep Seed": condition(ASLEEP),
        "Vine Whip": [],
    }),
    "ecard1-96": PokemonScript(attacks={  # Caterpie
        "Headbutt": [],
        "Entangling Thread": coin_condition(PARALYZED),
    }),
    "ecard1-97": PokemonScript(attacks={  # Charmander
        "Tail Rap": times_heads(10, 2),
        "Flare": [],
    }),
    "ecard1-98": PokemonScript(attacks={  # Charmander
        "Gnaw": [],
        "Searing Flame": coin_condition(BURNED),
    }),
    "ecard1-99": PokemonScript(attacks={  # Chikorita
        "Hypnotic Gaze": condition(ASLEEP),
        "Double Scratch": times_heads(20, 2),
    }),
    "ecard1-100": PokemonScript(attacks={  # Chikorita
        "Razor Leaf": [],
        "Sleep Powder": condition(ASLEEP),
    }),
    "ecard1-101": PokemonScript(attacks={  # Clefairy
        "Shining Fingers": condition(ASLEEP),
        "Slap": [],
    }),
    "ecard1-102": PokemonScript(attacks={  # Corsola
        "Tackle": [],
        "Spike Cannon": times_heads(20, 3),
    }),
    "ecard1-103": PokemonScript(attacks={  # Cubone
        "Beat": [],
        "Bone Smash": [NothingOnTails()],
    }),
    "ecard1-104": PokemonScript(attacks={  # Cyndaquil
        "Singe": coin_condition(BURNED),
        "Quick Attack": plus_on_heads(10, 20),
    }),
    "ecard1-105": PokemonScript(attacks={  # Cyndaquil
        "Tackle": [],
        "Ember": [DiscardEnergy(SELF, 1, "R", pre=True)],
    }),
    "ecard1-106": PokemonScript(attacks={"Fury Headbutt": times_heads(10, 3)}),  # Diglett
    "ecard1-107": PokemonScript(attacks={"Dragon Smash": [NothingOnTails()]}),  # Dratini
    "ecard1-108": PokemonScript(attacks={"Poison Sting": coin_condition(POISONED)}),  # Ekans
    "ecard1-109": PokemonScript(attacks={  # Gastly
        "Bad Dream": [Flip(), If(HEADS, Inflict(DEFENDER, ASLEEP),
                                 Inflict(DEFENDER, CONFUSED))],
    }),
    "ecard1-110": PokemonScript(attacks={  # Geodude
        "Rock Hurl": [Damage(resistance=False)],
    }),
    "ecard1-111": PokemonScript(attacks={"Splash": []}),  # Goldeen
    "ecard1-112": PokemonScript(attacks={"Sleep Powder": condition(ASLEEP)}),  # Hoppip
    "ecard1-113": PokemonScript(attacks={"Bite": []}),  # Houndour
    "ecard1-114": PokemonScript(attacks={  # Koffing
        "Ram": [],
        "Confusion Gas": coin_condition(CONFUSED),
    }),
    "ecard1-115": PokemonScript(attacks={"Crabhammer": []}),  # Krabby
    "ecard1-116": PokemonScript(attacks={"Bite": [], "Mud Slap": []}),  # Larvitar
    "ecard1-117": PokemonScript(attacks={  # Machop
        "Punch": [],
        "Double Chop": times_heads(20, 2),
    }),
    "ecard1-118": PokemonScript(attacks={  # Magikarp
        "Flail": [Damage(Times(10, DamageCountersOn(SELF)))],
    }),
    "ecard1-119": PokemonScript(attacks={"Thundershock": coin_condition(PARALYZED)}),  # Mareep
    "ecard1-120": PokemonScript(attacks={  # Marill
        "Bubble": coin_condition(PARALYZED),
        "Tail Slap": [],
    }),
    "ecard1-121": PokemonScript(attacks={  # Meowth
        "Double Scratch": times_heads(10, 2),
        "Pay Day": on_heads(Draw(1)),
    }),
    "ecard1-122": PokemonScript(attacks={  # Oddish
        "Tackle": [],
        "Sleep Seed": condition(ASLEEP),
    }),
    "ecard1-123": PokemonScript(attacks={  # Pidgey
        "Peck": [],
        "Fury Strikes": times_heads(10, 3),
    }),
    "ecard1-124": PokemonScript(attacks={  # Pikachu
        "Lightning Tail": coin_condition(PARALYZED),
        "Tackle": [],
    }),
    "ecard1-125": PokemonScript(attacks={"Headbutt": [], "Rollout": []}),  # Poliwag
    "ecard1-126": PokemonScript(attacks={  # Ponyta
        "Singe": coin_condition(BURNED),
        "Smash Kick": [],
    }),
    "ecard1-127": PokemonScript(attacks={"Stun Needle": coin_condition(PARALYZED)}),  # Qwilfish
    "ecard1-128": PokemonScript(attacks={"Quick Attack": plus_on_heads(10, 20)}),  # Rattata
    "ecard1-129": PokemonScript(attacks={  # Shellder
        "Irongrip": [],
        "Lick": coin_condition(PARALYZED),
    }),
    "ecard1-130": PokemonScript(attacks={"Razor Wind": [NothingOnTails()]}),  # Spearow
    "ecard1-131": PokemonScript(attacks={  # Squirtle
        "Wave Splash": [],
        "Doubleslap": times_heads(20, 2),
    }),
    "ecard1-132": PokemonScript(attacks={  # Squirtle
        "Headbutt": [],
        "Bubblebeam": coin_condition(PARALYZED),
    }),
    "ecard1-133": PokemonScript(attacks={  # Tauros
        "Horn Hazard": [NothingOnTails()],
        "Take Down": [SelfDamage(20)],
    }),
    "ecard1-134": PokemonScript(attacks={  # Totodile
        "Surf": [],
        "Double Scratch": times_heads(20, 2),
    }),
    "ecard1-135": PokemonScript(attacks={  # Totodile
        "Paralyzing Gaze": coin_condition(PARALYZED),
        "Bite": [],
    }),
    "ecard1-136": PokemonScript(attacks={  # Vulpix
        "Tail Shake": condition(ASLEEP),
        "Flare": [],
    }),
}

# --------------------------------------------------------------------------- Trainers

TRAINERS: dict[str, TrainerScript] = {
    "ecard1-137": TrainerScript(  # Bill's Maintenance
        requires=(PlayerHas("own", "hand"),),
        steps=[ChooseCards("c", "hand"),
               MoveCards("c", "deck", wording="Shuffle it into your deck."),
               ShuffleDeck(wording=""), Draw(3)]),
    "ecard1-138": TrainerScript(steps=[  # Copycat
        ShuffleHandIntoDeck(), ShuffleDeck(wording=""), Draw(OpponentHandSize())]),
    "ecard1-139": TrainerScript(  # Dual Ball
        requires=(PlayerHas("own", "deck"),),
        steps=[Flip(2), If(HEADS, search_to_hand(BASIC_NOT_BABY, HEADS_COUNT))]),
    "ecard1-140": TrainerScript(  # Energy Removal 2
        requires=(PlayerHas("opp", "energy_in_play"),),
        steps=on_heads(ChooseEnergyInPlay("e", "opp"), DiscardChosenEnergy("e"))),
    "ecard1-141": TrainerScript(  # Energy Restore
        requires=(PlayerHas("own", "basic_energy_discard"),),
        steps=[Flip(3), ChooseCards("e", "discard", BASIC_ENERGY, count=HEADS_COUNT),
               MoveCards("e", "hand", wording="Put them into your hand.")]),
    "ecard1-142": TrainerScript(steps=[  # Mary's Impulse
        FlipUntilTails(), Draw(Scaled(2))]),
    "ecard1-143": TrainerScript(  # Master Ball
        requires=(PlayerHas("own", "deck"),),
        steps=[ChooseCards("c", "deck", POKEMON_CARD, top=7),
               MoveCards("c", "hand", reveal=True),
               ShuffleDeck(wording="Then shuffle the rest back into your deck.")]),
    "ecard1-144": TrainerScript(attacks=(  # MTM 01 (card 144)
        TMAttack("Paralyzing Gaze", ("C",), "", (Inflict(DEFENDER, PARALYZED),)),)),
    "ecard1-145": TrainerScript(  # Pokémon Nurse
        requires=(PlayerHas("own", "damaged"),),
        steps=[ChoosePokemon("t", "own", filt=DAMAGED), Heal("t", None),
               DiscardAllEnergyFrom("t")]),
    "ecard1-146": TrainerScript(  # Pokémon Reversal
        requires=(PlayerHas("opp", "bench"),),
        steps=[ChoosePokemon("t", "opp", "bench",
                             wording="Choose a Benched Pokémon of your opponent's."),
               *on_heads(SwitchOpponentActive("t"))]),
    "ecard1-147": TrainerScript(  # Power Charge
        requires=(HasCards("discard", ENERGY_CARD),),
        steps=on_heads(ChooseCards("e", "discard", ENERGY_CARD, count=2),
                       MoveCards("e", "deck", wording="Shuffle them into your deck."),
                       ShuffleDeck(wording=""))),
    "ecard1-148": TrainerScript(  # Elm's method (card 148)
        requires=(PlayerHas("own", "deck"),),
        steps=search_to_hand(EVOLUTION)),
    "ecard1-149": TrainerScript(steps=[  # Professor Oak's Research
        ShuffleHandIntoDeck(), ShuffleDeck(wording=""), Draw(5)]),
    "ecard1-150": TrainerScript(passives=(DamageBoostCharm(10),)),  # Strength Charm
    "ecard1-151": TrainerScript(steps=on_heads(  # Super Scoop Up
        ChoosePokemon("t", "own"), ReturnToHand("t"))),
    "ecard1-152": TrainerScript(  # Warp Point
        requires=(OPP_OR_OWN_BENCH,),
        steps=switch_both_benches()),
    "ecard1-153": TrainerScript(  # Energy Search
        requires=(PlayerHas("own", "deck"),),
        steps=search_to_hand(BASIC_ENERGY)),
    "ecard1-154": TrainerScript(  # Full Heal
        requires=(PlayerHas("own", "active_condition"),),
        steps=[RemoveConditions(SELF)]),
    "ecard1-155": TrainerScript(  # Moo-Moo Milk
        requires=(PlayerHas("own", "damaged"),),
        steps=[ChoosePokemon("t", "own", filt=DAMAGED), Flip(2),
               Heal("t", Scaled(2, HEADS_COUNT, "damage counters"))]),
    "ecard1-156": TrainerScript(  # Potion
        requires=(PlayerHas("own", "damaged"),),
        steps=[ChoosePokemon("t", "own", filt=DAMAGED), Heal("t", 2)]),
    "ecard1-157": TrainerScript(  # Switch
        requires=(PlayerHas("own", "bench"),),
        steps=[ChoosePokemon("t", "own", "bench"), SwitchOwnActive("t")]),
}

# --------------------------------------------------------------------------- Energy

ENERGY: dict[str, EnergyScript] = {
    "ecard1-158": EnergyScript(passives=(DarknessBoost(),)),  # Darkness Energy
    "ecard1-159": EnergyScript(passives=(MetalShield(), MetalDrag())),  # Metal Energy
}

# The holo rares and their reprints share their effects.
REPRINTS: dict[str, str] = {
    "ecard1-1": "ecard1-33", "ecard1-2": "ecard1-34", "ecard1-3": "ecard1-35",
    "ecard1-4": "ecard1-37", "ecard1-5": "ecard1-38", "ecard1-6": "ecard1-40",
    "ecard1-7": "ecard1-41", "ecard1-8": "ecard1-42", "ecard1-9": "ecard1-43",
    "ecard1-10": "ecard1-44", "ecard1-11": "ecard1-45", "ecard1-12": "ecard1-47",
    "ecard1-13": "ecard1-48", "ecard1-49": "ecard1-14", "ecard1-50": "ecard1-15",
    "ecard1-16": "ecard1-51", "ecard1-52": "ecard1-17", "ecard1-18": "ecard1-54",
    "ecard1-19": "ecard1-55", "ecard1-56": "ecard1-20", "ecard1-21": "ecard1-57",
    "ecard1-22": "ecard1-58", "ecard1-23": "ecard1-59", "ecard1-24": "ecard1-60",
    "ecard1-25": "ecard1-61", "ecard1-26": "ecard1-62", "ecard1-27": "ecard1-63",
    "ecard1-28": "ecard1-65", "ecard1-29": "ecard1-66", "ecard1-30": "ecard1-68",
    "ecard1-31": "ecard1-69", "ecard1-32": "ecard1-70",
}

SCRIPTS: dict[str, Script] = {**POKEMON, **TRAINERS, **ENERGY}
SCRIPTS.update({card: SCRIPTS[twin] for card, twin in REPRINTS.items()})
