"""The protocol's own error types (the engine's are in ``handheld.engine.errors``): the
reply's ``error.type`` is the class name."""

from __future__ import annotations


class ProtocolError(Exception):
    """A request that is not well formed: not UTF-8 or not JSON, not an object, an unknown
    command or field, or a field of the wrong type or value."""


class RequestTooLarge(ProtocolError):
    """A request beyond the protocol's limits: a line too long, nesting too deep, a number
    with too many digits, or an answer too large to list."""


class NoMatch(ProtocolError):
    """A command that needs a match before "new" or "load" started one."""


class UnknownDeck(ProtocolError):
    """A deck name that is neither a ready-made deck nor a deck file of the deck directory.
    The wording is the same whatever exists elsewhere on the disk."""


class SavesUnreadable(ProtocolError):
    """A saved deck was asked for, but the save file of ``--data-dir`` cannot be read: none
    there, damaged, another program's, or of another version. The file is not changed."""


class HiddenFromSeat(ProtocolError):
    """A session that plays one seat ("seat" in "new" or "load") asked for what that player
    could not see or do at a table: the other seat's decision (its options, its legal
    answers, answering it), the whole position, or the other player's view or log."""
