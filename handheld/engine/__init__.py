"""The rules engine: pure Python, no pygame, no files, no clocks, no randomness of its own.

The public surface::

    from handheld.engine import Match, Choice, Chance, CardPool, EXPEDITION, ERAS, era, TcgGame

``Choice`` and ``Chance`` come from :mod:`handheld.kernel`; ``TcgGame`` is the card game as
the kernel's ``Game`` and ``Match`` its ``State``. For players and screens: the facts query
(``pokemon_facts`` and its shortcuts), the Energy and damage previews (``energy_units``,
``figure_damage``) and the effects' own estimates (``Eval``, ``walk_steps``).
"""

from __future__ import annotations

from .actions import attack_choices, main_options_reference
from .carddefs import CardDef
from .cardpool import (
    CardPool,
    EnergyScript,
    FossilScript,
    PokemonScript,
    Power,
    TMAttack,
    TrainerScript,
)
from .deck import deck_violations, format_deck_list, parse_deck_list, validate_deck
from .effects.core import Eval
from .effects.passives import HOOKS, DamageCtx, Passive
from .effects.steps import walk_steps
from .energy import BIT, can_pay
from .eras import ERAS, Era, EraNotPlayable, era, era_of_card, era_of_set, playable_eras
from .errors import (
    BadChanceOutcome,
    CardDefinitionError,
    EngineError,
    GameOver,
    IllegalAction,
    InvalidDeck,
    InvalidPosition,
    NotAChoice,
    UnknownCard,
)
from .facts import (
    AttackRef,
    PokemonFacts,
    PowerRef,
    is_knocked_out,
    max_hp,
    pokemon_facts,
    pokemon_types,
    reading_facts,
    remaining_hp,
    retreat_cost,
)
from .game import TcgGame
from .match import Match
from .ops import energy_units, figure_damage, find_slot
from .ruleset import (
    ASLEEP,
    BURNED,
    CONFUSED,
    EXPEDITION,
    PARALYZED,
    POISONED,
    Ruleset,
    ruleset,
    rulesets,
)
from .state import Chance, Choice

RULESETS = rulesets()  # every era's ruleset by era key (the registry owns them)

__all__ = [
    "ASLEEP",
    "BIT",
    "BURNED",
    "CONFUSED",
    "ERAS",
    "EXPEDITION",
    "HOOKS",
    "PARALYZED",
    "POISONED",
    "RULESETS",
    "AttackRef",
    "BadChanceOutcome",
    "CardDef",
    "CardDefinitionError",
    "CardPool",
    "Chance",
    "Choice",
    "DamageCtx",
    "EnergyScript",
    "EngineError",
    "Era",
    "EraNotPlayable",
    "Eval",
    "FossilScript",
    "GameOver",
    "IllegalAction",
    "InvalidDeck",
    "InvalidPosition",
    "Match",
    "NotAChoice",
    "Passive",
    "PokemonFacts",
    "PokemonScript",
    "Power",
    "PowerRef",
    "Ruleset",
    "TMAttack",
    "TcgGame",
    "TrainerScript",
    "UnknownCard",
    "attack_choices",
    "can_pay",
    "deck_violations",
    "energy_units",
    "era",
    "era_of_card",
    "era_of_set",
    "figure_damage",
    "find_slot",
    "format_deck_list",
    "is_knocked_out",
    "main_options_reference",
    "max_hp",
    "parse_deck_list",
    "playable_eras",
    "pokemon_facts",
    "pokemon_types",
    "reading_facts",
    "remaining_hp",
    "retreat_cost",
    "ruleset",
    "rulesets",
    "validate_deck",
    "walk_steps",
]
