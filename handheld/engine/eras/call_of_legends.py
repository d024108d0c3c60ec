"""HeartGold & SoulSilver and Call of Legends (rulebook seed 000): the Platinum era's rules
(printed Weakness and Resistance, one retreat a turn, Technical Machines that stay, Powers
stopped by Asleep, Confused and Paralyzed only, Bodies always on, the first-turn Trainer
ban) with Pokémon LEGEND as the new kind. Not playable yet."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..ruleset import EXPEDITION, ROTATION
from .base import LEGEND, Era

RULESET = EXPEDITION.variant(
    era="call_of_legends", name="HeartGold & SoulSilver", use_printed_weakness=True,
    retreats_per_turn=1, tm_discard_end_of_turn=False, power_shutoff=ROTATION,
    body_shutoff=0, first_turn_trainer_ban=True, notes=(
        "Weakness and Resistance as printed on the card.",
        "One retreat a turn.",
        "Pokémon LEGEND: two cards played together as one Pokémon.",
    ))


class CallOfLegends(Era):
    key = "call_of_legends"
    name = "HGSS & Call of Legends"
    short_name = "HGSS & CoL"
    ruleset = RULESET
    sets: ClassVar[Mapping[str, str]] = {
        "heartgold_soulsilver": "hgss1", "call_of_legends": "col1"}
    source_set_ids = range(271, 276)
    rulebook = "Call of Legends"
    playable = False
    pokemon_kinds = frozenset({LEGEND})


ERA = CallOfLegends()
