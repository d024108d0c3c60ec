"""Players that answer the engine's choices, and the driver that plays whole matches."""

from __future__ import annotations

from collections.abc import Callable

from .basic import GreedyPlayer, RandomPlayer
from .driver import MatchRecord, Player, chance_outcome, drive, play_match, replay, replay_state
from .style import Style


def _random(seed: int, style: Style | None = None) -> Player:
    return RandomPlayer(seed)  # chance has no personality


# Each maker takes the player's seed and an optional personality (players.style).
PLAYERS: dict[str, Callable[[int, Style | None], Player]] = {
    "random": _random, "greedy": GreedyPlayer}


def make_player(name: str, seed: int = 0, *, style: Style | None = None) -> Player:
    """A player by name (one of ``PLAYERS``), with a personality if given."""
    try:
        maker = PLAYERS[name]
    except KeyError:
        raise ValueError(f"unknown player {name!r}; choose from {', '.join(PLAYERS)}") from None
    return maker(seed, style)


__all__ = [
    "PLAYERS",
    "GreedyPlayer",
    "MatchRecord",
    "Player",
    "RandomPlayer",
    "Style",
    "chance_outcome",
    "drive",
    "make_player",
    "play_match",
    "replay",
    "replay_state",
]
