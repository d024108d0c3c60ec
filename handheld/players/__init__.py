"""Players that answer the engine's choices, and the driver that plays whole matches."""

from __future__ import annotations

from collections.abc import Callable

from .basic import GreedyPlayer, RandomPlayer
from .driver import MatchRecord, Player, chance_outcome, drive, play_match, replay, replay_state
from .hidden import determinize
from .search import LEVELS, SearchPlayer, make_level
from .style import Style


def _random(seed: int, style: Style | None = None) -> Player:
    return RandomPlayer(seed)  # chance has no personality


# Each maker takes the player's seed and an optional personality (players.style): the two
# simple players, then the search player's levels (easy, normal, hard, expert).
PLAYERS: dict[str, Callable[[int, Style | None], Player]] = {
    "random": _random, "greedy": GreedyPlayer,
    **{level: make_level(level) for level in LEVELS}}


def make_player(name: str, seed: int = 0, *, style: Style | None = None) -> Player:
    """A player by name: ``random``, ``greedy``, or a search level (``easy``, ``normal``,
    ``hard``, ``expert``), which plays in ``style`` (the plain one by default)."""
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
    "SearchPlayer",
    "Style",
    "chance_outcome",
    "determinize",
    "drive",
    "make_player",
    "play_match",
    "replay",
    "replay_state",
]
