"""The kernel both games share: pure and game-agnostic (it imports nothing else of the
project). A game is a :class:`Game` whose :class:`State` waits for a :class:`Choice` or a
:class:`Chance`; a :class:`Replay` replays a match and :func:`digest` compares positions.
"""

from __future__ import annotations

from .digest import canonical, digest
from .game import Game, State
from .nodes import COIN, DRAW, SHUFFLE, Chance, Choice
from .replay import Replay

__all__ = ["COIN", "DRAW", "SHUFFLE", "Chance", "Choice", "Game", "Replay", "State", "canonical",
           "digest"]
