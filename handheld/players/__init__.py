"""Players that answer the engine's choices, and the driver that plays whole matches."""

from __future__ import annotations

from collections.abc import Callable

from .basic import GreedyPlayer, RandomPlayer
from .driver import MatchRecord, Player, chance_outcome, drive, play_match, replay, replay_state

# Each maker takes the player's seed.
PLAYERS: dict[str, Callable[[int], Player]] = {"random": RandomPlayer, "greedy": GreedyPlayer}


def make_player(name: str, seed: int = 0) -> Player:
    """A player by name (``random`` or ``greedy``)."""
    try:
        return PLAYERS[name](seed)
    except KeyError:
        raise ValueError(f"unknown player {name!r}; choose from {', '.join(PLAYERS)}") from None


__all__ = [
    "PLAYERS",
    "GreedyPlayer",
    "MatchRecord",
    "Player",
    "RandomPlayer",
    "chance_outcome",
    "drive",
    "make_player",
    "play_match",
    "replay",
    "replay_state",
]
