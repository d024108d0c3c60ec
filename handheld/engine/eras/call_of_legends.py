"""HeartGold & SoulSilver and Call of Legends (rulebook seed 000, 2011): printed Weakness and
Resistance, Confusion as 3 damage counters and a normal retreat while Confused, one retreat
and one Stadium a turn, Supporters beside the Active Pokémon until the turn ends, Technical
Machines that stay attached, Poké-Powers stopped by any Special Condition and Poké-Bodies
by none, no Trainer, Supporter, Stadium or Fossil for the player who goes first on the
first turn, no evolving on either player's first turn, one extra card per mulligan drawn
after the Prizes. Its new kind is the Pokémon LEGEND: two cards benched together from the
hand as one Pokémon."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..ruleset import ALL_CONDITIONS, EXPEDITION
from .base import LEGEND, POKEMON_EX, Era
from .platinum import coin_after_prizes, owed_cards_setup

RULESET = EXPEDITION.variant(
    era="call_of_legends", name="HeartGold & SoulSilver",
    # Damage steps c) and d): the amounts printed beside Weakness and Resistance.
    use_printed_weakness=True,
    # Confused: tails puts 3 damage counters on the attacker (no Weakness or Resistance)
    # and the attack ends; a Confused Pokémon goes to the Bench like any other.
    confusion_uses_counters=True, confused_retreat_flip=False,
    # The turn's actions: one retreat a turn.
    retreats_per_turn=1,
    # A mulligan lets the opponent draw 1 extra card, if wanted, after the Prizes are set
    # aside; both players at once owe nobody a card.
    mulligan_extra_cards=1, mulligan_extra_after_prizes=True,
    # First turn: the player who starts plays no Trainer, Supporter, Stadium or Fossil.
    first_turn_trainer_ban=True,
    # Stadiums: one a turn, like Supporters.
    stadium_once_per_turn=True,
    # Technical Machines stay attached unless the card says otherwise (glossary).
    tm_discard_end_of_turn=False,
    # The glossary: most Poké-Powers stop under a Special Condition (the era's cards print
    # it on each Power that does); a Poké-Body works as long as its Pokémon is in play.
    power_shutoff=ALL_CONDITIONS, body_shutoff=0,
    # Weakness and Resistance belong to the Defending Pokémon; Confusion's counters are
    # no damage, so nothing applies them to the attacker.
    self_damage_applies_wr=False,
    notes=(
        "Weakness and Resistance as printed on the card.",
        "Confused: 3 damage counters on tails; it retreats normally.",
        "One retreat and one Stadium a turn.",
        "Any Special Condition shuts off Poké-Powers; Poké-Bodies stay on.",
        "Pokémon LEGEND: two cards benched together as one Pokémon.",
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
    playable = True
    # The glossary knows Pokémon-ex (2 Prize cards) though the era's sets print none.
    pokemon_kinds = frozenset({LEGEND, POKEMON_EX})
    coin_gate_first = True  # attack step c): Slowpoke's Whimsy Tackle flips before Confusion
    # HeartGold & SoulSilver's Pokémon Prime: Ampharos, Blissey, Donphan, Feraligatr,
    # Meganium and Typhlosion.
    prime_cards = frozenset(f"hgss1-{n}" for n in range(105, 111))

    def setup_procedure(self) -> list[Any]:
        """Platinum's setup: a single mulligan owes the other player one card, which that
        player may draw once the Prizes are set (a double mulligan owes nobody); the coin
        for who goes first comes after the Prizes (step 7)."""
        return coin_after_prizes(owed_cards_setup(super().setup_procedure()))


ERA = CallOfLegends()
