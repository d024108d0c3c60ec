"""The mutable state of a match: Pokémon in play, players, frames and pending decisions.

Cards are plain ints (instance ids, stable for the whole match); ``Match.defs[cid]`` is the
card's definition. A Pokémon in play is a :class:`Slot` whose ``id`` is the instance id of
its bottom card, so it keeps its identity through evolution and switching.
"""

from __future__ import annotations

from typing import Any

from ..kernel import Chance, Choice
from .ruleset import ASLEEP, BURNED, CONFUSED, PARALYZED, POISONED

CONDITION_NAMES: dict[int, str] = {
    ASLEEP: "asleep",
    CONFUSED: "confused",
    PARALYZED: "paralyzed",
    POISONED: "poisoned",
    BURNED: "burned",
}
CONDITION_BITS: dict[str, int] = {v: k for k, v in CONDITION_NAMES.items()}


def condition_names(mask: int) -> list[str]:
    """Names of the Special Conditions in a bit mask, in a fixed order."""
    return [name for bit, name in CONDITION_NAMES.items() if mask & bit]


class Slot:
    """A Pokémon in play: its evolution stack and everything attached to or marked on it."""

    __slots__ = (
        "cards",
        "conditions",
        "damage",
        "energy",
        "id",
        "markers",
        "owner",
        "paralyzed_turn",
        "played_turn",
        "tms",
        "tool",
        "top",
    )

    def __init__(self, base: int, owner: int, played_turn: int) -> None:
        self.id = base
        self.owner = owner
        self.cards: list[int] = [base]
        # Instance id of the card on top of the stack (the Pokémon it is now); kept equal
        # to cards[-1] by every operation that evolves or devolves.
        self.top = base
        self.energy: list[int] = []
        self.tool = -1
        self.tms: list[int] = []
        self.damage = 0
        self.conditions = 0
        self.paralyzed_turn = 0
        self.played_turn = played_turn
        # Marker name -> value (an int, usually the turn it lasts until). Attack results
        # go away on Bench or evolution; counters (e.g. Char) stay on the Bench.
        self.markers: dict[str, int] = {}

    def attached(self) -> list[int]:
        """Every card in this slot, the Pokémon cards included."""
        out = list(self.cards)
        out.extend(self.energy)
        if self.tool >= 0:
            out.append(self.tool)
        out.extend(self.tms)
        return out

    def copy(self) -> Slot:
        """An independent copy (for ``Match.clone``)."""
        c = _new(Slot)
        c.id = self.id
        c.owner = self.owner
        c.cards = self.cards.copy()
        c.top = self.top
        c.energy = self.energy.copy()
        c.tool = self.tool
        c.tms = self.tms.copy()
        c.damage = self.damage
        c.conditions = self.conditions
        c.paralyzed_turn = self.paralyzed_turn
        c.played_turn = self.played_turn
        c.markers = self.markers.copy()
        return c

    def __repr__(self) -> str:
        return f"Slot({self.id}, top={self.top}, dmg={self.damage})"


