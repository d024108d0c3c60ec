"""What the piece game raises for bad input. The class names match the card engine's, so a
protocol client reads the same error names from either game."""

from __future__ import annotations


class PiecesError(Exception):
    """Anything the piece game refuses."""


class IllegalAction(PiecesError):
    """An answer that is not one of the pending choice's legal answers."""


class NotAChoice(PiecesError):
    """An answer where a chance outcome is awaited, or the other way round."""


class GameOver(PiecesError):
    """Anything asked of a game that has ended."""


class InvalidPosition(PiecesError):
    """A position that cannot be loaded."""
