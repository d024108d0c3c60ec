"""The registry of games the handheld plays, by key: the card game ("tcg") and Legend Pieces
("pieces", docs/PIECES.md). A game is built on first use (the card game loads its
card pool) and then shared: games are immutable."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from .kernel import Game

if TYPE_CHECKING:
    from .engine import CardPool, TcgGame


def _tcg() -> Game:
    from .cards import default_pool
    from .engine import TcgGame

    return TcgGame(default_pool())


def _pieces() -> Game:
    from .pieces import PiecesGame

    return PiecesGame()


MAKERS: dict[str, Callable[[], Game]] = {"tcg": _tcg, "pieces": _pieces}
DEFAULT = "tcg"


def keys() -> list[str]:
    """The registered games' keys."""
    return list(MAKERS)


@cache
def game(key: str = DEFAULT) -> Game:
    """The game registered as ``key`` (ValueError naming the known ones otherwise)."""
    try:
        maker = MAKERS[key]
    except KeyError:
        raise ValueError(f"unknown game {key!r}; known: {', '.join(MAKERS)}") from None
    return maker()


def tcg(pool: CardPool | None = None) -> TcgGame:
    """The card game: the registered one (on the default card pool), or the same game on
    another ``pool`` (tests, tools and the screens may load their own)."""
    from .engine import TcgGame

    if pool is None:
        g = game("tcg")
        assert isinstance(g, TcgGame)
        return g
    return TcgGame(pool)
