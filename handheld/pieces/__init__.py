"""Legend Pieces, the board game of seed 004 (docs/PIECES.md): pieces with a power and arrows
on a 5x6 Play Area, Plus Power cards, Cost Areas and Legend Pieces. A sibling of the card
engine on the shared kernel; pure (it imports only ``handheld.kernel``)."""

from __future__ import annotations

from .data import ARMIES, BY_NAME, PIECES, PLUS_POWER, Army, PieceRow, check_data
from .errors import GameOver, IllegalAction, InvalidPosition, NotAChoice, PiecesError
from .game import PiecesGame
from .match import ERA, GAME_KEY, PieceMatch
from .notation import describe_event, describe_option, describe_pending, event_notation

__all__ = [
    "ARMIES", "BY_NAME", "ERA", "GAME_KEY", "PIECES", "PLUS_POWER", "Army", "GameOver",
    "IllegalAction", "InvalidPosition", "NotAChoice", "PieceMatch", "PieceRow",
    "PiecesError", "PiecesGame", "check_data", "describe_event", "describe_option",
    "describe_pending", "event_notation",
]
