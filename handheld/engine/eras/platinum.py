"""Platinum (rulebook seed 001): printed Weakness and Resistance, Confusion as 3 damage
counters and a normal retreat while Confused, one retreat a turn, one Stadium a turn,
Technical Machines that stay attached, Poké-Powers stopped by any Special Condition and
Poké-Bodies by none, no Trainer, Supporter, Stadium or Fossil for the player who goes
first on the first turn, one extra card per mulligan drawn after the Prizes. Its new kinds
are Pokémon LV.X (Appendix A) and Pokémon SP (Appendix B)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..ruleset import ALL_CONDITIONS, EXPEDITION
from .base import LV_X, SP, Era

RULESET = EXPEDITION.variant(
    era="platinum", name="Platinum",
    # "Increase the damage by the amount next to the Defending Pokémon's Weakness".
    use_printed_weakness=True,
    # "on tails your Pokémon receives 3 damage counters ... (Only apply Weakness and
    # Resistance for actual damage, not damage counters.)"
    confusion_uses_counters=True,
    # "A Confused Pokémon can retreat to the Bench normally".
    confused_retreat_flip=False,
    # "RETREAT your Active Pokémon (only once per turn)."
    retreats_per_turn=1,
    # "can choose to draw an extra card after setting aside his or her Prize cards".
    mulligan_extra_cards=1, mulligan_extra_after_prizes=True,
    # "the starting player cannot play any Trainer, Supporter, or Stadium cards".
    first_turn_trainer_ban=True,
    # "Stadium cards can only be played once each turn as well".
    stadium_once_per_turn=True,
    # "Technical Machine cards remain attached unless the card text says otherwise."
    tm_discard_end_of_turn=False,
    # Every Poké-Power of the era's cards says it can't be used while its Pokémon is
    # affected by a Special Condition; no Poké-Body is switched off by one.
    power_shutoff=ALL_CONDITIONS, body_shutoff=0,
    # Weakness and Resistance belong to the Defending Pokémon (damage steps c and d).
    self_damage_applies_wr=False,
    # Swablu's Mirror Move reads the damage its Pokémon took from the last turn's attacks.
    records_attack_damage=True,
    notes=(
        "Weakness and Resistance as printed on the card.",
        "Confused: 3 damage counters on tails; it retreats normally.",
        "One retreat and one Stadium a turn.",
        "Any Special Condition shuts off Poké-Powers; Poké-Bodies stay on.",
    ))


class Platinum(Era):
    key = "platinum"
    name = "Platinum"
    ruleset = RULESET
    sets: ClassVar[Mapping[str, str]] = {"platinum": "pl1", "rising_rivals": "pl2"}
    source_set_ids = range(261, 263)
    playable = True
    pokemon_kinds = frozenset({LV_X, SP})
    sp_owners: ClassVar[Mapping[str, str]] = {
        "G": "Team Galactic", "GL": "Gym Leader", "4": "Elite Four", "C": "Champion",
        "FB": "Frontier Brain"}


ERA = Platinum()
