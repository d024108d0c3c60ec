"""The effect machine: programs of instructions run by the match, one frame per program.

A card's effect is written as a list of *steps* (the DSL in ``steps.py``). Steps say three
things: what they do (they compile into instructions), how they read (``text``), and what
they are worth to a player (``value``, for the greedy AI). Instructions run against the
match; one that needs a player's decision or a coin sets ``match.pending`` and suspends, and
the answer comes back through ``resume``. Frames hold only plain data, so a match can be
written as a position even in the middle of an attack.

Contract for instructions: ``run`` either finishes its work (and may change the state) or
suspends *without* changing the state, so re-running it after loading a position gives the
same pending decision.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from ..match import Match
    from ..state import Frame, Slot

NEXT: None = None
"""``run``/``resume`` result: go on with the next instruction."""
SUSPEND = -1
"""``run``/``resume`` result: a decision is pending; stop until it is answered."""

Result = int | None


class Instr(ABC):
    """One instruction of a compiled program."""

    __slots__ = ()

    @abstractmethod
    def run(self, m: Match, f: Frame) -> Result:
        """Do the work (NEXT or a jump), or set ``m.pending`` and return SUSPEND."""

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        # Only instructions that suspend take answers; anything else is a machine bug.
        raise TypeError(f"{type(self).__name__} never asks, so it takes no answers")


@dataclass
class TextCtx:
    """What a step needs to know to read well: whose effect it is and where it sits."""

    name: str
    kind: str = "attack"  # attack | power | body | trainer | energy

    @property
    def me(self) -> str:
        # Pokémon that refer to themselves read as "this Pokémon" (rulebook: "Pokémon that
        # Refer to Themselves"), which is also what a copied or lent attack must say.
        return "this Pokémon"


class Eval:
    """A rough, side-effect-free estimate of what an effect is worth to its user.

    ``damage`` is the expected damage of the main attack before Weakness and Resistance;
    ``bonus`` sums everything else in the same unit (about 10 per damage counter's worth).
    ``p`` is the probability that the step being valued happens at all.
    """

    __slots__ = ("bonus", "cost_size", "damage", "defender", "heads", "m", "no_resistance", "p",
                 "player", "printed", "user", "void")

    def __init__(self, m: Match, player: int, user: Slot | None, defender: Slot | None) -> None:
        self.m = m
        self.player = player
        self.user = user
        self.defender = defender
        self.p = 1.0
        self.heads = 0.0
        self.damage = 0.0
        self.bonus = 0.0
        self.void = 0.0  # probability that the attack does nothing at all
        self.printed = 0  # the attack's printed damage
        self.cost_size = 0  # Energy units its cost uses
        self.no_resistance = False

    def add(self, amount: float) -> None:
        self.bonus += self.p * amount


class Step(ABC):
    """A unit of the effect DSL. Simple steps are their own instruction (they implement
    ``run``, and ``resume`` when they ask); composite steps override ``emit`` instead."""

    pre = False  # True: an attack choice or cost, resolved before the Confusion check
    # True: a coin the attack needs in order to be used, or the "does nothing" it leads to
    # (``steps.gated``), checked before the Confusion flip where the era says so.
    gate = False

    def emit(self, b: Builder) -> None:
        b.emit(self)

    @abstractmethod
    def text(self, tc: TextCtx) -> str:
        """The step as a sentence of card text, in the project's own words."""

    def value(self, ev: Eval) -> None:  # noqa: B027 - worth nothing unless said otherwise
        """Add this step's expected worth to ``ev`` (default: worth nothing)."""

    def run(self, m: Match, f: Frame) -> Result:
        raise TypeError(f"{type(self).__name__} compiles into other instructions; "
                        "it is never run itself")

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        raise TypeError(f"{type(self).__name__} never asks, so it takes no answers")


class Cond(ABC):
    """A condition evaluated at run time (``holds``), read as text, and estimated (``p``)."""

    # A coin outcome ("Heads", "Both tails") reads "Heads: ..."; any other condition
    # reads "If ..., ...".
    outcome: ClassVar[bool] = False

    @abstractmethod
    def holds(self, m: Match, f: Frame) -> bool: ...

    @abstractmethod
    def text(self, tc: TextCtx) -> str: ...

    def prob(self, ev: Eval) -> float:
        return 0.5


class Expr(ABC):
    """An integer computed at run time (damage, counts), read as text, and estimated."""

    @abstractmethod
    def eval(self, m: Match, f: Frame) -> int: ...

    @abstractmethod
    def text(self, tc: TextCtx) -> str: ...

    @abstractmethod
    def expect(self, ev: Eval) -> float: ...


@dataclass
class Label:
    at: int = -1


class Jump(Instr):
    __slots__ = ("target",)

    def __init__(self, target: Label | int) -> None:
        self.target: Any = target

    def run(self, m: Match, f: Frame) -> Result:
        return self.target


class JumpUnless(Instr):
    __slots__ = ("cond", "target")

    def __init__(self, cond: Cond, target: Label | int) -> None:
        self.cond = cond
        self.target: Any = target

    def run(self, m: Match, f: Frame) -> Result:
        if self.cond.holds(m, f):
            return NEXT
        return self.target


@dataclass
class Builder:
    """Collects instructions and resolves labels into program counters."""

    code: list[Any] = field(default_factory=list)

    def emit(self, instr: Any) -> None:
        self.code.append(instr)

    def label(self) -> Label:
        return Label()

    def here(self, label: Label) -> None:
        label.at = len(self.code)

    def steps(self, steps: list[Step] | tuple[Step, ...]) -> None:
        for s in steps:
            s.emit(self)

    def build(self) -> tuple[Any, ...]:
        for instr in self.code:
            target = getattr(instr, "target", None)
            if isinstance(target, Label):
                if target.at < 0:
                    raise ValueError("unplaced label in program")
                instr.target = target.at
        return tuple(self.code)


def compile_steps(steps: list[Step] | tuple[Step, ...], prefix: tuple[Any, ...] = (),
                  suffix: tuple[Any, ...] = ()) -> tuple[Any, ...]:
    """Compile steps between fixed instructions."""
    b = Builder()
    for instr in prefix:
        b.emit(instr)
    b.steps(steps)
    for instr in suffix:
        b.emit(instr)
    return b.build()


def plural(n: int, word: str) -> str:
    """``n`` and the noun, with an s unless ``n`` is 1: "1 Prize card", "2 Prize cards"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def join_text(parts: list[str]) -> str:
    """Join step sentences into one paragraph."""
    return " ".join(p for p in parts if p)
