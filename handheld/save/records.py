"""The records the saves hand out: frozen dataclasses, so a screen can hold one without
fearing that it changes under it. Time stamps are seconds since the epoch (floats) from the
``now`` clock the :class:`~handheld.save.Saves` was given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Profile:
    id: int
    name: str
    created: float


@dataclass(frozen=True)
class CollectionEntry:
    """One card of a collection: how many copies, and when the first one was scanned."""

    card_id: str
    count: int
    first_scanned: float


@dataclass(frozen=True)
class ScanRecord:
    """Copies of a card added by a scan: when, how many, and from where ("camera", a code's
    kind, a file...)."""

    card_id: str
    count: int
    at: float
    source: str


@dataclass(frozen=True)
class Deck:
    id: int
    profile_id: int
    name: str
    cards: tuple[str, ...]  # card ids in the order the builder saved them, copies repeated
    created: float
    updated: float
    era: str = "expedition"  # the era the deck is built for (its cards and deck rules)


@dataclass(frozen=True)
class TimerPreset:
    """A battle-timer preset: a timed match of ``seconds``.

    ``warn_at_seconds``: the timer beeps when this many seconds are left (0: never).
    ``pause_between_turns``: the clock stops during the between-turns effects (Poison,
    Burn, Sleep checks), as the rulebook's battle timer does."""

    name: str
    seconds: int
    warn_at_seconds: int = 0
    pause_between_turns: bool = True


@dataclass(frozen=True)
class MatchResult:
    """One finished match. ``winner`` is a label (a deck or player name; None: a draw)."""

    id: int
    profile_id: int
    played_at: float
    deck_a: str
    deck_b: str
    winner: str | None
    result: str  # how it ended, e.g. "prizes", "deck out", "no Pokémon in play"
    turns: int
    ruleset: str
    game: str = "tcg"  # the game's registry key: "tcg" (cards) or "pieces" (Legend Pieces)
    # A duel against a roster opponent (handheld/roster.py): its id, and "win", "loss" or
    # "draw" from the player's side; None for every other match.
    opponent: str | None = None
    outcome: str | None = None


@dataclass(frozen=True)
class SuspendedMatch:
    """A match put aside to be resumed: the position, the replay so far and the driver's
    RNG state exactly as saved (``random.Random.getstate()`` tuples come back as tuples)."""

    profile_id: int
    saved_at: float
    position: dict[str, Any]
    replay: dict[str, Any]
    rng_state: Any


@dataclass(frozen=True)
class SuspendedGame:
    """A game other than the card game put aside to be resumed (one per profile and game):
    its position and its replay (setup, seed, answers, and what else the game keeps)."""

    profile_id: int
    game: str
    saved_at: float
    position: dict[str, Any]
    replay: dict[str, Any]


@dataclass(frozen=True)
class BoosterPack:
    """A booster pack earned: its set and seed (which decide its cards), what earned it,
    and once opened, when and the cards it gave (in reveal order)."""

    id: int
    set: str
    seed: int
    awarded_at: float
    source: str
    opened_at: float | None = None
    cards: tuple[str, ...] | None = None

    @property
    def opened(self) -> bool:
        return self.opened_at is not None
