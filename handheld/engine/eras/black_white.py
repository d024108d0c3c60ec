"""Black & White (rulebook seed 003): printed Weakness and Resistance, one retreat a turn,
a Supporter discarded as soon as it is played, no first-turn Trainer ban in its rulebook,
Abilities in place of Poké-Powers and Poké-Bodies, and Pokémon-EX and Restored Pokémon as
new kinds. Not playable yet."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..ruleset import EXPEDITION, ROTATION
from .base import ABILITY, POKEMON_EX, RESTORED, Era

RULESET = EXPEDITION.variant(
    era="black_white", name="Black & White", use_printed_weakness=True, retreats_per_turn=1,
    tm_discard_end_of_turn=False, power_shutoff=ROTATION, body_shutoff=0,
    supporter_discard_end_of_turn=False, first_turn_trainer_ban=False, notes=(
        "Weakness and Resistance as printed on the card.",
        "One retreat a turn.",
        "A Supporter is discarded as soon as it is played.",
    ))



class BlackWhite(Era):
    key = "black_white"
    name = "Black & White"
    ruleset = RULESET
    sets: ClassVar[Mapping[str, str]] = {
        "black_white": "bw1", "next_destinies": "bw4", "dark_explorers": "bw5",
        "dragons_exalted": "bw6"}
    source_set_ids = range(311, 317)
    playable = False
    pokemon_kinds = frozenset({POKEMON_EX, RESTORED})
    power_kinds = frozenset({ABILITY})


ERA = BlackWhite()
