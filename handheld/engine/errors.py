"""Every kind of bad input gets its own exception class, each message naming what was wrong.

All of them derive from :class:`EngineError`, so a driver (the protocol, the UI) can catch
one class and still show the specific reason.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every error the rules engine raises on bad input."""


class IllegalAction(EngineError):
    """An answer that is not one of the options of the current decision."""


class NotAChoice(EngineError):
    """A player answer was given while the engine waits for a chance outcome, or the reverse."""


class BadChanceOutcome(EngineError):
    """A chance outcome of the wrong shape (a coin that is not heads/tails, a bad permutation)."""


class GameOver(EngineError):
    """An action was given to a match that has already ended."""


class UnknownCard(EngineError):
    """A card id that is not in the card pool."""


class InvalidDeck(EngineError):
    """A deck that breaks the deck rules; ``violations`` lists every broken rule."""

    def __init__(self, violations: list[str]) -> None:
        self.violations = list(violations)
        super().__init__("invalid deck: " + "; ".join(self.violations))

    def __reduce__(self) -> tuple[type, tuple[list[str]]]:
        # Rebuilt from its violations (a worker's error reaches the parent whole).
        return (InvalidDeck, (self.violations,))


class InvalidPosition(EngineError):
    """A position (JSON) that is malformed or describes an impossible state."""


class CardDefinitionError(EngineError):
    """A card script that does not fit the card's printed facts (wrong attack name, ...)."""
