"""The rules engine: pure Python, no pygame, no files, no clocks, no randomness of its own.

The public surface::

    from handheld.engine import Match, Choice, Chance, CardPool, EXPEDITION, TcgGame

``Choice`` and ``Chance`` come from :mod:`handheld.kernel`; ``TcgGame`` is the card game as
the kernel's ``Game`` and ``Match`` its ``State``.
"""

from __future__ import annotations

from .carddefs import CardDef
from .cardpool import CardPool, EnergyScript, PokemonScript, Power, TMAttack, TrainerScript
from .deck import deck_violations, format_deck_list, parse_deck_list, validate_deck
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
from .game import TcgGame
from .match import Match
from .ruleset import EXPEDITION, RULESETS, Ruleset, ruleset
from .state import Chance, Choice

__all__ = [
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
    "TcgGame",
    "TrainerScript",
    "UnknownCard",
    "deck_violations",
    "format_deck_list",
    "parse_deck_list",
    "ruleset",
    "validate_deck",
]
