"""The numbers and switches that differ between eras of the rules.

Expedition (2002, seed 002) is the home era. Each era's ``Ruleset`` lives in its era
module (``handheld/engine/eras``) beside the era's hooks, never a fork of the engine: every
place the engine consults an era difference reads a field here. Each field's comment names
the rulebook passage it encodes.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

# Special Condition bits (shared with the state module; defined here so the ruleset can
# name which conditions shut off Pokémon Powers without importing the state).
ASLEEP = 1
CONFUSED = 2
PARALYZED = 4
POISONED = 8
BURNED = 16
ROTATION = ASLEEP | CONFUSED | PARALYZED
ALL_CONDITIONS = ASLEEP | CONFUSED | PARALYZED | POISONED | BURNED


@dataclass(frozen=True, slots=True)
class Ruleset:
    """One era's rules, as data."""

    era: str
    name: str
    deck_size: int = 60
    max_copies: int = 4
    hand_size: int = 7
    bench_size: int = 5
    prizes: int = 6
    sudden_death_prizes: int = 1
    # "Weakness and Resistance": x2 and -30 in Expedition, the printed value in later eras.
    use_printed_weakness: bool = False
    weakness_multiplier: int = 2
    resistance_amount: int = 30
    # "Confused": Expedition does 20 damage to itself applying its own Weakness and
    # Resistance; from the Platinum era it takes 3 damage counters instead.
    confusion_self_damage: int = 20
    confusion_uses_counters: bool = False
    # "Confused ... retreat": Expedition pays, then flips; tails forbids retrying that turn.
    confused_retreat_flip: bool = True
    # The turn's actions, retreat: Expedition sets no limit; later eras allow one a turn.
    retreats_per_turn: int | None = None
    # Mulligans: Expedition lets the opponent draw up to 2 extra cards per mulligan, right
    # away; later eras 1 card, drawn after the Prizes are set.
    mulligan_extra_cards: int = 2
    mulligan_extra_after_prizes: bool = False
    # Later eras: the starting player may play no Trainer on the first turn of the game.
    first_turn_trainer_ban: bool = False
    first_player_draws: bool = True
    first_player_may_attack: bool = True
    # Evolving: nobody evolves during their own first turn of the game.
    no_evolve_first_turn: bool = True
    # Supporters lie beside the Active Pokémon until the turn is over (Expedition); later
    # eras discard them at once. Expedition's Technical Machines leave as the turn ends.
    supporter_discard_end_of_turn: bool = True
    tm_discard_end_of_turn: bool = True
    stadium_once_per_turn: bool = False
    # Pokémon Powers: in Expedition every Special Condition switches them off, Poison and
    # Burn as well as the three that rotate the card. Which conditions stop Poké-Powers
    # and Poké-Bodies.
    power_shutoff: int = ALL_CONDITIONS
    body_shutoff: int = ALL_CONDITIONS
    # Damage an attack does to its own user ("does 10 damage to itself") applies the user's
    # Weakness and Resistance in this era, as the Confusion rule spells out.
    self_damage_applies_wr: bool = True
    # The coin decides who goes first (Expedition); later eras let the winner go first.
    flip_winner_chooses: bool = False
    # Bookkeeping some cards read (whether this Pokémon took attack damage on the
    # opponent's previous turn): damage placed by the opponent's attacks is marked on the
    # Pokémon until its owner's turn is over. Off in Expedition, whose cards never ask.
    records_attack_damage: bool = False
    # Between turns: a Pokémon whose damage reaches its HP is Knocked Out there and then
    # (the "immediately" of the Expedition, Platinum and Call of Legends rulebooks), so no
    # later step flips for it, hurts it or heals it. Black & White checks for Knock Outs
    # only once every step between turns is done.
    between_turns_knock_out_at_once: bool = True
    notes: tuple[str, ...] = field(default=())

    def variant(self, **changes: object) -> Ruleset:
        """A copy with some switches changed (house rules, tests, later eras)."""
        return replace(self, **changes)  # type: ignore[arg-type]


EXPEDITION = Ruleset(
    era="expedition",
    name="Expedition (2002)",
    notes=(
        "Weakness x2 and Resistance -30 whatever is printed.",
        "Retreat as often as you like, paying each time.",
        "Every Special Condition shuts off Poké-Powers and Poké-Bodies.",
    ),
)



def rulesets() -> dict[str, Ruleset]:
    """Every era's ruleset by the era's key: a view of the era registry
    (:mod:`handheld.engine.eras`), which owns them."""
    from .eras import ERAS

    return {key: e.ruleset for key, e in ERAS.items()}


def ruleset(era: str) -> Ruleset:
    """The ruleset of an era by its key (``expedition``)."""
    from .eras import era as era_by_key

    return era_by_key(era).ruleset


def __getattr__(name: str) -> dict[str, Ruleset]:
    # ``RULESETS`` stays importable from here; the registry it reads imports this module,
    # so it is built on first use rather than at import.
    if name == "RULESETS":
        return rulesets()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
