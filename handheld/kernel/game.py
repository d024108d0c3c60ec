"""What every game of the handheld offers its drivers, in two parts (OpenSpiel's split):

- a :class:`Game` is immutable: what it is called, its eras, and the way to a first
  :class:`State` (from a setup, e.g. two decks) or to a saved one (from a position);
- a :class:`State` is one match in progress. It waits for a :class:`Choice` (a player
  answers with :meth:`State.apply`) or a :class:`Chance` (the driver picks an outcome and
  calls :meth:`State.resolve`) until it is ``over``.

The session, the link, the players' driver and the protocol work through these two, so a
second game needs only to implement them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from .nodes import Chance, Choice


@runtime_checkable
class State(Protocol):
    """A match in progress."""

    pending: Choice | Chance | None  # what it waits for (None once over)
    over: bool
    winner: int | None  # the seat that won; None while on, or for a draw
    result: str  # how it ended, a word ("prizes", "deck_out", ...); "" while on

    def apply(self, answer: Any) -> None:
        """Answer the pending Choice; an illegal answer raises and changes nothing."""

    def resolve(self, outcome: Any) -> None:
        """Give the pending Chance its outcome."""

    def answer_notation(self, choice: Choice, answer: Any) -> str:
        """The stable text form of an answer to ``choice`` (what replays, saves and the
        link store: an option's index is an internal detail); ``apply`` takes it back."""

    def legal_actions(self) -> Sequence[Any]:
        """Every legal answer to the pending Choice (empty at a Chance or once over)."""

    def clone(self) -> State:
        """An independent copy waiting for the same thing."""

    def position(self) -> dict[str, Any]:
        """The whole state as JSON data, which the game's ``load`` reads back."""

    def digest(self) -> str:
        """A short digest of the position (:func:`handheld.kernel.digest`)."""

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see."""


@runtime_checkable
class Game(Protocol):
    """A game the handheld plays: immutable, shared by all its states."""

    @property
    def key(self) -> str:
        """Its registry key ("tcg"), sent in link hellos and saved with replays."""

    @property
    def name(self) -> str:
        """Its name for people."""

    @property
    def eras(self) -> tuple[str, ...]:
        """The keys of the eras (rule sets) it can be played in; the first is the default."""

    def new_state(self, setup: Any, era: str | None = None) -> State:
        """A new match from ``setup`` (what the game starts from: two decks for the card
        game) in ``era`` (None: the default one)."""

    def load(self, position: dict[str, Any]) -> State:
        """The match a position describes (bad input raises the game's own error)."""
