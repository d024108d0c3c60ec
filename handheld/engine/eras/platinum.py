"""Platinum (rulebook seed 001): printed Weakness and Resistance, one retreat a turn,
Technical Machines that stay attached, Poké-Powers stopped only by Asleep, Confused and
Paralyzed, Poké-Bodies never stopped by a Special Condition, no Trainer for the player who
goes first on the first turn. Pokémon LV.X are this era's new kind. Not playable yet: its
cards render text and tips under these rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..ruleset import EXPEDITION, ROTATION
from .base import LV_X, Era

RULESET = EXPEDITION.variant(
    era="platinum", name="Platinum", use_printed_weakness=True, retreats_per_turn=1,
    tm_discard_end_of_turn=False, power_shutoff=ROTATION, body_shutoff=0,
    first_turn_trainer_ban=True, notes=(
        "Weakness and Resistance as printed on the card.",
        "One retreat a turn.",
        "Only Asleep, Confused and Paralyzed shut off Poké-Powers; Poké-Bodies stay on.",
    ))



class Platinum(Era):
    key = "platinum"
    name = "Platinum"
    ruleset = RULESET
    sets: ClassVar[Mapping[str, str]] = {"platinum": "pl1", "rising_rivals": "pl2"}
    source_set_ids = range(261, 263)
    playable = False
    pokemon_kinds = frozenset({LV_X})


ERA = Platinum()
