"""The engine's JSON-lines protocol (``python -m handheld.engine``), documented in
docs/PROTOCOL.md. One request object per line on stdin, one response object per line on
stdout. A malformed or illegal request gets an error object and the session goes on.

This package is the engine's I/O boundary: it loads the card pool and deck files, which the
pure engine never does. Everything a client sends is hostile until checked: a line is read
as bytes with a bounded length, its nesting and number sizes are bounded before
``json.loads`` sees it, every field of every command is type-checked, and a deck named by a
client is only ever a ready-made deck, an inline list, a file directly inside the
directory the operator named with ``--deck-dir`` or a deck saved under ``--data-dir``.
``InternalError`` is kept for bugs of the engine.
"""

from __future__ import annotations

from .cli import main
from .decks import DeckSources
from .errors import NoMatch, ProtocolError, RequestTooLarge, SavesUnreadable, UnknownDeck
from .session import COMMANDS, PROTOCOL_VERSION, Session, reply_to, serve
from .wire import (
    MAX_DEPTH,
    MAX_LINE_BYTES,
    MAX_NUMBER_CHARS,
    OversizedLine,
    encode,
    parse_request,
    read_request_lines,
)

__all__ = [
    "COMMANDS",
    "MAX_DEPTH",
    "MAX_LINE_BYTES",
    "MAX_NUMBER_CHARS",
    "PROTOCOL_VERSION",
    "DeckSources",
    "NoMatch",
    "OversizedLine",
    "ProtocolError",
    "RequestTooLarge",
    "SavesUnreadable",
    "Session",
    "UnknownDeck",
    "encode",
    "main",
    "parse_request",
    "read_request_lines",
    "reply_to",
    "serve",
]
