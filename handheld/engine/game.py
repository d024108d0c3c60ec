"""The card game as the kernel sees it: :class:`TcgGame` is its :class:`~handheld.kernel.Game`
and :class:`~handheld.engine.Match` its :class:`~handheld.kernel.State`.

A TcgGame holds the card pool it plays with (the app loads the pool; the engine reads no
files) and is immutable, so one serves every match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cardpool import CardPool
from .eras import HOME, playable_era, playable_eras
from .errors import EngineError
from .match import Match
from .position import from_position

KEY = "tcg"


@dataclass(frozen=True)
class TcgGame:
    """The Pokémon Trading Card Game on a card pool."""

    pool: CardPool
    key: str = KEY
    name: str = "Pokémon Trading Card Game"

    @property
    def eras(self) -> tuple[str, ...]:
        """The eras that can be played, the home era first."""
        keys = [e.key for e in playable_eras()]
        return (HOME.key, *sorted(k for k in keys if k != HOME.key))

    def new_state(self, setup: Sequence[Sequence[str]], era: str | None = None, *,
                  record_log: bool = False, validate: bool = True) -> Match:
        """A new match between two decks (lists of card ids) in ``era`` (None: the home
        era); an unknown era, or one that cannot be played yet, raises an EngineError."""
        try:
            chosen = playable_era(era or HOME.key)
        except KeyError as exc:
            raise EngineError(exc.args[0]) from None
        return Match(self.pool, setup, era=chosen, record_log=record_log, validate=validate)

    def load(self, position: dict[str, Any], *, record_log: bool = False) -> Match:
        """The match a position describes (validated: bad input raises InvalidPosition)."""
        return from_position(self.pool, position, record_log=record_log)

    # The card game's two ways for a match to end outside its rules; a session keeps
    # them in its replay as events. Another game would offer its own, or none.

    def call_time(self, state: Match) -> str:
        """The battle timer ran out (its extra turns played): fewer Prizes left wins, as
        many starts Sudden Death (:meth:`Match.call_time`); the outcome's word."""
        return state.call_time()

    def forfeit(self, state: Match, seat: int) -> None:
        """``seat`` concedes: the other seat wins."""
        state.finish(1 - seat, "forfeit")
