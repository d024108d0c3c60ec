"""The piece game as a kernel :class:`~handheld.kernel.Game`: immutable, shared by all its
games in progress."""

from __future__ import annotations

from typing import Any

from .data import ARMIES, DEFAULT_ARMIES
from .errors import InvalidPosition
from .match import ERA, GAME_KEY, PieceMatch
from .position import from_position


class PiecesGame:
    """Legend Pieces: a setup is ``None`` (Gold against Silver) or two army keys."""

    __slots__ = ()

    @property
    def key(self) -> str:
        return GAME_KEY

    @property
    def name(self) -> str:
        return "Legend Pieces"

    @property
    def eras(self) -> tuple[str, ...]:
        return (ERA,)

    def new_state(self, setup: Any = None, era: str | None = None) -> PieceMatch:
        if era not in (None, ERA):
            raise ValueError(f"Legend Pieces has one rule set, {ERA!r}, not {era!r:.20}")
        armies = DEFAULT_ARMIES if setup is None else setup
        if not isinstance(armies, (list, tuple)) or len(armies) != 2 or \
                not all(isinstance(a, str) and a in ARMIES for a in armies):
            raise ValueError(f"a Legend Pieces setup is two armies of {', '.join(ARMIES)}")
        return PieceMatch(armies)

    def load(self, position: dict[str, Any]) -> PieceMatch:
        try:
            return from_position(position)
        except InvalidPosition:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            raise InvalidPosition(f"the position cannot be used ({type(exc).__name__})") \
                from None
