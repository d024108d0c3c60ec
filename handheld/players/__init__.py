"""Players that answer the engine's choices, and the driver that plays whole matches."""

from __future__ import annotations

from collections.abc import Callable

from .basic import GreedyPlayer, RandomPlayer
from .driver import MatchRecord, Player, chance_outcome, drive, play_match, replay, replay_state
from .hidden import determinize
from .search import LEVELS, SearchPlayer, make_level
from .style import Style

# Each maker takes the player's seed: the two simple players, then the search player's
# levels (easy, normal, hard, expert).
PLAYERS: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer,
    **{level: make_level(level) for level in LEVELS}}


def make_player(name: str, seed: int = 0, style: Style | None = None) -> Player:
    """A player by name: ``random``, ``greedy``, or a search level (``easy``, ``normal``,
    ``hard``, ``expert``), which plays in ``style`` (the plain one by default)."""
    if name in LEVELS:
        return SearchPlayer(seed, name, style)
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