class PlayerState:
    """One player's zones and per-turn flags. ``deck[-1]`` is the top card of the deck."""

    __slots__ = (
        "active",
        "bench",
        "deck",
        "discard",
        "energy_attached",
        "energy_target",
        "game_powers",
        "hand",
        "index",
        "lost_zone",
        "mulligans",
        "powers_used",
        "prizes",
        "resolving",
        "retreat_blocked",
        "retreats",
        "stadium_played",
        "supporter",
        "supporter_played",
        "turn_effects",
    )

    def __init__(self, index: int) -> None:
        self.index = index
        self.deck: list[int] = []
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.prizes: list[int] = []
        # A Trainer being played waits here until its effect is done.
        self.resolving: list[int] = []
        self.active: Slot | None = None
        self.bench: list[Slot] = []
        self.mulligans = 0
        # Names of the Poké-Powers limited to one use a game that this player has used.
        self.game_powers: list[str] = []
        # Cards sent to the Lost Zone (Platinum era): out of the match, face up, seen by
        # both players; nothing takes a card back out.
        self.lost_zone: list[int] = []
        self.reset_turn_flags()

    def reset_turn_flags(self) -> None:
        """Fresh per-turn flags."""
        self.energy_attached = False
        self.energy_target = -1  # the Pokémon this turn's Energy was attached to
        self.supporter_played = False
        self.stadium_played = False
        self.retreats = 0
        # Slot ids whose Confused retreat failed this turn: they may not try again.
        self.retreat_blocked: list[int] = []
        # (top card instance, power index) pairs used this turn ("once during your turn").
        self.powers_used: list[tuple[int, int]] = []
        # Effects that last "for the rest of the turn", by name.
        self.turn_effects: dict[str, int] = {}
        # Supporter cards played this turn lie beside the Active Pokémon until end of turn.
        self.supporter: list[int] = []

    def new_turn(self) -> None:
        """Per-turn flags reset at the start of a turn (cleared in place: cheaper, and no
        position or frame holds these containers)."""
        self.energy_attached = False
        self.supporter_played = False
        self.stadium_played = False
        self.retreats = 0
        if self.retreat_blocked:
            self.retreat_blocked.clear()
        if self.powers_used:
            self.powers_used.clear()
        if self.turn_effects:
            self.turn_effects.clear()

    def record_power_use(self, key: tuple[int, int], per_turn: int | None) -> None:
        """A power (its card and index) was used this turn. A power usable as often as the
        player likes is recorded once: its uses are never counted, and the list stays as
        short as the limits that are counted (a position bounds it)."""
        if per_turn is not None or key not in self.powers_used:
            self.powers_used.append(key)

    def copy(self) -> PlayerState:
        """An independent copy, its Pokémon in play included (for ``Match.clone``)."""
        c = _new(PlayerState)
        c.index = self.index
        c.deck = self.deck.copy()
        c.hand = self.hand.copy()
        c.discard = self.discard.copy()
        c.prizes = self.prizes.copy()
        c.resolving = self.resolving.copy()
        c.active = None if self.active is None else self.active.copy()
        c.bench = [s.copy() for s in self.bench]
        c.mulligans = self.mulligans
        c.game_powers = self.game_powers.copy()
        c.lost_zone = self.lost_zone.copy()
        c.energy_attached = self.energy_attached
        c.energy_target = self.energy_target
        c.supporter_played = self.supporter_played
        c.stadium_played = self.stadium_played
        c.retreats = self.retreats
        c.retreat_blocked = self.retreat_blocked.copy()
        c.powers_used = self.powers_used.copy()  # (pairs: tuples, shared safely)
        c.turn_effects = self.turn_effects.copy()
        c.supporter = self.supporter.copy()
        return c

    def in_play(self) -> list[Slot]:
        """Active first, then the Bench in order."""
        if self.active is None:
            return list(self.bench)
        return [self.active, *self.bench]


def main_choice(player: int, options: tuple[tuple[Any, ...], ...]) -> Choice:
    """The main phase's choice, built without the named tuple's Python-level ``__new__``
    (once per decision in simulations)."""
    return _tuple_new(Choice, (player, "main", "Your move", options, 1, 1))


_tuple_new = tuple.__new__
_new = object.__new__  # copies skip __init__: every attribute is set by copy()


class Frame:
    """One running program (an attack, a Trainer, a Power, a rule procedure).

    Everything in a frame is plain data so a position can be written mid-effect.
    """

    __slots__ = ("code", "key", "pc", "player", "source", "target", "user", "vars")

    def __init__(
        self,
        key: str,
        code: tuple[Any, ...],
        player: int,
        source: int = -1,
        user: int = -1,
        target: int = -1,
        variables: dict[str, Any] | None = None,
        pc: int = 0,
    ) -> None:
        self.key = key
        self.code = code
        self.pc = pc
        self.player = player
        self.source = source
        self.user = user
        self.target = target
        self.vars: dict[str, Any] = variables if variables is not None else {}

    def copy(self) -> Frame:
        """An independent copy (for ``Match.clone``). The program is shared (immutable);
        the variables are copied one level deep: a frame's variables are booleans,
        integers and flat lists of them (what a position can hold)."""
        c = _new(Frame)
        c.key = self.key
        c.code = self.code
        c.pc = self.pc
        c.player = self.player
        c.source = self.source
        c.user = self.user
        c.target = self.target
        c.vars = {k: v.copy() if type(v) is list else v for k, v in self.vars.items()}
        return c


# Choice and Chance live in the kernel (both games share them); the engine's modules and
# its users keep importing them from here and from ``handheld.engine``.
__all__ = ["CONDITION_BITS", "CONDITION_NAMES", "Chance", "Choice", "Frame", "PlayerState",
           "Slot", "condition_names", "main_choice"]
