"""The rules engine: pure Python, no pygame, no files, no clocks, no randomness of its own.

The public surface::

    from handheld.engine import Match, Choice, Chance, CardPool, EXPEDITION, ERAS, era
"""

from __future__ import annotations

from .carddefs import CardDef
from .cardpool import CardPool, EnergyScript, PokemonScript, Power, TMAttack, TrainerScript
from .deck import deck_violations, format_deck_list, parse_deck_list, validate_deck
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
from .match import Match
from .ruleset import EXPEDITION, Ruleset, ruleset, rulesets
from .state import Chance, Choice

RULESETS = rulesets()  # every era's ruleset by era key (the registry owns them)

__all__ = [
    "ERAS",
    "EXPEDITION",
    "RULESETS",
    "BadChanceOutcome",
    "CardDef",
    "CardDefinitionError",
    "CardPool",
    "Chance",
    "Choice",
    "EnergyScript",
    "EngineError",
    "Era",
    "EraNotPlayable",
    "GameOver",
    "IllegalAction",
    "InvalidDeck",
    "InvalidPosition",
    "Match",
    "NotAChoice",
    "PokemonScript",
    "Power",
    "Ruleset",
    "TMAttack",
    "TrainerScript",
    "UnknownCard",
    "deck_violations",
    "era",
    "era_of_card",
    "era_of_set",
    "format_deck_list",
    "parse_deck_list",
    "playable_eras",
    "ruleset",
    "rulesets",
    "validate_deck",
]
