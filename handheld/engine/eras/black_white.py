"""Black & White (rulebook seed 003, 2012): printed Weakness and Resistance, Confusion as 3
damage counters and a normal retreat while Confused, one retreat and one Stadium a turn, a
Supporter discarded as soon as it is played, Technical Machines that stay attached, no
first-turn Trainer ban, no evolving on either player's first turn, one extra card per
mulligan drawn after the Prizes. Abilities take the place of Poké-Powers and Poké-Bodies;
its new kinds are Pokémon-EX (Appendix A) and Restored Pokémon (Appendix B)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..ruleset import EXPEDITION
from .base import ABILITY, POKEMON_EX, RESTORED, Era
from .platinum import coin_after_prizes, owed_cards_setup

RULESET = EXPEDITION.variant(
    era="black_white", name="Black & White",
    # Damage steps: Weakness and Resistance add and take off the amounts printed beside them.
    use_printed_weakness=True,
    # Confused: tails puts 3 damage counters on the attacker and ends the attack.
    confusion_uses_counters=True,
    # Only Asleep and Paralyzed stop a retreat: a Confused Pokémon retreats with no flip.
    confused_retreat_flip=False,
    # Parts of a turn: one retreat a turn.
    retreats_per_turn=1,
    # Each mulligan of the opponent lets a player draw 1 extra card if he or she wants;
    # drawn after the Prizes, as the earlier rulebooks say (docs/ENGINE.md).
    mulligan_extra_cards=1, mulligan_extra_after_prizes=True,
    # The rulebook bans no Trainer on the first turn; it bans evolving on each player's
    # first turn.
    first_turn_trainer_ban=False, no_evolve_first_turn=True,
    # One Stadium a turn, like a Supporter.
    stadium_once_per_turn=True,
    # A Supporter is played the way an Item is: discarded once it has been played.
    supporter_discard_end_of_turn=False,
    # A Technical Machine stays attached unless its own text says otherwise (glossary).
    tm_discard_end_of_turn=False,
    # Abilities are no Poké-Powers: a Special Condition stops one only where its own text
    # says so (the card's script then requires it).
    power_shutoff=0, body_shutoff=0,
    # Weakness and Resistance belong to the Defending Pokémon (the damage steps).
    self_damage_applies_wr=False,
    # Cards of the era read the damage their Pokémon took during the opponent's last turn.
    records_attack_damage=True,
    # Between turns, the Special Conditions and then the Abilities all act before the one
    # check for Knock Outs: a Pokémon the Poison brought to its HP can still be healed.
    between_turns_knock_out_at_once=False,
    notes=(
        "Weakness and Resistance as printed on the card.",
        "Confused: 3 damage counters on tails; it retreats normally.",
        "One retreat and one Stadium a turn; Supporters are discarded at once.",
        "Special Conditions do not stop Abilities unless the Ability says so.",
        "A Pokémon-EX Knocked Out gives 2 Prize cards.",
    ))


class BlackWhite(Era):
    key = "black_white"
    name = "Black & White"
    ruleset = RULESET
    sets: ClassVar[Mapping[str, str]] = {
        "black_white": "bw1", "next_destinies": "bw4", "dark_explorers": "bw5",
        "dragons_exalted": "bw6"}
    source_set_ids = range(311, 317)
    playable = True
    pokemon_kinds = frozenset({POKEMON_EX, RESTORED})
    power_kinds = frozenset({ABILITY})
    stage2_onto_basic = True  # Rare Candy (Dark Explorers)
    coin_gate_first = True  # the attack's order: a "tails, nothing" coin before Confusion

    def setup_procedure(self) -> list[Any]:
        """Platinum's setup: a single mulligan owes the other player one card, which that
        player may draw once the Prizes are set (a double mulligan owes nobody), and the
        coin for who goes first after the Prizes (seed 003's list of setup steps has no
        coin: we keep the order of the two rulebooks before it, docs/ENGINE.md)."""
        return coin_after_prizes(owed_cards_setup(super().setup_procedure()))


ERA = BlackWhite()
