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
from .errors import EngineError
from .match import Match
from .position import from_position
from .ruleset import EXPEDITION, RULESETS, Ruleset

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
        return (EXPEDITION.era, *sorted(e for e in RULESETS if e != EXPEDITION.era))

    def new_state(self, setup: Sequence[Sequence[str]], era: str | None = None, *,
                  record_log: bool = False, validate: bool = True) -> Match:
        """A new match between two decks (lists of card ids)."""
        return Match(self.pool, setup, self.ruleset(era), record_log=record_log,
                     validate=validate)

    def load(self, position: dict[str, Any], *, record_log: bool = False) -> Match:
        """The match a position describes (validated: bad input raises InvalidPosition)."""
        return from_position(self.pool, position, record_log=record_log)

    def ruleset(self, era: str | None) -> Ruleset:
        """The rules of ``era`` (None: the home era)."""
        if era is None:
            return EXPEDITION
        try:
            return RULESETS[era]
        except KeyError:
            raise EngineError(f"unknown era {era!r}; known: "
                                  f"{', '.join(self.eras)}") from None
