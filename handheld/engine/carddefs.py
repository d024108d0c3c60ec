"""Card definitions: printed facts (from the assets) joined with effect scripts.

A :class:`CardDef` is immutable during a match and shared by every copy of the card.
Effects never live in the facts: a card without a script is marked not implemented and
is refused by deck validation instead of being played as if it had no text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .energy import BIT, can_pay, mask_of

if TYPE_CHECKING:
    from .effects.core import Cond, Step
    from .effects.passives import Passive

POKEMON = 0
TRAINER = 1
ENERGY = 2
KIND_NAMES = ("pokemon", "trainer", "energy")

BASIC = 0
STAGE1 = 1
STAGE2 = 2
STAGE_NAMES = ("Basic", "Stage 1", "Stage 2")

ITEM = "item"
SUPPORTER = "supporter"
STADIUM = "stadium"
TOOL = "tool"
TM = "tm"
TRAINER_KIND_NAMES = {
    ITEM: "Trainer",
    SUPPORTER: "Supporter",
    STADIUM: "Stadium",
    TOOL: "Pokémon Tool",
    TM: "Technical Machine",
}

POKE_POWER = "poke-power"
POKE_BODY = "poke-body"
# ``CardDef.responds_to`` of a card played in answer to the opponent's Poké-Power.
POKE_POWER_RESPONSE = "poke_power"


@dataclass(eq=False, slots=True)
class AttackDef:
    """One attack: printed facts, its effect steps and the compiled program."""

    name: str
    cost: tuple[str, ...]
    damage: str  # as printed: "20", "20+", "10x", ""
    base: int
    steps: tuple[Step, ...] = ()
    code: tuple[Any, ...] = ()
    text: str = ""
    key: str = ""
    # Usable while its Pokémon is Asleep (a step says so: steps.UsableWhileAsleep).
    asleep_ok: bool = False
    # The cost as (type bit, count) pairs of its coloured symbols, for the fast check.
    colored: tuple[tuple[int, int], ...] = field(init=False, default=())

    # (units needed, bit of its one colour, how many of it): the main phase's quick check.
    # Costs of two or more colours have bit -1 and always take the full check.
    quick_cost: tuple[int, int, int] = field(init=False, default=(0, 0, 0))

    def __post_init__(self) -> None:
        counts: dict[int, int] = {}
        for c in self.cost:
            if c != "C":
                counts[BIT[c]] = counts.get(BIT[c], 0) + 1
        self.colored = tuple(counts.items())
        if len(counts) <= 1:
            bit, need = next(iter(counts.items()), (0, 0))
            self.quick_cost = (len(self.cost), bit, need)
        else:
            self.quick_cost = (len(self.cost), -1, 1)

    def payable(self, units: list[int]) -> bool:
        """Can these Energy units pay the cost? (Counting suffices when every unit has a
        single type; otherwise the general matcher decides.)"""
        if len(units) < len(self.cost):
            return False
        for bit, need in self.colored:
            if units.count(bit) < need:
                return can_pay(units, self.cost)
        return True


@dataclass(eq=False, slots=True)
class PowerDef:
    """A Poké-Power (used by choice, once per turn unless ``uses_per_turn`` says more) or a
    Poké-Body (always on: its ``passives`` are queried by the rules)."""

    kind: str
    name: str
    steps: tuple[Step, ...] = ()
    code: tuple[Any, ...] = ()
    # The kind printed on the card where it differs from how the rules treat it: an Ability
    # (seed 003) is used by choice like a Poké-Power when it has steps and is always on
    # like a Poké-Body when it has passives; ``kind`` says which, ``printed`` "ability".
    printed: str = ""
    requires: tuple[Cond, ...] = ()
    uses_per_turn: int | None = 1  # None: as often as you like
    passives: tuple[Passive, ...] = ()
    text: str = ""
    key: str = ""
    # A Poké-Power that replaces the attack (Psymimic) is offered with the attacks.
    instead_of_attack: bool = False
    # The requirements as the main phase checks them: (kind, test) with kind QUICK_OWN /
    # QUICK_OPP (a player test), QUICK_SLOT (a test on the Power's own Pokémon) or
    # QUICK_COND (any other condition, asked the general way); the direct tests first.
    quick_requires: tuple[tuple[int, Any], ...] = ()
    # A Pokémon LV.X's Poké-Power used only as that card is levelled up from the hand
    # ("when you put this card onto ..."): never offered in the main phase.
    on_level_up: bool = False
    # "Once during a game": at most one use of a power of this name by each player.
    once_per_game: bool = False
    # The era's Special Condition shut-off does not apply (the card prints none).
    works_under_conditions: bool = False

    @property
    def from_discard(self) -> bool:
        """Used from its card in the discard pile (a requirement ``steps.InDiscardPile``:
        Ho-Oh-EX's Rebirth), not from a Pokémon in play."""
        return any(getattr(c, "from_discard", False) for c in self.requires)

    @property
    def fires_on_evolve(self) -> bool:
        """Used only as its card is played from the hand to evolve (a requirement
        ``steps.EvolvedFromHand``: Amoonguss's Sporprise), started by
        ``actions.evolve_triggers``, never offered in the main phase."""
        return any(getattr(c, "fires_on_evolve", False) for c in self.requires)


QUICK_OWN, QUICK_OPP, QUICK_SLOT, QUICK_COND = 0, 1, 2, 3


@dataclass(eq=False, slots=True)
class CardDef:
    """Everything the engine knows about one card (shared by all its copies)."""

    id: str
    name: str
    kind: int
    set_code: str = ""
    number: str = ""
    # Pokémon
    stage: int = BASIC
    baby: bool = False
    # Pokémon LV.X (levelled up onto the Active Pokémon of the same name; not an Evolution
    # card) and Pokémon SP (a Basic named with its owner's symbol, ``sp_owner``: "G", "GL",
    # "4", "C" or "FB"), of the Platinum era.
    lv_x: bool = False
    sp: bool = False
    sp_owner: str = ""
    # A Fossil Trainer: played as a Basic Pokémon, counted as one during setup. Its card
    # rules: damage from the opponent's attacks reduced by ``flip_shield`` per heads of a
    # flip until tails; when such damage would Knock it Out, ``flip_retaliation`` damage
    # counters on the Attacking Pokémon per heads of a flip until tails.
    fossil: bool = False
    # Black & White era (seed 003): a Pokémon-EX (its Knock Out gives 2 Prize cards,
    # Appendix A) and a Restored Pokémon (neither Basic nor Evolution, benched only by its
    # Fossil Item, Appendix B).
    ex: bool = False
    restored: bool = False
    # Call of Legends era (seed 000): one half of a Pokémon LEGEND, two cards benched
    # together from the hand as one Pokémon. ``legend_top``: the half that prints the
    # attacks and lies on top (the other prints the HP and lies beneath); ``legend_other``:
    # the other half's card, linked by the card pool.
    legend: bool = False
    legend_top: bool = False
    legend_other: CardDef | None = None
    benched_by: str = ""  # a Restored Pokémon's Fossil Item (its name)
    flip_shield: int = 0
    flip_retaliation: int = 0
    types: tuple[str, ...] = ()
    type_mask: int = 0
    hp: int = 0
    evolves_from: str | None = None
    evolves_to: tuple[str, ...] = ()
    retreat: int = 0
    weakness: tuple[tuple[str, str], ...] = ()
    resistance: tuple[tuple[str, str], ...] = ()
    attacks: tuple[AttackDef, ...] = ()
    powers: tuple[PowerDef, ...] = ()
    dex: int | None = None
    # Trainer
    trainer_kind: str = ""
    play_steps: tuple[Step, ...] = ()
    play_code: tuple[Any, ...] = ()
    requires: tuple[Cond, ...] = ()
    # The same requirements as (own side?, test(match, player)) pairs when all of them are
    # simple player tests, so the main phase can ask them without a frame.
    quick_requires: tuple[tuple[bool, Any], ...] | None = None
    attach_to: Cond | None = None  # Tools and TMs: which Pokémon may hold it
    # A Trainer played only in response to the opponent's move (its name, e.g.
    # POKE_POWER_RESPONSE), never in its owner's main phase (rules.PowerResponse).
    responds_to: str = ""
    tm_attacks: tuple[AttackDef, ...] = ()
    between_code: tuple[Any, ...] = ()  # a Tool's between-turns program
    # A Stadium's effect each player may use once during his or her turn (main phase),
    # when ``use_requires`` hold: its steps and program.
    use_steps: tuple[Step, ...] = ()
    use_requires: tuple[Cond, ...] = ()
    use_code: tuple[Any, ...] = ()
    back_to_hand: bool = False  # a Supporter put into the hand as the turn ends
    react_code: tuple[Any, ...] = ()  # a Tool's program its passive starts (Exp. Share)
    # Energy
    basic_energy: bool = False
    units: tuple[int, ...] = ()
    # Passive effects of the card itself (Energy, Tools, Stadiums)
    passives: tuple[Passive, ...] = ()
    implemented: bool = False
    # Passive hooks (effects.passives.HOOKS) answered by the card's own passives, and by
    # the passives of its Poké-Bodies: the rules skip asking hooks that nobody answers.
    hooks: frozenset[str] = frozenset()
    body_hooks: frozenset[str] = frozenset()
    # Records the rules keep only for the cards that read them, named by the hook that
    # keeps them (Black & White: "on_knocked_out" for an attack that asks whether a
    # Pokémon was Knocked Out by the opponent's attack last turn; steps.rule_hooks_of).
    rule_hooks: frozenset[str] = frozenset()
    copies_attacks: bool = False  # a Power used instead of attacking (fast-path flag)
    power_choices: tuple[int, ...] = ()  # indices of Poké-Powers offered in the main phase
    play_cat: int = 0  # how it is played from the hand (see actions.CAT_*)
    evolves_onto_baby: bool = False  # a Basic that a Baby Pokémon names as its evolution
    rarity: str = ""
    artist: str = ""
    text: str = ""
    facts: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def is_pokemon(self) -> bool:
        return self.kind == POKEMON

    @property
    def is_basic_pokemon(self) -> bool:
        """A Basic Pokémon card, Baby Pokémon included (they are Basic for deck rules). A
        Pokémon LV.X is not one: its facts carry no stage, yet it is never played as a
        Basic (Appendix A of seed 001), nor is a Restored Pokémon (Appendix B of seed 003)
        or a half of a Pokémon LEGEND (benched only with its other half, never in setup).
        """
        return self.kind == POKEMON and self.stage == BASIC and not self.lv_x \
            and not self.restored and not self.legend

    @property
    def is_evolution(self) -> bool:
        return self.kind == POKEMON and self.stage > BASIC

    @property
    def kind_name(self) -> str:
        if self.kind == POKEMON:
            if self.lv_x:
                return "Pokémon LV.X"
            if self.restored:
                return "Restored Pokémon"
            if self.legend:
                return "Pokémon LEGEND"
            if self.ex:
                return STAGE_NAMES[self.stage] + " Pokémon-EX"
            return "Baby Pokémon" if self.baby else STAGE_NAMES[self.stage] + " Pokémon"
        if self.kind == TRAINER:
            if self.fossil:
                return "Fossil Trainer"
            return TRAINER_KIND_NAMES.get(self.trainer_kind, "Trainer")
        return "basic Energy" if self.basic_energy else "Special Energy"

    @property
    def is_item(self) -> bool:
        """An Item card: in the Black & White era a Pokémon Tool is an Item too (its
        subtypes say "item"), so what names Items names Tools."""
        return self.kind == TRAINER and (self.trainer_kind == "item"
                                         or "item" in (self.facts.get("subtypes") or ()))

    def has_power(self, kind: str) -> bool:
        return any(p.kind == kind for p in self.powers)

    def __repr__(self) -> str:
        return f"<{self.id} {self.name}>"


def type_mask_of(types: tuple[str, ...]) -> int:
    return mask_of(t for t in types if t != "C")
