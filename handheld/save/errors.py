"""The save system's exceptions: one class per kind of bad input, so the UI can say exactly
what went wrong (and tests can check that the right thing was refused).

Every exception here derives from :class:`SaveError`; a screen that catches ``SaveError``
catches everything the save system raises on purpose.
"""

from __future__ import annotations


class SaveError(Exception):
    """Base class of everything the save system raises on purpose."""


class InvalidInput(SaveError, ValueError):
    """A value the saves cannot hold (empty name, negative count, malformed card id...)."""


class NotEnoughCards(InvalidInput):
    """Removing more copies of a card than the collection holds."""


class NotFound(SaveError, LookupError):
    """A record that does not exist."""


class UnknownProfile(NotFound):
    """No profile with that id."""


class UnknownDeck(NotFound):
    """No deck with that id (or name) for that profile."""


class UnknownTimerPreset(NotFound):
    """No battle-timer preset with that name for that profile."""


class DuplicateName(InvalidInput):
    """A name already taken where names must be unique."""


class DuplicateProfileName(DuplicateName):
    """Another profile already has that name."""


class DuplicateDeckName(DuplicateName):
    """The profile already has a deck of that name (names compare case-insensitively)."""


class StorageFailure(SaveError):
    """The storage itself failed during a write (card removed, disk full, I/O error); the
    transaction was rolled back, so the saves are as they were before the call."""


class SaveFileProblem(SaveError):
    """The save file cannot be used: damaged, not a save file, or from a newer version.

    ``kind`` is ``"corrupt"``, ``"newer"`` or ``"unreadable"``; the message names the file,
    says what is wrong and what the player can do. The file has not been changed."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        return (SaveFileProblem, (self.kind, self.message))


class DamagedSave(SaveError):
    """Reading the saves failed on damage: the database reported corruption, or stored bytes
    could not be decoded. Every read path turns such errors into this one class, so the game
    has a single "damaged save" path (see docs/SAVES.md); nothing was written."""
